//! The model learners by name: the list `--learner` reads (`impartial umda`, `impartial runtime`,
//! the sweeps). Apart from [`super::learner`], which defines what a learner is, so that each
//! learner's module uses the interface and only this list names them all.

use super::learner::{Algorithm, UMDA};

/// Every model learner, by name. A new learner is one module and one line here.
pub static ALGORITHMS: &[&Algorithm] = &[&UMDA, &super::pbil::PBIL, &super::cga::CGA];

/// The learner named `name`, if any.
pub fn algorithm(name: &str) -> Option<&'static Algorithm> {
    ALGORITHMS.iter().copied().find(|a| a.name == name.trim())
}

/// The names of [`ALGORITHMS`] as a sentence's list: "umda, pbil or cga".
pub fn names() -> String {
    let names: Vec<&str> = ALGORITHMS.iter().map(|a| a.name).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}
