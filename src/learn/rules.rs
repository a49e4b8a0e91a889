//! Böhme's learning rules (Böhme §4.2–§4.4 and §5(d)) for the learner p, who knows only the
//! moves at each position, playing one play after another from the root against an opponent.
//!
//! **Plays** (Böhme §2). Positions are pairs (position, player to move); p moves first
//! from the root. A play follows both players' strategies until a sink (T: the player to move
//! there loses under normal play, wins under misère play) or until a pair repeats, which is a
//! draw (T3: the trace x_0, …, x_k ends when x_k = x_l for some l < k, x_0 … x_{k−1} distinct).
//! X(m) ∩ X_p, "p's positions on the trace", are the positions p moved from: x_0, x_2, … before
//! the end (the repeated last pair equals an earlier one; a sink is not in X_p).
//!
//! **Strategies** are one move per position, kept as an index into the position's move list
//! N(x) in the order the family lists it (for `dag` and `graph`: the order written in the spec).
//! The initial strategy is the head of every list (§4.3: "s^1_p(x) is set to be the head of
//! the list N(x)"). π_x, the cyclic permutation of §4.2, is "the next move of the list, the
//! last followed by the first"; σ_x of §4.3 is "the next move, NIL after the last".
//!
//! **The rules**, each applied after play m_i to give s^{i+1}_p (Böhme's definitions):
//! - LNWT (§4.2): if p does not win m_i, s(x) ← π_x(s(x)) for every x ∈ X(m_i) ∩ X_p.
//! - LNWP (§4.3): if p does not win m_i, s(x) ← σ_x(s(x)) for the last x of X(m_i) ∩ X_p (in
//!   trace order) with σ_x(s(x)) ≠ NIL; nothing changes if there is none.
//! - LLT, LLP (§4.4): LNWT and LNWP with "p loses m_i" in place of "p does not win m_i".
//! - rLNWT (§5(d)): if p does not win m_i, s(x) is drawn uniformly from N(x) for every
//!   x ∈ X(m_i) ∩ X_p; rLLT the same when p loses.
//!
//! **Opponents.** `first`: each position's first listed move, fixed. `perfect`: the first listed
//! move to a P-position, else the first to a D-position, else the first move (outcomes by
//! retrograde analysis, [`crate::analysis::loopy`]). `random`: a fresh uniformly random strategy
//! each play (drawn where the play reads it: a play reads each opponent pair at most once).
//! `same`: self-play, the opponent applying the same rule to its own strategy, with its own
//! result (it wins exactly when p loses).
//!
//! **Randomness** comes from one Xoshiro256++ stream seeded from the run's seed, as UMDA's
//! (`learn::umda`); a uniform index below n is Lemire's multiply-shift of one `next_u64`, as in
//! `learn::bootstrap`. Integer arithmetic only, so runs are identical natively and in wasm.

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

use super::rules_game::RulesGame;
use crate::analysis::loopy::LoopyOutcome;
use crate::analysis::opt::{reachable_moves_win, Role, Scratch};
use crate::error::InputError;
use crate::loopy::LoopyGraph;
use crate::numbers::bad_value;
use crate::spec::Play;

/// One of Böhme's learning rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// LNWT, Latest Non-Winning Trace (Böhme §4.2): after a play p does not win, every p-position
    /// on the trace moves on by π_x.
    Lnwt,
    /// LNWP, Latest Non-Winning Position (Böhme §4.3): after a play p does not win, the last
    /// p-position on the trace with a next move moves on by σ_x.
    Lnwp,
    /// LLT, Latest Losing Trace (Böhme §4.4): LNWT acting only when p loses.
    Llt,
    /// LLP, Latest Losing Position (Böhme §4.4): LNWP acting only when p loses.
    Llp,
    /// rLNWT (Böhme §5(d)): after a play p does not win, every p-position on the trace draws a move
    /// uniformly.
    Rlnwt,
    /// rLLT (Böhme §5(d)): rLNWT acting only when p loses.
    Rllt,
}

/// How a rule changes the strategy once it is triggered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    /// Every p-position on the trace moves on by π_x.
    Trace,
    /// The last p-position on the trace with a successor moves on by σ_x.
    Position,
    /// Every p-position on the trace draws a move uniformly.
    Random,
}

const RULES: &str = "lnwt, lnwp, llt, llp, rlnwt or rllt (Böhme §4–5)";

impl Rule {
    /// Every rule, in the order the CLI and the page list them.
    pub const ALL: [Rule; 6] = [Rule::Lnwt, Rule::Lnwp, Rule::Llt, Rule::Llp, Rule::Rlnwt, Rule::Rllt];

