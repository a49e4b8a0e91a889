//! Runtime experiments: the distribution of T (Def 5.1) over many seeds per game size, to set
//! beside the bounds of Benford & Lehre §5–6 (Theorem 5.2, Corollary 5.3, Props 6.1–6.4).
//!
//! A sweep names its game by a spec in which the size is written `N`: as a whole value
//! (`heap=N`), a whole item of a list (`heaps=N,N`), in several keys at once
//! (`rows=N&cols=N`), or as an affine expression `a*N+b` (`heap=N-1`, `squares=2*N`), also
//! inside a sum's parts (`parts=nim(heaps=N)+chomp(rows=2;cols=N)`). Each size replaces every
//! `N` (see [`spec_for`]).
//!
//! A sweep is a grid: every (size, μ, γ) cell runs `runs` seeded runs. Run r at size N uses
//! seed [`run_seed`]`(seed, N, r)` whatever the cell's μ and γ, so a cell of a grid is exactly
//! the same cell run alone, cells of one size share their seeds (common random numbers), a
//! sweep split into shards (`--shard i/k`) runs exactly the runs of the whole sweep, and any
//! single run can be replayed with `impartial umda --seed`.

use std::collections::HashMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::bootstrap::{self, SlopeReplicates};
use super::params::{check_gamma, paper_gamma, paper_mu, Engine, Params};
use super::rules::{Opponent, Rule, RulesRun};
use super::rules_game::{RulesGame, MAX_PLAYS};
use super::task::Task;
use super::umda::Run;
use crate::analysis::opt::Role;
use crate::error::InputError;
use crate::games::{self, Limits};
use crate::spec::GameSpec;
use crate::value::bad_value;

/// Who learns in a sweep. T is the games played until the learner holds a strategy in Opt(G)
/// (Benford & Lehre §2, Def 5.1): for UMDA, until a generation's winners include one (τ = μ games a
/// generation); for a rule of Böhme (§4–5), the plays against its opponent until the
/// learner's strategy is in Opt(G), one game a play (`impartial learn`'s `optimal_after`).
/// Where the root is a P-position both learn Benford & Lehre's G* (§2): the learner moves second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Learner {
    Umda,
    Rule(Rule, Opponent),
}

impl Learner {
    /// `umda`, or a rule and its opponent as `rule:opponent` (e.g. `lnwp:random`).
    pub fn parse(text: &str) -> Result<Learner, InputError> {
        let allowed = "umda, or one of Böhme's rules (lnwt, lnwp, llt, llp, rlnwt, rllt) with its \
                       opponent (first, perfect, random, same) as rule:opponent, e.g. lnwp:random";
        match text.trim() {
            "umda" => Ok(Learner::Umda),
            t => match t.split_once(':') {
                Some((rule, opponent)) => match (Rule::parse(rule), Opponent::parse(opponent)) {
                    (Ok(r), Ok(o)) => Ok(Learner::Rule(r, o)),
                    _ => Err(bad_value("learner", text, allowed)),
                },
                None => Err(bad_value("learner", text, allowed)),
            },
        }
    }

    /// A comma-separated list of learners (`umda,lnwp:random`), none twice.
    pub fn parse_list(text: &str) -> Result<Vec<Learner>, InputError> {
        let mut learners = Vec::new();
        for item in text.split(',') {
            let learner = Learner::parse(item)?;
            if learners.contains(&learner) {
                return Err(bad_value("learner", text, "a list of learners with none given twice"));
            }
            learners.push(learner);
        }
        Ok(learners)
    }

    /// As [`Learner::parse`] reads it: `umda`, `lnwp:random`.
    pub fn label(&self) -> String {
        match self {
            Learner::Umda => "umda".to_string(),
            Learner::Rule(r, o) => format!("{}:{}", r.name(), o.name()),
        }
    }
}

/// A rule learner's rows name no μ, γ or engine: their settings are written this way.
pub const NO_SETTING: &str = "-";

fn umda_label() -> String {
    "umda".to_string()
}

/// How μ is chosen per size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MuSetting {
    Fixed(u32),
    /// Theorem 5.2's μ with the constant C scaled to `c` and confidence `k`.
    Paper {
        c: f64,
        k: f64,
    },
}

impl MuSetting {
    /// The setting as a grid axis names it: the number, or `paper`.
    pub fn label(&self) -> String {
        match self {
            MuSetting::Fixed(m) => m.to_string(),
            MuSetting::Paper { .. } => "paper".to_string(),
        }
    }
}

/// How γ is chosen per size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GammaSetting {
    Fixed(f64),
    /// Theorem 5.2's γ = 1/(20Δn).
    Paper,
}

impl GammaSetting {
    /// `paper` or a finite number (checked against each size's Δ later, in [`Size::params`]).
    pub fn parse(text: &str) -> Result<GammaSetting, InputError> {
        match text.trim() {
            "paper" => Ok(GammaSetting::Paper),
            t => match t.parse::<f64>() {
                // + 0.0 turns −0 into 0, so "-0" and "0" are one grid value.
                Ok(g) if g.is_finite() => Ok(GammaSetting::Fixed(g + 0.0)),
                _ => Err(bad_value("gamma", text, "a number from 0 up to, not including, 1/Δ, or 'paper'")),
            },
        }
    }

    /// The setting as a grid axis names it: the number (shortest form), or `paper`.
    pub fn label(&self) -> String {
        match self {
            GammaSetting::Fixed(g) => g.to_string(),
            GammaSetting::Paper => "paper".to_string(),
        }
    }
}

/// One game size of a sweep, built, with the bound its cells are compared with.
#[derive(Debug, Clone)]
pub struct Size {
    /// The value substituted for N.
    pub size: u64,
    pub task: Arc<Task>,
    /// log10 of Corollary 5.3's runtime bound divided by C² (None under misère play).
    pub bound_log10: Option<f64>,
}

