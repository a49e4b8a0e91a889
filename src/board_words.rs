//! What a click on a position's board does, in words: the line under the board and the sentence
//! after the first click of a move that takes two. The page draws a [`PositionView`] and resolves
//! clicks against the core's legal moves, but says nothing of its own about a game's rules: these
//! sentences come with the view ([`BoardWords`]), so a new family brings its own.

use serde::Serialize;

use crate::games::family::PositionView;

/// The page draws a heap of more counters than this in lines of this many, read like text.
pub const BOARD_LINE: u64 = 10;
/// The page draws a heap of more counters than this as a bar: its moves are made from the list.
pub const MAX_COUNTERS: u64 = 40;

impl PositionView {
    /// How a move is made on this board, in one line (for a sum, each kind of part's once).
    pub fn how_to_move(&self) -> String {
        match self {
            PositionView::Heaps { heaps } => counters(heaps),
            PositionView::Heap { heap, .. } => counters(&[*heap]),
            PositionView::Pins { .. } => "Click a pin to knock it down (with “pins per click” above the board, it and the pins \
                 to its right); knocking pins out of the middle splits a row in two."
                .into(),
            PositionView::Splits { takes: true, .. } => "Click a counter: either it and every counter to its right are taken, \
                 or the heap is cut in two just before it; the list then asks which."
                .into(),
            PositionView::Splits { takes: false, .. } => {
                "Click a counter to cut its heap in two just before it: the two heaps must differ in size.".into()
            }
            PositionView::Queen { .. } => {
                "Click the square to move the queen to: left, down or diagonally down-left, towards the corner (0, 0).".into()
            }
            PositionView::Strip { .. } => {
                "Click the empty square a coin should slide to: coins move left and cannot pass each other.".into()
            }
            PositionView::Turtles { .. } => "Click a head to turn it to tails, then click a coin to its left to turn it too, \
                 or the same coin again to turn only it."
                .into(),
            PositionView::Chomp { .. } => "Click a square to bite it: every square above it and to its right goes too. \
                 Whoever must eat the poisoned square has no move."
                .into(),
            PositionView::Poset { .. } => "Click an element to remove it and everything above it.".into(),
            PositionView::Cells { .. } => {
                "Click an empty cell, then the empty cell to its right or below it: a domino covers the two.".into()
            }
            PositionView::Sticks { .. } => {
                "Click a stick to cut it: every stick no longer joined to the ground falls with it.".into()
            }
            PositionView::Named { .. } => "This position has only a name: choose a move from the list.".into(),
            PositionView::Sum { parts } => distinct(parts.iter().map(PositionView::how_to_move)),
        }
    }

    /// What the next click does once the first click of a two-click move is made (None when every
    /// move on this board is one click). In a sum, the parts' sentences.
    pub fn next_click(&self) -> Option<String> {
        match self {
            PositionView::Turtles { .. } => Some(
                "Now click a coin to its left to turn it too, or the same coin again to turn only this one."
                    .into(),
            ),
            PositionView::Cells { .. } => {
                Some("Now click the empty cell to its right or below it to lay the domino.".into())
            }
            PositionView::Sum { parts } => {
                let words = distinct(parts.iter().filter_map(PositionView::next_click));
                (!words.is_empty()).then_some(words)
            }
            _ => None,
        }
    }

    /// The view with its words, as the page receives it.
    pub fn with_words(&self) -> BoardWords<'_> {
        BoardWords { view: self, how: self.how_to_move(), next: self.next_click() }
    }
}

/// Taking counters from a heap: "to its right", or, when a heap is drawn in lines, "after it".
fn counters(heaps: &[u64]) -> String {
    if heaps.iter().any(|&h| h > BOARD_LINE && h <= MAX_COUNTERS) {
        "Click a counter: it and every counter after it are taken (to its right, then on the lines below)."
            .into()
    } else {
        "Click a counter: it and every counter to its right are taken.".into()
    }
}

/// The sentences once each, in order, joined by a space.
fn distinct(sentences: impl Iterator<Item = String>) -> String {
    let mut seen: Vec<String> = Vec::new();
    for s in sentences {
        if !seen.contains(&s) {
            seen.push(s);
        }
    }
    seen.join(" ")
}

