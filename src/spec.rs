//! The one spec grammar: a game is a URL query string such as
//! `game=subtraction&moves=1,3,4&heap=20`.
//!
//! The same text is the page's URL hash, the CLI's `--game` and the tests' input. Parsing
//! validates every key and number into a typed [`GameSpec`]; `Display` prints the canonical
//! form (keys in a fixed order, defaults written out), so two spellings of one game give one
//! string. Nothing is allocated in proportion to the game here: sizes are checked by
//! [`crate::games::estimate`] before any graph is built.

use std::fmt;

use serde::Serialize;

use crate::error::{clipped, quoted, SpecError};
use crate::games::dag::DagSpec;
use crate::games::poset::PosetExpr;

/// One key a family takes: its name in the spec, a label for a form, and an example value.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct FamilyKey {
    pub key: &'static str,
    pub label: &'static str,
    pub example: &'static str,
}

/// A family as the grammar knows it: the parser reads its key list from here and the page builds
/// its form from here (through the wasm facade), so neither writes the grammar out again.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct FamilyInfo {
    /// As written after `game=`.
    pub name: &'static str,
    /// For a person: "Subtraction game".
    pub title: &'static str,
    /// Its keys besides `game` and `play`, in canonical order.
    pub keys: &'static [FamilyKey],
    /// Every key it takes, as the "allowed keys" sentence lists them.
    #[serde(skip)]
    pub allowed: &'static str,
}

/// One entry of [`FAMILIES`]; `allowed` is made from the same key list, so it cannot drift.
macro_rules! family {
    ($name:literal, $title:literal, [$(($key:literal, $label:literal, $example:literal)),+ $(,)?]) => {
        FamilyInfo {
            name: $name,
            title: $title,
            keys: &[$(FamilyKey { key: $key, label: $label, example: $example }),+],
            allowed: concat!("game, ", $($key, ", ",)+ "play"),
        }
    };
}

/// Every family the `game` key accepts, in the order documentation lists them.
pub const FAMILIES: [FamilyInfo; 8] = [
    family!(
        "subtraction",
        "Subtraction game",
        [("moves", "Moves (amounts to take)", "1,2"), ("heap", "Heap", "7")]
    ),
    family!("nim", "Nim", [("heaps", "Heaps", "3,4,5")]),
    family!("silver-dollar", "Silver Dollar", [("coins", "Coins", "3"), ("squares", "Squares", "8")]),
    family!("turning-turtles", "Turning Turtles", [("coins", "Coins", "6")]),
    family!("chomp", "Chomp", [("rows", "Rows", "4"), ("cols", "Columns", "4")]),
    family!("wythoff", "Wythoff's game", [("heaps", "Heaps (two)", "5,8")]),
    family!("poset", "Poset game", [("poset", "Poset expression", "(C2+A2)/C1")]),
    family!(
        "dag",
        "Custom graph",
        [
            ("edges", "Moves (from-to, comma separated)", "v0-a,v0-b,a-c,b-c,b-e,c-e"),
            ("root", "Start position", "v0")
        ]
    ),
];

/// Every family name the `game` key accepts, in [`FAMILIES`] order.
pub const FAMILY_NAMES: [&str; FAMILIES.len()] = {
    let mut names = [""; FAMILIES.len()];
    let mut i = 0;
    while i < FAMILIES.len() {
        names[i] = FAMILIES[i].name;
        i += 1;
    }
    names
};

/// A ready-made game for the page's list of examples.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Preset {
    pub title: &'static str,
    pub spec: &'static str,
}

