//! Poset games, Fenner & Rogers §1.1.
//!
//! Rules: a finite poset; a move picks a remaining element x and removes every remaining
//! y ≥ x. The player facing the empty poset cannot move and loses. The remaining set is always
//! a down-set, and every down-set is reachable.
//!
//! Grammar of the `poset` key (Fenner & Rogers Def 1.2 and the list after it):
//! - atoms: `C3` chain of 3, `A3` antichain of 3, `V3` = A3/C1, `L3` = Λ_3 = C1/A3,
//!   `D3` = ◇_3 = C1/A3/C1, `div60` the divisors of 60 except 1 ordered by divisibility;
//! - `P/Q` series union, P above Q (binds tighter); `P+Q` parallel union; parentheses.
//!   A space also means `+`, because form decoding turns a typed `+` into a space.
//!
//! Example: `game=poset&poset=(C2+A2)/C1+div12`. At most 64 elements.
//! Elements are numbered from 0, lower parts of a series union first; a lone `divN` names its
//! elements by the divisors themselves. Label: the remaining elements, `{0,2,3}`.
//! Ids: positions sorted by size (then by bit mask), so every move goes to a smaller id.

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::{check_size, Limits};
use crate::combinatorics::U64Map;
use crate::error::{group_digits, quoted, InputError};
use crate::game_graph::{CsrBuilder, GameGraph, Labeling};
use crate::numbers::bad_value;
use crate::size::{Bound, Size};

/// Most elements a poset may have (positions are 64-bit masks of remaining elements).
pub const MAX_ELEMENTS: u32 = 64;
/// Most elements of an expression given to the g-set algebra (no graph is built; g-sets hold
/// at most one value per element, and the algebra's time grows about quadratically).
pub const MAX_ALGEBRA_ELEMENTS: u64 = 100_000;
/// Deepest nesting of parentheses (the parser recurses once per level).
pub const MAX_NESTING: usize = 64;

const ALLOWED: &str = "write C<n> (chain), A<n> (antichain), V<n>, L<n> (Λ), D<n> (◇) or div<n> \
                       (divisors), joined by / (series, binds tighter) and + (parallel), with \
                       parentheses, e.g. (C2+A2)/C1+div12";

impl Game for PosetExpr {
    const INFO: FamilyInfo =
        family_info!("poset", "Poset game", [("poset", "Poset expression", "(C2+A2)/C1", ALLOWED, None)]);

    fn parse(keys: &Keys) -> Result<PosetExpr, InputError> {
        PosetExpr::parse(keys.need("poset")?)
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&poset={self}")
    }

    fn estimate(&self, limits: &Limits) -> Result<Size, InputError> {
        PosetExpr::estimate(self, limits)
    }

    fn build(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        PosetExpr::build(self, limits)
    }

