//! The registry of model learners: every [`Algorithm`] by name. Apart from
//! [`super::learner`], which each learner's module uses, so that no file depends on itself.

use super::cga::CGA;
use super::learner::{Algorithm, UMDA};
use super::pbil::PBIL;

/// Every model learner, by name. A new learner is one module and one line here.
pub static ALGORITHMS: &[&Algorithm] = &[&UMDA, &PBIL, &CGA];

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
