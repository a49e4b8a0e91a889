//! The size budget: instances above it are refused before any graph memory is allocated.

use crate::error::InputError;
use crate::size::Size;

/// The size budget. Instances above it are refused before any graph memory is allocated.
/// [`build`](crate::games::build) caps both at what u32 ids and offsets can hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most positions an instance may have.
    pub max_positions: u64,
    /// The most moves an instance may have.
    pub max_edges: u64,
}

impl Limits {
    /// 4,000,000 positions and 40,000,000 moves: about 200 MB for the graph and its analysis
    /// at the top, and within what a browser tab's wasm memory can hold.
    pub const DEFAULT: Limits = Limits { max_positions: 4_000_000, max_edges: 40_000_000 };

    /// The page's budget: 200,000 positions and 2,000,000 moves. A run keeps about 40 bytes per
    /// move (model, sampler table, counts, the expected-dynamics twin), so this stays near
    /// 100 MB, which a phone's browser tab can hold, and the graph view still draws it.
    pub const PAGE: Limits = Limits { max_positions: 200_000, max_edges: 2_000_000 };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// Checks a size against the budget; the error names the budget and the instance's size.
pub fn check_size(family: &'static str, size: Size, limits: &Limits) -> Result<(), InputError> {
    let counts =
        [("positions", size.positions, limits.max_positions), ("moves", size.edges, limits.max_edges)];
    for (what, count, budget) in counts {
        if count > u128::from(budget) {
            return Err(InputError::TooLarge { family, what, size: count, bound: size.bound, budget });
        }
    }
    Ok(())
}
