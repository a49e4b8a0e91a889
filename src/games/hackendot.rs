//! Hackendot (von Neumann; Fenner & Rogers §1.1, solved by Úlehla 1980): a forest of upside-down
//! trees, roots at the top. A move picks a remaining node and removes it with every node above
//! it — its path to the root. The player who cannot move (empty forest) loses.
//!
//! It is the poset game of its forest, a node below its parent: a tree is its root over the
//! parallel union of its children's trees (Fenner & Rogers Def 1.2: `C1/(T1+…+Tk)`), the forest the
//! parallel union of its trees. So the graph, labels, ids and board are the poset family's
//! ([`super::poset`]): elements numbered from 0, lower parts first (so a root comes after its
//! subtree), label `{0,2,3}` = the remaining nodes. Forests are series–parallel, so their
//! values also come from Deuber and Thomassé's g-set algebra ([`forest_gset`], Fenner & Rogers §3.1).
//!
//! Grammar of the `forest` key: each node `(`…`)` with its children inside, trees side by side:
//! `(()())(())` is a root with two leaves beside a root with one leaf.

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use super::poset::{gset_of_parallel, gset_series, PosetExpr, MAX_ELEMENTS};
use crate::budget::Limits;
use crate::error::{group_digits, InputError};
use crate::game_graph::GameGraph;
use crate::numbers::bad_value;
use crate::size::Size;

/// Most nodes a forest given to the g-set algebra may have ([`forest_gset`]; no graph is built:
/// its time grows at worst quadratically: 0.3 s for a caterpillar of 10,000 nodes, a path and
/// random trees of 10,000 nodes take milliseconds).
pub const MAX_ALGEBRA_NODES: usize = 10_000;

const ALLOWED: &str = "a forest written with parentheses, each node ( ) holding its children, \
                       trees side by side, e.g. (()())(()) (at most 64 nodes)";

/// A Hackendot forest and the poset it is played as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hackendot {
    /// Canonical text: parentheses only.
    forest: String,
    poset: PosetExpr,
}

impl Game for Hackendot {
    const INFO: FamilyInfo = family_info!(
        "hackendot",
        "Hackendot",
        [("forest", "Forest (each node in parentheses, its children inside)", "(()())(())", ALLOWED, None)]
    );

    fn parse(keys: &Keys) -> Result<Hackendot, InputError> {
        Hackendot::parse(keys.need("forest")?)
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&forest={}", self.forest)
    }

    fn estimate(&self, limits: &Limits) -> Result<Size, InputError> {
        self.poset.estimate(limits)
    }

    fn build(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        self.poset.build(limits)
    }

    /// The poset's Hasse diagram is the forest drawn, roots at the top.
    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        Game::view(&self.poset, graph, v)
    }

    fn rules(&self) -> String {
        "Pick a node: it goes with every node on its path up to its root.".into()
    }
}

impl Hackendot {
    /// Reads a forest of at most [`MAX_ELEMENTS`] nodes (each node is a poset element).
    pub fn parse(text: &str) -> Result<Hackendot, InputError> {
        let forest = checked(text, MAX_ELEMENTS as usize)?;
        // A stack of the trees found so far at each open level (iterative: no recursion).
        let mut levels: Vec<Vec<PosetExpr>> = vec![Vec::new()];
        for b in forest.bytes() {
            if b == b'(' {
                levels.push(Vec::new());
            } else if let (Some(children), Some(parent)) = (levels.pop(), levels.last_mut()) {
                parent.push(if children.is_empty() {
                    PosetExpr::point()
                } else {
                    PosetExpr::over(PosetExpr::point(), PosetExpr::beside(children))
                });
            }
        }
        let trees = levels.pop().unwrap_or_default();
        Ok(Hackendot { forest, poset: PosetExpr::beside(trees) })
    }

    /// The poset it is played as, as a poset expression.
    pub fn poset(&self) -> &PosetExpr {
        &self.poset
    }
}

