//! Lasker's Nim (Winning Ways ch. 4, "Lasker's Nim"; Lasker, *Brettspiele der Völker*, 1931):
//! a move takes any positive number of counters from one heap, or splits one heap into two
//! non-empty heaps (without taking any).
//!
//! Its single-heap values have a closed form: g(4k+1) = 4k+1, g(4k+2) = 4k+2,
//! g(4k+3) = 4k+4, g(4k+4) = 4k+3 (and g(0) = 0), so a position's value is the XOR of these.
//!
//! Positions, labels and ids: those of every heap game ([`crate::sizing::heap_rule`]).

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::codec::join_u64;
use crate::error::InputError;
use crate::game_graph::GameGraph;
use crate::numbers::{bad_value, parse_list};
use crate::size::Size;
use crate::sizing::heap_rule::{self, Formula, FreeSplit, HeapRule, HeapSum, Leave};

/// Most starting heaps a spec may list (only stops endless lists of empty heaps).
pub const MAX_HEAPS: usize = 64;

const HEAPS: &str = "a comma-separated list of heap sizes (whole numbers), e.g. 5 or 3,4";

/// Lasker's Nim from its starting heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lasker {
    /// The starting heaps.
    pub heaps: Vec<u64>,
}

/// The rule: a heap of n leaves nothing, one heap a < n, or two heaps n − a and a ≥ 1.
#[derive(Debug)]
pub struct TakeOrSplit;

/// Lasker's Nim's value of one heap of n (Winning Ways ch. 4).
pub fn lasker_value(n: u64) -> u64 {
    match n % 4 {
        3 => n + 1,
        0 if n > 0 => n - 1,
        _ => n,
    }
}

impl HeapRule for TakeOrSplit {
    fn leaves(&self, n: u64, visit: &mut dyn FnMut(Leave) -> bool) -> bool {
        (n == 0 || visit(Leave::Nothing))
            && (1..n).rev().all(|a| visit(Leave::One(a)))
            && (1..=n / 2).all(|a| visit(Leave::Two(n - a, a)))
    }

    /// Splitting removes nothing, and any number of counters may be taken.
    fn free_splits(&self) -> Vec<FreeSplit> {
        vec![FreeSplit { take: 0, reduce: self.reduction(), reduce_too: None }]
    }

    /// One counter taken, one heap left.
    fn reduction(&self) -> Option<u64> {
        Some(1)
    }

    fn formula(&self) -> Option<Formula> {
        Some(Formula { g: lasker_value, identity: false, source: "Lasker's formula (Winning Ways ch. 4)" })
    }
}

impl Game for Lasker {
    const INFO: FamilyInfo = family_info!("lasker", "Lasker's Nim", [("heaps", "Heaps", "5", HEAPS, None)]);

    fn parse(keys: &Keys) -> Result<Lasker, InputError> {
        let text = keys.need("heaps")?;
        let heaps = parse_list("heaps", text, 0, u64::MAX, HEAPS)?;
        if heaps.len() > MAX_HEAPS {
            return Err(bad_value("heaps", text, &format!("at most {MAX_HEAPS} heaps")));
        }
        Ok(Lasker { heaps })
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&heaps={}", join_u64(&self.heaps))
    }

    fn estimate(&self, limits: &Limits) -> Result<Size, InputError> {
        Ok(heap_rule::estimate(&TakeOrSplit, &self.heaps, limits))
    }

    fn build(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        heap_rule::build(&TakeOrSplit, Self::INFO.name, &self.heaps, limits)
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        PositionView::Splits { heaps: heap_rule::heaps_at(graph, v), takes: true }
    }

    fn rules(&self) -> String {
        "Take any number of counters, at least one, from one heap, or split one heap into two non-empty heaps.".into()
    }

    fn heap_sum(&self) -> Option<HeapSum<'_>> {
        Some(HeapSum { heaps: &self.heaps, key: "heaps", rule: &TakeOrSplit, unit: "heap" })
    }
}
