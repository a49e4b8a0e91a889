//! Sums of games (`game=sum`): the Sprague–Grundy theorem g(G + H) = g(G) ⊕ g(H)
//! (Fenner & Rogers §2.5 Theorem 2.28) checked at every position of sums of random small parts of every
//! family, Grundy values and outcomes (normal and misère) against a brute force over tuples of
//! the parts' labels, canonical printing, labels, views and every bad
//! input.

use std::collections::HashMap;
use std::time::Duration;

use impartial::games::sum::MAX_PARTS;
use impartial::games::{self, Family, PositionView, FAMILIES};
use impartial::{build, AnalysedGame, Analysis, GameGraph, GameSpec, Limits, Outcome, Play};
use proptest::prelude::*;

use crate::common::cli;
use cli::run;

/// A small part: its family and keys, as a sum writes it and as a game on its own.
#[derive(Debug, Clone)]
struct PartSpec {
    family: &'static str,
    keys: Vec<(&'static str, String)>,
}

impl PartSpec {
    /// `family(key=value;…)`, in the sum's grammar.
    fn in_sum(&self) -> String {
        let keys: Vec<String> = self.keys.iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("{}({})", self.family, keys.join(";"))
    }

    /// `game=family&key=value…`, the same game on its own.
    fn alone(&self) -> String {
        let keys: String = self.keys.iter().map(|(k, v)| format!("&{k}={v}")).collect();
        format!("game={}{keys}", self.family)
    }
}

fn part(family: &'static str, keys: &[(&'static str, String)]) -> PartSpec {
    PartSpec { family, keys: keys.to_vec() }
}

/// A small game of any family but the sum (at most a few dozen positions).
fn small_part() -> impl Strategy<Value = PartSpec> {
    let list = |v: Vec<u64>| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    prop_oneof![
        (prop::collection::btree_set(1u64..5, 1..3), 0u64..9).prop_map(move |(m, h)| part(
            "subtraction",
            &[("moves", list(m.into_iter().collect())), ("heap", h.to_string())]
        )),
        prop::collection::vec(0u64..4, 1..3).prop_map(move |h| part("nim", &[("heaps", list(h))])),
        (1u64..3, 0u64..3).prop_map(|(c, extra)| part(
            "silver-dollar",
            &[("coins", c.to_string()), ("squares", (c + extra + 1).to_string())]
        )),
        (1u64..4).prop_map(|c| part("turning-turtles", &[("coins", c.to_string())])),
        (1u64..3, 1u64..4)
            .prop_map(|(r, c)| part("chomp", &[("rows", r.to_string()), ("cols", c.to_string())])),
        (0u64..3, 0u64..3).prop_map(|(a, b)| part("wythoff", &[("heaps", format!("{a},{b}"))])),
        prop::sample::select(vec!["C2", "A2", "V2", "D1", "C1+C2", "(C1+A1)/C1", "div12"])
            .prop_map(|p| part("poset", &[("poset", p.to_string())])),
        prop::sample::select(vec!["a-b,a-c,b-c", "x-y,y-z,x-z,z-w", "p-q"])
            .prop_map(|e| part("dag", &[("edges", e.to_string())])),
        (prop::sample::select(vec!["0.77", "0.07", "0.137", "0.6"]), 0u64..6)
            .prop_map(|(c, h)| part("octal", &[("code", c.to_string()), ("heaps", h.to_string())])),
    ]
}

