//! What every family module provides (src/games/family.rs): its keys as the grammar and the
//! page read them, canonical printing that parses back, and the structured view of a position
//! a board draws, read from the family's own labels.

use impartial::games::{Family, PositionView, FAMILIES};
use impartial::{AnalysedGame, GameSpec, Limits};

/// The spec a family's form shows before anything is typed: every key at its example.
fn example_spec(family: &impartial::games::FamilyInfo) -> String {
    let keys: Vec<String> = family.keys.iter().map(|k| format!("{}={}", k.key, k.example)).collect();
    format!("game={}&{}", family.name, keys.join("&"))
}

#[test]
fn every_family_s_example_parses_builds_and_prints_canonically() {
    assert!(FAMILIES.len() >= 8);
    for family in FAMILIES {
        let text = example_spec(family);
        let spec = GameSpec::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(spec.family.name(), family.name);
        let canonical = spec.to_string();
        assert_eq!(GameSpec::parse(&canonical).unwrap(), spec, "{canonical} parses back to the same game");
        assert_eq!(GameSpec::parse(&canonical).unwrap().to_string(), canonical);
        let game = AnalysedGame::from_spec(&text, &Limits::PAGE).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(game.graph.len() > 1, "{text}");
        for key in family.keys {
            assert!(!key.allowed.is_empty() && !key.label.is_empty(), "{}: {}", family.name, key.key);
        }
    }
}

#[test]
fn a_bad_value_is_refused_with_the_sentence_its_key_declares() {
    for family in FAMILIES {
        for key in family.keys.iter().filter(|k| k.key != "root") {
            let mut spec = example_spec(family);
            spec = spec.replace(&format!("{}={}", key.key, key.example), &format!("{}=%25bad", key.key));
            let err = GameSpec::parse(&spec).expect_err(&spec).to_string();
            assert!(err.contains(key.key) || err.contains("position name"), "{spec}: {err}");
        }
    }
}

fn view(spec: &str, label: &str) -> PositionView {
    let game = AnalysedGame::from_spec(spec, &Limits::DEFAULT).unwrap();
    let v = game.graph.find(label).unwrap_or_else(|| panic!("{spec} has no position {label}"));
    game.view(v)
}

#[test]
fn each_family_shows_a_position_as_its_board() {
    assert_eq!(view("game=nim&heaps=3,4,5", "3,0,5"), PositionView::Heaps { heaps: vec![3, 0, 5] });
    assert_eq!(
        view("game=subtraction&moves=1,3,4&heap=10", "7"),
        PositionView::Heap { heap: 7, moves: vec![1, 3, 4] }
    );
    assert_eq!(view("game=wythoff&heaps=5,8", "2,6"), PositionView::Queen { heaps: [2, 6] });
    assert_eq!(
        view("game=silver-dollar&coins=3&squares=8", "0,3,7"),
        PositionView::Strip { squares: 8, coins: vec![0, 3, 7] }
    );
    assert_eq!(
        view("game=turning-turtles&coins=4", "HTTH"),
        PositionView::Turtles { heads: vec![true, false, false, true] }
    );
    // Rows from the bottom up, in both orientations of the stored partition.
    for spec in ["game=chomp&rows=3&cols=5", "game=chomp&rows=5&cols=3"] {
        let lengths = if spec.ends_with("cols=5") { vec![5, 2, 1] } else { vec![3, 2, 1, 1] };
        let label = lengths.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let (rows, cols) = if spec.ends_with("cols=5") { (3, 5) } else { (5, 3) };
        assert_eq!(view(spec, &label), PositionView::Chomp { rows, cols, lengths });
    }
    assert_eq!(view("game=dag&edges=a-b,b-c&root=a", "b"), PositionView::Named { label: "b".into() });
    assert_eq!(view("game=moore&heaps=3,5,6&k=2", "3,0,5"), PositionView::Heaps { heaps: vec![3, 0, 5] });
    assert_eq!(
        view("game=cram&rows=2&cols=3", "x../x.."),
        PositionView::Cells { rows: 2, cols: 3, filled: vec![true, false, false, true, false, false] }
    );
    assert!(matches!(
        view("game=hackenbush&edges=0-1,1-2", "0-1"),
        PositionView::Sticks { remaining, .. } if remaining == [true, false]
    ));
    assert_eq!(
        view("game=sum&parts=nim(heaps=3,4)+wythoff(heaps=5,8)", "3,0 + 2,6"),
        PositionView::Sum {
            parts: vec![PositionView::Heaps { heaps: vec![3, 0] }, PositionView::Queen { heaps: [2, 6] }]
        }
    );
}

