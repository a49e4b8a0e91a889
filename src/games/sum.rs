//! Sums of games (Fenner & Rogers §2.3 Def 2.6; the SG notes): `game=sum&parts=nim(heaps=3,4)+chomp(rows=2;cols=3)`.
//!
//! Rules: the parts are played side by side; a move is a move in exactly one part, and the
//! player who cannot move in any part loses (under `play=misere`, wins). Under normal play the
//! Sprague–Grundy theorem (Fenner & Rogers §2.5 Theorem 2.28; Rees & Thomas' nim-sum, the SG notes' XOR of
//! sums) gives g(G + H) = g(G) ⊕ g(H); the analysis does not use it (it runs on the product
//! graph like on any other), and `tests/core/sum.rs` checks it. Misère sums do not follow it.
//!
//! Grammar of the `parts` key: parts joined by `+` (or spaces, since form decoding turns a typed
//! `+` into a space), each `family(key=value;key=value…)` with that family's own keys; any
//! registered family but `sum`; `play` belongs to the whole sum, never to a part. A `+` inside
//! a part's parentheses (a poset expression) is the part's own. At most [`MAX_PARTS`] parts.
//! Canonical form: each part in its family's canonical form (keys in its order, defaults
//! written out), in the order given: `nim(heaps=3,4)+chomp(rows=2;cols=3)`.
//! Positions: the tuples of the parts' positions, all reachable (each part's positions are).
//! Label: the parts' labels joined by ` + `, e.g. `3,0 + 2,1 + 7`.
//! Ids: mixed radix over the parts' ids, the last part fastest. Every move lowers its part's
//! id, so it lowers the sum's id: ids are reverse topological and the root (every part at its
//! root) is the largest.
//!
//! The sum is generic over its parts' type [`Part`], which the registry implements for its
//! `Family` enum: this file needs only `family.rs`, so the registry that lists the sum among
//! the families and the sum that parses families form no cycle.

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, Part, PositionView};
use crate::budget::{check_size, Limits};
use crate::error::{clipped, quoted, InputError};
use crate::game_graph::{CsrBuilder, GameGraph, Labeling};
use crate::numbers::bad_value;
use crate::size::{Bound, Size};

/// Most parts a sum may have. A part of one position adds nothing to the size, so the budget
/// alone would not stop a long list of them; each part costs work at every position.
pub const MAX_PARTS: usize = 16;

/// Between two parts' labels in a sum's label.
pub const LABEL_SEPARATOR: &str = " + ";

const PARTS: &str = "parts joined by +, each family(key=value;key=value…) with that family's keys, \
                     e.g. nim(heaps=3,4)+chomp(rows=2;cols=3)";

/// A sum of games of other families, in the order given. Invariant: 1 to [`MAX_PARTS`]
/// parts, none of them a sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sum<F> {
    /// The parts, each a game of another family.
    pub parts: Vec<F>,
}

impl<F: Part> Game for Sum<F> {
    const INFO: FamilyInfo = family_info!(
        "sum",
        "Sum of games",
        [(
            "parts",
            "Parts (family(key=value;…) joined by +)",
            "nim(heaps=2,3)+chomp(rows=2;cols=3)",
            PARTS,
            None
        )]
    );

    fn parse(keys: &Keys) -> Result<Sum<F>, InputError> {
        let text = keys.need("parts")?;
        let pieces = split_parts(text)?;
        let parts = pieces.into_iter().map(parse_part::<F>).collect::<Result<Vec<F>, InputError>>()?;
        Ok(Sum { parts })
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("&parts=")?;
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{}", Canonical(part))?;
        }
        Ok(())
    }

    /// Each part is sized and checked against the budget on its own first (a part too large
    /// is refused with its own sentence), then the product is sized from the parts' sizes.
    fn estimate(&self, limits: &Limits) -> Result<Size, InputError> {
        let mut sizes = Vec::with_capacity(self.parts.len());
        for part in &self.parts {
            let size = part.estimate_part(limits)?;
            check_size(part.part_info().name, size, limits)?;
            sizes.push(size);
        }
        Ok(product_size(&sizes))
    }

    fn build(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        let graphs = self.parts.iter().map(|p| p.build_part(limits)).collect::<Result<Vec<_>, _>>()?;
        Ok(product(graphs))
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        let factors = graph.factors();
        let mut rest = v;
        let mut ids = vec![0usize; factors.len()];
        for (i, factor) in factors.iter().enumerate().rev() {
            ids[i] = rest % factor.len();
            rest /= factor.len();
        }
        let parts = self.parts.iter().zip(factors).zip(ids).map(|((p, g), id)| p.view_part(g, id)).collect();
        PositionView::Sum { parts }
    }

    fn rules(&self) -> String {
        let parts: Vec<String> = self
            .parts
            .iter()
            .enumerate()
            .map(|(k, p)| format!("in game {}, {}", k + 1, lower_first(p.rules_part().trim_end_matches('.'))))
            .collect();
        format!("Move in exactly one of the games side by side: {}.", parts.join("; "))
    }
}

