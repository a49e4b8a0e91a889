//! `impartial runtime`: sweeps of T over sizes, μ and γ, their shards, summaries and figures.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use clap::Args;
use impartial::games::Limits;
use impartial::learn::params::{parse_budget, parse_seed, Engine};
use impartial::learn::runtime::{self, GammaSetting, Grid, Learner, MuSetting, RunRow, Shard, SweepInfo};
use serde_json::json;

use crate::files::read_arg;
use crate::learn_flags::{mu_setting, out, LearnFlags};
use crate::plot;
use impartial::error::quoted;

#[derive(Args)]
pub struct RuntimeArgs {
    /// The game spec with the size written N (a whole value or list item, in any number of
    /// keys, also inside a sum's parts, or a*N+b), e.g. 'game=subtraction&moves=1,2&heap=N-1' or
    /// 'game=chomp&rows=N&cols=N'.
    #[arg(long, required_unless_present = "summarise", allow_hyphen_values = true)]
    pub game: Option<String>,
    /// The values substituted for N, e.g. 7,15,31.
    #[arg(long, required_unless_present = "summarise", allow_hyphen_values = true)]
    pub sizes: Option<String>,
    /// Independent seeded runs per cell (size, μ, γ).
    #[arg(long, default_value = "20", allow_hyphen_values = true)]
    pub runs: String,
    #[command(flatten)]
    pub learn: LearnFlags,
    /// Run only part i of k of the sweep (for a cluster job array); combine with --raw.
    #[arg(long, value_name = "i/k", allow_hyphen_values = true)]
    pub shard: Option<String>,
    /// Print one CSV row per run (with its seed) instead of the summary table.
    #[arg(long)]
    pub raw: bool,
    /// Summarise raw files written by --raw (e.g. from every shard) instead of running.
    #[arg(long, visible_alias = "summarize", value_name = "FILE", num_args = 1..,
          conflicts_with_all = ["game", "sizes", "runs", "shard", "raw", "learner"])]
    pub summarise: Option<Vec<String>>,
    /// The learner: umda (Benford & Lehre's Algorithm 1), pbil (Baluja 1994, --rho), cga (the
    /// compact GA of Harik, Lobo & Goldberg 1999, --cga-k), or one of Böhme's rules with its
    /// opponent as rule:opponent (e.g. lnwp:random), learning until its strategy is in Opt(G);
    /// or a comma-separated list of them (umda,pbil,cga), compared on the same games and seeds.
    #[arg(long, default_value = "umda", allow_hyphen_values = true)]
    pub learner: String,
    /// Also draw the summary as an SVG figure: median T against n (log–log) with the 10th–90th
    /// percentile band, and for a μ × γ grid a heat map of median T.
    #[arg(long, value_name = "FILE.svg", conflicts_with = "shard", allow_hyphen_values = true)]
    pub plot: Option<String>,
    /// Print JSON instead of CSV.
    #[arg(long)]
    pub json: bool,
    /// Instead of the summary, the log-rank test between every two cells (learners, or μ and γ
    /// settings) at each size: runs censored at the budget, χ² on 1 degree of freedom.
    #[arg(long, conflicts_with_all = ["raw", "plot"])]
    pub compare: bool,
}

