//! Like for like against the Rust peers: the same work done by this crate and by the `cgt`
//! (cgt-tools) and `igs` (Beling's impartial game solver) crates, in one process, in
//! interleaved rounds, each timed by the thread's CPU clock (the machine may be shared: wall
//! time misleads). Prints, per row, the medians of both times and the median of the rounds'
//! ratios ours ÷ theirs (below 1: we are faster). Every round checks that both give the same
//! values.
//!
//! - Subtraction sequences g(0..=10^6) of {1,3,4}, {2,5,7} and {1,4,5,9}: ours is what
//!   `impartial sequence --to 1000000` computes (the values and their proven period), theirs
//!   `cgt`'s `Sub::grundy_sequence` collected.
//! - Chomp values of the full board (8×8, 10×10, 7×12): ours is `impartial value`'s
//!   (`analysis::value::value` on the spec), theirs `igs`'s own solver for Chomp
//!   (`Chomp::solver`, a search by the definition with a transposition table and the board's
//!   symmetry) on the initial position.
//! - Nim sums of positions of 64 heaps below 2^32, two rows. `value`: ours is `impartial value`'s
//!   (the spec read and checked, the nim-sum, the canonical spec written for its report);
//!   theirs reads the same text's heap list, adds `cgt`'s `Nimber`s and writes the same
//!   canonical text with the standard formatter (`cgt` has no spec reader or writer). Heap
//!   lists: the list alone read and XORed, ours by `numbers::parse_list` (as `value` reads
//!   Nim's heaps), theirs as above without the text.
//!
//! Run with `cargo bench --features bench --bench peers`; `PEERS_ROUNDS=N` (default 9) sets the
//! rounds and `PEERS_ROWS=Chomp` (a part of a name) runs only some rows.

use std::fmt::Write;
use std::hint::black_box;

use cgt::numeric::nimber::Nimber;
use cgt::short::impartial::games::subtraction::Sub;
use igs::game::{Game, SimpleGame};
use igs::games::chomp::Chomp;
use impartial::analysis::sequence::HeapGame;
use impartial::analysis::value::value;
use impartial::numbers::parse_list;

/// Seconds of CPU time this thread has used so far.
fn thread_cpu() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Times `f`, repeated `times` times, on this thread's CPU clock; returns the seconds per call
/// and the last result.
fn timed<T>(times: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let start = thread_cpu();
    let mut out = f();
    for _ in 1..times {
        out = black_box(f());
    }
    ((thread_cpu() - start) / times as f64, out)
}

/// One row: the same work by us and by the peer, checked equal.
struct Row {
    name: String,
    peer: &'static str,
    /// Calls per timing (small work is repeated so a timing is well above the clock's grain).
    times: usize,
    ours: Box<dyn FnMut() -> Vec<u64>>,
    theirs: Box<dyn FnMut() -> Vec<u64>>,
}

/// Makes a row when it is run.
type RowBuilder = Box<dyn Fn() -> Row>;

fn subtraction(moves: &[u32], to: usize) -> Row {
    let set: Vec<String> = moves.iter().map(u32::to_string).collect();
    let name = format!("subtraction {{{}}} to 10^6", set.join(","));
    let spec = format!("game=subtraction&moves={}", set.join(","));
    let (game, _) = HeapGame::parse(&spec).expect("a valid spec");
    let theirs_moves = moves.to_vec();
    Row {
        name,
        peer: "cgt",
        times: 1,
        ours: Box::new(move || {
            let sequence = game.values_to(to);
            assert!(sequence.period.is_some(), "a subtraction game's period is proven");
            sequence.values.iter().map(u64::from).collect()
        }),
        theirs: Box::new(move || {
            Sub::new(theirs_moves.clone())
                .grundy_sequence()
                .take(to + 1)
                .map(|g| u64::from(g.value()))
                .collect()
        }),
    }
}

fn chomp(rows: u8, cols: u8) -> Row {
    let spec = format!("game=chomp&rows={rows}&cols={cols}");
    Row {
        name: format!("Chomp {rows}x{cols} value"),
        peer: "igs",
        times: 1,
        ours: Box::new(move || vec![value(&spec).expect("a valid spec").grundy.expect("normal play")]),
        theirs: Box::new(move || {
            let game = Chomp::new(cols, rows);
            let mut solver = game.solver();
            vec![u64::from(solver.nimber(game.initial_position()))]
        }),
    }
}

/// The specs of `positions` Nim positions of 64 heaps below 2^32, from a fixed xorshift stream:
/// the same positions every run.
fn nim_specs(positions: usize) -> Vec<String> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    (0..positions)
        .map(|_| {
            let heaps: Vec<String> = (0..64)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state >> 32).to_string()
                })
                .collect();
            format!("game=nim&heaps={}", heaps.join(","))
        })
        .collect()
}

/// `cgt` has no spec reader: the heap list after the prefix, split at commas, each heap a
/// `Nimber`, added (no list kept).
fn cgt_nim_sum(spec: &str) -> Nimber {
    let heaps = spec.strip_prefix("game=nim&heaps=").expect("a Nim spec");
    heaps.split(',').map(|h| Nimber::new(h.parse().expect("a heap"))).fold(Nimber::new(0), |a, b| a + b)
}

