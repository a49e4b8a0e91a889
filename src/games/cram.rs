//! Cram (Winning Ways ch. 9, "Cram"; Gardner, Mathematical Games, 1974): a board of
//! rows × cols empty cells; a move places a domino on two empty cells side by side or one above
//! the other. Whoever places the last domino wins (normal play).
//!
//! Known facts the tests check: a board with both sides even is a P-position (the second player
//! answers each domino with its image under the half-turn about the centre), and a board with
//! one side even and one odd an N-position (the first player fills the two central cells, then
//! answers the same way); a 1 × n strip is the octal game 0.07, Dawson's Kayles (Winning Ways
//! ch. 4), as a domino takes two adjacent cells of a run and leaves its two sides.
//!
//! Positions: the cells filled so far, a bitmask in reading order (cell r·cols + c). Boards have
//! at most 64 cells. Label: the rows from the top, `/` between them, `.` an empty cell and `x` a
//! filled one: `x...` + `/` + `x...`. Sized and built by the generic walk ([`crate::sizing::walk`]):
//! no formula counts the positions a board reaches.

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::error::InputError;
use crate::game_graph::GameGraph;
use crate::numbers::{bad_value, parse_number};
use crate::size::Size;
use crate::sizing::walk::{self, Positions};

/// Most cells a board may have (a position is a 64-bit mask).
pub const MAX_CELLS: u64 = 64;

const SIDE: &str = "a whole number from 1 to 64, with rows × cols at most 64 cells";

/// A Cram board. Invariant: rows, cols ≥ 1 and rows · cols ≤ [`MAX_CELLS`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cram {
    /// Rows of the board.
    pub rows: u32,
    /// Columns of the board.
    pub cols: u32,
}

impl Game for Cram {
    const INFO: FamilyInfo = family_info!(
        "cram",
        "Cram",
        [("rows", "Rows", "3", SIDE, None), ("cols", "Columns", "4", SIDE, None)]
    );

    fn parse(keys: &Keys) -> Result<Cram, InputError> {
        let rows_text = keys.need("rows")?;
        let rows = parse_number("rows", rows_text, 1, MAX_CELLS, SIDE)?;
        let cols_text = keys.need("cols")?;
        let cols = parse_number("cols", cols_text, 1, MAX_CELLS, SIDE)?;
        if rows * cols > MAX_CELLS {
            return Err(bad_value(
                "cols",
                cols_text,
                &format!("{SIDE} (this board has {} cells)", rows * cols),
            ));
        }
        Ok(Cram { rows: rows as u32, cols: cols as u32 })
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&rows={}&cols={}", self.rows, self.cols)
    }

    /// Refused at once when a count of small blocks passes the budget
    /// ([`Cram::positions_at_least`]); otherwise counted by the walk, which stops at the budget.
    fn estimate(&self, limits: &Limits) -> Result<Size, InputError> {
        walk::count_above(self, self.positions_at_least(), limits)
    }

    fn build(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        walk::build(self, Self::INFO.name, limits)
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        let filled = self.parse_label(&graph.label(v)).unwrap_or(0);
        PositionView::Cells {
            rows: self.rows,
            cols: self.cols,
            filled: (0..self.cells()).map(|i| filled >> i & 1 == 1).collect(),
        }
    }

    fn rules(&self) -> String {
        "Place a domino on two empty cells side by side or one above the other.".into()
    }
}

impl Cram {
    fn cells(&self) -> u32 {
        self.rows * self.cols
    }

    /// A lower bound on the boards reached, from small walks only: cut the board into blocks of
    /// at most 16 cells, and every choice of one board per block (dominoes inside the blocks)
    /// is a board reached, so the product of the blocks' counts bounds the whole. The best of
    /// the cuts into blocks h rows high (h = 1…16) is kept: 5 × 6 in blocks of 5 × 3 gives
    /// 3,054² = 9,326,916, already above the budget, in about a millisecond.
    pub fn positions_at_least(&self) -> u128 {
        let mut best = 1u128;
        for h in 1..=self.rows.min(16) {
            let w = self.cols.min(16 / h);
            let mut product = 1u128;
            for height in pieces(self.rows, h) {
                for width in pieces(self.cols, w) {
                    let block = Cram { rows: height, cols: width };
                    let count = walk::count(&block, &Limits::DEFAULT).map_or(1, |size| size.positions);
                    product = product.saturating_mul(count);
                }
            }
            best = best.max(product);
        }
        best
    }
}

/// `n` cut into pieces of at most `most`, as even as possible.
fn pieces(n: u32, most: u32) -> Vec<u32> {
    let count = n.div_ceil(most);
    (0..count).map(|i| n / count + u32::from(i < n % count)).collect()
}

impl Positions for Cram {
    type Position = u64;
    const DISTINCT_MOVES: bool = true;

    fn start(&self) -> u64 {
        0
    }

    /// In reading order of the domino's first cell: the domino to its right, then the one below.
    fn moves(&self, &filled: &u64) -> Vec<u64> {
        let mut out = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let cell = r * self.cols + c;
                if filled >> cell & 1 == 1 {
                    continue;
                }
                let right = cell + 1;
                if c + 1 < self.cols && filled >> right & 1 == 0 {
                    out.push(filled | 1 << cell | 1 << right);
                }
                let below = cell + self.cols;
                if r + 1 < self.rows && filled >> below & 1 == 0 {
                    out.push(filled | 1 << cell | 1 << below);
                }
            }
        }
        out
    }

    fn label(&self, &filled: &u64) -> String {
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| if filled >> (r * self.cols + c) & 1 == 1 { 'x' } else { '.' })
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    fn parse_label(&self, label: &str) -> Option<u64> {
        let mut filled = 0u64;
        let mut rows = 0;
        for row in label.split('/') {
            if rows == self.rows || row.len() != self.cols as usize {
                return None;
            }
            for (c, b) in row.bytes().enumerate() {
                match b {
                    b'x' => filled |= 1 << (rows * self.cols + c as u32),
                    b'.' => {}
                    _ => return None,
                }
            }
            rows += 1;
        }
        (rows == self.rows).then_some(filled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_domino_fills_two_neighbours() {
        let game = Cram { rows: 2, cols: 2 };
        let moves: Vec<String> = game.moves(&0).iter().map(|m| game.label(m)).collect();
        assert_eq!(moves, ["xx/..", "x./x.", ".x/.x", "../xx"]);
        assert_eq!(game.parse_label("x./x."), Some(0b0101));
        assert_eq!(game.parse_label("x./x"), None);
        assert_eq!(game.parse_label("x./x./.."), None);
        assert_eq!(game.parse_label("o./x."), None);
        // The 2 × 2 board is one block: its own 6 boards. Blocks of 5 × 3 for 5 × 6.
        assert_eq!(game.positions_at_least(), 6);
        assert_eq!(Cram { rows: 5, cols: 6 }.positions_at_least(), 3054 * 3054);
        assert_eq!(pieces(7, 3), [3, 2, 2]);
    }
}