pub fn runtime(args: RuntimeArgs) -> Result<(), InputError> {
    // The figure's path is checked before anything is read or run.
    let plot = args.plot.as_deref().map(plot::check_target).transpose()?;
    if let Some(files) = &args.summarise {
        let mut tables = Vec::new();
        let mut runs = 0usize;
        for file in files {
            let (info, rows) = read_raw(file)?;
            runs += rows.len();
            if runs as u64 > MAX_JOBS {
                return Err(format!(
                    "The raw tables hold more than {} runs, the most one sweep has; summarise one sweep at a time.",
                    group(MAX_JOBS)
                ).into());
            }
            tables.push(runtime::Table { file: file.clone(), info, rows });
        }
        let (info, rows) = runtime::merge(tables)?;
        if rows.is_empty() {
            return Err("The raw tables hold no runs; write them with `impartial runtime --raw`.".into());
        }
        if args.compare {
            return print_comparisons(&rows, args.json);
        }
        let summary = runtime::summarise(&rows)?;
        if let Some(target) = &plot {
            plot::write(target, &summary, &figure_title(info.as_ref()))?;
        }
        return print_summary(&summary, args.json);
    }
    // clap enforces both when --summarise is absent.
    let (Some(game), Some(sizes)) = (args.game, args.sizes) else {
        return Err("runtime needs --game and --sizes (or --summarise FILE...).".into());
    };
    let template = read_arg("game spec", game)?;
    let learners = Learner::parse_list(&args.learner).map_err(|e| e.to_string())?;
    // Model learners (umda, pbil, cga) take the cells' γ; those with μ (umda, pbil) the μ axis
    // and the engine; rules take neither.
    let models = learners.iter().any(|l| l.algorithm().is_some());
    let with_mu = learners.iter().any(Learner::uses_mu);
    let with_engine = learners.iter().any(Learner::uses_engine);
    let rules = learners.iter().any(|l| l.algorithm().is_none());
    let knobs = args.learn.knobs(&learners)?;
    let runs = match args.runs.trim().parse::<u32>() {
        Ok(r) if (1..=1_000_000).contains(&r) => r,
        _ => {
            return Err(format!(
                "{} is not a valid value for runs: a whole number from 1 to 1,000,000.",
                quoted(&args.runs)
            )
            .into())
        }
    };
    let learn = &args.learn;
    let engine = Engine::parse(&learn.engine).map_err(|e| e.to_string())?;
    let seed = parse_seed(&learn.seed).map_err(|e| e.to_string())?;
    let max_games = parse_budget(&learn.max_evals).map_err(|e| e.to_string())?;
    let size_list = axis(&sizes);
    let (mu_list, gamma_list) = if models {
        (axis(&learn.mu), axis(&learn.gamma))
    } else {
        check_rule_flags(learn, &args.learner)?;
        // Rules only: one cell per size and learner, the μ and γ axes a placeholder each.
        (vec!["1".to_string()], vec!["paper".to_string()])
    };
    if rules && (mu_list.len() > 1 || gamma_list.len() > 1) {
        return Err(format!(
            "A rule learner has no μ or γ, so a sweep with one takes one --mu and one --gamma (UMDA's); \
             run the μ × γ grid as a sweep of its own (it gives the same UMDA rows), here {} × {}.",
            mu_list.len(),
            gamma_list.len()
        )
        .into());
    }
    if models && !with_engine && learn.engine.trim() != "fast" {
        return Err("--engine sets UMDA and PBIL, and the compact GA draws whole strategies only; leave --engine out.".into());
    }
    if !with_mu && models && mu_list.len() > 1 {
        return Err(format!(
            "The compact GA has no μ (it plays one game a step), so a sweep of it takes one --mu; \
             run the μ axis as a sweep of its own, here {} values.",
            mu_list.len()
        )
        .into());
    }
    // An empty axis makes an empty grid: refused with the count before anything else.
    if size_list.is_empty() || mu_list.is_empty() || gamma_list.is_empty() {
        let empty = [("--sizes", &size_list), ("--mu", &mu_list), ("--gamma", &gamma_list)]
            .iter()
            .filter(|(_, l)| l.is_empty())
            .map(|(f, _)| *f)
            .collect::<Vec<_>>()
            .join(" and ");
        return Err(format!(
            "The grid is empty: {} × {} × {} = 0 cells (sizes × μ × γ), as {empty} lists no value; give each at least one.",
            size_list.len(),
            mu_list.len(),
            gamma_list.len()
        ).into());
    }
    // The grid's size is checked on the lists' lengths, before any item is parsed or compared,
    // so a 20,000-item axis is refused at once.
    let learner_count = learners.len() as u64;
    let cells = (size_list.len() as u64)
        .saturating_mul(learner_count)
        .saturating_mul(mu_list.len() as u64)
        .saturating_mul(gamma_list.len() as u64);
    if cells > MAX_CELLS {
        // The learners' factor is named only when there are several.
        let (learners, axis) = match learner_count {
            1 => (String::new(), ""),
            l => (format!(" × {l}"), " × learners"),
        };
        return Err(format!(
            "The grid has {}{learners} × {} × {} = {} cells (sizes{axis} × μ × γ), above the limit of {}; split it into several sweeps.",
            size_list.len(),
            mu_list.len(),
            gamma_list.len(),
            group(cells),
            group(MAX_CELLS)
        ).into());
    }
    let sizes = parse_sizes(&sizes)?;
    let mus = mu_settings(&mu_list, learn.paper_c.as_deref(), learn.paper_k.as_deref())?;
    let gammas = gamma_settings(&gamma_list)?;
    let grid = Grid { sizes, learners, mus, gammas, runs, knobs };
    let cells = grid.cells();
    if grid.jobs_total() > MAX_JOBS {
        return Err(format!(
            "{runs} runs in each of {} cells make {} runs, above the limit of {} in one sweep; split it into several sweeps.",
            group(cells),
            group(grid.jobs_total()),
            group(MAX_JOBS)
        ).into());
    }
    let shard = match &args.shard {
        Some(text) => Shard::parse(text).map_err(|e| e.to_string())?,
        None => Shard::ALL,
    };
    // A fixed μ above the budget needs no game to be refused.
    for mu in grid.mus.iter().filter(|_| with_mu) {
        if let MuSetting::Fixed(mu) = mu {
            runtime::check_budget(*mu, max_games)?;
        }
    }
    // Every size is sized from its spec first, then built and checked one at a time (and
    // dropped), so a bad size or cell is refused before any run, and memory is that of one size.
    runtime::check_sizes(&template, &grid.sizes, &Limits::DEFAULT)
        .map_err(|(size, e)| format!("At size {size}: {e}"))?;
    let prepare = |size| runtime::prepare(&template, size, &Limits::DEFAULT);
    for &size in &grid.sizes {
        let prepared = prepare(size).map_err(|e| format!("At size {size}: {e}"))?;
        if rules {
            runtime::check_rule_budget(&prepared, max_games).map_err(|e| format!("At size {size}: {e}"))?;
        }
        for &mu in grid.mus.iter().filter(|_| models) {
            for &gamma in &grid.gammas {
                let at = |e: String| format!("At size {size}{}: {e}", cell_words(&grid, mu, gamma));
                let params = prepared.params(mu, gamma).map_err(|e| at(e.to_string()))?;
                if with_mu {
                    runtime::check_runnable(&prepared.task, engine, params, max_games)
                        .map_err(|e| at(e.to_string()))?;
                }
            }
        }
    }
    let (mu_labels, gamma_labels) = if models {
        (
            grid.mus.iter().map(MuSetting::label).collect(),
            grid.gammas.iter().map(GammaSetting::label).collect(),
        )
    } else {
        (vec![runtime::NO_SETTING.to_string()], vec![runtime::NO_SETTING.to_string()])
    };
    let info = SweepInfo {
        game: template.clone(),
        sizes: grid.sizes.clone(),
        mu: mu_labels,
        gamma: gamma_labels,
        paper_c: grid.mus.iter().find_map(|m| match m {
            MuSetting::Paper { c, .. } => Some(*c),
            MuSetting::Fixed(_) => None,
        }),
        paper_k: grid.mus.iter().find_map(|m| match m {
            MuSetting::Paper { k, .. } => Some(*k),
            MuSetting::Fixed(_) => None,
        }),
        runs,
        engine: if with_engine { engine.as_str().to_string() } else { runtime::NO_SETTING.to_string() },
        max_evals: max_games,
        seed,
        learner: grid.learners.iter().map(Learner::label).collect::<Vec<_>>().join(","),
        rho: grid.learners.iter().any(|l| l.label() == "pbil").then_some(knobs.rho),
        k: grid.learners.iter().any(|l| l.label() == "cga").then_some(knobs.k),
        shard,
    };
    let progress = Progress::new()?;
    let rows = runtime::sweep(&grid, prepare, shard, engine, max_games, seed, |total| progress.show(total))
        .map_err(|e| e.to_string())?;
    if args.compare {
        return print_comparisons(&rows, args.json);
    }
    let summary = match (&plot, args.raw) {
        (None, true) => None,
        _ => Some(runtime::summarise(&rows)?),
    };
    if let (Some(target), Some(summary)) = (&plot, &summary) {
        plot::write(target, summary, &figure_title(Some(&info)))?;
    }
    if args.raw {
        let text = if args.json {
            serde_json::to_string(&json!({ "sweep": info, "rows": rows })).unwrap_or_default() + "\n"
        } else {
            let mut text =
                format!("{}{}\n", runtime::SWEEP_LINE, serde_json::to_string(&info).unwrap_or_default());
            text += runtime::RAW_HEADER;
            text.push('\n');
            for row in &rows {
                text += &row.to_csv();
                text.push('\n');
            }
            text
        };
        out(&text);
        return Ok(());
    }
    print_summary(summary.as_ref().expect("summarised unless --raw without --plot"), args.json)
}