impl Size {
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
/// affine expression in N (see [`affine`]) replaced by its value at `size`. Refuses a
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

/// Builds one size. A sweep builds its sizes one at a time (see [`sweep`]), so memory is that
/// of the largest size, not of all of them.
pub fn prepare(template: &str, size: u64, limits: &Limits) -> Result<Size, InputError> {
    Size::build(&spec_for(template, size)?, size, limits)
}

impl Size {
    /// The game of `spec` as size `size` of a sweep (the page's experiment builds its game
    /// this way, as [`prepare`] does each size of a sweep).
    pub fn build(spec: &str, size: u64, limits: &Limits) -> Result<Size, InputError> {
        let task = Task::from_spec(spec, limits)?;
        let bound_log10 = task.runtime_bounds(1.0).and_then(|b| b.corollary_runtime_over_c2.log10);
        Ok(Size { size, task: Arc::new(task), bound_log10 })
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

use crate::combinatorics::splitmix64 as mix;

/// The seed of run `run` at size `size` in a sweep with base seed `seed` (the same in every
/// μ/γ cell of that size).
pub fn run_seed(seed: u64, size: u64, run: u32) -> u64 {
    mix(mix(mix(seed) ^ size) ^ u64::from(run))
}

/// The seed of a cell's bootstrap stream: from the cell alone, so a summary does not depend
/// on how its runs were sharded.
fn bootstrap_seed(size: u64, mu: u32, gamma: f64) -> u64 {
    mix(mix(mix(0x626f_6f74_7374_7270) ^ size) ^ u64::from(mu)) ^ gamma.to_bits()
}

/// One run's result: a row of the raw table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunRow {
    pub size: u64,
    pub engine: String,
    pub max_games: u64,
    pub positions: usize,
    pub max_degree: usize,
    pub run: u32,
    pub seed: u64,
    pub mu: u32,
    pub gamma: f64,
    pub found: bool,
    /// T when found, else the games spent.
    pub games: u64,
    pub generations: u64,
    pub bound_log10: Option<f64>,
    /// The μ of the grid axis this run belongs to (`100`, `paper`); empty in rows written
    /// before grids existed.
    #[serde(default)]
    pub mu_setting: String,
    /// The γ of the grid axis (`0.01`, `paper`); empty in rows written before grids existed.
    #[serde(default)]
    pub gamma_setting: String,
    /// The learner as [`Learner::label`] writes it (`umda` in rows written before learners).
    #[serde(default = "umda_label")]
    pub learner: String,
}

/// The raw table's header: one name per value of [`RunRow::to_csv`], in its order.
pub const RAW_HEADER: &str = "size,engine,max_games,positions,max_degree,run,seed,mu,gamma,found,games,generations,bound_log10,mu_setting,gamma_setting,learner";

impl RunRow {
    pub fn to_csv(&self) -> String {
        format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            self.size,
            self.engine,
            self.max_games,
            self.positions,
            self.max_degree,
            self.run,
            self.seed,
            self.mu,
            self.gamma,
            self.found,
            self.games,
            self.generations,
            self.bound_log10.map(|b| b.to_string()).unwrap_or_default(),
            self.mu_setting,
            self.gamma_setting,
            self.learner,
        )
    }

