//! Every command shown in README.md and docs/*.md runs as shown: each line of a ```` ```sh ````
//! block that calls the CLI (`cargo run --release -- …`, `target/release/impartial …` or
//! `impartial …`) is run through `sh` with that prefix replaced by the built binary, in a
//! temporary folder (with `docs/figures` and `docs/data` in it, so the published commands'
//! redirections work), and must exit 0.
//!
//! Blocks fenced ```` ```sh long ```` regenerate published measurements and take minutes: they
//! run only with `DOCS_LONG=1`. The commands that are not CLI calls are run elsewhere, and this
//! test knows where ([`RUN_ELSEWHERE`]): any other command in a block fails it, so no command
//! in the docs goes unchecked.

use std::path::{Path, PathBuf};

use std::process::Command;

/// Commands the docs show that other checks run: the prefix and what runs it.
const RUN_ELSEWHERE: &[(&str, &str)] = &[
    ("scripts/test", ".ci/run (CI runs it on every submission)"),
    ("scripts/serve", "tests/browser (the same server and pkg/)"),
    ("scripts/slurm/", "scripts/test-slurm"),
    ("sbatch ", "scripts/test-slurm"),
    ("jid=$(sbatch ", "scripts/test-slurm"),
    ("export IMPARTIAL=", "scripts/test-slurm (the cluster's rerun block)"),
    ("mkdir -p results/", "scripts/test-slurm (the cluster's by-hand block)"),
    ("cargo build", "scripts/test"),
    ("cargo bench", "the benches themselves (docs/performance.md)"),
    ("node benches/", "the browser benchmark (docs/performance.md)"),
];

/// Prefixes that call the CLI.
const CLI_PREFIXES: &[&str] = &["cargo run --release -- ", "target/release/impartial ", "impartial "];

/// One command from the docs: where it is, whether its block is `long`, and its text with
/// continuation lines joined.
struct Shown {
    place: String,
    long: bool,
    text: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The commands of every ```` ```sh ```` block of `path` (comment lines left out).
fn commands_in(path: &Path) -> Vec<Shown> {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.strip_prefix(root()).unwrap().display().to_string();
    let mut out = Vec::new();
    let (mut block, mut long) = (false, false);
    let mut pending: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start();
        if fence.starts_with("```") {
            let info: Vec<&str> = fence.trim_start_matches('`').split_whitespace().collect();
            block = !block && info.first() == Some(&"sh");
            long = block && info.contains(&"long");
            continue;
        }
        if !block {
            continue;
        }
        let trimmed = line.trim();
        let (start, mut joined) = pending.take().unwrap_or((i + 1, String::new()));
        if let Some(head) = trimmed.strip_suffix('\\') {
            joined.push_str(head.trim_end());
            joined.push(' ');
            pending = Some((start, joined));
            continue;
        }
        joined.push_str(trimmed);
        if !joined.is_empty() && !joined.starts_with('#') {
            out.push(Shown { place: format!("{name}:{start}"), long, text: joined });
        }
    }
    out
}

fn shown() -> Vec<Shown> {
    crate::common::docs_files().iter().flat_map(|p| commands_in(p)).collect()
}

/// The CLI arguments of a CLI call, as shell text, or None.
fn cli_call(text: &str) -> Option<&str> {
    CLI_PREFIXES.iter().find_map(|p| text.strip_prefix(p))
}

#[test]
fn every_command_in_the_docs_is_run_by_some_check() {
    let all = shown();
    assert!(all.len() >= 20, "only {} commands found in the docs", all.len());
    let unchecked: Vec<String> = all
        .iter()
        .filter(|c| cli_call(&c.text).is_none() && !RUN_ELSEWHERE.iter().any(|(p, _)| c.text.starts_with(p)))
        .map(|c| format!("{}: {}", c.place, c.text))
        .collect();
    assert!(
        unchecked.is_empty(),
        "commands no check runs (add them to RUN_ELSEWHERE with what runs them):\n{}",
        unchecked.join("\n")
    );
}

#[test]
fn every_cli_command_in_the_docs_runs_as_shown() {
    let run_long = std::env::var_os("DOCS_LONG").is_some();
    let dir = std::env::temp_dir().join(format!("impartial-docs-{}", std::process::id()));
    for sub in ["docs/figures", "docs/data", "results"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let bin = env!("CARGO_BIN_EXE_impartial");
    let mut ran = 0;
    for c in shown().iter().filter(|c| run_long || !c.long) {
        let Some(args) = cli_call(&c.text) else { continue };
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("\"$IMPARTIAL\" {args}\n"))
            .env("IMPARTIAL", bin)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}: `{}` exited {:?}: {}",
            c.place,
            c.text,
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        ran += 1;
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(ran >= 15, "only {ran} CLI commands ran");
}
