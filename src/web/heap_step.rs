//! One heap's moves and their values, for the page's stepper along the Grundy strip: what a move
//! from a heap of n leaves, as the game's heap rule states it (`sizing::heap_rule`), each with its
//! value, and g(n) as their mex (Winning Ways ch. 4, "Taking and Breaking"; the page shows the
//! mex line, the values come from here).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::convert::{refused, to_js};
use crate::analysis::sequence::STRIP_MAX;
use crate::sizing::heap_rule::{leave_value, plain_values, Leave};
use crate::spec::GameSpec;

/// One move from the heap: the counters it removes, the heaps it leaves (none, one, or two, the
/// larger first), their values and the value of what is left (their XOR).
#[derive(Serialize)]
struct HeapOption {
    removed: u64,
    heaps: Vec<u64>,
    values: Vec<u32>,
    value: u32,
}

#[derive(Serialize)]
struct HeapStep {
    heap: u64,
    grundy: u32,
    options: Vec<HeapOption>,
}

/// The moves of a single heap of `n` in the heap game of `spec` with their values, and g(n):
/// `{ heap, grundy, options: [{ removed, heaps, values, value }] }`, in the order the rule lists
/// them; null for a game that is not a heap game.
///
/// # Errors
/// A malformed spec throws the core's message; a heap past the strip's cells throws a sentence
/// naming the range.
#[wasm_bindgen]
pub fn heap_options(spec: &str, n: u32) -> Result<JsValue, JsValue> {
    let parsed = GameSpec::parse(spec).map_err(refused)?;
    let Some(sum) = parsed.family.heap_sum() else { return Ok(JsValue::NULL) };
    if n as usize >= STRIP_MAX {
        return Err(JsValue::from_str(&format!(
            "Heap {n} is past the Grundy strip: the strip steps through heaps 0 to {}.",
            STRIP_MAX - 1
        )));
    }
    let g = plain_values(sum.rule, n as usize);
    let mut options = Vec::new();
    sum.rule.leaves(u64::from(n), &mut |leave| {
        let heaps = match leave {
            Leave::Nothing => vec![],
            Leave::One(a) => vec![a],
            Leave::Two(a, b) => vec![a, b],
        };
        options.push(HeapOption {
            removed: u64::from(n) - leave.counters(),
            values: heaps.iter().map(|&h| g[h as usize]).collect(),
            heaps,
            value: leave_value(&g, leave),
        });
        true
    });
    to_js(&HeapStep { heap: u64::from(n), grundy: g[n as usize], options })
}
