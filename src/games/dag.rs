//! Custom game graphs typed as an edge list of named positions.
//!
//! Syntax: `game=dag&edges=a-b,a-c,b-c&root=a`. Each edge `from-to` is a move; names are
//! 1–32 letters, digits, `_` or `.`; `root` is optional when exactly one position has no
//! incoming move. The graph must be acyclic with no self-loops or repeated moves; positions
//! not reachable from the root are left out (Benford & Lehre §2 assumes every position reachable).
//! A position's moves keep the order in which its edges are listed.
//! Label: the position's name.
//! Ids: post-order of a depth-first search from the root, so every move goes to a smaller id.
//!
//! A game shaped like Benford & Lehre's Figure 4 (W_G = {v0, b}, and v0 → d wins at once), for
//! instance: `edges=v0-a,v0-b,v0-d,a-b,a-c,b-c,b-d,c-d&root=v0`.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::error::InputError;
use crate::game_graph::{CsrBuilder, GameGraph, StoredLabels};
use crate::loopy::LoopyGraph;
use crate::numbers::bad_value;
use crate::size::{Bound, Size};

/// Most moves a custom graph may list.
pub const MAX_EDGES: usize = 100_000;
/// Longest position name.
pub const MAX_NAME: usize = 32;

const ALLOWED: &str = "a comma-separated list of moves from-to between names of letters, digits, _ or ., \
                       e.g. a-b,a-c,b-c";

const ROOT: &str = "the name of a position in the edges";

impl Game for DagSpec {
    const INFO: FamilyInfo = family_info!(
        "dag",
        "Custom graph",
        [
            ("edges", "Moves (from-to, comma separated)", "v0-a,v0-b,a-c,b-c,b-e,c-e", ALLOWED, None),
            ("root", "Start position", "v0", ROOT, Some("the one position no move reaches"))
        ]
    );

    fn parse(keys: &Keys) -> Result<DagSpec, InputError> {
        DagSpec::parse(keys.need("edges")?, keys.get("root"))
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&{self}")
    }

    fn estimate(&self, _: &Limits) -> Result<Size, InputError> {
        Ok(DagSpec::estimate(self))
    }

    fn build(&self, _: &Limits) -> Result<GameGraph, InputError> {
        Ok(DagSpec::build(self))
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        PositionView::Named { label: graph.label(v) }
    }

    fn rules(&self) -> String {
        "Move along one arrow from the current position.".into()
    }
}

/// A validated custom graph. Invariants: acyclic, no self-loops, no repeated edge,
/// `root` is a node, at least one edge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DagSpec {
    names: Vec<String>,
    /// Edges as indices into `names`, in the order given.
    edges: Vec<(u32, u32)>,
    root: u32,
}

impl DagSpec {
    /// Parses `edges` and the optional `root`, and checks the graph is a game graph.
    pub fn parse(edges: &str, root: Option<&str>) -> Result<DagSpec, InputError> {
        DagSpec::parse_with(edges, root, false)
    }

