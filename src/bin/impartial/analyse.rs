//! `impartial analyse`: a game's graph and its Sprague–Grundy report, or for a game with
//! cycles its P/N/D outcomes and generalised Grundy values.

use std::io::Write;

use impartial::report::Options;

use crate::files::read_arg;
use impartial::InputError;

/// `analyse`: the report, and with `--positions` every position, written one at a time
/// after the listing's size is checked against the output budget.
pub(crate) fn analyse(game: &str, json: bool, options: Options) -> Result<(), impartial::InputError> {
    if has_cycle(game) {
        return analyse_loopy(game, json, options);
    }
    if options.positions {
        // A listing over the output budget is refused from the counted size, before building.
        let spec = impartial::GameSpec::parse(game)?;
        impartial::report::check_listing_size(impartial::games::estimate(
            &spec,
            &impartial::Limits::DEFAULT,
        )?)?;
    }
    let game = impartial::AnalysedGame::from_spec(game, &impartial::Limits::DEFAULT)?;
    let (report, positions) = impartial::report::Report::of(game, &options)?;
    let mut out = crate::output::stdout();
    // An output error is recorded by the writer and ends the command (see `output`).
    let _ = if options.positions {
        let labels = positions.checked_labels()?;
        if json {
            positions.write_json(&report, &labels, &mut out)
        } else {
            positions.write_text(&report, &labels, &mut out)
        }
    } else if json {
        serde_json::to_writer(&mut out, &report)
            .map_err(std::io::Error::from)
            .and_then(|()| out.write_all(b"\n"))
    } else {
        out.write_all(report.to_text().as_bytes())
    }
    .and_then(|()| out.flush());
    Ok(())
}

/// Whether the spec is a `graph` game with a cycle (a malformed spec is not: its error comes
/// from the usual path).
fn has_cycle(game: &str) -> bool {
    impartial::GameSpec::parse(game).is_ok_and(|spec| spec.family.has_cycle())
}

/// `analyse` of a game with cycles: outcomes P/N/D and generalised Grundy values.
fn analyse_loopy(game: &str, json: bool, options: Options) -> Result<(), impartial::InputError> {
    let game = impartial::learn::rules_game::RulesGame::from_spec(game, &impartial::Limits::DEFAULT)?;
    if let (Some(_), Some(v)) = (&options.strategy, game.graph.find_cycle()) {
        // The Opt(G) check of Benford & Lehre §2 needs an acyclic game.
        return Err(impartial::InputError::NeedsAcyclic { node: game.graph.label(v) });
    }
    let report = impartial::report::LoopyReport::of(&game, options.positions, options.from.as_deref())?;
    let text =
        if json { serde_json::to_string(&report).unwrap_or_default() + "\n" } else { report.to_text() };
    crate::output::print(&text);
    Ok(())
}

/// The report options from the flags; a strategy is read from JSON text or @FILE.
pub(crate) fn options(
    positions: bool,
    from: Option<String>,
    strategy: Option<String>,
) -> Result<Options, InputError> {
    let strategy = match strategy {
        Some(text) => {
            let text = read_arg("strategy", text)?;
            Some(impartial::report::parse_strategy(&text).map_err(|e| e.to_string())?)
        }
        None => None,
    };
    Ok(Options { positions, from, strategy })
}
