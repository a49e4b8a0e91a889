//! Counting a game's positions and moves before (or while) building it, so that an instance
//! above the budget ([`crate::budget::Limits`]) is refused before its graph's memory is taken.
//!
//! - [`heap_rule`]: games of heaps under one rule (octal games, Grundy's game, Lasker's Nim,
//!   subtraction games): the rule's trait, the count by names of multisets of heaps, the build
//!   and the labels; helped by `heap_packing` (bounds on heaps splitting together), `heap_layers`
//!   (the layered count) and `heap_names` (hashed names of multisets).
//! - [`walk`]: any game given as positions (its start, the moves of a position, a label and its
//!   parse): counted and built by one depth-first walk that checks the budget as it goes.
//!
//! The families themselves live in [`crate::games`]; nothing here names one outside tests.

mod heap_layers;
mod heap_names;
pub mod heap_packing;
pub mod heap_rule;
pub mod walk;
