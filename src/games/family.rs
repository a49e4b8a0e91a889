//! What every family module provides, so that everything about a family lives in its module:
//! its keys for the grammar and the page's form ([`FamilyInfo`]), parsing and canonical
//! printing, the size estimate, the builder, and the structured view of a position that a board
//! draws. [`crate::games`] registers each family once.

use std::fmt;

use serde::Serialize;

use crate::budget::Limits;
use crate::error::InputError;
use crate::game_graph::GameGraph;
use crate::loopy::LoopyGraph;
use crate::size::Size;
pub use crate::sizing::heap_rule::HeapSum;

/// One key a family takes.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct FamilyKey {
    /// Its name in the spec.
    pub key: &'static str,
    /// A label for a form.
    pub label: &'static str,
    /// An example value (the page's placeholder).
    pub example: &'static str,
    /// What it allows, as the refusal of a bad value says it.
    pub allowed: &'static str,
    /// What is used when the key is left out (a value, or how it is chosen); None when the key
    /// is required.
    pub default: Option<&'static str>,
}

/// A family as the grammar knows it: the parser reads its key list from here and the page builds
/// its form from here (through the wasm facade), so neither writes the grammar out again.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct FamilyInfo {
    /// As written after `game=`.
    pub name: &'static str,
    /// For a person: "Subtraction game".
    pub title: &'static str,
    /// Its keys besides `game` and `play`, in canonical order.
    pub keys: &'static [FamilyKey],
    /// Every key it takes, as the "allowed keys" sentence lists them.
    #[serde(skip)]
    pub allowed: &'static str,
}

/// Declares a family's [`FamilyInfo`]; its `allowed` sentence is made from the same key list,
/// so the two cannot drift. Each key: `(name, form label, example, allowed, default)`.
macro_rules! family_info {
    ($name:literal, $title:literal, [$(($key:literal, $label:literal, $example:literal, $allowed:expr, $default:expr)),+ $(,)?]) => {
        $crate::games::family::FamilyInfo {
            name: $name,
            title: $title,
            keys: &[$($crate::games::family::FamilyKey {
                key: $key,
                label: $label,
                example: $example,
                allowed: $allowed,
                default: $default,
            }),+],
            allowed: concat!("game, ", $($key, ", ",)+ "play"),
        }
    };
}
pub(crate) use family_info;

/// A family's keys as given in a spec (already checked to be keys the family takes).
pub struct Keys<'a> {
    family: &'static str,
    pairs: &'a [(String, String)],
}

impl<'a> Keys<'a> {
    /// Wraps the key–value pairs of a spec for the family named `family` (named in errors).
    pub fn new(family: &'static str, pairs: &'a [(String, String)]) -> Keys<'a> {
        Keys { family, pairs }
    }

    /// The value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The value of a key the family needs.
    pub fn need(&self, key: &'static str) -> Result<&'a str, InputError> {
        self.get(key).ok_or(InputError::MissingKey { family: self.family, key })
    }
}

/// A position as a board draws it: the structured form of its label, so that no view parses
/// label text. Serialised for the page with a `kind` tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PositionView {
    /// Heaps of counters (Nim), in the label's order; a heap keeps its place when emptied.
    Heaps {
        /// The heap sizes.
        heaps: Vec<u64>,
    },
    /// Rows of pins (octal games, Winning Ways ch. 4): the non-empty rows, longest first. A
    /// move knocks down adjacent pins of one row, which may split it in two.
    Pins {
        /// The pins in each row.
        rows: Vec<u64>,
    },
    /// Heaps that a move splits in two (Grundy's game), or, when `takes`, also takes from
    /// (Lasker's Nim); non-increasing, as the label lists them.
    Splits {
        /// The heap sizes.
        heaps: Vec<u64>,
        /// Whether a move may also take counters from a heap (Lasker's Nim).
        takes: bool,
    },
    /// One heap and the amounts a move may take (subtraction games).
    Heap {
        /// The counters in the heap.
        heap: u64,
        /// The subtraction set: the amounts a move may take.
        moves: Vec<u64>,
    },
    /// Two heaps, also a queen on a quarter board at (`heaps[0]`, `heaps[1]`) (Wythoff's game).
    Queen {
        /// The two heap sizes.
        heaps: [u64; 2],
    },
    /// Coins on a strip of squares, 0-based from the left (Silver Dollar).
    Strip {
        /// The squares of the strip.
        squares: u64,
        /// The square of each coin.
        coins: Vec<u32>,
    },
    /// A row of coins, true = heads, leftmost first (Turning Turtles).
    Turtles {
        /// Each coin's side, true = heads.
        heads: Vec<bool>,
    },
    /// A Chomp board: the row lengths from the bottom row up (empty rows left out) in a
    /// `rows` × `cols` box; the bottom-left square is the poison.
    Chomp {
        /// The board's rows at the start.
        rows: u64,
        /// The board's columns at the start.
        cols: u64,
        /// The squares left in each non-empty row, bottom row first.
        lengths: Vec<u32>,
    },
    /// A poset's elements, which remain, and its covering pairs (lower, upper) for a Hasse
    /// diagram.
    Poset {
        /// Every element's name, by index.
        elements: Vec<String>,
        /// Per element: whether it is still in the position.
        remaining: Vec<bool>,
        /// The covering pairs (lower, upper) as indices into `elements`.
        covers: Vec<(u32, u32)>,
    },
    /// A grid of cells, each empty or filled, read row by row from the top (Cram: a move fills
    /// two neighbouring empty cells with a domino).
    Cells {
        /// Rows of the grid.
        rows: u32,
        /// Columns of the grid.
        cols: u32,
        /// Per cell, in reading order: whether it is filled.
        filled: Vec<bool>,
    },
    /// Sticks between vertices, some of them on the ground (Green Hackenbush): every vertex's
    /// place, every stick of the start, and which remain. A move cuts one stick; the sticks
    /// then no longer connected to the ground are gone too.
    Sticks {
        /// Per vertex: its place as (x, height), in the board's own units: height 0 is the
        /// ground, a vertex of height h sits h sticks above it, and x grows to the right.
        vertices: Vec<(u32, u32)>,
        /// Per vertex: whether it is on the ground (the spec's vertex 0).
        ground: Vec<bool>,
        /// Every stick of the start as its two vertices (the same twice for a loop).
        sticks: Vec<(u32, u32)>,
        /// Per stick: whether it is still standing.
        remaining: Vec<bool>,
    },
    /// A position with nothing to draw but its name (custom graphs).
    Named {
        /// The position's name as the spec gives it.
        label: String,
    },
    /// A position of a sum of games: each part's position as that part's board draws it, in
    /// the order the parts are given.
    Sum {
        /// One view per part.
        parts: Vec<PositionView>,
    },
}

