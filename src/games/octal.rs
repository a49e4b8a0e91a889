//! Octal games (Winning Ways, ch. 4 "Taking and Breaking"): the code `0.d1d2…dk`.
//!
//! Digit d_i says what removing i counters from one heap may do, bit by bit: 1 — take the
//! whole heap (it must have exactly i counters); 2 — leave one non-empty heap; 4 — leave two
//! non-empty heaps. Kayles is 0.77, Dawson's Kayles 0.07. Trailing zeros allow nothing, so the
//! canonical code drops them; its length k is the one the periodicity theorem uses.
//!
//! Positions: the multisets of heaps reachable from the starting heaps. Label: the non-empty
//! heaps in non-increasing order, `5,3,3`; the position with no heaps is `0`. Ids: by the
//! number of counters left, then by label; every move removes counters, so ids are reverse
//! topological and the start is the largest id.

use std::collections::HashMap;
use std::fmt;

use super::codec::{join_u64, numbers};
use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::combinatorics::U64Map;
use crate::error::{clipped, InputError};
use crate::graph::{CsrBuilder, GameGraph, Labeling};
use crate::size::{Bound, Size};
use crate::value::{bad_value, parse_list};

/// Most starting heaps an octal spec may list (each non-empty heap multiplies the positions, so
/// the budget binds first; this only stops endless lists of empty heaps).
pub const MAX_HEAPS: usize = 64;

const HEAPS: &str = "a comma-separated list of heap sizes (whole numbers), e.g. 10 or 4,7";

/// An octal game from its starting heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Octal {
    pub code: OctalCode,
    pub heaps: Vec<u64>,
}

impl Game for Octal {
    const INFO: FamilyInfo = family_info!(
        "octal",
        "Octal game",
        [("code", "Code (0.d1d2…)", "0.77", ALLOWED, None), ("heaps", "Heaps", "10", HEAPS, None)]
    );

    fn parse(keys: &Keys) -> Result<Octal, InputError> {
        let code = OctalCode::parse(keys.need("code")?)?;
        let text = keys.need("heaps")?;
        let heaps = parse_list("heaps", text, 0, u64::MAX, HEAPS)?;
        if heaps.len() > MAX_HEAPS {
            return Err(bad_value("heaps", text, &format!("at most {MAX_HEAPS} heaps")));
        }
        Ok(Octal { code, heaps })
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&code={}&heaps={}", self.code, join_u64(&self.heaps))
    }

    fn estimate(&self, limits: &Limits) -> Result<Size, InputError> {
        Ok(estimate(&self.code, &self.heaps, limits))
    }

    fn build(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        build(&self.code, &self.heaps, limits)
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        let label = graph.label(v);
        let heaps = if label == "0" { Vec::new() } else { numbers(&label).unwrap_or_default() };
        PositionView::Pins { rows: heaps }
    }

    fn rules(&self) -> String {
        pin_rules(&self.code)
    }
}

/// The code's moves in words (Winning Ways ch. 4, as the module doc reads the digits): for each
/// number i of pins with d_i ≠ 0, where in a row they may be knocked down.
pub fn pin_rules(code: &OctalCode) -> String {
    let clauses: Vec<String> = (1..=code.len())
        .filter(|&i| code.digit(i) != 0)
        .map(|i| {
            let d = code.digit(i);
            let pins = if i == 1 { "1 pin".to_string() } else { format!("{i} adjacent pins") };
            let mut ways = Vec::new();
            if d & 1 != 0 {
                ways.push(format!("a whole row of {i}"));
            }
            if d & 2 != 0 {
                ways.push("from either end of a longer row".to_string());
            }
            if d & 4 != 0 {
                ways.push("from the middle, splitting the row in two".to_string());
            }
            format!("{pins} ({})", crate::games::family::or_list(&ways))
        })
        .collect();
    if clauses.is_empty() {
        return "No move is allowed (every digit of the code is 0).".into();
    }
    format!("Knock down pins in one row: {}.", crate::games::family::or_list(&clauses))
}

/// Labels: each position's heaps. Invariant: sorted by (counters left, heaps), the id order,
/// so a label is found by binary search.
#[derive(Debug, Clone)]
struct Positions(Vec<Heaps>);

