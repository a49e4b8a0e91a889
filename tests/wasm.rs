//! wasm-bindgen tests: the core and the facade compiled to wasm32 and run by
//! wasm-bindgen-test-runner (in Node). Run with
//! `cargo test --target wasm32-unknown-unknown --test wasm` (the runner is set in
//! `.cargo/config.toml`).

#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

#[path = "common/pinned.rs"]
mod pinned;

#[wasm_bindgen_test]
fn umda_runs_are_bit_identical_to_native_ones() {
    // The same numbers are asserted natively in tests/learn/learn.rs.
    for (spec, engine, hash) in pinned::PINNED {
        assert_eq!(pinned::pinned_hash(spec, engine), hash, "{spec} ({})", engine.as_str());
    }
}

/// Grundy values of the subtraction game S = {1, 3, 4}: period 7, 0,1,0,1,2,3,2.
const PERIOD_134: [u32; 7] = [0, 1, 0, 1, 2, 3, 2];

#[wasm_bindgen_test]
fn subtraction_134_follows_its_period() {
    for heap in [0u64, 1, 6, 7, 13, 20] {
        let spec = format!("game=subtraction&moves=1,3,4&heap={heap}");
        let report = impartial::report::analyse(&spec, false).expect("a valid spec");
        let expected = PERIOD_134[(heap % 7) as usize];
        assert_eq!(report.root_grundy, Some(expected), "g({heap})");
        assert_eq!(report.root_outcome.as_str(), if expected == 0 { "P" } else { "N" }, "outcome of {heap}");
        assert_eq!(report.positions, heap as usize + 1);
    }
}

#[wasm_bindgen_test]
fn every_position_of_subtraction_134_follows_its_period() {
    let report = impartial::report::analyse("game=subtraction&moves=1,3,4&heap=20", true).unwrap();
    assert_eq!(report.root_grundy, Some(2), "g(20) = seq[20 % 7] = seq[6]");
    let nodes = report.nodes.expect("positions were asked for");
    assert_eq!(nodes.len(), 21);
    for node in nodes {
        let heap: usize = node.label.parse().expect("subtraction labels are heap sizes");
        assert_eq!(node.grundy, Some(PERIOD_134[heap % 7]), "g({heap})");
    }
}

#[wasm_bindgen_test]
fn unknown_family_is_an_error_not_a_panic() {
    let err = impartial::report::analyse("game=chess", false).expect_err("chess is not a family");
    assert!(err.to_string().contains("Unknown game family"), "{err}");
}

