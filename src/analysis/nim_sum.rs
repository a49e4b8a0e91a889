//! The nim-sum of a position's independent components (seed 001; seed 002 §2.5 Theorem 2.28):
//! the heaps of Nim, the heaps of an octal game (each by its single-heap Grundy value), or the
//! parts of a sum of games (each by its own graph's Grundy value at its component). The page's
//! nim-sum panel writes them in binary; their XOR is the position's Grundy value, and a winning
//! move turns one component of value x into one of value x ⊕ s.

use serde::Serialize;

use super::game::AnalysedGame;
use super::grundy::grundy_and_critical;
use super::sequence::HeapGame;
use crate::games::codec::numbers;
use crate::games::Family;
use crate::spec::Play;

/// One component of a position and its Grundy value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Component {
    pub label: String,
    pub grundy: u64,
}

/// A position's components and their XOR.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimSum {
    /// "heap" or "game": what a row is.
    pub kind: &'static str,
    pub rows: Vec<Component>,
    pub total: u64,
}

/// What a game's components are, computed once per game.
#[derive(Debug, Clone)]
pub enum Components {
    /// Nim: a heap's value is its size.
    NimHeaps,
    /// An octal game: g(0..) of one heap, as far as the start's counters.
    OctalHeaps(Vec<u32>),
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
        match &game.game.family {
            Family::Nim(_) => Some(Components::NimHeaps),
            Family::Octal(octal) => {
                let counters: u64 = octal.heaps.iter().sum();
                let values =
                    HeapGame::of(&game.game.family)?.values_to(usize::try_from(counters).ok()?).values.to_vec();
                Some(Components::OctalHeaps(values))
            }
            Family::Sum(_) => {
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
            _ => None,
        }
    }

    /// Position `v`'s components and their nim-sum.
    pub fn at(&self, game: &AnalysedGame, v: usize) -> NimSum {
        let label = game.graph.label(v);
        let (kind, rows): (&'static str, Vec<Component>) = match self {
            Components::NimHeaps => {
                let heaps = numbers(&label).unwrap_or_default();
                ("heap", heaps.iter().map(|&h| Component { label: h.to_string(), grundy: h }).collect())
            }
            Components::OctalHeaps(values) => {
                let heaps = numbers(&label).unwrap_or_default();
                let value = |h: u64| values.get(h as usize).map_or(0, |&g| u64::from(g));
                (
                    "heap",
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
