//! `impartial value` without graphs: Deuber and Thomassé's g-set algebra on
//! random series–parallel posets of 10^3 and 10^4 elements, Hackendot forests of 10^4 nodes
//! (random, and the caterpillar, the algebra's worst case), values of large heap games, and a
//! sum of large parts.
//!
//! Run with `cargo bench --features bench --bench value`.

use criterion::{criterion_group, criterion_main, Criterion};
use impartial::analysis::value::value;
use impartial::games::poset::PosetExpr;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A random expression of about `elements` elements: atoms C, A, V, L, D of up to 50 elements
/// joined by / and + under at most `depth` levels of parentheses.
fn expression(rng: &mut Xoshiro256PlusPlus, elements: u32, depth: u32) -> String {
    if depth == 0 || elements <= 50 {
        let atom = ["C", "A", "V", "L", "D"][rng.random_range(0..5)];
        return format!("{atom}{}", elements.clamp(1, 50));
    }
    let parts = rng.random_range(2..6u32);
    let joiner = if rng.random_bool(0.5) { "/" } else { "+" };
    let inner: Vec<String> = (0..parts).map(|_| expression(rng, elements / parts, depth - 1)).collect();
    format!("({})", inner.join(joiner))
}

/// A random forest of `nodes` nodes: each node below a uniformly chosen earlier one.
fn forest(rng: &mut Xoshiro256PlusPlus, nodes: usize) -> String {
    let mut children = vec![Vec::new(); nodes];
    for v in 1..nodes {
        children[rng.random_range(0..v)].push(v);
    }
    let (mut out, mut stack) = (String::new(), vec![(0usize, 0usize)]);
    while let Some((v, k)) = stack.pop() {
        if k == 0 {
            out.push('(');
        }
        if k < children[v].len() {
            stack.push((v, k + 1));
            stack.push((children[v][k], 0));
        } else {
            out.push(')');
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(15);
    let mut group = c.benchmark_group("value");
    group.sample_size(20);
    for elements in [1_000, 10_000] {
        let expr = expression(&mut rng, elements, 10);
        let size = PosetExpr::parse_for_algebra(&expr).expect("a valid poset").elements();
        let spec = format!("game=poset&poset={expr}");
        group.bench_function(format!("g-set algebra, poset of {size} elements"), |b| {
            b.iter(|| value(&spec).expect("a valid poset"))
        });
    }
    let random = format!("game=hackendot&forest={}", forest(&mut rng, 10_000));
    group.bench_function("g-set algebra, random forest of 10,000 nodes", |b| {
        b.iter(|| value(&random).expect("a valid forest"))
    });
    let caterpillar = format!("game=hackendot&forest={}{}", "(()".repeat(5_000), ")".repeat(5_000));
    group.bench_function("g-set algebra, caterpillar of 10,000 nodes", |b| {
        b.iter(|| value(&caterpillar).expect("a valid forest"))
    });
    let kayles = "game=octal&code=0.77&heaps=1000000000000,999999999999,12345678901";
    group.bench_function("Kayles, three heaps near 10^12 by the period", |b| {
        b.iter(|| value(kayles).expect("a valid spec"))
    });
    let sum = "game=sum&parts=nim(heaps=1000000,1000000,1000000)+subtraction(moves=1,3,4;heap=1000000000000)\
               +octal(code=0.77;heaps=1000000)+poset(poset=C30/A20+D2)+chomp(rows=4;cols=7)";
    group.bench_function("a sum of more than 10^39 positions, part by part", |b| {
        b.iter(|| value(sum).expect("a valid sum"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
