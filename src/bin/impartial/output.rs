//! The one way the CLI writes to stdout and stderr, so an output error ends every subcommand
//! the same way:
//!
//! - a closed pipe (EPIPE, e.g. `| head -c1`) on either stream is a quiet exit with the
//!   command's own status (0 after a successful command): the reader has what it asked for;
//! - any other write error (a full disk, ENOSPC on `>/dev/full`) is one sentence on stderr, if
//!   stderr can still take it, and exit code 1, so no output is lost silently.
//!
//! Every writer records its first error here; [`exit_code`] reads the record once the command
//! has returned, so a command that stops writing at the first error (as all of them do) needs
//! no error plumbing of its own. Rust ignores SIGPIPE, so a closed pipe is an ordinary error.

use impartial::InputError;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Mutex;

/// Which stream failed.
#[derive(Clone, Copy)]
enum Stream {
    Stdout,
    Stderr,
}

impl Stream {
    fn name(self) -> &'static str {
        match self {
            Stream::Stdout => "standard output",
            Stream::Stderr => "standard error",
        }
    }
}

/// The first error met on each stream (a later one on the same stream adds nothing).
static FAILED: Mutex<[Option<io::ErrorKind>; 2]> = Mutex::new([None, None]);
/// The first error's text, for the sentence (the kind alone loses "No space left on device").
static FAILED_TEXT: Mutex<[Option<String>; 2]> = Mutex::new([None, None]);

fn record(stream: Stream, err: &io::Error) {
    // An interrupted write is retried by `write_all`; it is not a failure.
    if err.kind() == io::ErrorKind::Interrupted {
        return;
    }
    let i = stream as usize;
    if let Ok(mut failed) = FAILED.lock() {
        if failed[i].is_none() {
            failed[i] = Some(err.kind());
            if let Ok(mut text) = FAILED_TEXT.lock() {
                text[i] = Some(err.to_string());
            }
        }
    }
}

/// A writer that records its first error before passing it on.
pub struct Recorded<W: Write> {
    inner: W,
    stream: Stream,
}

impl<W: Write> Write for Recorded<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).inspect_err(|e| record(self.stream, e))
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().inspect_err(|e| record(self.stream, e))
    }
}

/// Buffered, recorded stdout.
pub type Stdout = io::BufWriter<Recorded<io::StdoutLock<'static>>>;

/// Buffered stdout. Call `flush` at the end (dropping it flushes too, and [`exit_code`]
/// flushes stdout itself, so nothing is lost unrecorded either way).
pub fn stdout() -> Stdout {
    io::BufWriter::with_capacity(1 << 16, Recorded { inner: io::stdout().lock(), stream: Stream::Stdout })
}

/// Writes `text` to stdout and flushes; an error is recorded (see the module doc).
pub fn print(text: &str) {
    let mut out = stdout();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// Writes `text` to stderr (unbuffered); an error is recorded, never a panic as `eprint!`'s.
pub fn eprint(text: &str) {
    let mut err = Recorded { inner: io::stderr().lock(), stream: Stream::Stderr };
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}

/// The exit code after a command: 2 after bad input (its sentence written here); otherwise 1
/// with one sentence when an output stream failed other than by a closed pipe, else 0.
pub fn exit_code(result: Result<(), InputError>) -> ExitCode {
    // Anything std's own line buffer still holds is written now, where its error is seen.
    let _ = Recorded { inner: io::stdout().lock(), stream: Stream::Stdout }.flush();
    if let Err(message) = result {
        eprint(&format!("impartial: {}\n", impartial::error::one_line(&message.to_string())));
        return ExitCode::from(2);
    }
    let failed = FAILED.lock().map(|f| *f).unwrap_or([None, None]);
    let texts = FAILED_TEXT.lock().map(|t| t.clone()).unwrap_or_default();
    let mut status = ExitCode::SUCCESS;
    for stream in [Stream::Stdout, Stream::Stderr] {
        let i = stream as usize;
        if matches!(failed[i], None | Some(io::ErrorKind::BrokenPipe)) {
            continue;
        }
        // A failed stderr cannot take the sentence: the exit code alone tells.
        if let Stream::Stdout = stream {
            let text = texts[i].clone().unwrap_or_default();
            eprint(&format!(
                "impartial: {}\n",
                impartial::error::one_line(&format!(
                    "The output could not be written to {}: {text}; it is incomplete.",
                    stream.name()
                ))
            ));
        }
        status = ExitCode::from(1);
    }
    status
}
