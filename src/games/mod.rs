//! Game families: each module owns everything about its family (see [`family::Game`]) and is
//! registered once, in `families!` below. Adding a family touches its module, its entry
//! there (three lines, before `Sum`) and its tests (docs/architecture.md, "Adding a family").
//!
//! [`build`] first [`estimate`]s the instance's size from a formula (or, for posets and custom
//! graphs, from a bounded count) and refuses anything above [`Limits`] before allocating. Each
//! family's module doc states its rules, its labels and how its ids are made reverse
//! topological.

pub mod chomp;
pub mod cram;
pub mod dag;
pub mod family;
pub mod graph;
pub mod grundys_game;
pub mod hackenbush;
pub mod hackendot;
pub mod lasker;
pub mod moore;
pub mod nim;
pub mod octal;
pub mod poset;
pub mod silver_dollar;
pub mod subtraction;
pub mod sum;
pub mod turning_turtles;
pub mod wythoff;

pub use crate::budget::{check_size, Limits};
pub use crate::size::{Bound, Size};
pub use crate::sizing::heap_rule::HeapSum;
pub use family::{win_rule, FamilyInfo, FamilyKey, Game, Keys, Part, PositionView};

use crate::error::InputError;
use crate::game_graph::GameGraph;
use crate::loopy::LoopyGraph;

/// Declares [`Family`] (one variant per family, holding its validated instance), the table
/// [`FAMILIES`] and the dispatch from one to the other.
macro_rules! families {
    ($($(#[$doc:meta])* $variant:ident($ty:ty)),+ $(,)?) => {
        /// A game family with its validated parameters.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Family {
            $($(#[$doc])* $variant($ty)),+
        }

        /// Every family the `game` key accepts, in the order documentation lists them.
        pub const FAMILIES: &[FamilyInfo] = &[$(<$ty as Game>::INFO),+];

        impl Family {
            /// Reads the family named `name` from its keys; None when no family has that name.
            pub fn parse(name: &str, keys: &Keys) -> Option<Result<Family, InputError>> {
                $(if name == <$ty as Game>::INFO.name {
                    return Some(<$ty as Game>::parse(keys).map(Family::$variant));
                })+
                None
            }

            /// The family's entry in [`FAMILIES`].
            pub fn info(&self) -> &'static FamilyInfo {
                match self {
                    $(Family::$variant(_) => &<$ty as Game>::INFO),+
                }
            }

            /// Writes the keys after `game=NAME` in canonical form.
            pub fn write_keys(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $(Family::$variant(game) => Game::write_keys(game, f)),+
                }
            }

            fn estimate_unchecked(&self, limits: &Limits) -> Result<Size, InputError> {
                match self {
                    $(Family::$variant(game) => Game::estimate(game, limits)),+
                }
            }

            fn build_unchecked(&self, limits: &Limits) -> Result<GameGraph, InputError> {
                match self {
                    $(Family::$variant(game) => Game::build(game, limits)),+
                }
            }

            /// Position `v` of the graph this instance built, as a board draws it.
            pub fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
                match self {
                    $(Family::$variant(game) => Game::view(game, graph, v)),+
                }
            }

            /// What a move is, in one sentence ([`Game::rules`]).
            pub fn rules(&self) -> String {
                match self {
                    $(Family::$variant(game) => Game::rules(game)),+
                }
            }

            /// [`Game::heap_sum`]: its heaps and their rule, when it is a game of heaps.
            pub fn heap_sum(&self) -> Option<HeapSum<'_>> {
                match self {
                    $(Family::$variant(game) => Game::heap_sum(game)),+
                }
            }

            /// [`Game::move_names`]: the names of position `v`'s moves, if not their numbers.
            pub fn move_names(&self, graph: &GameGraph, v: usize) -> Option<(Vec<u64>, &'static str)> {
                match self {
                    $(Family::$variant(game) => Game::move_names(game, graph, v)),+
                }
            }

            /// [`Game::switchable_in_one`].
            pub fn switchable_in_one(&self) -> bool {
                match self {
                    $(Family::$variant(game) => Game::switchable_in_one(game)),+
                }
            }

            fn build_loopy_unchecked(&self) -> Option<LoopyGraph> {
                match self {
                    $(Family::$variant(game) => Game::build_loopy(game)),+
                }
            }

            /// [`Game::cycle`]: a position on a cycle the start reaches.
            pub fn cycle(&self) -> Option<&str> {
                match self {
                    $(Family::$variant(game) => Game::cycle(game)),+
                }
            }

            /// [`Game::has_cycle`]: whether the start reaches a cycle.
            pub fn has_cycle(&self) -> bool {
                self.cycle().is_some()
            }
        }
    };
}

