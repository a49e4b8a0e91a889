//! Running the CLI as a user does, for the integration tests of its commands.
#![allow(dead_code)]

use std::process::Command;

/// Exit code, stdout and stderr of `impartial ARGS…`.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_impartial")).args(args).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Stdout of a command that must succeed.
pub fn ok(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    stdout
}

/// What a bounded run of the CLI did: its exit code (None when killed at the time limit), its
/// output and how long it took.
pub struct Outcome {
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: String,
    pub elapsed: std::time::Duration,
}

impl Outcome {
    /// stdout as text (lossy).
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// Runs the CLI under `memory_bytes` of address space (prlimit), killed after `limit`.
pub fn run_within(limit: std::time::Duration, memory_bytes: u64, args: &[&str]) -> Outcome {
    use std::io::Read;
    use std::process::Stdio;
    let started = std::time::Instant::now();
    let mut child = Command::new("prlimit")
        .arg(format!("--as={memory_bytes}"))
        .arg(env!("CARGO_BIN_EXE_impartial"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("prlimit (util-linux) runs the binary");
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        bytes
    });
    let err_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    // Polls the child (a bounded wait: it is killed at the limit).
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    let elapsed = started.elapsed();
    Outcome {
        code: status.and_then(|s| s.code()),
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
        elapsed,
    }
}

/// A path in the temporary directory, named for this process, removed when dropped (also when
/// the test fails, by unwinding): tests that write files leave nothing behind.
pub struct Scratch(pub std::path::PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        Scratch(std::env::temp_dir().join(format!("impartial-test-{}-{name}", std::process::id())))
    }

    /// The path as an argument.
    pub fn arg(&self) -> String {
        self.0.to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
