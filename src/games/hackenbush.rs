//! Green Hackenbush (Winning Ways ch. 7, "Hackenbush Hotchpotch"; Berlekamp, Conway and Guy):
//! a picture of sticks joined at vertices, some vertices on the ground. A move cuts one stick;
//! every stick no longer connected to the ground by a path of sticks falls with it. Whoever
//! cuts the last stick wins (normal play).
//!
//! Spec: `edges=0-1,1-2,1-3`, the sticks as pairs of vertex numbers (0 to 99); vertex 0 is the
//! ground. A stick may join a vertex to itself (a loop) and two sticks may join the same pair;
//! every stick must be connected to the ground at the start. At most 64 sticks.
//!
//! Values by theory: a stalk of n sticks is *n, and by the colon principle the sticks meeting
//! at a vertex may be replaced by one stalk whose length is the nim-sum of their values (Winning
//! Ways ch. 7), so a tree's value is the nim-sum over the sticks at its root of 1 + the value of
//! what stands on each ([`colon_value`], for forests). Cycles need the fusion principle; here
//! the graph the walk builds decides every value.
//!
//! Positions: the sticks still standing, as a bitmask of the spec's sticks. Sticks joining the
//! same pair of vertices are interchangeable, so a position keeps the first ones of each such
//! group (cutting any of them leads to the same position). Label: the standing sticks in the
//! spec's order, as the spec writes them (`0-1,1-2`); `ground` when none stands. Sized and built
//! by the generic walk ([`crate::sizing::walk`]), after a quick refusal by a count that needs no
//! walk ([`Hackenbush::positions_at_least`]).

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::codec::number;
use crate::error::InputError;
use crate::game_graph::GameGraph;
use crate::numbers::bad_value;
use crate::size::Size;
use crate::sizing::walk::{self, Positions};

/// Most sticks a picture may have (a position is a 64-bit mask).
pub const MAX_STICKS: usize = 64;
/// Largest vertex number.
pub const MAX_VERTEX: u64 = 99;

const EDGES: &str = "sticks as vertex pairs a-b (vertex numbers 0 to 99, 0 the ground), comma-separated, e.g. 0-1,1-2,1-3 (at most 64 sticks, each connected to the ground)";

/// A Green Hackenbush picture. Invariant: 1 to [`MAX_STICKS`] sticks, each connected to vertex
/// 0 through sticks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hackenbush {
    /// The sticks as the spec gives them, smaller vertex first.
    pub sticks: Vec<(u32, u32)>,
    /// Per stick: the first stick joining the same two vertices.
    group: Vec<usize>,
}

impl Game for Hackenbush {
    const INFO: FamilyInfo = family_info!(
        "hackenbush",
        "Green Hackenbush",
        [("edges", "Sticks (vertex pairs, 0 the ground)", "0-1,1-2,1-3", EDGES, None)]
    );

    fn parse(keys: &Keys) -> Result<Hackenbush, InputError> {
        Hackenbush::parse(keys.need("edges")?)
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&edges={}", self.label(&self.start()))
    }

    /// Refused at once when even the sticks of a spanning tree stand in more ways than the
    /// budget allows; otherwise counted by the walk, which stops at the budget.
    fn estimate(&self, limits: &Limits) -> Result<Size, InputError> {
        walk::count_above(self, self.positions_at_least(), limits)
    }

    fn build(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        walk::build(self, Self::INFO.name, limits)
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        let standing = self.parse_label(&graph.label(v)).unwrap_or(0);
        self.board(standing)
    }

    fn rules(&self) -> String {
        "Cut one stick: every stick no longer joined to the ground by other sticks falls with it.".into()
    }
}