/// A sum's view lists, at every position, each part's view as the part shows that position
/// when built as a game on its own (found by the piece of the sum's label).
#[test]
fn a_sum_shows_each_part_as_the_part_alone_would() {
    let parts = [
        "game=poset&poset=(C2+A2)/C1",
        "game=silver-dollar&coins=2&squares=4",
        "game=octal&code=0.77&heaps=4",
    ];
    let in_sum: Vec<String> = parts
        .iter()
        .map(|p| {
            let (family, keys) = p.strip_prefix("game=").unwrap().split_once('&').unwrap();
            format!("{family}({})", keys.replace('&', ";"))
        })
        .collect();
    let sum =
        AnalysedGame::from_spec(&format!("game=sum&parts={}", in_sum.join("+")), &Limits::DEFAULT).unwrap();
    let alone: Vec<AnalysedGame> =
        parts.iter().map(|p| AnalysedGame::from_spec(p, &Limits::DEFAULT).unwrap()).collect();
    assert_eq!(sum.graph.len(), alone.iter().map(|g| g.graph.len()).product::<usize>());
    for v in 0..sum.graph.len() {
        let label = sum.graph.label(v);
        let expected: Vec<PositionView> = label
            .split(" + ")
            .zip(&alone)
            .map(|(piece, game)| game.view(game.graph.find(piece).unwrap()))
            .collect();
        assert_eq!(sum.view(v), PositionView::Sum { parts: expected }, "{label}");
    }
}

#[test]
fn a_poset_view_is_its_hasse_diagram() {
    // (C2 + A2) / C1: element 0 at the bottom, then the chain 1 < 2 and the antichain 3, 4
    // above it. Covers: 0⋖1, 1⋖2, 0⋖3, 0⋖4 (0 < 2 is implied, not a cover).
    let PositionView::Poset { elements, remaining, mut covers } =
        view("game=poset&poset=(C2+A2)/C1", "{0,1,3}")
    else {
        panic!("a poset shows a poset")
    };
    assert_eq!(elements, ["0", "1", "2", "3", "4"]);
    assert_eq!(remaining, [true, true, false, true, false]);
    covers.sort_unstable();
    assert_eq!(covers, [(0, 1), (0, 3), (0, 4), (1, 2)]);
    // divN names its elements by the divisors: 2 ⋖ 4 ⋖ 12, 2 ⋖ 6 ⋖ 12, 3 ⋖ 6.
    let PositionView::Poset { elements, covers, .. } = view("game=poset&poset=div12", "{2,3,4,6,12}") else {
        panic!("a poset shows a poset")
    };
    assert_eq!(elements, ["2", "3", "4", "6", "12"]);
    let named: std::collections::BTreeSet<(String, String)> =
        covers.iter().map(|&(a, b)| (elements[a as usize].clone(), elements[b as usize].clone())).collect();
    let expected: std::collections::BTreeSet<(String, String)> =
        [("2", "4"), ("2", "6"), ("3", "6"), ("4", "12"), ("6", "12")]
            .iter()
            .map(|&(a, b)| (a.to_string(), b.to_string()))
            .collect();
    assert_eq!(named, expected);
}

