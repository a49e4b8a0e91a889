//! Reading a spec, strategy or table from @FILE: bounded in size, and never waiting forever on a
//! FIFO or device.

use impartial::InputError;

/// An argument's text, or the contents of FILE when it is written @FILE (at most
/// `MAX_SPEC_BYTES`, the longest spec or strategy the core reads).
pub(crate) fn read_arg(what: &str, text: String) -> Result<String, InputError> {
    match text.strip_prefix('@') {
        Some(path) => read_file(what, path, impartial::spec::MAX_SPEC_BYTES as u64),
        None => Ok(text),
    }
}

/// A file's text, refused once it is longer than `cap` bytes: at most `cap + 1` bytes are
/// ever read, so `@/dev/zero` or a huge file costs nothing.
pub(crate) fn read_file(what: &str, path: &str, cap: u64) -> Result<String, InputError> {
    use std::io::Read;
    let quoted = impartial::error::quoted(path);
    let mut bytes = Vec::new();
    let file = open_bounded(what, path)?;
    let waits = file.waits;
    file.take(cap + 1).read_to_end(&mut bytes).map_err(|e| read_error(what, path, &e))?;
    if waits && bytes.is_empty() {
        return Err(format!(
            "The {what} file {quoted} is a FIFO or device that gave no text (nobody writes to it); write it to a file."
        ).into());
    }
    if bytes.len() as u64 > cap {
        return Err(format!(
            "The {what} file {quoted} is longer than {} bytes, the most that is read.",
            impartial::error::group_digits(u128::from(cap))
        )
        .into());
    }
    String::from_utf8(bytes).map_err(|_| format!("The {what} file {quoted} is not UTF-8 text.").into())
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
pub(crate) fn open_bounded(what: &str, path: &str) -> Result<Bounded, InputError> {
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
        )
        .into());
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
