//! The `impartial` binary: every subcommand, its refusals and the CLI fuzz.
//! One test crate per area, so the tests link a few times rather than once per file.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod cli_bounds;
mod cli_learn;
mod cli_output;
mod cli_refusals;
mod cli_rules;
mod cli_runtime_grid;
mod cli_runtime_learner;
mod cli_runtime_tables;
mod cli_sequence;
mod docs_commands;
mod fuzz_cli;