    /// The elements, which remain at `v`, and the covering pairs x ⋖ y (y above x with nothing
    /// between) that a Hasse diagram draws.
    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        let names = self.names();
        let label = graph.label(v);
        let inside: Vec<&str> = label
            .trim_start_matches('{')
            .trim_end_matches('}')
            .split(',')
            .filter(|s| !s.is_empty())
            .collect();
        let remaining = names.iter().map(|n| inside.contains(&n.as_str())).collect();
        let above: Vec<u64> = self.up_sets().iter().enumerate().map(|(x, &up)| up & !(1u64 << x)).collect();
        let mut covers = Vec::new();
        for (x, &strictly_above) in above.iter().enumerate() {
            let mut through = 0u64;
            let mut rest = strictly_above;
            while rest != 0 {
                through |= above[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            let mut cover = strictly_above & !through;
            while cover != 0 {
                covers.push((x as u32, cover.trailing_zeros()));
                cover &= cover - 1;
            }
        }
        PositionView::Poset { elements: names, remaining, covers }
    }

    fn rules(&self) -> String {
        "Pick an element: it goes with every element above it in the diagram.".into()
    }
}

/// A parsed poset expression. Invariant: at most [`MAX_ELEMENTS`] elements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PosetExpr {
    node: Node,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    Atom(Atom, u32),
    /// Parallel union of two or more parts.
    Parallel(Vec<Node>),
    /// Series union, the first part on top.
    Series(Vec<Node>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Atom {
    Chain,
    Antichain,
    Vee,
    Lambda,
    Diamond,
    Divisors,
}

impl PosetExpr {
    /// Parses and validates an expression.
    pub fn parse(text: &str) -> Result<PosetExpr, InputError> {
        PosetExpr::parse_up_to(text, u64::from(MAX_ELEMENTS))
    }

    /// Parses an expression of up to [`MAX_ALGEBRA_ELEMENTS`] elements, for the g-set algebra
    /// ([`PosetExpr::gset`]); no position graph is built from it.
    pub fn parse_for_algebra(text: &str) -> Result<PosetExpr, InputError> {
        PosetExpr::parse_up_to(text, MAX_ALGEBRA_ELEMENTS)
    }

    fn parse_up_to(text: &str, most: u64) -> Result<PosetExpr, InputError> {
        let mut parser = Parser { text: text.as_bytes(), at: 0, raw: text, depth: 0 };
        let node = parser.parallel()?;
        parser.skip_spaces();
        if parser.at < parser.text.len() {
            return Err(parser.error("expected + or / or the end"));
        }
        let expr = PosetExpr { node };
        if expr.node.elements_up_to(most) > most {
            return Err(bad_value(
                "poset",
                text,
                &if most == MAX_ALGEBRA_ELEMENTS {
                    format!("at most {} elements", group_digits(u128::from(most)))
                } else {
                    format!(
                        "at most {most} elements for a position graph (impartial value takes {} without one)",
                        group_digits(u128::from(MAX_ALGEBRA_ELEMENTS))
                    )
                },
            ));
        }
        Ok(expr)
    }

    /// The g-set of the whole poset (the Grundy values of its options, Fenner & Rogers §2), by Deuber and
    /// Thomassé's algebra over the expression (Fenner & Rogers §3.1): Fact 3.1 for a parallel union,
    /// g-set(P + Q) = (g(P) ⊕ g-set(Q)) ∪ (g-set(P) ⊕ g(Q)); Lemma 3.2 for a series union,
    /// g-set(P/Q) = g-set(Q) ∪ {mex_i(g-set(Q)) : i ∈ g-set(P)}, mex_i the i-th (from 0) number
    /// missing from the set. Chains, antichains, V, Λ and ◇ are N-free, so every expression
    /// without `divN` is; None when it has a `divN` part (Divisors is not N-free in general).
    /// Time about O(n²) for n elements at worst; the g-number is the mex of the result.
    pub fn gset(&self) -> Option<Vec<u32>> {
        self.node.gset()
    }

    /// One element (C1).
    pub fn point() -> PosetExpr {
        PosetExpr { node: Node::Atom(Atom::Chain, 1) }
    }

    /// `top` over `below`: their series union (Fenner & Rogers Def 1.2), `top/below`.
    pub fn over(top: PosetExpr, below: PosetExpr) -> PosetExpr {
        PosetExpr { node: flatten(vec![top.node, below.node], false) }
    }

    /// The parallel union of `parts` (one part is itself; none is the empty poset).
    pub fn beside(parts: Vec<PosetExpr>) -> PosetExpr {
        PosetExpr { node: flatten(parts.into_iter().map(|p| p.node).collect(), true) }
    }

    /// How the g-set algebra finds [`PosetExpr::gset`], one step per part of the expression
    /// (children before their union), for a learner to follow; None with a `divN` part.
    pub fn gset_steps(&self) -> Option<Vec<GsetStep>> {
        let mut steps = Vec::new();
        self.node.explain(0, &mut steps)?;
        Some(steps)
    }

    /// Number of elements (exact: a parsed expression has at most [`MAX_ALGEBRA_ELEMENTS`]).
    pub fn elements(&self) -> u32 {
        self.node.elements_up_to(MAX_ALGEBRA_ELEMENTS) as u32
    }

    /// Up-set masks: `up[x]` holds x and every element above it.
    fn up_sets(&self) -> Vec<u64> {
        let mut up = Vec::with_capacity(self.elements() as usize);
        self.node.materialise(&mut up);
        up
    }

    /// Positions = down-sets, counted by the series–parallel formulas d(P+Q) = d(P)·d(Q),
    /// d(P/Q) = d(P) + d(Q) − 1; moves = Σ over down-sets of their size. `divN` parts are
    /// counted by enumeration without storing them, stopping past `limits.max_positions`.
    pub fn estimate(&self, limits: &Limits) -> Result<Size, InputError> {
        let (positions, edges, bound) = self.node.count(limits.max_positions);
        Ok(Size { positions, edges, bound })
    }

    /// Builds the graph, enumerating the down-sets from the whole poset.
    pub fn build(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        let up = self.up_sets();
        let sets = down_sets(&up, limits.max_positions).ok_or(InputError::TooLarge {
            family: "poset",
            what: "positions",
            size: u128::from(limits.max_positions) + 1,
            bound: Bound::AtLeast,
            budget: limits.max_positions,
        })?;
        let edges: usize = sets.iter().map(|s| s.count_ones() as usize).sum();
        check_size(
            "poset",
            Size { positions: sets.len() as u128, edges: edges as u128, bound: Bound::Exact },
            limits,
        )?;
        let id_of: U64Map<u32> = sets.iter().enumerate().map(|(i, &s)| (s, i as u32)).collect();
        let mut csr = CsrBuilder::with_capacity(sets.len(), edges);
        for &set in &sets {
            let mut rest = set;
            while rest != 0 {
                let x = rest.trailing_zeros();
                rest &= rest - 1;
                csr.targets.push(id_of[&(set & !up[x as usize])]);
            }
            csr.end_position();
        }
        Ok(GameGraph::from_csr(csr.offsets, csr.targets, Masks { masks: sets, names: self.names() }))
    }

    /// The elements' names: the divisors themselves for a lone `divN`, else 0, 1, 2, ….
    fn names(&self) -> Vec<String> {
        match self.node {
            Node::Atom(Atom::Divisors, n) => divisors(n).iter().map(u64::to_string).collect(),
            _ => (0..self.elements()).map(|i| i.to_string()).collect(),
        }
    }
}

/// One step of the g-set algebra: a part of the expression, the rule that gives its g-set, the
/// g-set and its mex (the part's Grundy value), and where the part sits, so a diagram can show
/// which rule combines which parts.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct GsetStep {
    /// The part of the expression, written as a poset expression.
    pub part: String,
    /// The rule giving its g-set, as a sentence (chain, antichain, Fact 3.1, Lemma 3.2; Fenner &
    /// Rogers §3.1).
    pub rule: String,
    /// Its g-set: the Grundy values of the positions one move away, ascending.
    pub gset: Vec<u32>,
    /// Its Grundy value, the mex of `gset`.
    pub grundy: u32,
    /// How the part is made: `chain`, `antichain` (atoms), `parallel`, `series` (unions of
    /// `parts`, series listed top first) or `same` (an atom such as V3 written out as `parts[0]`).
    pub kind: &'static str,
    /// The steps (indices into the list) of the parts this one combines.
    pub parts: Vec<usize>,
    /// The part's elements, `[first, end)` in the numbering of the built poset (the board's
    /// `p{i}`): every part of the expression is a contiguous run of it.
    pub elements: [u32; 2],
}

/// Labels: each position's set of remaining elements, named by `names`, as `{0,2,3}`.
/// Invariant: `masks` sorted by (number of elements, mask), so a label is found by binary
/// search; `names` distinct, none containing `,`, `{` or `}`.
#[derive(Debug, Clone)]
struct Masks {
    masks: Vec<u64>,
    names: Vec<String>,
}

impl Labeling for Masks {
    fn label(&self, v: usize) -> String {
        let mask = self.masks[v];
        let inside: Vec<&str> =
            (0..self.names.len()).filter(|&i| mask >> i & 1 == 1).map(|i| self.names[i].as_str()).collect();
        format!("{{{}}}", inside.join(","))
    }

