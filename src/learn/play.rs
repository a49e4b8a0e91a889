//! What the page's play mode and experiment panel need from the core beyond a run: the
//! computer's move (the same natively and in wasm, so a replayed game makes the same moves) and
//! the `impartial runtime` command that repeats an experiment on the command line; the
//! exercises' seeded draws (the puzzles' positions, the quiz's suggestions).

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::sample::{uniform, uniform_index};
use super::task::Task;
use crate::analysis::Outcome;
use crate::combinatorics::splitmix64;
use crate::error::InputError;
use crate::numbers::bad_value;

/// Who makes the computer's moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// The first move to a P-position; from a P-position the move to the position with the
    /// longest play left.
    Perfect,
    /// A move drawn from the current model p_t(v).
    Learned,
    /// A move drawn uniformly.
    Random,
}

impl Player {
    /// `perfect`, `learned` or `random`.
    pub fn parse(text: &str) -> Result<Player, InputError> {
        match text {
            "perfect" => Ok(Player::Perfect),
            "learned" => Ok(Player::Learned),
            "random" => Ok(Player::Random),
            _ => Err(bad_value("player", text, "perfect, learned or random")),
        }
    }
}

/// The edge the computer plays from position `v` (None when `v` has no moves or is no
/// position). `depth` is each position's longest play left (the drawing's layer, larger is
/// longer), `model` the run's p_t per edge, `seed` the run's seed and `draw` the page's count of
/// draws: one Xoshiro256++ stream of one uniform per draw, so replays repeat.
pub fn computer_move(
    task: &Task,
    v: usize,
    player: Player,
    depth: &[f32],
    model: &[f64],
    seed: u64,
    draw: f64,
) -> Option<usize> {
    let graph = &task.graph;
    if v >= graph.len() || graph.degree(v) == 0 {
        return None;
    }
    let edges = task.edges(v);
    let targets = graph.targets();
    Some(match player {
        Player::Perfect => edges.clone().find(|&e| task.optimal_edge[e]).unwrap_or_else(|| {
            // max_by keeps the last maximum; scanning in reverse makes it the first.
            edges
                .clone()
                .rev()
                .max_by(|&a, &b| depth[targets[a] as usize].total_cmp(&depth[targets[b] as usize]))
                .unwrap_or(edges.start)
        }),
        Player::Learned | Player::Random => {
            let draw = if draw.is_finite() && draw >= 0.0 { draw as u64 } else { 0 };
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(
                seed ^ draw.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17),
            );
            let u = uniform(&mut rng);
            if player == Player::Random {
                edges.start + ((u * edges.len() as f64) as usize).min(edges.len() - 1)
            } else {
                let model = &model[edges.clone()];
                let target = u * model.iter().sum::<f64>();
                let mut sum = 0.0;
                // The first move whose running sum passes the target; rounding can leave the
                // target at the total: then the last move of positive probability.
                let index = model
                    .iter()
                    .position(|&p| {
                        sum += p;
                        target < sum
                    })
                    .or_else(|| model.iter().rposition(|&p| p > 0.0))
                    .unwrap_or(0);
                edges.start + index
            }
        }
    })
}

/// Kept apart from the computer's moves' streams: an exercise's draw k is not move k's.
const EXERCISE_STREAM: u64 = 0x6578_6572_6369_7365; // "exercise"

/// Draw `k` of an exercise seeded by `seed`: a whole number below `bound` (0 when `bound` is
/// 0), from one Xoshiro256++ stream per draw, so the page in any browser and a native test
/// draw the same numbers.
pub fn exercise_draw(seed: u64, k: u64, bound: u32) -> u32 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ splitmix64(EXERCISE_STREAM ^ k));
    if bound == 0 {
        0
    } else {
        uniform_index(&mut rng, bound)
    }
}

/// Out of this many puzzles, one on average is a P-position (where no move wins), so that a
/// student learns to say so without being asked to most of the time.
pub const PUZZLE_P_ONE_IN: u32 = 5;

/// Puzzle `k` of the run seeded by `seed`: a position with at least one move, drawn uniformly
/// among the N-positions, or with probability 1/[`PUZZLE_P_ONE_IN`] (and whenever the game has
/// no N-position with a move) among the P-positions with a move. None when no position has a
/// move. Draw 2k chooses the kind, draw 2k + 1 the position.
pub fn puzzle_position(task: &Task, seed: u64, k: u64) -> Option<usize> {
    let graph = &task.graph;
    let (mut n_positions, mut p_positions) = (Vec::new(), Vec::new());
    for (v, &outcome) in task.analysis.outcome.iter().enumerate() {
        if graph.degree(v) > 0 {
            let pool = if outcome == Outcome::N { &mut n_positions } else { &mut p_positions };
            pool.push(v);
        }
    }
    let want_p = exercise_draw(seed, k.wrapping_mul(2), PUZZLE_P_ONE_IN) == 0;
    let use_p = (want_p && !p_positions.is_empty()) || n_positions.is_empty();
    let pool = if use_p { &p_positions } else { &n_positions };
    let bound = u32::try_from(pool.len()).ok()?;
    (bound > 0).then(|| pool[exercise_draw(seed, k.wrapping_mul(2) + 1, bound) as usize])
}

/// A word for the shell: single-quoted unless it is plainly safe.
pub fn shell_word(text: &str) -> String {
    if !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || "-_.,/:=+".contains(c)) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// The `impartial runtime` command that makes the same runs as the page's experiment: the game
/// `template` (N for the size), every setting spelled out.
#[allow(clippy::too_many_arguments)]
pub fn runtime_command(
    template: &str,
    size: u64,
    runs: u32,
    seed: u64,
    mu: &str,
    gamma: &str,
    engine: &str,
    budget: u64,
) -> String {
    [
        "impartial runtime --game".to_string(),
        shell_word(template),
        format!("--sizes {size} --runs {runs} --seed {seed} --mu"),
        shell_word(mu),
        "--gamma".to_string(),
        shell_word(gamma),
        "--engine".to_string(),
        shell_word(engine),
        format!("--max-evals {budget}"),
    ]
    .join(" ")
}
