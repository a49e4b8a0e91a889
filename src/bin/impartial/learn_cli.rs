//! `impartial umda` and `impartial runtime`: flags → validated parameters → the core's runs.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use impartial::games::Limits;
use impartial::learn::params::{self, parse_budget, parse_gamma, parse_mu, parse_seed, Engine, Params};
use impartial::learn::runtime::{self, GammaSetting, MuSetting, RunRow, Shard};
use impartial::learn::{Run, Task};
use serde_json::json;

use crate::cli::{read_arg, read_file};
use impartial::error::quoted;
use impartial::report::OUTPUT_BUDGET;

/// The parameters `umda` and `runtime` share. Values stay text here: the core's parsers turn
/// bad ones into one sentence naming what is allowed.
#[derive(Args)]
pub struct LearnFlags {
    /// Population μ: games per generation (1 to 100,000,000), or 'paper' for Theorem 5.2's
    /// μ = C(K+s+1)(20Δn)^{1+2s} ln n with C = --paper-c.
    #[arg(long, default_value = "100", allow_hyphen_values = true)]
    pub mu: String,
    /// Margin γ in [0, 1/Δ), or 'paper' for Theorem 5.2's 1/(20Δn).
    #[arg(long, default_value = "paper", allow_hyphen_values = true)]
    pub gamma: String,
    /// Seed of the random stream (0 to 2^64 − 1); the same seed replays the same run.
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    pub seed: String,
    /// fast (lazy sampling), naive (whole strategies) or expected (Lemma 3.1, no sampling).
    #[arg(long, default_value = "fast", allow_hyphen_values = true)]
    pub engine: String,
    /// Game budget per run: stop before a generation would take the games played past this.
    #[arg(long, value_name = "GAMES", default_value = "10000000", allow_hyphen_values = true)]
    pub max_evals: String,
    /// With --mu paper: the scale C of Theorem 5.2's unknown constant [default: 1].
    #[arg(long, value_name = "C", allow_hyphen_values = true)]
    pub paper_c: Option<String>,
    /// With --mu paper: Theorem 5.2's confidence K (failure probability n^-K) [default: 1].
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub paper_k: Option<String>,
}

#[derive(Args)]
pub struct UmdaArgs {
    /// The game spec (as for `analyse`), or @FILE.
    #[arg(long, allow_hyphen_values = true)]
    pub game: String,
    #[command(flatten)]
    pub learn: LearnFlags,
    /// Also print one JSON line per generation with the progress measures.
    #[arg(long)]
    pub trace: bool,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Also print the final model: {position: {move: probability}}.
    #[arg(long)]
    pub dump_model: bool,
}

#[derive(Args)]
pub struct RuntimeArgs {
    /// The game spec with the size written N (a whole value or list item), e.g.
    /// 'game=subtraction&moves=1,2&heap=N' or 'game=nim&heaps=N,N'.
    #[arg(long, required_unless_present = "summarise", allow_hyphen_values = true)]
    pub game: Option<String>,
    /// The values substituted for N, e.g. 7,15,31.
    #[arg(long, required_unless_present = "summarise", allow_hyphen_values = true)]
    pub sizes: Option<String>,
    /// Independent seeded runs per size.
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
          conflicts_with_all = ["game", "sizes", "runs", "shard", "raw"])]
    pub summarise: Option<Vec<String>>,
    /// Print JSON instead of CSV.
    #[arg(long)]
    pub json: bool,
}

/// The flags common to both commands, parsed (the game is needed to check γ, so not γ).
struct Common {
    engine: Engine,
    seed: u64,
    max_games: u64,
    mu: MuSetting,
}

impl LearnFlags {
    fn parse(&self) -> Result<Common, String> {
        Ok(Common {
            engine: Engine::parse(&self.engine).map_err(|e| e.to_string())?,
            seed: parse_seed(&self.seed).map_err(|e| e.to_string())?,
            max_games: parse_budget(&self.max_evals).map_err(|e| e.to_string())?,
            mu: mu_setting(&self.mu, self.paper_c.as_deref(), self.paper_k.as_deref())?,
        })
    }
}

fn positive(key: &str, text: &str, what: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        _ => Err(format!("{} is not a valid value for {key}: {what}.", quoted(text))),
    }
}

fn mu_setting(mu: &str, paper_c: Option<&str>, paper_k: Option<&str>) -> Result<MuSetting, String> {
    if mu.trim() == "paper" {
        let c = positive(
            "paper-c",
            paper_c.unwrap_or("1"),
            "a positive number (the scale of Theorem 5.2's constant C)",
        )?;
        let k = positive("paper-k", paper_k.unwrap_or("1"), "a positive number (Theorem 5.2's K)")?;
        Ok(MuSetting::Paper { c, k })
    } else if paper_c.is_some() || paper_k.is_some() {
        Err("--paper-c and --paper-k only apply with --mu paper.".to_string())
    } else {
        parse_mu(mu).map(MuSetting::Fixed).map_err(|e| e.to_string())
    }
}