    /// The rule named `text` (its [`Rule::name`], surrounding spaces ignored); an error naming the
    /// six otherwise.
    pub fn parse(text: &str) -> Result<Rule, InputError> {
        Rule::ALL.into_iter().find(|r| r.name() == text.trim()).ok_or_else(|| bad_value("rule", text, RULES))
    }

    /// The lowercase name used in specs, flags and JSON: `lnwt`, `lnwp`, `llt`, `llp`, `rlnwt`,
    /// `rllt`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Lnwt => "lnwt",
            Rule::Lnwp => "lnwp",
            Rule::Llt => "llt",
            Rule::Llp => "llp",
            Rule::Rlnwt => "rlnwt",
            Rule::Rllt => "rllt",
        }
    }

    /// LLT, LLP and rLLT act when p loses; the others when p does not win.
    fn triggered(self, result: PlayResult) -> bool {
        match self {
            Rule::Llt | Rule::Llp | Rule::Rllt => result == PlayResult::Lost,
            Rule::Lnwt | Rule::Lnwp | Rule::Rlnwt => result != PlayResult::Won,
        }
    }

    fn change(self) -> Change {
        match self {
            Rule::Lnwt | Rule::Llt => Change::Trace,
            Rule::Lnwp | Rule::Llp => Change::Position,
            Rule::Rlnwt | Rule::Rllt => Change::Random,
        }
    }
}

/// How the other player plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// Plays each position's first listed move, always.
    First,
    /// Plays the first listed move to a P-position, else to a D-position, else the first move
    /// (retrograde outcomes).
    Perfect,
    /// Draws a fresh uniformly random strategy each play.
    Random,
    /// Self-play: applies the same rule to its own strategy, with its own result.
    Same,
}

const OPPONENTS: &str = "first, perfect, random or same";

impl Opponent {
    /// Every opponent, in the order the CLI and the page list them.
    pub const ALL: [Opponent; 4] = [Opponent::First, Opponent::Perfect, Opponent::Random, Opponent::Same];

    /// The opponent named `text` (its [`Opponent::name`], surrounding spaces ignored); an error
    /// naming the four otherwise.
    pub fn parse(text: &str) -> Result<Opponent, InputError> {
        Opponent::ALL
            .into_iter()
            .find(|o| o.name() == text.trim())
            .ok_or_else(|| bad_value("opponent", text, OPPONENTS))
    }

    /// The lowercase name used in flags and JSON: `first`, `perfect`, `random`, `same`.
    pub fn name(self) -> &'static str {
        match self {
            Opponent::First => "first",
            Opponent::Perfect => "perfect",
            Opponent::Random => "random",
            Opponent::Same => "same",
        }
    }
}

/// The learner's result in one play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayResult {
    /// The play ended at a sink where p wins (the opponent to move under normal play, p under
    /// misère).
    Won,
    /// The play ended at a sink where p loses.
    Lost,
    /// A (position, player to move) pair repeated before any sink (Böhme (T3)).
    Drawn,
}

/// One strategy change: at `position` the move now goes to `to` instead of `from` (ids).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StrategyChange {
    /// The position id whose move changed.
    pub position: u32,
    /// The target id of its move before the change.
    pub from: u32,
    /// The target id of its move after the change.
    pub to: u32,
}

/// What one play did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayRecord {
    /// 1-based.
    pub number: u64,
    /// The learner's result in this play.
    pub result: PlayResult,
    /// x_0, …, x_k (ids); the player to move alternates, p at x_0. Ends at a sink or with the
    /// repeated pair.
    pub trace: Vec<u32>,
    /// The learner's strategy changes made after this play.
    pub changed: Vec<StrategyChange>,
    /// The opponent's, under `same`.
    pub opponent_changed: Vec<StrategyChange>,
}

/// The counts of a run so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Plays so far.
    pub plays: u64,
    /// Plays p won.
    pub won: u64,
    /// Plays p lost.
    pub lost: u64,
    /// Plays drawn (a pair repeated).
    pub drawn: u64,
    /// The last play (1-based) p did not win; 0 when none.
    pub last_not_won: u64,
    /// The last play p lost; 0 when none.
    pub last_lost: u64,
    /// The first play after which p's strategy is in Opt(G) (0: from the start); None while it
    /// is not, or where Opt(G) is not defined (a game with cycles, or a P-root).
    pub optimal_after: Option<u64>,
}