/// `value` as the CLI runs it (the spec read and checked, the nim-sum, the canonical spec
/// written for the report) against `cgt`'s sum of the same heaps with the same canonical text
/// written by the standard formatter: the same values and the same text (checked once).
fn nim_values(positions: usize) -> Row {
    let specs = nim_specs(positions);
    let theirs_specs = specs.clone();
    // One pass: each heap read, added and written back.
    let canonical = |spec: &str| {
        let heaps = spec.strip_prefix("game=nim&heaps=").expect("a Nim spec");
        let mut text = String::with_capacity(spec.len() + 16);
        text.push_str("game=nim&heaps=");
        let mut sum = Nimber::new(0);
        for (i, h) in heaps.split(',').enumerate() {
            let h: u32 = h.parse().expect("a heap");
            sum += Nimber::new(h);
            if i > 0 {
                text.push(',');
            }
            write!(text, "{h}").expect("a String takes any text");
        }
        text.push_str("&play=normal");
        (text, sum)
    };
    for spec in &specs {
        assert_eq!(value(spec).expect("a valid spec").game, canonical(spec).0, "the canonical texts differ");
    }
    Row {
        name: format!("Nim sums, value: {positions} specs of 64 heaps"),
        peer: "cgt",
        times: 1,
        ours: Box::new(move || {
            specs.iter().map(|s| value(s).expect("a valid spec").grundy.expect("normal play")).collect()
        }),
        theirs: Box::new(move || {
            theirs_specs
                .iter()
                .map(|s| {
                    let (text, sum) = canonical(s);
                    black_box(text);
                    u64::from(sum.value())
                })
                .collect()
        }),
    }
}

/// The core of the row above alone: the heap list read (ours: `numbers::parse_list`, which
/// `value` reads Nim's heaps with) and XORed, against `cgt`'s reading and sum.
fn nim_lists(positions: usize) -> Row {
    let specs = nim_specs(positions);
    let theirs_specs = specs.clone();
    Row {
        name: format!("Nim sums, heap lists: {positions} lists of 64 heaps"),
        peer: "cgt",
        times: 1,
        ours: Box::new(move || {
            specs
                .iter()
                .map(|s| {
                    let list = s.strip_prefix("game=nim&heaps=").expect("a Nim spec");
                    let heaps = parse_list("heaps", list, 0, u64::MAX, "heaps").expect("a heap list");
                    heaps.iter().fold(0, |x, &h| x ^ h)
                })
                .collect()
        }),
        theirs: Box::new(move || theirs_specs.iter().map(|s| u64::from(cgt_nim_sum(s).value())).collect()),
    }
}

fn main() {
    let rounds: usize = std::env::var("PEERS_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(9);
    let only = std::env::var("PEERS_ROWS").unwrap_or_default();
    // Built only when run, so a profile of one row holds only that row's work.
    let rows: Vec<(&str, RowBuilder)> = vec![
        ("subtraction {1,3,4}", Box::new(|| subtraction(&[1, 3, 4], 1_000_000))),
        ("subtraction {2,5,7}", Box::new(|| subtraction(&[2, 5, 7], 1_000_000))),
        ("subtraction {1,4,5,9}", Box::new(|| subtraction(&[1, 4, 5, 9], 1_000_000))),
        ("Chomp 8x8", Box::new(|| chomp(8, 8))),
        ("Chomp 10x10", Box::new(|| chomp(10, 10))),
        ("Chomp 7x12", Box::new(|| chomp(7, 12))),
        ("Nim sums, value", Box::new(|| nim_values(10_000))),
        ("Nim sums, heap lists", Box::new(|| nim_lists(10_000))),
    ];
    println!("ours ÷ theirs, thread CPU time, median of {rounds} interleaved rounds (each also checks the values agree)");
    println!("| work | peer | ours | theirs | ours ÷ theirs (median; range) |");
    println!("|---|---|---|---|---|");
    for (_, build) in rows.into_iter().filter(|(name, _)| name.contains(only.as_str())) {
        let mut row = build();
        let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        // One untimed call each first: page faults and lazy setup belong to neither.
        assert_eq!((row.ours)(), (row.theirs)(), "{}: the values differ", row.name);
        for round in 0..rounds {
            // Interleaved, each side first in every other round.
            let (a, b) = if round % 2 == 0 {
                let a = timed(row.times, &mut row.ours);
                (a, timed(row.times, &mut row.theirs))
            } else {
                let b = timed(row.times, &mut row.theirs);
                (timed(row.times, &mut row.ours), b)
            };
            assert_eq!(a.1, b.1, "{}: the values differ", row.name);
            ours.push(a.0);
            theirs.push(b.0);
            ratios.push(a.0 / b.0);
        }
        let (low, high) = ratios.iter().fold((f64::MAX, 0f64), |(l, h), &r| (l.min(r), h.max(r)));
        println!(
            "| {} | {} | {:.2} ms | {:.2} ms | {:.2}× ({low:.2}–{high:.2}) |",
            row.name,
            row.peer,
            median(ours) * 1e3,
            median(theirs) * 1e3,
            median(ratios)
        );
    }
}