    /// Parses a line written by [`RunRow::to_csv`] (or by a version before grids, without the
    /// two settings, or before learners, without the learner).
    pub fn from_csv(line: &str) -> Option<RunRow> {
        let f: Vec<&str> = line.trim().split(',').collect();
        if ![13, 15, 16].contains(&f.len()) {
            return None;
        }
        let setting = |i: usize, ok: fn(&str) -> bool| -> Option<String> {
            let text = f.get(i).copied().unwrap_or("");
            (text.is_empty() || ok(text)).then(|| text.to_string())
        };
        Some(RunRow {
            size: f[0].parse().ok()?,
            engine: if f[1] == NO_SETTING {
                NO_SETTING.to_string()
            } else {
                Engine::parse(f[1]).ok()?.as_str().to_string()
            },
            max_games: f[2].parse().ok()?,
            positions: f[3].parse().ok()?,
            max_degree: f[4].parse().ok()?,
            run: f[5].parse().ok()?,
            seed: f[6].parse().ok()?,
            mu: f[7].parse().ok()?,
            gamma: f[8].parse().ok().filter(|g: &f64| g.is_finite())?,
            found: f[9].parse().ok()?,
            games: f[10].parse().ok()?,
            generations: f[11].parse().ok()?,
            // "NaN" and "inf" parse as f64 but are no bound a sweep writes.
            bound_log10: if f[12].is_empty() {
                None
            } else {
                Some(f[12].parse().ok().filter(|b: &f64| b.is_finite())?)
            },
            mu_setting: setting(13, |t| t == "paper" || t == NO_SETTING || t.parse::<u32>().is_ok())?,
            gamma_setting: setting(14, |t| {
                t == "paper" || t == NO_SETTING || t.parse::<f64>().is_ok_and(f64::is_finite)
            })?,
            learner: match f.get(15) {
                Some(t) => Learner::parse(t).ok()?.label(),
                None => umda_label(),
            },
        })
    }
}

/// A sweep's cell settings, as run: the μ and γ of the grid axes and their labels.
#[derive(Debug, Clone, Copy)]
pub struct CellSetting {
    pub mu: MuSetting,
    pub gamma: GammaSetting,
}

/// Refuses settings under which a run can do nothing useful: a budget below one generation, or
/// the expected engine's criterion out of reach.
pub fn check_runnable(task: &Task, engine: Engine, params: Params, max_games: u64) -> Result<(), String> {
    check_budget(params.mu(), max_games)?;
    if engine == Engine::Expected {
        super::params::check_expected_reachable(task, params).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Refuses a budget below μ games (not one generation fits); needs no game, so a fixed μ is
/// checked before the game is built.
pub fn check_budget(mu: u32, max_games: u64) -> Result<(), String> {
    if max_games < u64::from(mu) {
        return Err(format!(
            "The budget of {} games is below μ = {mu}: not even one generation fits; raise it or lower μ.",
            crate::error::group_digits(u128::from(max_games)),
        ));
    }
    Ok(())
}

/// Runs run `run` of a cell until found or `max_games` is spent, calling `each` with the run
/// before its first generation and after every generation (the page's experiment records Π
/// this way; watching does not change the run).
#[allow(clippy::too_many_arguments)]
pub fn run_one(
    size: &Size,
    setting: CellSetting,
    params: Params,
    run: u32,
    engine: Engine,
    max_games: u64,
    seed: u64,
    mut each: impl FnMut(&Run),
) -> RunRow {
    let seed = run_seed(seed, size.size, run);
    let mut umda = Run::new(Arc::clone(&size.task), engine, params, seed);
    each(&umda);
    let found = umda.run_until_found(max_games, each);
    RunRow {
        size: size.size,
        engine: engine.as_str().to_string(),
        max_games,
        positions: size.task.n,
        max_degree: size.task.max_degree,
        run,
        seed,
        mu: params.mu(),
        gamma: params.gamma(),
        found,
        games: umda.found().map_or(umda.games(), |f| f.games),
        generations: umda.found().map_or(umda.generation(), |f| f.generation),
        bound_log10: size.bound_log10,
        mu_setting: setting.mu.label(),
        gamma_setting: setting.gamma.label(),
        learner: umda_label(),
    }
}

/// Runs run `run` of a rule learner at a size: plays against the opponent until the learner's
/// strategy is in Opt(G) or `max_plays` are spent. The same run as `impartial learn` on the
/// size's spec with the row's seed (and `--second` where the root is a P-position).
pub fn run_rule(size: &Size, rule: Rule, opponent: Opponent, run: u32, max_plays: u64, seed: u64) -> RunRow {
    let seed = run_seed(seed, size.size, run);
    let task = &*size.task;
    let game = RulesGame::acyclic(task.spec.clone(), task.play, task.graph.clone());
    let mut rules = RulesRun::seated(game, rule, opponent, seed, task.role == Role::Second);
    while rules.counts().optimal_after.is_none() && rules.counts().plays < max_plays {
        rules.play();
    }
    let counts = rules.counts();
    RunRow {
        size: size.size,
        engine: NO_SETTING.to_string(),
        max_games: max_plays,
        positions: task.n,
        max_degree: task.max_degree,
        run,
        seed,
        mu: 0,
        gamma: 0.0,
        found: counts.optimal_after.is_some(),
        games: counts.optimal_after.unwrap_or(counts.plays),
        generations: counts.plays,
        // Corollary 5.3 bounds UMDA's T; Böhme bounds plays not won, not this T.
        bound_log10: None,
        mu_setting: NO_SETTING.to_string(),
        gamma_setting: NO_SETTING.to_string(),
        learner: Learner::Rule(rule, opponent).label(),
    }
}

/// Refuses a rule learner's budget that `impartial learn` would not run at this size (more
/// than its 10,000,000 plays, or plays that could visit more than its 10^10 positions), so
/// every run of the sweep can be replayed there.
pub fn check_rule_budget(size: &Size, max_plays: u64) -> Result<(), InputError> {
    if max_plays > MAX_PLAYS {
        return Err(bad_value(
            "max-evals",
            &max_plays.to_string(),
            "for a rule learner, the most plays of a run: a whole number from 1 to 10,000,000",
        ));
    }
    let task = &*size.task;
    RulesGame::acyclic(task.spec.clone(), task.play, task.graph.clone()).check_plays(max_plays)
}

/// Which part of a sweep this job runs: the jobs whose index in the sweep's order (see
/// [`Grid::job_index`]) is `index − 1` modulo `count` (1-based, like a cluster's job array).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// `i/k` with 1 ≤ i ≤ k.
    pub fn parse(text: &str) -> Result<Shard, InputError> {
        let allowed = "i/k with whole numbers 1 ≤ i ≤ k, e.g. 3/10 for the third of ten jobs";
        let (i, k) = text.split_once('/').ok_or_else(|| bad_value("shard", text, allowed))?;
        let (i, k): (u32, u32) = match (i.trim().parse(), k.trim().parse()) {
            (Ok(i), Ok(k)) if 1 <= i && i <= k => (i, k),
            _ => return Err(bad_value("shard", text, allowed)),
        };
        Ok(Shard { index: i, count: k })
    }

    pub fn includes(self, job: u64) -> bool {
        job % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A sweep's grid: sizes × learners × μ × γ cells, each with `runs` runs. A rule learner has no
/// μ or γ, so a grid with one takes one μ and one γ (UMDA's, if UMDA is among the learners).
#[derive(Debug, Clone)]
pub struct Grid {
    pub sizes: Vec<u64>,
    pub learners: Vec<Learner>,
    pub mus: Vec<MuSetting>,
    pub gammas: Vec<GammaSetting>,
    pub runs: u32,
}

/// One job of a sweep: indices into the grid's axes, and the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Job {
    pub size: usize,
    pub learner: usize,
    pub mu: usize,
    pub gamma: usize,
    pub run: u32,
}

impl Grid {
    /// Cells of the grid (sizes × learners × μ × γ), in u64 so a huge grid is counted, not
    /// overflowed.
    pub fn cells(&self) -> u64 {
        self.sizes.len() as u64
            * self.learners.len() as u64
            * self.mus.len() as u64
            * self.gammas.len() as u64
    }

    /// Runs of the whole sweep.
    pub fn jobs_total(&self) -> u64 {
        self.cells() * u64::from(self.runs)
    }

    /// The job's place in the sweep's order: size-major, then learner, μ, γ and run. With one
    /// learner, μ and γ this is the order of sweeps before grids, so their shards are unchanged.
    pub fn job_index(&self, job: Job) -> u64 {
        let (l, m, g, r) = (
            self.learners.len() as u64,
            self.mus.len() as u64,
            self.gammas.len() as u64,
            u64::from(self.runs),
        );
        let cell = ((job.size as u64 * l + job.learner as u64) * m + job.mu as u64) * g + job.gamma as u64;
        cell * r + u64::from(job.run)
    }

    /// The jobs of a shard, in the sweep's order.
    pub fn jobs(&self, shard: Shard) -> Vec<Job> {
        let mut jobs = Vec::new();
        for size in 0..self.sizes.len() {
            for learner in 0..self.learners.len() {
                for mu in 0..self.mus.len() {
                    for gamma in 0..self.gammas.len() {
                        for run in 0..self.runs {
                            let job = Job { size, learner, mu, gamma, run };
                            if shard.includes(self.job_index(job)) {
                                jobs.push(job);
                            }
                        }
                    }
                }
            }
        }
        jobs
    }
}

/// Runs a shard's jobs on all cores; rows come back in job order whatever the thread count.
/// Each size is built by `prepare` when its first job comes up and dropped after its last.
#[cfg(not(target_arch = "wasm32"))]
pub fn sweep(
    grid: &Grid,
    prepare: impl Fn(u64) -> Result<Size, InputError>,
    shard: Shard,
    engine: Engine,
    max_games: u64,
    seed: u64,
    progress: impl Fn(usize, usize) + Sync,
) -> Result<Vec<RunRow>, InputError> {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let jobs = grid.jobs(shard);
    let done = AtomicUsize::new(0);
    let mut rows = Vec::with_capacity(jobs.len());
    // Jobs are in size-major order: one size is built, its cells' runs go to every core, and
    // it is dropped before the next is built.
    for group in jobs.chunk_by(|a, b| a.size == b.size) {
        let size = prepare(grid.sizes[group[0].size])?;
        let mut params = HashMap::new();
        for job in group.iter().filter(|job| grid.learners[job.learner] == Learner::Umda) {
            if let std::collections::hash_map::Entry::Vacant(e) = params.entry((job.mu, job.gamma)) {
                e.insert(size.params(grid.mus[job.mu], grid.gammas[job.gamma])?);
            }
        }
        rows.par_extend(group.par_iter().map(|job| {
            let setting = CellSetting { mu: grid.mus[job.mu], gamma: grid.gammas[job.gamma] };
            let row = match grid.learners[job.learner] {
                Learner::Umda => {
                    run_one(&size, setting, params[&(job.mu, job.gamma)], job.run, engine, max_games, seed, |_| {})
                }
                Learner::Rule(rule, opponent) => run_rule(&size, rule, opponent, job.run, max_games, seed),
            };
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, jobs.len());
            row
        }));
    }
    Ok(rows)
}

/// What a raw table records about the sweep it comes from, so that shards can be checked to
/// be parts of one sweep, merged, and any run replayed (with [`spec_for`]`(game, size)` and the
/// row's seed, μ and γ).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepInfo {
    /// The spec with N.
    pub game: String,
    pub sizes: Vec<u64>,
    /// The μ axis, as labels (`100`, `paper`).
    pub mu: Vec<String>,
    /// The γ axis, as labels (`0.01`, `paper`).
    pub gamma: Vec<String>,
    /// With μ = paper: C and K of Theorem 5.2.
    pub paper_c: Option<f64>,
    pub paper_k: Option<f64>,
    pub runs: u32,
    pub engine: String,
    pub max_evals: u64,
    pub seed: u64,
    /// The learners, as [`Learner::label`]s joined by commas (`umda,lnwp:random`).
    /// (`umda` in summaries written before learners.)
    #[serde(default = "umda_label")]
    pub learner: String,
    /// The part of the sweep this table holds.
    pub shard: Shard,
}

/// The most (size, μ, γ) cells one sweep may hold (each is checked before any run).
pub const MAX_CELLS: u64 = 10_000;

/// The most runs one sweep may hold (its job list is built up front).
pub const MAX_JOBS: u64 = 1_000_000;

impl SweepInfo {
    /// Refuses a sweep line no sweep could have written (e.g. edited by hand): a shard outside
    /// 1..=count, an empty axis or no runs, or a grid above the limits.
    pub fn check(&self) -> Result<(), String> {
        let shard = self.shard;
        let Ok(learners) = Learner::parse_list(&self.learner) else {
            return Err(format!("its learner {} is not a list of learners", self.learner));
        };
        let grid = self.sizes.len() as u128
            * learners.len() as u128
            * self.mu.len() as u128
            * self.gamma.len() as u128;
        let has_rule = learners.iter().any(|l| *l != Learner::Umda);
        if shard.index < 1 || shard.index > shard.count {
            Err(format!("shard {}/{} is not one of 1 to k of k", shard.index, shard.count))
        } else if grid == 0 || self.runs == 0 {
            Err("its grid has no cells or its cells no runs".to_string())
        } else if grid > u128::from(MAX_CELLS) || grid * u128::from(self.runs) > u128::from(MAX_JOBS) {
            Err(format!("its grid is above the limits of {MAX_CELLS} cells and {MAX_JOBS} runs"))
        } else if has_rule && (self.mu.len() > 1 || self.gamma.len() > 1) {
            Err("it has a rule learner and a μ or γ axis of several values".to_string())
        } else {
            Ok(())
        }
    }

