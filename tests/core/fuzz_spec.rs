//! Property-based fuzzing of the spec grammar through the library: parse, estimate, build and
//! analyse generated specs, structured (every family with small, near-budget and huge values)
//! and hostile (random unicode, `%` escapes, control characters, JS property names, values up
//! to the 256 KiB limit). For every input the core must answer `Ok` or one short sentence, never
//! panic, and stay within a time bound per case.
//!
//! `FUZZ_CASES` sets the number of cases (default [`DEFAULT_CASES`]), `FUZZ_SEED` the seed (a
//! fixed default, so CI is deterministic), `FUZZ_CASE_MS` the bound per case (default 2000).
//! `scripts/fuzz` runs the long version. The generators, the runner and the message check are in `tests/common/fuzz.rs`, shared
//! with `tests/cli/fuzz_cli.rs`.

use std::time::Duration;

use impartial::analysis::loopy::LoopyAnalysis;
use impartial::games::{self, Bound, Limits, Opened, Size};
use impartial::loopy::LoopyGraph;
use impartial::report::{Options, Report};
use impartial::GameSpec;
use impartial::InputError;

use crate::common::fuzz::runner::{self, env_u64, Fail};
use crate::common::fuzz::{check_message, gen};

/// A few seconds in `cargo test --profile ci` on the 2-core CI machine.
const DEFAULT_CASES: u64 = 20_000;

/// The budget for building: large enough for every family's interesting shapes, small enough
/// that a case stays in milliseconds.
const SMALL: Limits = Limits { max_positions: 20_000, max_edges: 200_000 };

/// What happened to one spec, for the totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Refused by the parser.
    Refused,
    /// Parsed, but refused by estimate/build (too large) or by the report (bad label).
    TooLarge,
    /// Built and analysed.
    Analysed,
}

/// The library pipeline on one generated spec; `pick` chooses labels for `--from`/strategies.
pub fn check_spec(text: &str, pick: u64) -> Result<Verdict, Fail> {
    let spec = match GameSpec::parse(text) {
        Ok(spec) => spec,
        Err(e) => {
            let message = e.to_string();
            check_message("parse", &message)?;
            return Ok(Verdict::Refused);
        }
    };
    // The canonical form parses back to the same spec and prints the same string.
    let canonical = spec.to_string();
    match GameSpec::parse(&canonical) {
        Ok(again) if again == spec && again.to_string() == canonical => {}
        Ok(again) => {
            return Err(Fail::new(
                "round trip changes the spec",
                format!("canonical {canonical:?} → {again}"),
            ))
        }
        Err(e) => {
            return Err(Fail::new(
                "canonical form does not parse back",
                format!("canonical ({} bytes) {}: {e}", canonical.len(), runner::shown(&canonical)),
            ))
        }
    }
    let size = match games::estimate(&spec, &SMALL) {
        Ok(size) => size,
        Err(e) => {
            check_message("estimate", &e.to_string())?;
            return Ok(Verdict::TooLarge);
        }
    };
    let fits = size.positions <= u128::from(SMALL.max_positions) && size.edges <= u128::from(SMALL.max_edges);
    // `open` is the one entry the CLI, the page and the learners build through: it decides
    // whether the game has cycles.
    let graph = match games::open(&spec, &SMALL) {
        Ok(Opened::Acyclic(graph)) => graph,
        Ok(Opened::Loopy(loopy)) => return check_loopy(&spec, &loopy, size),
        Err(e) => {
            check_message("build", &e.to_string())?;
            // An estimate that is exact or an upper bound within the budget promises a build.
            if fits && size.bound != Bound::AtLeast {
                return Err(Fail::new("build refuses what estimate accepted", format!("{size:?}: {e}")));
            }
            return Ok(Verdict::TooLarge);
        }
    };
    let (n, m) = (graph.len() as u128, graph.edge_count() as u128);
    let consistent = match size.bound {
        Bound::Exact => n == size.positions && m == size.edges,
        Bound::AtMost => n <= size.positions && m <= size.edges,
        Bound::AtLeast => n >= size.positions,
    };
    if !consistent {
        return Err(Fail::new(
            "built size disagrees with the estimate",
            format!("{size:?}, built {n} positions, {m} moves"),
        ));
    }
    // Labels name positions: find() inverts label() (sampled, to keep cases cheap).
    for v in [graph.root(), 0, (pick % graph.len() as u64) as usize] {
        let label = graph.label(v);
        if graph.find(&label) != Some(v) {
            return Err(Fail::new(
                "find(label(v)) is not v",
                format!("v = {v}, label {}", runner::shown(&label)),
            ));
        }
    }
    check_outcomes(&graph, spec.play)?;
    // The full report runs the exact switchability search, up to 200,000 steps for each of up to
    // 64 positions (~0.4 s): on small graphs only every 16th case, or a million cases would take
    // hours.
    if graph.len() <= 64 && pick % 16 != 1 {
        return Ok(Verdict::Analysed);
    }
    let options = report_options(&graph, pick);
    match Report::new(&spec, &graph, &options) {
        Ok(report) => {
            let ok = report.game == canonical
                && report.positions == graph.len()
                && report.edges == graph.edge_count()
                && report.nodes.as_ref().map_or(!options.positions, |nodes| nodes.len() == graph.len())
                && report.optimal_strategy_checked;
            if !ok {
                return Err(Fail::new(
                    "report disagrees with the graph or fails its self-check",
                    String::new(),
                ));
            }
            if serde_json::to_string(&report).is_err() {
                return Err(Fail::new("report does not serialise", String::new()));
            }
            if pick.is_multiple_of(16) {
                let _ = report.to_text();
            }
            Ok(Verdict::Analysed)
        }
        Err(e) => {
            check_message("report", &e.to_string())?;
            Ok(Verdict::TooLarge)
        }
    }
}