/// The g-set of a forest of up to [`MAX_ALGEBRA_NODES`] nodes (the Grundy values of its
/// options; the value is its mex), by the g-set algebra of Fenner & Rogers §3.1 without building any
/// graph: a tree is a point over its children's forest (Lemma 3.2 with g-set(C1) = {0}), a
/// forest the parallel union of its trees (Fact 3.1). One pass with a stack, so a path of
/// 10,000 nodes needs no deep recursion.
pub fn forest_gset(text: &str) -> Result<Vec<u32>, InputError> {
    let forest = checked(text, MAX_ALGEBRA_NODES)?;
    // The g-sets of the trees closed so far at each open level.
    let mut levels: Vec<Vec<Vec<u32>>> = vec![Vec::new()];
    for b in forest.bytes() {
        if b == b'(' {
            levels.push(Vec::new());
        } else if let (Some(children), Some(parent)) = (levels.pop(), levels.last_mut()) {
            parent.push(gset_series(&[0], gset_of_parallel(children)));
        }
    }
    Ok(gset_of_parallel(levels.pop().unwrap_or_default()))
}

/// The forest without spaces, once it is balanced, non-empty and of at most `most` nodes;
/// checked by counting before anything is allocated but the result.
fn checked(text: &str, most: usize) -> Result<String, InputError> {
    let refuse = |why: &str| Err(bad_value("forest", text, &format!("{why}: {ALLOWED_SHORT}")));
    let mut depth = 0usize;
    let mut nodes = 0usize;
    for c in text.chars() {
        match c {
            '(' => {
                depth += 1;
                nodes += 1;
            }
            ')' if depth == 0 => return refuse("a ) closes no node"),
            ')' => depth -= 1,
            ' ' => {}
            _ => return refuse("only ( and ) are allowed"),
        }
        if nodes > most {
            let why = if most == MAX_ALGEBRA_NODES {
                format!("at most {} nodes", group_digits(most as u128))
            } else {
                format!(
                    "at most {most} nodes for a position graph (impartial value takes {MAX_ALGEBRA_NODES})"
                )
            };
            return refuse(&why);
        }
    }
    if depth > 0 {
        return refuse("a ( is never closed");
    }
    if nodes == 0 {
        return refuse("the forest is empty");
    }
    Ok(text.chars().filter(|&c| c != ' ').collect())
}

const ALLOWED_SHORT: &str =
    "write each node as ( ) holding its children, trees side by side, e.g. (()())(())";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_is_its_root_over_its_children() {
        let game = Hackendot::parse("(()())(())").unwrap();
        assert_eq!(game.poset().to_string(), "C1/(C1+C1)+C1/C1");
        let same = PosetExpr::parse("L2+C2").unwrap();
        assert_eq!(forest_gset("(()())(())").unwrap(), same.gset().unwrap());
    }

    #[test]
    fn bad_forests_are_refused_with_the_reason() {
        for (text, says) in [
            ("(()", "never closed"),
            ("())", "closes no node"),
            ("", "empty"),
            ("(x)", "only ( and )"),
            (&"()".repeat(65), "at most 64 nodes for a position graph"),
        ] {
            let e = Hackendot::parse(text).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
        assert!(forest_gset(&"()".repeat(10_001)).unwrap_err().to_string().contains("10,000"));
    }

    #[test]
    fn a_path_is_a_chain_and_a_star_is_a_lambda() {
        // A path of n nodes is C_n (g = n); a root over n leaves is Λ_n (Fenner & Rogers §1.1).
        let path = |n: usize| format!("{}{}", "(".repeat(n), ")".repeat(n));
        assert_eq!(forest_gset(&path(5)).unwrap(), vec![0, 1, 2, 3, 4]);
        assert_eq!(forest_gset(&path(3_000)).unwrap().len(), 3_000);
        let star = format!("({})", "()".repeat(4));
        assert_eq!(forest_gset(&star).unwrap(), PosetExpr::parse("L4").unwrap().gset().unwrap());
    }
}
