//! Runtime experiments: the distribution of T (Def 5.1) over many seeds per game size, to set
//! beside the bounds of Benford & Lehre §5–6 (Theorem 5.2, Corollary 5.3, Props 6.1–6.4).
//!
//! A sweep names its game by a spec in which the size is written `N`: as a whole value
//! (`heap=N`), a whole item of a list (`heaps=N,N`), in several keys at once
//! (`rows=N&cols=N`), or as an affine expression `a*N+b` (`heap=N-1`, `squares=2*N`), also
//! inside a sum's parts (`parts=nim(heaps=N)+chomp(rows=2;cols=N)`). Each size replaces every
//! `N` (see [`spec_for`]).
//!
//! A sweep is a grid: every (size, μ, γ) cell runs `runs` seeded runs. Run r at size N uses
//! seed [`run_seed`]`(seed, N, r)` whatever the cell's μ and γ, so a cell of a grid is exactly
//! the same cell run alone, cells of one size share their seeds (common random numbers), a
//! sweep split into shards (`--shard i/k`) runs exactly the runs of the whole sweep, and any
//! single run can be replayed with `impartial umda --seed`.

mod figure;
mod provenance;
mod runs;
mod settings;
mod summary;
pub mod survival;
mod sweep;
mod template;

pub use figure::*;
pub use provenance::*;
pub use runs::*;
pub use settings::*;
pub use summary::*;
pub use sweep::*;
pub use template::*;