/// A game `open` built with cycles: the start reaches a cycle, the size is within the estimate,
/// the graph-only path refuses it as cyclic in one sentence, and the retrograde analysis runs.
fn check_loopy(spec: &GameSpec, loopy: &LoopyGraph, size: Size) -> Result<Verdict, Fail> {
    let (n, m) = (loopy.len() as u128, loopy.edge_count() as u128);
    let within = match size.bound {
        Bound::Exact => n == size.positions && m == size.edges,
        Bound::AtMost => n <= size.positions && m <= size.edges,
        Bound::AtLeast => n >= size.positions,
    };
    if !within {
        return Err(Fail::new(
            "built size disagrees with the estimate",
            format!("{size:?}, built {n} positions, {m} moves with cycles"),
        ));
    }
    if !loopy.is_cyclic() {
        return Err(Fail::new("opened with cycles but its start reaches none", String::new()));
    }
    match games::build(spec, &SMALL) {
        Err(InputError::NeedsAcyclic { .. }) => {}
        Err(e) => return Err(Fail::new("a cyclic game is refused for another reason", e.to_string())),
        Ok(_) => return Err(Fail::new("a cyclic game builds as acyclic", String::new())),
    }
    let analysis = LoopyAnalysis::new(loopy, spec.play);
    if analysis.outcome.len() != loopy.len() {
        return Err(Fail::new("loopy analysis misses positions", String::new()));
    }
    Ok(Verdict::Analysed)
}

/// Outcomes by their definition, recomputed here: a position is N when some move reaches a P
/// position; a sink is P under normal play and N under misère play. The Grundy value is 0
/// exactly at P-positions (normal play), and critical is Def 2.1 (or its misère shape).
fn check_outcomes(graph: &impartial::GameGraph, play: impartial::Play) -> Result<(), Fail> {
    use impartial::{Analysis, Outcome, Play};
    let analysis = Analysis::new(graph, play);
    let mut p = vec![false; graph.len()];
    for v in 0..graph.len() {
        let moves = graph.moves(v);
        p[v] = if moves.is_empty() { play == Play::Normal } else { moves.iter().all(|&w| !p[w as usize]) };
        let fail =
            |what: &str| Err(Fail::new(format!("analysis: {what}"), format!("position {}", graph.label(v))));
        if (analysis.outcome[v] == Outcome::P) != p[v] {
            return fail("outcome differs from the definition");
        }
        if let Some(h) = &analysis.grundy {
            if (h[v] == 0) != p[v] {
                return fail("Grundy value 0 is not the P-positions");
            }
        }
        let critical = !p[v] && moves.iter().any(|&w| !p[w as usize]);
        if analysis.critical[v] != critical {
            return fail("critical differs from Def 2.1");
        }
    }
    Ok(())
}