/// A run of a rule against an opponent, one play at a time.
#[derive(Debug, Clone)]
pub struct RulesRun {
    game: RulesGame,
    rule: Rule,
    opponent: Opponent,
    /// s_p: an index into N(x) per position (0 at sinks).
    learner: Vec<u32>,
    /// The opponent's strategy (`first`, `perfect`, `same`; `random` draws instead).
    other: Vec<u32>,
    rng: Xoshiro256PlusPlus,
    counts: Counts,
    /// `seen[2v + side] == stamp`: the pair was visited in the current play (a new stamp per
    /// play clears the marks without a pass; after 2^32 − 1 plays they are cleared once).
    seen: Vec<u32>,
    stamp: u32,
    /// Scratch for the Opt(G) check.
    visited: Vec<u64>,
    opt_stack: Vec<u32>,
    /// The learner's side: 0 when it moves first from the root, 1 when second.
    seat: usize,
}

impl RulesRun {
    /// A run whose learner moves first from the root, as Böhme's p; the strategies start at the
    /// head of every list.
    pub fn new(game: RulesGame, rule: Rule, opponent: Opponent, seed: u64) -> RulesRun {
        RulesRun::seated(game, rule, opponent, seed, false)
    }

    /// A run whose learner moves first (as Böhme's p), or second: the opponent moves first
    /// from the root. Second is Benford & Lehre's G* (§2), the fictitious start v* whose only move is
    /// v* → v0, which UMDA learns where the root is a P-position; `runtime` seats a rule the
    /// same way, so both learn the same game.
    pub fn seated(game: RulesGame, rule: Rule, opponent: Opponent, seed: u64, second: bool) -> RulesRun {
        let n = game.graph.len();
        let other = match opponent {
            Opponent::Perfect => perfect_strategy(&game.graph, &game.analysis.outcome),
            _ => vec![0; n],
        };
        let mut run = RulesRun {
            rule,
            opponent,
            learner: vec![0; n],
            other,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            counts: Counts::default(),
            seen: vec![0; 2 * n],
            stamp: 0,
            visited: vec![0; if game.has_opt_as(second) { n } else { 0 }],
            opt_stack: Vec::new(),
            seat: usize::from(second),
            game,
        };
        if run.learner_is_optimal() {
            run.counts.optimal_after = Some(0);
        }
        run
    }

    /// The game being learnt.
    pub fn game(&self) -> &RulesGame {
        &self.game
    }

    /// The learning rule applied after each play.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// How the other player plays.
    pub fn opponent(&self) -> Opponent {
        self.opponent
    }

    /// The counts after the plays so far.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// The learner's move from each position (its target id), None at sinks.
    pub fn strategy(&self) -> Vec<Option<u32>> {
        let g = &self.game.graph;
        (0..g.len()).map(|v| g.moves(v).get(self.learner[v] as usize).copied()).collect()
    }

    /// Plays one play, applies the rule(s) and returns what happened.
    pub fn play(&mut self) -> PlayRecord {
        let (result, trace) = self.play_once();
        let number = self.counts.plays + 1;
        let c = &mut self.counts;
        c.plays = number;
        match result {
            PlayResult::Won => c.won += 1,
            PlayResult::Lost => {
                c.lost += 1;
                c.last_lost = number;
            }
            PlayResult::Drawn => c.drawn += 1,
        }
        if result != PlayResult::Won {
            c.last_not_won = number;
        }
        let mut changed = Vec::new();
        if self.rule.triggered(result) {
            changed = learn(
                &self.game.graph,
                self.rule,
                &mut self.learner,
                own_positions(&trace, self.seat),
                &mut self.rng,
            );
        }
        let mut opponent_changed = Vec::new();
        if self.opponent == Opponent::Same {
            let theirs = match result {
                PlayResult::Won => PlayResult::Lost,
                PlayResult::Lost => PlayResult::Won,
                PlayResult::Drawn => PlayResult::Drawn,
            };
            if self.rule.triggered(theirs) {
                opponent_changed = learn(
                    &self.game.graph,
                    self.rule,
                    &mut self.other,
                    own_positions(&trace, 1 - self.seat),
                    &mut self.rng,
                );
            }
        }
        if !changed.is_empty() {
            if self.learner_is_optimal() {
                if self.counts.optimal_after.is_none() {
                    self.counts.optimal_after = Some(number);
                }
            } else {
                // A random rule may leave Opt(G) only by changing after a play it did not win,
                // which a strategy in Opt(G) never does; kept for safety.
                self.counts.optimal_after = None;
            }
        }
        PlayRecord { number, result, trace, changed, opponent_changed }
    }