impl Hackenbush {
    /// Reads the sticks; refuses a bad pair, more than [`MAX_STICKS`], or a stick that does
    /// not reach the ground.
    pub fn parse(text: &str) -> Result<Hackenbush, InputError> {
        let refuse = |why: &str| bad_value("edges", text, &format!("{why}; {EDGES}"));
        let mut sticks = Vec::new();
        for part in text.split(',') {
            if sticks.len() == MAX_STICKS {
                return Err(refuse("too many sticks"));
            }
            let vertex = |s: &str| number(s.trim()).filter(|&v| v <= MAX_VERTEX).map(|v| v as u32);
            let stick = part.split_once('-').and_then(|(a, b)| Some((vertex(a)?, vertex(b)?)));
            let Some((a, b)) = stick else {
                return Err(refuse(if part.trim().is_empty() {
                    "a stick is missing"
                } else {
                    "a stick is not a-b"
                }));
            };
            sticks.push((a.min(b), a.max(b)));
        }
        let group =
            (0..sticks.len()).map(|i| sticks.iter().position(|&s| s == sticks[i]).unwrap_or(i)).collect();
        let game = Hackenbush { sticks, group };
        let all = game.start();
        if game.grounded(all) != all {
            return Err(refuse("a stick is not connected to the ground (vertex 0)"));
        }
        Ok(game)
    }

    /// The sticks of `standing` that stay joined to the ground through sticks of `standing`.
    fn grounded(&self, standing: u64) -> u64 {
        // Vertices reached from the ground, as a mask (numbers are at most 99 < 128).
        let mut reached: u128 = 1;
        loop {
            let before = reached;
            for (i, &(a, b)) in self.sticks.iter().enumerate() {
                if standing >> i & 1 == 1 && (reached >> a | reached >> b) & 1 == 1 {
                    reached |= 1 << a | 1 << b;
                }
            }
            if reached == before {
                break;
            }
        }
        let mut kept = 0;
        for (i, &(a, _)) in self.sticks.iter().enumerate() {
            if standing >> i & 1 == 1 && reached >> a & 1 == 1 {
                kept |= 1 << i;
            }
        }
        kept
    }

    /// The same sticks, each group of interchangeable sticks keeping its first members.
    fn canonical(&self, standing: u64) -> u64 {
        let mut out = 0u64;
        let mut counts = vec![0usize; self.sticks.len()];
        for i in 0..self.sticks.len() {
            counts[self.group[i]] += (standing >> i & 1) as usize;
        }
        for i in 0..self.sticks.len() {
            let g = self.group[i];
            if counts[g] > 0 {
                counts[g] -= 1;
                out |= 1 << i;
            }
        }
        out
    }

    /// A lower bound on the positions, with no walk: the ways the sticks of a spanning tree of
    /// the picture (each pair's group of parallel sticks as one, and loops) can stand while
    /// joined to the ground. Every such set is a position (cut the others one by one; nothing
    /// it holds falls), and for a forest with its loops and parallel sticks the bound is the
    /// count: a vertex stands in Π over its sticks up (1 + m · what stands on that stick) ways,
    /// m the stick's parallel copies, and a group of m loops in m + 1 ways.
    pub fn positions_at_least(&self) -> u128 {
        let n = MAX_VERTEX as usize + 1;
        let (parent, order) = self.spanning_tree();
        // A vertex's loops stand in m + 1 ways, whatever else stands there.
        let mut ways: Vec<u128> = (0..n)
            .map(|v| self.sticks.iter().filter(|&&s| s == (v as u32, v as u32)).count() as u128 + 1)
            .collect();
        for &w in order.iter().skip(1).rev() {
            let v = parent[w];
            let m = self.sticks.iter().filter(|&&s| s == (v.min(w) as u32, v.max(w) as u32)).count() as u128;
            ways[v] = ways[v].saturating_mul(m.saturating_mul(ways[w]).saturating_add(1));
        }
        ways[0]
    }

