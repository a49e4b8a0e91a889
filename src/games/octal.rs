//! Octal games (Winning Ways, ch. 4 "Taking and Breaking"): the code `0.d1d2…dk`.
//!
//! Digit d_i says what removing i counters from one heap may do, bit by bit: 1 — take the
//! whole heap (it must have exactly i counters); 2 — leave one non-empty heap; 4 — leave two
//! non-empty heaps. Kayles is 0.77, Dawson's Kayles 0.07. Trailing zeros allow nothing, so the
//! canonical code drops them; its length k is the one the periodicity theorem uses.
//!
//! Positions, labels and ids: those of every heap game ([`crate::sizing::heap_rule`]), which builds it
//! from the moves [`HeapRule::leaves`] states once.

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::codec::join_u64;
use crate::error::{clipped, InputError};
use crate::game_graph::GameGraph;
use crate::numbers::{bad_value, parse_list};
use crate::size::Size;
use crate::sizing::heap_rule::{self, FreeSplit, HeapRule, HeapSum, Leave, Recurrence};

/// Most starting heaps an octal spec may list (each non-empty heap multiplies the positions, so
/// the budget binds first; this only stops endless lists of empty heaps).
pub const MAX_HEAPS: usize = 64;

const HEAPS: &str = "a comma-separated list of heap sizes (whole numbers), e.g. 10 or 4,7";

/// An octal game from its starting heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Octal {
    /// The octal code: which moves the game allows.
    pub code: OctalCode,
    /// The starting heaps.
    pub heaps: Vec<u64>,
}

impl Game for Octal {
    const INFO: FamilyInfo = family_info!(
        "octal",
        "Octal game",
        [("code", "Code (0.d1d2…)", "0.77", ALLOWED, None), ("heaps", "Heaps", "10", HEAPS, None)]
    );

    fn parse(keys: &Keys) -> Result<Octal, InputError> {
        let code = OctalCode::parse(keys.need("code")?)?;
        let text = keys.need("heaps")?;
        let heaps = parse_list("heaps", text, 0, u64::MAX, HEAPS)?;
        if heaps.len() > MAX_HEAPS {
            return Err(bad_value("heaps", text, &format!("at most {MAX_HEAPS} heaps")));
        }
        Ok(Octal { code, heaps })
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&code={}&heaps={}", self.code, join_u64(&self.heaps))
    }

    fn estimate(&self, limits: &Limits) -> Result<Size, InputError> {
        Ok(heap_rule::estimate(&self.code, &self.heaps, limits))
    }

    fn build(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        heap_rule::build(&self.code, "octal", &self.heaps, limits)
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        PositionView::Pins { rows: heap_rule::heaps_at(graph, v) }
    }

    fn rules(&self) -> String {
        pin_rules(&self.code)
    }

    fn heap_sum(&self) -> Option<HeapSum<'_>> {
        Some(HeapSum { heaps: &self.heaps, key: "heaps", rule: &self.code, unit: "row" })
    }
}

/// The code's moves in words (Winning Ways ch. 4, as the module doc reads the digits): for each
/// number i of pins with d_i ≠ 0, where in a row they may be knocked down.
pub fn pin_rules(code: &OctalCode) -> String {
    let clauses: Vec<String> = (1..=code.len())
        .filter(|&i| code.digit(i) != 0)
        .map(|i| {
            let d = code.digit(i);
            let pins = if i == 1 { "1 pin".to_string() } else { format!("{i} adjacent pins") };
            let mut ways = Vec::new();
            if d & 1 != 0 {
                ways.push(format!("a whole row of {i}"));
            }
            if d & 2 != 0 {
                ways.push("from either end of a longer row".to_string());
            }
            if d & 4 != 0 {
                ways.push("from the middle, splitting the row in two".to_string());
            }
            format!("{pins} ({})", crate::games::family::or_list(&ways))
        })
        .collect();
    if clauses.is_empty() {
        return "No move is allowed (every digit of the code is 0).".into();
    }
    format!("Knock down pins in one row: {}.", crate::games::family::or_list(&clauses))
}

/// Longest code accepted, in digits after `0.`.
pub const MAX_CODE_DIGITS: usize = 32;

/// What the `code` key allows, said in every refusal.
const ALLOWED: &str =
    "an octal code 0.d1d2…dk with 1 to 32 digits from 0 to 7, e.g. 0.77 (Kayles) or 0.07 (Dawson's Kayles)";