/// How a sweep shows its progress on stderr: on a terminal, one line rewritten as runs finish;
/// off a terminal (a cluster job's log, a pipe), a line of its own every
/// `IMPARTIAL_PROGRESS_SECONDS` seconds (30 unless set; 0 for every run), so a log shows the
/// sweep moving and a short sweep writes nothing.
struct Progress {
    terminal: bool,
    every: Duration,
    started: Instant,
    /// When the last line was written, and how many runs have been reported: counted here,
    /// under the lock, so lines come out in order when runs finish on several threads at once.
    state: std::sync::Mutex<(Instant, usize)>,
}

/// The environment variable that sets how often a sweep off a terminal reports progress.
const PROGRESS_VAR: &str = "IMPARTIAL_PROGRESS_SECONDS";

impl Progress {
    fn new() -> Result<Progress, InputError> {
        let every = match std::env::var(PROGRESS_VAR) {
            Err(_) => 30,
            Ok(text) => match text.trim().parse::<u64>() {
                Ok(s) if s <= 86_400 => s,
                _ => {
                    return Err(format!(
                    "{} is not a valid value for {PROGRESS_VAR}: a whole number of seconds from 0 to 86,400.",
                    quoted(&text)
                )
                    .into())
                }
            },
        };
        let started = Instant::now();
        Ok(Progress {
            terminal: std::io::stderr().is_terminal(),
            every: Duration::from_secs(every),
            started,
            state: std::sync::Mutex::new((started, 0)),
        })
    }

