//! The plain-text rendering of a [`Report`] that the CLI prints.

use super::data::{NodeReport, Report};
use crate::analysis::Outcome;
use crate::error::group_digits;
use crate::game_graph::FICTITIOUS_START;
use crate::spec::Play;

impl Report {
    /// The plain-text summary the CLI prints.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut line = |s: String| {
            out.push_str(&s);
            out.push('\n');
        };
        line(format!("game        {}", self.game));
        line(format!(
            "size        {}, {}, max degree Δ = {}",
            count(self.positions, "position"),
            count(self.edges, "move"),
            self.max_degree
        ));
        let grundy = self.root_grundy.map_or(String::from("none (misère play)"), |g| g.to_string());
        let verdict = match self.root_outcome {
            Outcome::N => "the first player wins",
            Outcome::P => "the second player wins",
        };
        line(format!(
            "root        {}: Grundy value {grundy}, {}-position ({verdict})",
            self.root,
            self.root_outcome.as_str()
        ));
        if let Some(w) = &self.winning_move {
            line(format!("winning     move to {w}"));
        }
        if self.play == Play::Normal {
            line(format!(
                "critical    |W_G| = {} (Benford & Lehre Def 2.1)",
                count(self.critical, "position")
            ));
        } else {
            line(format!(
                "critical    {}: N-positions with a move to an N-position (Def 2.1 read with misère outcomes)",
                count(self.critical, "position")
            ));
        }
        let exact = match self.switchability_exact {
            Some(s) => format!("exact max s(v) = {s}"),
            None if self.positions <= self.switchability_exact_limit => {
                "the exact search passed its step budget at some positions".to_string()
            }
            None => format!(
                "exact s(v) computed only for graphs of at most {} positions",
                self.switchability_exact_limit
            ),
        };
        line(format!(
            "switch.     max s(v) ≤ {} ({}); {exact}",
            self.switchability_bound, self.switchability_bound_from
        ));
        if self.fictitious_start {
            line(format!(
                "note        the root is a P-position: as in Benford & Lehre §2, learning uses a fictitious start {FICTITIOUS_START} → {}",
                self.root
            ));
        }
        match &self.bounds {
            Some(b) => {
                let s_kind = if b.s_exact { "" } else { " (upper bound)" };
                line(format!(
                    "Thm 5.2     n = {}, Δ = {}, γ = 1/(20Δn) = {:.3e}, s = {}{s_kind}, K = {}",
                    b.n, b.max_degree, b.gamma, b.s_critical, b.k
                ));
                line(format!(
                    "            μ ≥ C · {}, runtime ≤ C² · {} games with probability ≥ 1 − n^−K",
                    show(b.theorem_mu_over_c.log10),
                    show(b.theorem_runtime_over_c2.log10)
                ));
                line(format!(
                    "Cor 5.3     s = {}{s_kind}: μ = C · {}, runtime ≤ C² · {} games",
                    b.s_all,
                    show(b.corollary_mu_over_c.log10),
                    show(b.corollary_runtime_over_c2.log10)
                ));
            }
            None => line("Thm 5.2     not applicable: the runtime bounds are for normal play".into()),
        }
        if let Some(period) = &self.subtraction_period {
            match period {
                Some(p) => line(format!(
                    "period      Grundy sequence has preperiod {} and period {}: {}",
                    p.preperiod,
                    p.period,
                    shorten(&p.cycle)
                )),
                None => line(format!(
                    "period      no period found within heap sizes up to {}",
                    self.period_search_limit.unwrap_or(0)
                )),
            }
        }
        if let (None, Some(period)) = (&self.subtraction_period, &self.period) {
            match period {
                Some(p) => line(format!(
                    "period      one heap's Grundy sequence has period {} from heap {} on (Guy–Smith theorem)",
                    p.period, p.preperiod
                )),
                None => line(format!(
                    "period      no period of one heap's Grundy sequence proven within heaps up to {}",
                    self.period_search_limit.unwrap_or(0)
                )),
            }
        }
        if let Some(parts) = &self.parts {
            let values: Vec<String> = parts.iter().map(|p| p.grundy.to_string()).collect();
            let total = parts.iter().fold(0, |acc, p| acc ^ p.grundy);
            let rule = match self.play {
                Play::Normal => "the nim-sum, the root's Grundy value",
                Play::Misere => "under normal play; misère sums do not follow this XOR rule",
            };
            line(format!(
                "parts       {} parts, Grundy values {} = {total} ({rule})",
                parts.len(),
                values.join(" ⊕ ")
            ));
            for (i, part) in parts.iter().enumerate() {
                line(format!("part {:<6} {}: Grundy value {}", i + 1, part.game, part.grundy));
            }
        }
        if let Some(node) = &self.from {
            let value = node.mex.clone().unwrap_or_else(|| "no Grundy value (misère play)".into());
            let moves =
                if node.optimal_moves.is_empty() { "none".into() } else { node.optimal_moves.join(" ") };
            line(format!(
                "from        {}: {value}, {}-position{}; winning moves to: {moves}",
                node.label,
                node.outcome.as_str(),
                if node.critical { ", critical" } else { "" }
            ));
        }
        if let Some(check) = &self.strategy {
            let verdict = if check.optimal {
                if self.fictitious_start {
                    "in Opt(G*): after v* → root it wins against every opponent"
                } else {
                    "in Opt(G): it wins from the root against every opponent"
                }
            } else {
                "not in Opt(G): some opponent beats it"
            };
            let open = if check.open > 0 {
                format!(
                    " ({} open positions count as any move; the verdict holds for every choice there)",
                    check.open
                )
            } else {
                String::new()
            };
            line(format!("strategy    {} moves fixed: {verdict}{open}", check.fixed));
        }
        if let Some(nodes) = &self.nodes {
            line(String::new());
            line("label\tgrundy\toutcome\tcritical\ts(v)\tmoves".into());
            for node in nodes {
                line(node_line(node));
            }
        }
        out
    }
}

/// One row of the text table of positions.
pub(super) fn node_line(node: &NodeReport) -> String {
    let s = node.switchability.map_or(format!("≤{}", node.switchability_bound), |s| s.to_string());
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}",
        node.label,
        node.grundy.map_or("-".into(), |g| g.to_string()),
        node.outcome.as_str(),
        if node.critical { "yes" } else { "no" },
        s,
        node.moves.join(" ")
    )
}

/// A cycle of Grundy values for the text summary: the first 40 values, then how many in all
/// (the JSON keeps the whole cycle).
fn shorten(cycle: &[u32]) -> String {
    let shown: Vec<String> = cycle.iter().take(40).map(u32::to_string).collect();
    if cycle.len() > 40 {
        format!("{},… ({} values)", shown.join(","), cycle.len())
    } else {
        shown.join(",")
    }
}

/// "1 position", "12,345 positions".
fn count(n: usize, noun: &str) -> String {
    let plural = if n == 1 { "" } else { "s" };
    format!("{} {noun}{plural}", group_digits(n as u128))
}

/// 1234.5 → "1.23e3"-style text from a log10, readable for any magnitude; None is 0.
fn show(log10: Option<f64>) -> String {
    let Some(log10) = log10 else {
        return "0 (no critical positions)".to_string();
    };
    if log10 < 6.0 {
        format!("{:.1}", 10f64.powf(log10))
    } else {
        let exponent = log10.floor();
        format!("{:.2}e{}", 10f64.powf(log10 - exponent), exponent as i64)
    }
}