    /// Follows both strategies from the root (Böhme (T1)–(T3)).
    fn play_once(&mut self) -> (PlayResult, Vec<u32>) {
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        let graph = &self.game.graph;
        let mut trace = Vec::new();
        let mut v = graph.root();
        let mut side = 0usize;
        loop {
            trace.push(v as u32);
            let pair = 2 * v + side;
            if self.seen[pair] == self.stamp {
                return (PlayResult::Drawn, trace);
            }
            self.seen[pair] = self.stamp;
            let moves = graph.moves(v);
            if moves.is_empty() {
                // The player to move at a sink loses under normal play and wins under misère.
                let mover_wins = self.game.play == Play::Misere;
                let learner_wins = (side == self.seat) == mover_wins;
                return (if learner_wins { PlayResult::Won } else { PlayResult::Lost }, trace);
            }
            let index = if side == self.seat {
                self.learner[v] as usize
            } else if self.opponent == Opponent::Random {
                uniform_index(&mut self.rng, moves.len())
            } else {
                self.other[v] as usize
            };
            v = moves[index] as usize;
            side ^= 1;
        }
    }

    /// Whether the learner moves second (see [`RulesRun::seated`]).
    pub fn moves_second(&self) -> bool {
        self.seat == 1
    }

    /// Whether the learner's strategy is in Opt(G) (acyclic games whose root is won by the
    /// learner's side: an N-root moving first, a P-root moving second).
    fn learner_is_optimal(&mut self) -> bool {
        let Some((graph, outcome)) = &self.game.acyclic else { return false };
        let second = self.seat == 1;
        if !self.game.has_opt_as(second) {
            return false;
        }
        let tag = self.counts.plays + 1;
        let learner = &self.learner;
        reachable_moves_win(
            graph,
            outcome,
            (self.game.play, if second { Role::Second } else { Role::First }),
            Scratch { visited: &mut self.visited, tag, stack: &mut self.opt_stack },
            |u| graph.edge_start(u) + learner[u] as usize,
        )
    }
}

/// The positions one side moved from on a trace, in trace order: x_side, x_{side+2}, … up to
/// x_{k−1} (the last element, a sink or the repeated pair, is not moved from).
fn own_positions(trace: &[u32], side: usize) -> impl Iterator<Item = u32> + '_ {
    let moved_from = trace.len().saturating_sub(1);
    trace[..moved_from].iter().skip(side).step_by(2).copied()
}

/// Applies a triggered rule to a strategy over the given positions; returns the changes.
fn learn(
    graph: &LoopyGraph,
    rule: Rule,
    strategy: &mut [u32],
    positions: impl Iterator<Item = u32>,
    rng: &mut Xoshiro256PlusPlus,
) -> Vec<StrategyChange> {
    // The new move index of each position that changes, computed from s^i before any is set.
    let updates: Vec<(usize, u32)> = match rule.change() {
        // π_x: the next move of the cyclic list.
        Change::Trace => {
            positions.map(|x| x as usize).map(|x| (x, (strategy[x] + 1) % graph.degree(x) as u32)).collect()
        }
        Change::Random => {
            positions.map(|x| x as usize).map(|x| (x, uniform_index(rng, graph.degree(x)) as u32)).collect()
        }
        // σ_x(s(x)) ≠ NIL: the current move is not the last of the list.
        Change::Position => positions
            .map(|x| x as usize)
            .filter(|&x| (strategy[x] as usize) + 1 < graph.degree(x))
            .last()
            .map(|x| (x, strategy[x] + 1))
            .into_iter()
            .collect(),
    };
    let mut changes = Vec::new();
    for (x, index) in updates {
        let moves = graph.moves(x);
        let (from, to) = (moves[strategy[x] as usize], moves[index as usize]);
        strategy[x] = index;
        if to != from {
            changes.push(StrategyChange { position: x as u32, from, to });
        }
    }
    changes
}

/// A uniform index below n (n ≥ 1): Lemire's multiply-shift of one 64-bit draw.
fn uniform_index(rng: &mut Xoshiro256PlusPlus, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// The `perfect` opponent: the first listed move to a P-position, else to a D-position, else the
/// first move.
fn perfect_strategy(graph: &LoopyGraph, outcome: &[LoopyOutcome]) -> Vec<u32> {
    (0..graph.len())
        .map(|v| {
            let moves = graph.moves(v);
            let first = |o: LoopyOutcome| moves.iter().position(|&w| outcome[w as usize] == o);
            first(LoopyOutcome::P).or_else(|| first(LoopyOutcome::D)).unwrap_or(0) as u32
        })
        .collect()
}
