//! The one spec grammar: a game is a URL query string such as
//! `game=subtraction&moves=1,3,4&heap=20`.
//!
//! The same text is the page's URL hash, the CLI's `--game` and the tests' input. Parsing
//! validates every key and number into a typed [`GameSpec`]; `Display` prints the canonical
//! form (keys in a fixed order, defaults written out), so two spellings of one game give one
//! string. Nothing is allocated in proportion to the game here: sizes are checked by
//! [`crate::games::estimate`] before any graph is built.

use std::fmt;

use crate::error::{clipped, quoted, SpecError};
use crate::games::dag::DagSpec;
use crate::games::poset::PosetExpr;

/// Every family name the `game` key accepts, in the order documentation lists them.
pub const FAMILY_NAMES: [&str; 8] =
    ["subtraction", "nim", "silver-dollar", "turning-turtles", "chomp", "wythoff", "poset", "dag"];

/// Longest spec we read at all (a custom graph is typed into it, so it may be long).
pub const MAX_SPEC_BYTES: usize = 256 * 1024;

/// Normal play (the player unable to move loses, seed 000 §2) or misère play (that player wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Play {
    #[default]
    Normal,
    Misere,
}

impl Play {
    pub fn as_str(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}

/// A game family with its validated parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Family {
    /// Remove any s ∈ `moves` from one heap (seed 004; seed 000 §6.1 for moves 1..k).
    /// Invariant: `moves` sorted ascending, distinct, all ≥ 1.
    Subtraction { moves: Vec<u64>, heap: u64 },
    /// Remove any positive number from one heap. Heap order is kept (labels follow it).
    Nim { heaps: Vec<u64> },
    /// k coins on m squares, seed 000 §6.2. Invariant: 1 ≤ coins ≤ squares.
    SilverDollar { coins: u64, squares: u64 },
    /// m coins all heads, seed 000 §6.3. Invariant: coins ≥ 1.
    TurningTurtles { coins: u64 },
    /// rows × cols Chomp in normal-play form, seed 000 §6.4. Invariant: both ≥ 1.
    Chomp { rows: u64, cols: u64 },
    /// Two heaps; take any number from one, or the same number from both.
    Wythoff { heaps: [u64; 2] },
    /// A poset game (seed 002 §1.1) given by an expression.
    Poset { expr: PosetExpr },
    /// A custom game graph typed as an edge list.
    Dag(DagSpec),
}

impl Family {
    /// The family's name as written after `game=`.
    pub fn name(&self) -> &'static str {
        match self {
            Family::Subtraction { .. } => "subtraction",
            Family::Nim { .. } => "nim",
            Family::SilverDollar { .. } => "silver-dollar",
            Family::TurningTurtles { .. } => "turning-turtles",
            Family::Chomp { .. } => "chomp",
            Family::Wythoff { .. } => "wythoff",
            Family::Poset { .. } => "poset",
            Family::Dag(_) => "dag",
        }
    }
}

/// A validated game spec: a family and a play convention.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSpec {
    pub family: Family,
    pub play: Play,
}

impl GameSpec {
    /// Parses and validates a spec string (a leading `?` or `#` is ignored).
    pub fn parse(text: &str) -> Result<GameSpec, SpecError> {
        let pairs = parse_pairs(text)?;
        GameSpec::from_pairs(&pairs)
    }