    /// As [`DagSpec::parse`]; cycles are refused unless `allow_cycles` (the `graph` family).
    pub(crate) fn parse_with(
        edges: &str,
        root: Option<&str>,
        allow_cycles: bool,
    ) -> Result<DagSpec, InputError> {
        let mut names: Vec<String> = Vec::new();
        let mut index: HashMap<String, u32> = HashMap::new();
        let mut intern = |name: &str| -> Result<u32, InputError> {
            let valid = !name.is_empty()
                && name.len() <= MAX_NAME
                && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.');
            if !valid {
                return Err(bad_value(
                    "position name",
                    name,
                    &format!("1 to {MAX_NAME} letters, digits, '_' or '.'"),
                ));
            }
            Ok(*index.entry(name.to_string()).or_insert_with(|| {
                names.push(name.to_string());
                (names.len() - 1) as u32
            }))
        };
        let mut list = Vec::new();
        for part in edges.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (from, to) = part.split_once('-').ok_or_else(|| bad_value("edges", edges, ALLOWED))?;
            list.push((intern(from.trim())?, intern(to.trim())?));
            if list.len() > MAX_EDGES {
                return Err(bad_value("edges", edges, &format!("at most {MAX_EDGES} moves")));
            }
        }
        if list.is_empty() {
            return Err(InputError::EmptyGraph);
        }
        let root_id = match root {
            Some(name) => *index
                .get(name.trim())
                .ok_or_else(|| bad_value("root", name, "the name of a position that appears in edges"))?,
            None => 0, // chosen below, once the graph is known to be acyclic
        };
        let named_root = root.is_some();
        let mut spec = DagSpec { names, edges: list, root: root_id };
        spec.check_simple()?;
        if !allow_cycles {
            spec.check_acyclic()?;
        }
        if !named_root {
            spec.root = spec.only_source()?;
        }
        Ok(spec)
    }

    fn check_simple(&self) -> Result<(), InputError> {
        let mut seen = std::collections::HashSet::new();
        for &(from, to) in &self.edges {
            if from == to {
                return Err(InputError::SelfLoop { node: self.names[from as usize].clone() });
            }
            if !seen.insert((from, to)) {
                return Err(InputError::DuplicateEdge {
                    from: self.names[from as usize].clone(),
                    to: self.names[to as usize].clone(),
                });
            }
        }
        Ok(())
    }

    fn adjacency(&self) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new(); self.names.len()];
        for &(from, to) in &self.edges {
            out[from as usize].push(to);
        }
        out
    }

    /// Depth-first search over the whole graph; a back edge closes a cycle through its target.
    pub(crate) fn check_acyclic(&self) -> Result<(), InputError> {
        self.first_cycle(0..self.names.len())
    }

    /// A position on a cycle that the root reaches, if any: the game is what the root reaches,
    /// so a cycle among positions it never reaches does not make the game loopy.
    pub(crate) fn cycle_from_root(&self) -> Option<String> {
        match self.first_cycle([self.root as usize]) {
            Err(InputError::Cyclic { node }) => Some(node),
            _ => None,
        }
    }

    /// Depth-first search from each of `starts` in turn; a back edge closes a cycle through its
    /// target.
    fn first_cycle(&self, starts: impl IntoIterator<Item = usize>) -> Result<(), InputError> {
        let out = self.adjacency();
        // 0 = unseen, 1 = on the stack, 2 = done
        let mut state = vec![0u8; out.len()];
        for start in starts {
            if state[start] != 0 {
                continue;
            }
            let mut stack = vec![(start, 0usize)];
            state[start] = 1;
            while let Some((v, i)) = stack.pop() {
                if let Some(&w) = out[v].get(i) {
                    stack.push((v, i + 1));
                    match state[w as usize] {
                        0 => {
                            state[w as usize] = 1;
                            stack.push((w as usize, 0));
                        }
                        1 => return Err(InputError::Cyclic { node: self.names[w as usize].clone() }),
                        _ => {}
                    }
                } else {
                    state[v] = 2;
                }
            }
        }
        Ok(())
    }

    fn only_source(&self) -> Result<u32, InputError> {
        let mut has_incoming = vec![false; self.names.len()];
        for &(_, to) in &self.edges {
            has_incoming[to as usize] = true;
        }
        let sources: Vec<usize> = (0..self.names.len()).filter(|&v| !has_incoming[v]).collect();
        match sources.as_slice() {
            [only] => Ok(*only as u32),
            _ => {
                let shown = sources.iter().take(5).map(|&v| self.names[v].clone()).collect();
                Err(InputError::NeedsRoot { sources: shown })
            }
        }
    }

    /// Upper bounds: every named position and every listed move (unreachable ones are dropped).
    pub fn estimate(&self) -> Size {
        Size { positions: self.names.len() as u128, edges: self.edges.len() as u128, bound: Bound::AtMost }
    }

    /// Builds the graph of the positions reachable from the root.
    pub fn build(&self) -> GameGraph {
        let (csr, labels, _) = self.reachable_csr();
        GameGraph::from_csr(csr.offsets, csr.targets, labels)
    }

    /// The positions reachable from the root (cycles allowed), with the same ids as
    /// [`DagSpec::build`] gives an acyclic graph.
    pub fn build_loopy(&self) -> LoopyGraph {
        let (csr, labels, root) = self.reachable_csr();
        LoopyGraph::from_csr(csr.offsets, csr.targets, root, Arc::new(labels))
    }

    /// The reachable positions as rows of moves (ids in the post-order of [`DagSpec::build`]),
    /// their names, and the root's id.
    fn reachable_csr(&self) -> (CsrBuilder, StoredLabels, usize) {
        let (out, order, id) = self.reachable();
        let mut csr = CsrBuilder::with_capacity(order.len(), self.edges.len());
        for &v in &order {
            csr.targets.extend(out[v as usize].iter().map(|&w| id[w as usize]));
            csr.end_position();
        }
        let labels = order.iter().map(|&v| self.names[v as usize].clone()).collect();
        (csr, StoredLabels(labels), id[self.root as usize] as usize)
    }

    /// The adjacency lists, the reachable names in the post-order of a depth-first search from
    /// the root, and each name's id in that order (`u32::MAX` when unreachable). On an acyclic
    /// graph every move goes to a smaller id and the root comes last.
    fn reachable(&self) -> (Vec<Vec<u32>>, Vec<u32>, Vec<u32>) {
        let out = self.adjacency();
        let mut id = vec![u32::MAX; out.len()];
        let mut order: Vec<u32> = Vec::new();
        let mut visited = vec![false; out.len()];
        let mut stack = vec![(self.root as usize, 0usize)];
        visited[self.root as usize] = true;
        while let Some((v, i)) = stack.pop() {
            if let Some(&w) = out[v].get(i) {
                stack.push((v, i + 1));
                if !visited[w as usize] {
                    visited[w as usize] = true;
                    stack.push((w as usize, 0));
                }
            } else {
                id[v] = order.len() as u32;
                order.push(v as u32);
            }
        }
        (out, order, id)
    }
}

