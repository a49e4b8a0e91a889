//! Refusals cost at most about the budget: every instance above it is refused in well under a
//! second, before memory in proportion to the instance is allocated, and look-ups by label
//! cost what the label costs, not what the graph does.

use std::time::Duration;

use impartial::games::{estimate, Bound, Size};
use impartial::{build, GameSpec, InputError, Limits};

/// Well under a second of CPU time even in a debug build; the old code took from
/// 15 s (release) to hours on these inputs.
const QUICK: Duration = Duration::from_millis(900);

fn list(range: std::ops::RangeInclusive<u64>) -> String {
    range.map(|s| s.to_string()).collect::<Vec<_>>().join(",")
}

fn sized(spec: &str, limits: &Limits) -> Size {
    estimate(&GameSpec::parse(spec).unwrap(), limits).unwrap()
}

/// Asserts the spec is refused as too large, quickly, by `build` under `limits`.
fn refused_quickly(spec: &str, limits: &Limits) {
    let parsed = GameSpec::parse(spec).unwrap();
    let start = crate::common::thread_cpu();
    let result = build(&parsed, limits);
    let took = crate::common::thread_cpu() - start;
    let shown = &spec[..spec.len().min(60)];
    assert!(matches!(result, Err(InputError::TooLarge { .. })), "{shown}… was not refused as too large");
    assert!(took < QUICK, "{shown}… took {took:?} to refuse");
}

#[test]
fn subtraction_games_without_the_move_1_are_refused_within_the_budget_s_work() {
    for limits in [Limits::DEFAULT, Limits::PAGE] {
        // Every size but 1 is reachable, with ~1,000 moves each: 4·10^9 moves.
        refused_quickly(&format!("game=subtraction&moves={}&heap=3999000", list(2..=1001)), &limits);
        refused_quickly(&format!("game=subtraction&moves={}&heap=3999000", list(2..=20001)), &limits);
        // Sparse reachable sizes far apart: no bitset over the heap.
        refused_quickly(
            &format!("game=subtraction&moves={}&heap=1000000000000", list(20000..=40000)),
            &limits,
        );
        refused_quickly("game=subtraction&moves=1000,1001&heap=1000000000", &limits);
        refused_quickly("game=subtraction&moves=2,3&heap=18446744073709551615", &limits);
        // Few positions, but each with many moves.
        refused_quickly(&format!("game=subtraction&moves={}&heap=60000", list(3..=9000)), &limits);
    }
}

#[test]
fn a_refusal_past_the_moves_budget_names_the_moves() {
    let spec = format!("game=subtraction&moves={}&heap=3999000", list(2..=1001));
    let size = sized(&spec, &Limits::DEFAULT);
    assert_eq!(size.bound, Bound::AtLeast);
    assert!(size.edges > 40_000_000 && size.positions <= 4_000_000, "{size:?}");
}

#[test]
fn the_page_budget_stops_the_count_sooner() {
    // 1,000,000 reachable sizes (all but 999,999): counted exactly under the CLI's budget, but the page's
    // count stops past its own 200,000 positions.
    let spec = "game=subtraction&moves=2,3&heap=1000000";
    let cli = sized(spec, &Limits::DEFAULT);
    assert_eq!((cli.positions, cli.edges, cli.bound), (1_000_000, 1_999_995, Bound::Exact));
    let page = sized(spec, &Limits::PAGE);
    assert_eq!(page.bound, Bound::AtLeast);
    assert!(page.positions > 200_000 && page.positions < 1_000_000, "{page:?}");
    // The same for a poset whose down-sets are counted one by one (div30030 has 7,828,353).
    let page = sized("game=poset&poset=div30030", &Limits::PAGE);
    assert_eq!((page.positions, page.bound), (200_001, Bound::AtLeast));
}

#[test]
fn counted_sizes_agree_with_the_graphs_built() {
    for spec in [
        "game=subtraction&moves=2,5&heap=40",
        "game=subtraction&moves=4,6,9&heap=1000",
        "game=subtraction&moves=6,10,15&heap=200",
        "game=subtraction&moves=3,100&heap=7",
        "game=subtraction&moves=5&heap=3",
        "game=subtraction&moves=11,12&heap=1",
        "game=subtraction&moves=100000000000,100000000001&heap=1000000000000",
        "game=subtraction&moves=1000000,1000001&heap=300000000",
        "game=poset&poset=div60",
        "game=poset&poset=div30/C2+A3",
    ] {
        let parsed = GameSpec::parse(spec).unwrap();
        let size = estimate(&parsed, &Limits::DEFAULT).unwrap();
        let graph = build(&parsed, &Limits::DEFAULT).unwrap();
        assert_eq!(size.bound, Bound::Exact, "{spec}");
        assert_eq!((size.positions, size.edges), (graph.len() as u128, graph.edge_count() as u128), "{spec}");
    }
}

