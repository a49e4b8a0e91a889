//! Green Hackenbush (src/games/hackenbush.rs) against the colon principle (Winning Ways ch. 7)
//! on every rooted tree of up to 8 sticks, against the fusion principle's values on small
//! cycles, and against a brute force over multisets of sticks with a union–find (not the
//! family's bitmasks) on pictures with cycles, loops and parallel sticks.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use impartial::games::hackenbush::{colon_value, Hackenbush};
use impartial::games::PositionView;
use impartial::{build, Analysis, GameSpec, Limits};

fn root_value(edges: &str) -> u32 {
    let spec =
        GameSpec::parse(&format!("game=hackenbush&edges={edges}")).unwrap_or_else(|e| panic!("{edges}: {e}"));
    let graph = build(&spec, &Limits::DEFAULT).unwrap_or_else(|e| panic!("{edges}: {e}"));
    Analysis::new(&graph, spec.play).grundy.unwrap()[graph.root()]
}

/// A rooted tree's shape, for skipping trees already seen: children's shapes sorted.
fn shape(v: usize, children: &[Vec<usize>]) -> String {
    let mut parts: Vec<String> = children[v].iter().map(|&c| shape(c, children)).collect();
    parts.sort();
    format!("({})", parts.concat())
}

#[test]
fn every_rooted_tree_of_up_to_8_sticks_has_its_colon_value() {
    let mut shapes = BTreeSet::new();
    for sticks in 1..=8usize {
        // Vertex i (1 ≤ i ≤ sticks) hangs from a parent below it in numbering: every rooted
        // tree (the ground its root, so forests on the ground too) appears among these.
        let mut parents = vec![0usize; sticks];
        loop {
            let mut children = vec![Vec::new(); sticks + 1];
            for (i, &p) in parents.iter().enumerate() {
                children[p].push(i + 1);
            }
            if shapes.insert(shape(0, &children)) {
                let edges: Vec<String> =
                    parents.iter().enumerate().map(|(i, p)| format!("{p}-{}", i + 1)).collect();
                let edges = edges.join(",");
                let theory = colon_value(&Hackenbush::parse(&edges).unwrap()).unwrap();
                assert_eq!(u64::from(root_value(&edges)), theory, "{edges}");
            }
            // Next parent array: parent of vertex i + 1 ranges over 0..=i.
            let mut i = sticks;
            loop {
                if i == 0 {
                    break;
                }
                i -= 1;
                if parents[i] < i {
                    parents[i] += 1;
                    break;
                }
                parents[i] = 0;
            }
            if parents.iter().all(|&p| p == 0) {
                break;
            }
        }
    }
    // 1, 1, 2, 4, 9, 20, 48, 115, 286 rooted trees of 1 to 9 vertices (OEIS A000081).
    assert_eq!(shapes.len(), 1 + 2 + 4 + 9 + 20 + 48 + 115 + 286);
}

#[test]
fn stalks_and_cycles_have_their_values() {
    for (edges, value) in [
        // A stalk of n sticks is *n.
        ("0-1", 1),
        ("0-1,1-2,2-3,3-4,4-5", 5),
        // Two stalks on the ground: their nim-sum.
        ("0-1,1-2,0-3,3-4,4-5", 1),
        // Fusion principle (Winning Ways ch. 7): a cycle through the ground fuses into loops
        // on the ground, one per stick, so an odd cycle is *1 and an even one *0.
        ("0-1,1-2,0-2", 1),
        ("0-1,1-2,2-3,0-3", 0),
        ("0-1,0-1", 0),
        ("0-0", 1),
        // A triangle on a stick: the triangle fuses to one loop (*1) on the stick's top, and a
        // stick with a loop on it is a stalk of two: *2.
        ("0-1,1-2,2-3,1-3", 2),
    ] {
        assert_eq!(root_value(edges), value, "{edges}");
    }
}