families! {
    /// Subtraction games (the SG notes; Benford & Lehre §6.1): one heap, moves take an amount from
    /// a set.
    Subtraction(subtraction::Subtraction),
    /// Nim: take any positive number of items from one heap.
    Nim(nim::Nim),
    /// Silver Dollar without the silver dollar (Benford & Lehre §6.2): coins moved left on a strip.
    SilverDollar(silver_dollar::SilverDollar),
    /// Turning Turtles (Benford & Lehre §6.3): a row of coins, a move turns a head to tails.
    TurningTurtles(turning_turtles::TurningTurtles),
    /// Chomp (Benford & Lehre §6.4): a rectangular board whose bottom-left square is poisoned.
    Chomp(chomp::Chomp),
    /// Wythoff's game: two heaps; take from one heap, or the same amount from both.
    Wythoff(wythoff::Wythoff),
    /// Poset games (Fenner & Rogers §1.1), from a poset expression.
    Poset(poset::PosetExpr),
    /// A custom acyclic game graph typed as an edge list of named positions.
    Dag(dag::DagSpec),
    /// A custom game graph that may contain cycles (Winning Ways ch. 12).
    Graph(graph::GraphSpec),
    /// Octal games (Winning Ways ch. 4), by their code `0.d1d2…dk`.
    Octal(octal::Octal),
    /// Hackendot (Fenner & Rogers §1.1): a forest of trees; a move removes a node and all above it.
    Hackendot(hackendot::Hackendot),
    /// Grundy's game (Winning Ways ch. 4): a move splits a heap into two unequal heaps.
    Grundy(grundys_game::Grundy),
    /// Lasker's Nim (Winning Ways ch. 4): take from one heap, or split a heap into two.
    Lasker(lasker::Lasker),
    /// Moore's Nim_k (Moore 1910; Winning Ways ch. 15): take from each of 1 to k heaps.
    Moore(moore::Moore),
    /// Cram (Winning Ways ch. 9): place a domino on two empty neighbouring cells of a board.
    Cram(cram::Cram),
    /// Green Hackenbush (Winning Ways ch. 7): cut a stick; what no longer reaches the ground falls.
    Hackenbush(hackenbush::Hackenbush),
    /// Sums of games (Fenner & Rogers §2.3 Def 2.6), each part a registered family.
    Sum(sum::Sum<Family>),
}

/// The sum's parts are families: the registry hands itself to the sum through [`Part`], so
/// `sum.rs` never names this file.
impl Part for Family {
    fn families() -> &'static [FamilyInfo] {
        FAMILIES
    }

    fn parse_part(name: &str, keys: &Keys) -> Option<Result<Family, InputError>> {
        Family::parse(name, keys)
    }

    fn part_info(&self) -> &'static FamilyInfo {
        self.info()
    }

    fn write_part_keys(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write_keys(f)
    }

    /// A part with a cycle is refused here, before anything is built, as its build would
    /// refuse it: the sum's graph is the product of its parts' acyclic graphs.
    fn estimate_part(&self, limits: &Limits) -> Result<Size, InputError> {
        if let Some(node) = self.cycle() {
            return Err(InputError::NeedsAcyclic { node: node.to_string() });
        }
        self.estimate_unchecked(limits)
    }

    fn build_part(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        build(self, limits)
    }

    fn view_part(&self, graph: &GameGraph, v: usize) -> PositionView {
        self.view(graph, v)
    }

    fn rules_part(&self) -> String {
        self.rules()
    }
}

impl Family {
    /// The family's name as written after `game=`.
    pub fn name(&self) -> &'static str {
        self.info().name
    }

    /// A sum's parts, in the order given; None for any other game. (The sum is the registry's
    /// own composite, so this is the one place that names it.)
    pub fn parts(&self) -> Option<&[Family]> {
        match self {
            Family::Sum(sum) => Some(&sum.parts),
            _ => None,
        }
    }
}

/// The family names, as the sentence refusing an unknown one lists them.
pub fn family_names() -> String {
    FAMILIES.iter().map(|f| f.name).collect::<Vec<_>>().join(", ")
}

/// The size of the instance a spec (or a family) describes, computed without building it.
///
/// Where the size is counted rather than given by a formula (subtraction games whose smallest
/// move is not 1, `divN` posets), the count stops once past `limits`, so sizing costs at most
/// about the budget, and the size is then a lower bound ([`Bound::AtLeast`]) above it.
pub fn estimate(game: &impl AsRef<Family>, limits: &Limits) -> Result<Size, InputError> {
    game.as_ref().estimate_unchecked(limits)
}

/// Builds the game graph of a spec (or a family), refusing instances above `limits` before
/// allocating.
pub fn build(game: &impl AsRef<Family>, limits: &Limits) -> Result<GameGraph, InputError> {
    let limits = &check_budget(game, limits)?;
    game.as_ref().build_unchecked(limits)
}

/// Refuses, as [`build`] does, an instance above `limits` (or above what u32 ids and CSR
/// offsets hold, whatever a caller asks for); returns the limits a build works within.
pub fn check_budget(game: &impl AsRef<Family>, limits: &Limits) -> Result<Limits, InputError> {
    let family = game.as_ref();
    let limits = Limits {
        max_positions: limits.max_positions.min(u64::from(u32::MAX) - 1),
        max_edges: limits.max_edges.min(u64::from(u32::MAX)),
    };
    check_size(family.name(), family.estimate_unchecked(&limits)?, &limits)?;
    Ok(limits)
}

/// A built game: acyclic, as every family but a custom graph always is, or with cycles.
#[derive(Debug, Clone)]
pub enum Opened {
    /// A game without cycles (every family but a custom graph with a cycle).
    Acyclic(GameGraph),
    /// A custom graph whose moves form a cycle, analysed as a loopy game.
    Loopy(LoopyGraph),
}

/// Builds a game as what it is, deciding here, once, whether it has cycles: the one entry the
/// CLI, the page and the learners open games through. Refuses instances above `limits` before
/// allocating, as [`build`] does.
pub fn open(game: &impl AsRef<Family>, limits: &Limits) -> Result<Opened, InputError> {
    let family = game.as_ref();
    if family.has_cycle() {
        check_size(family.name(), family.estimate_unchecked(limits)?, limits)?;
        if let Some(graph) = family.build_loopy_unchecked() {
            return Ok(Opened::Loopy(graph));
        }
    }
    build(family, limits).map(Opened::Acyclic)
}

impl AsRef<Family> for Family {
    fn as_ref(&self) -> &Family {
        self
    }
}