    /// Called once as each run finishes (from any thread). The count is taken under the lock,
    /// not from the caller's counter, which two threads can read in one order and print in the
    /// other ("3 of 3" before "2 of 3").
    fn show(&self, total: usize) {
        let Ok(mut state) = self.state.lock() else { return };
        state.1 += 1;
        let done = state.1;
        if self.terminal {
            crate::output::eprint(&format!("\rruns finished: {done}/{total}"));
            if done == total {
                crate::output::eprint("\n");
            }
            return;
        }
        if state.0.elapsed() >= self.every {
            state.0 = Instant::now();
            let percent = done * 100 / total.max(1);
            crate::output::eprint(&format!(
                "runtime: {done} of {total} runs finished ({percent}%) after {} s\n",
                self.started.elapsed().as_secs()
            ));
        }
    }
}

/// Refuses UMDA's settings given with a rule learner, which has none of them.
fn check_rule_flags(learn: &LearnFlags, learners: &str) -> Result<(), InputError> {
    let given = [
        ("--mu", learn.mu.trim() != "100"),
        ("--gamma", learn.gamma.trim() != "paper"),
        ("--engine", learn.engine.trim() != "fast"),
        ("--paper-c", learn.paper_c.is_some()),
        ("--paper-k", learn.paper_k.is_some()),
    ];
    match given.iter().find(|(_, set)| *set) {
        Some((flag, _)) => Err(format!(
            "{flag} sets UMDA, and the learners {} are Böhme's rules, which have no μ, γ or engine; leave {flag} out.",
            quoted(learners.trim())
        ).into()),
        None => Ok(()),
    }
}

/// The figure's title: the game with N, and the engine, budget and learner.
fn figure_title(info: Option<&SweepInfo>) -> String {
    match info {
        Some(i) if i.engine == runtime::NO_SETTING && i.learner.contains(':') && !i.learner.contains(',') => {
            format!(
                "{}: median T over {} runs per size ({}, budget {} plays)",
                i.game,
                i.runs,
                i.learner.replacen(':', " against ", 1),
                group(i.max_evals)
            )
        }
        // Several learners are named by the legend; without UMDA or PBIL there is no engine.
        Some(i) if i.learner.contains(',') && i.engine == runtime::NO_SETTING => {
            format!("{}: median T over {} runs per cell (budget {})", i.game, i.runs, group(i.max_evals))
        }
        Some(i) if i.engine == runtime::NO_SETTING => format!(
            "{}: median T over {} runs per cell ({}, budget {})",
            i.game,
            i.runs,
            i.learner,
            group(i.max_evals)
        ),
        Some(i) if i.learner.contains(',') => format!(
            "{}: median T over {} runs per cell (engine {}, budget {})",
            i.game,
            i.runs,
            i.engine,
            group(i.max_evals)
        ),
        Some(i) => format!(
            "{}: median T over {} runs per cell ({}, engine {}, budget {})",
            i.game,
            i.runs,
            i.learner,
            i.engine,
            group(i.max_evals)
        ),
        None => "median T against positions n".to_string(),
    }
}