/// The value of a multiset of sticks by brute force: each cut, then a union–find from the
/// ground keeps what stands.
fn brute(sticks: &[(u32, u32)], memo: &mut HashMap<Vec<(u32, u32)>, u32>) -> u32 {
    if let Some(&g) = memo.get(sticks) {
        return g;
    }
    let mut options = BTreeSet::new();
    for cut in 0..sticks.len() {
        let rest: Vec<(u32, u32)> =
            sticks.iter().enumerate().filter(|&(i, _)| i != cut).map(|(_, &s)| s).collect();
        let mut parent: BTreeMap<u32, u32> = BTreeMap::new();
        fn find(parent: &mut BTreeMap<u32, u32>, v: u32) -> u32 {
            let p = *parent.entry(v).or_insert(v);
            if p == v {
                v
            } else {
                let r = find(parent, p);
                parent.insert(v, r);
                r
            }
        }
        for &(a, b) in &rest {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent.insert(ra, rb);
        }
        let ground = find(&mut parent, 0);
        let mut standing: Vec<(u32, u32)> =
            rest.into_iter().filter(|&(a, _)| find(&mut parent, a) == ground).collect();
        standing.sort();
        options.insert(brute(&standing, memo));
    }
    let g = (0..).find(|g| !options.contains(g)).unwrap();
    memo.insert(sticks.to_vec(), g);
    g
}

#[test]
fn pictures_with_cycles_match_a_brute_force() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut checked = 0;
    let mut memo = HashMap::new();
    while checked < 200 {
        let mut sticks = Vec::new();
        for _ in 0..(state % 6 + 3) {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let (a, b) = ((state >> 33) as u32 % 5, (state >> 45) as u32 % 5);
            sticks.push((a.min(b), a.max(b)));
        }
        let edges: Vec<String> = sticks.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        let edges = edges.join(",");
        if Hackenbush::parse(&edges).is_err() {
            continue; // a stick off the ground
        }
        sticks.sort();
        assert_eq!(root_value(&edges), brute(&sticks, &mut memo), "{edges}");
        checked += 1;
    }
}

#[test]
fn the_board_places_sticks_above_the_ground() {
    let spec = GameSpec::parse("game=hackenbush&edges=0-1,1-2,1-3").unwrap();
    let graph = build(&spec, &Limits::DEFAULT).unwrap();
    let game =
        impartial::AnalysedGame::from_spec("game=hackenbush&edges=0-1,1-2,1-3", &Limits::DEFAULT).unwrap();
    let v = graph.find("0-1,1-3").unwrap();
    let PositionView::Sticks { vertices, ground, sticks, remaining } = game.view(v) else {
        panic!("not sticks")
    };
    // Vertices 1, 2, 3, then the ground point under vertex 1.
    assert_eq!(vertices, [(1, 1), (0, 2), (2, 2), (1, 0)]);
    assert_eq!(ground, [false, false, false, true]);
    assert_eq!(sticks, [(3, 0), (0, 1), (0, 2)]);
    assert_eq!(remaining, [true, false, true]);
}

#[test]
fn bad_pictures_and_large_ones_are_refused_in_one_sentence() {
    for (spec, says) in [
        ("game=hackenbush", "needs the key 'edges'"),
        ("game=hackenbush&edges=1-2", "not connected to the ground"),
        ("game=hackenbush&edges=0-1;1-2", "not a-b"),
    ] {
        let err = GameSpec::parse(spec).unwrap_err().to_string();
        assert!(err.contains(says), "{spec}: {err}");
    }
    // 40 sticks on the ground stand in 2^40 ways: refused by the count, with no walk.
    let star: Vec<String> = (1..=40).map(|v| format!("0-{v}")).collect();
    let spec = GameSpec::parse(&format!("game=hackenbush&edges={}", star.join(","))).unwrap();
    let err = build(&spec, &Limits::DEFAULT).unwrap_err().to_string();
    assert!(err.contains("more than 1,099,511,627,775 positions"), "{err}");
    // A ladder of squares (cycles, so the count is only a lower bound): the walk stops at the budget.
    let mut ladder = vec!["0-1".to_string(), "0-2".to_string()];
    for i in 0..20 {
        let (a, b, c, d) = (2 * i + 1, 2 * i + 2, 2 * i + 3, 2 * i + 4);
        ladder.extend([format!("{a}-{b}"), format!("{a}-{c}"), format!("{b}-{d}")]);
    }
    let spec = GameSpec::parse(&format!("game=hackenbush&edges={}", ladder.join(","))).unwrap();
    let start = crate::common::thread_cpu();
    let err = build(&spec, &Limits::PAGE).unwrap_err().to_string();
    let took = crate::common::thread_cpu() - start;
    assert!(err.contains("above the budget"), "{err}");
    assert!(took < std::time::Duration::from_secs(3), "took {took:?} to refuse");
}