    /// Whether two tables are parts of the same sweep split the same way.
    pub fn same_sweep(&self, other: &SweepInfo) -> bool {
        let mut a = self.clone();
        a.shard.index = other.shard.index;
        a == *other
    }

    /// The job of a row, if the row belongs to this sweep (its axes, run and seed).
    pub fn job_of(&self, row: &RunRow) -> Option<Job> {
        let learners = self.learners();
        let learner = learners.iter().position(|l| l.label() == row.learner)?;
        let rule = learners[learner] != Learner::Umda;
        // A rule's rows name no μ, γ or engine: they sit at the grid's only μ and γ.
        let (mu, gamma, engine) = if rule {
            (row.mu_setting == NO_SETTING).then_some((0, 0, NO_SETTING))?
        } else {
            (
                self.mu.iter().position(|m| *m == row.mu_setting)?,
                self.gamma.iter().position(|g| *g == row.gamma_setting)?,
                self.engine.as_str(),
            )
        };
        let job =
            Job { size: self.sizes.iter().position(|&s| s == row.size)?, learner, mu, gamma, run: row.run };
        let fits = row.run < self.runs
            && (!rule || row.gamma_setting == NO_SETTING)
            && row.seed == run_seed(self.seed, row.size, row.run)
            && row.engine == engine
            && row.max_games == self.max_evals;
        fits.then_some(job)
    }