fn graph_of(spec: &str) -> (GameSpec, GameGraph) {
    let parsed = GameSpec::parse(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
    let graph = build(&parsed, &Limits::DEFAULT).unwrap_or_else(|e| panic!("{spec}: {e}"));
    (parsed, graph)
}

fn sum_spec(parts: &[PartSpec], play: &str) -> String {
    let joined: Vec<String> = parts.iter().map(PartSpec::in_sum).collect();
    format!("game=sum&parts={}&play={play}", joined.join("+"))
}

/// A brute force over tuples of the parts' labels that shares nothing with the product graph
/// or its analysis: a position is the list of its parts' labels, its moves replace one part's
/// label by that of a move in the part's own graph. It gives the Grundy value by the mex
/// recursion (Fenner & Rogers Def 2.22–2.23) and the misère outcome (a player with no move wins).
struct Brute<'a> {
    parts: &'a [GameGraph],
    memo: HashMap<Vec<String>, (u32, bool)>,
}

impl Brute<'_> {
    /// (Grundy value, whether the player to move wins under misère play).
    fn value(&mut self, labels: &[String]) -> (u32, bool) {
        if let Some(&known) = self.memo.get(labels) {
            return known;
        }
        let mut followers = Vec::new();
        for (i, graph) in self.parts.iter().enumerate() {
            let v = graph.find(&labels[i]).expect("a part's label");
            for &w in graph.moves(v) {
                let mut next = labels.to_vec();
                next[i] = graph.label(w as usize);
                followers.push(self.value(&next));
            }
        }
        let mex = (0u32..).find(|g| followers.iter().all(|f| f.0 != *g)).unwrap();
        let misere_wins = followers.is_empty() || followers.iter().any(|f| !f.1);
        self.memo.insert(labels.to_vec(), (mex, misere_wins));
        (mex, misere_wins)
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(200))]

    /// g(G₁ + … + G_k) = g(G₁) ⊕ … ⊕ g(G_k) at every position of the sum, each part's value
    /// read from its own graph as a game on its own, through the labels; every tuple of the
    /// parts' positions is a position, and every label is found back.
    #[test]
    fn every_position_of_a_sum_has_the_xor_of_its_parts_values(parts in prop::collection::vec(small_part(), 2..4)) {
        let (spec, sum) = graph_of(&sum_spec(&parts, "normal"));
        let h = Analysis::new(&sum, Play::Normal).grundy.unwrap();
        let alone: Vec<(GameGraph, Vec<u32>)> = parts
            .iter()
            .map(|p| {
                let (_, g) = graph_of(&p.alone());
                let h = Analysis::new(&g, Play::Normal).grundy.unwrap();
                (g, h)
            })
            .collect();
        prop_assert_eq!(sum.len(), alone.iter().map(|(g, _)| g.len()).product::<usize>());
        let moves: usize = alone.iter().map(|(g, _)| g.edge_count() * sum.len() / g.len()).sum();
        prop_assert_eq!(sum.edge_count(), moves);
        for v in 0..sum.len() {
            let label = sum.label(v);
            prop_assert_eq!(sum.find(&label), Some(v), "label {} is not found back", label);
            let pieces: Vec<&str> = label.split(" + ").collect();
            prop_assert_eq!(pieces.len(), parts.len(), "label {}", label);
            let xor = pieces.iter().zip(&alone).fold(0, |acc, (piece, (g, h))| acc ^ h[g.find(piece).unwrap()]);
            prop_assert_eq!(h[v], xor, "{}: position {}", spec.to_string(), label);
        }
        // The root is every part at its root.
        let roots: Vec<String> = alone.iter().map(|(g, _)| g.label(g.root())).collect();
        prop_assert_eq!(sum.label(sum.root()), roots.join(" + "));
    }

    /// Every position of a sum, under the play drawn, has the outcome class (and under normal
    /// play the Grundy value) that the brute force over label tuples finds; misère outcomes come
    /// from the misère recursion on the product graph, never from the nim-sum.
    #[test]
    fn sums_agree_with_a_brute_force_over_labels(parts in prop::collection::vec(small_part(), 2..4), misere in any::<bool>()) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let (_, sum) = graph_of(&sum_spec(&parts, if misere { "misere" } else { "normal" }));
        let analysis = Analysis::new(&sum, play);
        prop_assert_eq!(analysis.grundy.is_some(), !misere);
        let graphs: Vec<GameGraph> = parts.iter().map(|p| graph_of(&p.alone()).1).collect();
        let mut brute = Brute { parts: &graphs, memo: HashMap::new() };
        for v in 0..sum.len() {
            let labels: Vec<String> = sum.label(v).split(" + ").map(str::to_string).collect();
            let (mex, misere_wins) = brute.value(&labels);
            let wins = if misere { misere_wins } else { mex != 0 };
            prop_assert_eq!(analysis.outcome[v] == Outcome::N, wins, "position {}", sum.label(v));
            if let Some(h) = &analysis.grundy {
                prop_assert_eq!(h[v], mex, "position {}", sum.label(v));
            }
        }
        // Every tuple of the parts' positions was reached, and nothing else.
        prop_assert_eq!(brute.memo.len(), sum.len());
    }

    /// The report's value at the start is the nim-sum of the values it lists for the parts, and
    /// each listed value is that of the part analysed as a game on its own.
    #[test]
    fn the_reported_start_value_is_the_nim_sum_of_the_parts(parts in prop::collection::vec(small_part(), 1..4)) {
        let report = impartial::report::analyse(&sum_spec(&parts, "normal"), false).unwrap();
        let listed = report.parts.as_ref().unwrap();
        prop_assert_eq!(listed.len(), parts.len());
        let mut xor = 0;
        for (p, reported) in parts.iter().zip(listed) {
            let alone = impartial::report::analyse(&p.alone(), false).unwrap();
            prop_assert_eq!(&reported.game, &alone.game);
            prop_assert_eq!(Some(reported.grundy), alone.root_grundy);
            xor ^= reported.grundy;
        }
        prop_assert_eq!(report.root_grundy, Some(xor));
    }

    /// The canonical form writes each part canonically, in the order given, and parses back;
    /// keys in any order, spaces for `+` and `%`-escapes give the same string.
    #[test]
    fn canonical_sums_round_trip(parts in prop::collection::vec(small_part(), 1..4), spaces in any::<bool>()) {
        let reversed: Vec<String> = parts
            .iter()
            .map(|p| {
                let keys: Vec<String> = p.keys.iter().rev().map(|(k, v)| format!("{k}={v}")).collect();
                format!("{}({})", p.family, keys.join(";"))
            })
            .collect();
        let text = format!("game=sum&parts={}", reversed.join(if spaces { " " } else { " + " }));
        let spec = GameSpec::parse(&text).unwrap();
        let canonical = spec.to_string();
        prop_assert_eq!(GameSpec::parse(&canonical).unwrap(), spec.clone());
        prop_assert_eq!(GameSpec::parse(&canonical).unwrap().to_string(), canonical.clone());
        // Each part as its family's canonical keys, `&` turned into `;`.
        let expected: Vec<String> = parts
            .iter()
            .map(|p| {
                let alone = GameSpec::parse(&p.alone()).unwrap().to_string();
                let keys = alone.split('&').skip(1).filter(|kv| !kv.starts_with("play=")).collect::<Vec<_>>();
                format!("{}({})", p.family, keys.join(";"))
            })
            .collect();
        prop_assert_eq!(canonical, format!("game=sum&parts={}&play=normal", expected.join("+")));
    }
}

