//! A sweep's game as a template in N, each size built from it ([`SweepSize`]).

use std::sync::Arc;

use super::settings::*;
use crate::error::InputError;
use crate::games::{self, Limits};
use crate::learn::params::{check_gamma, paper_gamma, paper_mu, Params};
use crate::learn::task::Task;
use crate::numbers::bad_value;
use crate::spec::GameSpec;

/// One game size of a sweep, built, with the bound its cells are compared with.
#[derive(Debug, Clone)]
pub struct SweepSize {
    /// The value substituted for N.
    pub size: u64,
    /// The game built at this size, analysed, with its critical positions and optimal moves.
    pub task: Arc<Task>,
    /// log10 of Corollary 5.3's runtime bound divided by C² (None under misère play).
    pub bound_log10: Option<f64>,
    /// log10 of Theorem 5.2's runtime bound divided by C², Σ over W_G of (20Δn)^{s(v)} at the
    /// theorem's least μ (None under misère play, or when W_G is empty).
    pub bound_theorem_log10: Option<f64>,
}

impl SweepSize {
    /// The parameters of the cell (this size, `mu`, `gamma`).
    pub fn params(&self, mu: MuSetting, gamma: GammaSetting) -> Result<Params, InputError> {
        let task = &*self.task;
        let gamma = match gamma {
            GammaSetting::Fixed(g) => check_gamma(task, g)?,
            GammaSetting::Paper => paper_gamma(task),
        };
        let mu = match mu {
            MuSetting::Fixed(m) => m,
            MuSetting::Paper { c, k } => paper_mu(task, c, k)?,
        };
        Params::new(task, mu, gamma)
    }
}

/// What a sweep's spec must look like, for messages.
pub const TEMPLATE_RULE: &str =
    "a spec in which the size is written N, as a whole value or a whole item of a \
     comma-separated list, in one key or several (also inside a sum's parts), or as a*N+b, e.g. \
     'game=subtraction&moves=1,2&heap=N-1', 'game=chomp&rows=N&cols=N', 'game=nim&heaps=N,N' or \
     'game=sum&parts=nim(heaps=N)+chomp(rows=2;cols=N)'";

/// An item that is an affine expression in N — `N`, `N-1`, `N+2`, `2*N`, `3*N-1`, `N*2` —
/// as (a, b) for a·N + b; None for any other text (left as it is).
fn affine(item: &str) -> Option<(i128, i128)> {
    let text: String = item.chars().filter(|c| !c.is_whitespace()).collect();
    if !text.contains('N') || !text.chars().all(|c| c.is_ascii_digit() || "N*+-".contains(c)) {
        return None;
    }
    let (mut a, mut b) = (0i128, 0i128);
    // Terms split before each sign; each term is ±c, ±N, ±c*N or ±N*c.
    let mut terms = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if i > 0 && (c == '+' || c == '-') {
            terms.push(&text[start..i]);
            start = i;
        }
    }
    terms.push(&text[start..]);
    for term in terms {
        let (sign, body) = match term.strip_prefix('-') {
            Some(rest) => (-1, rest),
            None => (1, term.strip_prefix('+').unwrap_or(term)),
        };
        let number = |t: &str| -> Option<i128> {
            (!t.is_empty() && t.len() <= 20 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse().ok())?
        };
        match body.split('*').collect::<Vec<_>>()[..] {
            ["N"] => a += sign,
            [c, "N"] | ["N", c] => a += sign * number(c)?,
            [c] => b += sign * number(c)?,
            _ => return None,
        }
    }
    Some((a, b))
}

/// A value cut into items, the separators kept as items of their own so that joining them
/// gives the value back: items end at `,` (a list) and at `(`, `)`, `;` and `=` (a sum's
/// parts, `nim(heaps=N,N)+chomp(rows=2;cols=N)`). A `+` separates nothing here, since an
/// affine item may hold one (`N+2`); `…)+nim` leaves `+nim`, which is no expression.
fn items_of(value: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut start = 0;
    for (i, c) in value.char_indices() {
        if matches!(c, ',' | '(' | ')' | ';' | '=') {
            items.push(&value[start..i]);
            items.push(&value[i..i + 1]);
            start = i + 1;
        }
    }
    items.push(&value[start..]);
    items
}

/// The spec of one size: every value, or comma-separated item of a value, that is `N` or an
/// affine expression in N (see `affine`) replaced by its value at `size`. Refuses a
/// template without N, N in `game=` or `play=`, and an expression that is negative or above
/// 2^64 − 1 at this size.
pub fn spec_for(template: &str, size: u64) -> Result<String, InputError> {
    let mut found = false;
    let mut parts = Vec::new();
    for part in template.split('&') {
        let Some((key, value)) = part.split_once('=') else {
            parts.push(part.to_string());
            continue;
        };
        let mut items = String::new();
        for item in items_of(value) {
            match affine(item) {
                Some(_) if matches!(key.trim(), "game" | "play") => {
                    return Err(bad_value(
                        key,
                        value,
                        "N stands for a size, so it goes in a key that takes a number \
                         (e.g. heap=N), not in game= or play=",
                    ))
                }
                Some((a, b)) => {
                    found = true;
                    let v = a * i128::from(size) + b;
                    let Ok(v) = u64::try_from(v) else {
                        return Err(bad_value(
                            key,
                            item,
                            &format!(
                                "an expression in N that is a whole number from 0 to 2^64 − 1 at every size, \
                                 and at N = {size} it is {v}"
                            ),
                        ));
                    };
                    items.push_str(&v.to_string());
                }
                None => items.push_str(item),
            }
        }
        parts.push(format!("{key}={items}"));
    }
    if !found {
        return Err(bad_value("game", template, TEMPLATE_RULE));
    }
    Ok(parts.join("&"))
}

