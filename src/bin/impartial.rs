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
#[path = "impartial/output.rs"]
mod output;

#[cfg(not(target_arch = "wasm32"))]
#[path = "impartial/learn_cli.rs"]
mod learn_cli;

#[cfg(not(target_arch = "wasm32"))]
#[path = "impartial/rules_cli.rs"]
mod rules_cli;

#[cfg(not(target_arch = "wasm32"))]
#[path = "impartial/sequence_cli.rs"]
mod sequence_cli;

#[cfg(not(target_arch = "wasm32"))]
#[path = "impartial/value_cli.rs"]
mod value_cli;

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use std::io::Write;
    use std::process::ExitCode;

    use clap::{Parser, Subcommand};
    use impartial::report::Options;

    use crate::output;
    use crate::learn_cli::{self, RuntimeArgs, UmdaArgs};
    use crate::rules_cli::{self, LearnArgs};
    use crate::sequence_cli::{self, SequenceArgs};
    use crate::value_cli::{self, ValueArgs};

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
            Err(err) => return output::exit_code(Err(usage_error(&err.render().to_string()))),
        };
        match cli.command {
            Command::Umda(args) => finish(learn_cli::umda(args)),
            Command::Runtime(args) => finish(learn_cli::runtime(args)),
            Command::Learn(args) => finish(rules_cli::learn(args)),
            Command::Sequence(args) => match sequence_cli::sequence(args) {
                // An output error (a full disk) still decides the exit code.
                Ok(true) => finish(Ok(())),
                // Ctrl-C: the output covers what was computed; 130 is the shell's code for SIGINT.
                Ok(false) => match finish(Ok(())) {
                    code if code == ExitCode::SUCCESS => ExitCode::from(130),
                    code => code,
                },
                Err(err) => finish(Err(err)),
            },
            Command::Value(args) => finish(value_cli::run(args)),
            Command::Analyse { game, json, positions, from, strategy } => {
                finish(read_arg("game spec", game).and_then(|game| {
                    analyse(&game, json, options(positions, from, strategy)?).map_err(|e| e.to_string())
                }))
            }
        }
    }

    /// `analyse`: the report, and with `--positions` every position, written one at a time
    /// after the listing's size is checked against the output budget.
    fn analyse(game: &str, json: bool, options: Options) -> Result<(), impartial::InputError> {
        if has_cycle(game) {
            return analyse_loopy(game, json, options);
        }
        if options.positions {
            // A listing over the output budget is refused from the counted size, before building.
            let spec = impartial::GameSpec::parse(game)?;
            impartial::report::check_listing_size(impartial::games::estimate(&spec, &impartial::Limits::DEFAULT)?)?;
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
    fn finish(result: Result<(), String>) -> ExitCode {
        crate::output::exit_code(result)
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

    /// An argument's text, or the contents of FILE when it is written @FILE (at most
    /// `MAX_SPEC_BYTES`, the longest spec or strategy the core reads).
    pub(crate) fn read_arg(what: &str, text: String) -> Result<String, String> {
        match text.strip_prefix('@') {
            Some(path) => read_file(what, path, impartial::spec::MAX_SPEC_BYTES as u64),
            None => Ok(text),
        }
    }

    /// A file's text, refused once it is longer than `cap` bytes: at most `cap + 1` bytes are
    /// ever read, so `@/dev/zero` or a huge file costs nothing.
    pub(crate) fn read_file(what: &str, path: &str, cap: u64) -> Result<String, String> {
        use std::io::Read;
        let quoted = impartial::error::quoted(path);
        let mut bytes = Vec::new();
        let file = open_bounded(what, path)?;
        let waits = file.waits;
        file.take(cap + 1).read_to_end(&mut bytes).map_err(|e| read_error(what, path, &e))?;
        if waits && bytes.is_empty() {
            return Err(format!(
                "The {what} file {quoted} is a FIFO or device that gave no text (nobody writes to it); write it to a file."
            ));
        }
        if bytes.len() as u64 > cap {
            return Err(format!(
                "The {what} file {quoted} is longer than {} bytes, the most that is read.",
                impartial::error::group_digits(u128::from(cap))
            ));
        }
        String::from_utf8(bytes).map_err(|_| format!("The {what} file {quoted} is not UTF-8 text."))
    }

    /// The sentence for a file that cannot be read.
    pub(crate) fn read_error(what: &str, path: &str, e: &std::io::Error) -> String {
        let quoted = impartial::error::quoted(path);
        if e.kind() == std::io::ErrorKind::TimedOut {
            return format!(
                "The {what} file {quoted} gave no text within {} s (a FIFO or device nobody writes to?); write it to a file.",
                FIFO_WAIT.as_secs()
            );
        }
        format!("The {what} file {quoted} cannot be read: {e}.")
    }

    /// How long a FIFO, pipe or device may keep a reader waiting for its next bytes.
    pub(crate) const FIFO_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

    /// A file opened without blocking: opening a FIFO for reading waits for a writer, which may
    /// never come, so it is opened non-blocking, and reading it waits at most [`FIFO_WAIT`] for
    /// data (then a `TimedOut` error). A FIFO without any writer reads as empty.
    pub(crate) fn open_bounded(what: &str, path: &str) -> Result<Bounded, String> {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        #[cfg(target_os = "linux")]
        const O_NONBLOCK: i32 = 0o4000;
        #[cfg(not(target_os = "linux"))]
        const O_NONBLOCK: i32 = 0x4; // the BSDs and macOS
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(O_NONBLOCK)
            .open(path)
            .map_err(|e| read_error(what, path, &e))?;
        let kind = file.metadata().map_err(|e| read_error(what, path, &e))?.file_type();
        if kind.is_dir() {
            return Err(format!(
                "The {what} file {} is a directory; give a file.",
                impartial::error::quoted(path)
            ));
        }
        let waits = kind.is_fifo() || kind.is_socket() || kind.is_char_device();
        Ok(Bounded { file, waits })
    }

    /// A reader that turns "no data yet" on a non-blocking FIFO into a bounded wait.
    pub(crate) struct Bounded {
        file: std::fs::File,
        waits: bool,
    }

    impl std::io::Read for Bounded {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let start = std::time::Instant::now();
            loop {
                match self.file.read(buf) {
                    Err(e) if self.waits && e.kind() == std::io::ErrorKind::WouldBlock => {
                        if start.elapsed() >= FIFO_WAIT {
                            return Err(std::io::ErrorKind::TimedOut.into());
                        }
                        std::thread::sleep(std::time::Duration::from_millis(5));
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    other => return other,
                }
            }
        }
    }
}