#[test]
fn moves_larger_than_the_heap_cost_nothing() {
    // 20,000 moves no position can play: the graph is that of moves=1 (and of moves=2,3), and
    // building it reserves room for its own moves only (the old code reserved 4·10^6 · 20,001).
    let unplayable = list(10_000_000..=10_020_000);
    let graph = build(
        &GameSpec::parse(&format!("game=subtraction&moves=1,{unplayable}&heap=3999998")).unwrap(),
        &Limits::DEFAULT,
    )
    .unwrap();
    assert_eq!((graph.len(), graph.edge_count()), (3_999_999, 3_999_998));
    let graph = build(
        &GameSpec::parse(&format!("game=subtraction&moves=2,3,{unplayable}&heap=1000000")).unwrap(),
        &Limits::DEFAULT,
    )
    .unwrap();
    assert_eq!((graph.len(), graph.edge_count()), (1_000_000, 1_999_995));
}

#[test]
fn a_poset_count_past_the_budget_is_a_true_lower_bound() {
    // The old count claimed more than 10^30 moves; a lower bound is the moves seen so far.
    let size = sized("game=poset&poset=div30030", &Limits::DEFAULT);
    assert_eq!((size.positions, size.bound), (4_000_001, Bound::AtLeast));
    assert!(size.edges >= size.positions && size.edges < 64 * size.positions, "{size:?}");
}

#[test]
fn refusals_of_every_family_are_quick() {
    for spec in [
        "game=wythoff&heaps=18446744073709551615,18446744073709551615",
        "game=wythoff&heaps=10000000,10000000",
        "game=chomp&rows=18446744073709551615&cols=18446744073709551615",
        "game=chomp&rows=1&cols=18446744073709551615",
        "game=silver-dollar&coins=64&squares=18446744073709551615",
        "game=turning-turtles&coins=18446744073709551615",
        "game=nim&heaps=18446744073709551615,18446744073709551615,18446744073709551615",
        "game=poset&poset=div30030",
        "game=poset&poset=A64",
        // Heap games whose positions each have few moves: their count refuses them, where a walk
        // had to meet a million positions first.
        "game=octal&code=0.6126&heaps=100",
        "game=octal&code=0.6&heaps=100",
        "game=octal&code=0.4&heaps=100",
        "game=octal&code=0.07&heaps=100",
        "game=lasker&heaps=100",
        // Heaps that each shrink on their own: C(65, 6) multisets of six heaps of 60, 81,921,840
        // of 60, 59, …, 55 (the walk took 3.5–4.3 s and 213 MB to refuse either without this
        // count).
        "game=octal&code=0.3&heaps=60,60,60,60,60,60",
        "game=octal&code=0.3&heaps=60,59,58,57,56,55",
    ] {
        refused_quickly(spec, &Limits::DEFAULT);
        refused_quickly(spec, &Limits::PAGE);
    }
}

#[test]
fn wythoff_moves_are_counted_exactly_at_any_size() {
    // Σ_x Σ_y (x + y + min(x, y)) over x, y ≤ n, summed here by t = min(x, y) rows instead.
    let n: u128 = 20_000_000;
    let sum_xy = 2 * (n * (n + 1) / 2) * (n + 1);
    let sum_min: u128 = (1..=n).map(|t| (n - t + 1) * (n - t + 1)).sum();
    let size = sized("game=wythoff&heaps=20000000,20000000", &Limits::DEFAULT);
    assert_eq!((size.positions, size.edges, size.bound), ((n + 1) * (n + 1), sum_xy + sum_min, Bound::Exact));
}

