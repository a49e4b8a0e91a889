//! What the page's play mode and experiment panel need from the core beyond a run: the
//! computer's move (the same natively and in wasm, so a replayed game makes the same moves) and
//! the `impartial runtime` command that repeats an experiment on the command line.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::sample::uniform;
use super::task::Task;
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