    /// The learners of the sweep (UMDA for a line that names none it can read; [`check`]
    /// refuses such a line first).
    ///
    /// [`check`]: SweepInfo::check
    pub fn learners(&self) -> Vec<Learner> {
        Learner::parse_list(&self.learner).unwrap_or_else(|_| vec![Learner::Umda])
    }

    /// The grid's shape (only its axes' lengths and runs matter for job indices).
    pub fn shape(&self) -> Grid {
        Grid {
            sizes: self.sizes.clone(),
            learners: self.learners(),
            mus: vec![MuSetting::Fixed(1); self.mu.len()],
            gammas: vec![GammaSetting::Paper; self.gamma.len()],
            runs: self.runs,
        }
    }
}

/// The first line of a raw CSV table: this prefix, then the [`SweepInfo`] as JSON.
pub const SWEEP_LINE: &str = "# sweep ";

/// One raw table as read from a file, for [`merge`].
#[derive(Debug, Clone)]
pub struct Table {
    pub file: String,
    pub info: Option<SweepInfo>,
    pub rows: Vec<RunRow>,
}

/// The first field in which two sweeps differ, for messages.
fn first_difference(a: &SweepInfo, b: &SweepInfo) -> &'static str {
    if a.game != b.game {
        "game"
    } else if a.learner != b.learner {
        // Before μ, γ and engine, which a rule learner's sweep writes as '-'.
        "learner"
    } else if a.sizes != b.sizes {
        "sizes"
    } else if a.mu != b.mu || a.paper_c != b.paper_c || a.paper_k != b.paper_k {
        "μ"
    } else if a.gamma != b.gamma {
        "γ"
    } else if a.runs != b.runs {
        "runs"
    } else if a.engine != b.engine {
        "engine"
    } else if a.max_evals != b.max_evals {
        "budget"
    } else if a.seed != b.seed {
        "seed"
    } else {
        "number of shards"
    }
}

/// Merges the raw tables of one sweep's shards into its rows, in the sweep's order, with the
/// sweep (its shard set to the whole). Refuses tables from different sweeps, rows that are not
/// runs of their table's shard, a shard given twice or missing, and a shard's table that lacks
/// runs (a job cut short). Tables written before sweeps were recorded (no sweep line) are
/// merged as they are, and only together.
pub fn merge(tables: Vec<Table>) -> Result<(Option<SweepInfo>, Vec<RunRow>), String> {
    use crate::error::quoted;
    let Some(first) = tables.first() else { return Ok((None, Vec::new())) };
    for table in &tables {
        if let Some(Err(e)) = table.info.as_ref().map(SweepInfo::check) {
            return Err(format!(
                "The sweep line of {} was not written by --raw: {e}; give the files as --raw wrote them.",
                quoted(&table.file)
            ));
        }
    }
    let Some(info) = first.info.clone() else {
        if let Some(t) = tables.iter().find(|t| t.info.is_some()) {
            return Err(format!(
                "{} names no sweep (it was written before sweeps were recorded) but {} does; summarise them separately.",
                quoted(&first.file),
                quoted(&t.file)
            ));
        }
        return Ok((None, tables.into_iter().flat_map(|t| t.rows).collect()));
    };
    let shape = info.shape();
    let mut shard_file: HashMap<u32, &str> = HashMap::new();
    let mut keyed = Vec::new();
    for table in &tables {
        let Some(other) = &table.info else {
            return Err(format!(
                "{} names no sweep (it was written before sweeps were recorded) but {} does; summarise them separately.",
                quoted(&table.file),
                quoted(&first.file)
            ));
        };
        if !info.same_sweep(other) {
            return Err(format!(
                "{} and {} are from different sweeps (they differ in their {}); summarise one sweep at a time.",
                quoted(&first.file),
                quoted(&table.file),
                first_difference(&info, other)
            ));
        }
        if let Some(before) = shard_file.insert(other.shard.index, &table.file) {
            return Err(format!(
                "Shard {} is given twice ({} and {}); give each shard's file once.",
                other.shard,
                quoted(before),
                quoted(&table.file)
            ));
        }
        for row in &table.rows {
            let job = info.job_of(row).filter(|&job| other.shard.includes(shape.job_index(job))).ok_or_else(|| {
                format!(
                    "{} holds a row (size {}, run {}) that is not a run of its shard {} of the sweep it names; give the files as --raw wrote them.",
                    quoted(&table.file),
                    row.size,
                    row.run,
                    other.shard
                )
            })?;
            keyed.push((shape.job_index(job), row));
        }
    }
    let count = info.shard.count;
    if shard_file.len() < count as usize {
        let missing: Vec<String> = (1..=count)
            .filter(|i| !shard_file.contains_key(i))
            .take(5)
            .map(|i| format!("{i}/{count}"))
            .collect();
        let more = count as usize - shard_file.len() - missing.len();
        return Err(format!(
            "The files hold {} of the sweep's {count} shards; shard {}{} is missing: give every shard's file.",
            shard_file.len(),
            missing.join(", "),
            if more > 0 { format!(" and {more} more") } else { String::new() }
        ));
    }
    keyed.sort_unstable_by_key(|&(job, _)| job);
    if let Some(w) = keyed.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(format!(
            "Run {} of size {} appears twice; summarise each run once (e.g. each shard's file once).",
            w[1].1.run, w[1].1.size
        ));
    }
    if keyed.len() as u64 != shape.jobs_total() {
        return Err(format!(
            "The files hold {} of the sweep's {} runs: a shard's file is incomplete (was its job cut short?); run that shard again.",
            keyed.len(),
            shape.jobs_total()
        ));
    }
    let rows = keyed.into_iter().map(|(_, row)| row.clone()).collect();
    Ok((Some(SweepInfo { shard: Shard::ALL, ..info }), rows))
}

