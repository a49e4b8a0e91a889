//! Graph build + Sprague–Grundy analysis throughput: positions/s and edges/s.
//!
//! Run with `cargo bench --features bench --bench analysis`. Each case times `build` followed by
//! `Analysis::new` (Grundy values, outcomes, critical positions), i.e. what `impartial analyse`
//! does before printing. A second group times refusals of games just past the budget (the
//! count that shows it: `build` returns the refusal).

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

/// Games just past the budget whose refusal takes the longest: counted layer by layer (the two
/// octal codes, pipelined over two threads where there are two) or walked (Grundy's game).
fn refusals(c: &mut Criterion) {
    let mut group = c.benchmark_group("refusal just past the budget");
    group.sample_size(10);
    for (name, text) in [
        ("octal 0.4 heaps 21x4", "game=octal&code=0.4&heaps=21,21,21,21"),
        ("octal 0.6 heaps 14x5", "game=octal&code=0.6&heaps=14,14,14,14,14"),
        ("grundy heaps 30..25", "game=grundy&heaps=30,29,28,27,26,25"),
    ] {
        let spec = GameSpec::parse(text).expect("bench specs are valid");
        assert!(build(&spec, &Limits::DEFAULT).is_err(), "{name} is past the budget");
        group.bench_function(name, |b| b.iter(|| build(&spec, &Limits::DEFAULT).is_err()));
    }
    group.finish();
}

criterion_group!(benches, bench, refusals);
criterion_main!(benches);
