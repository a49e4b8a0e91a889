//! The native command-line tool over the core: `impartial analyse`, `impartial umda`,
//! `impartial runtime`, `impartial learn`, `impartial sequence` and `impartial value` (see README).
//!
//! Bad input gets one sentence on stderr and exit code 2; nothing here panics on user input.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::run()
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod analyse;
#[cfg(not(target_arch = "wasm32"))]
mod files;
#[cfg(not(target_arch = "wasm32"))]
mod learn;
#[cfg(not(target_arch = "wasm32"))]
mod learn_flags;
#[cfg(not(target_arch = "wasm32"))]
mod output;
#[cfg(not(target_arch = "wasm32"))]
mod plot;
#[cfg(not(target_arch = "wasm32"))]
mod runtime;
#[cfg(not(target_arch = "wasm32"))]
mod sequence;
#[cfg(not(target_arch = "wasm32"))]
mod umda;
#[cfg(not(target_arch = "wasm32"))]
mod value;

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use std::process::ExitCode;

    use clap::{Parser, Subcommand};

    use crate::analyse;
    use crate::files::read_arg;
    use crate::learn::{self, LearnArgs};
    use crate::output;
    use crate::runtime::{self, RuntimeArgs};
    use crate::sequence::{self, SequenceArgs};
    use crate::umda::{self, UmdaArgs};
    use crate::value::{self, ValueArgs};

    /// Impartial combinatorial games: game graphs and Sprague–Grundy analysis.
    #[derive(Parser)]
    #[command(name = "impartial", version, about)]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    #[derive(Subcommand)]
    enum Command {
        /// Build a game's graph and print its Sprague–Grundy analysis.
        #[command(visible_alias = "analyze")]
        Analyse {
            /// The game spec, e.g. 'game=subtraction&moves=1,3,4&heap=20' (see README), or @FILE
            /// to read it from a file (for long custom graphs).
            #[arg(long)]
            game: String,
            /// Print one JSON object instead of a text summary.
            #[arg(long)]
            json: bool,
            /// Also list every position (label, Grundy value, outcome, critical, moves).
            #[arg(long)]
            positions: bool,
            /// Describe one position by its label: Grundy value worked out, outcome, winning moves.
            #[arg(long, value_name = "LABEL")]
            from: Option<String>,
            /// Check a strategy against Opt(G): a JSON object from position labels to move labels,
            /// e.g. '{"6":"4"}', or @FILE to read it from a file. Unlisted positions count as any move.
            #[arg(long, value_name = "JSON")]
            strategy: Option<String>,
        },
        /// Run UMDA (Benford & Lehre, Algorithm 1) until an optimal strategy is among the winners or the
        /// game budget is spent.
        Umda(UmdaArgs),
        /// Measure T (the games UMDA plays until an optimal strategy is among the winners) over
        /// many seeds per game size: a table with percentiles and the fitted log–log slope, beside
        /// Corollary 5.3's bound.
        Runtime(RuntimeArgs),
        /// Learn by one of Böhme's rules (Böhme: lnwt, lnwp, llt, llp, rlnwt, rllt) against
        /// an opponent, play after play, beside the paper's bounds; games may have cycles.
        Learn(LearnArgs),
        /// The Grundy sequence g(0..N) of a subtraction or octal game's (or Grundy's game's)
        /// single heaps, by the recurrence, and its period with its proof (Guy and Smith's
        /// theorem for octal games, a repeated window for subtraction games).
        Sequence(SequenceArgs),
        /// The start position's Grundy value by the cheapest exact method the game allows,
        /// without building the position graph where theory permits (nim-sum, heap sequences and
        /// their periods, the g-set algebra for posets), and which method.
        Value(ValueArgs),
    }

    pub fn run() -> ExitCode {
        let cli = match Cli::try_parse() {
            Ok(cli) => cli,
            // --help and --version are not errors; neither is the help shown for a bare
            // `impartial`, which repeats nothing the user typed.
            Err(err) if !err.use_stderr() => {
                if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
                    let _ = err.print(); // in colour
                } else {
                    output::print(&err.render().to_string());
                }
                return output::exit_code(Ok(()));
            }
            Err(err) if err.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                output::eprint(&err.render().to_string());
                return ExitCode::from(2);
            }
            Err(err) => return output::exit_code(Err(usage_error(&err.render().to_string()).into())),
        };
        match cli.command {
            Command::Umda(args) => finish(umda::umda(args)),
            Command::Runtime(args) => finish(runtime::runtime(args)),
            Command::Learn(args) => finish(learn::learn(args)),
            Command::Sequence(args) => match sequence::sequence(args) {
                // An output error (a full disk) still decides the exit code.
                Ok(true) => finish(Ok(())),
                // Ctrl-C: the output covers what was computed; 130 is the shell's code for SIGINT.
                Ok(false) => match finish(Ok(())) {
                    code if code == ExitCode::SUCCESS => ExitCode::from(130),
                    code => code,
                },
                Err(err) => finish(Err(err)),
            },
            Command::Value(args) => finish(value::run(args)),
            Command::Analyse { game, json, positions, from, strategy } => {
                finish(read_arg("game spec", game).and_then(|game| {
                    analyse::analyse(&game, json, analyse::options(positions, from, strategy)?)
                        .map_err(|e| e.to_string().into())
                }))
            }
        }
    }

    /// clap's usage error (several lines: the error, tips, usage, a pointer to --help) as one
    /// sentence, with every quoted argument escaped and cut like any user text.
    fn usage_error(rendered: &str) -> String {
        let mut head = Vec::new();
        let mut tips = Vec::new();
        let mut usage = None;
        let mut in_head = true;
        for line in rendered.lines().map(str::trim) {
            if line.is_empty() {
                in_head = false;
            } else if let Some(rest) = line.strip_prefix("Usage: ") {
                usage = Some(rest);
            } else if line.starts_with("tip: ") {
                tips.push(line);
            } else if in_head {
                head.push(line.strip_prefix("error: ").unwrap_or(line));
            }
        }
        let mut sentence = head.join(" ");
        for tip in tips {
            sentence.push_str("; ");
            sentence.push_str(tip);
        }
        let mut sentence = requote(&sentence).trim_end_matches(['.', ':']).to_string();
        if let Some(usage) = usage {
            sentence.push_str(&format!("; usage: {usage}"));
        }
        sentence.push_str("; see --help.");
        impartial::error::one_line(&sentence)
    }

    /// Replaces each `'…'` span in clap's text by [`impartial::error::quoted`] of its content.
    fn requote(text: &str) -> String {
        let mut out = String::new();
        let mut parts = text.split('\'');
        out.push_str(parts.next().unwrap_or(""));
        while let Some(inside) = parts.next() {
            match parts.next() {
                Some(after) => {
                    out.push_str(&impartial::error::quoted(inside));
                    out.push_str(after);
                }
                None => out.push_str(&impartial::error::quoted(inside)),
            }
        }
        out
    }

    /// Exit code 0 after a successful command, 2 with one sentence on stderr after bad input,
    /// 1 after an output error other than a closed pipe (see `output`).
    fn finish(result: Result<(), impartial::InputError>) -> ExitCode {
        crate::output::exit_code(result)
    }
}
