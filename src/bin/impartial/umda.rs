//! `impartial umda`: one run of UMDA (Benford & Lehre, Algorithm 1) on a game, with its trace and model.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use impartial::games::Limits;
use impartial::learn::learner::Settings;
use impartial::learn::params::{self, parse_gamma, Engine, Params};
use impartial::learn::runtime::{self, Learner, MuSetting};
use impartial::learn::{Run, Task};
use serde_json::json;

use crate::files::read_arg;
use crate::learn_flags::{count, out, write_out, Common, LearnFlags};
use impartial::report::OUTPUT_BUDGET;
use impartial::InputError;

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
    /// The learner: umda (Benford & Lehre's Algorithm 1), pbil (Baluja 1994, with --rho) or cga
    /// (the compact GA of Harik, Lobo & Goldberg 1999, with --cga-k), on the same task.
    #[arg(long, default_value = "umda", allow_hyphen_values = true)]
    pub learner: String,
}

pub fn umda(args: UmdaArgs) -> Result<(), InputError> {
    let game = read_arg("game spec", args.game.clone())?;
    let learner = Learner::parse(&args.learner).map_err(|e| e.to_string())?;
    let Some(algorithm) = learner.algorithm() else {
        return Err(format!(
            "{} is one of Böhme's rules, which `impartial learn` runs; umda runs {}.",
            impartial::error::quoted(args.learner.trim()),
            impartial::learn::registry::names()
        )
        .into());
    };
    let knobs = args.learn.knobs(&[learner])?;
    let Common { engine, seed, max_games, mu } = args.learn.parse()?;
    if algorithm.name != "umda" {
        return other_learner(&args, algorithm, knobs, engine, seed, max_games, mu, &game);
    }
    if let MuSetting::Fixed(mu) = mu {
        runtime::check_budget(mu, max_games)?; // before the game is built
    }
    let task = Task::from_spec(&game, &Limits::DEFAULT).map_err(|e| e.to_string())?;
    let gamma = parse_gamma(&task, &args.learn.gamma).map_err(|e| e.to_string())?;
    let mu = match mu {
        MuSetting::Fixed(mu) => mu,
        MuSetting::Paper { c, k } => params::paper_mu(&task, c, k).map_err(|e| e.to_string())?,
    };
    let params = Params::new(&task, mu, gamma).map_err(|e| e.to_string())?;
    runtime::check_runnable(&task, engine, params, max_games)?;
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
            crate::output::eprint(&format!(
                "\rUMDA: {} generations, {} games played{within}   ",
                run.generation(),
                run.games()
            ));
        }
    });
    out(&lines);
    if shown {
        crate::output::eprint("\n");
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
        print_json(summary.to_string(), &task, labels.as_deref(), run.model());
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
    print_text(&text, &task, labels.as_deref(), run.model());
    Ok(())
}

/// A run's JSON summary (one object ending in `}`), with `"model"` added last under
/// `--dump-model` (`labels`), then a newline.
fn print_json(summary: String, task: &Task, labels: Option<&[String]>, model: &[f64]) {
    match labels {
        Some(labels) => write_out(|w| {
            w.write_all(&summary.as_bytes()[..summary.len() - 1])?;
            w.write_all(b",\"model\":")?;
            write_model(w, task, labels, model)?;
            w.write_all(b"}\n")
        }),
        None => out(&(summary + "\n")),
    }
}

