//! Grundy sequences of heap games, computed by their recurrence (not through a position graph),
//! and their periods with a proof.
//!
//! A subtraction game's g(n) is the mex of g(n − s) over its moves s. Octal games (Winning
//! Ways ch. 4; see [`crate::games::octal`]) and other heap rules that split heaps (Grundy's
//! game, [`HeapRule::grundy`]) are computed by the sparse-space method of
//! [`super::sparse_space`]; [`octal_values_plain`] is the plain O(n²) recurrence the tests
//! compare it with. Periods are proven by Guy and Smith's theorem or a repeated window, in
//! linear time ([`super::period_proof`]).

use crate::error::InputError;
use crate::games::octal::OctalCode;
use crate::games::{Family, FamilyInfo, FAMILIES};
use crate::numbers::bad_value;
use crate::sizing::heap_rule::{self as rules, Recurrence};
use crate::spec::{parse_pairs, GameSpec};

pub use super::compact_values::Values;
pub use super::heap_recurrence::HeapRule;
pub use super::period_proof::{proof_comparisons, proven_period, Cells, Period, Proof};
pub use super::sparse_space::{OctalSequence, Status};

/// The largest `--to` a sequence may be asked for: 2^32 (the memory it needs is checked
/// separately, before anything is allocated; see [`bytes_per_heap`]).
pub const MAX_TO: u64 = 1 << 32;

/// How far a sequence is computed, without `--to`, while no period is proven: 2^26 heaps,
/// about 140 MB. 0.354, the latest published proof, needs 2·10^7.
pub const SEARCH_LIMIT: usize = 1 << 26;

/// How far `value` computes a sequence for a heap beyond any proven period, and the work it
/// may do doing so ([`VALUE_WORK`]; the growing codes reach that first).
pub const VALUE_LIMIT: usize = 1 << 20;
/// The most work `value` may do growing a sequence: pairs looked at and values checked against
/// the tables of scanned pairs ([`Status::pairs`]). The growing octal codes reach it in 0.2–0.45 s
/// of CPU on the project's 2-core machine (a refusal should come within a second: docs/spec.md).
pub const VALUE_WORK: u64 = 1 << 29;

/// How far `analyse` looks for an octal game's period: about 50 ms for a five-digit code
/// whose values grow (the quadratic case); Kayles and Dawson's Kayles are proven within 200.
pub const ANALYSE_LIMIT: usize = 1 << 12;

/// Memory a sequence needs per heap: two bytes a value. The period proof needs no memory of its
/// own (a two-way string search, [`super::period_proof`]) and the sparse-space search a fixed
/// amount; values past 65,535 widen to four bytes, which only the growing octal codes reach,
/// near 2^24 heaps, long after their quadratic cost has set the limit.
pub fn bytes_per_heap() -> f64 {
    2.0
}

/// A heap game whose Grundy sequence is computed by its recurrence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeapGame {
    /// A subtraction game's moves, ascending.
    Subtraction(Vec<u64>),
    /// An octal game (Winning Ways ch. 4), through the sparse-space engine.
    Octal(OctalCode),
    /// Any other rule that takes from one heap and leaves at most two (Grundy's game), through
    /// the sparse-space engine.
    Rule(HeapRule),
    /// Any other family with a heap rule ([`crate::sizing::heap_rule`]): its closed form when a
    /// theorem gives one (Lasker's Nim), else the plain recurrence over the rule's moves; no
    /// period proof.
    Family(Family),
}

/// g(0..=to) of a heap game and the least period proven within those values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sequence {
    /// g(0), g(1), … as far as computed.
    pub values: Values,
    /// The least period proven from `values`, if any.
    pub period: Option<Period>,
    /// The sparse-space computation's last status (mask, rare heaps); None for a subtraction
    /// game, whose values need no search.
    pub search: Option<Status>,
}

impl HeapGame {
    /// The heap game of a family, if it is one.
    /// Nim (whose values are the heaps themselves) is not one here.
    pub fn of(family: &Family) -> Option<HeapGame> {
        let rule = family.heap_sum()?.rule;
        if rule.formula().is_some_and(|f| f.identity) {
            return None;
        }
        Some(match rule.recurrence() {
            Recurrence::Subtraction(moves) => HeapGame::Subtraction(moves.to_vec()),
            Recurrence::Octal(digits) => HeapGame::Octal(OctalCode::from_digits(digits)),
            Recurrence::SplitUnequal => HeapGame::grundy(),
            Recurrence::Plain => HeapGame::Family(family.clone()),
        })
    }

    /// Grundy's game: split one heap into two unequal non-empty heaps.
    pub fn grundy() -> HeapGame {
        HeapGame::Rule(HeapRule::grundy())
    }

