//! The analysis summary that the CLI prints and the wasm facade returns: one serialisable
//! [`Report`] per game, plus a plain-text rendering. The JSON field names are a public
//! interface, documented in README.

use std::io::Write;

use serde::Serialize;

use crate::analysis::bounds::{runtime_bounds, RuntimeBounds};
use crate::analysis::period::{search_limit, subtraction_period, Periodicity};
use crate::analysis::{opt, switchability, Analysis, Outcome};
use crate::error::SpecError;
use crate::games::{self, Limits};
use crate::graph::{GameGraph, FICTITIOUS_START};
use crate::spec::{bad_value, Family, GameSpec, Play};

/// The K of Theorem 5.2 / Corollary 5.3 used in reports: failure probability at most 1/n.
pub const REPORT_K: f64 = 1.0;

/// Everything `impartial analyse` reports about one game.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The canonical spec.
    pub game: String,
    pub play: &'static str,
    pub positions: usize,
    pub edges: usize,
    pub max_degree: usize,
    /// The root's label.
    pub root: String,
    /// h(v0); null under misère play.
    pub root_grundy: Option<u32>,
    pub root_outcome: &'static str,
    /// The label the winning move from the root leads to; null at a P-position.
    pub winning_move: Option<String>,
    /// |W_G|.
    pub critical: usize,
    /// True when the root is a P-position, so seed 000's fictitious start v* → v0 is added for
    /// everything that assumes a first-player win (Opt(G), the runtime bounds).
    pub fictitious_start: bool,
    /// Largest Prop 4.4 (or Prop 6.1) upper bound on s(v) over all positions.
    pub switchability_bound: u32,
    /// Which result the bound comes from: "Prop 4.4" or "Prop 6.1".
    pub switchability_bound_from: &'static str,
    /// Largest exact s(v) over all positions, when computed (graphs of at most
    /// `switchability_exact_limit` positions whose searches finished).
    pub switchability_exact: Option<u32>,
    pub switchability_exact_limit: usize,
    /// Theorem 5.2 / Corollary 5.3 settings on the learning graph; null under misère play.
    pub bounds: Option<RuntimeBounds>,
    /// Whether the strategy "play a winning move where there is one" is in Opt of the learning
    /// graph, checked by the Opt(G) test (a self-check; true whenever the analysis is right).
    pub optimal_strategy_checked: bool,
    /// Subtraction games only: the Grundy sequence's period (null if none within the limit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtraction_period: Option<Option<Periodicity>>,
    /// Subtraction games only: the largest heap size the period search looked at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period_search_limit: Option<u64>,
    /// One entry per position, only when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<Vec<NodeReport>>,
    /// The position asked about with `--from`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<NodeReport>,
    /// The Opt(G) check of a strategy given with `--strategy`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy: Option<StrategyCheck>,
}

/// What to add to a report beyond the summary.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// List every position.
    pub positions: bool,
    /// Describe one position, by label.
    pub from: Option<String>,
    /// Check a strategy: (position label, move label) pairs.
    pub strategy: Option<Vec<(String, String)>>,
}

/// The result of checking a (possibly partial) strategy against Opt(G) (seed 000 §2).
#[derive(Debug, Clone, Serialize)]
pub struct StrategyCheck {
    /// Positions the strategy fixes a move at.
    pub fixed: usize,
    /// Interior positions it leaves open (they count as "any move").
    pub open: usize,
    /// Every strategy that agrees with it is in Opt (of G, or of G* when `fictitious_start`):
    /// it wins from the root against every opponent.
    pub optimal: bool,
}

/// One position in a report's `nodes`.
#[derive(Debug, Clone, Serialize)]
pub struct NodeReport {
    pub label: String,
    pub grundy: Option<u32>,
    pub outcome: &'static str,
    pub critical: bool,
    /// Labels of the positions it moves to.
    pub moves: Vec<String>,
    /// Labels of its optimal moves (to P-positions).
    pub optimal_moves: Vec<String>,
    pub switchability_bound: u32,
    pub switchability: Option<u32>,
    /// The Grundy value worked out, e.g. `mex{0, 2} = 1`; null under misère play.
    pub mex: Option<String>,
}

/// The most text `--positions` may write, in bytes (estimated from the labels before anything
/// is written): enough for every game of a few hundred thousand positions, and written in
/// seconds. A larger listing is refused with a sentence saying so.
pub const OUTPUT_BUDGET: u64 = 256 << 20;

/// The fixed fields of one position's entry in a listing (grundy, outcome, critical, bounds, mex),
/// in bytes, rounded up: what the output estimate adds to each label.
const PER_POSITION_BYTES: u64 = 160;

