//! Game graphs that may contain cycles ("loopy" impartial games, Winning Ways ch. 12), typed as
//! an edge list with the grammar of [`super::dag`]: `game=graph&edges=a-b,b-a,b-c&root=a`.
//!
//! Each edge `from-to` is a move; self-loops and repeated moves are refused, cycles are not.
//! `root` is optional when exactly one position has no incoming move. A position's moves keep
//! the order listed (Böhme's learners read it as the list N(x)). Label: the position's name.
//! Ids: post-order of a depth-first search from the root, exactly as for `dag`, so an acyclic
//! `graph` builds the same [`GameGraph`] as the `dag` with the same edges, and every analysis
//! gives the same results. A cyclic one is built as a [`LoopyGraph`] ([`GraphSpec::build_loopy`])
//! and analysed by retrograde analysis ([`crate::analysis::loopy`]); asked for a [`GameGraph`]
//! (Sprague–Grundy values, UMDA, Benford & Lehre's bounds) it is refused with
//! [`InputError::NeedsAcyclic`].

use std::fmt;

use super::dag::DagSpec;
use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::error::InputError;
use crate::game_graph::GameGraph;
use crate::loopy::LoopyGraph;
use crate::size::Size;

const ALLOWED: &str = "a comma-separated list of moves from-to between names of letters, digits, _ or ., \
                       cycles allowed, e.g. a-b,b-a,b-c";

/// A validated edge list that may contain cycles. Invariants: those of [`DagSpec`] but
/// acyclicity; `cycle` names a position on a cycle the root reaches, when there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphSpec {
    edges: DagSpec,
    cycle: Option<String>,
}

impl Game for GraphSpec {
    const INFO: FamilyInfo = family_info!(
        "graph",
        "Graph with cycles",
        [
            // The example is acyclic so that every view of the page can show it; the page does
            // not draw loopy games yet.
            ("edges", "Moves (from-to, comma separated; cycles allowed)", "s-a,s-b,a-b,b-t", ALLOWED, None),
            (
                "root",
                "Start position",
                "s",
                "the name of a position in the edges",
                Some("the one position no move reaches")
            )
        ]
    );

    fn parse(keys: &Keys) -> Result<GraphSpec, InputError> {
        GraphSpec::parse(keys.need("edges")?, keys.get("root"))
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&{}", self.edges)
    }

    fn estimate(&self, _: &Limits) -> Result<Size, InputError> {
        Ok(self.edges.estimate())
    }

    fn build(&self, _: &Limits) -> Result<GameGraph, InputError> {
        match &self.cycle {
            Some(node) => Err(InputError::NeedsAcyclic { node: node.clone() }),
            None => Ok(self.edges.build()),
        }
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        PositionView::Named { label: graph.label(v) }
    }

    fn rules(&self) -> String {
        "Move along one arrow from the current position; the game may go round in circles, and a game that never ends is a draw.".into()
    }

    fn cycle(&self) -> Option<&str> {
        self.cycle.as_deref()
    }

    fn build_loopy(&self) -> Option<LoopyGraph> {
        self.has_cycle().then(|| GraphSpec::build_loopy(self))
    }
}

impl GraphSpec {
    /// Parses `edges` and the optional `root`; cycles are allowed.
    pub fn parse(edges: &str, root: Option<&str>) -> Result<GraphSpec, InputError> {
        let edges = DagSpec::parse_with(edges, root, true)?;
        let cycle = edges.cycle_from_root();
        Ok(GraphSpec { edges, cycle })
    }

    /// Whether the root reaches a cycle. A cycle among positions the root never reaches is not
    /// part of the game: such a graph builds as the acyclic game it is.
    pub fn has_cycle(&self) -> bool {
        self.cycle.is_some()
    }

    /// The positions reachable from the root, cycles allowed.
    pub fn build_loopy(&self) -> LoopyGraph {
        self.edges.build_loopy()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_are_kept_and_refused_only_where_acyclicity_is_needed() {
        let spec = GraphSpec::parse("r-a,a-b,b-a,b-c", None).unwrap();
        assert!(spec.has_cycle());
        let loopy = spec.build_loopy();
        assert_eq!(loopy.len(), 4);
        assert!(loopy.is_cyclic());
        assert_eq!(loopy.label(loopy.root()), "r");
        let err = Game::build(&spec, &Limits::DEFAULT).unwrap_err();
        assert!(matches!(err, InputError::NeedsAcyclic { .. }));
        assert_eq!(GraphSpec::parse("a-a", None).unwrap_err(), InputError::SelfLoop { node: "a".into() });
        assert!(matches!(GraphSpec::parse("a-b,a-b", None), Err(InputError::DuplicateEdge { .. })));
        // Every position is on the cycle: no source, so the root must be named.
        assert!(matches!(GraphSpec::parse("a-b,b-a", None), Err(InputError::NeedsRoot { .. })));
        assert!(GraphSpec::parse("a-b,b-a", Some("b")).is_ok());
        // A cycle the root never reaches is no part of the game, which builds as acyclic.
        let spec = GraphSpec::parse("a-v0,b-c,c-b", Some("a")).unwrap();
        assert!(!spec.has_cycle());
        assert_eq!(Game::build(&spec, &Limits::DEFAULT).unwrap().len(), 2);
    }
}
