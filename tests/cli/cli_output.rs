//! Output errors in every subcommand: a closed pipe is a quiet exit 0, a full disk (`/dev/full`)
//! one sentence on stderr and exit 1, a full stderr never a panic.

use std::fs::OpenOptions;
use std::io::Read;
use std::process::{Command, Stdio};

/// One command line per subcommand, each with more output than a pipe's buffer holds where it
/// can, so the closed pipe is met while writing.
pub fn every_subcommand() -> Vec<Vec<&'static str>> {
    vec![
        vec!["analyse", "--game", "game=nim&heaps=30,30", "--positions", "--json"],
        vec!["value", "--game", "game=poset&poset=C100000", "--json"],
        vec!["sequence", "--game", "game=octal&code=0.77", "--to", "100000"],
        vec!["learn", "--game", "game=nim&heaps=3,4,5", "--plays", "3000", "--trace"],
        vec!["umda", "--game", "game=nim&heaps=3,4", "--mu", "20", "--trace", "--dump-model", "--json"],
        vec![
            "runtime",
            "--game",
            "game=nim&heaps=1,N",
            "--sizes",
            "1,2,3",
            "--runs",
            "40",
            "--mu",
            "5",
            "--raw",
        ],
        vec!["--help"],
    ]
}

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_impartial"))
}

fn dev_full() -> std::fs::File {
    OpenOptions::new().write(true).open("/dev/full").expect("/dev/full opens")
}

#[test]
fn a_full_disk_on_stdout_is_one_sentence_and_exit_1() {
    for args in every_subcommand() {
        let out = binary().args(&args).stdout(dev_full()).output().expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with(
                "impartial: The output could not be written to standard output: No space left on device"
            ),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_closed_pipe_is_a_quiet_exit_0() {
    for args in every_subcommand() {
        let mut child =
            binary().args(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("runs");
        // As `| head -c1`: one byte read, then the pipe closed.
        let mut stdout = child.stdout.take().expect("piped");
        let mut byte = [0u8; 1];
        let _ = stdout.read(&mut byte);
        drop(stdout);
        let out = child.wait_with_output().expect("ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
    }
}

#[test]
fn a_full_stderr_after_bad_input_is_exit_2_without_a_panic() {
    for args in [
        vec!["value", "--game", "x"],
        vec!["analyse", "--game", "x"],
        vec!["sequence", "--game", "x"],
        vec!["learn", "--game", "x"],
        vec!["umda", "--game", "x"],
        vec!["runtime", "--game", "x", "--sizes", "1"],
        vec!["no-such-command"],
    ] {
        let out = binary().args(&args).stderr(dev_full()).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn a_full_stdout_and_stderr_together_is_exit_1() {
    let out = binary()
        .args(["value", "--game", "game=nim&heaps=1,2"])
        .stdout(dev_full())
        .stderr(dev_full())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
}
