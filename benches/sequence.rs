//! Octal Grundy sequences by the recurrence (issue: sums, octal games and sequences): heaps/s
//! for Kayles (0.77), Dawson's Kayles (0.07) and 0.6, a two-digit-class game not known to be
//! periodic, each to 10^6 heaps with the sparse-space method; and 0.76, the slowest two-digit
//! code (its values grow, so every pair is scanned), to 10^5 heaps — to 10^6 it takes minutes
//! per run, too long for criterion's ten samples (README gives its time from the CLI).
//!
//! Run with `cargo bench --bench sequence`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use impartial::analysis::sequence::OctalSequence;
use impartial::games::octal::OctalCode;

fn bench(c: &mut Criterion) {
    for (code, heaps, label) in [
        ("0.77", 1_000_000, "10^6"),
        ("0.07", 1_000_000, "10^6"),
        ("0.6", 1_000_000, "10^6"),
        ("0.76", 100_000, "10^5"),
    ] {
        let code = OctalCode::parse(code).expect("bench codes are valid");
        let mut group = c.benchmark_group(format!("octal {code} to {label}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(heaps as u64));
        group.bench_function("heaps/s", |b| {
            b.iter(|| {
                let mut sequence = OctalSequence::new(code.clone());
                sequence.extend_to(heaps);
                sequence.values()[heaps]
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