/// " (μ = 100, γ = paper)" for a grid's messages; empty for a sweep of one μ and one γ.
fn cell_words(grid: &Grid, mu: MuSetting, gamma: GammaSetting) -> String {
    if grid.mus.len() == 1 && grid.gammas.len() == 1 {
        String::new()
    } else {
        format!(" (μ = {}, γ = {})", mu.label(), gamma.label())
    }
}

/// The items of a comma-separated axis, trimmed; an axis of only commas and spaces is empty.
fn axis(text: &str) -> Vec<String> {
    if text.split(',').all(|item| item.trim().is_empty()) {
        return Vec::new();
    }
    text.split(',').map(|item| item.trim().to_string()).collect()
}

/// The μ axis: each item a whole number or 'paper'; no value twice.
fn mu_settings(
    items: &[String],
    paper_c: Option<&str>,
    paper_k: Option<&str>,
) -> Result<Vec<MuSetting>, InputError> {
    if !items.iter().any(|m| m == "paper") && (paper_c.is_some() || paper_k.is_some()) {
        return Err("--paper-c and --paper-k only apply with --mu paper.".to_string().into());
    }
    let mut mus: Vec<MuSetting> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for item in items {
        let mu = match item.as_str() {
            "paper" => mu_setting("paper", paper_c, paper_k)?,
            other => mu_setting(other, None, None)?,
        };
        if !seen.insert(mu.label()) {
            return Err(format!("The μ {} is listed twice in --mu; list each value once.", mu.label()).into());
        }
        mus.push(mu);
    }
    Ok(mus)
}

/// The γ axis: each item a number or 'paper' (checked against each size's Δ later); no value
/// twice.
fn gamma_settings(items: &[String]) -> Result<Vec<GammaSetting>, InputError> {
    let mut gammas: Vec<GammaSetting> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for item in items {
        let gamma = GammaSetting::parse(item).map_err(|e| e.to_string())?;
        if !seen.insert(gamma.label()) {
            return Err(
                format!("The γ {} is listed twice in --gamma; list each value once.", gamma.label()).into()
            );
        }
        gammas.push(gamma);
    }
    Ok(gammas)
}

/// 1234567 → "1,234,567".
fn group(x: u64) -> String {
    impartial::error::group_digits(u128::from(x))
}