/// A position's view and the words of its board: `how` (how a move is made) and `next` (what the
/// click after a first one does, or null). The page puts the words beside the view's own fields
/// (www/core.js `view`); they are not flattened here, as serde's flattening would double the
/// view's serialising code in the wasm (about 10 kB).
#[derive(Debug, Serialize)]
pub struct BoardWords<'a> {
    /// The view itself.
    pub view: &'a PositionView,
    /// How a move is made on this board.
    pub how: String,
    /// What the next click does after the first of a two-click move.
    pub next: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_view_says_how_to_move() {
        let views = [
            PositionView::Heaps { heaps: vec![3, 4] },
            PositionView::Pins { rows: vec![5] },
            PositionView::Splits { heaps: vec![7], takes: false },
            PositionView::Splits { heaps: vec![7], takes: true },
            PositionView::Heap { heap: 9, moves: vec![1, 3] },
            PositionView::Queen { heaps: [2, 3] },
            PositionView::Strip { squares: 5, coins: vec![1, 3] },
            PositionView::Turtles { heads: vec![true, false] },
            PositionView::Chomp { rows: 2, cols: 3, lengths: vec![3, 2] },
            PositionView::Poset { elements: vec!["a".into()], remaining: vec![true], covers: vec![] },
            PositionView::Named { label: "x".into() },
        ];
        for view in &views {
            assert!(!view.how_to_move().is_empty(), "{view:?}");
        }
    }

    #[test]
    fn a_domino_takes_two_clicks_and_a_stick_one() {
        let cells = PositionView::Cells { rows: 1, cols: 2, filled: vec![false, false] };
        assert!(cells.how_to_move().contains("domino"));
        assert!(cells.next_click().is_some_and(|w| w.contains("to its right or below it")));
        let sticks = PositionView::Sticks {
            vertices: vec![(0, 0), (0, 1)],
            ground: vec![true, false],
            sticks: vec![(0, 1)],
            remaining: vec![true],
        };
        assert!(sticks.how_to_move().contains("cut"));
        assert_eq!(sticks.next_click(), None);
    }

    #[test]
    fn heaps_read_as_lines_only_when_one_is_drawn_in_lines() {
        let line = |heaps: Vec<u64>| PositionView::Heaps { heaps }.how_to_move().contains("lines below");
        assert!(!line(vec![5, 7, 2]));
        assert!(line(vec![3, 12]));
        assert!(!line(vec![3, 41]), "a heap drawn as a bar is moved from the list");
        assert!(PositionView::Heap { heap: 30, moves: vec![1, 3, 4] }.how_to_move().contains("lines below"));
    }

    #[test]
    fn only_two_click_boards_say_what_the_next_click_does() {
        let turtles = PositionView::Turtles { heads: vec![true, true] };
        let nim = PositionView::Heaps { heaps: vec![3] };
        assert!(turtles.next_click().unwrap().starts_with("Now click a coin to its left"));
        assert_eq!(nim.next_click(), None);
        let sum = PositionView::Sum { parts: vec![nim.clone(), turtles.clone(), turtles] };
        assert_eq!(
            sum.next_click(),
            PositionView::Turtles { heads: vec![] }.next_click(),
            "once, though two parts have it"
        );
        assert_eq!(PositionView::Sum { parts: vec![nim.clone()] }.next_click(), None);
        assert_eq!(
            PositionView::Sum { parts: vec![nim.clone(), nim] }.how_to_move().matches("Click").count(),
            1
        );
    }

    #[test]
    fn the_words_come_with_the_view() {
        let view = PositionView::Turtles { heads: vec![true] };
        let json = serde_json::to_value(view.with_words()).unwrap();
        assert_eq!(json["view"]["kind"], "turtles");
        assert_eq!(json["view"]["heads"], serde_json::json!([true]));
        assert_eq!(json["how"], view.how_to_move());
        assert_eq!(json["next"], view.next_click().unwrap());
        let json = serde_json::to_value(PositionView::Named { label: "a".into() }.with_words()).unwrap();
        assert!(json["next"].is_null());
    }
}
