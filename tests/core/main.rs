//! The core through the library: families, analysis, values, sums, layout, loopy games, bounds,
//! the spec fuzz and the module layering.
//! One test crate per area, so the tests link a few times rather than once per file.

#[path = "../common/mod.rs"]
mod common;

mod bounded;
mod cram;
mod families;
mod family_modules;
mod fuzz_spec;
mod hackenbush;
mod heap_families;
mod layers;
mod layout;
mod loopy;
mod moore;
mod nim_sum;
mod properties;
mod sequence_engine;
mod sum;
mod value;
