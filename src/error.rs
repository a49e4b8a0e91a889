//! The one error type of the core: every way an input can be wrong (a spec, a custom graph,
//! a learning parameter such as μ, γ or a seed, a file given to the CLI).
//!
//! Each variant's `Display` is a single sentence that says what is wrong and what is
//! allowed, so the CLI, the wasm facade and the page can show it unchanged.

use std::fmt;

use crate::size::Bound;

/// Why an input was refused. Returned before anything large is allocated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputError {
    /// The spec string itself is not a query string of `key=value` pairs.
    Malformed(String),
    /// `game=` names no family we know; `allowed` lists the ones we do.
    UnknownFamily {
        /// The family name as given, clipped by [`clipped`].
        name: String,
        /// The family names the spec accepts, comma-separated.
        allowed: String,
    },
    /// A key that the family does not take.
    UnknownKey {
        /// The family the spec names.
        family: &'static str,
        /// The key as given, clipped by [`clipped`].
        key: String,
        /// The keys this family takes, comma-separated.
        allowed: &'static str,
    },
    /// A key given twice.
    DuplicateKey(String),
    /// A key the family needs and the spec lacks.
    MissingKey {
        /// The family the spec names.
        family: &'static str,
        /// The key it needs.
        key: &'static str,
    },
    /// A value that is not what the key allows.
    BadValue {
        /// The key (or CLI flag) whose value was refused.
        key: String,
        /// The value as given, clipped by [`clipped`].
        value: String,
        /// What the key allows, as the end of the sentence after "is not a valid value for KEY:".
        allowed: String,
    },
    /// The instance is larger than the budget (estimated before building).
    TooLarge {
        /// The family of the refused instance.
        family: &'static str,
        /// What is counted: `"positions"` or `"moves"`.
        what: &'static str,
        /// The instance's estimated count of `what`.
        size: u128,
        /// How `size` relates to the true count (exact, at most, at least).
        bound: Bound,
        /// The budget for `what` it exceeds ([`crate::budget::Limits`]).
        budget: u64,
    },
    /// Output that would be longer than the output budget (estimated before writing).
    OutputTooLarge {
        /// The output refused, as the user asked for it (e.g. `"--positions"`).
        what: &'static str,
        /// Its estimated length in bytes.
        bytes: u64,
        /// The output budget in bytes.
        budget: u64,
    },
    /// A custom graph with several positions that no move reaches, and no `root` to choose one.
    NeedsRoot {
        /// The positions no move reaches; empty when every position is reached (all in cycles).
        sources: Vec<String>,
    },
    /// A custom graph with a cycle through `node`.
    Cyclic {
        /// A position on the cycle.
        node: String,
    },
    /// A `graph` game with a cycle through `node`, asked for something that needs an acyclic
    /// game (the Sprague–Grundy analysis of Benford & Lehre §2, UMDA, its bounds).
    NeedsAcyclic {
        /// A position on the cycle.
        node: String,
    },
    /// A custom graph with an edge from a position to itself.
    SelfLoop {
        /// The position with the move to itself.
        node: String,
    },
    /// A custom graph that lists the same move twice.
    DuplicateEdge {
        /// The position the repeated move leaves.
        from: String,
        /// The position it leads to.
        to: String,
    },
    /// A custom graph with no edges at all.
    EmptyGraph,
    /// A refusal worded where it arises, outside the spec grammar (a CLI option or file, a
    /// learning run's settings, a sweep's table, a figure): its one sentence as written there.
    Refused(String),
    /// A family walked as positions ([`crate::sizing::walk`]) whose moves lead back to a
    /// position still being expanded: its rules do not make progress.
    Cycle {
        /// The family.
        family: &'static str,
        /// The position met again, as its label.
        position: String,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Malformed(why) => write!(f, "The game spec is malformed: {why}."),
            InputError::UnknownFamily { name, allowed } => {
                write!(f, "Unknown game family {}; allowed: {allowed}.", quoted(name))
            }
            InputError::UnknownKey { family, key, allowed } => {
                write!(f, "The {family} game takes no key {}; allowed keys: {allowed}.", quoted(key))
            }
            InputError::DuplicateKey(key) => write!(f, "The key {} is given more than once.", quoted(key)),
            InputError::MissingKey { family, key } => {
                write!(f, "The {family} game needs the key '{key}'.")
            }
            InputError::BadValue { key, value, allowed } => {
                write!(f, "{} is not a valid value for {key}: {allowed}.", quoted(value))
            }
            InputError::TooLarge { family, what, size, bound, budget } => {
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
            InputError::OutputTooLarge { what, bytes, budget } => write!(
                f,
                "{what} would write about {} MB for this game, above the output budget of {} MB; leave it out or choose a smaller instance.",
                group_digits(u128::from(bytes.div_ceil(1 << 20))),
                group_digits(u128::from(budget >> 20))
            ),
            InputError::NeedsRoot { sources } if sources.is_empty() => write!(
                f,
                "Every position of the custom graph is reached by a move (there are cycles); name the start with root=NAME."
            ),
            InputError::NeedsRoot { sources } => write!(
                f,
                "The custom graph has several positions that no move reaches ({}); name the start with root=NAME.",
                sources.join(", ")
            ),
            InputError::Cyclic { node } => {
                write!(
                    f,
                    "The custom graph has a cycle through {}; a dag must be acyclic (game=graph takes cycles).",
                    quoted(node)
                )
            }
            InputError::NeedsAcyclic { node } => write!(
                f,
                "The graph game has a cycle through {}, so a play can be drawn; this needs an acyclic game (Benford & Lehre §2), while Böhme's learning rules take cycles.",
                quoted(node)
            ),
            InputError::SelfLoop { node } => write!(
                f,
                "The custom graph has a move from {} to itself; a move must lead to another position.",
                quoted(node)
            ),
            // Position names were checked to be letters, digits, '_' or '.' and short.
            InputError::DuplicateEdge { from, to } => {
                write!(f, "The custom graph lists the move {from}-{to} twice; list each move once.")
            }
            InputError::EmptyGraph => {
                write!(f, "The custom graph has no moves; give at least one edge, e.g. edges=a-b.")
            }
            InputError::Refused(sentence) => f.write_str(sentence),
            InputError::Cycle { family, position } => write!(
                f,
                "The {family} game leads from position {} back to itself; its moves must make progress.",
                quoted(position)
            ),
        }
    }
}