#[test]
fn a_spec_with_tens_of_thousands_of_keys_is_read_in_linear_time() {
    // ~46,000 distinct short keys in 256 KiB: the old duplicate check compared each key with all
    // the earlier ones (10^9 comparisons).
    let mut keys = Vec::new();
    let mut length = 0;
    'outer: for a in b'a'..=b'z' {
        for b in b'a'..=b'z' {
            for c in b'a'..=b'z' {
                for d in b'a'..=b'z' {
                    let key = String::from_utf8(vec![a, b, c, d]).unwrap();
                    length += key.len() + 2;
                    if length > 250_000 {
                        break 'outer;
                    }
                    keys.push(format!("{key}="));
                }
            }
        }
    }
    let spec = format!("game=nim&heaps=1&{}", keys.join("&"));
    assert!(keys.len() > 40_000 && spec.len() <= impartial::spec::MAX_SPEC_BYTES);
    let start = crate::common::thread_cpu();
    let err = GameSpec::parse(&spec).unwrap_err().to_string();
    let took = crate::common::thread_cpu() - start;
    assert!(err.contains("takes no key 'aaaa'"), "{err}");
    assert!(took < Duration::from_millis(300), "took {took:?}");
}

#[test]
fn a_label_is_found_without_scanning_the_graph() {
    let graph =
        build(&GameSpec::parse("game=subtraction&moves=1&heap=999999").unwrap(), &Limits::DEFAULT).unwrap();
    let start = crate::common::thread_cpu();
    for i in 0..1000u64 {
        assert_eq!(graph.find(&(999_000 + i).to_string()), Some(999_000 + i as usize));
        assert_eq!(graph.find(&(1_000_000 + i).to_string()), None);
        assert_eq!(graph.find("not a heap"), None);
    }
    let took = crate::common::thread_cpu() - start;
    // The old scan formatted a million labels per look-up.
    assert!(took < Duration::from_millis(100), "3,000 look-ups took {took:?}");
}

/// Heap games that no formula bounds, just past the budget, are refused by the walk after at
/// most the budget's worth of it, or at once by `heap_packing`'s bound on heaps splitting
/// together (0.14, 0.77 and, since it counts a heap shrinking by 2 and by 3, 0.562 here;
/// Grundy's game has no free split and is walked; docs/spec.md's examples, ci profile, idle
/// machine: 0.9–3.3 s of CPU before the walk followed only paths whose moved heaps never grow,
/// 0.3–1.3 s after). The work itself is bounded in `heap_rule`'s unit tests by look-ups; this
/// bound is in seconds, generous enough for a loaded machine or an unoptimised build, and
/// catches a walk that no longer stops at the budget.
#[test]
fn heap_games_just_past_the_budget_are_refused_by_the_walk_within_its_budget() {
    let most = if cfg!(debug_assertions) { Duration::from_secs(120) } else { Duration::from_secs(8) };
    // With the budget each passes: a walk stopped by the moves (Grundy's game, and 0.562 before
    // the bound reached it) used to report "more than 4,000,000 positions".
    for (spec, passed) in [
        ("game=octal&code=0.562&heaps=40,12,8,4", "moves"),
        ("game=octal&code=0.14&heaps=60,60", "positions"),
        ("game=octal&code=0.77&heaps=40,20", "moves"),
        ("game=grundy&heaps=30,29,28,27,26,25", "moves"),
    ] {
        let parsed = GameSpec::parse(spec).unwrap();
        let start = crate::common::thread_cpu();
        let size = estimate(&parsed, &Limits::DEFAULT).unwrap();
        let took = crate::common::thread_cpu() - start;
        assert_eq!(size.bound, Bound::AtLeast, "{spec}");
        assert!(took < most, "{spec} took {took:?} to refuse");
        let refusal = impartial::games::check_size("heap", size, &Limits::DEFAULT).unwrap_err().to_string();
        assert!(refusal.contains(&format!("{passed}, above the budget")), "{spec}: {refusal}");
    }
}

/// Heaps too large for the bound on heaps splitting together are left out of it before any of
/// their moves are listed (listing every size's moves up to a heap of 70,000 took 5–17 s of
/// CPU, for no bound at all); formulas size them (ci profile: well under 0.1 s).
#[test]
fn large_heaps_are_sized_without_listing_their_moves() {
    let most = if cfg!(debug_assertions) { Duration::from_secs(60) } else { Duration::from_secs(2) };
    for spec in [
        "game=lasker&heaps=70000",
        "game=octal&code=0.4&heaps=70000",
        "game=octal&code=0.4&heaps=140000",
        "game=grundy&heaps=70000,3",
    ] {
        let parsed = GameSpec::parse(spec).unwrap();
        for limits in [Limits::DEFAULT, Limits::PAGE] {
            let start = crate::common::thread_cpu();
            let size = estimate(&parsed, &limits).unwrap();
            let took = crate::common::thread_cpu() - start;
            assert_eq!(size.bound, Bound::AtLeast, "{spec}");
            assert!(took < most, "{spec} took {took:?} to size");
        }
    }
}