    /// Reads a spec of a heap game; its heap key may be left out (the sequence is of single
    /// heaps of every size). Returns the game and its canonical spec.
    pub fn parse(text: &str) -> Result<(HeapGame, String), InputError> {
        let mut pairs = parse_pairs(text)?;
        let game = pairs.iter().find(|(k, _)| k == "game").map(|(_, v)| v.clone());
        let heap_games = || heap_families().join(", ");
        let info = match game.as_deref() {
            Some(name) => match FAMILIES.iter().find(|f| f.name == name && heap_key(f).is_some()) {
                Some(info) => Some(info),
                None => {
                    let allowed = format!("{}: sequences are of heap games", heap_games());
                    return Err(bad_value("game", name, &allowed));
                }
            },
            None => None,
        };
        let heap_key = info.and_then(heap_key).unwrap_or("");
        if !heap_key.is_empty() && !pairs.iter().any(|(k, _)| k == heap_key) {
            pairs.push((heap_key.to_string(), "0".to_string()));
        }
        let spec = GameSpec::from_pairs(&pairs)?;
        if spec.play != crate::spec::Play::Normal {
            return Err(bad_value("play", "misere", "normal: a sequence holds normal-play Grundy values"));
        }
        let heap_game =
            HeapGame::of(&spec.family).ok_or_else(|| bad_value("game", spec.family.name(), &heap_games()))?;
        // The canonical spec without the heap key, which a sequence does not use.
        let canonical = spec.to_string();
        let canonical = canonical
            .split('&')
            .filter(|pair| !pair.starts_with(&format!("{heap_key}=")))
            .collect::<Vec<_>>()
            .join("&");
        Ok((heap_game, canonical))
    }

    /// Whether a period of this game's sequence can be proven from its values.
    pub fn proves_periods(&self) -> bool {
        self.proof() != Proof::None
    }

    /// What proves a period of this game.
    pub fn proof(&self) -> Proof {
        match self {
            // A move longer than any heap computed never proves anything (the proof's bounds
            // are checked subtractions, so a huge move cannot overflow them).
            HeapGame::Subtraction(moves) => Proof::Window {
                largest_move: moves.last().map_or(1, |&s| usize::try_from(s).unwrap_or(usize::MAX)),
            },
            HeapGame::Octal(code) => Proof::Octal { code_len: code.len() },
            HeapGame::Rule(rule) if rule.is_octal() => Proof::Octal { code_len: rule.longest_removal() },
            HeapGame::Rule(_) | HeapGame::Family(_) => Proof::None,
        }
    }

    /// The sparse-space computation of a splitting game (None for a subtraction game and a
    /// family computed by its formula or plain recurrence).
    pub fn engine(&self) -> Option<OctalSequence> {
        match self {
            HeapGame::Subtraction(_) | HeapGame::Family(_) => None,
            HeapGame::Octal(code) => Some(OctalSequence::new(code.clone())),
            HeapGame::Rule(rule) => Some(OctalSequence::of_rule(rule.clone())),
        }
    }

    /// g(0..=to) and the least period proven within those values.
    pub fn values_to(&self, to: usize) -> Sequence {
        self.values_while(to, false, |_| true).0
    }

    /// Computes g up to heap `to` (or, with `until_proven`, until a period is proven, the
    /// values ending where the proof was found), telling `go_on` the status every few thousand
    /// heaps; stops early when it says so. Returns the values computed and whether they
    /// reached their goal.
    pub fn values_while(
        &self,
        to: usize,
        until_proven: bool,
        go_on: impl FnMut(&Status) -> bool,
    ) -> (Sequence, bool) {
        let Some(mut engine) = self.engine() else {
            return match self {
                HeapGame::Family(family) => {
                    (Sequence { values: rule_values(family, to).into(), period: None, search: None }, true)
                }
                HeapGame::Subtraction(moves) => {
                    (subtraction_sequence(moves, to, until_proven, self.proof()), true)
                }
                HeapGame::Octal(_) | HeapGame::Rule(_) => {
                    unreachable!("octal games and rules have an engine")
                }
            };
        };
        engine.reserve_to(to);
        let done = engine.run(to, until_proven, go_on);
        let search = Some(engine.status());
        let proof = engine.proof();
        let values = engine.into_values();
        let period = values.proven_period(proof);
        (Sequence { values, period, search }, done)
    }

    /// Computes g until a period is proven or `limit` heaps are reached; the values end where
    /// the proof was found.
    pub fn until_period(&self, limit: usize) -> Sequence {
        self.values_while(limit, true, |_| true).0
    }
}

