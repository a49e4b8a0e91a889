//! `impartial learn`: Böhme's learning rules against an opponent, play after play
//!. Flags → validated values → the core's [`RulesRun`].

use std::io::Write;

use clap::Args;
use impartial::error::InputError;
use impartial::games::Limits;
use impartial::learn::params::parse_seed;
use impartial::learn::rules::{Opponent, PlayRecord, Rule, RulesRun, StrategyChange};
use impartial::learn::rules_bounds::RuleBounds;
use impartial::learn::rules_game::{parse_plays, RulesGame};
use impartial::report::OUTPUT_BUDGET;
use serde_json::{json, Value};

use crate::files::read_arg;

#[derive(Args)]
pub struct LearnArgs {
    /// The game spec (as for `analyse`; `game=graph` may have cycles), or @FILE.
    #[arg(long, allow_hyphen_values = true)]
    pub game: String,
    /// The learning rule: lnwt, lnwp, llt, llp, rlnwt or rllt (Böhme §4–5).
    #[arg(long, default_value = "lnwt", allow_hyphen_values = true)]
    pub rule: String,
    /// The opponent: first (each position's first move), perfect, random (a fresh random
    /// strategy each play) or same (self-play with the same rule).
    #[arg(long, default_value = "first", allow_hyphen_values = true)]
    pub opponent: String,
    /// Plays to run (1 to 10,000,000).
    #[arg(long, default_value = "1000", allow_hyphen_values = true)]
    pub plays: String,
    /// Seed of the random stream (0 to 2^64 − 1), for rlnwt, rllt and the random opponent.
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    pub seed: String,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Also print one JSON line per play: its result, trace and the strategy changes after it.
    #[arg(long)]
    pub trace: bool,
    /// Also print the learner's final strategy, {position: move}.
    #[arg(long)]
    pub dump_strategy: bool,
    /// The learner moves second: the opponent moves first from the root (Benford & Lehre's G*, which
    /// `runtime --learner` uses where the root is a P-position).
    #[arg(long)]
    pub second: bool,
}

/// A lower bound on a `--trace` line: `{"changed":[],"play":1,"result":"won","trace":[""]}` and
/// its line end.
const MIN_TRACE_LINE: u64 = 52;

pub fn learn(args: LearnArgs) -> Result<(), InputError> {
    let text = |e: InputError| e.to_string();
    // Everything typed is checked before the game is built.
    let rule = Rule::parse(&args.rule).map_err(text)?;
    let opponent = Opponent::parse(&args.opponent).map_err(text)?;
    let plays = parse_plays(&args.plays).map_err(text)?;
    let seed = parse_seed(&args.seed).map_err(text)?;
    let spec = read_arg("game spec", args.game)?;
    if args.trace {
        // Every play's line has at least its number, result and the root's label: a --trace
        // that cannot fit is refused before the game is built.
        let bytes = plays.saturating_mul(MIN_TRACE_LINE);
        if bytes > OUTPUT_BUDGET {
            return Err(
                text(InputError::OutputTooLarge { what: "--trace", bytes, budget: OUTPUT_BUDGET }).into()
            );
        }
    }
    let game = RulesGame::from_spec(&spec, &Limits::DEFAULT).map_err(text)?;
    game.check_plays(plays).map_err(text)?;
    // Labels are made when written, not held: a 4,000,000-position game's would take 100+ MB.
    let longest_label = (0..game.graph.len()).map(|v| game.graph.label(v).len()).max().unwrap_or(0) as u64;
    if args.trace {
        // A play's line: its trace's labels, quoted, and at most as many changes.
        let bytes = plays.saturating_mul(game.max_trace.saturating_mul(3 * (longest_label + 16)) + 80);
        if bytes > OUTPUT_BUDGET {
            return Err(
                text(InputError::OutputTooLarge { what: "--trace", bytes, budget: OUTPUT_BUDGET }).into()
            );
        }
    }
    if args.dump_strategy {
        let bytes = game.graph.len() as u64 * (2 * longest_label + 8);
        if bytes > OUTPUT_BUDGET {
            return Err(text(InputError::OutputTooLarge {
                what: "--dump-strategy",
                bytes,
                budget: OUTPUT_BUDGET,
            })
            .into());
        }
    }
    // Böhme's bounds are for p moving first from the root: not given for --second.
    let bounds = (!args.second).then(|| RuleBounds::of(&game));
    let mut run = RulesRun::seated(game, rule, opponent, seed, args.second);
    let mut w = crate::output::stdout();
    for _ in 0..plays {
        let record = run.play();
        if args.trace
            && writeln!(w, "{}", play_line(&record, run.game(), opponent == Opponent::Same)).is_err()
        {
            return Ok(()); // the writer recorded the error (see `output`)
        }
    }
    let summary = summary(&run, &bounds, seed);
    // The strategy is streamed after the summary, one position at a time, never held whole.
    let _ = if args.json {
        let text = summary.to_string();
        match args.dump_strategy {
            true => w
                .write_all(&text.as_bytes()[..text.len() - 1])
                .and_then(|()| w.write_all(b",\"strategy\":"))
                .and_then(|()| write_strategy(&mut w, &run))
                .and_then(|()| w.write_all(b"}\n")),
            false => writeln!(w, "{text}"),
        }
    } else {
        w.write_all(summary_text(&summary).as_bytes()).and_then(|()| match args.dump_strategy {
            true => w
                .write_all(b"strategy    ")
                .and_then(|()| write_strategy(&mut w, &run))
                .and_then(|()| w.write_all(b"\n")),
            false => Ok(()),
        })
    }
    .and_then(|()| w.flush());
    Ok(())
}