/// The distribution of T in one cell (size, μ, γ). Unfinished runs count as T = ∞: a
/// percentile that falls on them is None ("more than the budget"), and the mean is over
/// finished runs only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CellSummary {
    pub size: u64,
    pub engine: String,
    pub max_games: u64,
    pub positions: usize,
    pub max_degree: usize,
    pub mu: u32,
    pub gamma: f64,
    pub runs: usize,
    pub finished: usize,
    pub mean_finished: Option<f64>,
    pub median: Option<u64>,
    pub p10: Option<u64>,
    pub p90: Option<u64>,
    /// log10 of Corollary 5.3's bound over C² (for normal play).
    pub bound_log10: Option<f64>,
    /// The grid axes' labels of this cell (empty for rows from before grids).
    pub mu_setting: String,
    pub gamma_setting: String,
    /// The bootstrap 95% interval of the median (see [`bootstrap`]); None for an end that
    /// falls on unfinished runs.
    pub median_low: Option<u64>,
    pub median_high: Option<u64>,
    /// The learner ([`Learner::label`]).
    /// (`umda` in summaries written before learners.)
    #[serde(default = "umda_label")]
    pub learner: String,
}

/// One line of a sweep: the cells of one (μ, γ) across sizes, and their fitted slopes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeriesSummary {
    /// (`umda` in summaries written before learners.)
    #[serde(default = "umda_label")]
    pub learner: String,
    pub mu_setting: String,
    pub gamma_setting: String,
    /// Least-squares slope of ln(median T) against ln n over the cells with a finite median.
    pub slope: Option<f64>,
    /// Its bootstrap 95% interval (None for an end past the budget, or no slope).
    pub slope_low: Option<f64>,
    pub slope_high: Option<f64>,
    /// The same slope for Corollary 5.3's bound, for comparison.
    pub bound_slope: Option<f64>,
    /// How many sizes the measured slope was fitted on (sizes whose median is past the budget
    /// are left out), of `sizes`.
    pub slope_sizes: usize,
    pub sizes: usize,
}

/// A sweep's table (one row per cell) and its fitted log–log slopes against n (positions).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The cells, size-major as run (the name predates grids, when a cell was a size).
    pub sizes: Vec<CellSummary>,
    /// One per (μ, γ) of the grid, in the grid's order.
    pub series: Vec<SeriesSummary>,
    /// With a single series, its slope, interval and bound slope (as before grids); None with
    /// several (see `series`).
    pub slope: Option<f64>,
    pub slope_low: Option<f64>,
    pub slope_high: Option<f64>,
    pub bound_slope: Option<f64>,
    pub slope_sizes: usize,
    /// The bootstrap's resamples per interval.
    pub resamples: usize,
}