/// g(0..=to) of a heap rule that is neither a subtraction nor an octal game: by its closed
/// form when it has one, else by the plain recurrence ([`rules::plain_values`]).
fn rule_values(family: &Family, to: usize) -> Vec<u32> {
    let Some(heaps) = family.heap_sum() else { return Vec::new() };
    match heaps.rule.formula() {
        // Values past u32 would need heaps past 2^32, far beyond MAX_TO.
        Some(formula) => (0..=to as u64).map(|n| (formula.g)(n) as u32).collect(),
        None => rules::plain_values(heaps.rule, to),
    }
}

/// The spec key naming a family's heaps, for families with a heap rule: the key `heap` or
/// `heaps` whose value 0 gives a game with a heap rule.
fn heap_key(info: &FamilyInfo) -> Option<&'static str> {
    let key = info.keys.iter().find(|k| k.key == "heap" || k.key == "heaps")?.key;
    let pairs: Vec<(String, String)> = std::iter::once(("game".to_string(), info.name.to_string()))
        .chain(
            info.keys
                .iter()
                .map(|k| (k.key.to_string(), if k.key == key { "0" } else { k.example }.to_string())),
        )
        .collect();
    let family = GameSpec::from_pairs(&pairs).ok()?.family;
    HeapGame::of(&family)?;
    family.heap_sum().map(|h| h.key)
}

/// The names of the families whose positions are heaps under one rule.
fn heap_families() -> Vec<&'static str> {
    FAMILIES.iter().filter(|f| heap_key(f).is_some()).map(|f| f.name).collect()
}

/// A subtraction game's sequence to `to`, or (with `until_proven`) doubling its length until
/// a period is proven; each proof is linear, so the doubling costs O(to) in all.
fn subtraction_sequence(moves: &[u64], to: usize, until_proven: bool, proof: Proof) -> Sequence {
    let mut length = if until_proven { 255.min(to) } else { to };
    loop {
        let values = subtraction_cells(moves, length);
        let period = values.proven_period(proof);
        if period.is_some() || length >= to {
            return Sequence { values, period, search: None };
        }
        length = (2 * length + 1).min(to);
    }
}

/// g(0..=to) of an octal game by the plain recurrence, every option listed: the twin the tests
/// compare the fast method with, and what small sequences use.
pub fn octal_values_plain(code: &OctalCode, to: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(to + 1);
    let mut top = 0;
    for n in 0..=to {
        // The XOR of values below a power of two is below it, and so is every option.
        let mut option = vec![false; (top as usize + 1).next_power_of_two()];
        for i in 1..=code.len().min(n) {
            let (d, m) = (code.digit(i), n - i);
            if d & 1 != 0 && m == 0 {
                option[0] = true;
            }
            if d & 2 != 0 && m >= 1 {
                option[g[m] as usize] = true;
            }
            if d & 4 != 0 {
                for a in 1..m {
                    option[(g[a] ^ g[m - a]) as usize] = true;
                }
            }
        }
        let value = option.iter().position(|&o| !o).unwrap_or(option.len()) as u32;
        top = top.max(value);
        g.push(value);
    }
    g
}

/// g(0..=to) of the subtraction game with `moves` (any order, each ≥ 1).
pub fn subtraction_values(moves: &[u64], to: usize) -> Vec<u32> {
    subtraction_cells(moves, to).to_vec()
}

/// The same in compact cells (its values are at most the number of moves).
pub fn subtraction_cells(moves: &[u64], to: usize) -> Values {
    let mut g = Values::with_capacity(to + 1);
    let mut seen = vec![usize::MAX; moves.len() + 2];
    for n in 0..=to {
        for &s in moves {
            if s as usize <= n {
                let v = g.get(n - s as usize) as usize;
                if v < seen.len() {
                    seen[v] = n;
                }
            }
        }
        g.push((0..seen.len()).find(|&v| seen[v] != n).unwrap_or(0) as u32);
    }
    g
}

/// Most values a Grundy strip shows (a row of cells on the page).
pub const STRIP_MAX: usize = 600;
/// How far a strip looks for a period (Kayles and Dawson's Kayles are proven within 255).
pub const STRIP_SEARCH: usize = 1 << 10;

/// A heap game's Grundy values for the page's strip: g(0), g(1), … far enough to show the
/// game's heaps and, when a period is proven, the preperiod and three periods.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Strip {
    /// g(0), g(1), … as far as the strip shows.
    pub values: Vec<u32>,
    /// The least period proven, if any.
    pub period: Option<Period>,
    /// The game's starting heaps (the cells to mark).
    pub heaps: Vec<u64>,
    /// What the board calls one heap: "heap", or "row" (rows of pins).
    pub unit: &'static str,
}

