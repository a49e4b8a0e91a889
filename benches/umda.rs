//! UMDA generation throughput (issue 3): generations/s and sampled moves/s of the fast and naive
//! engines, for μ = 100 and μ = 10,000.
//!
//! Run with `cargo bench --bench umda`. One iteration is one generation of a run that keeps
//! going (so the model moves on as it learns, as in real use). "Sampled moves" per generation
//! is 2μ·|Int(G)|: Algorithm 1 samples 2μ whole strategies of |Int(G)| moves each; the naive
//! engine draws them all, the fast engine the ones a game reads plus one multinomial per position.
//! Criterion's "elements/s" is therefore sampled moves/s; generations/s is 1 / time.

use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use impartial::learn::{Engine, Params, Run, Task};
use impartial::Limits;

fn bench(c: &mut Criterion) {
    let games = [
        ("subtraction {1,2,3} heap 1000", "game=subtraction&moves=1,2,3&heap=1000"),
        ("chomp 6x6", "game=chomp&rows=6&cols=6"),
        ("turning-turtles 12", "game=turning-turtles&coins=12"),
    ];
    for (name, spec) in games {
        let task = Arc::new(Task::from_spec(spec, &Limits::DEFAULT).expect("bench specs are valid"));
        let interior = (0..task.graph.len()).filter(|&v| !task.graph.is_sink(v)).count() as u64;
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        for mu in [100u32, 10_000] {
            group.throughput(Throughput::Elements(2 * u64::from(mu) * interior));
            for engine in [Engine::Fast, Engine::Naive] {
                let gamma = 1.0 / (20.0 * task.max_degree as f64 * task.n as f64);
                let mut run = Run::new(
                    Arc::clone(&task),
                    engine,
                    Params::new(&task, mu, gamma).expect("valid parameters"),
                    1,
                );
                group.bench_function(BenchmarkId::new(engine.as_str(), format!("mu={mu}")), |b| {
                    b.iter(|| run.step())
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