/// What lists a game's positions one at a time ([`Report::with_positions`]): the analysis and
/// the per-position switchability, kept so that no [`NodeReport`] has to be held for more
/// than the moment it is written.
pub struct Positions<'g> {
    graph: &'g GameGraph,
    analysis: Analysis,
    switchability_bound: Vec<u32>,
    switchability: Option<Vec<Option<u32>>>,
}

impl Positions<'_> {
    /// Every position's label, in id order: each label is made once, however many moves lead
    /// to it.
    pub fn labels(&self) -> Vec<String> {
        (0..self.graph.len()).map(|v| self.graph.label(v)).collect()
    }

    /// Every position's label, made once, if listing them fits the output budget (see
    /// [`Positions::check_output`]). Stops making labels as soon as they alone exceed it, so a
    /// refused listing never holds more than the budget.
    pub fn checked_labels(&self) -> Result<Vec<String>, SpecError> {
        let mut labels = Vec::with_capacity(self.graph.len());
        let mut bytes = 0u64;
        for v in 0..self.graph.len() {
            let label = self.graph.label(v);
            bytes += label.len() as u64 + PER_POSITION_BYTES;
            if bytes > OUTPUT_BUDGET {
                return Err(SpecError::OutputTooLarge { what: "--positions", bytes, budget: OUTPUT_BUDGET });
            }
            labels.push(label);
        }
        self.check_output(&labels)?;
        Ok(labels)
    }

    /// Position `v`'s entry, with `label(w)` naming each position.
    pub fn node(&self, v: usize, label: impl Fn(usize) -> String) -> NodeReport {
        let (graph, analysis) = (self.graph, &self.analysis);
        NodeReport {
            label: label(v),
            grundy: analysis.grundy.as_ref().map(|h| h[v]),
            outcome: analysis.outcome[v].as_str(),
            critical: analysis.critical[v],
            moves: graph.moves(v).iter().map(|&w| label(w as usize)).collect(),
            optimal_moves: analysis.optimal_moves(graph, v).map(&label).collect(),
            switchability_bound: self.switchability_bound[v],
            switchability: self.switchability.as_ref().and_then(|e| e[v]),
            mex: analysis.grundy.as_ref().map(|h| mex_text(graph, h, v)),
        }
    }

    /// About how many bytes listing every position writes (JSON; the text form is shorter):
    /// each label once for itself and up to twice per move into it (`moves`, `optimal_moves`),
    /// plus each entry's fixed fields. The sentence refusing a listing over [`OUTPUT_BUDGET`].
    fn check_output(&self, labels: &[String]) -> Result<(), SpecError> {
        let graph = self.graph;
        let per_position: u64 = labels.iter().map(|l| l.len() as u64 + PER_POSITION_BYTES).sum();
        let per_move: u64 = graph.targets().iter().map(|&w| 2 * (labels[w as usize].len() as u64 + 8)).sum();
        let bytes = per_position + per_move;
        if bytes > OUTPUT_BUDGET {
            return Err(SpecError::OutputTooLarge { what: "--positions", bytes, budget: OUTPUT_BUDGET });
        }
        Ok(())
    }

    /// Writes the report as JSON with `nodes`, one position at a time (the same object that
    /// serialising a report with `nodes` gives, `nodes` last).
    pub fn write_json(
        &self,
        report: &Report,
        labels: &[String],
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let head = serde_json::to_string(report)?;
        out.write_all(&head.as_bytes()[..head.len() - 1])?;
        out.write_all(b",\"nodes\":[")?;
        for v in 0..self.graph.len() {
            if v > 0 {
                out.write_all(b",")?;
            }
            serde_json::to_writer(&mut *out, &self.node(v, |w| labels[w].clone()))?;
        }
        out.write_all(b"]}\n")
    }

    /// Writes the text report followed by its table of positions, one line at a time.
    pub fn write_text(
        &self,
        report: &Report,
        labels: &[String],
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        out.write_all(report.to_text().as_bytes())?;
        out.write_all(b"\nlabel\tgrundy\toutcome\tcritical\ts(v)\tmoves\n")?;
        for v in 0..self.graph.len() {
            writeln!(out, "{}", node_line(&self.node(v, |w| labels[w].clone())))?;
        }
        Ok(())
    }
}

/// One row of the text table of positions.
fn node_line(node: &NodeReport) -> String {
    let s = node.switchability.map_or(format!("≤{}", node.switchability_bound), |s| s.to_string());
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}",
        node.label,
        node.grundy.map_or("-".into(), |g| g.to_string()),
        node.outcome,
        if node.critical { "yes" } else { "no" },
        s,
        node.moves.join(" ")
    )
}

/// Parses, builds and analyses a spec in one call.
pub fn analyse(spec_text: &str, with_positions: bool) -> Result<Report, SpecError> {
    analyse_with(spec_text, &Options { positions: with_positions, ..Options::default() })
}