    /// A breadth-first spanning tree from the ground (vertex 0) over the sticks: each vertex's
    /// parent (usize::MAX for one the ground does not reach; the ground its own) and the
    /// vertices in the order met, the ground first.
    fn spanning_tree(&self) -> (Vec<usize>, Vec<usize>) {
        let mut parent = vec![usize::MAX; MAX_VERTEX as usize + 1];
        let mut order = vec![0usize];
        parent[0] = 0;
        let mut at = 0;
        while at < order.len() {
            let v = order[at];
            at += 1;
            for &(a, b) in &self.sticks {
                let (a, b) = (a as usize, b as usize);
                let w = if a == v {
                    b
                } else if b == v {
                    a
                } else {
                    continue;
                };
                if parent[w] == usize::MAX {
                    parent[w] = v;
                    order.push(w);
                }
            }
        }
        (parent, order)
    }

    /// The board of a position: vertices placed by a breadth-first tree from the ground (a
    /// vertex's height is its distance from the ground in sticks, leaves side by side, a vertex
    /// above the middle of its children), each stick on the ground drawn from its own ground
    /// point below its upper end.
    fn board(&self, standing: u64) -> PositionView {
        let n = MAX_VERTEX as usize + 1;
        let (parent, order) = self.spanning_tree();
        // A vertex's height: its distance from the ground, its parent's plus one.
        let mut height = vec![0u32; n];
        for &w in order.iter().skip(1) {
            height[w] = height[parent[w]] + 1;
        }
        // x: leaves two units apart in depth-first order; a vertex at the middle of its children.
        let mut children = vec![Vec::new(); n];
        for &w in order.iter().skip(1) {
            children[parent[w]].push(w);
        }
        let mut x = vec![0u32; n];
        let mut next_leaf = 0u32;
        let mut stack = vec![(0usize, false)];
        while let Some((v, done)) = stack.pop() {
            if done || children[v].is_empty() {
                x[v] = match (children[v].first(), children[v].last()) {
                    (Some(&first), Some(&last)) => (x[first] + x[last]) / 2,
                    _ => {
                        next_leaf += 2;
                        next_leaf - 2
                    }
                };
                continue;
            }
            stack.push((v, true));
            stack.extend(children[v].iter().rev().map(|&c| (c, false)));
        }
        // The board's vertices: every vertex but the ground, then one ground point per stick on
        // the ground.
        let mut index = vec![u32::MAX; n];
        let mut vertices = Vec::new();
        let mut ground = Vec::new();
        for &v in order.iter().skip(1) {
            index[v] = vertices.len() as u32;
            vertices.push((x[v], height[v]));
            ground.push(false);
        }
        let mut sticks = Vec::new();
        for &(a, b) in &self.sticks {
            let mut end = |v: u32, other: u32| {
                if v != 0 {
                    return index[v as usize];
                }
                vertices.push((if other == 0 { next_leaf } else { x[other as usize] }, 0));
                ground.push(true);
                vertices.len() as u32 - 1
            };
            let from = end(a, b);
            let to = if a == b { from } else { end(b, a) };
            sticks.push((from, to));
        }
        let remaining = (0..self.sticks.len()).map(|i| standing >> i & 1 == 1).collect();
        PositionView::Sticks { vertices, ground, sticks, remaining }
    }
}

impl Positions for Hackenbush {
    type Position = u64;
    const DISTINCT_MOVES: bool = true;

    fn start(&self) -> u64 {
        if self.sticks.len() == 64 {
            u64::MAX
        } else {
            (1 << self.sticks.len()) - 1
        }
    }

    /// One cut per group of interchangeable sticks standing, in the spec's order.
    fn moves(&self, &standing: &u64) -> Vec<u64> {
        let mut out = Vec::new();
        for i in 0..self.sticks.len() {
            // The last standing stick of its group stands for the group.
            let last =
                (i + 1..self.sticks.len()).all(|j| self.group[j] != self.group[i] || standing >> j & 1 == 0);
            if standing >> i & 1 == 1 && last {
                out.push(self.canonical(self.grounded(standing & !(1 << i))));
            }
        }
        out
    }