#[test]
fn the_view_serialises_with_its_kind_for_the_page() {
    let json = serde_json::to_string(&view("game=nim&heaps=1,2", "1,2")).unwrap();
    assert_eq!(json, r#"{"kind":"heaps","heaps":[1,2]}"#);
    let json = serde_json::to_string(&view("game=turning-turtles&coins=2", "TH")).unwrap();
    assert_eq!(json, r#"{"kind":"turtles","heads":[false,true]}"#);
    let json = serde_json::to_string(&view("game=sum&parts=nim(heaps=1)+nim(heaps=2)", "1 + 0")).unwrap();
    assert_eq!(json, r#"{"kind":"sum","parts":[{"kind":"heaps","heaps":[1]},{"kind":"heaps","heaps":[0]}]}"#);
    // Family has one variant per registered family and FAMILIES one entry each.
    let spec = GameSpec::parse("game=nim&heaps=1").unwrap();
    assert!(matches!(spec.family, Family::Nim(_)));
}

#[test]
fn every_family_finds_each_position_by_its_label() {
    for family in FAMILIES {
        let text = example_spec(family);
        let game = AnalysedGame::from_spec(&text, &Limits::PAGE).unwrap();
        for v in 0..game.graph.len() {
            let label = game.graph.label(v);
            assert_eq!(game.graph.find(&label), Some(v), "{text}: {label}");
        }
        assert_eq!(game.graph.find("not a label"), None, "{text}");
    }
}

#[test]
fn octal_positions_are_multisets_of_rows_of_pins() {
    let spec = "game=octal&code=0.77&heaps=10";
    assert_eq!(view(spec, "5,3"), PositionView::Pins { rows: vec![5, 3] });
    assert_eq!(view(spec, "0"), PositionView::Pins { rows: vec![] });
    let game = AnalysedGame::from_spec(spec, &Limits::DEFAULT).unwrap();
    assert_eq!(game.graph.find("3,5"), None, "heaps are listed non-increasing");
    assert_eq!(game.graph.find("5,0,3"), None, "empty heaps are left out");
    // Kayles: g(10) = 2 (Winning Ways' table 0.77: 0 1 2 3 1 4 3 2 1 4 2).
    assert_eq!(game.analysis.grundy.as_ref().unwrap()[game.graph.root()], 2);
    assert_eq!(
        GameSpec::parse("game=octal&code=0.770&heaps=4,7").unwrap().to_string(),
        "game=octal&code=0.77&heaps=4,7&play=normal"
    );
}

fn rules(spec: &str) -> String {
    AnalysedGame::from_spec(spec, &Limits::DEFAULT).unwrap().game.family.rules()
}

/// Every family says what a move is in one sentence (the board shows it above the drawing);
/// an octal game's sentence is read from its code's digits (Winning Ways ch. 4).
#[test]
fn each_family_states_its_rules_in_one_sentence() {
    for info in FAMILIES {
        let text = rules(&example_spec(info));
        assert!(text.ends_with('.') && text.matches(". ").count() == 0, "{}: {text}", info.name);
        assert!(text.len() > 20, "{}: {text}", info.name);
    }
    assert_eq!(rules("game=nim&heaps=3,4"), "Take any number of counters, at least one, from one heap.");
    assert_eq!(rules("game=subtraction&moves=1,3,4&heap=10"), "Take 1, 3 or 4 counters from the heap.");
    // Kayles: one or two adjacent pins, from anywhere in a row.
    assert_eq!(
        rules("game=octal&code=0.77&heaps=10"),
        "Knock down pins in one row: 1 pin (a whole row of 1, from either end of a longer row or from the middle, \
         splitting the row in two) or 2 adjacent pins (a whole row of 2, from either end of a longer row or from \
         the middle, splitting the row in two)."
    );
    // Dawson's Kayles (0.07): two pins only; 0.6 takes one pin from the middle only or the whole row never.
    assert!(rules("game=octal&code=0.07&heaps=6")
        .starts_with("Knock down pins in one row: 2 adjacent pins (a whole row of 2"));
    assert_eq!(
        rules("game=octal&code=0.6&heaps=6"),
        "Knock down pins in one row: 1 pin (from either end of a longer row or from the middle, splitting the row in two)."
    );
    assert_eq!(
        rules("game=sum&parts=nim(heaps=3)+subtraction(moves=1,2;heap=4)"),
        "Move in exactly one of the games side by side: in game 1, take any number of counters, at least one, \
         from one heap; in game 2, take 1 or 2 counters from the heap."
    );
    assert!(impartial::games::win_rule(false).contains("cannot move loses"));
    assert!(impartial::games::win_rule(true).contains("cannot move wins"));
}

/// docs/spec.md's family table against the registry: one row per family, in the registry's
/// order; each row's spec parses as that family, and every example label the row gives (the
/// backticked text after each `: ` of its last column) names a position of that spec's game.
#[test]
fn spec_md_s_family_table_is_the_registry() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/spec.md")).unwrap();
    let start = text.find("| family | spec | rules | position label |").expect("the family table");
    let rows: Vec<Vec<&str>> = text[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect();
    let names: Vec<&str> = rows.iter().map(|r| r[0]).collect();
    let registry: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
    assert_eq!(names, registry, "docs/spec.md's table lists the families of games::FAMILIES, in order");
    let backticked =
        |cell: &str| -> Vec<String> { cell.split('`').skip(1).step_by(2).map(String::from).collect() };
    for row in &rows {
        let spec = backticked(row[1]).into_iter().next().unwrap_or_else(|| panic!("{}: no spec", row[0]));
        let parsed = GameSpec::parse(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert_eq!(parsed.family.name(), row[0]);
        impartial::games::open(&parsed, &Limits::PAGE).unwrap_or_else(|e| panic!("{spec}: {e}"));
        for label in row[3].split(": ").skip(1).filter_map(|after| backticked(after).into_iter().next()) {
            let graph = impartial::build(&parsed, &Limits::PAGE).unwrap();
            assert!(graph.find(&label).is_some(), "{spec}: the table's label {label} names no position");
        }
    }
}
