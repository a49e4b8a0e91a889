//! The lines of a sweep's figure, shared by the CLI's `--plot` and the page.

use std::collections::HashMap;

use super::{settings::*, summary::*};

/// One line of a sweep's figure: its legend text and its cells sorted by n (the CLI's `--plot`
/// and the page's figure draw the same lines). A line is one learner, and for UMDA one (μ, γ).
pub struct FigureSeries<'a> {
    /// Legend text ("lnwp against random", "UMDA, μ = 20, γ = paper").
    pub label: String,
    /// The slope of Corollary 5.3's bound, drawn through the first median; None for rule learners.
    pub bound_slope: Option<f64>,
    /// The slope of Theorem 5.2's bound, drawn the same way; None for rule learners.
    pub bound_theorem_slope: Option<f64>,
    /// The series' cells, sorted by n.
    pub cells: Vec<&'a CellSummary>,
}

/// Whether every series of the summary is a rule learner's (which have no μ or γ).
pub fn rules_only(summary: &Summary) -> bool {
    summary.series.iter().all(|s| s.mu_setting == NO_SETTING)
}

/// The lines of a sweep's figure, one per series of the summary, in its order.
pub fn figure_series(summary: &Summary) -> Vec<FigureSeries<'_>> {
    let has_rule = summary.series.iter().any(|s| s.mu_setting == NO_SETTING);
    // Several learners (a rule, or PBIL beside UMDA): each line names its learner.
    let learners: std::collections::HashSet<&str> =
        summary.series.iter().map(|s| s.learner.as_str()).collect();
    let mixed = (has_rule && !rules_only(summary)) || learners.len() > 1;
    // The cells grouped by series in one pass: linear in cells + series, not their product.
    let key = |l: &'_ str, m: &'_ str, g: &'_ str| (l.to_string(), m.to_string(), g.to_string());
    let mut cells_of: HashMap<(String, String, String), Vec<&CellSummary>> = HashMap::new();
    for c in &summary.sizes {
        cells_of.entry(key(&c.learner, &c.mu_setting, &c.gamma_setting)).or_default().push(c);
    }
    summary
        .series
        .iter()
        .filter_map(|s| {
            let mut cells =
                cells_of.remove(&key(&s.learner, &s.mu_setting, &s.gamma_setting)).unwrap_or_default();
            cells.sort_by_key(|c| (c.positions, c.size));
            let first = cells.first()?;
            let mu = if s.mu_setting.is_empty() { first.mu.to_string() } else { s.mu_setting.clone() };
            let gamma = if s.gamma_setting.is_empty() {
                format!("{:.3e}", first.gamma)
            } else {
                s.gamma_setting.clone()
            };
            let slope = match (s.slope, s.slope_low, s.slope_high) {
                (Some(m), lo, hi) => format!(
                    ", slope {m:.2} [{}, {}]",
                    lo.map_or("?".into(), |x| format!("{x:.2}")),
                    hi.map_or("∞".into(), |x| format!("{x:.2}"))
                ),
                _ => String::new(),
            };
            // A rule learner has no μ or γ: its line is named by the rule and its opponent.
            let name = if s.mu_setting == NO_SETTING {
                s.learner.replacen(':', " against ", 1)
            } else if mixed {
                format!("{}, μ = {mu}, γ = {gamma}", s.learner.to_uppercase())
            } else {
                format!("μ = {mu}, γ = {gamma}")
            };
            Some(FigureSeries {
                label: format!("{name}{slope}"),
                bound_slope: s.bound_slope,
                bound_theorem_slope: s.bound_theorem_slope,
                cells,
            })
        })
        .collect()
}