impl fmt::Display for DagSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let edges: Vec<String> = self
            .edges
            .iter()
            .map(|&(a, b)| format!("{}-{}", self.names[a as usize], self.names[b as usize]))
            .collect();
        write!(f, "edges={}&root={}", edges.join(","), self.names[self.root as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_only_source_is_the_root_and_canonical_form_names_it() {
        let dag = DagSpec::parse("b-c, a-b,a-c", None).unwrap();
        assert_eq!(dag.to_string(), "edges=b-c,a-b,a-c&root=a");
        let graph = dag.build();
        assert_eq!(graph.label(graph.root()), "a");
        assert_eq!(graph.len(), 3);
    }

    #[test]
    fn unreachable_positions_are_left_out() {
        let graph = DagSpec::parse("a-b,c-d", Some("a")).unwrap().build();
        assert_eq!(graph.len(), 2);
        assert_eq!(graph.edge_count(), 1);
    }

    #[test]
    fn bad_graphs_get_their_own_sentence() {
        let err = |edges: &str, root: Option<&str>| DagSpec::parse(edges, root).unwrap_err();
        assert_eq!(err("a-b,b-c,c-a", None), InputError::Cyclic { node: "a".into() });
        assert_eq!(err("a-a", None), InputError::SelfLoop { node: "a".into() });
        assert_eq!(err("a-b,a-b", None), InputError::DuplicateEdge { from: "a".into(), to: "b".into() });
        assert_eq!(err("", None), InputError::EmptyGraph);
        assert_eq!(err(" , ", None), InputError::EmptyGraph);
        assert_eq!(
            err("a-b,c-b", None).to_string(),
            "The custom graph has several positions that no move reaches (a, c); name the start with root=NAME."
        );
        assert!(err("a-b", Some("z")).to_string().contains("not a valid value for root"));
        assert!(err("a>b", None).to_string().contains("not a valid value for edges"));
        assert!(err("a b-c", None).to_string().contains("not a valid value for position name"));
    }
}
