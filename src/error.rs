//! The one error type of the core: every way a spec or a custom graph can be wrong.
//!
//! Each variant's `Display` is a single sentence that says what is wrong and what is
//! allowed, so the CLI, the wasm facade and the page can show it unchanged.

use std::fmt;

use crate::games::Bound;

/// Why a game spec was refused. Returned before anything large is allocated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpecError {
    /// The spec string itself is not a query string of `key=value` pairs.
    Malformed(String),
    /// `game=` names no family we know.
    UnknownFamily(String),
    /// A key that the family does not take.
    UnknownKey { family: &'static str, key: String, allowed: &'static str },
    /// A key given twice.
    DuplicateKey(String),
    /// A key the family needs and the spec lacks.
    MissingKey { family: &'static str, key: &'static str },
    /// A value that is not what the key allows.
    BadValue { key: String, value: String, allowed: String },
    /// The instance is larger than the budget (estimated before building).
    TooLarge { family: &'static str, what: &'static str, size: u128, bound: Bound, budget: u64 },
    /// A custom graph with several positions that no move reaches, and no `root` to choose one.
    NeedsRoot { sources: Vec<String> },
    /// A custom graph with a cycle through `node`.
    Cyclic { node: String },
    /// A custom graph with an edge from a position to itself.
    SelfLoop { node: String },
    /// A custom graph that lists the same move twice.
    DuplicateEdge { from: String, to: String },
    /// A custom graph with no edges at all.
    EmptyGraph,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Malformed(why) => write!(f, "The game spec is malformed: {why}."),
            SpecError::UnknownFamily(name) => {
                write!(f, "Unknown game family '{name}'; allowed: {}.", crate::spec::FAMILY_NAMES.join(", "))
            }
            SpecError::UnknownKey { family, key, allowed } => {
                write!(f, "The {family} game takes no key '{key}'; allowed keys: {allowed}.")
            }
            SpecError::DuplicateKey(key) => write!(f, "The key '{key}' is given more than once."),
            SpecError::MissingKey { family, key } => {
                write!(f, "The {family} game needs the key '{key}'.")
            }
            SpecError::BadValue { key, value, allowed } => {
                write!(f, "'{value}' is not a valid value for {key}: {allowed}.")
            }
            SpecError::TooLarge { family, what, size, bound, budget } => {
                let size = match bound {
                    _ if *size >= HUGE => "more than 10^30".to_string(),
                    Bound::Exact => group_digits(*size),
                    Bound::AtMost => format!("up to {}", group_digits(*size)),
                    Bound::AtLeast => format!("more than {}", group_digits(size.saturating_sub(1))),
                };
                write!(
                    f,
                    "This {family} game has {size} {what}, above the budget of {} {what}; choose a smaller instance.",
                    group_digits(u128::from(*budget))
                )
            }
            SpecError::NeedsRoot { sources } => write!(
                f,
                "The custom graph has several positions that no move reaches ({}); name the start with root=NAME.",
                sources.join(", ")
            ),
            SpecError::Cyclic { node } => {
                write!(f, "The custom graph has a cycle through '{node}'; a game graph must be acyclic.")
            }
            SpecError::SelfLoop { node } => write!(
                f,
                "The custom graph has a move from '{node}' to itself; a game graph must be acyclic."
            ),
            SpecError::DuplicateEdge { from, to } => {
                write!(f, "The custom graph lists the move {from}-{to} twice; list each move once.")
            }
            SpecError::EmptyGraph => {
                write!(f, "The custom graph has no moves; give at least one edge, e.g. edges=a-b.")
            }
        }
    }
}

impl std::error::Error for SpecError {}

/// Sizes from here on are reported as "more than 10^30" (estimates saturate far above it).
const HUGE: u128 = 1_000_000_000_000_000_000_000_000_000_000;

/// `12345678` → `12,345,678`, so budgets and sizes read at a glance.
pub fn group_digits(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped_by_thousands() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(1000), "1,000");
        assert_eq!(group_digits(40_000_000), "40,000,000");
    }
}