/// One part as the canonical form writes it: `family(key=value;key=value)`.
struct Canonical<'a, F>(&'a F);

impl<F: Part> fmt::Display for Canonical<'_, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// The part's keys as `write_part_keys` writes them, `&k=v&k=v`.
        struct Keys<'a, F>(&'a F);
        impl<F: Part> fmt::Display for Keys<'_, F> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write_part_keys(f)
            }
        }
        // Validated values hold no '&' (the spec's pairs were split on it), so each '&' starts
        // a key.
        let keys = Keys(self.0).to_string();
        let keys = keys.strip_prefix('&').unwrap_or(&keys).replace('&', ";");
        write!(f, "{}({keys})", self.0.part_info().name)
    }
}

/// The refusal of a piece of the `parts` value, saying what is wrong with it.
fn bad_part(piece: &str, why: &str) -> InputError {
    bad_value("parts", piece, why)
}

/// Splits the `parts` value into the text of each part: at `+` and runs of spaces outside
/// parentheses. A `+` with no part on one side, unbalanced parentheses, no part at all or more
/// than [`MAX_PARTS`] are refused.
fn split_parts(text: &str) -> Result<Vec<&str>, InputError> {
    let unbalanced =
        || bad_part(text, "its parentheses are unbalanced; write each part as family(key=value;…)");
    // Pieces between '+' outside parentheses.
    let mut pieces = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.checked_sub(1).ok_or_else(unbalanced)?,
            '+' if depth == 0 => {
                pieces.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Err(unbalanced());
    }
    pieces.push(&text[start..]);
    if pieces.iter().all(|p| p.trim().is_empty()) {
        return Err(bad_part(text, &format!("a sum needs at least one part; {PARTS}")));
    }
    // Each piece may hold several parts separated by spaces (a form-decoded '+').
    let mut parts = Vec::new();
    for piece in pieces {
        let before = parts.len();
        let (mut depth, mut start) = (0usize, None);
        for (i, c) in piece.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            if depth == 0 && c.is_whitespace() {
                if let Some(s) = start.take() {
                    parts.push(&piece[s..i]);
                }
            } else if start.is_none() {
                start = Some(i);
            }
        }
        if let Some(s) = start {
            parts.push(&piece[s..]);
        }
        if parts.len() == before {
            return Err(bad_part(text, "it has a + with no part on one side; join parts with a single +"));
        }
        if parts.len() > MAX_PARTS {
            return Err(bad_part(text, &format!("a sum has at most {MAX_PARTS} parts")));
        }
    }
    Ok(parts)
}