/// A game of any registered family, as one part of a sum ([`crate::games::sum`]) sees it.
///
/// The registry (`games/mod.rs`) implements this for its `Family` enum, whose variants include
/// the sum itself; the sum is generic over its parts' type so that `sum.rs` depends only on
/// this file, never on the registry that registers it (no file cycle, `tests/core/layers.rs`).
pub trait Part: Sized + Clone + PartialEq + Eq + fmt::Debug {
    /// Every registered family, as the `game` key knows them.
    fn families() -> &'static [FamilyInfo];

    /// Reads the family named `name` from its keys (already checked to be that family's);
    /// None when no family has that name.
    fn parse_part(name: &str, keys: &Keys) -> Option<Result<Self, InputError>>;

    /// The family's entry in [`Part::families`].
    fn part_info(&self) -> &'static FamilyInfo;

    /// Writes the keys after `game=NAME` in canonical form, as [`Game::write_keys`] does.
    fn write_part_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// Its size, computed without building it and not yet checked against `limits`.
    fn estimate_part(&self, limits: &Limits) -> Result<Size, InputError>;

    /// Builds its graph, refusing it over `limits` as a game on its own would be.
    fn build_part(&self, limits: &Limits) -> Result<GameGraph, InputError>;

    /// Position `v` of the graph [`Part::build_part`] built, as a board draws it.
    fn view_part(&self, graph: &GameGraph, v: usize) -> PositionView;

    /// Its rules in one sentence, as [`Game::rules`] gives them.
    fn rules_part(&self) -> String;
}

/// Everything a family module provides about one instance (its validated parameters).
pub trait Game: Sized + Clone + PartialEq + Eq + fmt::Debug {
    /// The family's entry in the grammar's table.
    const INFO: FamilyInfo;

    /// Reads and validates the instance from its keys.
    fn parse(keys: &Keys) -> Result<Self, InputError>;

    /// Writes the keys after `game=NAME` in canonical form (keys in [`Game::INFO`]'s order,
    /// defaults written out), each preceded by `&`.
    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// The instance's size, computed without building it (at most about `limits` of work).
    fn estimate(&self, limits: &Limits) -> Result<Size, InputError>;

    /// Builds the graph; called only once the estimate is within `limits`.
    fn build(&self, limits: &Limits) -> Result<GameGraph, InputError>;

    /// Position `v` of the graph this instance built, as a board draws it.
    fn view(&self, graph: &GameGraph, v: usize) -> PositionView;

    /// What a move is, in one sentence a first-year student can follow before playing (the
    /// module doc's rules in the board's words). Who wins is the play convention's
    /// ([`win_rule`]), not the family's.
    fn rules(&self) -> String;

    // Optional abilities (as `try_solve_theoretically` in the `igs` crate): each default says
    // the family does not have it, and the analyses ask these instead of naming families.

    /// Its heaps and their rule, when a position is a sum of independent heaps under one rule:
    /// this gives the Grundy sequence, the value by it (the Sprague–Grundy theorem), the
    /// nim-sum panel's rows and the page's Grundy strip.
    fn heap_sum(&self) -> Option<HeapSum<'_>> {
        None
    }

    /// The names of the moves of position `v` in the graph's order, as a strategy string writes
    /// them, and what a name is; None when moves are numbered from 1 in the position's list.
    fn move_names(&self, _graph: &GameGraph, _v: usize) -> Option<(Vec<u64>, &'static str)> {
        None
    }

    /// Whether every position's switchability is at most 1 (Benford & Lehre Prop 6.1, Benford & Lehre:
    /// SubtractionNim^k_n, whose moves are exactly 1…k, has a depth-1 switcher everywhere).
    fn switchable_in_one(&self) -> bool {
        false
    }

    /// A position on a cycle that the start reaches, when there is one (then the game is
    /// analysed as a loopy game); every family but a custom graph is acyclic.
    fn cycle(&self) -> Option<&str> {
        None
    }

    /// Whether the start reaches a cycle ([`Game::cycle`]).
    fn has_cycle(&self) -> bool {
        self.cycle().is_some()
    }

    /// Its graph with cycles, when [`Game::has_cycle`]; called once the estimate is within the
    /// budget.
    fn build_loopy(&self) -> Option<LoopyGraph> {
        None
    }
}

/// Who wins under normal play (`misere` false) or misère play, in one sentence.
pub fn win_rule(misere: bool) -> &'static str {
    if misere {
        "Misère play: the player who cannot move wins, so whoever makes the last move loses."
    } else {
        "Normal play: the player who cannot move loses, so whoever makes the last move wins."
    }
}

/// "1, 2 or 3" (Oxford-comma-free, as the page writes lists).
pub fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}