fn changes(list: &[StrategyChange], game: &RulesGame) -> Value {
    let label = |v: u32| game.graph.label(v as usize);
    list.iter()
        .map(|c| json!({"position": label(c.position), "from": label(c.from), "to": label(c.to)}))
        .collect()
}

/// One play as a JSON line.
fn play_line(record: &PlayRecord, game: &RulesGame, self_play: bool) -> Value {
    let trace: Vec<String> = record.trace.iter().map(|&v| game.graph.label(v as usize)).collect();
    let mut line = json!({
        "play": record.number,
        "result": record.result,
        "trace": trace,
        "changed": changes(&record.changed, game),
    });
    if self_play {
        line["opponent_changed"] = changes(&record.opponent_changed, game);
    }
    line
}

/// The learner's final strategy as the JSON object {position: move}, in the graph's position
/// order, written one position at a time (a 4,000,000-position game's would take 600 MB held).
fn write_strategy(w: &mut impl Write, run: &RulesRun) -> std::io::Result<()> {
    let graph = &run.game().graph;
    w.write_all(b"{")?;
    let mut first = true;
    for (v, m) in run.strategy().iter().enumerate() {
        let Some(m) = m else { continue };
        if !first {
            w.write_all(b",")?;
        }
        first = false;
        serde_json::to_writer(&mut *w, &graph.label(v))?;
        w.write_all(b":")?;
        serde_json::to_writer(&mut *w, &graph.label(*m as usize))?;
    }
    w.write_all(b"}")
}

/// The run's summary as JSON (the text output is made from it).
fn summary(run: &RulesRun, bounds: &Option<RuleBounds>, seed: u64) -> Value {
    let game = run.game();
    let c = run.counts();
    let root = game.graph.root();
    json!({
        "game": game.spec,
        "positions": game.graph.len(),
        "edges": game.graph.edge_count(),
        "cyclic": game.graph.is_cyclic(),
        "root": game.graph.label(root),
        "root_outcome": game.root_outcome().as_str(),
        "learner_moves": if run.moves_second() { "second" } else { "first" },
        "rule": run.rule(),
        "opponent": run.opponent(),
        "seed": seed,
        "plays": c.plays,
        "won": c.won,
        "lost": c.lost,
        "drawn": c.drawn,
        "last_not_won": c.last_not_won,
        "last_lost": c.last_lost,
        "opt_defined": game.has_opt_as(run.moves_second()),
        "optimal_after": c.optimal_after,
        "bounds": bounds,
    })
}

fn summary_text(s: &Value) -> String {
    let b = &s["bounds"];
    let n = |v: &Value| v.as_u64().unwrap_or(0);
    let mut text = format!(
        "game        {}\nsize        {} positions, {} moves{}\nroot        {}: {}-position, the learner moves {}\n",
        s["game"].as_str().unwrap_or(""),
        n(&s["positions"]),
        n(&s["edges"]),
        if s["cyclic"] == true { ", with cycles" } else { "" },
        s["root"].as_str().unwrap_or(""),
        s["root_outcome"].as_str().unwrap_or(""),
        s["learner_moves"].as_str().unwrap_or("first"),
    );
    text += &format!(
        "learner     {} against the {} opponent, seed {}\nplays       {}: {} won, {} lost, {} drawn\n",
        s["rule"].as_str().unwrap_or("").to_uppercase(),
        s["opponent"].as_str().unwrap_or(""),
        n(&s["seed"]),
        n(&s["plays"]),
        n(&s["won"]),
        n(&s["lost"]),
        n(&s["drawn"]),
    );
    let last = |v: &Value| if n(v) == 0 { "none".to_string() } else { format!("play {}", n(v)) };
    text += &format!("last        not won: {}; lost: {}\n", last(&s["last_not_won"]), last(&s["last_lost"]));
    text += &match (&s["opt_defined"], s["optimal_after"].as_u64()) {
        (Value::Bool(false), _) => {
            "Opt(G)      not defined here (a game with cycles, or the root is lost for the learner's side)\n"
                .into()
        }
        (_, Some(0)) => "Opt(G)      the initial strategy is already in Opt(G)\n".into(),
        (_, Some(k)) => format!("Opt(G)      in Opt(G) after play {k}\n"),
        (_, None) => "Opt(G)      not in Opt(G) yet\n".into(),
    };
    if b.is_null() {
        text += "bounds      not given: Böhme's are for a learner that moves first\n";
    } else {
        text += &bounds_text(b);
    }
    text
}

/// The Cor 4.4 and Thm 4.6/4.8 lines.
fn bounds_text(b: &Value) -> String {
    let n = |v: &Value| v.as_u64().unwrap_or(0);
    let mut text = match b["h"].as_u64() {
        Some(h) => format!(
            "Cor 4.4     LNWT leaves fewer than (d+1)^h = {}^{h} = {} plays not won (d = {}, h = {h})\n",
            n(&b["d"]) + 1,
            match b["corollary_4_4"].as_f64() {
                Some(v) if v < 1e15 => format!("{v}"),
                _ => format!("10^{:.1}", b["corollary_4_4_log10"].as_f64().unwrap_or(f64::INFINITY)),
            },
            n(&b["d"]),
        ),
        None => "Cor 4.4     does not apply: the root is not a winning position for the learner\n".into(),
    };
    let m = n(&b["theorem_4_6"]);
    text += &format!(
        "Thm 4.6/4.8 M_p(root) = {m}: LNWP leaves fewer than {m} plays not won{}; LLP loses fewer than {m} plays{}\n",
        if b["winning"] == true { "" } else { " (does not apply: the root is not winning)" },
        if b["drawing"] == true { "" } else { " (does not apply: the root is a P-position)" },
    );
    text
}
