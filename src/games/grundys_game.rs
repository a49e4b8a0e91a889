//! Grundy's game (Winning Ways ch. 4, "Grundy's Game"; Grundy 1939): a move splits one heap
//! into two non-empty heaps of different sizes. Heaps of 1 and 2 cannot be split, so the game
//! ends when every heap is 1 or 2. Its single-heap values are OEIS A002188; no period is known.
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
use crate::sizing::heap_rule::{self, HeapRule, HeapSum, Leave, Recurrence};

/// Most starting heaps a spec may list (only stops endless lists of unsplittable heaps).
pub const MAX_HEAPS: usize = 64;

const HEAPS: &str = "a comma-separated list of heap sizes (whole numbers), e.g. 7 or 5,8";

/// Grundy's game from its starting heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grundy {
    /// The starting heaps.
    pub heaps: Vec<u64>,
}

/// The rule: a heap of n leaves n − a and a with 1 ≤ a < n − a.
#[derive(Debug)]
pub struct SplitUnequal;

impl HeapRule for SplitUnequal {
    fn leaves(&self, n: u64, visit: &mut dyn FnMut(Leave) -> bool) -> bool {
        (1..=n.saturating_sub(1) / 2).all(|a| visit(Leave::Two(n - a, a)))
    }

    fn recurrence(&self) -> Recurrence<'_> {
        Recurrence::SplitUnequal
    }
}

impl Game for Grundy {
    const INFO: FamilyInfo = family_info!("grundy", "Grundy's game", [("heaps", "Heaps", "7", HEAPS, None)]);

    fn parse(keys: &Keys) -> Result<Grundy, InputError> {
        let text = keys.need("heaps")?;
        let heaps = parse_list("heaps", text, 0, u64::MAX, HEAPS)?;
        if heaps.len() > MAX_HEAPS {
            return Err(bad_value("heaps", text, &format!("at most {MAX_HEAPS} heaps")));
        }
        Ok(Grundy { heaps })
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&heaps={}", join_u64(&self.heaps))
    }

    fn estimate(&self, limits: &Limits) -> Result<Size, InputError> {
        Ok(heap_rule::estimate(&SplitUnequal, &self.heaps, limits))
    }

    fn build(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        heap_rule::build(&SplitUnequal, Self::INFO.name, &self.heaps, limits)
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        PositionView::Splits { heaps: heap_rule::heaps_at(graph, v), takes: false }
    }

    fn rules(&self) -> String {
        "Split one heap into two heaps of different sizes (a heap of 1 or 2 cannot be split).".into()
    }

    fn heap_sum(&self) -> Option<HeapSum<'_>> {
        Some(HeapSum { heaps: &self.heaps, key: "heaps", rule: &SplitUnequal, unit: "heap" })
    }
}
