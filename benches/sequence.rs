//! Octal Grundy sequences by the recurrence (issue: sums, octal games and sequences): heaps/s
//! for Kayles (0.77), Dawson's Kayles (0.07) and 0.6, a two-digit-class game not known to be
//! periodic, each to 10^6 heaps with the sparse-space method.
//!
//! Run with `cargo bench --bench sequence`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use impartial::analysis::sequence::OctalSequence;
use impartial::games::octal::OctalCode;

const HEAPS: usize = 1_000_000;

fn bench(c: &mut Criterion) {
    for code in ["0.77", "0.07", "0.6"] {
        let code = OctalCode::parse(code).expect("bench codes are valid");
        let mut group = c.benchmark_group(format!("octal {code} to 10^6"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(HEAPS as u64));
        group.bench_function("heaps/s", |b| {
            b.iter(|| {
                let mut sequence = OctalSequence::new(code.clone());
                sequence.extend_to(HEAPS);
                sequence.values()[HEAPS]
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
