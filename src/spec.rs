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

use crate::error::{clipped, quoted, InputError};
use crate::games::{family_names, Family, Keys, FAMILIES};
use crate::numbers::bad_value;

/// A ready-made game for the page's list of examples.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Preset {
    /// The name the page's list shows.
    pub title: &'static str,
    /// The example's spec, as `game=` accepts it.
    pub spec: &'static str,
    /// The page's learner and its opponent for this example (Böhme's rules), when it is
    /// about them; None for UMDA.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub learner: Option<&'static str>,
    /// The opponent of `learner` (`first`, `perfect`, `random`, `same`), when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent: Option<&'static str>,
    /// The page's mode this example opens in (e.g. `steps`, Grundy values step by step), when
    /// it is not the current one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<&'static str>,
    /// The page's learner settings for this example (`mu=20&gamma=0`), when it is about them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<&'static str>,
}

/// The paper's examples (Benford & Lehre §6) and a few more. The first is the page's default game.
pub const PRESETS: [Preset; 25] = [
    Preset {
        title: "SubtractionNim²₇ (the paper’s running example)",
        spec: "game=subtraction&moves=1,2&heap=6", learner: None, opponent: None, mode: None, page: None
    },
    Preset { title: "SilverDollar: 3 coins on 8 squares", spec: "game=silver-dollar&coins=3&squares=8", learner: None, opponent: None, mode: None, page: None },
    Preset { title: "TurningTurtles with 6 coins", spec: "game=turning-turtles&coins=6", learner: None, opponent: None, mode: None, page: None },
    Preset { title: "Chomp 4 × 4", spec: "game=chomp&rows=4&cols=4", learner: None, opponent: None, mode: None, page: None },
    Preset { title: "Nim 3, 4, 5", spec: "game=nim&heaps=3,4,5", learner: None, opponent: None, mode: None, page: None },
    Preset { title: "Wythoff 5, 8", spec: "game=wythoff&heaps=5,8", learner: None, opponent: None, mode: None, page: None },
    Preset { title: "A poset: (C2 + A2) / C1", spec: "game=poset&poset=(C2+A2)/C1", learner: None, opponent: None, mode: None, page: None },
    Preset { title: "A custom graph", spec: "game=dag&edges=v0-a,v0-b,v0-d,a-c,b-c,b-e,c-e&root=v0", learner: None, opponent: None, mode: None, page: None },
    // The same heaps under both plays: the start is P in both (a heap above 1, so misère play
    // follows the nim-sum, Bouton), but where every heap is 0 or 1 the outcomes swap.
    Preset { title: "Nim 1, 2, 3 (normal play: compare misère)", spec: "game=nim&heaps=1,2,3", learner: None, opponent: None, mode: None, page: None },
    Preset { title: "Misère Nim 1, 2, 3", spec: "game=nim&heaps=1,2,3&play=misere", learner: None, opponent: None, mode: None, page: None },
    Preset { title: "Subtraction {1, 3, 4}, heap 30", spec: "game=subtraction&moves=1,3,4&heap=30", learner: None, opponent: None, mode: None, page: None },
    Preset {
        title: "Grundy values step by step: subtraction {1, 3, 4}, heap 10",
        spec: "game=subtraction&moves=1,3,4&heap=10",
        learner: None,
        opponent: None,
        mode: Some("steps"),
        page: None,
    },
    Preset { title: "Kayles: a row of 10 pins (octal 0.77)", spec: "game=octal&code=0.77&heaps=10", learner: None, opponent: None, mode: None, page: None },
    Preset { title: "Dawson’s Kayles, heap 12 (octal 0.07)", spec: "game=octal&code=0.07&heaps=12", learner: None, opponent: None, mode: None, page: None },
    Preset { title: "Hackendot: three trees", spec: "game=hackendot&forest=(()(()))(()())(())", learner: None, opponent: None, mode: None, page: None },
    Preset { title: "Grundy’s game: split a heap of 12 into two unequal heaps", spec: "game=grundy&heaps=12", learner: None, opponent: None, mode: None, page: None },
    Preset { title: "Lasker’s Nim 5, 3: take, or split a heap in two", spec: "game=lasker&heaps=5,3", learner: None, opponent: None, mode: None, page: None },
    Preset {
        title: "A sum of three different games",
        spec: "game=sum&parts=nim(heaps=2)+chomp(rows=2;cols=2)+subtraction(moves=1,2;heap=4)", learner: None, opponent: None, mode: None, page: None
    },
    Preset {
        title: "Böhme’s G₄ (two-player): LNWT loses 2⁴ − 1 = 15 plays",
        spec: "game=graph&edges=a4-m4,a4-c4,m4-l4,c4-a3,a3-m3,a3-c3,m3-l3,c3-a2,a2-m2,a2-c2,m2-l2,c2-a1,a1-m1,a1-w,m1-l1&root=a4",
        learner: Some("lnwt"),
        opponent: Some("first"),
        mode: None,
        page: None,
    },
    Preset {
        title: "Böhme’s K₅ (two-player): LNWP loses 5 plays, LNWT one",
        spec: "game=graph&edges=a-c,a-w,c-b,b-m1,m1-l1,b-m2,m2-l2,b-m3,m3-l3,b-m4,m4-l4,b-m5,m5-l5&root=a",
        learner: Some("lnwp"),
        opponent: Some("first"),
        mode: None,
        page: None,
    },
    Preset {
        title: "Böhme’s H (two-player, with cycles): LLT loses every play, LLP draws",
        spec: "game=graph&edges=a-xab,a-xac,xab-b,xac-c,b-ybc,b-ybt,ybc-c,ybt-t,c-zct,c-zcb,zct-t,zcb-b&root=a",
        learner: Some("llt"),
        opponent: Some("first"),
        mode: None,
        page: None,
    },
    Preset {
        title: "Chomp 2 × 4: LNWP against a random opponent (compare with UMDA)",
        spec: "game=chomp&rows=2&cols=4",
        learner: Some("lnwp"),
        opponent: Some("random"),
        mode: None,
        page: None,
    },
    // Lesson 3: the same game and seed with three settings. With γ = 0 a move no winner played
    // gets p = 0 and is never sampled again, so a critical position can lose its winning move
    // for good; γ = 0.03 keeps every move alive (found after 4,640 games); μ = 200 averages
    // over more games per generation (found after 4,600, in 23 generations instead of 232).
    Preset {
        title: "UMDA on Chomp 4 × 4, μ = 20, γ = 0: the model freezes",
        spec: "game=chomp&rows=4&cols=4",
        learner: None,
        opponent: None,
        mode: Some("learn"),
        page: Some("mu=20&gamma=0&seed=1"),
    },
    Preset {
        title: "UMDA on Chomp 4 × 4, μ = 20, γ = 0.03: learns",
        spec: "game=chomp&rows=4&cols=4",
        learner: None,
        opponent: None,
        mode: Some("learn"),
        page: Some("mu=20&gamma=0.03&seed=1"),
    },
    Preset {
        title: "UMDA on Chomp 4 × 4, μ = 200, γ = paper: a larger population",
        spec: "game=chomp&rows=4&cols=4",
        learner: None,
        opponent: None,
        mode: Some("learn"),
        page: Some("mu=200&gamma=paper&seed=1"),
    },
];

