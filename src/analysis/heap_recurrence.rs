//! The move rule of a heap game whose Grundy sequence is computed by its recurrence: every move
//! takes one heap, removes `remove` counters from it, and leaves the rest as no heap, one heap,
//! or two non-empty heaps (optionally of unequal sizes). Octal games (Winning Ways ch. 4) are the
//! rules with `remove` ≥ 1; Grundy's game (Winning Ways ch. 4, "Grundy's Game"; Berlekamp,
//! Conway and Guy) removes nothing and splits a heap into two unequal heaps.

use crate::error::InputError;
use crate::games::octal::OctalCode;
use crate::numbers::bad_value;

/// How a move may leave the rest of the heap it takes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leave {
    /// No heap: the move takes the heap whole (only when exactly `remove` counters are left).
    pub none: bool,
    /// One non-empty heap.
    pub one: bool,
    /// Two non-empty heaps.
    pub two: Option<Split>,
}

/// Which two-heap splits a move allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Split {
    /// Any two non-empty heaps.
    Any,
    /// Two non-empty heaps of different sizes (Grundy's game).
    Unequal,
}

/// One kind of move: remove `remove` counters, leave the rest as `leave` allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleMove {
    /// How many counters the move removes from the heap.
    pub remove: usize,
    /// What it may leave of the rest: nothing, one heap, or two.
    pub leave: Leave,
}

/// A heap game's rule: its kinds of move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapRule {
    moves: Vec<RuleMove>,
    /// Guy and Smith's theorem applies (every move removes a counter: an octal game).
    octal: bool,
}

impl HeapRule {
    /// A rule from its moves. Refused when it is not a heap game: a move that removes nothing
    /// and leaves one heap leaves the position as it was, so play need not end.
    pub fn new(moves: Vec<RuleMove>) -> Result<HeapRule, InputError> {
        if moves.iter().any(|m| m.remove == 0 && m.leave.one) {
            return Err(bad_value(
                "rule",
                "remove 0, leave one heap",
                "moves that remove at least one counter or split the heap into two smaller heaps (a move that leaves the heap as it was is not a move of a heap game)",
            ));
        }
        let octal = moves.iter().all(|m| m.remove >= 1);
        Ok(HeapRule { moves, octal })
    }

    /// The octal game's rule: digit d_i allows removing i counters and leaving no heap (bit 1),
    /// one heap (bit 2) or two heaps (bit 4).
    pub fn octal(code: &OctalCode) -> HeapRule {
        let moves = (1..=code.len())
            .map(|i| (i, code.digit(i)))
            .filter(|&(_, d)| d != 0)
            .map(|(i, d)| RuleMove {
                remove: i,
                leave: Leave { none: d & 1 != 0, one: d & 2 != 0, two: (d & 4 != 0).then_some(Split::Any) },
            })
            .collect();
        HeapRule { moves, octal: true }
    }

    /// Grundy's game: split one heap into two unequal non-empty heaps.
    pub fn grundy() -> HeapRule {
        HeapRule {
            moves: vec![RuleMove {
                remove: 0,
                leave: Leave { none: false, one: false, two: Some(Split::Unequal) },
            }],
            octal: false,
        }
    }

    /// Its kinds of move.
    pub fn moves(&self) -> &[RuleMove] {
        &self.moves
    }

    /// The most counters a move removes (the code length k of Guy and Smith's theorem).
    pub fn longest_removal(&self) -> usize {
        self.moves.iter().map(|m| m.remove).max().unwrap_or(0)
    }

    /// Whether every move removes a counter, so Guy and Smith's theorem proves periods.
    pub fn is_octal(&self) -> bool {
        self.octal
    }

    /// Whether some move leaves two heaps.
    pub fn splits(&self) -> bool {
        self.moves.iter().any(|m| m.leave.two.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_that_changes_nothing_is_refused() {
        let stay = RuleMove { remove: 0, leave: Leave { none: false, one: true, two: None } };
        let err = HeapRule::new(vec![stay]).unwrap_err().to_string();
        assert!(err.contains("not a move of a heap game"), "{err}");
        assert!(HeapRule::new(HeapRule::grundy().moves().to_vec()).is_ok());
    }

    #[test]
    fn octal_codes_become_their_moves() {
        let kayles = HeapRule::octal(&OctalCode::parse("0.77").unwrap());
        assert_eq!(kayles.moves().len(), 2);
        assert_eq!(kayles.longest_removal(), 2);
        assert!(kayles.is_octal() && kayles.splits());
        assert!(!HeapRule::grundy().is_octal());
    }
}