    fn find(&self, label: &str) -> Option<u64> {
        let inside = label.strip_prefix('{')?.strip_suffix('}')?;
        let mut mask = 0u64;
        let mut last: Option<usize> = None;
        if !inside.is_empty() {
            for name in inside.split(',') {
                let i = self.names.iter().position(|n| n == name)?;
                if last.is_some_and(|l| i <= l) {
                    return None;
                }
                last = Some(i);
                mask |= 1 << i;
            }
        }
        let key = (mask.count_ones(), mask);
        self.masks.binary_search_by_key(&key, |&m| (m.count_ones(), m)).ok().map(|v| v as u64)
    }
}

/// Every down-set, sorted by size then mask; None past `cap` of them.
fn down_sets(up: &[u64], cap: u64) -> Option<Vec<u64>> {
    let mut sets = Vec::new();
    let complete = each_down_set(up, &mut |set| {
        sets.push(set);
        sets.len() as u64 <= cap
    });
    if !complete {
        return None;
    }
    // By (size, mask), the order `masks` is searched in, through the shared sort (sort_key.rs).
    let mut packed: Vec<u128> =
        sets.iter().map(|&s| (u128::from(s.count_ones()) << 64) | u128::from(s)).collect();
    crate::sort_key::sort_u128(&mut packed);
    Some(packed.into_iter().map(|p| p as u64).collect())
}

/// Calls `visit` on every down-set until it returns false; true when all were visited.
///
/// Element ids are a linear extension (lower parts of a series union, lower chain elements and
/// smaller divisors come first), so a backtracking walk over the ids that adds x only when
/// everything below x is in meets each down-set once, with no hashing and no storage.
fn each_down_set(up: &[u64], visit: &mut impl FnMut(u64) -> bool) -> bool {
    debug_assert!(up.iter().enumerate().all(|(x, &u)| u >> x << x == u), "ids are a linear extension");
    // below[x]: the elements strictly below x.
    let mut below = vec![0u64; up.len()];
    for (y, &u) in up.iter().enumerate() {
        let mut above = u & !(1u64 << y);
        while above != 0 {
            let x = above.trailing_zeros() as usize;
            above &= above - 1;
            below[x] |= 1 << y;
        }
    }
    walk(0, 0, &below, visit)
}

/// Extends `set` (a down-set of the elements before x) in every way; false once `visit` is.
fn walk(x: usize, set: u64, below: &[u64], visit: &mut impl FnMut(u64) -> bool) -> bool {
    if x == below.len() {
        return visit(set);
    }
    if !walk(x + 1, set, below, visit) {
        return false;
    }
    below[x] & !set != 0 || walk(x + 1, set | 1 << x, below, visit)
}

/// Divisors of n except 1, ascending, by trial division up to √n.
fn divisors(n: u32) -> Vec<u64> {
    let n = u64::from(n);
    let (mut low, mut high) = (Vec::new(), Vec::new());
    let mut d = 1u64;
    while d * d <= n {
        if n % d == 0 {
            low.push(d);
            if d * d != n {
                high.push(n / d);
            }
        }
        d += 1;
    }
    low.into_iter().chain(high.into_iter().rev()).filter(|&d| d > 1).collect()
}

impl Node {
    fn elements(&self) -> u64 {
        self.elements_up_to(u64::from(MAX_ELEMENTS))
    }