/// Longest spec we read at all (a custom graph is typed into it, so it may be long).
pub const MAX_SPEC_BYTES: usize = 256 * 1024;

/// Normal play (the player unable to move loses, Benford & Lehre §2) or misère play (that player wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// Normal play: the player with no move loses.
    #[default]
    Normal,
    /// Misère play: the player with no move wins.
    Misere,
}

impl Play {
    /// `"normal"` or `"misere"`, as specs and reports write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}

/// A validated game spec: a family and a play convention.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSpec {
    /// The family and its validated parameters.
    pub family: Family,
    /// Normal or misère play.
    pub play: Play,
}

impl GameSpec {
    /// Parses and validates a spec string (a leading `?` or `#` is ignored).
    ///
    /// A spec whose canonical form (defaults written out) would exceed [`MAX_SPEC_BYTES`] is
    /// refused too, so that every canonical spec a report or link shows parses back.
    pub fn parse(text: &str) -> Result<GameSpec, InputError> {
        let pairs = parse_pairs(text)?;
        let spec = GameSpec::from_pairs(&pairs)?;
        let canonical = spec.to_string().len();
        if canonical > MAX_SPEC_BYTES {
            return Err(InputError::Malformed(format!(
                "written out in full it is {canonical} bytes long; at most {MAX_SPEC_BYTES} bytes are allowed"
            )));
        }
        Ok(spec)
    }

    /// Builds a spec from already split `key=value` pairs; every key must belong to the game.
    pub fn from_pairs(pairs: &[(String, String)]) -> Result<GameSpec, InputError> {
        // A set, not a list, for many keys: a 256 KiB spec may hold tens of thousands of them.
        // A few (every real spec) are compared pairwise, without hashing or allocating.
        if pairs.len() <= 16 {
            for (i, (key, _)) in pairs.iter().enumerate() {
                if pairs[..i].iter().any(|(k, _)| k == key) {
                    return Err(InputError::DuplicateKey(clipped(key)));
                }
            }
        } else {
            let mut seen = std::collections::HashSet::with_capacity(pairs.len());
            for (key, _) in pairs {
                if !seen.insert(key.as_str()) {
                    return Err(InputError::DuplicateKey(clipped(key)));
                }
            }
        }
        let get = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
        let family_name = get("game").ok_or_else(|| {
            InputError::Malformed(format!(
                "it has no 'game' key; start with game=NAME, NAME one of {}",
                family_names()
            ))
        })?;
        let unknown = || InputError::UnknownFamily { name: clipped(family_name), allowed: family_names() };
        let info = FAMILIES.iter().find(|f| f.name == family_name).ok_or_else(unknown)?;
        for (key, _) in pairs {
            if key != "game" && key != "play" && !info.keys.iter().any(|k| k.key == key) {
                return Err(InputError::UnknownKey {
                    family: info.name,
                    key: clipped(key),
                    allowed: info.allowed,
                });
            }
        }
        let family = Family::parse(info.name, &Keys::new(info.name, pairs)).ok_or_else(unknown)??;
        let play = match get("play") {
            None | Some("normal") => Play::Normal,
            Some("misere" | "misère") => Play::Misere,
            Some(other) => return Err(bad_value("play", other, "normal or misere")),
        };
        Ok(GameSpec { family, play })
    }
}

