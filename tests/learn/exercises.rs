//! The page's exercises' seeded draws (`learn::play`): puzzles are positions with a move, mostly
//! N-positions, the same for the same seed (the page draws them through wasm, so a link names
//! the same puzzles in every browser), and the quiz's suggestions stay below their bound.

use impartial::analysis::Outcome;
use impartial::learn::play::{exercise_draw, puzzle_position, PUZZLE_P_ONE_IN};
use impartial::learn::Task;
use impartial::Limits;

fn task(spec: &str) -> Task {
    Task::from_spec(spec, &Limits::DEFAULT).unwrap()
}

#[test]
fn puzzles_are_positions_with_a_move_mostly_n_positions() {
    for spec in ["game=nim&heaps=7,5,3", "game=octal&code=0.77&heaps=12", "game=chomp&rows=3&cols=4"] {
        let t = task(spec);
        let draws = 2_000u64;
        let mut p = 0u64;
        for k in 0..draws {
            let v = puzzle_position(&t, 1, k).unwrap();
            assert!(t.graph.degree(v) > 0, "{spec}: puzzle {k} has no move");
            if t.analysis.outcome[v] == Outcome::P {
                p += 1;
            }
        }
        // One in PUZZLE_P_ONE_IN on average: 400 of 2,000, binomial sd ≈ 18.
        let expected = draws / u64::from(PUZZLE_P_ONE_IN);
        assert!(
            p.abs_diff(expected) < 80,
            "{spec}: {p} P-positions in {draws} puzzles, expected about {expected}"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles_and_another_seed_others() {
    let t = task("game=nim&heaps=7,5,3");
    let labels =
        |seed| (0..8).map(|k| t.graph.label(puzzle_position(&t, seed, k).unwrap())).collect::<Vec<_>>();
    assert_eq!(labels(1), labels(1));
    assert_ne!(labels(1), labels(2));
    // The page's browser test reads the same first two puzzles of seed 1 through wasm.
    assert_eq!(labels(1)[..2], ["4,5,3".to_string(), "4,0,2".to_string()]);
}

#[test]
fn a_game_without_p_positions_with_moves_still_gets_puzzles_and_one_without_moves_none() {
    // Subtraction {1} from a heap of 1: the only position with a move is the N-position 1.
    let t = task("game=subtraction&moves=1&heap=1");
    for k in 0..50 {
        assert_eq!(t.graph.label(puzzle_position(&t, 3, k).unwrap()), "1");
    }
    assert_eq!(puzzle_position(&task("game=nim&heaps=0"), 1, 0), None);
}

#[test]
fn exercise_draws_stay_below_their_bound_and_cover_it() {
    let mut seen = [0u32; 7];
    for k in 0..7_000 {
        seen[exercise_draw(5, k, 7) as usize] += 1;
    }
    assert!(seen.iter().all(|&c| (850..1150).contains(&c)), "{seen:?}");
    assert_eq!(exercise_draw(5, 0, 0), 0);
}