    /// The number of elements, or a number above `cap` once the count passes it.
    fn elements_up_to(&self, cap: u64) -> u64 {
        match self {
            Node::Atom(Atom::Chain | Atom::Antichain, n) => u64::from(*n),
            Node::Atom(Atom::Vee | Atom::Lambda, n) => u64::from(*n) + 1,
            Node::Atom(Atom::Diamond, n) => u64::from(*n) + 2,
            Node::Atom(Atom::Divisors, n) => divisors(*n).len() as u64,
            // Stop adding once past the limit: a long list of big parts is refused quickly.
            Node::Parallel(parts) | Node::Series(parts) => parts
                .iter()
                .try_fold(0u64, |total, p| {
                    let total = total + p.elements_up_to(cap);
                    if total > cap {
                        Err(total)
                    } else {
                        Ok(total)
                    }
                })
                .unwrap_or_else(|over| over),
        }
    }

    fn gset(&self) -> Option<Vec<u32>> {
        Some(match self.desugared() {
            // A move on C_n leaves C_0 … C_{n−1}, whose values are 0 … n − 1 (Fact 2.31).
            Node::Atom(Atom::Chain, n) => (0..n).collect(),
            // A move on A_n leaves A_{n−1}, of value (n − 1) mod 2.
            Node::Atom(Atom::Antichain, n) => vec![(n - 1) % 2],
            Node::Atom(_, _) => return None,
            Node::Parallel(parts) => gset_of_parallel(parts.iter().map(Node::gset).collect::<Option<_>>()?),
            // The first part is on top: fold from the bottom up.
            Node::Series(parts) => {
                let mut sets = parts.iter().rev().map(Node::gset);
                let bottom = sets.next()??;
                sets.try_fold(bottom, |below, above| Some(gset_series(&above?, below)))?
            }
        })
    }

    /// Pushes the steps of [`PosetExpr::gset_steps`] for this part, whose elements start at
    /// `base` (numbered as [`Node::materialise`] places them); returns its g-set and its step.
    fn explain(&self, base: u32, steps: &mut Vec<GsetStep>) -> Option<(Vec<u32>, usize)> {
        let part = self.to_string();
        let size = self.elements_up_to(MAX_ALGEBRA_ELEMENTS) as u32;
        let (gset, rule, kind, parts) = match self {
            Node::Atom(Atom::Chain, 1) => {
                (vec![0], "one element: taking it leaves nothing, of value 0".to_string(), "chain", vec![])
            }
            Node::Atom(Atom::Chain, n) => (
                (0..*n).collect(),
                format!("a chain: its moves leave C0 … C{}, of values 0 … {0}", n - 1),
                "chain",
                vec![],
            ),
            Node::Atom(Atom::Antichain, n) => (
                vec![(n - 1) % 2],
                format!("an antichain: a move leaves A{}, of value {}", n - 1, (n - 1) % 2),
                "antichain",
                vec![],
            ),
            Node::Atom(Atom::Divisors, _) => return None,
            Node::Atom(..) => {
                let (gset, written) = self.desugared().explain(base, steps)?;
                let rule = format!("the same poset as {}", steps[written].part);
                (gset, rule, "same", vec![written])
            }
            Node::Parallel(members) => {
                let mut at = base;
                let mut sets = Vec::with_capacity(members.len());
                let mut parts = Vec::with_capacity(members.len());
                for member in members {
                    let (gset, step) = member.explain(at, steps)?;
                    at = steps[step].elements[1];
                    sets.push(gset);
                    parts.push(step);
                }
                let values: Vec<String> = sets.iter().map(|g| mex(g).to_string()).collect();
                let rule = format!("Fact 3.1 (parallel union) of parts of values {}", values.join(", "));
                (gset_of_parallel(sets), rule, "parallel", parts)
            }
            Node::Series(members) => {
                // Elements are placed bottom part first, so a part starts after all below it.
                let mut end = base + size;
                let mut sets = Vec::with_capacity(members.len());
                let mut parts = Vec::with_capacity(members.len());
                for member in members {
                    end -= member.elements_up_to(MAX_ALGEBRA_ELEMENTS) as u32;
                    let (gset, step) = member.explain(end, steps)?;
                    sets.push(gset);
                    parts.push(step);
                }
                let mut from_bottom = sets.into_iter().rev();
                let bottom = from_bottom.next().unwrap_or_default();
                let rule = "Lemma 3.2 (series union, top over bottom)".to_string();
                (from_bottom.fold(bottom, |below, above| gset_series(&above, below)), rule, "series", parts)
            }
        };
        let elements = [base, base + size];
        steps.push(GsetStep { part, grundy: mex(&gset), gset: gset.clone(), rule, kind, parts, elements });
        Some((gset, steps.len() - 1))
    }