    /// Builds a spec from already split `key=value` pairs; every key must belong to the game.
    pub fn from_pairs(pairs: &[(String, String)]) -> Result<GameSpec, SpecError> {
        // A set, not a list: a 256 KiB spec may hold tens of thousands of keys.
        let mut seen = std::collections::HashSet::with_capacity(pairs.len());
        for (key, _) in pairs {
            if !seen.insert(key.as_str()) {
                return Err(SpecError::DuplicateKey(clipped(key)));
            }
        }
        let get = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
        let family_name = get("game").ok_or_else(|| {
            SpecError::Malformed(format!(
                "it has no 'game' key; start with game=NAME, NAME one of {}",
                FAMILY_NAMES.join(", ")
            ))
        })?;
        let (name, keys, allowed): (&'static str, &[&str], &'static str) = match family_name {
            "subtraction" => ("subtraction", &["moves", "heap"], "game, moves, heap, play"),
            "nim" => ("nim", &["heaps"], "game, heaps, play"),
            "silver-dollar" => ("silver-dollar", &["coins", "squares"], "game, coins, squares, play"),
            "turning-turtles" => ("turning-turtles", &["coins"], "game, coins, play"),
            "chomp" => ("chomp", &["rows", "cols"], "game, rows, cols, play"),
            "wythoff" => ("wythoff", &["heaps"], "game, heaps, play"),
            "poset" => ("poset", &["poset"], "game, poset, play"),
            "dag" => ("dag", &["edges", "root"], "game, edges, root, play"),
            other => return Err(SpecError::UnknownFamily(clipped(other))),
        };
        for (key, _) in pairs {
            if key != "game" && key != "play" && !keys.contains(&key.as_str()) {
                return Err(SpecError::UnknownKey { family: name, key: clipped(key), allowed });
            }
        }
        let need = |key: &'static str| get(key).ok_or(SpecError::MissingKey { family: name, key });
        let family = match name {
            "subtraction" => {
                let mut moves = parse_list(
                    "moves",
                    need("moves")?,
                    1,
                    u64::MAX,
                    "a comma-separated list of whole numbers, each at least 1, e.g. 1,3,4",
                )?;
                moves.sort_unstable();
                moves.dedup();
                let heap = parse_number("heap", need("heap")?, 0, u64::MAX, "a whole number, at least 0")?;
                Family::Subtraction { moves, heap }
            }
            "nim" => {
                let heaps = parse_list(
                    "heaps",
                    need("heaps")?,
                    0,
                    u64::MAX,
                    "a comma-separated list of heap sizes (whole numbers), e.g. 3,4,5",
                )?;
                if heaps.len() > MAX_NIM_HEAPS {
                    return Err(bad_value(
                        "heaps",
                        need("heaps")?,
                        &format!("at most {MAX_NIM_HEAPS} heaps"),
                    ));
                }
                Family::Nim { heaps }
            }
            "silver-dollar" => {
                let coins = parse_number("coins", need("coins")?, 1, u64::MAX, "a whole number, at least 1")?;
                let squares_text = need("squares")?;
                let squares = parse_number(
                    "squares",
                    squares_text,
                    coins,
                    u64::MAX,
                    "a whole number at least the number of coins",
                )?;
                Family::SilverDollar { coins, squares }
            }
            "turning-turtles" => Family::TurningTurtles {
                coins: parse_number("coins", need("coins")?, 1, u64::MAX, "a whole number, at least 1")?,
            },
            "chomp" => Family::Chomp {
                rows: parse_number("rows", need("rows")?, 1, u64::MAX, "a whole number, at least 1")?,
                cols: parse_number("cols", need("cols")?, 1, u64::MAX, "a whole number, at least 1")?,
            },
            "wythoff" => {
                let text = need("heaps")?;
                let heaps = parse_list("heaps", text, 0, u64::MAX, "two heap sizes, e.g. 5,8")?;
                match heaps.as_slice() {
                    [a, b] => Family::Wythoff { heaps: [*a, *b] },
                    _ => return Err(bad_value("heaps", text, "exactly two heap sizes, e.g. 5,8")),
                }
            }
            "poset" => Family::Poset { expr: PosetExpr::parse(need("poset")?)? },
            "dag" => Family::Dag(DagSpec::parse(need("edges")?, get("root"))?),
            _ => unreachable!("family names are matched above"),
        };
        let play = match get("play") {
            None | Some("normal") => Play::Normal,
            Some("misere" | "misère") => Play::Misere,
            Some(other) => return Err(bad_value("play", other, "normal or misere")),
        };
        Ok(GameSpec { family, play })
    }
}

/// Most heaps a Nim spec may list (each heap multiplies the positions, so the budget binds first
/// for non-empty heaps; this only stops endless lists of empty heaps).
pub const MAX_NIM_HEAPS: usize = 64;

impl fmt::Display for GameSpec {
    /// The canonical spec: keys in a fixed order, defaults written out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game={}", self.family.name())?;
        match &self.family {
            Family::Subtraction { moves, heap } => write!(f, "&moves={}&heap={heap}", join(moves))?,
            Family::Nim { heaps } => write!(f, "&heaps={}", join(heaps))?,
            Family::SilverDollar { coins, squares } => write!(f, "&coins={coins}&squares={squares}")?,
            Family::TurningTurtles { coins } => write!(f, "&coins={coins}")?,
            Family::Chomp { rows, cols } => write!(f, "&rows={rows}&cols={cols}")?,
            Family::Wythoff { heaps } => write!(f, "&heaps={},{}", heaps[0], heaps[1])?,
            Family::Poset { expr } => write!(f, "&poset={expr}")?,
            Family::Dag(dag) => write!(f, "&{dag}")?,
        }
        write!(f, "&play={}", self.play.as_str())
    }
}

