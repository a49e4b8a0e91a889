//! The files `runtime` writes: tables with a sidecar JSON next to them (the CSV stays a tidy
//! table: a header and rows, no comment lines), written atomically, and a raw shard table that
//! grows a row at a time as runs finish, so a task cut short keeps its finished runs and a
//! rerun of the same command resumes it.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use impartial::error::quoted;
use impartial::learn::runtime::{Provenance, RunRow, SweepInfo, RAW_HEADER};
use impartial::InputError;
use serde::{Deserialize, Serialize};

/// A raw table's sidecar: where its rows come from and the sweep (and shard) they belong to.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RawSidecar {
    /// The build, stream, command, host and date of the table's first attempt.
    pub provenance: Provenance,
    /// The sweep and the shard of it the table holds.
    pub sweep: SweepInfo,
}

/// The sidecar of a table: `FILE.csv` → `FILE.json`, any other name → `NAME.json`.
pub fn sidecar_path(table: &str) -> PathBuf {
    match table.strip_suffix(".csv") {
        Some(stem) => PathBuf::from(format!("{stem}.json")),
        None => PathBuf::from(format!("{table}.json")),
    }
}

/// Refuses an `--out` path no table can be written to, before anything runs: a directory, or
/// in a directory that does not exist.
pub fn check_out(path: &str) -> Result<(), InputError> {
    let p = Path::new(path);
    if p.is_dir() {
        return Err(format!("{} is a directory; give --out a file name.", quoted(path)).into());
    }
    let dir = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(
            format!("Cannot write the table to {}: its directory does not exist.", quoted(path)).into()
        );
    }
    Ok(())
}

/// The sentence for a file that cannot be written: an output error (exit 1).
pub fn write_error(path: &Path, e: &std::io::Error) -> InputError {
    crate::output::output_error(format!("Cannot write {}: {e}.", quoted(&path.to_string_lossy())))
}

/// Writes `bytes` to `path` through a temporary file in its folder, synced and renamed: a
/// reader sees the old file or the whole new one. A path that is not a regular file (a device
/// such as /dev/stdout, a FIFO) is written in place: renaming over it would replace it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), InputError> {
    if path.exists() && !path.is_file() {
        return OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut f| f.write_all(bytes).and_then(|()| f.flush()))
            .map_err(|e| write_error(path, &e));
    }
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = File::create(&temp)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&temp, path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        write_error(path, &e)
    })
}

/// A raw table's sidecar, if it has one.
pub fn read_sidecar(table: &str) -> Result<Option<RawSidecar>, InputError> {
    let path = sidecar_path(table);
    if !path.exists() {
        return Ok(None);
    }
    let text = crate::files::read_file("sidecar", &path.to_string_lossy(), 1 << 24)?;
    serde_json::from_str(&text).map(Some).map_err(|e| {
        format!(
            "{} is not the sidecar --raw --out writes next to {} ({e}).",
            quoted(&path.to_string_lossy()),
            quoted(table)
        )
        .into()
    })
}

/// A raw table open for appending rows as runs finish.
pub struct RawTable {
    path: PathBuf,
    file: Mutex<File>,
}

impl RawTable {
    /// Opens the raw table at `path` for this shard of this sweep: a new file (its sidecar
    /// written first, then the header), or the table of an earlier attempt of the same shard of
    /// the same sweep by the same build, whose whole rows are kept (a last line cut short by a
    /// kill is dropped). Refuses a table of another sweep, shard, build or random stream.
    pub fn open(path: &str, sidecar: &RawSidecar) -> Result<RawTable, InputError> {
        let p = PathBuf::from(path);
        if p.is_dir() {
            return Err(format!("{} is a directory; give --out a file name.", quoted(path)).into());
        }
        if p.exists() {
            let Some(old) = read_sidecar(path)? else {
                return Err(format!(
                    "{} exists but has no sidecar {}, so it cannot be resumed; give --out a new file.",
                    quoted(path),
                    quoted(&sidecar_path(path).to_string_lossy())
                )
                .into());
            };
            if !old.provenance.same_build(&sidecar.provenance) {
                return Err(format!(
                    "{} was written by another build or random stream (version {}, commit {}, stream {}; this is {}, {}, {}), so it cannot be resumed; give --out a new file.",
                    quoted(path),
                    old.provenance.version,
                    old.provenance.commit,
                    old.provenance.stream,
                    sidecar.provenance.version,
                    sidecar.provenance.commit,
                    sidecar.provenance.stream
                ).into());
            }
            if old.sweep != sidecar.sweep {
                return Err(format!(
                    "{} holds another sweep or shard than this command runs, so it cannot be resumed; give --out a new file.",
                    quoted(path)
                ).into());
            }
            let mut file =
                OpenOptions::new().read(true).append(true).open(&p).map_err(|e| write_error(&p, &e))?;
            // Drop a last line without its line end (a write cut short).
            let mut text = Vec::new();
            file.read_to_end(&mut text).map_err(|e| write_error(&p, &e))?;
            let whole = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            if whole < text.len() {
                file.set_len(whole as u64).map_err(|e| write_error(&p, &e))?;
                file.seek(SeekFrom::End(0)).map_err(|e| write_error(&p, &e))?;
            }
            if whole == 0 {
                file.write_all(format!("{RAW_HEADER}\n").as_bytes()).map_err(|e| write_error(&p, &e))?;
            }
            return Ok(RawTable { path: p, file: Mutex::new(file) });
        }
        let json = serde_json::to_string_pretty(sidecar).unwrap_or_default() + "\n";
        write_atomic(&sidecar_path(path), json.as_bytes())?;
        let mut file =
            OpenOptions::new().create(true).append(true).open(&p).map_err(|e| write_error(&p, &e))?;
        file.write_all(format!("{RAW_HEADER}\n").as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|e| write_error(&p, &e))?;
        Ok(RawTable { path: p, file: Mutex::new(file) })
    }

    /// Appends one whole row in one write, synced to disk before the next run is reported, so
    /// a kill leaves whole rows (and at most one partial last line, dropped on resuming).
    pub fn append(&self, row: &RunRow) -> Result<(), InputError> {
        let line = format!("{}\n", row.to_csv());
        let mut file = self.file.lock().map_err(|_| "A thread writing the raw table failed.".to_string())?;
        file.write_all(line.as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|e| write_error(&self.path, &e))
    }
}