    /// The equivalent expression over chains, antichains and divisors (Fenner & Rogers' definitions).
    fn desugared(&self) -> Node {
        let one = || Node::Atom(Atom::Chain, 1);
        let anti = |n| Node::Atom(Atom::Antichain, n);
        match *self {
            Node::Atom(Atom::Vee, n) => Node::Series(vec![anti(n), one()]),
            Node::Atom(Atom::Lambda, n) => Node::Series(vec![one(), anti(n)]),
            Node::Atom(Atom::Diamond, n) => Node::Series(vec![one(), anti(n), one()]),
            _ => self.clone(),
        }
    }

    /// Appends this part's up-sets (bit positions offset by the elements already placed).
    fn materialise(&self, up: &mut Vec<u64>) {
        let base = up.len();
        match self.desugared() {
            Node::Atom(Atom::Chain, n) => {
                // Element base+i is above base+j for i > j: up-set = itself and everything higher.
                for i in 0..n as usize {
                    up.push(range_mask(base + i, base + n as usize));
                }
            }
            Node::Atom(Atom::Antichain, n) => up.extend((0..n as usize).map(|i| 1u64 << (base + i))),
            Node::Atom(Atom::Divisors, n) => {
                let ds = divisors(n);
                for &d in &ds {
                    let mut mask = 0u64;
                    for (j, &e) in ds.iter().enumerate() {
                        if e % d == 0 {
                            mask |= 1 << (base + j);
                        }
                    }
                    up.push(mask);
                }
            }
            Node::Parallel(parts) => parts.iter().for_each(|p| p.materialise(up)),
            Node::Series(parts) => {
                // Lowest part first; every element lies below all elements of higher parts.
                for part in parts.iter().rev() {
                    let start = up.len();
                    part.materialise(up);
                    let end = up.len();
                    for mask in &mut up[base..start] {
                        *mask |= range_mask(start, end);
                    }
                }
            }
            Node::Atom(..) => unreachable!("desugared above"),
        }
    }

    /// (down-sets, Σ sizes of down-sets, bound) — saturating; see [`PosetExpr::estimate`].
    fn count(&self, cap: u64) -> (u128, u128, Bound) {
        match self.desugared() {
            Node::Atom(Atom::Chain, n) => {
                let n = u128::from(n);
                (n + 1, n * (n + 1) / 2, Bound::Exact)
            }
            Node::Atom(Atom::Antichain, n) => {
                if n >= 100 {
                    return (u128::MAX, u128::MAX, Bound::AtMost);
                }
                let d = 1u128 << n;
                (d, u128::from(n) * (d / 2), Bound::Exact)
            }
            Node::Atom(Atom::Divisors, _) => {
                let up = self.up_sets_alone();
                let (mut sets, mut sizes) = (0u128, 0u128);
                let complete = each_down_set(&up, &mut |set| {
                    sets += 1;
                    sizes += u128::from(set.count_ones());
                    sets <= u128::from(cap)
                });
                (sets, sizes, if complete { Bound::Exact } else { Bound::AtLeast })
            }
            Node::Parallel(parts) => parts.iter().map(|p| (p.count(cap), p.elements())).fold(
                (1, 0, Bound::Exact),
                |(d, s, e), ((dp, sp, ep), _)| {
                    (
                        d.saturating_mul(dp),
                        s.saturating_mul(dp).saturating_add(sp.saturating_mul(d)),
                        e.and(ep),
                    )
                },
            ),
            Node::Series(parts) => {
                // Fold from the bottom: s(P/Q) = s(Q) + (d(P) − 1)|Q| + s(P).
                let mut acc = (1u128, 0u128, Bound::Exact, 0u128); // (d, s, bound, |Q|) of the empty poset
                for part in parts.iter().rev() {
                    let (dp, sp, ep) = part.count(cap);
                    let (dq, sq, eq, nq) = acc;
                    let d = dp.saturating_add(dq).saturating_sub(1);
                    let s = sq.saturating_add((dp - 1).saturating_mul(nq)).saturating_add(sp);
                    acc = (d, s, ep.and(eq), nq + u128::from(part.elements()));
                }
                (acc.0, acc.1, acc.2)
            }
            Node::Atom(..) => unreachable!("desugared above"),
        }
    }

