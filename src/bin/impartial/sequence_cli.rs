//! `impartial sequence`: the Grundy sequence g(0..N) of a subtraction or octal game's single
//! heaps, computed by the recurrence, with its period and the theorem that proves it.

use std::io::{IsTerminal, Write};

use clap::Args;
use impartial::analysis::sequence::{HeapGame, Sequence, MAX_TO, SEARCH_LIMIT};
use impartial::value::parse_number;

#[derive(Args)]
pub struct SequenceArgs {
    /// A subtraction or octal game; its heap key may be left out, e.g. 'game=octal&code=0.77'
    /// or 'game=subtraction&moves=1,3,4'.
    #[arg(long)]
    game: String,
    /// Compute g(0..=N). Without it, the values are computed until a period is proven or
    /// 131,072 heaps are reached.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    to: Option<String>,
    /// Print one JSON object: game, to, values, period ({preperiod, period} or null), proven.
    #[arg(long)]
    json: bool,
}

/// How far `sequence` computes, without `--to`, a game whose periods nothing here proves.
const UNPROVEN_TO: usize = 1000;

pub fn sequence(args: SequenceArgs) -> Result<(), String> {
    let text = crate::cli::read_arg("game spec", args.game)?;
    let (game, spec) = HeapGame::parse(&text).map_err(|e| e.to_string())?;
    if spec.split('&').any(|pair| pair == "play=misere") {
        // The recurrence is normal play's mex; misère values are not a Grundy sequence.
        return Err(format!(
            "{} is misère play, whose outcomes are not given by a Grundy sequence (the recurrence is normal play's); \
             drop play=misere, or ask `impartial value` or `analyse` about one misère position.",
            impartial::error::quoted(&spec)
        ));
    }
    let to = match &args.to {
        Some(text) => Some(
            parse_number("to", text, 0, MAX_TO as u64, &format!("a whole number from 0 to {MAX_TO}"))
                .map_err(|e| e.to_string())? as usize,
        ),
        None => None,
    };
    let terminal = std::io::stderr().is_terminal();
    let sequence = match to {
        Some(to) => game.values_to(to),
        // No period to look for: the first values, as far as a strip of them is read.
        None if !game.proves_periods() => game.values_to(UNPROVEN_TO),
        None => game.until_period(SEARCH_LIMIT, |n| {
            if terminal {
                crate::output::eprint(&format!("\rcomputing g(0..{n})…   "));
            }
        }),
    };
    if terminal && to.is_none() {
        crate::output::eprint(&format!("\r{:40}\r", ""));
    }
    let mut out = crate::output::stdout();
    // An output error is recorded by the writer and ends the command (see `output`).
    let asked = if game.proves_periods() { to } else { None };
    let _ = if args.json {
        write_json(&mut out, &spec, &sequence)
    } else {
        write_text(&mut out, &spec, &sequence, asked)
    }
    .and_then(|()| out.flush());
    Ok(())
}

/// The JSON object, the values written one at a time.
fn write_json(out: &mut impl Write, spec: &str, sequence: &Sequence) -> std::io::Result<()> {
    let to = sequence.values.len() - 1;
    write!(out, "{{\"game\":{},\"to\":{to},\"values\":[", serde_json::to_string(spec)?)?;
    for (i, v) in sequence.values.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "{v}")?;
    }
    let period = serde_json::to_string(&sequence.period)?;
    writeln!(out, "],\"period\":{period},\"proven\":{}}}", sequence.period.is_some())
}

/// The text form: the values twenty to a line, then the period in words.
fn write_text(
    out: &mut impl Write,
    spec: &str,
    sequence: &Sequence,
    asked: Option<usize>,
) -> std::io::Result<()> {
    let to = sequence.values.len() - 1;
    writeln!(out, "game      {spec}")?;
    writeln!(out, "values    g(0..{to})")?;
    for (row, chunk) in sequence.values.chunks(20).enumerate() {
        let line: Vec<String> = chunk.iter().map(u32::to_string).collect();
        writeln!(out, "{:>8}  {}", row * 20, line.join(" "))?;
    }
    match sequence.period {
        Some(p) => writeln!(
            out,
            "period    {} from heap {} on (preperiod {}), proven from these values",
            p.period, p.preperiod, p.preperiod
        ),
        None if asked.is_some() => {
            writeln!(out, "period    no period proven up to {to}; a larger --to may prove one")
        }
        None => writeln!(out, "period    no period proven up to {to}"),
    }
}