impl std::error::Error for InputError {}

/// A sentence written where the refusal arises becomes [`InputError::Refused`], unchanged.
impl From<String> for InputError {
    fn from(sentence: String) -> InputError {
        InputError::Refused(sentence)
    }
}

impl From<&str> for InputError {
    fn from(sentence: &str) -> InputError {
        InputError::Refused(sentence.to_string())
    }
}

/// Longest piece of user text a message quotes, in characters as shown (an escape counts as
/// its length); the rest becomes `…`.
pub const QUOTE_CHARS: usize = 40;

/// User text as a message quotes it: in single quotes, cut to [`QUOTE_CHARS`] characters as
/// shown, with control characters (line breaks, terminal escapes) and other invisible ones
/// written as escapes, so a message stays one short line and cannot move a terminal's cursor.
/// Every message that repeats what a user typed goes through here.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4 * QUOTE_CHARS) + 8);
    out.push('\'');
    let mut shown = 0;
    for ch in text.chars() {
        let escape = ch.is_control() || is_invisible(ch) || ch == '\\' || ch == '\'';
        let width = if escape { ch.escape_default().count() } else { 1 };
        if shown + width > QUOTE_CHARS {
            out.push('…');
            break;
        }
        shown += width;
        if escape {
            out.extend(ch.escape_default());
        } else {
            out.push(ch);
        }
    }
    out.push('\'');
    out
}

/// The part of user text worth keeping in an error: what [`quoted`] shows, plus one character
/// so it still knows to add `…`. Errors hold this, never a whole (possibly huge) input.
pub fn clipped(text: &str) -> String {
    text.chars().take(QUOTE_CHARS + 1).collect()
}

/// Format and separator characters that print nothing (or move text) on a terminal.
fn is_invisible(ch: char) -> bool {
    matches!(ch, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}')
}

/// A whole message made safe for one line of a terminal: control characters escaped and the
/// length capped. The CLI passes every error through this last, so a message built elsewhere
/// without [`quoted`] still cannot break the line or the terminal.
pub fn one_line(message: &str) -> String {
    const MAX_CHARS: usize = 1000;
    let mut out = String::with_capacity(message.len().min(4 * MAX_CHARS));
    let mut chars = message.chars();
    for ch in chars.by_ref().take(MAX_CHARS) {
        if ch.is_control() || is_invisible(ch) {
            out.extend(ch.escape_default());
        } else {
            out.push(ch);
        }
    }
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

/// Sizes from here on are reported as "more than 10^30" (estimates saturate far above it).
const HUGE: u128 = 1_000_000_000_000_000_000_000_000_000_000;

/// `12345678` → `12,345,678`, so budgets and sizes read at a glance.
pub fn group_digits(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
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

    #[test]
    fn quoted_text_is_one_short_escaped_line() {
        assert_eq!(quoted("nim"), "'nim'");
        assert_eq!(quoted("a\nb\x1b[2J"), "'a\\nb\\u{1b}[2J'");
        assert_eq!(quoted("it's"), "'it\\'s'");
        let long = "x".repeat(200_000);
        let q = quoted(&long);
        assert_eq!(q.chars().count(), QUOTE_CHARS + 3);
        assert!(q.ends_with("…'"));
        assert_eq!(quoted("\u{202e}abc"), "'\\u{202e}abc'");
        // Escapes count as what they show: five right-to-left overrides fill 40 characters.
        assert_eq!(quoted(&"\u{202e}".repeat(6)), format!("'{}…'", "\\u{202e}".repeat(5)));
    }

    #[test]
    fn messages_quote_user_text_escaped_and_short() {
        let long = format!("{}\n\x1b[31m", "z".repeat(100_000));
        for err in [
            InputError::UnknownFamily { name: long.clone(), allowed: "nim".into() },
            InputError::DuplicateKey(long.clone()),
            InputError::Cyclic { node: long.clone() },
        ] {
            let text = err.to_string();
            assert!(text.len() < 400, "{text}");
            assert!(!text.chars().any(char::is_control), "{text}");
        }
        assert_eq!(one_line("a\nb"), "a\\nb");
        assert_eq!(one_line(&"y".repeat(5000)).chars().count(), 1001);
    }
}