    fn up_sets_alone(&self) -> Vec<u64> {
        let mut up = Vec::new();
        self.materialise(&mut up);
        up
    }
}

fn range_mask(from: usize, to: usize) -> u64 {
    let below = |k: usize| if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
    below(to) & !below(from)
}

impl fmt::Display for PosetExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.node)
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Atom(kind, n) => {
                let prefix = match kind {
                    Atom::Chain => "C",
                    Atom::Antichain => "A",
                    Atom::Vee => "V",
                    Atom::Lambda => "L",
                    Atom::Diamond => "D",
                    Atom::Divisors => "div",
                };
                write!(f, "{prefix}{n}")
            }
            Node::Parallel(parts) => {
                let texts: Vec<String> = parts.iter().map(Node::to_string).collect();
                write!(f, "{}", texts.join("+"))
            }
            Node::Series(parts) => {
                let texts: Vec<String> = parts
                    .iter()
                    .map(|p| match p {
                        Node::Parallel(_) => format!("({p})"),
                        _ => p.to_string(),
                    })
                    .collect();
                write!(f, "{}", texts.join("/"))
            }
        }
    }
}

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
    raw: &'a str,
    /// Parentheses open at this point. Invariant: ≤ MAX_NESTING.
    depth: usize,
}

impl Parser<'_> {
    /// The error at the current position: what was expected there, then the grammar.
    fn error(&self, expected: &str) -> InputError {
        let at = if self.at < self.text.len() {
            // A short, escaped excerpt: the rest of the input may be long or hold control
            // characters.
            let rest = &self.text[self.at..self.text.len().min(self.at + 64)];
            let excerpt: String = String::from_utf8_lossy(rest).chars().take(12).collect();
            format!("at {}", quoted(&excerpt))
        } else {
            "at the end".to_string()
        };
        self.reason(&format!("{expected} ({at})"))
    }

    /// An error about the part just read: the reason, then the grammar.
    fn reason(&self, why: &str) -> InputError {
        bad_value("poset", self.raw, &format!("{why}; {ALLOWED}"))
    }

    fn skip_spaces(&mut self) {
        while self.text.get(self.at) == Some(&b' ') {
            self.at += 1;
        }
    }

    /// parallel := series (('+' | ' ')+ series)*
    fn parallel(&mut self) -> Result<Node, InputError> {
        let mut parts = vec![self.series()?];
        loop {
            let start = self.at;
            while matches!(self.text.get(self.at), Some(b' ' | b'+')) {
                self.at += 1;
            }
            let at_operand =
                matches!(self.text.get(self.at), Some(b'(' | b'C' | b'A' | b'V' | b'L' | b'D' | b'd'));
            if self.text[start..self.at].contains(&b'+') && !at_operand {
                return Err(self.error("expected a part after '+'"));
            }
            if self.at == start || !at_operand {
                self.at = start;
                break;
            }
            parts.push(self.series()?);
        }
        Ok(flatten(parts, true))
    }

    /// series := factor ('/' factor)*
    fn series(&mut self) -> Result<Node, InputError> {
        let mut parts = vec![self.factor()?];
        loop {
            let before = self.at;
            self.skip_spaces();
            if self.text.get(self.at) != Some(&b'/') {
                // A space not followed by '/' is a parallel union; leave it for the caller.
                self.at = before;
                break;
            }
            self.at += 1;
            parts.push(self.factor()?);
        }
        Ok(flatten(parts, false))
    }

    /// factor := '(' parallel ')' | atom
    fn factor(&mut self) -> Result<Node, InputError> {
        self.skip_spaces();
        if self.text.get(self.at) == Some(&b'(') {
            if self.depth == MAX_NESTING {
                return Err(self.reason(&format!("parentheses nest at most {MAX_NESTING} deep")));
            }
            self.at += 1;
            self.depth += 1;
            let inner = self.parallel()?;
            self.depth -= 1;
            self.skip_spaces();
            if self.text.get(self.at) != Some(&b')') {
                return Err(self.error("a ')' is missing"));
            }
            self.at += 1;
            return Ok(inner);
        }
        let (kind, skip) = match self.text.get(self.at..) {
            Some([b'd', b'i', b'v', ..]) => (Atom::Divisors, 3),
            Some([b'C', ..]) => (Atom::Chain, 1),
            Some([b'A', ..]) => (Atom::Antichain, 1),
            Some([b'V', ..]) => (Atom::Vee, 1),
            Some([b'L', ..]) => (Atom::Lambda, 1),
            Some([b'D', ..]) => (Atom::Diamond, 1),
            _ => return Err(self.error("expected a part such as C3 or (")),
        };
        self.at += skip;
        let start = self.at;
        while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let digits = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
        if digits.is_empty() {
            return Err(self.error("expected a size after the letter"));
        }
        let n: u32 = digits.parse().map_err(|_| self.reason(&format!("{digits} is too large a size")))?;
        if kind == Atom::Divisors && n < 2 {
            return Err(self.reason("div needs a number of at least 2 (the divisors of n except 1)"));
        }
        if n < 1 {
            return Err(self.reason("a part needs at least 1 element"));
        }
        Ok(Node::Atom(kind, n))
    }
}

