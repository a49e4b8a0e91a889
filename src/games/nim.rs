//! Nim: remove any positive number of items from one heap.
//!
//! Positions: every vector of heap sizes up to the starting sizes (all are reachable).
//! Label: heap sizes in the order given, `3,0,5`.
//! Ids: mixed radix with radix (size + 1) per heap, last heap fastest; shrinking a heap lowers
//! the id, so ids are reverse topological and the root (all heaps full) is the largest.

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::codec::{join_u64, numbers, MixedRadix};
use crate::error::InputError;
use crate::game_graph::{CsrBuilder, GameGraph};
use crate::numbers::{bad_value, parse_list};
use crate::size::{Bound, Size};
use crate::sizing::heap_rule::{Formula, HeapRule, HeapSum, Leave};

/// Most heaps a Nim spec may list (each heap multiplies the positions, so the budget binds first
/// for non-empty heaps; this only stops endless lists of empty heaps).
pub const MAX_NIM_HEAPS: usize = 64;

const HEAPS: &str = "a comma-separated list of heap sizes (whole numbers), e.g. 3,4,5";

/// A Nim instance. Heap order is kept (labels follow it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nim {
    /// The starting heaps, in the order given.
    pub heaps: Vec<u64>,
}

impl Game for Nim {
    const INFO: FamilyInfo = family_info!("nim", "Nim", [("heaps", "Heaps", "3,4,5", HEAPS, None)]);

    fn parse(keys: &Keys) -> Result<Nim, InputError> {
        let text = keys.need("heaps")?;
        let heaps = parse_list("heaps", text, 0, u64::MAX, HEAPS)?;
        if heaps.len() > MAX_NIM_HEAPS {
            return Err(bad_value("heaps", text, &format!("at most {MAX_NIM_HEAPS} heaps")));
        }
        Ok(Nim { heaps })
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&heaps={}", join_u64(&self.heaps))
    }

    fn estimate(&self, _: &Limits) -> Result<Size, InputError> {
        Ok(estimate(&self.heaps))
    }

    fn build(&self, _: &Limits) -> Result<GameGraph, InputError> {
        Ok(build(&self.heaps))
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        PositionView::Heaps { heaps: numbers(&graph.label(v)).unwrap_or_default() }
    }

    fn rules(&self) -> String {
        "Take any number of counters, at least one, from one heap.".into()
    }

    fn heap_sum(&self) -> Option<HeapSum<'_>> {
        Some(HeapSum { heaps: &self.heaps, key: "heaps", rule: &TakeAny, unit: "heap" })
    }
}

/// Nim's heap rule: take any positive number from one heap.
#[derive(Debug)]
pub struct TakeAny;

impl HeapRule for TakeAny {
    fn leaves(&self, n: u64, visit: &mut dyn FnMut(Leave) -> bool) -> bool {
        visit(Leave::Nothing) && (1..n).rev().all(|a| visit(Leave::One(a)))
    }

    /// Bouton's theorem (Rees & Thomas): a heap of n has value n.
    fn formula(&self) -> Option<Formula> {
        Some(Formula { g: |n| n, identity: true, source: "Bouton's theorem (Rees & Thomas)" })
    }
}

/// Π (h_i + 1) positions; heap i contributes h_i(h_i+1)/2 · Π_{j≠i}(h_j + 1) moves.
pub fn estimate(heaps: &[u64]) -> Size {
    let radices: Vec<u128> = heaps.iter().map(|&h| u128::from(h) + 1).collect();
    let positions = radices.iter().fold(1u128, |acc, &r| acc.saturating_mul(r));
    let edges = radices
        .iter()
        .map(|&r| {
            // r ≥ 1; when `positions` saturated, so do the moves.
            (positions / r).saturating_mul(r * (r - 1) / 2)
        })
        .fold(0u128, |acc, e| acc.saturating_add(e));
    Size { positions, edges, bound: Bound::Exact }
}

/// Builds the graph; sizes within the budget.
pub fn build(heaps: &[u64]) -> GameGraph {
    let radices: Vec<u64> = heaps.iter().map(|&h| h + 1).collect();
    let size = estimate(heaps);
    // Stride of heap i = product of the radices after it.
    let mut strides = vec![1u64; heaps.len()];
    for i in (0..heaps.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * radices[i + 1];
    }
    let mut digits = vec![0u64; heaps.len()];
    let mut csr = CsrBuilder::with_capacity(size.positions as usize, size.edges as usize);
    for id in 0..size.positions as u64 {
        for (i, &d) in digits.iter().enumerate() {
            for take in 1..=d {
                csr.targets.push((id - take * strides[i]) as u32);
            }
        }
        csr.end_position();
        // Odometer increment of the digits, last heap fastest.
        for i in (0..digits.len()).rev() {
            digits[i] += 1;
            if digits[i] < radices[i] {
                break;
            }
            digits[i] = 0;
        }
    }
    GameGraph::from_csr(csr.offsets, csr.targets, MixedRadix(radices))
}
