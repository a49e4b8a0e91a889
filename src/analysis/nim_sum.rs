//! The nim-sum of a position's independent components (Rees & Thomas; Fenner & Rogers §2.5 Theorem 2.28):
//! the heaps of a heap game (each by its single-heap Grundy value: its size in Nim), or the
//! parts of a sum of games (each by its own graph's Grundy value at its component). The page's
//! nim-sum panel writes them in binary; their XOR is the position's Grundy value, and a winning
//! move turns one component of value x into one of value x ⊕ s.

use serde::Serialize;

use super::game::AnalysedGame;
use super::grundy::grundy_and_critical;
use super::sequence::HeapGame;
use crate::codec::numbers;
use crate::spec::Play;

/// One component of a position and its Grundy value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Component {
    /// A heap's size, or a part's position label.
    pub label: String,
    /// Its Grundy value.
    pub grundy: u64,
}

/// A position's components and their XOR.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimSum {
    /// What a row is: "heap", "row" (rows of pins, as the board of an octal game calls a
    /// heap) or "game" (a sum's part).
    pub kind: &'static str,
    /// The components, in the position's order.
    pub rows: Vec<Component>,
    /// Their XOR: the position's Grundy value.
    pub total: u64,
}

/// What a game's components are, computed once per game.
#[derive(Debug, Clone)]
pub enum Components {
    /// A heap game whose heaps' values have a closed form (Nim: a heap's value is its size),
    /// and what its board calls a heap.
    FormulaHeaps(fn(u64) -> u64, &'static str),
    /// Any other heap game: g(0..) of one heap, as far as the start's largest heap, and what its
    /// board calls a heap.
    SequenceHeaps(Vec<u32>, &'static str),
    /// A sum: each part's Grundy values on its own graph, and its stride in the product's ids.
    Parts(Vec<(Vec<u32>, usize)>),
}

impl Components {
    /// The components of `game` under normal play (misère play has no nim-sum rule); None for
    /// games that are not sums of independent components.
    pub fn of(game: &AnalysedGame) -> Option<Components> {
        if game.game.play != Play::Normal {
            return None;
        }
        let family = &game.game.family;
        if let Some(heaps) = family.heap_sum() {
            if let Some(formula) = heaps.rule.formula() {
                return Some(Components::FormulaHeaps(formula.g, heaps.unit));
            }
            // Every heap of a position is at most the start's largest (a move leaves smaller
            // heaps), and the position was built, so that heap is small.
            let largest = heaps.heaps.iter().copied().max().unwrap_or(0);
            let values = HeapGame::of(family)?.values_to(usize::try_from(largest).ok()?).values.to_vec();
            return Some(Components::SequenceHeaps(values, heaps.unit));
        }
        match family.parts() {
            Some(_) => {
                let factors = game.graph.factors();
                let mut stride = 1;
                let mut parts: Vec<(Vec<u32>, usize)> = factors
                    .iter()
                    .rev()
                    .map(|graph| {
                        let part = (grundy_and_critical(graph).0, stride);
                        stride *= graph.len();
                        part
                    })
                    .collect();
                parts.reverse();
                Some(Components::Parts(parts))
            }
            None => None,
        }
    }

    /// Position `v`'s components and their nim-sum.
    pub fn at(&self, game: &AnalysedGame, v: usize) -> NimSum {
        let label = game.graph.label(v);
        let (kind, rows): (&'static str, Vec<Component>) = match self {
            Components::FormulaHeaps(g, unit) => {
                let heaps = numbers(&label).unwrap_or_default();
                (unit, heaps.iter().map(|&h| Component { label: h.to_string(), grundy: g(h) }).collect())
            }
            Components::SequenceHeaps(values, unit) => {
                let heaps = numbers(&label).unwrap_or_default();
                let value = |h: u64| values.get(h as usize).map_or(0, |&g| u64::from(g));
                (
                    unit,
                    heaps
                        .iter()
                        .filter(|&&h| h > 0)
                        .map(|&h| Component { label: h.to_string(), grundy: value(h) })
                        .collect(),
                )
            }
            Components::Parts(parts) => {
                let labels: Vec<&str> = label.split(crate::games::sum::LABEL_SEPARATOR).collect();
                let rows = parts
                    .iter()
                    .zip(labels)
                    .map(|((grundy, stride), part)| Component {
                        label: part.to_string(),
                        grundy: u64::from(grundy[v / stride % grundy.len()]),
                    })
                    .collect();
                ("game", rows)
            }
        };
        let total = rows.iter().fold(0, |x, r| x ^ r.grundy);
        NimSum { kind, rows, total }
    }
}
