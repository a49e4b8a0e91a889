//! UMDA generation throughput (issues 3 and 13).
//!
//! Run with `cargo bench --bench umda`.
//!
//! `bench_engines`: generations/s and sampled moves/s of the fast and naive engines, for μ = 100
//! and μ = 10,000. One iteration is one generation of a run that keeps going (so the model moves
//! on as it learns, as in real use). "Sampled moves" per generation is 2μ·|Int(G)|: Algorithm 1
//! samples 2μ whole strategies of |Int(G)| moves each; the naive engine draws them all, the fast
//! engine the ones a game reads plus one multinomial per position. Criterion's "elements/s" is
//! therefore sampled moves/s; generations/s is 1 / time.
//!
//! `bench_floor` (issue 13, item 6): the fast engine on the long games of the runtime sweeps
//! (SubtractionNim²_1024, paths of about 680 moves) and on Chomp 8×8, against its lower bound.
//! Both are timed on one model: the run after `WARM` generations from seed 1. "generation" is one
//! fast generation from that state (cloned before each iteration, outside the timing), "lower
//! bound" is [`Run::lower_bound_pass`] on it: the μ games' moves drawn with the same sampler plus
//! one pass over the edges. Here "elements/s" is the moves drawn on the games' paths per second
//! (`Run::path_moves`), and the bench prints time(generation) ÷ time(lower bound), the medians of
//! interleaved timings.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use impartial::learn::{Engine, Params, Run, Task};
use impartial::Limits;

fn paper_run(task: &Arc<Task>, engine: Engine, mu: u32) -> Run {
    let gamma = 1.0 / (20.0 * task.max_degree as f64 * task.n as f64);
    Run::new(Arc::clone(task), engine, Params::new(task, mu, gamma).expect("valid parameters"), 1)
}

fn task(spec: &str) -> Arc<Task> {
    Arc::new(Task::from_spec(spec, &Limits::DEFAULT).expect("bench specs are valid"))
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

/// Generations run before the state both sides of the floor comparison start from.
const WARM: u32 = 20;
/// Interleaved rounds for the printed ratio.
const ROUNDS: usize = 31;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn bench_floor(c: &mut Criterion) {
    let games = [
        ("SubtractionNim2_1024", "game=subtraction&moves=1,2&heap=1023"),
        ("chomp 8x8", "game=chomp&rows=8&cols=8"),
    ];
    let mu = 100;
    for (name, spec) in games {
        let task = task(spec);
        let mut state = paper_run(&task, Engine::Fast, mu);
        for _ in 0..WARM {
            state.step();
        }
        let mut probe = state.clone();
        probe.step();
        let generation_moves = probe.path_moves();
        let mut out = Vec::new();
        let floor_moves = state.lower_bound_pass(&mut out);

        let mut group = c.benchmark_group(format!("floor {name}"));
        group.sample_size(20);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        group.throughput(Throughput::Elements(generation_moves));
        group.bench_function(BenchmarkId::new("fast", format!("mu={mu}")), |b| {
            b.iter_batched_ref(|| state.clone(), |run| run.step(), BatchSize::LargeInput)
        });
        group.throughput(Throughput::Elements(floor_moves));
        group.bench_function(BenchmarkId::new("lower bound", format!("mu={mu}")), |b| {
            b.iter(|| state.lower_bound_pass(&mut out))
        });
        group.finish();

        let (mut generation, mut floor) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS {
            let mut run = state.clone();
            let start = Instant::now();
            run.step();
            generation.push(start.elapsed().as_secs_f64());
            let start = Instant::now();
            criterion::black_box(state.lower_bound_pass(&mut out));
            floor.push(start.elapsed().as_secs_f64());
        }
        let (generation, floor) = (median(generation), median(floor));
        println!(
            "floor {name}, mu={mu}: generation {:.3} ms ({generation_moves} path moves, {:.3} M/s), \
             lower bound {:.3} ms ({floor_moves} moves, {:.3} M/s), ratio {:.2}",
            generation * 1e3,
            generation_moves as f64 / generation / 1e6,
            floor * 1e3,
            floor_moves as f64 / floor / 1e6,
            generation / floor,
        );
    }
}

criterion_group!(benches, bench_engines, bench_floor);
criterion_main!(benches);