/// Refuses settings under which a run can do nothing useful: a budget below one generation, or
/// the expected engine's criterion out of reach.
fn check_runnable(task: &Task, engine: Engine, params: Params, max_games: u64) -> Result<(), String> {
    if max_games < u64::from(params.mu()) {
        return Err(format!(
            "The budget --max-evals {max_games} is below μ = {}: not even one generation fits; raise it or lower μ.",
            params.mu()
        ));
    }
    if engine == Engine::Expected {
        params::check_expected_reachable(task, params).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Writes to stdout; a closed pipe (e.g. `| head`) is not worth a panic.
fn out(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

pub fn umda(args: UmdaArgs) -> Result<(), String> {
    let game = read_arg("game spec", args.game)?;
    let Common { engine, seed, max_games, mu } = args.learn.parse()?;
    let task = Task::from_spec(&game, &Limits::DEFAULT).map_err(|e| e.to_string())?;
    let gamma = parse_gamma(&task, &args.learn.gamma).map_err(|e| e.to_string())?;
    let mu = match mu {
        MuSetting::Fixed(mu) => mu,
        MuSetting::Paper { c, k } => params::paper_mu(&task, c, k).map_err(|e| e.to_string())?,
    };
    let params = Params::new(&task, mu, gamma).map_err(|e| e.to_string())?;
    check_runnable(&task, engine, params, max_games)?;
    // The model's listing is sized before the run, so a refusal costs no learning.
    let labels = match args.dump_model {
        true => Some(model_labels(&task).map_err(|e| e.to_string())?),
        false => None,
    };
    let task = Arc::new(task);
    let mut run = Run::new(Arc::clone(&task), engine, params, seed);
    // Progress on a terminal, about once a second, even within one long generation.
    let show_progress = std::io::stderr().is_terminal();
    let mut last_shown = Instant::now();
    let mut shown = false;
    let mut lines = String::new();
    run.run_until_found_in_slices(max_games, 1 << 22, |run, finished| {
        if finished && args.trace {
            lines += &serde_json::to_string(&run.measures()).unwrap_or_default();
            lines.push('\n');
            if lines.len() > 1 << 16 {
                out(&std::mem::take(&mut lines));
            }
        }
        if show_progress && last_shown.elapsed() >= Duration::from_secs(1) {
            last_shown = Instant::now();
            shown = true;
            let within = match run.games_in_progress() {
                Some((played, mu)) => format!(", and {played} of {mu} in the generation under way"),
                None => String::new(),
            };
            eprint!("\rUMDA: {} generations, {} games played{within}   ", run.generation(), run.games());
        }
    });
    out(&lines);
    if shown {
        eprintln!();
    }
    let graph = &task.graph;
    let hash = format!("{:016x}", run.model_hash());
    let measures = run.measures();
    if args.json {
        let critical: Vec<String> = task.critical.iter().map(|&v| graph.label(v as usize)).collect();
        let summary = json!({
            "game": task.spec,
            "positions": task.n,
            "max_degree": task.max_degree,
            "fictitious_start": task.fictitious_start(),
            "engine": engine.as_str(),
            "mu": mu,
            "gamma": gamma,
            "seed": seed,
            "max_evals": max_games,
            "found": run.found().is_some(),
            "found_after_games": run.found().map(|f| f.games),
            "found_in_generation": run.found().map(|f| f.generation),
            "generations": run.generation(),
            "games": run.games(),
            "model_hash": hash,
            "critical_positions": critical,
            "measures": measures,
        });
        let summary = summary.to_string();
        match &labels {
            Some(labels) => write_out(|w| {
                w.write_all(&summary.as_bytes()[..summary.len() - 1])?;
                w.write_all(b",\"model\":")?;
                write_model(w, &task, labels, run.model())?;
                w.write_all(b"}\n")
            }),
            None => out(&(summary + "\n")),
        }
        return Ok(());
    }
    let mut text = format!(
        "game: {} ({} positions{}, Δ = {}, {} critical)\nUMDA: engine {}, μ = {mu}, γ = {gamma}, seed {seed}, budget {max_games} games\n",
        task.spec,
        task.n,
        if task.fictitious_start() { " with the fictitious start v*" } else { "" },
        task.max_degree,
        task.critical.len(),
        engine.as_str(),
    );
    match run.found() {
        Some(found) if engine == Engine::Expected => {
            text += &format!(
                "found: in generation {}, after T = {}, μ·Π ≥ 1 (in expectation one of μ samples meets Prop 2.2's condition)\n",
                found.generation,
                count(found.games, "game")
            )
        }
        Some(found) => {
            text += &format!(
                "found: an optimal strategy among the winners of generation {}, after T = {}\n",
                found.generation,
                count(found.games, "game")
            )
        }
        None if engine == Engine::Expected => {
            text += &format!(
                "not found: μ·Π < 1 after {} ({}; the budget is {max_games})\n",
                count(run.generation(), "generation"),
                count(run.games(), "game")
            )
        }
        None => {
            text += &format!(
                "not found: no optimal strategy among the winners after {} ({}; the budget is {max_games})\n",
                count(run.generation(), "generation"),
                count(run.games(), "game")
            )
        }
    }
    if let (Some(mean), Some(min)) = (measures.critical_mass_mean, measures.critical_mass_min) {
        text += &format!(
            "critical positions: {} of {} learned (mass on optimal moves: mean {mean:.4}, min {min:.4}); P(sample meets Prop 2.2) = {:.4}\n",
            measures.critical_learned, measures.critical, measures.prop22_probability
        );
    }
    text += &format!("model hash: {hash}\n");
    out(&text);
    if let Some(labels) = &labels {
        write_out(|w| {
            w.write_all(b"model: ")?;
            write_model(w, &task, labels, run.model())?;
            w.write_all(b"\n")
        });
    }
    Ok(())
}

/// The labels `--dump-model` writes, made once per position, after checking that the listing
/// fits the output budget: each interior position's label once, and per move its target's
/// label and a probability.
fn model_labels(task: &Task) -> Result<Vec<String>, impartial::InputError> {
    let graph = &task.graph;
    let labels: Vec<String> = (0..graph.len()).map(|v| graph.label(v)).collect();
    let bytes: u64 = (0..graph.len())
        .filter(|&v| !task.edges(v).is_empty())
        .map(|v| labels[v].len() as u64 + 8)
        .chain(graph.targets().iter().map(|&w| labels[w as usize].len() as u64 + 28))
        .sum();
    if bytes > OUTPUT_BUDGET {
        return Err(impartial::InputError::OutputTooLarge {
            what: "--dump-model",
            bytes,
            budget: OUTPUT_BUDGET,
        });
    }
    Ok(labels)
}

/// The model p_t as the JSON object {position: {move: probability}}, keys in label order at
/// both levels, written one position at a time.
fn write_model(w: &mut impl Write, task: &Task, labels: &[String], model: &[f64]) -> std::io::Result<()> {
    let graph = &task.graph;
    let mut interior: Vec<usize> = (0..graph.len()).filter(|&v| !task.edges(v).is_empty()).collect();
    interior.sort_unstable_by(|&a, &b| labels[a].cmp(&labels[b]));
    w.write_all(b"{")?;
    for (i, &v) in interior.iter().enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        serde_json::to_writer(&mut *w, &labels[v])?;
        w.write_all(b":{")?;
        let mut edges: Vec<usize> = task.edges(v).collect();
        edges.sort_unstable_by(|&a, &b| {
            labels[graph.targets()[a] as usize].cmp(&labels[graph.targets()[b] as usize])
        });
        for (j, &e) in edges.iter().enumerate() {
            if j > 0 {
                w.write_all(b",")?;
            }
            serde_json::to_writer(&mut *w, &labels[graph.targets()[e] as usize])?;
            w.write_all(b":")?;
            serde_json::to_writer(&mut *w, &model[e])?;
        }
        w.write_all(b"}")?;
    }
    w.write_all(b"}")
}

/// Writes to a buffered stdout; a closed pipe (e.g. `| head`) ends the output quietly.
fn write_out(
    write: impl FnOnce(&mut std::io::BufWriter<std::io::StdoutLock<'static>>) -> std::io::Result<()>,
) {
    let mut w = std::io::BufWriter::new(std::io::stdout().lock());
    let _ = write(&mut w).and_then(|()| w.flush());
}

pub fn runtime(args: RuntimeArgs) -> Result<(), String> {
    if let Some(files) = &args.summarise {
        let mut rows = Vec::new();
        for file in files {
            rows.extend(read_raw(file)?);
        }
        if rows.is_empty() {
            return Err("The raw tables hold no runs; write them with `impartial runtime --raw`.".into());
        }
        return print_summary(&rows, args.json);
    }
    // clap enforces both when --summarise is absent.
    let (Some(game), Some(sizes)) = (args.game, args.sizes) else {
        return Err("runtime needs --game and --sizes (or --summarise FILE...).".into());
    };
    let template = read_arg("game spec", game)?;
    let sizes = parse_sizes(&sizes)?;
    let runs = match args.runs.trim().parse::<u32>() {
        Ok(r) if (1..=1_000_000).contains(&r) => r,
        _ => {
            return Err(format!(
                "{} is not a valid value for runs: a whole number from 1 to 1,000,000.",
                quoted(&args.runs)
            ))
        }
    };
    let Common { engine, seed, max_games, mu } = args.learn.parse()?;
    let gamma = GammaSetting::parse(&args.learn.gamma).map_err(|e| e.to_string())?;
    if u64::from(runs) * sizes.len() as u64 > MAX_JOBS {
        return Err(format!(
            "{runs} runs at each of {} sizes make more than {MAX_JOBS} runs in one sweep; split it into several sweeps.",
            sizes.len()
        ));
    }
    let shard = match &args.shard {
        Some(text) => Shard::parse(text).map_err(|e| e.to_string())?,
        None => Shard::ALL,
    };
    // Every size is sized from its spec first, then built and checked one at a time (and
    // dropped), so a bad size is refused before any run, and memory is that of one size.
    runtime::check_sizes(&template, &sizes, &Limits::DEFAULT)
        .map_err(|(size, e)| format!("At size {size}: {e}"))?;
    let prepare = |size| runtime::prepare(&template, size, mu, gamma, &Limits::DEFAULT);
    for &size in &sizes {
        let prepared = prepare(size).map_err(|e| format!("At size {size}: {e}"))?;
        check_runnable(&prepared.task, engine, prepared.params, max_games)
            .map_err(|e| format!("At size {size}: {e}"))?;
    }
    let show_progress = std::io::stderr().is_terminal();
    let rows = runtime::sweep(&sizes, prepare, runs, shard, engine, max_games, seed, |done, total| {
        if show_progress {
            eprint!("\rruns finished: {done}/{total}");
            if done == total {
                eprintln!();
            }
        }
    })
    .map_err(|e| e.to_string())?;
    if args.raw {
        let mut text = String::from(runtime::RAW_HEADER);
        text.push('\n');
        for row in &rows {
            text += &row.to_csv();
            text.push('\n');
        }
        if args.json {
            text = serde_json::to_string(&rows).unwrap_or_default() + "\n";
        }
        out(&text);
        return Ok(());
    }
    print_summary(&rows, args.json)
}

/// The rows of one file written by `runtime --raw` (CSV) or `runtime --raw --json`.
fn read_raw(file: &str) -> Result<Vec<RunRow>, String> {
    let text = read_file("raw table", file, MAX_RAW_BYTES)?;
    if text.trim_start().starts_with('[') {
        return serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a JSON table written by --raw --json ({e}).", quoted(file)));
    }
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with("size,") || line.starts_with('#') {
            continue;
        }
        let row = RunRow::from_csv(line).ok_or_else(|| {
            format!(
                "Line {} of {} is not a row written by --raw: {}.",
                i + 1,
                quoted(file),
                quoted(line.trim())
            )
        })?;
        rows.push(row);
    }
    Ok(rows)
}

fn print_summary(rows: &[RunRow], json: bool) -> Result<(), String> {
    let summary = runtime::summarise(rows)?;
    if json {
        out(&(serde_json::to_string(&summary).unwrap_or_default() + "\n"));
    } else {
        out(&summary.to_csv());
    }
    Ok(())
}

/// The most runs one sweep may hold (its job list is built up front).
const MAX_JOBS: u64 = 1_000_000;

/// The longest raw table `--summarise` reads: a whole sweep of [`MAX_JOBS`] runs is about
/// 100 MB of CSV (JSON a little more).
const MAX_RAW_BYTES: u64 = 256 << 20;

/// "1 game", "2 games".
fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

fn parse_sizes(text: &str) -> Result<Vec<u64>, String> {
    let allowed = "a comma-separated list of whole numbers, e.g. 7,15,31";
    let sizes: Option<Vec<u64>> = text.split(',').map(|s| s.trim().parse::<u64>().ok()).collect();
    let sizes = match sizes {
        Some(sizes) if !sizes.is_empty() && sizes.len() <= 1000 => sizes,
        _ => return Err(format!("{} is not a valid value for sizes: {allowed}.", quoted(text))),
    };
    for (i, size) in sizes.iter().enumerate() {
        if sizes[..i].contains(size) {
            return Err(format!("The size {size} is listed twice in --sizes; list each size once."));
        }
    }
    Ok(sizes)
}
