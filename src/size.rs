//! Sizes of game instances, stated before anything is built: the bottom of the core (it
//! depends on nothing), so that errors can say how large a refused instance is.

/// An instance's size before building.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    /// Positions (n), or a bound on them.
    pub positions: u128,
    /// Moves (|E(G)|), or a bound on them.
    pub edges: u128,
    /// How `positions` and `edges` relate to the true sizes.
    pub bound: Bound,
}

/// How a size relates to the true one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true size is this.
    Exact,
    /// The true size is at most this.
    AtMost,
    /// The true size is at least this (a count stopped past the budget, or a bound that needed
    /// no count, such as the positions top − j·m of a subtraction game).
    AtLeast,
}

impl Bound {
    /// The weaker of two bounds, for sizes combined from parts.
    pub fn and(self, other: Bound) -> Bound {
        match (self, other) {
            (Bound::AtLeast, _) | (_, Bound::AtLeast) => Bound::AtLeast,
            (Bound::AtMost, _) | (_, Bound::AtMost) => Bound::AtMost,
            _ => Bound::Exact,
        }
    }
}