#[wasm_bindgen_test]
fn the_report_serialises_to_the_same_json_in_wasm() {
    let report = |positions| impartial::report::analyse("game=subtraction&moves=1,2&heap=6", positions);
    let json = serde_json::to_string(&report(true).expect("a valid spec")).unwrap();
    assert!(json.starts_with('{') && json.ends_with('}'), "{json}");
    assert!(json.contains(r#""game":"game=subtraction&moves=1,2&heap=6&play=normal""#), "{json}");
    assert!(json.contains(r#""root_grundy":0"#), "{json}");
    assert!(json.contains(r#""root_outcome":"P""#), "{json}");
    assert!(json.contains(r#""fictitious_start":true"#), "{json}");
    assert!(json.contains(r#""nodes":["#), "{json}");

    let without = serde_json::to_string(&report(false).unwrap()).unwrap();
    assert!(!without.contains(r#""nodes""#), "{without}");
}

#[wasm_bindgen_test]
fn facade_turns_a_bad_spec_into_the_core_message() {
    let err = impartial::web::Session::new("game=chess").err().expect("chess is not a family");
    let message = err.as_string().expect("the error is a JS string");
    assert!(message.starts_with("Unknown game family 'chess'"), "{message}");

    let err = impartial::web::Session::new("game=nim&heaps=x").err().expect("x is not a heap");
    assert!(err.as_string().unwrap().contains("not a valid value for heaps"));
}

// ---- The page's Session (src/web/session.rs) ----------------------------------------------------

use impartial::web::Session;

/// A JS object from the facade as JSON, to read its fields.
fn json(value: wasm_bindgen::JsValue) -> serde_json::Value {
    serde_wasm_bindgen::from_value(value).expect("a plain JS object")
}

fn message(err: wasm_bindgen::JsValue) -> String {
    err.as_string().expect("refusals cross as the core's sentence, a string")
}

#[wasm_bindgen_test]
fn session_replays_the_pinned_native_run_whole_and_in_slices() {
    // tests/common/pinned.rs: chomp 3×4, fast, μ = 64, γ = 0.01, seed 2025, 25 generations.
    let hash = |sliced: bool| {
        let mut s = Session::new("game=chomp&rows=3&cols=4").unwrap();
        s.set_mu("64").unwrap();
        s.set_gamma("0.01").unwrap();
        s.set_engine("fast").unwrap();
        s.reseed("2025").unwrap();
        for _ in 0..25 {
            if sliced {
                while !s.work(37.0) {}
            } else {
                s.step();
            }
        }
        let progress = json(s.progress().unwrap());
        assert_eq!(progress["generation"], 25);
        assert_eq!(progress["games"], 25 * 64);
        progress["model_hash"].as_str().unwrap().to_string()
    };
    assert_eq!(hash(false), "e627d0390b4c4059");
    assert_eq!(hash(true), "e627d0390b4c4059");
}

#[wasm_bindgen_test]
fn the_stats_kept_between_generations_are_those_computed_afresh() {
    // The session recomputes a critical position's mass only where a generation changed p, and
    // hashes only on request. Two sessions run the same run; the second is told before each
    // report that its model was written, so it computes its stats from the whole model: across
    // skipping, a new μ, a naive generation and a reset, the first's stats are the same.
    let open = || {
        let mut s = Session::new("game=nim&heaps=3,4,5,6,7").unwrap();
        s.set_mu("20").unwrap();
        s.reseed("4").unwrap();
        s
    };
    let (mut kept, mut fresh) = (open(), open());
    for generation in 0..40 {
        for s in [&mut kept, &mut fresh] {
            match generation {
                15 => assert_eq!(s.set_mu("35").unwrap(), 35),
                25 => s.set_engine("naive").unwrap(),
                26 => s.set_engine("fast").unwrap(),
                33 => s.reset(),
                _ => {}
            }
            s.step();
        }
        fresh.model_written();
        let (a, b) = (json(kept.progress().unwrap()), json(fresh.progress().unwrap()));
        assert_eq!(a, b, "generation {generation}");
        let unhashed = json(kept.progress_unhashed().unwrap());
        assert!(unhashed["model_hash"].is_null());
        assert_eq!(unhashed["prop22_log10"], b["prop22_log10"]);
    }
}

#[wasm_bindgen_test]
fn session_refuses_bad_input_with_one_sentence_and_keeps_its_values() {
    assert!(message(Session::new("game=chess").err().unwrap()).starts_with("Unknown game family 'chess'"));
    let big = message(Session::new("game=nim&heaps=1000,1000,1000").err().unwrap());
    assert!(big.contains("200,000"), "{big}");
    assert!(message(Session::new("game=dag&edges=a-b,b-a&root=a").err().unwrap())
        .to_lowercase()
        .contains("cycle"));

    let mut s = Session::new("game=subtraction&moves=1,2&heap=7").unwrap();
    s.set_mu("30").unwrap();
    for bad in ["0", "-3", "abc", "1e3", "100000001", ""] {
        assert!(message(s.set_mu(bad).unwrap_err()).contains("mu"), "mu={bad}");
    }
    for bad in ["0.5", "0.7", "-0.1", "NaN", "inf", "x"] {
        assert!(message(s.set_gamma(bad).unwrap_err()).contains("gamma"), "gamma={bad}");
    }
    assert!(message(s.set_engine("warp").unwrap_err()).contains("engine"));
    assert!(message(s.reseed("-1").unwrap_err()).contains("seed"));
    assert_eq!(s.mu(), 30);
    assert_eq!(s.gamma(), 1.0 / (20.0 * 2.0 * 8.0), "γ stays the paper's 1/(20Δn)");
    assert_eq!(s.engine(), "fast");
}

#[wasm_bindgen_test]
fn session_takes_any_number_without_panicking() {
    let mut s = Session::new("game=nim&heaps=2,3").unwrap();
    for budget in [f64::NAN, -1.0, 0.0, f64::INFINITY, f64::MAX, 1e300] {
        s.work(budget);
    }
    assert!(s.position(usize::MAX).unwrap().is_null());
    assert!(s.position(12).unwrap().is_null(), "12 positions: ids 0..11");
    assert_eq!(s.label(1_000_000), "");
    assert_eq!(s.find("not a position"), -1);
}

#[wasm_bindgen_test]
fn session_reports_the_game_the_table_and_a_position() {
    let s = Session::new("game=subtraction&moves=1,2&heap=7").unwrap();
    let info = json(s.info().unwrap());
    assert_eq!(info["game"], "game=subtraction&moves=1,2&heap=7&play=normal");
    assert_eq!(info["positions"], 8);
    assert_eq!(info["critical"], 4, "2, 4, 5, 7: N-positions with a move to an N-position");
    assert_eq!(info["gamma_limit"], 0.5);
    assert_eq!(info["layers"], 8);
    let rows = json(s.rows(3).unwrap());
    assert_eq!(rows.as_array().unwrap().len(), 3);
    assert_eq!(rows[2]["label"], "2");
    assert_eq!(rows[2]["outcome"], "N");
    let five = json(s.position(s.find("5") as usize).unwrap());
    assert_eq!(five["mex"], "mex{0, 1} = 2");
    assert_eq!(five["critical"], true);
    assert_eq!(five["optimal_mass"], 0.5);
    assert_eq!(five["moves"].as_array().unwrap().len(), 2);
}

/// A sum's facts list its parts (as `analyse --json` does) and its positions show each part's
/// board; other games have no `parts`.
#[wasm_bindgen_test]
fn session_lists_a_sum_s_parts_and_their_boards() {
    let s = Session::new("game=sum&parts=nim(heaps=2)+chomp(rows=2;cols=3)&play=misere").unwrap();
    let info = json(s.info().unwrap());
    assert_eq!(info["parts"][0]["game"], "game=nim&heaps=2&play=normal");
    assert_eq!(info["parts"][1]["grundy"], 4);
    assert_eq!(info["root_grundy"], serde_json::Value::Null, "misère play");
    // The view comes with its board's words (src/board_words.rs): { view, how, next }.
    let view = json(s.view(s.find("1 + 2,1") as usize).unwrap())["view"].take();
    assert_eq!(view["kind"], "sum");
    assert_eq!(view["parts"][0]["heaps"][0], 1);
    assert_eq!(view["parts"][1]["lengths"][1], 1);
    let nim = json(Session::new("game=nim&heaps=2").unwrap().info().unwrap());
    assert!(nim.get("parts").is_none());
}

#[wasm_bindgen_test]
fn session_expected_curve_is_the_expected_engine_alongside() {
    let mut s = Session::new("game=chomp&rows=3&cols=3").unwrap();
    s.step();
    s.step();
    s.set_expected(true);
    s.step();
    let with_twin = json(s.progress().unwrap());
    let mut twin = Session::new("game=chomp&rows=3&cols=3").unwrap();
    twin.set_engine("expected").unwrap();
    for _ in 0..3 {
        twin.step();
    }
    let expected = json(twin.progress().unwrap());
    assert_eq!(with_twin["expected_prop22"], expected["prop22_probability"]);
    assert_ne!(with_twin["model_hash"], expected["model_hash"], "the run itself samples");
}

#[wasm_bindgen_test]
fn estimate_and_qr_code() {
    let size = json(impartial::web::estimate("game=chomp&rows=8&cols=8").unwrap());
    assert_eq!(size["positions"], 12_869.0);
    assert!(size["refused"].is_null());
    let big = json(impartial::web::estimate("game=chomp&rows=30&cols=30").unwrap());
    assert!(big["refused"].as_str().unwrap().contains("200,000"));
    assert!(impartial::web::estimate("game=chomp&rows=x").is_err());
    let modules = impartial::web::qr_modules("http://127.0.0.1:8080/#game=nim&heaps=1,2,3").unwrap();
    let side = (modules.len() as f64).sqrt() as usize;
    assert_eq!(side * side, modules.len());
    assert!(side >= 21);
    assert!(impartial::web::qr_modules(&"x".repeat(5000)).is_err());
}

#[wasm_bindgen_test]
fn the_facade_sizes_and_builds_within_the_page_s_budget() {
    // 1,000,000 reachable heaps (all but 999,999): the page's count stops past its own 200,000
    // positions instead of counting to the CLI's 4,000,000.
    let size = json(impartial::web::estimate("game=subtraction&moves=2,3&heap=1000000").unwrap());
    assert_eq!(size["bound"], "at least");
    let positions = size["positions"].as_f64().unwrap();
    assert!(positions > 200_000.0 && positions < 1_000_000.0, "{positions}");
    assert!(size["refused"].as_str().unwrap().contains("200,000"));
    // 300,001 positions: within the CLI's budget, not the page's.
    let err = impartial::web::Session::new("game=subtraction&moves=1&heap=300000").err().unwrap();
    assert!(err.as_string().unwrap().contains("budget of 200,000 positions"), "{err:?}");
}

#[wasm_bindgen_test]
fn session_shows_a_position_as_its_family_s_board() {
    let s = Session::new("game=chomp&rows=3&cols=5").unwrap();
    let with_words = json(s.view(s.find("5,2,1") as usize).unwrap());
    assert!(with_words["how"].as_str().unwrap().starts_with("Click a square to bite it"));
    let board = &with_words["view"];
    assert_eq!(board["kind"], "chomp");
    assert_eq!(board["lengths"], serde_json::json!([5, 2, 1]));
    assert_eq!(board["cols"], 5);
    assert!(s.view(usize::MAX).unwrap().is_null());
}

#[wasm_bindgen_test]
fn the_computer_player_moves_as_documented() {
    // Nim 1,2,3 (P at the start): from 1,2,2 the only winning move is to 0,2,2.
    let s = Session::new("game=nim&heaps=1,2,3").unwrap();
    let from = s.find("1,2,2") as usize;
    let to = s.computer_move(from, "perfect", 0.0).unwrap();
    assert_eq!(s.label(to as usize), "0,2,2");
    // From a P-position every move loses; the perfect player still moves (a legal move).
    let root = json(s.info().unwrap())["root"].as_u64().unwrap() as usize;
    let moves = json(s.moves(root).unwrap());
    let legal: Vec<u64> = moves.as_array().unwrap().iter().map(|m| m["to"].as_u64().unwrap()).collect();
    assert_eq!(legal.len(), 6, "1 + 2 + 3 moves from 1,2,3");
    let reply = s.computer_move(root, "perfect", 0.0).unwrap();
    assert!(legal.contains(&(reply as u64)));
    // Seeded draws: the same draw gives the same move; every draw gives a legal move.
    for player in ["random", "learned"] {
        for draw in 0..50 {
            let a = s.computer_move(root, player, f64::from(draw)).unwrap();
            assert_eq!(a, s.computer_move(root, player, f64::from(draw)).unwrap());
            assert!(legal.contains(&(a as u64)), "{player} draw {draw}");
        }
    }
    // A position with no moves, no such position, an unknown player.
    assert_eq!(s.computer_move(s.find("0,0,0") as usize, "perfect", 0.0).unwrap(), -1);
    assert_eq!(s.computer_move(usize::MAX, "random", f64::NAN).unwrap(), -1);
    let err = s.computer_move(root, "god", 0.0).unwrap_err().as_string().unwrap();
    assert!(err.contains("is not a valid value for player: perfect, learned or random"), "{err}");
}

// ---- Böhme's rules on the page (src/web/rules.rs) -----------------------------------------

#[path = "common/rules_pinned.rs"]
mod rules_pinned;

use impartial::web::RulesSession;

#[wasm_bindgen_test]
fn rules_session_plays_exactly_the_native_cli_plays() {
    // The same strings are asserted from the native `impartial learn` in tests/cli/cli_rules.rs.
    for (spec, rule, opponent, seed, expected) in rules_pinned::PINNED_RULES {
        let mut s = RulesSession::new(spec, rule, opponent, seed).unwrap();
        let replay = |s: &mut RulesSession| {
            (0..40)
                .map(|_| {
                    let play = json(s.play().unwrap());
                    let trace: Vec<String> = play["trace"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|v| s.label(v.as_u64().unwrap() as usize))
                        .collect();
                    format!("{}:{}", &play["result"].as_str().unwrap()[..1], trace.join(">"))
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(replay(&mut s), expected, "{spec} {rule} {opponent} seed {seed}");
        // Reset replays the same plays; the counts restart.
        s.reset();
        assert_eq!(json(s.counts().unwrap())["plays"], 0);
        assert_eq!(replay(&mut s), expected, "after reset");
    }
}

#[wasm_bindgen_test]
fn rules_session_reports_counts_changes_and_bounds() {
    // K_5 (Böhme §4.3) as a two-player game, the non-winning move first: LNWP loses 5 plays,
    // then is in Opt(G) (tests/cli/cli_rules.rs checks the CLI's same summary).
    let mut edges = vec!["a-c".to_string(), "a-w".into(), "c-b".into()];
    for i in 1..=5 {
        edges.push(format!("b-m{i}"));
        edges.push(format!("m{i}-l{i}"));
    }
    let spec = format!("game=graph&edges={}&root=a", edges.join(","));
    let mut s = RulesSession::new(&spec, "lnwp", "first", "1").unwrap();
    let first = json(s.play().unwrap());
    assert_eq!(first["result"], "lost");
    let change = &first["changed"][0];
    assert_eq!(s.label(change["position"].as_u64().unwrap() as usize), "b");
    let strategy = s.strategy();
    assert_eq!(s.label(strategy[s_find(&s, "b")] as usize), "m2", "b moved on to its second move");
    for _ in 1..20 {
        s.play().unwrap();
    }
    let counts = json(s.counts().unwrap());
    assert_eq!((counts["plays"].as_u64(), counts["lost"].as_u64()), (Some(20), Some(5)));
    assert_eq!(counts["optimal_after"], 5);
    let bounds = json(s.bounds().unwrap());
    assert_eq!((bounds["d"].as_u64(), bounds["h"].as_u64()), (Some(5), Some(1)));
    assert_eq!(bounds["theorem_4_6"], 7);
    // H has cycles: its root is a D-position, drawn in its own colour on the page.
    let h = rules_pinned::PINNED_RULES[1].0;
    let s = RulesSession::new(h, "llp", "first", "0").unwrap();
    let info = json(s.info().unwrap());
    assert_eq!((info["cyclic"].as_bool(), info["root_outcome"].as_str()), (Some(true), Some("D")));
    assert!(s.outcomes().contains(&2));
}

fn s_find(s: &RulesSession, label: &str) -> usize {
    (0..json(s.info().unwrap())["positions"].as_u64().unwrap() as usize)
        .find(|&v| s.label(v) == label)
        .unwrap()
}

#[wasm_bindgen_test]
fn rules_session_refuses_bad_input_with_the_core_sentence() {
    let spec = "game=nim&heaps=1,2";
    let bad = |r: &str, o: &str, seed: &str| message(RulesSession::new(spec, r, o, seed).err().unwrap());
    assert!(bad("lnwx", "first", "1").contains("lnwt, lnwp, llt, llp, rlnwt or rllt"));
    assert!(bad("lnwt", "god", "1").contains("first, perfect, random or same"));
    assert!(bad("lnwt", "first", "-1").contains("seed"));
    assert!(message(RulesSession::new("game=graph&edges=a-a", "lnwt", "first", "1").err().unwrap())
        .contains("to itself"));
    let mut s = RulesSession::new(spec, "lnwt", "first", "1").unwrap();
    assert!(message(s.reseed("x").unwrap_err()).contains("seed"));
    assert_eq!(s.seed(), "1", "a refused seed changes nothing");
    assert!(s.moves(usize::MAX).is_empty() && s.label(usize::MAX).is_empty());
}

#[wasm_bindgen_test]
fn a_graph_with_cycles_is_drawn_with_its_draws_and_no_umda() {
    use impartial::web::{has_cycle, LoopyGame};
    let h = rules_pinned::PINNED_RULES[1].0;
    assert!(has_cycle(h));
    assert!(!has_cycle("game=graph&edges=a-b,b-c&root=a"), "acyclic graphs stay UMDA's");
    assert!(!has_cycle("game=nim&heaps=1,2") && !has_cycle("game=graph&edges=a-a"));
    let game = LoopyGame::new(h).unwrap();
    let info = json(game.info().unwrap());
    assert_eq!(info["root_outcome"], "D");
    assert_eq!(info["root_grundy"], "∞()");
    assert_eq!(info["positions"], 10);
    let rows = json(game.rows(100).unwrap());
    let t = rows.as_array().unwrap().iter().find(|r| r["label"] == "t").unwrap();
    assert_eq!((t["outcome"].as_str(), t["grundy"].as_str()), (Some("P"), Some("0")));
    assert!(json(game.position(usize::MAX).unwrap()).is_null());
    assert!(message(LoopyGame::new("game=nim&heaps=1,2").err().unwrap()).contains("game=graph"));
    assert!(message(LoopyGame::new("game=graph&edges=a-b,a-b").err().unwrap()).contains("twice"));
}

#[wasm_bindgen_test]
fn the_experiment_facade_runs_the_native_runs_and_refuses_in_one_sentence() {
    use impartial::games::Limits;
    use impartial::learn::experiment::Experiment;
    use impartial::web::{experiment_setting, runtime_figure, ExperimentRuns};
    // The worker's runs are the core's (native tests/learn/experiment.rs: the core's are the sweep's).
    let spec = "game=chomp&rows=3&cols=3&play=normal";
    let mut web = ExperimentRuns::new(spec, "3", "10", "paper", "fast", "100000", "9").unwrap();
    let mut core = Experiment::new(spec, 3, "10", "paper", "fast", "100000", "9", &Limits::PAGE).unwrap();
    for run in 0..4 {
        let report = json(web.run(run).unwrap());
        let (row, curve) = core.run(run);
        assert_eq!(report["seed"], row.seed.to_string(), "seeds cross as text");
        assert_eq!((report["games"].as_u64(), report["found"].as_bool()), (Some(row.games), Some(row.found)));
        assert_eq!(report["curve"].as_array().unwrap().len(), curve.points.len());
        assert_eq!(report["runs"], run + 1);
    }
    assert_eq!(json(web.summary().unwrap())["runs"], 4);
    for (key, bad) in [("runs", "0"), ("runs", "1001"), ("seed", "-1"), ("size", "x"), ("budget", "0")] {
        let text = message(experiment_setting(key, bad).unwrap_err());
        assert!(text.ends_with('.') && text.contains("is not a valid value"), "{key}={bad}: {text}");
    }
    assert_eq!(experiment_setting("seed", " 007 ").unwrap(), "7");
    assert_eq!(experiment_setting("size", "").unwrap(), "");
    let refused = message(ExperimentRuns::new(spec, "3", "10", "paper", "fast", "5", "1").err().unwrap());
    assert!(refused.contains("below μ = 10"), "{refused}");
    for bad in [
        wasm_bindgen::JsValue::NULL,
        wasm_bindgen::JsValue::from_str("x"),
        wasm_bindgen::JsValue::from_f64(3.0),
    ] {
        let text = message(runtime_figure(bad).unwrap_err());
        assert!(
            text.starts_with("This file is not a summary written by `impartial runtime --json`"),
            "{text}"
        );
    }
}

#[wasm_bindgen_test]
fn heap_options_lists_one_heap_s_moves_with_their_values() {
    // Kayles, heap 5: take 1 leaving 4, 3+1 or 2+2; take 2 leaving 3 or 2+1 (Winning Ways ch. 4).
    let step = json(impartial::web::heap_options("game=octal&code=0.77&heaps=10", 5).unwrap());
    assert_eq!(step["grundy"], 4);
    let options = step["options"].as_array().unwrap();
    let heaps: Vec<String> = options.iter().map(|o| o["heaps"].to_string()).collect();
    assert_eq!(heaps, ["[4]", "[3,1]", "[2,2]", "[3]", "[2,1]"]);
    let values: Vec<u64> = options.iter().map(|o| o["value"].as_u64().unwrap()).collect();
    assert_eq!(values, [1, 2, 0, 3, 3]); // g = 0 1 2 3 1 …: 1, 3⊕1, 2⊕2, 3, 2⊕1
                                         // g(n) is the sequence's, heap by heap, for a subtraction game too.
    let sequence = impartial::analysis::sequence::subtraction_values(&[1, 3, 4], 30);
    for n in 0..=30u32 {
        let step = json(impartial::web::heap_options("game=subtraction&moves=1,3,4&heap=30", n).unwrap());
        assert_eq!(step["grundy"].as_u64().unwrap(), u64::from(sequence[n as usize]), "heap {n}");
    }
    // Not a heap game: null; past the strip or a bad spec: one sentence.
    assert!(impartial::web::heap_options("game=chomp&rows=2&cols=2", 3).unwrap().is_null());
    assert!(message(impartial::web::heap_options("game=octal&code=0.77&heaps=10", 600).unwrap_err())
        .contains("0 to 599"));
    assert!(impartial::web::heap_options("game=octal&code=9", 3).is_err());
}