#[test]
fn a_sum_of_one_heap_nims_is_nim() {
    // Rees & Thomas' worked position (5,7,2): nim-sum 0, a P-position; and (4,5,6), an N-position
    // (nim-sum 4 ⊕ 5 ⊕ 6 = 7 ≠ 0, Bouton's theorem; Rees & Thomas' slide calls it a P-position,
    // an error of the slide, not copied).
    for heaps in [[5u64, 7, 2], [4, 5, 6], [1, 2, 3]] {
        let parts: Vec<String> = heaps.iter().map(|h| format!("nim(heaps={h})")).collect();
        let (_, sum) = graph_of(&format!("game=sum&parts={}", parts.join("+")));
        let (_, nim) = graph_of(&format!("game=nim&heaps={},{},{}", heaps[0], heaps[1], heaps[2]));
        let (hs, hn) = (Analysis::new(&sum, Play::Normal), Analysis::new(&nim, Play::Normal));
        let (ms, mn) = (Analysis::new(&sum, Play::Misere), Analysis::new(&nim, Play::Misere));
        assert_eq!(sum.len(), nim.len());
        for v in 0..sum.len() {
            let w = nim.find(&sum.label(v).replace(" + ", ",")).unwrap();
            assert_eq!(hs.grundy.as_ref().unwrap()[v], hn.grundy.as_ref().unwrap()[w], "{}", sum.label(v));
            assert_eq!(ms.outcome[v], mn.outcome[w], "misère {}", sum.label(v));
        }
        let root = hs.grundy.unwrap()[sum.root()];
        assert_eq!(root, heaps[0] as u32 ^ heaps[1] as u32 ^ heaps[2] as u32);
    }
}

