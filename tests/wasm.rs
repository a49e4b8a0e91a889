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
    // The same numbers are asserted natively in tests/learn.rs.
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
        assert_eq!(report.root_outcome, if expected == 0 { "P" } else { "N" }, "outcome of {heap}");
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
fn facade_returns_the_report_as_json() {
    let json = impartial::web::analyse("game=subtraction&moves=1,2&heap=6", true).expect("a valid spec");
    assert!(json.starts_with('{') && json.ends_with('}'), "{json}");
    assert!(json.contains(r#""game":"game=subtraction&moves=1,2&heap=6&play=normal""#), "{json}");
    assert!(json.contains(r#""root_grundy":0"#), "{json}");
    assert!(json.contains(r#""root_outcome":"P""#), "{json}");
    assert!(json.contains(r#""fictitious_start":true"#), "{json}");
    assert!(json.contains(r#""nodes":["#), "{json}");

    let without = impartial::web::analyse("game=subtraction&moves=1,2&heap=6", false).unwrap();
    assert!(!without.contains(r#""nodes""#), "{without}");
}

#[wasm_bindgen_test]
fn facade_turns_a_bad_spec_into_the_core_message() {
    let err = impartial::web::analyse("game=chess", false).expect_err("chess is not a family");
    let message = err.as_string().expect("the error is a JS string");
    assert!(message.starts_with("Unknown game family 'chess'"), "{message}");

    let err = impartial::web::analyse("game=nim&heaps=x", false).expect_err("x is not a heap");
    assert!(err.as_string().unwrap().contains("not a valid value for heaps"));
}
