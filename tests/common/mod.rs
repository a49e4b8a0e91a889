//! Helpers shared by the integration tests: random game graphs and the literal payoff of
//! Benford & Lehre §2.
#![allow(dead_code)]

pub mod cli;
pub mod fuzz;
pub mod pinned;
pub mod rules_pinned;
pub mod seed003;

use impartial::games::FAMILIES;
use impartial::{build, GameGraph, GameSpec, Limits, Play};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// The seed every property test starts from, so a CI run is reproducible; set
/// `PROPTEST_RNG_SEED` to explore others.
pub const PROPTEST_SEED: u64 = 0x1a9b_5e77_c0de_2026;

/// proptest's configuration for the property tests: `cases` cases from a pinned seed, and no
/// `*.proptest-regressions` files written beside the tests. A failure prints its shrunk case
/// (and the seed) in the test's panic message; pin it as an explicit test if it matters.
pub fn proptest_config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::with_cases(cases);
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(PROPTEST_SEED);
    }
    config.failure_persistence = None;
    config
}

/// A random game graph: positions p0..p{n−1}, an edge i → j (i > j) with the given bits, the
/// root p{n−1}, built through the custom-graph spec so the parser and builder are exercised too.
pub fn graph_from(n: usize, bits: &[bool]) -> GameGraph {
    let mut edges = Vec::new();
    let mut k = 0;
    for i in 1..n {
        for j in 0..i {
            if bits[k % bits.len()] {
                edges.push(format!("p{i}-p{j}"));
            }
            k += 1;
        }
    }
    // The root needs a move, or it would not appear in the edge list at all.
    if !edges.iter().any(|e| e.starts_with(&format!("p{}-", n - 1))) {
        edges.push(format!("p{}-p0", n - 1));
    }
    let spec = GameSpec::parse(&format!("game=dag&edges={}&root=p{}", edges.join(","), n - 1)).unwrap();
    build(&spec, &Limits::DEFAULT).unwrap()
}

pub fn dag(max_n: usize) -> impl Strategy<Value = GameGraph> {
    (2..=max_n, prop::collection::vec(any::<bool>(), 1..64)).prop_map(|(n, bits)| graph_from(n, &bits))
}

/// Every strategy of the graph: one move per interior position (sinks hold their own id).
pub fn all_strategies(graph: &GameGraph) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new()];
    for v in 0..graph.len() {
        let choices: Vec<u32> = if graph.is_sink(v) { vec![v as u32] } else { graph.moves(v).to_vec() };
        out = out
            .into_iter()
            .flat_map(|prefix| {
                choices.iter().map(move |&c| {
                    let mut next = prefix.clone();
                    next.push(c);
                    next
                })
            })
            .collect();
    }
    out
}

/// f^v_G(x, y) of Benford & Lehre §2, literally: −f^{x(v)}_G(y, x) at an interior v, −1 at a sink
/// (+1 at a sink under misère play).
pub fn payoff(graph: &GameGraph, v: usize, x: &[u32], y: &[u32], play: Play) -> i32 {
    if graph.is_sink(v) {
        return if play == Play::Misere { 1 } else { -1 };
    }
    -payoff(graph, x[v] as usize, y, x, play)
}

/// One spec per family of the registry ([`FAMILIES`]), made from the example value of each of its
/// keys (the page's placeholders), so a family added to the registry is in every "every family"
/// test without editing it.
pub fn family_examples() -> Vec<String> {
    FAMILIES
        .iter()
        .map(|family| {
            let keys = family.keys.iter().map(|k| format!("&{}={}", k.key, k.example)).collect::<String>();
            format!("game={}{keys}", family.name)
        })
        .collect()
}

/// README.md and every docs/*.md, README first.
pub fn docs_files() -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files.insert(0, root.join("README.md"));
    files
}

/// The text of [`docs_files`], one after the other: tests that check an example the docs show
/// find it by a phrase wherever it is.
pub fn docs_text() -> String {
    docs_files().iter().map(|f| std::fs::read_to_string(f).unwrap()).collect::<Vec<_>>().join("\n")
}

/// The CPU time this thread has run so far (Linux: /proc/thread-self/schedstat, in ns). A bound
/// on how much work a call does, measured this way, holds on a busy machine where a wall clock
/// would not (the core's sizing and analysis run on the calling thread).
pub fn thread_cpu() -> std::time::Duration {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").expect("/proc/thread-self/schedstat");
    let ns: u64 = text.split_whitespace().next().and_then(|t| t.parse().ok()).expect("schedstat's run time");
    std::time::Duration::from_nanos(ns)
}