/// Misère sums do not follow the XOR rule: Nim 1 + Nim 1 has normal-play value 0, so the XOR of
/// the parts' misère outcomes cannot decide it; its misère outcome is N (move one heap to 0,
/// the opponent must take the last counter), while Nim 2 + Nim 2 (value 0 too) is misère P.
#[test]
fn misere_sums_do_not_follow_the_xor_rule() {
    let outcome = |spec: &str| {
        let game = AnalysedGame::from_spec(spec, &Limits::DEFAULT).unwrap();
        game.analysis.outcome[game.graph.root()]
    };
    assert_eq!(outcome("game=sum&parts=nim(heaps=1)+nim(heaps=1)&play=misere"), Outcome::N);
    assert_eq!(outcome("game=sum&parts=nim(heaps=2)+nim(heaps=2)&play=misere"), Outcome::P);
    assert_eq!(outcome("game=sum&parts=nim(heaps=1)+nim(heaps=1)"), Outcome::P);
    // Each misère-P alone (a one-counter heap; a chomp 1×1 board, which has no move: misère N)
    // while the sum of two misère-P games can be N.
    assert_eq!(outcome("game=nim&heaps=1&play=misere"), Outcome::P);
}

#[test]
fn the_readme_example_and_the_preset() {
    let spec = "game=sum&parts=nim(heaps=3,4)+chomp(rows=2;cols=3)+subtraction(moves=1,3,4;heap=10)";
    let game = AnalysedGame::from_spec(spec, &Limits::DEFAULT).unwrap();
    assert_eq!(game.spec, format!("{spec}&play=normal"));
    assert_eq!(game.graph.label(game.graph.root()), "3,4 + 3,3 + 10");
    // 3 ⊕ 4 = 7; Chomp 2 × 3 has value 4 here; subtraction {1,3,4}: 0,1,0,1,2,3,2 repeating,
    // so heap 10 has value 1. 7 ⊕ 4 ⊕ 1 = 2.
    assert_eq!(game.analysis.grundy.as_ref().unwrap()[game.graph.root()], 2);
    assert!(game.graph.find("3,0 + 2,1 + 7").is_some());
    assert_eq!(game.graph.find("3,0 + 2,1"), None, "a part missing");
    assert_eq!(game.graph.find("3,0 + 2,1 + 7 + 1"), None, "a part too many");
    assert_eq!(game.graph.find("3,0+2,1+7"), None, "only the canonical separator");
    assert_eq!(game.graph.find("3,5 + 2,1 + 7"), None, "a heap above its start");
    let preset = impartial::spec::PRESETS.iter().find(|p| p.spec.starts_with("game=sum")).unwrap();
    assert_eq!(preset.title, "A sum of three different games");
    AnalysedGame::from_spec(preset.spec, &Limits::PAGE).unwrap();
}

