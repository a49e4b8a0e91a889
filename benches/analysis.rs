//! Graph build + Sprague–Grundy analysis throughput: positions/s and edges/s.
//!
//! Run with `cargo bench --features bench --bench analysis`. Each case times `build` followed by
//! `Analysis::new` (Grundy values, outcomes, critical positions), i.e. what `impartial analyse`
//! does before printing.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use impartial::{build, Analysis, GameSpec, Limits, Play};

fn cases() -> Vec<(&'static str, &'static str)> {
    vec![
        ("chomp 8x8", "game=chomp&rows=8&cols=8"),
        ("turning-turtles 14", "game=turning-turtles&coins=14"),
        ("subtraction {1,3,4} heap 1e6", "game=subtraction&moves=1,3,4&heap=1000000"),
    ]
}

fn bench(c: &mut Criterion) {
    for (name, text) in cases() {
        let spec = GameSpec::parse(text).expect("bench specs are valid");
        let graph = build(&spec, &Limits::DEFAULT).expect("bench games fit the budget");
        let (positions, edges) = (graph.len() as u64, graph.edge_count() as u64);
        let mut group = c.benchmark_group(name);
        group.sample_size(20);
        group.throughput(Throughput::Elements(edges));
        group.bench_function("build+analyse (edges/s)", |b| {
            b.iter(|| {
                let graph = build(&spec, &Limits::DEFAULT).expect("valid");
                Analysis::new(&graph, Play::Normal)
            })
        });
        group.throughput(Throughput::Elements(positions));
        group.bench_function("build+analyse (positions/s)", |b| {
            b.iter(|| {
                let graph = build(&spec, &Limits::DEFAULT).expect("valid");
                Analysis::new(&graph, Play::Normal)
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