impl Labeling for Positions {
    fn label(&self, v: usize) -> String {
        label(&self.0[v])
    }

    fn find(&self, text: &str) -> Option<u64> {
        let heaps = if text == "0" { Vec::new() } else { numbers(text)? };
        if heaps.contains(&0) || heaps.windows(2).any(|w| w[0] < w[1]) {
            return None;
        }
        let key = (counters(&heaps), heaps.as_slice());
        self.0.binary_search_by(|p| (counters(p), p.as_slice()).cmp(&key)).ok().map(|v| v as u64)
    }
}

/// Longest code accepted, in digits after `0.`.
pub const MAX_CODE_DIGITS: usize = 32;

/// What the `code` key allows, said in every refusal.
const ALLOWED: &str =
    "an octal code 0.d1d2…dk with 1 to 32 digits from 0 to 7, e.g. 0.77 (Kayles) or 0.07 (Dawson's Kayles)";

/// A parsed octal code: `digits[i - 1]` is d_i.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    digits: Vec<u8>,
}

impl OctalCode {
    /// Parses `0.d1d2…dk` (1 to [`MAX_CODE_DIGITS`] octal digits).
    pub fn parse(text: &str) -> Result<OctalCode, InputError> {
        let bad =
            || InputError::BadValue { key: "code".into(), value: clipped(text), allowed: ALLOWED.into() };
        let digits = text.trim().strip_prefix("0.").ok_or_else(bad)?;
        if digits.is_empty()
            || digits.len() > MAX_CODE_DIGITS
            || !digits.bytes().all(|b| (b'0'..=b'7').contains(&b))
        {
            return Err(bad());
        }
        let mut digits: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
        while digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode { digits })
    }

    /// The code with the given digits d_1…d_k (each 0–7; trailing zeros dropped).
    pub fn from_digits(digits: &[u8]) -> OctalCode {
        let mut digits: Vec<u8> = digits.iter().map(|d| d & 7).collect();
        while digits.last() == Some(&0) {
            digits.pop();
        }
        OctalCode { digits }
    }

    /// k: the largest number of counters a move removes (0 for a code that allows nothing).
    pub fn len(&self) -> usize {
        self.digits.len()
    }

    pub fn is_empty(&self) -> bool {
        self.digits.is_empty()
    }

    /// d_i for i ≥ 1 (0 beyond the code).
    pub fn digit(&self, i: usize) -> u8 {
        if i == 0 {
            0
        } else {
            self.digits.get(i - 1).copied().unwrap_or(0)
        }
    }

    /// Whether some move splits a heap in two (a digit with bit 4).
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & 4 != 0)
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0.")?;
        if self.digits.is_empty() {
            return write!(f, "0");
        }
        for d in &self.digits {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// One position: its non-empty heaps, non-increasing.
type Heaps = Vec<u64>;

/// The moves from `position`: each distinct heap, each digit's removals and what they leave;
/// distinct targets, each non-increasing. Stops (returning false) once `edges` passes `cap`.
fn moves_from(code: &OctalCode, position: &[u64], out: &mut Vec<Heaps>, edges: &mut u64, cap: u64) -> bool {
    out.clear();
    let mut previous = None;
    for (j, &h) in position.iter().enumerate() {
        if previous == Some(h) {
            continue; // equal heaps give equal moves
        }
        previous = Some(h);
        let replace = |out: &mut Vec<Heaps>, parts: &[u64]| {
            let mut next: Heaps = position[..j].iter().chain(&position[j + 1..]).copied().collect();
            next.extend_from_slice(parts);
            next.sort_unstable_by(|a, b| b.cmp(a));
            out.push(next);
        };
        for i in 1..=(code.len() as u64).min(h) {
            let (d, rest) = (code.digit(i as usize), h - i);
            if d & 1 != 0 && rest == 0 {
                replace(out, &[]);
            }
            if d & 2 != 0 && rest >= 1 {
                replace(out, &[rest]);
            }
            if d & 4 != 0 && rest >= 2 {
                if *edges + rest / 2 > cap {
                    return false;
                }
                for a in 1..=rest / 2 {
                    replace(out, &[rest - a, a]);
                }
            }
            if *edges + out.len() as u64 > cap {
                return false;
            }
        }
    }
    *edges += out.len() as u64;
    out.sort_unstable();
    out.dedup();
    true
}

/// Every position reachable from `start`, or None once there are more than the budget allows.
fn reachable(code: &OctalCode, start: &[u64], limits: &Limits) -> Result<(Vec<Heaps>, u64), Bound> {
    let mut root: Heaps = start.iter().copied().filter(|&h| h > 0).collect();
    root.sort_unstable_by(|a, b| b.cmp(a));
    let mut seen: HashMap<Heaps, ()> = HashMap::new();
    let mut stack = vec![root.clone()];
    seen.insert(root, ());
    let (mut edges, mut out) = (0u64, Vec::new());
    while let Some(position) = stack.pop() {
        let mut counted = 0;
        if !moves_from(code, &position, &mut out, &mut counted, limits.max_edges.saturating_sub(edges)) {
            return Err(Bound::AtLeast);
        }
        edges += out.len() as u64;
        for next in out.drain(..) {
            if !seen.contains_key(&next) {
                if seen.len() as u64 >= limits.max_positions {
                    return Err(Bound::AtLeast);
                }
                seen.insert(next.clone(), ());
                stack.push(next);
            }
        }
    }
    Ok((seen.into_keys().collect(), edges))
}

/// A lower bound on the reachable positions, computed without enumerating any: with r the
/// smallest removal whose digit may leave one heap (bit 2), each of m heaps that start at h can
/// stand at any of c = ⌊(h − 1)/r⌋ + 1 sizes h, h − r, … ≥ 1 while the others stay, which gives
/// C(c + m − 1, m) distinct multisets. 27 heaps of 100 are refused at once by it, where counting
/// took 16 s.
fn positions_at_least(code: &OctalCode, heaps: &[u64]) -> u128 {
    let Some(r) = (1..=code.len()).find(|&i| code.digit(i) & 2 != 0) else { return 1 };
    let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    sorted.sort_unstable();
    sorted
        .chunk_by(|a, b| a == b)
        .map(|group| {
            let (c, m) = (u128::from((group[0] - 1) / r as u64) + 1, group.len() as u128);
            // C(c + m − 1, m) as a running product, each step exact; saturated far above any budget.
            (1..=m)
                .try_fold(1u128, |acc, i| {
                    let next = acc.checked_mul(c - 1 + i)? / i;
                    (next < 1 << 100).then_some(next)
                })
                .unwrap_or(1 << 100)
        })
        .max()
        .unwrap_or(1)
}

/// Whether more positions or moves than `limits` allow are reachable, decided by a quick count
/// that names each position by a hash of its multiset of heaps (the sum of one 64-bit mix per
/// heap, so a move changes it in O(1) and no position is copied per move). A collision can only
/// lower the count; an instance under the budget is then counted exactly by [`reachable`].
/// Copying and sorting a position per move made refusing `code=0.6126&heaps=100` take 37 s.
fn surely_too_large(code: &OctalCode, start: &[u64], limits: &Limits) -> bool {
    let mix = |h: u64| {
        // SplitMix64's finaliser.
        let mut z = h.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let root: Heaps = start.iter().copied().filter(|&h| h > 0).collect();
    let hash = |heaps: &[u64]| heaps.iter().fold(0u64, |acc, &h| acc.wrapping_add(mix(h)));
    let mut seen: U64Map<()> = U64Map::default();
    seen.insert(hash(&root), ());
    if limits.max_positions == 0 {
        return true;
    }
    let mut stack = vec![root];
    let (mut edges, mut out) = (0u64, Vec::<(u64, usize, [u64; 2])>::new());
    while let Some(position) = stack.pop() {
        let whole = hash(&position);
        out.clear();
        let mut previous = None;
        for (j, &h) in position.iter().enumerate() {
            if previous == Some(h) {
                continue;
            }
            previous = Some(h);
            let less = whole.wrapping_sub(mix(h));
            for i in 1..=(code.len() as u64).min(h) {
                let (d, rest) = (code.digit(i as usize), h - i);
                if d & 1 != 0 && rest == 0 {
                    out.push((less, j, [0, 0]));
                }
                if d & 2 != 0 && rest >= 1 {
                    out.push((less.wrapping_add(mix(rest)), j, [rest, 0]));
                }
                if d & 4 != 0 && rest >= 2 {
                    if edges + out.len() as u64 + rest / 2 > limits.max_edges {
                        return true;
                    }
                    for a in 1..=rest / 2 {
                        out.push((less.wrapping_add(mix(rest - a)).wrapping_add(mix(a)), j, [rest - a, a]));
                    }
                }
                if edges + out.len() as u64 > limits.max_edges {
                    return true;
                }
            }
        }
        out.sort_unstable_by_key(|m| m.0);
        out.dedup_by_key(|m| m.0);
        edges += out.len() as u64;
        for &(key, j, parts) in &out {
            if seen.insert(key, ()).is_none() {
                if seen.len() as u64 > limits.max_positions {
                    return true;
                }
                let mut next: Heaps = position[..j].iter().chain(&position[j + 1..]).copied().collect();
                next.extend(parts.iter().copied().filter(|&p| p > 0));
                stack.push(next);
            }
        }
    }
    false
}

/// The game's size: counted by enumerating the positions, stopping past the budget (then a
/// lower bound). The count costs at most what the budget allows a build to cost.
pub fn estimate(code: &OctalCode, heaps: &[u64], limits: &Limits) -> Size {
    let refused = || Size {
        positions: u128::from(limits.max_positions) + 1,
        edges: u128::from(limits.max_edges) + 1,
        bound: Bound::AtLeast,
    };
    if positions_at_least(code, heaps) > u128::from(limits.max_positions)
        || surely_too_large(code, heaps, limits)
    {
        return refused();
    }
    match reachable(code, heaps, limits) {
        Ok((positions, edges)) => {
            Size { positions: positions.len() as u128, edges: u128::from(edges), bound: Bound::Exact }
        }
        Err(bound) => Size {
            positions: u128::from(limits.max_positions) + 1,
            edges: u128::from(limits.max_edges) + 1,
            bound,
        },
    }
}

/// Builds the graph of the octal game `code` from the starting `heaps`, within `limits`.
pub fn build(code: &OctalCode, heaps: &[u64], limits: &Limits) -> Result<GameGraph, InputError> {
    let too_large = || InputError::TooLarge {
        family: "octal",
        what: "positions or moves",
        size: u128::from(limits.max_positions) + 1,
        bound: Bound::AtLeast,
        budget: limits.max_positions,
    };
    let (mut positions, edges) = reachable(code, heaps, limits).map_err(|_| too_large())?;
    positions.sort_unstable_by(|a, b| (counters(a), a).cmp(&(counters(b), b)));
    let id_of: HashMap<&[u64], u32> =
        positions.iter().enumerate().map(|(i, p)| (p.as_slice(), i as u32)).collect();
    let mut csr = CsrBuilder::with_capacity(positions.len(), edges as usize);
    let mut out = Vec::new();
    for position in &positions {
        let mut counted = 0;
        moves_from(code, position, &mut out, &mut counted, u64::MAX);
        let mut targets: Vec<u32> = out.iter().map(|next| id_of[next.as_slice()]).collect();
        targets.sort_unstable();
        csr.targets.extend(targets);
        csr.end_position();
    }
    drop(id_of);
    Ok(GameGraph::from_csr(csr.offsets, csr.targets, Positions(positions)))
}

/// The counters left in a position, in u128: 64 heaps of up to 2^64 − 1 counters cannot
/// overflow it (a u64 sum would, and then misorder the ids).
fn counters(heaps: &[u64]) -> u128 {
    heaps.iter().map(|&h| u128::from(h)).sum()
}

/// A position's label: its heaps, non-increasing, or `0` for none.
pub fn label(heaps: &[u64]) -> String {
    if heaps.is_empty() {
        return "0".to_string();
    }
    heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quick_bounds_agree_with_the_exact_count() {
        let big = Limits { max_positions: 1 << 40, max_edges: 1 << 40 };
        for code in ["0.77", "0.07", "0.6126", "0.33", "0.4", "0.137", "0.2", "0.0"] {
            let code = OctalCode::parse(code).unwrap();
            for heaps in [&[5u64][..], &[7, 7, 7], &[9, 4, 4], &[3, 3, 3, 3, 2], &[12]] {
                let (positions, _) = reachable(&code, heaps, &big).unwrap();
                let exact = positions.len() as u128;
                assert!(positions_at_least(&code, heaps) <= exact, "{code} {heaps:?}");
                // The hash count refuses exactly when the exact count passes the budget.
                for budget in [exact - 1, exact] {
                    let limits = Limits { max_positions: budget as u64, max_edges: 1 << 40 };
                    assert_eq!(surely_too_large(&code, heaps, &limits), budget < exact, "{code} {heaps:?}");
                }
            }
        }
    }

    #[test]
    fn codes_parse_and_print_canonically() {
        let kayles = OctalCode::parse("0.77").unwrap();
        assert_eq!((kayles.len(), kayles.digit(1), kayles.digit(2), kayles.digit(3)), (2, 7, 7, 0));
        assert!(kayles.splits());
        assert_eq!(OctalCode::parse("0.0700").unwrap().to_string(), "0.07");
        assert_eq!(OctalCode::parse("0.000").unwrap().to_string(), "0.0");
        assert!(!OctalCode::parse("0.33").unwrap().splits());
        assert_eq!(OctalCode::parse(&format!("0.{}", "1".repeat(32))).unwrap().len(), 32);
    }

    /// The position graph's Grundy values of single heaps are the sequence's, and of two heaps
    /// their XOR (the Sprague–Grundy theorem); sizes are counted exactly.
    #[test]
    fn the_position_graph_agrees_with_the_sequence() {
        use crate::analysis::sequence::octal_values_plain;
        use crate::analysis::Analysis;
        use crate::spec::Play;
        for text in ["0.77", "0.07", "0.6", "0.137", "0.4"] {
            let code = OctalCode::parse(text).unwrap();
            let g = octal_values_plain(&code, 14);
            for heaps in [vec![14], vec![9, 5], vec![6, 0, 6]] {
                let graph = build(&code, &heaps, &Limits::DEFAULT).unwrap();
                let size = estimate(&code, &heaps, &Limits::DEFAULT);
                assert_eq!((size.positions, size.edges), (graph.len() as u128, graph.edge_count() as u128));
                let analysis = Analysis::new(&graph, Play::Normal);
                let grundy = analysis.grundy.unwrap();
                let expected = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
                assert_eq!(grundy[graph.root()], expected, "{text} {heaps:?}");
                assert_eq!(
                    graph.label(graph.root()),
                    label(&{
                        let mut h: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
                        h.sort_unstable_by(|a, b| b.cmp(a));
                        h
                    })
                );
                assert!(graph.moves(0).is_empty());
            }
        }
    }

    #[test]
    fn labels_list_heaps_non_increasing() {
        let kayles = OctalCode::parse("0.77").unwrap();
        let graph = build(&kayles, &[2, 3], &Limits::DEFAULT).unwrap();
        let labels: Vec<String> = (0..graph.len()).map(|v| graph.label(v)).collect();
        assert_eq!(labels[0], "0");
        assert_eq!(labels.last().unwrap(), "3,2");
        assert!(labels.contains(&"1,1,1".to_string()) && labels.contains(&"2,1".to_string()));
        assert!(!labels.iter().any(|l| l.contains(",0") || l.starts_with("0,")));
    }

    #[test]
    fn large_instances_are_refused_within_the_budget() {
        let kayles = OctalCode::parse("0.77").unwrap();
        let small = Limits { max_positions: 1000, max_edges: 10_000 };
        let started = std::time::Instant::now();
        for heaps in [vec![200], vec![u64::MAX / 2], vec![40, 40, 40]] {
            let size = estimate(&kayles, &heaps, &small);
            assert_eq!(size.bound, Bound::AtLeast, "{heaps:?}");
            assert!(build(&kayles, &heaps, &small).is_err());
        }
        assert!(started.elapsed().as_secs() < 2);
    }

    #[test]
    fn bad_codes_are_one_sentence_naming_what_is_allowed() {
        for text in ["", "0.", "1.7", "0.8", "0.79", ".77", "0,77", "0.7a", "4.07", "0. 7"] {
            let err = OctalCode::parse(text).unwrap_err().to_string();
            assert!(err.contains("is not a valid value for code: an octal code 0.d1d2…dk"), "{text}: {err}");
        }
        assert!(OctalCode::parse(&format!("0.{}", "1".repeat(33))).is_err());
    }
}