/// One file written by `runtime --raw` (CSV) or `runtime --raw --json`: the sweep it names
/// (None for files written before sweeps were recorded) and its rows. A CSV table is read a
/// line at a time, each line at most [`MAX_RAW_LINE`] bytes, so memory is that of the rows
/// kept, and a file without line ends (`/dev/zero`) is refused after one line's bytes.
fn read_raw(file: &str) -> Result<(Option<SweepInfo>, Vec<RunRow>), InputError> {
    use std::io::{BufRead, Read};
    let what = "raw table";
    let too_long = || {
        format!(
            "The {what} file {} is longer than {} bytes, the most that is read.",
            quoted(file),
            group(MAX_RAW_BYTES)
        )
    };
    let failed = |e: std::io::Error| crate::files::read_error(what, file, &e);
    let mut reader = std::io::BufReader::new(crate::files::open_bounded(what, file)?.take(MAX_RAW_BYTES + 1));
    // The first byte that is not white space tells JSON from CSV; the white space before it
    // is consumed, its line ends counted.
    let mut line_number = 0usize;
    let first = loop {
        let buf = reader.fill_buf().map_err(failed)?;
        if buf.is_empty() {
            break None;
        }
        match buf.iter().position(|b| !b.is_ascii_whitespace()) {
            Some(i) => {
                let byte = buf[i];
                line_number += buf[..i].iter().filter(|&&b| b == b'\n').count();
                reader.consume(i);
                break Some(byte);
            }
            None => {
                let n = buf.len();
                line_number += buf.iter().filter(|&&b| b == b'\n').count();
                reader.consume(n);
            }
        }
    };
    if matches!(first, Some(b'[' | b'{')) {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).map_err(failed)?;
        if bytes.len() as u64 > MAX_RAW_BYTES {
            return Err(too_long().into());
        }
        let not_json = |e: serde_json::Error| {
            format!("{} is not a JSON table written by --raw --json ({e}).", quoted(file))
        };
        if first == Some(b'[') {
            let rows: Vec<RunRow> = serde_json::from_slice(&bytes).map_err(not_json)?;
            return Ok((None, rows));
        }
        #[derive(serde::Deserialize)]
        struct RawJson {
            sweep: SweepInfo,
            rows: Vec<RunRow>,
        }
        return serde_json::from_slice::<RawJson>(&bytes)
            .map(|t| (Some(t.sweep), t.rows))
            .map_err(|e| not_json(e).into());
    }
    let mut rows = Vec::new();
    let mut info = None;
    let mut total = 0u64;
    let mut cells = std::collections::HashSet::new();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let read =
            reader.by_ref().take(MAX_RAW_LINE as u64 + 1).read_until(b'\n', &mut bytes).map_err(failed)?;
        if read == 0 {
            break;
        }
        line_number += 1;
        total += read as u64;
        if total > MAX_RAW_BYTES {
            return Err(too_long().into());
        }
        if bytes.len() > MAX_RAW_LINE {
            return Err(format!(
                "Line {line_number} of {} is longer than {} bytes, which no line written by --raw is.",
                quoted(file),
                group(MAX_RAW_LINE as u64)
            )
            .into());
        }
        let line = std::str::from_utf8(&bytes)
            .map_err(|_| format!("Line {line_number} of {} is not UTF-8 text.", quoted(file)))?;
        let line = line.trim_end_matches(['\n', '\r']);
        if let Some(json) = line.strip_prefix(runtime::SWEEP_LINE) {
            let parsed: SweepInfo = serde_json::from_str(json).map_err(|e| {
                format!("Line {line_number} of {} is not a sweep line written by --raw ({e}).", quoted(file))
            })?;
            if info.replace(parsed).is_some() {
                return Err(format!(
                    "{} has two sweep lines; give each shard's file as written.",
                    quoted(file)
                )
                .into());
            }
            continue;
        }
        if line.trim().is_empty() || line.starts_with("size,") || line.starts_with('#') {
            continue;
        }
        let row = RunRow::from_csv(line).ok_or_else(|| {
            format!(
                "Line {line_number} of {} is not a row written by --raw: {}.",
                quoted(file),
                quoted(line.trim())
            )
        })?;
        // Cells counted as the rows come (by a hash of their key), so a table of more cells
        // than a sweep has is refused before it is held whole.
        let mut key = std::collections::hash_map::DefaultHasher::new();
        std::hash::Hash::hash(&(&row.learner, &row.mu_setting, &row.gamma_setting, row.size), &mut key);
        cells.insert(std::hash::Hasher::finish(&key));
        if cells.len() as u64 > MAX_CELLS {
            return Err(format!(
                "{} holds more than {} cells (size, learner, μ, γ), the most one sweep has; summarise one sweep at a time.",
                quoted(file),
                group(MAX_CELLS)
            ).into());
        }
        rows.push(row);
    }
    Ok((info, rows))
}

/// `--compare`: the log-rank tests, as CSV or JSON.
fn print_comparisons(rows: &[RunRow], json: bool) -> Result<(), InputError> {
    use runtime::survival;
    let comparisons = survival::compare(rows)?;
    if json {
        out(&(serde_json::to_string(&json!({ "comparisons": comparisons })).unwrap_or_default() + "\n"));
    } else {
        out(&survival::compare_csv(&comparisons));
    }
    Ok(())
}

fn print_summary(summary: &runtime::Summary, json: bool) -> Result<(), InputError> {
    if json {
        out(&(serde_json::to_string(&summary).unwrap_or_default() + "\n"));
    } else {
        out(&summary.to_csv());
    }
    Ok(())
}

use impartial::InputError;
use runtime::{MAX_CELLS, MAX_JOBS};

/// The longest raw table `--summarise` reads: a whole sweep of [`MAX_JOBS`] runs is about
/// 100 MB of CSV (JSON a little more).
const MAX_RAW_BYTES: u64 = 256 << 20;

/// The longest line of a raw table: a sweep line names at most 10,000 μ and γ labels and
/// 1,000 sizes, well under this.
const MAX_RAW_LINE: usize = 4 << 20;

/// "1 game", "2 games".
fn parse_sizes(text: &str) -> Result<Vec<u64>, InputError> {
    let allowed = "a comma-separated list of whole numbers, e.g. 7,15,31";
    let sizes: Option<Vec<u64>> = text.split(',').map(|s| s.trim().parse::<u64>().ok()).collect();
    let sizes = match sizes {
        Some(sizes) if !sizes.is_empty() && sizes.len() <= 1000 => sizes,
        _ => return Err(format!("{} is not a valid value for sizes: {allowed}.", quoted(text)).into()),
    };
    let mut seen = std::collections::HashSet::new();
    for size in &sizes {
        if !seen.insert(size) {
            return Err(format!("The size {size} is listed twice in --sizes; list each size once.").into());
        }
    }
    Ok(sizes)
}
