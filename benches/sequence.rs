//! Heap-game Grundy sequences by the recurrence, at research scale: heaps/s for
//! - Kayles (0.77) and Dawson's Kayles (0.07) to 10^6 (proven early, then copies);
//! - 0.6 and Grundy's game to 2^24 (sparse space with about 1,600 and 1,300 rare heaps);
//! - the published proofs that need the most values: 0.376 (preperiod 2,268,248, period 4) and
//!   0.354 (10,061,916 and 1,180), searched until proven;
//! - the growing codes 0.04, 0.06 and 0.76 to 2^17 (their values grow, so most pairs are
//!   scanned: the time grows about fourfold per doubling; docs/performance.md has the figures).
//!
//! Run with `cargo bench --features bench --bench sequence` (each long group takes minutes: criterion's ten
//! samples).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use impartial::analysis::sequence::{HeapGame, HeapRule, OctalSequence};
use impartial::games::octal::OctalCode;

fn octal(code: &str) -> HeapGame {
    HeapGame::Octal(OctalCode::parse(code).expect("bench codes are valid"))
}

fn bench(c: &mut Criterion) {
    let runs: [(&str, HeapGame, usize, bool); 10] = [
        ("octal 0.77 to 10^6", octal("0.77"), 1_000_000, false),
        ("octal 0.07 to 10^6", octal("0.07"), 1_000_000, false),
        ("octal 0.6 to 2^24", octal("0.6"), 1 << 24, false),
        ("grundy to 2^24", HeapGame::Rule(HeapRule::grundy()), 1 << 24, false),
        ("octal 0.376 until proven", octal("0.376"), 1 << 26, true),
        ("octal 0.354 until proven", octal("0.354"), 1 << 26, true),
        ("octal 0.04 to 2^17", octal("0.04"), 1 << 17, false),
        ("octal 0.06 to 2^17", octal("0.06"), 1 << 17, false),
        ("octal 0.76 to 2^17", octal("0.76"), 1 << 17, false),
        ("octal 0.76 to 2^16", octal("0.76"), 1 << 16, false),
    ];
    for (label, game, heaps, until_proven) in runs {
        let mut group = c.benchmark_group(label);
        group.sample_size(10);
        group.throughput(Throughput::Elements(heaps as u64));
        group.bench_function("heaps/s", |b| {
            b.iter(|| {
                let (sequence, _) = game.values_while(heaps, until_proven, |_| true);
                assert!(!until_proven || sequence.period.is_some(), "{label}: proven");
                sequence.values.len()
            })
        });
        group.finish();
    }
    // The engine alone, without the final proof: the cost per heap of the sparse-space method.
    let mut group = c.benchmark_group("octal 0.6 engine to 2^20");
    group.sample_size(10);
    group.throughput(Throughput::Elements(1 << 20));
    group.bench_function("heaps/s", |b| {
        b.iter(|| {
            let mut sequence = OctalSequence::new(OctalCode::parse("0.6").unwrap());
            sequence.extend_to(1 << 20);
            sequence.get(1 << 20)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