/// A run's text summary, then under `--dump-model` (`labels`) a line `model: {…}`.
fn print_text(text: &str, task: &Task, labels: Option<&[String]>, model: &[f64]) {
    out(text);
    if let Some(labels) = labels {
        write_out(|w| {
            w.write_all(b"model: ")?;
            write_model(w, task, labels, model)?;
            w.write_all(b"\n")
        });
    }
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

/// `umda --learner pbil|cga`: the run a sweep's row of that learner makes (same seed, μ, γ and
/// budget), with its result as text or JSON and the model's hash.
#[allow(clippy::too_many_arguments)]
fn other_learner(
    args: &UmdaArgs,
    algorithm: &'static impartial::learn::learner::Algorithm,
    knobs: impartial::learn::learner::Knobs,
    engine: Engine,
    seed: u64,
    max_games: u64,
    mu: MuSetting,
    game: &str,
) -> Result<(), InputError> {
    if args.trace {
        return Err(format!(
            "--trace prints UMDA's measures per generation; leave it out for {}.",
            algorithm.name
        )
        .into());
    }
    if !algorithm.uses_engine && args.learn.engine.trim() != "fast" {
        return Err("--engine sets UMDA and PBIL, and the compact GA draws whole strategies only; leave --engine out.".into());
    }
    if let (true, MuSetting::Fixed(mu)) = (algorithm.uses_mu, mu) {
        runtime::check_budget(mu, max_games)?;
    }
    let task = Task::from_spec(game, &Limits::DEFAULT).map_err(|e| e.to_string())?;
    let gamma = parse_gamma(&task, &args.learn.gamma).map_err(|e| e.to_string())?;
    let mu = match mu {
        MuSetting::Fixed(mu) => mu,
        MuSetting::Paper { c, k } => params::paper_mu(&task, c, k).map_err(|e| e.to_string())?,
    };
    let params = Params::new(&task, mu, gamma).map_err(|e| e.to_string())?;
    if algorithm.uses_mu {
        runtime::check_runnable(&task, engine, params, max_games)?;
    }
    let labels = match args.dump_model {
        true => Some(model_labels(&task).map_err(|e| e.to_string())?),
        false => None,
    };
    let task = Arc::new(task);
    let settings = Settings { params, engine, knobs };
    let mut run = (algorithm.start)(Arc::clone(&task), &settings, seed);
    run.run_until_found(max_games);
    let hash = format!("{:016x}", run.model_hash());
    let found = run.found();
    let (engine_label, mu_value) =
        (algorithm.uses_engine.then_some(engine.as_str()), algorithm.uses_mu.then_some(mu));
    let (rho, k) = match algorithm.name {
        "pbil" => (Some(knobs.rho), None),
        "cga" => (None, Some(knobs.k)),
        _ => (None, None),
    };
    if args.json {
        let summary = json!({
            "game": task.spec,
            "learner": algorithm.name,
            "positions": task.n,
            "max_degree": task.max_degree,
            "engine": engine_label,
            "mu": mu_value,
            "gamma": gamma,
            "rho": rho,
            "k": k,
            "seed": seed,
            "max_evals": max_games,
            "found": found.is_some(),
            "found_after_games": found.map(|f| f.games),
            "steps": run.steps(),
            "games": run.games(),
            "model_hash": hash,
        })
        .to_string();
        print_json(summary, &task, labels.as_deref(), run.model());
        return Ok(());
    }
    let knob = match (rho, k) {
        (Some(r), _) => format!(", ρ = {r}"),
        (_, Some(k)) => format!(", K = {k}"),
        _ => String::new(),
    };
    let setting = match (engine_label, mu_value) {
        (Some(e), Some(m)) => format!("engine {e}, μ = {m}, "),
        _ => String::new(),
    };
    let mut text = format!(
        "game: {} ({} positions, Δ = {}, {} critical)\n{}: {setting}γ = {gamma}{knob}, seed {seed}, budget {max_games} games\n",
        task.spec,
        task.n,
        task.max_degree,
        task.critical.len(),
        algorithm.name,
    );
    text += &match found {
        Some(f) => format!("found: a game's winner in Opt(G) after T = {}\n", count(f.games, "game")),
        None => format!(
            "not found: no game's winner in Opt(G) after {} (the budget is {max_games})\n",
            count(run.games(), "game")
        ),
    };
    text += &format!("model hash: {hash}\n");
    print_text(&text, &task, labels.as_deref(), run.model());
    Ok(())
}