#[test]
fn the_report_lists_each_part_with_its_grundy_value() {
    let spec =
        "game=sum&parts=nim(heaps=3,4)+chomp(cols=3;rows=2)+subtraction(moves=1,3,4;heap=10)&play=misere";
    let report = impartial::report::analyse(spec, false).unwrap();
    let parts = report.parts.as_ref().unwrap();
    let listed: Vec<(&str, u32)> = parts.iter().map(|p| (p.game.as_str(), p.grundy)).collect();
    assert_eq!(
        listed,
        [
            ("game=nim&heaps=3,4&play=normal", 7),
            ("game=chomp&rows=2&cols=3&play=normal", 4),
            ("game=subtraction&moves=1,3,4&heap=10&play=normal", 1)
        ]
    );
    assert_eq!(report.root_grundy, None, "misère play has no Grundy values");
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["parts"][1]["game"], "game=chomp&rows=2&cols=3&play=normal");
    assert!(report.to_text().contains("misère sums do not follow this XOR rule"), "{}", report.to_text());
    // Only sums have parts.
    let nim = serde_json::to_value(impartial::report::analyse("game=nim&heaps=3", false).unwrap()).unwrap();
    assert!(nim.get("parts").is_none());
}

#[test]
fn a_sum_position_shows_each_part_as_its_board() {
    let game = AnalysedGame::from_spec(
        "game=sum&parts=nim(heaps=3,4)+chomp(rows=2;cols=3)+subtraction(moves=1,3,4;heap=10)",
        &Limits::DEFAULT,
    )
    .unwrap();
    let v = game.graph.find("3,0 + 2,1 + 7").unwrap();
    assert_eq!(
        game.view(v),
        PositionView::Sum {
            parts: vec![
                PositionView::Heaps { heaps: vec![3, 0] },
                PositionView::Chomp { rows: 2, cols: 3, lengths: vec![2, 1] },
                PositionView::Heap { heap: 7, moves: vec![1, 3, 4] },
            ]
        }
    );
    let json = serde_json::to_string(&game.view(v)).unwrap();
    assert!(json.starts_with(r#"{"kind":"sum","parts":[{"kind":"heaps","heaps":[3,0]}"#), "{json}");
}

#[test]
fn every_family_may_be_a_part_but_the_sum() {
    for info in FAMILIES.iter().filter(|f| f.name != "sum") {
        let keys: Vec<String> = info.keys.iter().map(|k| format!("{}={}", k.key, k.example)).collect();
        let spec = format!("game=sum&parts={}({})+nim(heaps=1)", info.name, keys.join(";"));
        let parsed = GameSpec::parse(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let Family::Sum(sum) = &parsed.family else { panic!("{spec} is a sum") };
        assert_eq!(sum.parts[0].name(), info.name);
        assert_eq!(sum.parts.len(), 2);
    }
}

/// A part over the budget is refused with its own sentence; a product over it with the sum's;
/// neither builds anything, so both are immediate.
#[test]
fn sums_are_sized_before_building() {
    let refused = |spec: &str| {
        let started = crate::common::thread_cpu();
        let parsed = GameSpec::parse(spec).unwrap();
        let err = build(&parsed, &Limits::DEFAULT).unwrap_err().to_string();
        assert!(
            (crate::common::thread_cpu() - started) < Duration::from_millis(500),
            "{spec}: slow to refuse"
        );
        err
    };
    let err = refused("game=sum&parts=nim(heaps=1)+chomp(rows=30;cols=30)");
    assert!(err.starts_with("This chomp game has"), "{err}");
    let err = refused("game=sum&parts=subtraction(moves=1;heap=2999)+subtraction(moves=1;heap=2999)");
    assert_eq!(err, "This sum game has 9,000,000 positions, above the budget of 4,000,000 positions; choose a smaller instance.");
    // Each part fits; their product (1001^16) saturates the count.
    let err = refused(&format!("game=sum&parts={}", vec!["nim(heaps=1000)"; MAX_PARTS].join("+")));
    assert!(err.starts_with("This sum game has more than 10^30 positions"), "{err}");
    // Moves over the budget with positions within it: 1,501² positions, 2 · 1,125,750 · 1,501
    // moves.
    let err = refused("game=sum&parts=nim(heaps=1500)+nim(heaps=1500)");
    assert_eq!(err, "This sum game has 3,379,501,500 moves, above the budget of 40,000,000 moves; choose a smaller instance.");
    // The estimate is the built size exactly.
    let spec =
        GameSpec::parse("game=sum&parts=nim(heaps=2,3)+wythoff(heaps=2,2)+octal(code=0.77;heaps=5)").unwrap();
    let size = games::estimate(&spec, &Limits::DEFAULT).unwrap();
    let graph = build(&spec, &Limits::DEFAULT).unwrap();
    assert_eq!((size.positions, size.edges), (graph.len() as u128, graph.edge_count() as u128));
    // 16 parts are allowed, 17 are not.
    let parts = |k: usize| vec!["nim(heaps=1)"; k].join("+");
    let sixteen =
        AnalysedGame::from_spec(&format!("game=sum&parts={}", parts(MAX_PARTS)), &Limits::DEFAULT).unwrap();
    assert_eq!(sixteen.graph.len(), 1 << MAX_PARTS);
    let err = GameSpec::parse(&format!("game=sum&parts={}", parts(MAX_PARTS + 1))).unwrap_err().to_string();
    assert!(err.contains("at most 16 parts"), "{err}");
}

#[test]
fn bad_sums_get_one_sentence_and_exit_code_2() {
    let cases = [
        // A part that is not family(key=value;…).
        ("game=sum&parts=nim", "'nim' is not a valid value for parts: it is not of the form family(…)"),
        ("game=sum&parts=nim(heaps=3)x", "text after its closing parenthesis"),
        ("game=sum&parts=(heaps=3)", "names no family before the parenthesis"),
        ("game=sum&parts=nim(heaps)", "'heaps' is not of the form key=value"),
        ("game=sum&parts=nim(heaps=3)++nim(heaps=1)", "a + with no part on one side"),
        ("game=sum&parts=nim(heaps=3)+", "a + with no part on one side"),
        // Unknown family or key inside a part.
        ("game=sum&parts=go(size=19)", "there is no game family 'go'; a part is one of subtraction, nim,"),
        ("game=sum&parts=nim(heaps=3;colour=red)", "the nim game takes no key 'colour' (its keys: heaps)"),
        ("game=sum&parts=nim(game=nim;heaps=3)", "the nim game takes no key 'game'"),
        ("game=sum&parts=nim(heaps=3;heaps=4)", "The key 'heaps' is given more than once"),
        ("game=sum&parts=chomp(rows=3)", "The chomp game needs the key 'cols'"),
        ("game=sum&parts=nim(heaps=x)", "'x' is not a valid value for heaps"),
        // A nested sum.
        ("game=sum&parts=nim(heaps=1)+sum(parts=nim(heaps=2))", "a sum cannot be a part of a sum"),
        // An empty sum.
        ("game=sum&parts=", "a sum needs at least one part"),
        ("game=sum&parts=%20+%20", "a sum needs at least one part"),
        ("game=sum", "The sum game needs the key 'parts'"),
        // Unbalanced parentheses.
        ("game=sum&parts=nim(heaps=3", "its parentheses are unbalanced"),
        ("game=sum&parts=nim(heaps=3))", "its parentheses are unbalanced"),
        ("game=sum&parts=poset(poset=(C2+C1)+nim(heaps=1)", "its parentheses are unbalanced"),
        // play inside a part.
        ("game=sum&parts=nim(heaps=3;play=misere)", "play belongs to the whole sum, not to a part"),
        // Too many parts, too large.
        ("game=sum&parts=nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)+nim(heaps=1)", "a sum has at most 16 parts"),
        ("game=sum&parts=chomp(rows=20;cols=20)+nim(heaps=1)", "This chomp game has 137,846,528,819 positions"),
        ("game=sum&parts=nim(heaps=1999)+nim(heaps=1999)+nim(heaps=1)", "This sum game has 8,000,000 positions"),
        ("game=sum&parts=wythoff(heaps=300,300)+wythoff(heaps=3,3)", "This sum game has"),
        ("game=sum&parts=nim(heaps=1)&play=loud", "normal or misere"),
    ];
    for (spec, expected) in cases {
        let started = crate::common::thread_cpu();
        let (code, stdout, stderr) = run(&["analyse", "--game", spec]);
        assert_eq!(code, 2, "{spec}: exit code");
        assert!(stdout.is_empty(), "{spec}: printed {stdout}");
        assert!(stderr.contains(expected), "{spec}: {stderr:?} lacks {expected:?}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{spec}: {stderr:?}");
        assert!(stderr.trim_end().ends_with('.'), "{spec}: {stderr:?}");
        assert!(
            (crate::common::thread_cpu() - started) < Duration::from_secs(5),
            "{spec} was slow to refuse"
        );
    }
}

#[test]
fn the_cli_prints_parts_in_json_and_text() {
    let spec = "game=sum&parts=nim(heaps=3,4) chomp(rows=2;cols=3)";
    let (code, stdout, stderr) = run(&["analyse", "--game", spec, "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["game"], "game=sum&parts=nim(heaps=3,4)+chomp(rows=2;cols=3)&play=normal");
    assert_eq!(report["parts"][0]["game"], "game=nim&heaps=3,4&play=normal");
    assert_eq!(report["parts"][0]["grundy"], 7);
    assert_eq!(report["parts"][1]["grundy"], 4);
    assert_eq!(report["root_grundy"], 3);
    assert_eq!(report["root"], "3,4 + 3,3");
    let (code, stdout, _) = run(&["analyse", "--game", spec]);
    assert_eq!(code, 0);
    assert!(stdout.contains("parts       2 parts, Grundy values 7 ⊕ 4 = 3 (the nim-sum"), "{stdout}");
    // --from takes a sum's label.
    let (code, stdout, stderr) = run(&["analyse", "--game", spec, "--from", "3,0 + 2,1"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("from        3,0 + 2,1:"), "{stdout}");
}

/// A runtime sweep writes the size N inside a sum's parts; each size's spec is the sum with N
/// replaced, so its rows name the sizes of those sums.
#[test]
fn a_runtime_sweep_takes_n_inside_the_parts() {
    let (code, stdout, stderr) = run(&[
        "runtime",
        "--game",
        "game=sum&parts=nim(heaps=N)+subtraction(moves=1,2;heap=N+1)",
        "--sizes",
        "1,2",
        "--runs",
        "2",
        "--json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let sweep: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let text = sweep.to_string();
    // Sizes 1 and 2: (1 + 1)(2 + 1) = 6 and (2 + 1)(3 + 1) = 12 positions.
    assert!(text.contains("\"positions\":6") && text.contains("\"positions\":12"), "{text}");
}

/// README's sum example is what the CLI prints for it.
#[test]
fn the_readme_sum_output_is_what_the_cli_prints() {
    let readme = crate::common::docs_text();
    let after = &readme[readme.find("A sum also lists its parts").expect("README section")..];
    let start = after.find("```\n").unwrap() + 4;
    let block = &after[start..start + after[start..].find("```").unwrap()];
    let spec = "game=sum&parts=nim(heaps=3,4)+chomp(rows=2;cols=3)+subtraction(moves=1,3,4;heap=10)";
    let (code, stdout, stderr) = run(&["analyse", "--game", spec]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, block);
}
