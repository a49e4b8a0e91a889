//! UMDA generation cost.
//!
//! Run with `cargo bench --features bench --bench umda`; `UMDA_BENCH=table`, `scaling` or `criterion` runs one part,
//! and `UMDA_GAMES=Chomp` (a part of a name) only some of the table's games.
//!
//! `table`: the fast engine's time per generation at generation t = 1, 20, 200 and 1000 (seed 1,
//! μ = 100, γ = 1/(20Δn)) on Chomp 8×8, Turning Turtles 12, Nim 1,2,2,3,4,5,6,7 (the page's 10⁵
//! graph) and SubtractionNim²₁₀₂₄, beside its lower bound ([`Run::lower_bound_pass`]: the μ games'
//! moves drawn with the same sampler plus one pass over the edges, the work no generation can
//! skip). Both are timed on the same model, the run after t − 1 generations (cloned before each
//! timing), on one thread, by the thread's CPU clock (the machine may be shared), as the median
//! of interleaved rounds.
//!
//! `scaling`: μ = 10⁴ on Chomp 8×8, generations timed on rayon pools of 1 and 2 threads: the
//! busiest pool thread's CPU time (the wall time on idle cores; a shared machine inflates the wall
//! time itself), the wall time and the process's CPU time, and the model hashes, which must be
//! equal.
//!
//! `criterion`: generations/s of the fast and naive engines at μ = 100 and 10⁴ on small games.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};
use impartial::learn::{Engine, Params, Run, Task};
use impartial::Limits;

fn paper_run(task: &Arc<Task>, engine: Engine, mu: u32) -> Run {
    let gamma = 1.0 / (20.0 * task.max_degree as f64 * task.n as f64);
    Run::new(Arc::clone(task), engine, Params::new(task, mu, gamma).expect("valid parameters"), 1)
}

fn task(spec: &str) -> Arc<Task> {
    Arc::new(Task::from_spec(spec, &Limits::DEFAULT).expect("bench specs are valid"))
}

/// Seconds of CPU time used so far by this thread (or, with `process`, by every thread).
fn cpu_seconds(process: bool) -> f64 {
    let clock = if process { libc::CLOCK_PROCESS_CPUTIME_ID } else { libc::CLOCK_THREAD_CPUTIME_ID };
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    unsafe { libc::clock_gettime(clock, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn table() {
    let games = [
        ("Chomp 8x8", "game=chomp&rows=8&cols=8"),
        ("Turning Turtles 12", "game=turning-turtles&coins=12"),
        ("Nim 1,2,2,3,4,5,6,7", "game=nim&heaps=1,2,2,3,4,5,6,7"),
        ("SubtractionNim2_1024", "game=subtraction&moves=1,2&heap=1023"),
    ];
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a thread pool");
    println!("fast engine, mu = 100, gamma = 1/(20 Delta n), seed 1; thread CPU time, median of interleaved rounds");
    println!(
        "{:<22} {:>5} {:>12} {:>14} {:>7} {:>11}",
        "game", "t", "generation", "lower bound", "ratio", "path moves"
    );
    let only = std::env::var("UMDA_GAMES").unwrap_or_default();
    for (name, spec) in games.into_iter().filter(|(name, _)| name.contains(only.as_str())) {
        let task = task(spec);
        let mut state = paper_run(&task, Engine::Fast, 100);
        let mut out = Vec::new();
        for t in [1u64, 20, 200, 1000] {
            one.install(|| {
                while state.generation() + 1 < t {
                    state.step();
                }
            });
            let (mut generation, mut floor) = (Vec::new(), Vec::new());
            let mut moves = 0;
            let started = Instant::now();
            while generation.len() < 5
                || (generation.len() < 31 && started.elapsed() < Duration::from_secs(3))
            {
                let mut run = state.clone();
                // Timed on the pool's thread, where the generation runs.
                generation.push(one.install(|| {
                    let start = cpu_seconds(false);
                    run.step();
                    cpu_seconds(false) - start
                }));
                moves = run.path_moves();
                let start = cpu_seconds(false);
                criterion::black_box(state.lower_bound_pass(&mut out));
                floor.push(cpu_seconds(false) - start);
            }
            let (generation, floor) = (median(generation), median(floor));
            println!(
                "{name:<22} {t:>5} {:>9.3} ms {:>11.3} ms {:>7.2} {moves:>11}",
                generation * 1e3,
                floor * 1e3,
                generation / floor
            );
        }
    }
}

fn scaling() {
    let task = task("game=chomp&rows=8&cols=8");
    let generations = 20;
    println!("fast engine, Chomp 8x8, mu = 10^4, seed 1: {generations} generations from generation 0");
    println!("  busiest thread: the largest CPU time of a pool thread, what the wall time is on idle cores");
    let mut hashes = Vec::new();
    for threads in [1usize, 2] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a thread pool");
        let (mut walls, mut busiest, mut totals) = (Vec::new(), Vec::new(), Vec::new());
        let mut hash = 0;
        for _ in 0..3 {
            let mut run = paper_run(&task, Engine::Fast, 10_000);
            let before: Vec<f64> = pool.broadcast(|_| cpu_seconds(false));
            let (wall, cpu) = (Instant::now(), cpu_seconds(true));
            pool.install(|| {
                for _ in 0..generations {
                    run.step();
                }
            });
            walls.push(wall.elapsed().as_secs_f64());
            totals.push(cpu_seconds(true) - cpu);
            let after: Vec<f64> = pool.broadcast(|_| cpu_seconds(false));
            busiest.push(after.iter().zip(&before).map(|(a, b)| a - b).fold(0.0, f64::max));
            hash = run.model_hash();
        }
        hashes.push(hash);
        let per = |xs: Vec<f64>| median(xs) * 1e3 / generations as f64;
        println!(
            "{threads} thread(s): per generation busiest thread {:.1} ms, wall {:.1} ms, process CPU {:.1} ms (medians of 3); hash {hash:#018x}",
            per(busiest),
            per(walls),
            per(totals)
        );
    }
    assert!(hashes.windows(2).all(|w| w[0] == w[1]), "the thread count changed the model");
}

fn bench_engines(c: &mut Criterion) {
    let games = [
        ("subtraction {1,2,3} heap 1000", "game=subtraction&moves=1,2,3&heap=1000"),
        ("chomp 6x6", "game=chomp&rows=6&cols=6"),
        ("turning-turtles 12", "game=turning-turtles&coins=12"),
    ];
    for (name, spec) in games {
        let task = task(spec);
        let interior = (0..task.graph.len()).filter(|&v| !task.graph.is_sink(v)).count() as u64;
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        for mu in [100u32, 10_000] {
            // "Sampled moves": Algorithm 1 samples 2μ whole strategies of |Int(G)| moves each.
            group.throughput(Throughput::Elements(2 * u64::from(mu) * interior));
            for engine in [Engine::Fast, Engine::Naive] {
                let mut run = paper_run(&task, engine, mu);
                group.bench_function(BenchmarkId::new(engine.as_str(), format!("mu={mu}")), |b| {
                    b.iter(|| run.step())
                });
            }
        }
        group.finish();
    }
}

fn main() {
    let part = std::env::var("UMDA_BENCH").unwrap_or_default();
    if part.is_empty() || part == "table" {
        table();
    }
    if part.is_empty() || part == "scaling" {
        scaling();
    }
    if part.is_empty() || part == "criterion" {
        let mut c = Criterion::default().configure_from_args();
        bench_engines(&mut c);
        c.final_summary();
    }
}