/// A parsed octal code: `digits[i - 1]` is d_i.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    digits: Vec<u8>,
}

impl OctalCode {
    /// Parses `0.d1d2…dk` (1 to [`MAX_CODE_DIGITS`] octal digits).
    pub fn parse(text: &str) -> Result<OctalCode, InputError> {
        let bad =
            || InputError::BadValue { key: "code".into(), value: clipped(text), allowed: ALLOWED.into() };
        let digits = text.trim().strip_prefix("0.").ok_or_else(bad)?;
        if digits.is_empty()
            || digits.len() > MAX_CODE_DIGITS
            || !digits.bytes().all(|b| (b'0'..=b'7').contains(&b))
        {
            return Err(bad());
        }
        let mut digits: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
        while digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode { digits })
    }

    /// The code with the given digits d_1…d_k (each 0–7; trailing zeros dropped).
    pub fn from_digits(digits: &[u8]) -> OctalCode {
        let mut digits: Vec<u8> = digits.iter().map(|d| d & 7).collect();
        while digits.last() == Some(&0) {
            digits.pop();
        }
        OctalCode { digits }
    }

    /// k: the largest number of counters a move removes (0 for a code that allows nothing).
    pub fn len(&self) -> usize {
        self.digits.len()
    }

    /// Whether the code has no digit, so allows no move.
    pub fn is_empty(&self) -> bool {
        self.digits.is_empty()
    }

    /// d_i for i ≥ 1 (0 beyond the code).
    pub fn digit(&self, i: usize) -> u8 {
        if i == 0 {
            0
        } else {
            self.digits.get(i - 1).copied().unwrap_or(0)
        }
    }

    /// Whether some move splits a heap in two (a digit with bit 4).
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & 4 != 0)
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0.")?;
        if self.digits.is_empty() {
            return write!(f, "0");
        }
        for d in &self.digits {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// Digit d_i's moves from a heap of n, i = 1…k: take it whole (bit 1, i = n), leave one heap
/// of n − i (bit 2), or leave two non-empty heaps summing to n − i (bit 4).
impl HeapRule for OctalCode {
    fn leaves(&self, n: u64, visit: &mut dyn FnMut(Leave) -> bool) -> bool {
        for i in 1..=(self.len() as u64).min(n) {
            let (d, rest) = (self.digit(i as usize), n - i);
            if d & 1 != 0 && rest == 0 && !visit(Leave::Nothing) {
                return false;
            }
            if d & 2 != 0 && rest >= 1 && !visit(Leave::One(rest)) {
                return false;
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    if !visit(Leave::Two(rest - a, a)) {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn recurrence(&self) -> Recurrence<'_> {
        Recurrence::Octal(&self.digits)
    }

    /// Each digit d_i that splits (4 ∈ d_i), with the two shortest ways a heap shrinks and stays
    /// one heap, the second not a multiple of the first: removing j and leaving one heap
    /// (2 ∈ d_j, from every n > j), or a split that leaves a heap of j beside the rest and the
    /// removal of that heap whole (1 ∈ d_j: n → j + (n − i − j) → n − i − j, whenever
    /// n > i + j), which shrinks it by i + j. 0.05 (no reduction) with heaps 42,42 reaches
    /// 2.7 times the positions its splits alone fill exactly; 0.16 (take two leaving
    /// one heap, or remove a heap of one) shrinks a heap by any sum of 2 and 3.
    fn free_splits(&self) -> Vec<FreeSplit> {
        let digits = || (1..=self.len() as u64).map(|j| (j, self.digit(j as usize)));
        digits()
            .filter(|&(_, d)| d & 4 != 0)
            .map(|(take, _)| {
                let shrinks = || {
                    digits()
                        .flat_map(move |(j, d)| [(d & 2 != 0).then_some(j), (d & 1 != 0).then_some(take + j)])
                        .flatten()
                };
                let reduce = shrinks().min();
                let reduce_too = reduce.and_then(|r| shrinks().filter(|s| s % r != 0).min());
                FreeSplit { take, reduce, reduce_too }
            })
            .collect()
    }

    /// The first digit d_j that may leave one heap (2 ∈ d_j).
    fn reduction(&self) -> Option<u64> {
        (1..=self.len() as u64).find(|&j| self.digit(j as usize) & 2 != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::size::Bound;
    use crate::sizing::heap_rule::label;

    fn build(code: &OctalCode, heaps: &[u64], limits: &Limits) -> Result<GameGraph, InputError> {
        heap_rule::build(code, "octal", heaps, limits)
    }

    fn estimate(code: &OctalCode, heaps: &[u64], limits: &Limits) -> Size {
        heap_rule::estimate(code, heaps, limits)
    }

    #[test]
    fn codes_parse_and_print_canonically() {
        let kayles = OctalCode::parse("0.77").unwrap();
        assert_eq!((kayles.len(), kayles.digit(1), kayles.digit(2), kayles.digit(3)), (2, 7, 7, 0));
        assert!(kayles.splits());
        assert_eq!(OctalCode::parse("0.0700").unwrap().to_string(), "0.07");
        assert_eq!(OctalCode::parse("0.000").unwrap().to_string(), "0.0");
        assert!(!OctalCode::parse("0.33").unwrap().splits());
        assert_eq!(OctalCode::parse(&format!("0.{}", "1".repeat(32))).unwrap().len(), 32);
    }

    /// The position graph's Grundy values of single heaps are the sequence's, and of two heaps
    /// their XOR (the Sprague–Grundy theorem); sizes are counted exactly.
    #[test]
    fn the_position_graph_agrees_with_the_sequence() {
        use crate::analysis::sequence::octal_values_plain;
        use crate::analysis::Analysis;
        use crate::spec::Play;
        for text in ["0.77", "0.07", "0.6", "0.137", "0.4"] {
            let code = OctalCode::parse(text).unwrap();
            let g = octal_values_plain(&code, 14);
            for heaps in [vec![14], vec![9, 5], vec![6, 0, 6]] {
                let graph = build(&code, &heaps, &Limits::DEFAULT).unwrap();
                let size = estimate(&code, &heaps, &Limits::DEFAULT);
                assert_eq!((size.positions, size.edges), (graph.len() as u128, graph.edge_count() as u128));
                let analysis = Analysis::new(&graph, Play::Normal);
                let grundy = analysis.grundy.unwrap();
                let expected = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
                assert_eq!(grundy[graph.root()], expected, "{text} {heaps:?}");
                assert_eq!(
                    graph.label(graph.root()),
                    label(&{
                        let mut h: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
                        h.sort_unstable_by(|a, b| b.cmp(a));
                        h
                    })
                );
                assert!(graph.moves(0).is_empty());
            }
        }
    }

    #[test]
    fn labels_list_heaps_non_increasing() {
        let kayles = OctalCode::parse("0.77").unwrap();
        let graph = build(&kayles, &[2, 3], &Limits::DEFAULT).unwrap();
        let labels: Vec<String> = (0..graph.len()).map(|v| graph.label(v)).collect();
        assert_eq!(labels[0], "0");
        assert_eq!(labels.last().unwrap(), "3,2");
        assert!(labels.contains(&"1,1,1".to_string()) && labels.contains(&"2,1".to_string()));
        assert!(!labels.iter().any(|l| l.contains(",0") || l.starts_with("0,")));
    }

    #[test]
    fn large_instances_are_refused_within_the_budget() {
        let kayles = OctalCode::parse("0.77").unwrap();
        let small = Limits { max_positions: 1000, max_edges: 10_000 };
        let started = std::time::Instant::now();
        for heaps in [vec![200], vec![u64::MAX / 2], vec![40, 40, 40]] {
            let size = estimate(&kayles, &heaps, &small);
            assert_eq!(size.bound, Bound::AtLeast, "{heaps:?}");
            assert!(build(&kayles, &heaps, &small).is_err());
        }
        assert!(started.elapsed().as_secs() < 2);
    }

    #[test]
    fn bad_codes_are_one_sentence_naming_what_is_allowed() {
        for text in ["", "0.", "1.7", "0.8", "0.79", ".77", "0,77", "0.7a", "4.07", "0. 7"] {
            let err = OctalCode::parse(text).unwrap_err().to_string();
            assert!(err.contains("is not a valid value for code: an octal code 0.d1d2…dk"), "{text}: {err}");
        }
        assert!(OctalCode::parse(&format!("0.{}", "1".repeat(33))).is_err());
    }
}