    fn label(&self, &standing: &u64) -> String {
        if standing == 0 {
            return "ground".into();
        }
        let parts: Vec<String> = (0..self.sticks.len())
            .filter(|&i| standing >> i & 1 == 1)
            .map(|i| format!("{}-{}", self.sticks[i].0, self.sticks[i].1))
            .collect();
        parts.join(",")
    }

    fn parse_label(&self, label: &str) -> Option<u64> {
        if label == "ground" {
            return Some(0);
        }
        let mut standing = 0u64;
        for part in label.split(',') {
            let (a, b) = part.split_once('-')?;
            let stick = (u32::try_from(number(a)?).ok()?, u32::try_from(number(b)?).ok()?);
            // The first stick of that pair not yet standing.
            let i = (0..self.sticks.len()).find(|&i| self.sticks[i] == stick && standing >> i & 1 == 0)?;
            standing |= 1 << i;
        }
        // Only the canonical spelling: the spec's order, the first sticks of each group.
        (self.label(&standing) == label && self.canonical(standing) == standing).then_some(standing)
    }
}

/// The value of a forest of sticks on the ground by the colon principle (Winning Ways ch. 7):
/// the nim-sum, over the sticks at a vertex going up, of 1 + the value of what stands on each
/// (a stalk of n sticks is *n; branches at a vertex are one stalk of their nim-sum). None when
/// the picture has a cycle, a loop or two sticks joining the same vertices (these need the
/// fusion principle).
pub fn colon_value(game: &Hackenbush) -> Option<u64> {
    let n = MAX_VERTEX as usize + 1;
    let (parent, order) = game.spanning_tree();
    // A spanning tree has a stick per vertex but the ground: any other stick closes a cycle.
    let tree_sticks = order.len() - 1;
    if tree_sticks != game.sticks.len() {
        return None;
    }
    let mut value = vec![0u64; n];
    for &w in order.iter().skip(1).rev() {
        value[parent[w]] ^= value[w] + 1;
    }
    Some(value[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_drops_what_it_held() {
        let game = Hackenbush::parse("0-1,1-2,1-3").unwrap();
        let moves: Vec<String> = game.moves(&game.start()).iter().map(|m| game.label(m)).collect();
        assert_eq!(moves, ["ground", "0-1,1-3", "0-1,1-2"]);
        assert_eq!(game.parse_label("0-1,1-3"), Some(0b101));
        assert_eq!(game.parse_label("1-3,0-1"), None);
        assert_eq!(game.positions_at_least(), 5);
        assert_eq!(colon_value(&game), Some(1));
    }

    #[test]
    fn parallel_sticks_are_interchangeable() {
        let game = Hackenbush::parse("0-1,0-1,1-2").unwrap();
        let moves: Vec<String> = game.moves(&game.start()).iter().map(|m| game.label(m)).collect();
        assert_eq!(moves, ["0-1,1-2", "0-1,0-1"]);
        assert_eq!(game.parse_label("0-1,1-2"), Some(0b101));
        assert_eq!(colon_value(&game), None);
        // Ground, 1 stick, 2 sticks, each of the two with the top stick or not: 1 + 2·2.
        assert_eq!(game.positions_at_least(), 5);
    }

    #[test]
    fn bad_pictures_are_refused() {
        for (text, says) in [
            ("0-1,2-3", "not connected to the ground"),
            ("0-1,", "a stick is missing"),
            ("0-x", "not a-b"),
            ("0-100", "not a-b"),
        ] {
            let err = Hackenbush::parse(text).unwrap_err().to_string();
            assert!(err.contains(says), "{text}: {err}");
        }
        let many: Vec<String> = (1..=65).map(|v| format!("0-{}", v % 99 + 1)).collect();
        assert!(Hackenbush::parse(&many.join(",")).unwrap_err().to_string().contains("too many sticks"));
    }
}