/// Reads one part, `family(key=value;key=value…)`.
fn parse_part<F: Part>(text: &str) -> Result<F, InputError> {
    let form = |why: &str| {
        bad_part(text, &format!("{why}; write each part as family(key=value;…), e.g. nim(heaps=3,4)"))
    };
    let open = text.find('(').ok_or_else(|| form("it is not of the form family(…)"))?;
    // The parentheses opened at `open` must close at the very end.
    let mut depth = 0usize;
    let close = text[open..].char_indices().find_map(|(i, c)| {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        (depth == 0).then_some(open + i)
    });
    if close != Some(text.len() - 1) {
        return Err(form("it has text after its closing parenthesis"));
    }
    let name = &text[..open];
    let body = &text[open + 1..text.len() - 1];
    if name.is_empty() {
        return Err(form("it names no family before the parenthesis"));
    }
    if name == <Sum<F> as Game>::INFO.name {
        return Err(bad_part(text, "a sum cannot be a part of a sum; list its parts in this one"));
    }
    let names = || {
        F::families()
            .iter()
            .map(|f| f.name)
            .filter(|&n| n != <Sum<F> as Game>::INFO.name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let info = F::families().iter().find(|f| f.name == name).ok_or_else(|| {
        bad_part(text, &format!("there is no game family {}; a part is one of {}", quoted(name), names()))
    })?;
    let mut pairs: Vec<(String, String)> = Vec::new();
    for segment in body.split(';').filter(|s| !s.trim().is_empty()) {
        let (key, value) = segment.split_once('=').ok_or_else(|| {
            bad_part(
                text,
                &format!(
                    "{} is not of the form key=value; separate a part's keys with ;",
                    quoted(segment.trim())
                ),
            )
        })?;
        let (key, value) = (key.trim(), value.trim());
        if key == "play" {
            return Err(bad_part(
                text,
                "play belongs to the whole sum, not to a part; write &play=misere after the parts",
            ));
        }
        if !info.keys.iter().any(|k| k.key == key) {
            let keys: Vec<&str> = info.keys.iter().map(|k| k.key).collect();
            return Err(bad_part(
                text,
                &format!(
                    "the {} game takes no key {} (its keys: {})",
                    info.name,
                    quoted(key),
                    keys.join(", ")
                ),
            ));
        }
        if pairs.iter().any(|(k, _)| k == key) {
            return Err(InputError::DuplicateKey(clipped(key)));
        }
        pairs.push((key.to_string(), value.to_string()));
    }
    F::parse_part(info.name, &Keys::new(info.name, &pairs))
        .unwrap_or_else(|| Err(bad_part(text, "its family is not registered")))
}

/// The size of the product of games of these sizes: Π n_i positions and Σ_i m_i · Π_{j≠i} n_j
/// moves (a position's moves are its parts' moves), saturating, with the weakest bound.
pub fn product_size(sizes: &[Size]) -> Size {
    let positions = sizes.iter().fold(1u128, |acc, s| acc.saturating_mul(s.positions));
    let edges = (0..sizes.len())
        .map(|i| {
            let others = sizes
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(1u128, |acc, (_, s)| acc.saturating_mul(s.positions));
            sizes[i].edges.saturating_mul(others)
        })
        .fold(0u128, u128::saturating_add);
    let bound = sizes.iter().fold(Bound::Exact, |acc, s| acc.and(s.bound));
    Size { positions, edges, bound }
}

/// The product graph of the parts' graphs; its size was checked against the budget.
fn product(graphs: Vec<GameGraph>) -> GameGraph {
    let k = graphs.len();
    let total: usize = graphs.iter().map(|g| g.len()).product();
    let edges: usize = graphs.iter().map(|g| total / g.len() * g.edge_count()).sum();
    // Stride of part i = product of the sizes of the parts after it.
    let mut strides = vec![1usize; k];
    for i in (0..k.saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * graphs[i + 1].len();
    }
    let mut digits = vec![0usize; k];
    let mut csr = CsrBuilder::with_capacity(total, edges);
    for id in 0..total {
        for (i, graph) in graphs.iter().enumerate() {
            let d = digits[i];
            for &w in graph.moves(d) {
                csr.targets.push((id - (d - w as usize) * strides[i]) as u32);
            }
        }
        csr.end_position();
        // Odometer increment, last part fastest.
        for i in (0..k).rev() {
            digits[i] += 1;
            if digits[i] < graphs[i].len() {
                break;
            }
            digits[i] = 0;
        }
    }
    GameGraph::from_csr(csr.offsets, csr.targets, Product { parts: graphs, strides })
}

/// Labels of a product: each part names its own position.
#[derive(Debug)]
struct Product {
    parts: Vec<GameGraph>,
    strides: Vec<usize>,
}

impl Labeling for Product {
    fn label(&self, v: usize) -> String {
        let labels: Vec<String> =
            self.parts.iter().zip(&self.strides).map(|(g, &s)| g.label(v / s % g.len())).collect();
        labels.join(LABEL_SEPARATOR)
    }

    fn find(&self, label: &str) -> Option<u64> {
        let mut pieces = label.split(LABEL_SEPARATOR);
        let mut id = 0u64;
        for (graph, &stride) in self.parts.iter().zip(&self.strides) {
            let v = graph.find(pieces.next()?)?;
            id += (v * stride) as u64;
        }
        pieces.next().is_none().then_some(id)
    }

    fn factors(&self) -> &[GameGraph] {
        &self.parts
    }
}

/// "Take …" → "take …", for a part's rules inside the sum's sentence. The rules are the
/// families' own English sentences, each begun by an ASCII letter: `char::to_lowercase` would
/// link Unicode's case tables into the page's wasm for nothing.
fn lower_first(text: &str) -> String {
    let mut out = text.to_owned();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_lowercase();
    }
    out
}