impl AsRef<Family> for GameSpec {
    fn as_ref(&self) -> &Family {
        &self.family
    }
}

impl fmt::Display for GameSpec {
    /// The canonical spec: keys in a fixed order, defaults written out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game={}", self.family.name())?;
        self.family.write_keys(f)?;
        write!(f, "&play={}", self.play.as_str())
    }
}

/// Splits a query string into decoded `(key, value)` pairs, keeping their order.
///
/// `%XX` escapes are decoded; `+` is kept as a literal plus (it is the poset grammar's parallel
/// union), unlike form encoding. Empty segments (`a=1&&b=2`) are skipped.
pub fn parse_pairs(text: &str) -> Result<Vec<(String, String)>, InputError> {
    if text.len() > MAX_SPEC_BYTES {
        return Err(InputError::Malformed(format!(
            "it is {} bytes long; at most {} bytes are allowed",
            text.len(),
            MAX_SPEC_BYTES
        )));
    }
    let text = trimmed(text);
    let text = text.strip_prefix('#').unwrap_or(text);
    let text = text.strip_prefix('?').unwrap_or(text);
    let mut pairs = Vec::new();
    for segment in text.split('&').filter(|s| !trimmed(s).is_empty()) {
        let (key, value) = segment.split_once('=').ok_or_else(|| {
            InputError::Malformed(format!("{} is not of the form key=value", quoted(segment)))
        })?;
        let key = percent_decode(trimmed(key))?;
        if key.is_empty() {
            return Err(InputError::Malformed(format!("{} has an empty key", quoted(segment))));
        }
        pairs.push((key, percent_decode(trimmed(value))?));
    }
    if pairs.is_empty() {
        return Err(InputError::Malformed(
            "it is empty; write game=NAME and its keys, e.g. game=nim&heaps=3,4,5".into(),
        ));
    }
    Ok(pairs)
}

/// `text.trim()`, without decoding characters from either end when both end bytes are
/// printable ASCII (no Unicode space is): every spec a page or a script writes.
fn trimmed(text: &str) -> &str {
    match (text.as_bytes().first(), text.as_bytes().last()) {
        (Some(a), Some(b)) if a.is_ascii_graphic() && b.is_ascii_graphic() => text,
        _ => text.trim(),
    }
}

fn percent_decode(text: &str) -> Result<String, InputError> {
    let bytes = text.as_bytes();
    // Most values have no escape: a copy, not a byte at a time.
    if !bytes.contains(&b'%') {
        return Ok(text.to_string());
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            // Exactly two hex digits (from_str_radix alone would also take "+3").
            let hex = bytes.get(i + 1..i + 3).filter(|h| h.iter().all(u8::is_ascii_hexdigit));
            let hex = hex.and_then(|h| std::str::from_utf8(h).ok());
            let byte = hex.and_then(|h| u8::from_str_radix(h, 16).ok()).ok_or_else(|| {
                InputError::Malformed(format!("{} has a '%' not followed by two hex digits", quoted(text)))
            })?;
            out.push(byte);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out)
        .map_err(|_| InputError::Malformed(format!("{} does not decode to UTF-8 text", quoted(text))))
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
            // The page passes these to the core's parsers: a typo would be a notice on every load.
            assert_eq!(preset.learner.is_some(), preset.opponent.is_some(), "{}", preset.title);
            // The page's modes (www/state.js MODES).
            let mode = preset.mode.unwrap_or("learn");
            assert!(["learn", "play", "duel", "steps"].contains(&mode), "{}", preset.title);
            if let (Some(rule), Some(opponent)) = (preset.learner, preset.opponent) {
                crate::learn::rules::Rule::parse(rule).unwrap();
                crate::learn::rules::Opponent::parse(opponent).unwrap();
            }
        }
    }

    #[test]
    fn an_overlong_spec_is_refused_before_parsing() {
        let text = format!("game=nim&heaps={}", "1,".repeat(MAX_SPEC_BYTES));
        assert!(GameSpec::parse(&text).unwrap_err().to_string().contains("bytes"));
    }
}
