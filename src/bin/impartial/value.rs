//! `impartial value`: the start position's Grundy value and outcome by the cheapest exact
//! method the game's structure allows, and which (see `impartial::analysis::value`).

use clap::Args;
use impartial::analysis::value::value;
use impartial::analysis::Outcome;
use impartial::InputError;

#[derive(Args)]
pub struct ValueArgs {
    /// The game spec; a poset without divN parts may have up to 100,000 elements here.
    #[arg(long)]
    game: String,
    /// Print one JSON object: game, grundy, outcome, method, and gset for posets.
    #[arg(long)]
    json: bool,
}

pub fn run(args: ValueArgs) -> Result<(), InputError> {
    let game = crate::files::read_arg("game spec", args.game)?;
    let found = value(&game).map_err(|e| e.to_string())?;
    if args.json {
        crate::output::print(&(serde_json::to_string(&found).map_err(|e| e.to_string())? + "\n"));
        return Ok(());
    }
    let mut text = String::new();
    macro_rules! line {
        ($($arg:tt)*) => {{ text += &format!($($arg)*); text.push('\n'); }};
    }
    line!("game        {}", found.game);
    let verdict = match found.outcome {
        Outcome::N => "N-position: the first player wins",
        Outcome::P => "P-position: the second player wins",
    };
    match found.grundy {
        Some(g) => line!("value       Grundy value {g}, {verdict}"),
        None => line!("value       no Grundy value (misère play), {verdict}"),
    }
    line!("method      {}", found.method.describe());
    for (k, part) in found.parts.iter().flatten().enumerate() {
        let g = part.grundy.map_or_else(|| "?".to_string(), |g| g.to_string());
        line!("part {:<6} g = {g} by {}: {}", k + 1, part.method.describe(), part.game);
    }
    if let Some(gset) = &found.gset {
        let shown: Vec<String> = gset.iter().take(40).map(u32::to_string).collect();
        let more = if gset.len() > 40 { format!(", … ({} values)", gset.len()) } else { String::new() };
        line!("g-set       {{{}{more}}}", shown.join(", "));
    }
    crate::output::print(&text);
    Ok(())
}