/// Groups rows by cell (in order of first appearance) and summarises each. Refuses rows that
/// cannot belong to one sweep: the same run twice, or one cell run with different settings.
pub fn summarise(rows: &[RunRow]) -> Result<Summary, String> {
    // Rows grouped by cell in one pass with a map, so the cost is O(rows · log cells).
    let mut seen = std::collections::HashSet::new();
    let mut group_of = HashMap::new();
    let mut groups: Vec<Vec<&RunRow>> = Vec::new();
    for row in rows {
        if row.positions == 0 {
            // A game has its start position at least; a figure's log axis has no place for 0.
            return Err(format!(
                "Run {} of size {}{} has 0 positions, which no game has; give the files as --raw wrote them.",
                row.run,
                row.size,
                cell_words(&row.mu_setting, &row.gamma_setting)
            ));
        }
        let key = (row.learner.as_str(), row.mu_setting.as_str(), row.gamma_setting.as_str(), row.size);
        let g = *group_of.entry(key).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        if let Some(first) = groups[g].first() {
            let same = first.engine == row.engine
                && first.max_games == row.max_games
                && first.mu == row.mu
                && first.gamma.to_bits() == row.gamma.to_bits()
                && first.positions == row.positions;
            if !same {
                return Err(format!(
                    "Size {} was run with different settings (engine, budget, μ, γ or game) in these rows; \
                     summarise one sweep at a time.",
                    row.size
                ));
            }
        }
        if !seen.insert((key, row.run)) {
            return Err(format!(
                "Run {} of size {}{} appears twice; summarise each run once (e.g. each shard's file once).",
                row.run,
                row.size,
                cell_words(&row.mu_setting, &row.gamma_setting)
            ));
        }
        groups[g].push(row);
        // Checked as the groups grow, so the rest of the work (a bootstrap per cell) is bounded.
        if groups.len() as u64 > MAX_CELLS {
            return Err(format!(
                "These rows hold more than {} cells (size, learner, μ, γ), the most one sweep has; summarise one sweep at a time.",
                crate::error::group_digits(u128::from(MAX_CELLS))
            ));
        }
    }
    let mut finished_of: Vec<Vec<u64>> = Vec::with_capacity(groups.len());
    let mut cells: Vec<CellSummary> = groups
        .iter()
        .map(|group| {
            let first = group[0];
            let mut finished: Vec<u64> = group.iter().filter(|r| r.found).map(|r| r.games).collect();
            finished.sort_unstable();
            let runs = group.len();
            let percentile = |q: f64| percentile(&finished, runs, q);
            let cell = CellSummary {
                size: first.size,
                engine: first.engine.clone(),
                max_games: first.max_games,
                positions: first.positions,
                max_degree: first.max_degree,
                mu: first.mu,
                gamma: first.gamma,
                runs,
                finished: finished.len(),
                mean_finished: (!finished.is_empty())
                    .then(|| finished.iter().map(|&t| t as f64).sum::<f64>() / finished.len() as f64),
                median: percentile(0.5),
                p10: percentile(0.1),
                p90: percentile(0.9),
                bound_log10: first.bound_log10,
                mu_setting: first.mu_setting.clone(),
                gamma_setting: first.gamma_setting.clone(),
                median_low: None,
                median_high: None,
                learner: first.learner.clone(),
            };
            finished_of.push(finished);
            cell
        })
        .collect();
    // Series in order of first appearance.
    let mut series_of: HashMap<(&str, &str, &str), usize> = HashMap::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (i, cell) in cells.iter().enumerate() {
        let key = (cell.learner.as_str(), cell.mu_setting.as_str(), cell.gamma_setting.as_str());
        let s = *series_of.entry(key).or_insert_with(|| {
            members.push(Vec::new());
            members.len() - 1
        });
        members[s].push(i);
    }
    let ln10 = std::f64::consts::LN_10;
    let mut intervals = vec![(None, None); cells.len()];
    let series: Vec<SeriesSummary> = members
        .iter()
        .map(|m| {
            let of = || m.iter().map(|&i| &cells[i]);
            let slope =
                fit_slope(of().filter_map(|s| Some(((s.positions as f64).ln(), (s.median? as f64).ln()))));
            let bound_slope =
                fit_slope(of().filter_map(|s| Some(((s.positions as f64).ln(), s.bound_log10? * ln10))));
            // Each cell's replicates are made, used for its interval and the series' slope
            // replicates, and dropped: memory is one cell's, not the sweep's.
            let mut reps = slope.map(|_| SlopeReplicates::default());
            for &i in m {
                let c = &cells[i];
                let replicates = bootstrap::median_replicates(
                    &finished_of[i],
                    c.runs,
                    bootstrap_seed(c.size, c.mu, c.gamma),
                );
                intervals[i] = bootstrap::interval(&replicates);
                if let (Some(reps), Some(_)) = (reps.as_mut(), c.median) {
                    reps.add((c.positions as f64).ln(), &replicates);
                }
            }
            let (slope_low, slope_high) = reps.map_or((None, None), |r| r.interval());
            let first = &cells[m[0]];
            SeriesSummary {
                learner: first.learner.clone(),
                mu_setting: first.mu_setting.clone(),
                gamma_setting: first.gamma_setting.clone(),
                slope,
                slope_low,
                slope_high,
                bound_slope,
                slope_sizes: of().filter(|s| s.median.is_some()).count(),
                sizes: m.len(),
            }
        })
        .collect();
    for (cell, (low, high)) in cells.iter_mut().zip(intervals) {
        cell.median_low = low;
        cell.median_high = high;
    }
    let single = (series.len() == 1).then(|| series[0].clone());
    Ok(Summary {
        sizes: cells,
        slope: single.as_ref().and_then(|s| s.slope),
        slope_low: single.as_ref().and_then(|s| s.slope_low),
        slope_high: single.as_ref().and_then(|s| s.slope_high),
        bound_slope: single.as_ref().and_then(|s| s.bound_slope),
        slope_sizes: single.as_ref().map_or(0, |s| s.slope_sizes),
        series,
        resamples: bootstrap::RESAMPLES,
    })
}

/// The `q`-th percentile of T over `runs` runs whose finished T are `finished` (sorted): nearest
/// rank, the ⌈q·runs⌉-th smallest, unfinished runs sorted last (None when it falls on them).
pub fn percentile(finished: &[u64], runs: usize, q: f64) -> Option<u64> {
    finished.get(bootstrap::rank(q, runs)).copied()
}

/// " (μ = 100, γ = paper)" for messages; empty for rows from before grids.
fn cell_words(mu: &str, gamma: &str) -> String {
    if mu.is_empty() && gamma.is_empty() {
        String::new()
    } else {
        format!(" (μ = {mu}, γ = {gamma})")
    }
}

/// Least-squares slope; None with fewer than two distinct x.
fn fit_slope(points: impl Iterator<Item = (f64, f64)>) -> Option<f64> {
    let points: Vec<(f64, f64)> = points.collect();
    let count = points.len() as f64;
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / count;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / count;
    let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    (points.len() >= 2 && sxx > 0.0).then(|| sxy / sxx)
}

/// One line of a sweep's figure: its legend text and its cells sorted by n (the CLI's `--plot`
/// and the page's figure draw the same lines). A line is one learner, and for UMDA one (μ, γ).
pub struct FigureSeries<'a> {
    pub label: String,
    pub bound_slope: Option<f64>,
    pub cells: Vec<&'a CellSummary>,
}

/// Whether every series of the summary is a rule learner's (which have no μ or γ).
pub fn rules_only(summary: &Summary) -> bool {
    summary.series.iter().all(|s| s.mu_setting == NO_SETTING)
}

/// The lines of a sweep's figure, one per series of the summary, in its order.
pub fn figure_series(summary: &Summary) -> Vec<FigureSeries<'_>> {
    let has_rule = summary.series.iter().any(|s| s.mu_setting == NO_SETTING);
    let mixed = has_rule && !rules_only(summary);
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
                format!("UMDA, μ = {mu}, γ = {gamma}")
            } else {
                format!("μ = {mu}, γ = {gamma}")
            };
            Some(FigureSeries { label: format!("{name}{slope}"), bound_slope: s.bound_slope, cells })
        })
        .collect()
}

pub const SUMMARY_HEADER: &str = "size,positions,max_degree,engine,mu,gamma,max_games,runs,finished,mean_T,median_T,p10_T,p90_T,bound_log10,mu_setting,gamma_setting,median_T_low,median_T_high,learner";