/// The paper's examples (seed 000 §6) and a few more. The first is the page's default game.
pub const PRESETS: [Preset; 10] = [
    Preset {
        title: "SubtractionNim²₇ (the paper’s running example)",
        spec: "game=subtraction&moves=1,2&heap=7",
    },
    Preset { title: "SilverDollar: 3 coins on 8 squares", spec: "game=silver-dollar&coins=3&squares=8" },
    Preset { title: "TurningTurtles with 6 coins", spec: "game=turning-turtles&coins=6" },
    Preset { title: "Chomp 4 × 4", spec: "game=chomp&rows=4&cols=4" },
    Preset { title: "Nim 3, 4, 5", spec: "game=nim&heaps=3,4,5" },
    Preset { title: "Wythoff 5, 8", spec: "game=wythoff&heaps=5,8" },
    Preset { title: "A poset: (C2 + A2) / C1", spec: "game=poset&poset=(C2+A2)/C1" },
    Preset { title: "A custom graph", spec: "game=dag&edges=v0-a,v0-b,v0-d,a-c,b-c,b-e,c-e&root=v0" },
    Preset { title: "Misère Nim 1, 2, 3", spec: "game=nim&heaps=1,2,3&play=misere" },
    Preset { title: "Subtraction {1, 3, 4}, heap 30", spec: "game=subtraction&moves=1,3,4&heap=30" },
];

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
    ///
    /// A spec whose canonical form (defaults written out) would exceed [`MAX_SPEC_BYTES`] is
    /// refused too, so that every canonical spec a report or link shows parses back.
    pub fn parse(text: &str) -> Result<GameSpec, SpecError> {
        let pairs = parse_pairs(text)?;
        let spec = GameSpec::from_pairs(&pairs)?;
        let canonical = spec.to_string().len();
        if canonical > MAX_SPEC_BYTES {
            return Err(SpecError::Malformed(format!(
                "written out in full it is {canonical} bytes long; at most {MAX_SPEC_BYTES} bytes are allowed"
            )));
        }
        Ok(spec)
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
        let info = FAMILIES
            .iter()
            .find(|f| f.name == family_name)
            .ok_or_else(|| SpecError::UnknownFamily(clipped(family_name)))?;
        let name = info.name;
        for (key, _) in pairs {
            if key != "game" && key != "play" && !info.keys.iter().any(|k| k.key == key) {
                return Err(SpecError::UnknownKey { family: name, key: clipped(key), allowed: info.allowed });
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
            _ => unreachable!("every name in FAMILIES is parsed above"),
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

    /// A spec just under the limit whose canonical form (`&root=…&play=normal` written out)
    /// would be over it is refused; one whose canonical form fits parses back.
    #[test]
    fn a_canonical_form_over_the_limit_is_refused() {
        let chain = |limit: usize| {
            let mut text = String::from("game=dag&edges=");
            let mut i = 0;
            while text.len() < limit {
                text.push_str(&format!("{}-{},", i, i + 1));
                i += 1;
            }
            text.pop();
            text
        };
        let text = chain(MAX_SPEC_BYTES - 20);
        assert!(text.len() <= MAX_SPEC_BYTES);
        let err = GameSpec::parse(&text).unwrap_err().to_string();
        assert!(err.contains("written out in full it is"), "{err}");
        let text = chain(MAX_SPEC_BYTES - 60);
        let canonical = GameSpec::parse(&text).unwrap().to_string();
        assert_eq!(GameSpec::parse(&canonical).unwrap().to_string(), canonical);
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
    fn the_family_table_describes_what_the_parser_takes() {
        for info in FAMILIES {
            let mut spec = format!("game={}", info.name);
            for key in info.keys {
                spec.push_str(&format!("&{}={}", key.key, key.example));
            }
            let parsed = GameSpec::parse(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
            assert_eq!(parsed.family.name(), info.name);
            // The canonical form writes exactly the table's keys, in its order.
            let keys: Vec<String> =
                parsed.to_string().split('&').map(|p| p.split('=').next().unwrap().to_string()).collect();
            let listed: Vec<&str> =
                std::iter::once("game").chain(info.keys.iter().map(|k| k.key)).chain(["play"]).collect();
            assert_eq!(keys, listed, "{spec}");
            assert_eq!(info.allowed, listed.join(", "));
        }
        assert_eq!(
            GameSpec::parse("game=chomp&rows=2&cols=2&heap=3").unwrap_err().to_string(),
            "The chomp game takes no key 'heap'; allowed keys: game, rows, cols, play."
        );
    }

    #[test]
    fn every_preset_parses() {
        for preset in PRESETS {
            GameSpec::parse(preset.spec).unwrap_or_else(|e| panic!("{}: {e}", preset.spec));
        }
    }

    #[test]
    fn an_overlong_spec_is_refused_before_parsing() {
        let text = format!("game=nim&heaps={}", "1,".repeat(MAX_SPEC_BYTES));
        assert!(GameSpec::parse(&text).unwrap_err().to_string().contains("bytes"));
    }
}