/// The mex of an ascending set of distinct numbers: the least natural number not in it. Such a
/// set holds i at index i exactly up to its mex, so a binary search finds it.
pub fn mex(set: &[u32]) -> u32 {
    let (mut low, mut high) = (0, set.len());
    while low < high {
        let mid = low + (high - low) / 2;
        if set[mid] as usize == mid {
            low = mid + 1;
        } else {
            high = mid;
        }
    }
    low as u32
}

/// Fact 3.1 (Fenner & Rogers §3.1): the g-set of P + Q from those of P and Q.
pub fn gset_parallel(p: &[u32], q: &[u32]) -> Vec<u32> {
    let (gp, gq) = (mex(p), mex(q));
    let mut set: Vec<u32> = q.iter().map(|&i| gp ^ i).chain(p.iter().map(|&j| j ^ gq)).collect();
    set.sort_unstable();
    set.dedup();
    set
}

/// The g-set of a parallel union from its parts' g-sets (Fact 3.1 folded), smallest first: a
/// g-set's values stay below twice its part's largest value (XOR keeps them under the next
/// power of two), so each step costs about the size of the larger part, and C50000 + C1 + … + C1
/// costs one pass over the big set rather than one per small part.
pub fn gset_of_parallel(mut parts: Vec<Vec<u32>>) -> Vec<u32> {
    // Fact 3.1's fold is associative and commutative: the order of equal sizes does not matter.
    let mut order: Vec<u32> = (0..parts.len() as u32).collect();
    crate::sort_key::sort_by_key_then(&mut order, |i| parts[i as usize].len() as u64, |i| i);
    let mut sets = order.iter().map(|&i| std::mem::take(&mut parts[i as usize]));
    let first = sets.next().unwrap_or_default();
    sets.fold(first, |acc, set| gset_parallel(&acc, &set))
}

/// Lemma 3.2 (Fenner & Rogers §3.1): the g-set of P/Q (P above Q) is g-set(Q) with, for each i in
/// g-set(P), the i-th number missing from g-set(Q).
pub fn gset_series(above: &[u32], mut below: Vec<u32>) -> Vec<u32> {
    // The i-th missing numbers, ascending (above is), none of them in `below`.
    let added: Vec<u32> = above.iter().map(|&i| nth_missing(&below, i)).collect();
    // Merge from the back in place: a tower of parts whose new values all exceed the old ones
    // (C1/C1/…/C1) then costs O(1) per part, not a copy of the whole set.
    let old = below.len();
    below.resize(old + added.len(), 0);
    let (mut from, mut at) = (old, below.len());
    for &v in added.iter().rev() {
        while from > 0 && below[from - 1] > v {
            below[at - 1] = below[from - 1];
            from -= 1;
            at -= 1;
        }
        below[at - 1] = v;
        at -= 1;
    }
    below
}