impl Summary {
    /// CSV: one row per cell; a missing percentile or interval end (it falls on unfinished
    /// runs) is written `>budget`; the slopes follow as `#` comment lines, one per series.
    pub fn to_csv(&self) -> String {
        let opt = |x: Option<u64>| x.map_or(">budget".to_string(), |t| t.to_string());
        let mut out = String::from(SUMMARY_HEADER);
        out.push('\n');
        for s in &self.sizes {
            out += &format!(
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                s.size,
                s.positions,
                s.max_degree,
                s.engine,
                s.mu,
                s.gamma,
                s.max_games,
                s.runs,
                s.finished,
                s.mean_finished.map_or(String::new(), |m| format!("{m:.1}")),
                opt(s.median),
                opt(s.p10),
                opt(s.p90),
                s.bound_log10.map_or(String::new(), |b| format!("{b:.3}")),
                s.mu_setting,
                s.gamma_setting,
                opt(s.median_low),
                opt(s.median_high),
                s.learner,
            );
        }
        // Rounded first, so a slope of −0.0001 is written 0.000, not −0.000.
        let slope =
            |x: Option<f64>| x.map_or("n/a".to_string(), |s| format!("{:.3}", (s * 1e3).round() / 1e3 + 0.0));
        let has_rule = self.series.iter().any(|s| s.mu_setting == NO_SETTING);
        for series in &self.series {
            let left_out = series.sizes.saturating_sub(series.slope_sizes);
            let note = if left_out > 0 {
                format!(
                    " (fitted on {} of {} sizes: a median past the budget is left out)",
                    series.slope_sizes, series.sizes
                )
            } else {
                String::new()
            };
            let interval = match series.slope {
                Some(_) => format!(
                    ", 95% bootstrap interval {} to {}",
                    slope(series.slope_low),
                    series.slope_high.map_or("more than the budget shows".to_string(), |s| slope(Some(s)))
                ),
                None => String::new(),
            };
            let cell = if series.mu_setting == NO_SETTING {
                format!(" for {}", series.learner)
            } else if has_rule {
                format!(" for umda at μ = {}, γ = {}", series.mu_setting, series.gamma_setting)
            } else if self.series.len() > 1 {
                format!(" at μ = {}, γ = {}", series.mu_setting, series.gamma_setting)
            } else {
                String::new()
            };
            out += &format!(
                "# log-log slope of median T against positions n{cell}: {}{note}{interval}; of Corollary 5.3's bound: {}\n",
                slope(series.slope),
                slope(series.bound_slope)
            );
        }
        out
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;

    fn grid(sizes: &[u64], mus: &[u32], runs: u32) -> Grid {
        Grid {
            learners: vec![Learner::Umda],
            sizes: sizes.to_vec(),
            mus: mus.iter().map(|&m| MuSetting::Fixed(m)).collect(),
            gammas: vec![GammaSetting::Paper],
            runs,
        }
    }

    #[test]
    fn a_sweep_builds_each_size_once_after_the_last_one_finished() {
        let template = "game=subtraction&moves=1,2&heap=N";
        let built = AtomicUsize::new(0);
        let prepare = |size| {
            built.fetch_add(1, Ordering::SeqCst);
            super::prepare(template, size, &Limits::DEFAULT)
        };
        // Each finished run records how many sizes had been built by then.
        let seen = Mutex::new(Vec::new());
        let rows = sweep(&grid(&[5, 9, 12], &[4], 3), prepare, Shard::ALL, Engine::Fast, 400, 7, |_, _| {
            seen.lock().unwrap().push(built.load(Ordering::SeqCst));
        })
        .unwrap();
        assert_eq!(built.load(Ordering::SeqCst), 3, "each size is built once");
        assert_eq!(*seen.lock().unwrap(), [1, 1, 1, 2, 2, 2, 3, 3, 3], "one size at a time, in order");
        let order: Vec<(u64, u32)> = rows.iter().map(|r| (r.size, r.run)).collect();
        assert_eq!(order, [(5, 0), (5, 1), (5, 2), (9, 0), (9, 1), (9, 2), (12, 0), (12, 1), (12, 2)]);
    }

    #[test]
    fn a_shard_builds_only_the_sizes_it_runs() {
        let built = Mutex::new(Vec::new());
        let prepare = |size| {
            built.lock().unwrap().push(size);
            super::prepare("game=nim&heaps=N,2", size, &Limits::DEFAULT)
        };
        // Shard 2 of 4 over 3 sizes × 2 runs: jobs 1 and 5, i.e. (size 1, run 1) and (size 3, run 1).
        let rows = sweep(
            &grid(&[1, 2, 3], &[4], 2),
            prepare,
            Shard { index: 2, count: 4 },
            Engine::Fast,
            100,
            1,
            |_, _| {},
        )
        .unwrap();
        assert_eq!(*built.lock().unwrap(), [1, 3]);
        assert_eq!(rows.iter().map(|r| (r.size, r.run)).collect::<Vec<_>>(), [(1, 1), (3, 1)]);
    }

    #[test]
    fn a_grid_cell_is_the_same_cell_run_alone() {
        let prepare = |size| super::prepare("game=chomp&rows=N&cols=N", size, &Limits::DEFAULT);
        let whole =
            sweep(&grid(&[2, 3], &[4, 8], 3), prepare, Shard::ALL, Engine::Fast, 2000, 9, |_, _| {}).unwrap();
        let alone =
            sweep(&grid(&[3], &[8], 3), prepare, Shard::ALL, Engine::Fast, 2000, 9, |_, _| {}).unwrap();
        let cell: Vec<&RunRow> = whole.iter().filter(|r| r.size == 3 && r.mu == 8).collect();
        assert_eq!(cell, alone.iter().collect::<Vec<_>>());
        assert_eq!(whole.len(), 12);
    }

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