/// `--from` and `--strategy` as the CLI would pass them: real labels mostly, junk sometimes.
fn report_options(graph: &impartial::GameGraph, pick: u64) -> Options {
    let n = graph.len() as u64;
    let label = |k: u64| graph.label(((pick >> k) % n) as usize);
    let from = match pick % 5 {
        0 => None,
        1 => Some(format!("{}\n\u{1b}[2J", label(8))),
        _ => Some(label(8)),
    };
    let strategy = match (pick >> 3) % 4 {
        0 => None,
        1 => Some(vec![(label(16), label(24)), ("__proto__".to_string(), label(32))]),
        _ => {
            // A fixed move at a few positions (a legal one where the position has moves).
            let pairs = (0..3)
                .map(|i| {
                    let v = ((pick >> (20 + 8 * i)) % n) as usize;
                    let to = graph.moves(v).first().map_or(v, |&w| w as usize);
                    (graph.label(v), graph.label(to))
                })
                .collect();
            Some(pairs)
        }
    };
    // Positions are listed for small graphs only: that part is linear and exercised enough.
    Options { positions: n <= 2_000 && pick.is_multiple_of(3), from, strategy }
}

#[test]
fn fuzz_the_spec_grammar_through_the_library() {
    let cases = env_u64("FUZZ_CASES", DEFAULT_CASES);
    // CPU time of the case (a loaded machine stretches wall time, not this): the costliest
    // legitimate case is ~0.4 s of CPU (the exact switchability search on 64 positions).
    let bound = Duration::from_millis(env_u64("FUZZ_CASE_MS", 2000));
    let seed = runner::seed();
    let mut verdicts = [0u64; 3];
    let totals = runner::fuzz(
        gen::spec_and_pick(),
        cases,
        seed,
        bound,
        |(text, pick)| {
            let verdict = check_spec(text, *pick)?;
            verdicts[verdict as usize] += 1;
            Ok(())
        },
        |(text, pick)| format!("pick {pick}, spec {}", runner::shown(text)),
    );
    let peak = runner::peak_rss_mib();
    eprintln!(
        "fuzz_spec: seed {}, {} cases ({} refused by the parser, {} too large or refused later, {} analysed) \
         in {:.1} s; slowest case {:.1} ms: {}; peak RSS {peak} MiB; {} failures",
        runner::seed_number(),
        totals.cases,
        verdicts[0],
        verdicts[1],
        verdicts[2],
        totals.elapsed.as_secs_f64(),
        totals.slowest.as_secs_f64() * 1e3,
        totals.slowest_input,
        totals.failures.len(),
    );
    // Some of every kind, or the generators have drifted away from the grammar.
    assert!(cases < 1000 || verdicts.iter().all(|&v| v * 20 > cases), "verdicts {verdicts:?}");
    assert!(peak < 2048, "peak RSS {peak} MiB");
    totals.assert_clean();
}