/// Sizes every size of a sweep from its spec alone, before anything is built: the first size
/// whose spec is bad or whose instance is above the budget is returned with its error, so a
/// sweep is refused before its first graph is allocated.
pub fn check_sizes(template: &str, sizes: &[u64], limits: &Limits) -> Result<(), (u64, InputError)> {
    for &size in sizes {
        let check = || {
            let spec = GameSpec::parse(&spec_for(template, size)?)?;
            games::check_size(spec.family.name(), games::estimate(&spec, limits)?, limits)
        };
        check().map_err(|e| (size, e))?;
    }
    Ok(())
}

/// Builds one size. A sweep builds its sizes one at a time (see `sweep::sweep`), so memory is that
/// of the largest size, not of all of them.
pub fn prepare(template: &str, size: u64, limits: &Limits) -> Result<SweepSize, InputError> {
    SweepSize::build(&spec_for(template, size)?, size, limits)
}

impl SweepSize {
    /// The game of `spec` as size `size` of a sweep (the page's experiment builds its game
    /// this way, as [`prepare`] does each size of a sweep).
    pub fn build(spec: &str, size: u64, limits: &Limits) -> Result<SweepSize, InputError> {
        let task = Task::from_spec(spec, limits)?;
        let bounds = task.runtime_bounds(1.0);
        let bound_log10 = bounds.as_ref().and_then(|b| b.bound_log10);
        let bound_theorem_log10 = bounds.as_ref().and_then(|b| b.bound_theorem_log10);
        Ok(SweepSize { size, task: Arc::new(task), bound_log10, bound_theorem_log10 })
    }
}

/// The template of `spec` as size `size` of a sweep: every value or list item that is
/// `size` written `N` (the inverse of [`spec_for`]), so that `runtime --game TEMPLATE --sizes
/// SIZE` runs exactly this game. None when no item is `size`, or when the template does not
/// give `spec` back (an item that reads as an expression in N, such as a label `N`).
pub fn template_of(spec: &str, size: u64) -> Option<String> {
    let number = size.to_string();
    let parts: Vec<String> = spec
        .split('&')
        .map(|part| match part.split_once('=') {
            Some((key, value)) if !matches!(key.trim(), "game" | "play") => {
                let items: String =
                    items_of(value).into_iter().map(|item| if item == number { "N" } else { item }).collect();
                format!("{key}={items}")
            }
            _ => part.to_string(),
        })
        .collect();
    let template = parts.join("&");
    (spec_for(&template, size).ok()? == spec).then_some(template)
}

/// The size a spec most likely stands for in a sweep: its largest whole-number value or list
/// item (`heap=20` → 20, `rows=3&cols=4` → 4), or 0 when it has none.
pub fn default_size(spec: &str) -> u64 {
    spec.split('&')
        .filter_map(|part| part.split_once('='))
        .filter(|(key, _)| !matches!(key.trim(), "game" | "play"))
        .flat_map(|(_, value)| items_of(value))
        .filter_map(|item| item.parse::<u64>().ok())
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_in_n_fill_every_key() {
        assert_eq!(spec_for("game=chomp&rows=N&cols=N", 4).unwrap(), "game=chomp&rows=4&cols=4");
        assert_eq!(
            spec_for("game=subtraction&moves=1,2&heap=N-1", 8).unwrap(),
            "game=subtraction&moves=1,2&heap=7"
        );
        assert_eq!(
            spec_for("game=silver-dollar&coins=2&squares=2*N+1", 5).unwrap(),
            "game=silver-dollar&coins=2&squares=11"
        );
        assert_eq!(spec_for("game=nim&heaps=N*3,N+2,-1+N", 2).unwrap(), "game=nim&heaps=6,4,1");
        assert!(spec_for("game=subtraction&moves=1,2&heap=N-1", 0)
            .unwrap_err()
            .to_string()
            .contains("at N = 0 it is -1"));
        assert!(spec_for("game=N&heap=3", 2).unwrap_err().to_string().contains("not in game= or play="));
        // Text that is not an expression is left alone (a custom graph's label, say).
        assert!(spec_for("game=dag&edges=Nx>b", 2).is_err(), "no N to fill");
        // Inside a sum's parts: values and list items between the part grammar's separators;
        // a poset expression's + and the parts' + are left alone.
        assert_eq!(
            spec_for("game=sum&parts=nim(heaps=N,1)+chomp(rows=2;cols=N+1)+poset(poset=C2+A2)", 3).unwrap(),
            "game=sum&parts=nim(heaps=3,1)+chomp(rows=2;cols=4)+poset(poset=C2+A2)"
        );
        assert_eq!(
            spec_for("game=sum&parts=nim(heaps=N) nim(heaps=2*N)", 2).unwrap(),
            "game=sum&parts=nim(heaps=2) nim(heaps=4)"
        );
        assert!(spec_for("game=sum&parts=nim(heaps=3)+nim(heaps=N-4)", 2)
            .unwrap_err()
            .to_string()
            .contains("at N = 2 it is -2"));
        assert_eq!(affine("N--1"), None);
        assert_eq!(affine("2*N*3"), None);
    }
}