/// The i-th (from 0) natural number missing from an ascending set of distinct numbers: before
/// `set[j]` there are `set[j] − j` missing numbers, so a binary search finds the first j with
/// more than i of them, and the answer is i + j.
fn nth_missing(set: &[u32], i: u32) -> u32 {
    let (mut low, mut high) = (0, set.len());
    while low < high {
        let mid = low + (high - low) / 2;
        if (set[mid] as usize - mid) as u64 > u64::from(i) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    i + low as u32
}

/// One part stays itself; nested unions of the same kind merge (both are associative).
fn flatten(parts: Vec<Node>, parallel: bool) -> Node {
    if parts.len() == 1 {
        return parts.into_iter().next().unwrap_or(Node::Parallel(Vec::new()));
    }
    let mut flat = Vec::new();
    for part in parts {
        match (part, parallel) {
            (Node::Parallel(inner), true) | (Node::Series(inner), false) => flat.extend(inner),
            (other, _) => flat.push(other),
        }
    }
    if parallel {
        Node::Parallel(flat)
    } else {
        Node::Series(flat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn the_steps_explain_the_gset() {
        for text in ["D2", "C3+C5", "(C2+A2)/C1", "V3/L2+D4", "C1/(C1+C1/(C1+C1))"] {
            let expr = PosetExpr::parse(text).unwrap();
            let steps = expr.gset_steps().unwrap();
            assert_eq!(steps.last().unwrap().gset, expr.gset().unwrap(), "{text}");
            assert!(steps.iter().all(|s| s.grundy == mex(&s.gset)), "{text}");
        }
        let diamond = PosetExpr::parse("D2").unwrap().gset_steps().unwrap();
        assert!(diamond.iter().any(|s| s.rule.starts_with("Lemma 3.2")));
        assert_eq!(diamond.last().unwrap().grundy, 3, "g(◇₂) = 3");
        assert!(PosetExpr::parse("div12+C1").unwrap().gset_steps().is_none());
    }

    /// The Grundy value of the sub-poset on elements `[first, end)` of `up` (up-set masks), by
    /// brute force over its down-sets: a move takes an element and everything above it.
    fn brute_grundy(up: &[u64], first: u32, end: u32) -> u32 {
        fn g(set: u64, up: &[u64], memo: &mut HashMap<u64, u32>) -> u32 {
            if let Some(&v) = memo.get(&set) {
                return v;
            }
            let mut seen = Vec::new();
            let mut rest = set;
            while rest != 0 {
                let x = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                seen.push(g(set & !up[x], up, memo));
            }
            let v = (0..).find(|v| !seen.contains(v)).unwrap();
            memo.insert(set, v);
            v
        }
        g(range_mask(first as usize, end as usize), up, &mut HashMap::new())
    }

    #[test]
    fn each_step_names_the_elements_of_its_part() {
        for text in ["D2", "C3+C5", "(C2+A2)/C1", "V3/L2+D4", "C1/(C1+C1/(C1+C1))", "A2/(C2+V2)/L3+C1"] {
            let expr = PosetExpr::parse(text).unwrap();
            let up = expr.up_sets();
            let steps = expr.gset_steps().unwrap();
            assert_eq!(steps.last().unwrap().elements, [0, expr.elements()], "{text}");
            for step in &steps {
                let [first, end] = step.elements;
                assert_eq!(brute_grundy(&up, first, end), step.grundy, "{text}: {}", step.part);
                // The parts this step combines tile its elements (or, for `same`, are it).
                let mut runs: Vec<[u32; 2]> = step.parts.iter().map(|&i| steps[i].elements).collect();
                runs.sort_unstable();
                if !runs.is_empty() {
                    assert_eq!((runs[0][0], runs.last().unwrap()[1]), (first, end), "{text}: {}", step.part);
                    assert!(runs.windows(2).all(|w| w[0][1] == w[1][0]), "{text}: {}", step.part);
                }
            }
        }
    }

    #[test]
    fn expressions_print_canonically() {
        for (text, canonical) in [
            ("C3", "C3"),
            ("(C2 + A2)/C1+div12", "(C2+A2)/C1+div12"),
            ("C1/(A2/C1)", "C1/A2/C1"),
            ("((C1))", "C1"),
            ("C1 C2", "C1+C2"),
        ] {
            assert_eq!(PosetExpr::parse(text).unwrap().to_string(), canonical);
        }
    }

    #[test]
    fn bad_expressions_are_refused() {
        for text in ["", "C", "C0", "X3", "C3/", "(C3", "C3)", "div1", "A65", "C40+C40", "div99999999999"] {
            assert!(PosetExpr::parse(text).is_err(), "{text:?} was accepted");
        }
    }

    #[test]
    fn deep_nesting_is_refused_before_it_can_exhaust_the_stack() {
        let nested = |depth: usize| format!("{}C1{}", "(".repeat(depth), ")".repeat(depth));
        assert_eq!(PosetExpr::parse(&nested(MAX_NESTING)).unwrap().to_string(), "C1");
        let err = PosetExpr::parse(&nested(100_000)).unwrap_err().to_string();
        assert!(err.contains("nest at most 64 deep"), "{err}");
    }

    #[test]
    fn down_set_counts_match_enumeration() {
        for text in ["C4", "A5", "V3", "L3", "D3", "C2+A2", "(C2+A2)/C1", "C1/A2/C2+C3", "div12", "div30/C2"]
        {
            let expr = PosetExpr::parse(text).unwrap();
            let size = expr.estimate(&Limits::DEFAULT).unwrap();
            let graph = expr.build(&Limits::DEFAULT).unwrap();
            assert_eq!(size.positions, graph.len() as u128, "{text}");
            assert_eq!(size.edges, graph.edge_count() as u128, "{text}");
        }
    }
}