fn join(values: &[u64]) -> String {
    values.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// Splits a query string into decoded `(key, value)` pairs, keeping their order.
///
/// `%XX` escapes are decoded; `+` is kept as a literal plus (it is the poset grammar's parallel
/// union), unlike form encoding. Empty segments (`a=1&&b=2`) are skipped.
pub fn parse_pairs(text: &str) -> Result<Vec<(String, String)>, SpecError> {
    if text.len() > MAX_SPEC_BYTES {
        return Err(SpecError::Malformed(format!(
            "it is {} bytes long; at most {} bytes are allowed",
            text.len(),
            MAX_SPEC_BYTES
        )));
    }
    let text = text.trim();
    let text = text.strip_prefix('#').unwrap_or(text);
    let text = text.strip_prefix('?').unwrap_or(text);
    let mut pairs = Vec::new();
    for segment in text.split('&').filter(|s| !s.trim().is_empty()) {
        let (key, value) = segment.split_once('=').ok_or_else(|| {
            SpecError::Malformed(format!("{} is not of the form key=value", quoted(segment)))
        })?;
        let key = percent_decode(key.trim())?;
        if key.is_empty() {
            return Err(SpecError::Malformed(format!("{} has an empty key", quoted(segment))));
        }
        pairs.push((key, percent_decode(value.trim())?));
    }
    if pairs.is_empty() {
        return Err(SpecError::Malformed(
            "it is empty; write game=NAME and its keys, e.g. game=nim&heaps=3,4,5".into(),
        ));
    }
    Ok(pairs)
}

fn percent_decode(text: &str) -> Result<String, SpecError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            // Exactly two hex digits (from_str_radix alone would also take "+3").
            let hex = bytes.get(i + 1..i + 3).filter(|h| h.iter().all(u8::is_ascii_hexdigit));
            let hex = hex.and_then(|h| std::str::from_utf8(h).ok());
            let byte = hex.and_then(|h| u8::from_str_radix(h, 16).ok()).ok_or_else(|| {
                SpecError::Malformed(format!("{} has a '%' not followed by two hex digits", quoted(text)))
            })?;
            out.push(byte);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out)
        .map_err(|_| SpecError::Malformed(format!("{} does not decode to UTF-8 text", quoted(text))))
}

/// The value is kept only as far as [`quoted`] shows it, so an error never holds a huge input.
pub(crate) fn bad_value(key: &str, value: &str, allowed: &str) -> SpecError {
    SpecError::BadValue { key: key.to_string(), value: clipped(value), allowed: allowed.to_string() }
}

/// A whole number in `[min, max]`; anything else is a [`SpecError::BadValue`] quoting `allowed`.
pub(crate) fn parse_number(
    key: &str,
    text: &str,
    min: u64,
    max: u64,
    allowed: &str,
) -> Result<u64, SpecError> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad_value(key, text, allowed));
    }
    match t.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(_) => Err(bad_value(key, text, allowed)),
        Err(_) => Err(bad_value(key, text, &format!("{allowed} (this one has too many digits)"))),
    }
}

fn parse_list(key: &str, text: &str, min: u64, max: u64, allowed: &str) -> Result<Vec<u64>, SpecError> {
    if text.trim().is_empty() {
        return Err(bad_value(key, text, allowed));
    }
    text.split(',')
        .map(|part| parse_number(key, part, min, max, allowed).map_err(|_| bad_value(key, text, allowed)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_spellings_give_one_canonical_string() {
        let a = GameSpec::parse("#game=subtraction&heap=20&moves=4,1,3,3").unwrap();
        let b = GameSpec::parse("?moves=1%2C3%2C4&game=subtraction&heap=20&play=normal").unwrap();
        assert_eq!(a.to_string(), "game=subtraction&moves=1,3,4&heap=20&play=normal");
        assert_eq!(a.to_string(), b.to_string());
    }

    #[test]
    fn canonical_form_parses_back_to_itself() {
        for text in [
            "game=nim&heaps=3,0,5&play=misere",
            "game=silver-dollar&coins=3&squares=8&play=normal",
            "game=turning-turtles&coins=6&play=normal",
            "game=chomp&rows=4&cols=5&play=normal",
            "game=wythoff&heaps=5,8&play=normal",
        ] {
            assert_eq!(GameSpec::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_specs_get_one_sentence_each() {
        let cases = [
            ("", "empty"),
            ("game=go", "Unknown game family 'go'"),
            ("game=nim", "needs the key 'heaps'"),
            ("game=nim&heaps=3&colour=red", "takes no key 'colour'"),
            ("game=nim&heaps=3&heaps=4", "more than once"),
            ("game=nim&heaps=3,x", "not a valid value for heaps"),
            ("game=nim&heaps=-3", "not a valid value for heaps"),
            ("game=subtraction&moves=0,1&heap=5", "each at least 1"),
            ("game=wythoff&heaps=1,2,3", "exactly two"),
            ("game=silver-dollar&coins=5&squares=3", "at least the number of coins"),
            ("game=nim&heaps=3&play=loud", "normal or misere"),
            ("heaps=3", "no 'game' key"),
            ("game", "not of the form key=value"),
            ("game=nim&heaps=%zz", "two hex digits"),
            ("game=nim&heaps=%+3", "two hex digits"),
        ];
        for (text, expected) in cases {
            let err = GameSpec::parse(text).unwrap_err().to_string();
            assert!(err.contains(expected), "{text:?} gave {err:?}, expected {expected:?}");
            assert!(err.ends_with('.'), "{err:?} is not one sentence");
        }
    }

    #[test]
    fn an_overlong_spec_is_refused_before_parsing() {
        let text = format!("game=nim&heaps={}", "1,".repeat(MAX_SPEC_BYTES));
        assert!(GameSpec::parse(&text).unwrap_err().to_string().contains("bytes"));
    }
}
