//! The native command-line tool over the core: `impartial analyse`, `impartial umda` and
//! `impartial runtime` (see README).
//!
//! Bad input gets one sentence on stderr and exit code 2; nothing here panics on user input.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::run()
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
#[path = "impartial/learn_cli.rs"]
mod learn_cli;

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use std::io::Write;
    use std::process::ExitCode;

    use clap::{Parser, Subcommand};
    use impartial::report::Options;

    use crate::learn_cli::{self, RuntimeArgs, UmdaArgs};

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
        /// Run UMDA (seed 000, Algorithm 1) until an optimal strategy is among the winners or the
        /// game budget is spent.
        Umda {
            /// The game spec (as for `analyse`), or @FILE.
            #[arg(long)]
            game: String,
            /// Population μ: games per generation (1 to 100,000,000), or 'paper' for Theorem 5.2's
            /// μ = C(K+s+1)(20Δn)^{1+2s} ln n with C = --paper-c.
            #[arg(long, default_value = "100", allow_hyphen_values = true)]
            mu: String,
            /// Margin γ in [0, 1/Δ), or 'paper' for Theorem 5.2's 1/(20Δn).
            #[arg(long, default_value = "paper", allow_hyphen_values = true)]
            gamma: String,
            /// Seed of the run's random stream (0 to 2^64 − 1); the same seed replays the same run.
            #[arg(long, default_value = "1", allow_hyphen_values = true)]
            seed: String,
            /// fast (lazy sampling), naive (whole strategies) or expected (Lemma 3.1, no sampling).
            #[arg(long, default_value = "fast")]
            engine: String,
            /// Budget: stop before a generation would take the games played past this.
            #[arg(long, value_name = "GAMES", default_value = "10000000", allow_hyphen_values = true)]
            max_evals: String,
            /// Also print one JSON line per generation with the progress measures.
            #[arg(long)]
            trace: bool,
            /// Print the summary as one JSON object.
            #[arg(long)]
            json: bool,
            /// Also print the final model: {position: {move: probability}}.
            #[arg(long)]
            dump_model: bool,
            /// Scale C of Theorem 5.2's unknown constant, used by --mu paper.
            #[arg(long, value_name = "C", default_value = "1", allow_hyphen_values = true)]
            paper_c: String,
            /// Confidence K of Theorem 5.2 (failure probability n^-K), used by --mu paper.
            #[arg(long, value_name = "K", default_value = "1", allow_hyphen_values = true)]
            paper_k: String,
        },
        /// Measure T over many seeds per game size: a CSV or JSON table with percentiles and the
        /// fitted log–log slope, beside Corollary 5.3's bound.
        Runtime {
            /// The game spec with its size key written N, e.g. 'game=subtraction&moves=1,2&heap=N'.
            #[arg(long, required_unless_present = "summarise")]
            game: Option<String>,
            /// The values substituted for N, e.g. 7,15,31.
            #[arg(long, required_unless_present = "summarise")]
            sizes: Option<String>,
            /// Independent seeded runs per size.
            #[arg(long, default_value = "20", allow_hyphen_values = true)]
            runs: String,
            /// μ, or 'paper' (see `umda`).
            #[arg(long, default_value = "100", allow_hyphen_values = true)]
            mu: String,
            /// γ, or 'paper' (see `umda`); a number is checked against every size's Δ.
            #[arg(long, default_value = "paper", allow_hyphen_values = true)]
            gamma: String,
            /// Base seed; run r of size N uses a seed derived from (seed, N, r), printed with --raw.
            #[arg(long, default_value = "1", allow_hyphen_values = true)]
            seed: String,
            #[arg(long, default_value = "fast")]
            engine: String,
            /// Game budget per run; runs that spend it count as unfinished.
            #[arg(long, value_name = "GAMES", default_value = "10000000", allow_hyphen_values = true)]
            max_evals: String,
            /// Run only part i of k of the sweep (for a cluster job array); combine with --raw.
            #[arg(long, value_name = "i/k")]
            shard: Option<String>,
            /// Print one CSV row per run instead of the summary table.
            #[arg(long)]
            raw: bool,
            /// Summarise raw CSV files written by --raw (e.g. from every shard) instead of running.
            #[arg(long, value_name = "FILE", num_args = 1..)]
            summarise: Option<Vec<String>>,
            /// Print JSON instead of CSV.
            #[arg(long)]
            json: bool,
            #[arg(long, value_name = "C", default_value = "1", allow_hyphen_values = true)]
            paper_c: String,
            #[arg(long, value_name = "K", default_value = "1", allow_hyphen_values = true)]
            paper_k: String,
        },
    }

    pub fn run() -> ExitCode {
        let cli = match Cli::try_parse() {
            Ok(cli) => cli,
            Err(err) => {
                // --help and --version are not errors.
                let code = if err.use_stderr() { 2 } else { 0 };
                let _ = err.print();
                return ExitCode::from(code);
            }
        };
        match cli.command {
            Command::Umda {
                game,
                mu,
                gamma,
                seed,
                engine,
                max_evals,
                trace,
                json,
                dump_model,
                paper_c,
                paper_k,
            } => {
                let args = UmdaArgs {
                    game,
                    mu,
                    gamma,
                    seed,
                    engine,
                    max_evals,
                    trace,
                    json,
                    dump_model,
                    paper_c,
                    paper_k,
                };
                finish(learn_cli::umda(args))
            }
            Command::Runtime {
                game,
                sizes,
                runs,
                mu,
                gamma,
                seed,
                engine,
                max_evals,
                shard,
                raw,
                summarise,
                json,
                paper_c,
                paper_k,
            } => {
                let args = RuntimeArgs {
                    game,
                    sizes,
                    runs,
                    mu,
                    gamma,
                    seed,
                    engine,
                    max_evals,
                    shard,
                    raw,
                    summarise,
                    json,
                    paper_c,
                    paper_k,
                };
                finish(learn_cli::runtime(args))
            }
            Command::Analyse { game, json, positions, from, strategy } => {
                let report = read_arg("game spec", game).and_then(|game| {
                    let options = options(positions, from, strategy)?;
                    impartial::report::analyse_with(&game, &options).map_err(|e| e.to_string())
                });
                match report {
                    Ok(report) => {
                        let text = if json {
                            serde_json::to_string(&report)
                                .map(|s| s + "\n")
                                .unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}\n"))
                        } else {
                            report.to_text()
                        };
                        // A closed pipe (e.g. `| head`) is not an error worth a panic.
                        let _ = std::io::stdout().lock().write_all(text.as_bytes());
                        ExitCode::SUCCESS
                    }
                    Err(err) => {
                        eprintln!("impartial: {err}");
                        ExitCode::from(2)
                    }
                }
            }
        }
    }

    /// Exit code 0 after a successful command, 2 with one sentence on stderr after bad input.
    fn finish(result: Result<(), String>) -> ExitCode {
        match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("impartial: {err}");
                ExitCode::from(2)
            }
        }
    }

    /// The report options from the flags; a strategy is read from JSON text or @FILE.
    fn options(positions: bool, from: Option<String>, strategy: Option<String>) -> Result<Options, String> {
        let strategy = match strategy {
            Some(text) => {
                let text = read_arg("strategy", text)?;
                Some(impartial::report::parse_strategy(&text).map_err(|e| e.to_string())?)
            }
            None => None,
        };
        Ok(Options { positions, from, strategy })
    }

    /// An argument's text, or the contents of FILE when it is written @FILE.
    pub(crate) fn read_arg(what: &str, text: String) -> Result<String, String> {
        match text.strip_prefix('@') {
            Some(path) => std::fs::read_to_string(path)
                .map_err(|e| format!("The {what} file '{path}' cannot be read: {e}.")),
            None => Ok(text),
        }
    }
}