/// Specs the long run found accepted by `estimate` and refused by `build`: a cycle the start
/// reaches (short, and through the 10,132nd position of a 19,329-position chain), a cycle the
/// start never reaches (the game is acyclic), and a sum with a cyclic part (refused by the
/// estimate now, as its build refuses it).
#[test]
fn graph_specs_the_long_run_found_pass() {
    let chain: Vec<String> =
        (0..19_328).map(|i| format!("n{i}-n{}", i + 1)).chain(["n19328-n10132".into()]).collect();
    let long = format!("game=graph&edges={}&root=n0", chain.join(","));
    for (spec, verdict) in [
        (
            "game=graph&edges=x.y-d,d-e,b-d,d-x.y,x.y-nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn&play=misere",
            Verdict::Analysed,
        ),
        ("#edges=constructor-d,d-constructor,e-constructor&game=graph", Verdict::Analysed),
        ("game=graph&edges=__proto__-constructor,constructor-__proto__,a-v0&play=normal", Verdict::Analysed),
        ("%67ame=g%72aph&edge%73=%5F_proto_%5F%2DA1,A1-__proto__,x.y-v0,%411-b", Verdict::Analysed),
        (long.as_str(), Verdict::Analysed),
        ("game=sum&parts=graph(edges=a-b,b-a,c-a)+nim(heaps=2)", Verdict::TooLarge),
    ] {
        // pick 1 also runs the full report (which may refuse the strategy it is given).
        for pick in [0, 1, 7] {
            match check_spec(spec, pick) {
                Ok(v) => assert!(v == verdict || pick == 1, "{}: {v:?}", runner::shown(spec)),
                Err(f) => panic!("{}: {} {}", runner::shown(spec), f.kind, f.detail),
            }
        }
    }
    // The unreachable cycle is no part of the game: it builds as the acyclic graph a → v0.
    let spec = GameSpec::parse("game=graph&edges=__proto__-constructor,constructor-__proto__,a-v0").unwrap();
    assert!(matches!(games::open(&spec, &SMALL), Ok(Opened::Acyclic(g)) if g.len() == 2));
}

/// The harness itself: an injected multi-line error, a panic and a slow case are caught, and a
/// failing input is shrunk.
#[test]
fn the_harness_catches_bad_messages_panics_and_slow_cases() {
    assert!(check_message("t", "One sentence.").is_ok());
    for bad in ["two\nlines.", "no full stop", "", "bidi \u{202e} trick.", &format!("{}.", "x".repeat(700))] {
        assert!(check_message("t", bad).is_err(), "{bad:?} passed");
    }
    // A checker that panics on inputs with a 'C' and fails with a two-line message on '%'.
    let totals = runner::fuzz(
        gen::spec_and_pick(),
        300,
        runner::seed(),
        Duration::from_secs(5),
        |(text, _)| {
            if text.contains('C') {
                panic!("injected panic");
            }
            if text.contains('%') {
                check_message("injected", "a\nb.")?;
            }
            Ok(())
        },
        |(text, _)| text.clone(),
    );
    let kinds: Vec<&str> = totals.failures.iter().map(|f| f.kind.as_str()).collect();
    assert!(kinds.iter().any(|k| k.contains("panic: injected panic")), "{kinds:?}");
    assert!(kinds.iter().any(|k| k.contains("control")), "{kinds:?}");
    // Shrinking leaves a short input that still fails the same way.
    let panic = totals.failures.iter().find(|f| f.kind.contains("injected panic")).unwrap();
    assert!(panic.shrunk.len() <= panic.input.len() && panic.shrunk.contains('C'), "{panic:?}");
    // And a case over the time bound is a failure of its own (only the first call is slow, so
    // shrinking it ends at once).
    let mut calls = 0;
    let slow = runner::fuzz(
        gen::spec_and_pick(),
        2,
        runner::seed(),
        Duration::from_millis(1),
        |_| {
            calls += 1;
            if calls == 1 {
                // Busy, not asleep: the bound is on CPU time.
                let start = crate::common::thread_cpu();
                while crate::common::thread_cpu() - start < Duration::from_millis(5) {}
            }
            Ok(())
        },
        |(text, _)| format!("{text:?}"),
    );
    assert!(slow.failures.iter().any(|f| f.kind.contains("slow")), "{:?}", slow.failures);
}

/// A generated spec for each family is accepted as written at least sometimes: the structured
/// generators do reach the builder (otherwise the fuzz would test only the parser).
#[test]
fn structured_specs_reach_every_family() {
    use proptest::strategy::{Strategy, ValueTree};
    let mut runner = runner::test_runner(runner::seed());
    let mut built = std::collections::BTreeSet::new();
    for _ in 0..3000 {
        let text = gen::structured().new_tree(&mut runner).unwrap().current();
        if let Ok(spec) = GameSpec::parse(&text) {
            if games::build(&spec, &SMALL).is_ok() {
                built.insert(spec.family.name());
            }
        }
    }
    assert_eq!(built.len(), impartial::games::FAMILIES.len(), "{built:?}");
}
