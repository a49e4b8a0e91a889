//! Böhme's example games written as two-player `graph` specs (§4.2 G_n, §4.3 K_n, §4.4 H),
//! and random graphs, shared by the tests of the rules, the loopy analysis, the CLI and the
//! README's table (examples/rules_table.rs).
#![allow(dead_code)]

/// Böhme §4.2's G_n: N(a_i) = {a_{i−1}, l_i}, N(a_1) = {w, l_1}, the l-moves listed first
/// (the paper's initial strategy s^1(a_i) = l_i). a_i → m_i → l_i (a loss: p is to move at
/// l_i), a_i → c_i → a_{i−1}, a_1 → w (a win: the opponent is to move at w).
pub fn g_n(n: usize) -> String {
    let mut edges = Vec::new();
    for i in (1..=n).rev() {
        edges.push(format!("a{i}-m{i}"));
        edges.push(if i > 1 { format!("a{i}-c{i}") } else { "a1-w".to_string() });
        edges.push(format!("m{i}-l{i}"));
        if i > 1 {
            edges.push(format!("c{i}-a{}", i - 1));
        }
    }
    format!("game=graph&edges={}&root=a{n}", edges.join(","))
}

/// Böhme §4.3's K_n: N(a) = {w, b}, N(b) = {l_1, …, l_n}; the non-winning move a → b listed
/// first.
pub fn k_n(n: usize) -> String {
    let mut edges = vec!["a-c".to_string(), "a-w".into(), "c-b".into()];
    for i in 1..=n {
        edges.push(format!("b-m{i}"));
        edges.push(format!("m{i}-l{i}"));
    }
    format!("game=graph&edges={}&root=a", edges.join(","))
}

/// Böhme §4.4's H: N(a) = {b, c}, N(b) = {c, t}, N(c) = {b, t}, W_p = ∅, listed so that the
/// heads give the paper's g (g(a) = b, g(b) = c, g(c) = t).
pub const H: &str =
    "game=graph&edges=a-xab,a-xac,xab-b,xac-c,b-ybc,b-ybt,ybc-c,ybt-t,c-zct,c-zcb,zct-t,zcb-b&root=a";

/// `game=graph` edges p_i → p_j from bits, rooted at p_{n−1} (acyclic: only j < i).
pub fn random_spec(n: usize, bits: &[bool], acyclic: bool) -> String {
    let mut edges = Vec::new();
    let mut k = 0;
    for i in 0..n {
        for j in 0..n {
            if i == j || (acyclic && j > i) {
                continue;
            }
            if bits[k % bits.len()] {
                edges.push(format!("p{i}-p{j}"));
            }
            k += 1;
        }
    }
    if !edges.iter().any(|e| e.starts_with(&format!("p{}-", n - 1))) {
        edges.push(format!("p{}-p0", n - 1));
    }
    format!("game=graph&edges={}&root=p{}", edges.join(","), n - 1)
}