/// [`analyse`] with the extra parts of [`Options`].
pub fn analyse_with(spec_text: &str, options: &Options) -> Result<Report, SpecError> {
    let spec = GameSpec::parse(spec_text)?;
    let graph = games::build(&spec, &Limits::DEFAULT)?;
    Report::new(&spec, &graph, options)
}

/// Reads a strategy written as a JSON object from position labels to move labels,
/// e.g. `{"6":"4","5":"3"}`.
pub fn parse_strategy(text: &str) -> Result<Vec<(String, String)>, SpecError> {
    let map: std::collections::BTreeMap<String, String> = serde_json::from_str(text).map_err(|_| {
        bad_value("strategy", text, "a JSON object from position labels to move labels, e.g. {\"6\":\"4\"}")
    })?;
    Ok(map.into_iter().collect())
}

impl Report {
    pub fn new(spec: &GameSpec, graph: &GameGraph, options: &Options) -> Result<Report, SpecError> {
        let (mut report, positions) = Report::with_positions(spec, graph, options)?;
        if options.positions {
            let labels = positions.labels();
            report.nodes = Some((0..graph.len()).map(|v| positions.node(v, |w| labels[w].clone())).collect());
        }
        Ok(report)
    }

    /// The report without `nodes`, and what lists them: for output that writes the positions
    /// one at a time ([`Positions::write_json`], [`Positions::write_text`]) instead of holding
    /// them all. `options.positions` is ignored here.
    pub fn with_positions<'g>(
        spec: &GameSpec,
        graph: &'g GameGraph,
        options: &Options,
    ) -> Result<(Report, Positions<'g>), SpecError> {
        let analysis = Analysis::new(graph, spec.play);
        let root = graph.root();
        let fictitious_start = analysis.outcome[root] == Outcome::P;
        let (bounds_s, switchability_bound_from) = switchability_bounds(spec, graph);
        let exact = switchability::exact(graph);
        let s_exact = exact.as_ref().is_some_and(|e| e.iter().all(Option::is_some));
        let role = if fictitious_start { opt::Role::Second } else { opt::Role::First };
        let strategy: Vec<Option<u32>> = analysis.optimal_strategy(graph).into_iter().map(Some).collect();
        let optimal_strategy_checked = opt::every_completion_wins(graph, &strategy, spec.play, role);
        let bounds = learning_bounds(spec, graph, &analysis, &bounds_s, exact.as_deref(), REPORT_K);

        let (subtraction_period, period_search_limit) = match &spec.family {
            Family::Subtraction { moves, .. } => {
                let limit = search_limit(moves.len());
                (Some(subtraction_period(moves, limit)), Some(limit))
            }
            _ => (None, None),
        };
        let from =
            options.from.as_deref().map(|label| position_named(graph, label, "position")).transpose()?;
        let strategy = match &options.strategy {
            Some(entries) => Some(check_strategy(graph, entries, spec.play, role)?),
            None => None,
        };
        let mut report = Report {
            game: spec.to_string(),
            play: spec.play.as_str(),
            positions: graph.len(),
            edges: graph.edge_count(),
            max_degree: graph.max_degree(),
            root: graph.label(root),
            root_grundy: analysis.grundy.as_ref().map(|h| h[root]),
            root_outcome: analysis.outcome[root].as_str(),
            winning_move: analysis.winning_move(graph, root).map(|w| graph.label(w)),
            critical: analysis.critical_count(),
            fictitious_start,
            switchability_bound: bounds_s.iter().copied().max().unwrap_or(0),
            switchability_bound_from,
            switchability_exact: if s_exact {
                exact.as_ref().and_then(|e| e.iter().flatten().copied().max())
            } else {
                None
            },
            switchability_exact_limit: switchability::EXACT_MAX_POSITIONS,
            bounds,
            optimal_strategy_checked,
            subtraction_period,
            period_search_limit,
            nodes: None,
            from: None,
            strategy,
        };
        let positions = Positions { graph, analysis, switchability_bound: bounds_s, switchability: exact };
        report.from = from.map(|v| positions.node(v, |w| graph.label(w)));
        Ok((report, positions))
    }

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
        let verdict =
            if self.root_outcome == "N" { "the first player wins" } else { "the second player wins" };
        line(format!(
            "root        {}: Grundy value {grundy}, {}-position ({verdict})",
            self.root, self.root_outcome
        ));
        if let Some(w) = &self.winning_move {
            line(format!("winning     move to {w}"));
        }
        if self.play == Play::Normal.as_str() {
            line(format!("critical    |W_G| = {} (seed 000 Def 2.1)", count(self.critical, "position")));
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
                "note        the root is a P-position: as in seed 000 §2, learning uses a fictitious start {FICTITIOUS_START} → {}",
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
        if let Some(node) = &self.from {
            let value = node.mex.clone().unwrap_or_else(|| "no Grundy value (misère play)".into());
            let moves =
                if node.optimal_moves.is_empty() { "none".into() } else { node.optimal_moves.join(" ") };
            line(format!(
                "from        {}: {value}, {}-position{}; winning moves to: {moves}",
                node.label,
                node.outcome,
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
    format!("{} {noun}{plural}", crate::error::group_digits(n as u128))
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

/// The id of the position with this label, or a sentence saying there is none.
fn position_named(graph: &GameGraph, label: &str, what: &str) -> Result<usize, SpecError> {
    graph.find(label).ok_or_else(|| bad_value(what, label, "the label of a position of this game"))
}

/// Checks a strategy given as (position, move) labels against Opt of the learning graph (G, or
/// G* when x plays second from v0); positions it does not list are open.
fn check_strategy(
    graph: &GameGraph,
    entries: &[(String, String)],
    play: Play,
    role: opt::Role,
) -> Result<StrategyCheck, SpecError> {
    let mut strategy: Vec<Option<u32>> = vec![None; graph.len()];
    for (from, to) in entries {
        let v = position_named(graph, from, "strategy position")?;
        let w = position_named(graph, to, "strategy move")?;
        if !graph.moves(v).contains(&(w as u32)) {
            return Err(bad_value(
                "strategy move",
                &format!("{from} → {to}"),
                &format!("{to} is not a move from {from}"),
            ));
        }
        strategy[v] = Some(w as u32);
    }
    let open = (0..graph.len()).filter(|&v| !graph.is_sink(v) && strategy[v].is_none()).count();
    Ok(StrategyCheck {
        fixed: entries.len(),
        open,
        optimal: opt::every_completion_wins(graph, &strategy, play, role),
    })
}

/// Position `v`'s Grundy value worked out from its options' values, e.g. `mex{0, 2} = 1`
/// (seed 004: the minimum excluded value of the set of the options' Grundy values).
pub fn mex_text(graph: &GameGraph, grundy: &[u32], v: usize) -> String {
    let mut options: Vec<u32> = graph.moves(v).iter().map(|&w| grundy[w as usize]).collect();
    options.sort_unstable();
    options.dedup();
    let shown: Vec<String> = options.iter().map(u32::to_string).collect();
    format!("mex{{{}}} = {}", shown.join(", "), grundy[v])
}

/// Theorem 5.2's and Corollary 5.3's settings and bounds for the learning graph (G, or G* when
/// the root is a P-position); None under misère play, for which the paper proves nothing.
///
/// G* is not built: its learner makes the forced move v* → v0 and then plays second from v0
/// (opt::Role::Second); v* is not critical (its one move goes to the P-position v0); n grows
/// by one and Δ is at least 1; s(v) is unchanged for v ≠ v* and s(v*) = 0, because a switcher
/// never needs the edge v* → v0. Where exact s(v) is unknown its upper bound is used (valid,
/// since the bounds increase in s).
pub fn learning_bounds(
    spec: &GameSpec,
    graph: &GameGraph,
    analysis: &Analysis,
    bounds_s: &[u32],
    exact: Option<&[Option<u32>]>,
    k: f64,
) -> Option<RuntimeBounds> {
    if spec.play != Play::Normal {
        return None;
    }
    let s_value = |v: usize| exact.and_then(|e| e[v]).unwrap_or(bounds_s[v]);
    let s_exact = exact.is_some_and(|e| e.iter().all(Option::is_some));
    let critical_s: Vec<u32> = analysis.critical_positions().into_iter().map(s_value).collect();
    let s_all = (0..graph.len()).map(s_value).max().unwrap_or(0);
    let (n, max_degree) = if analysis.outcome[graph.root()] == Outcome::P {
        (graph.len() + 1, graph.max_degree().max(1))
    } else {
        (graph.len(), graph.max_degree())
    };
    Some(runtime_bounds(n, max_degree, &critical_s, s_all, s_exact, k))
}

/// Upper bounds on s(v): Prop 4.4's shortest-path length, and Prop 6.1's s(v) ≤ 1 for
/// SubtractionNim^k_n (moves exactly 1..k), whose proof builds a depth-1 switcher for every v.
/// Returns the bounds and which result they come from.
pub fn switchability_bounds(spec: &GameSpec, graph: &GameGraph) -> (Vec<u32>, &'static str) {
    let mut bounds = switchability::path_bounds(graph);
    if let Family::Subtraction { moves, .. } = &spec.family {
        let is_subtraction_nim = moves.iter().enumerate().all(|(i, &s)| s == i as u64 + 1);
        if is_subtraction_nim {
            for b in &mut bounds {
                *b = (*b).min(1);
            }
            return (bounds, "Prop 6.1");
        }
    }
    (bounds, "Prop 4.4")
}