/// The strip of a heap game; None for other families.
pub fn strip(family: &Family) -> Option<Strip> {
    let game = HeapGame::of(family)?;
    let sum = family.heap_sum()?;
    let (heaps, unit) = (sum.heaps.to_vec(), sum.unit);
    let largest = heaps.iter().copied().max().unwrap_or(0).min(STRIP_MAX as u64 - 1) as usize;
    let sequence = game.until_period(STRIP_SEARCH.max(largest));
    let wanted = match sequence.period {
        Some(p) => (p.preperiod + 3 * p.period).max(largest + 1),
        None => (largest + 1).max(60),
    };
    let mut values = sequence.values.to_vec();
    values.truncate(wanted.min(STRIP_MAX));
    Some(Strip { values, period: sequence.period, heaps, unit })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> OctalCode {
        OctalCode::parse(text).unwrap()
    }

    fn fast(text: &str, to: usize) -> Vec<u32> {
        let mut s = OctalSequence::new(code(text));
        s.extend_to(to);
        s.values().to_vec()
    }

    /// Winning Ways' table of Kayles: period 12 after the last exceptional value at n = 70.
    #[test]
    fn kayles_has_period_12_from_71() {
        let g = fast("0.77", 400);
        assert_eq!(&g[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        let period = proven_period(&g[..], Proof::Octal { code_len: 2 }).unwrap();
        assert_eq!(period, Period { preperiod: 71, period: 12 });
    }

    /// Dawson's Kayles (0.07): period 34. Its last exceptional value is at n = 52 here, n = 51
    /// in Dawson's chess (OEIS A002187, whose a(n) is g(n + 1) of 0.07).
    #[test]
    fn dawsons_kayles_has_period_34() {
        let g = fast("0.07", 400);
        let a002187 = [
            0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
            7, 4,
        ];
        assert_eq!(&g[1..35], &a002187);
        let exceptions: Vec<usize> = (0..300).filter(|&n| g[n] != g[n + 34]).collect();
        assert_eq!(exceptions, [0, 15, 17, 32, 35, 52]);
        let period = proven_period(&g[..], Proof::Octal { code_len: 2 }).unwrap();
        assert_eq!(period, Period { preperiod: 53, period: 34 });
    }

    /// Gangolli and Plambeck (1989): 0.16 is periodic with period 149,459, its last exceptional
    /// value at n = 105,350 (the theorem needs about 510,000 values to prove it).
    #[test]
    fn game_0_16_has_the_period_gangolli_and_plambeck_found() {
        let mut s = OctalSequence::new(code("0.16"));
        s.extend_to(600_000);
        assert_eq!(s.period(), Some(Period { preperiod: 105_351, period: 149_459 }));
        let g = s.values();
        assert_eq!(proven_period(&g[..], Proof::Octal { code_len: 2 }), s.period());
        assert_ne!(g[105_350], g[105_350 + 149_459]);
    }

    #[test]
    fn the_fast_method_equals_the_plain_recurrence() {
        for text in ["0.137", "0.165", "0.644", "0.0", "0.004", "0.106", "0.4444"] {
            assert_eq!(fast(text, 3000), octal_values_plain(&code(text), 3000), "{text}");
        }
    }

    /// Every one- and two-digit code to 2^14, past the heaps where the sparse-space classes are
    /// first chosen (512) and chosen again as values widen: the games whose values grow (0.04,
    /// 0.06, 0.76) scan, the others split; all must equal the plain recurrence.
    #[test]
    fn every_two_digit_code_equals_the_plain_recurrence() {
        let to = 1 << 14;
        for d1 in 0..8 {
            for d2 in std::iter::once(None).chain((0..8).map(Some)) {
                let text = match d2 {
                    None => format!("0.{d1}"),
                    Some(d2) => format!("0.{d1}{d2}"),
                };
                assert_eq!(fast(&text, to), octal_values_plain(&code(&text), to), "{text}");
            }
        }
    }

    #[test]
    fn subtraction_periods_agree_with_the_window_search() {
        for moves in [vec![1, 3, 4], vec![2, 3], vec![1, 2], vec![3, 5, 9], vec![4, 7, 12]] {
            let g = subtraction_values(&moves, 5000);
            let largest = *moves.iter().max().unwrap() as usize;
            let ours = proven_period(&g[..], Proof::Window { largest_move: largest }).unwrap();
            let theirs = super::super::period::subtraction_period(&moves, 5000).unwrap();
            assert_eq!(
                (ours.preperiod as u64, ours.period as u64),
                (theirs.preperiod, theirs.period),
                "{moves:?}"
            );
        }
    }

    #[test]
    fn too_few_values_prove_nothing() {
        let g = fast("0.77", 100);
        assert_eq!(proven_period(&g[..], Proof::Octal { code_len: 2 }), None);
        assert_eq!(proven_period(&[0u32][..], Proof::Window { largest_move: 1 }), None);
    }
}
