//! `impartial sequence`: the Grundy sequence g(0..N) of a heap game's single heaps (subtraction,
//! octal, Grundy's game), computed by the recurrence, with its period and the theorem that
//! proves it. Long searches report progress on stderr and end on Ctrl-C with what was proven.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use impartial::analysis::sequence::{bytes_per_heap, HeapGame, Sequence, Status, MAX_TO, SEARCH_LIMIT};
use impartial::numbers::parse_number;
use impartial::InputError;

#[derive(Args)]
pub struct SequenceArgs {
    /// A subtraction or octal game, or Grundy's game; its heap key may be left out, e.g.
    /// 'game=octal&code=0.77', 'game=subtraction&moves=1,3,4' or 'game=grundy'.
    #[arg(long)]
    game: String,
    /// Compute g(0..=N), N up to 2^32 (refused up front when the values would not fit in
    /// memory). Without it, the values are computed until a period is proven or 2^26 heaps are
    /// reached (fewer where the memory available holds fewer), with a progress line on
    /// stderr every few seconds; Ctrl-C ends the search with what was computed.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    to: Option<String>,
    /// Print one JSON object: game, to, values, period ({preperiod, period} or null), proven.
    #[arg(long)]
    json: bool,
    /// Without --to: search at most N heaps (default 2^26, or fewer where the memory available
    /// holds fewer; at most 2^32).
    #[arg(long, value_name = "N", allow_hyphen_values = true, conflicts_with = "to")]
    limit: Option<String>,
    /// End the computation after S seconds of wall-clock time, with what was computed (exit 0;
    /// the output says the values stopped short).
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    seconds: Option<String>,
    /// Print one JSON line without the values: game, heaps computed, period, largest value and
    /// its heap, the sparse-space mask, rare heaps and the last of them, seconds, and why the
    /// computation stopped ("proven", "to", "limit", "seconds" or "interrupted").
    #[arg(long, conflicts_with = "json")]
    summary: bool,
}

/// How far `sequence` computes, without `--to`, a family with neither an engine nor a period
/// proof.
const UNPROVEN_TO: usize = 1000;

/// Set by SIGINT; the computation polls it every few thousand heaps.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_interrupt(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

/// How often the progress line is written.
const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// Runs the command; Ok(false) when Ctrl-C ended it (the output then covers what was computed).
pub fn sequence(args: SequenceArgs) -> Result<bool, InputError> {
    let text = crate::files::read_arg("game spec", args.game)?;
    let (game, spec) = HeapGame::parse(&text).map_err(|e| e.to_string())?;
    let allowed = format!("a whole number from 0 to {MAX_TO} (2^32)");
    let to = match &args.to {
        Some(text) => Some(parse_number("to", text, 0, MAX_TO, &allowed).map_err(|e| e.to_string())?),
        None => None,
    };
    let limit = match &args.limit {
        Some(text) => parse_number("limit", text, 1, MAX_TO, &allowed.replace("from 0", "from 1"))
            .map_err(|e| e.to_string())?,
        None => SEARCH_LIMIT as u64,
    };
    let seconds = match &args.seconds {
        Some(text) => Some(Duration::from_secs(
            parse_number("seconds", text, 1, 1 << 30, "a whole number of seconds from 1 to 2^30")
                .map_err(|e| e.to_string())?,
        )),
        None => None,
    };
    let heaps = match (to, &args.limit) {
        (Some(to), _) => check_memory(to, "--to").map(|()| to)?,
        (None, Some(_)) => check_memory(limit, "--limit").map(|()| limit)?,
        // The default search length is not asked for: where memory is short, a shorter search.
        (None, None) => default_limit(limit)?,
    };
    let heaps =
        usize::try_from(heaps).map_err(|_| format!("{heaps} heaps do not fit this machine's addresses"))?;
    let to = to.map(|_| heaps);
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t);
    }
    let terminal = std::io::stderr().is_terminal();
    let started = Instant::now();
    let mut last = started;
    let mut shown = false;
    let mut out_of_time = false;
    let progress = |status: &Status| {
        if seconds.is_some_and(|s| started.elapsed() >= s) {
            out_of_time = true;
            return false;
        }
        if last.elapsed() >= PROGRESS_EVERY {
            last = Instant::now();
            let line = progress_line(status, started.elapsed());
            if terminal {
                crate::output::eprint(&format!("\r{line:<100}"));
            } else {
                crate::output::eprint(&format!("{line}\n"));
            }
            shown = true;
        }
        !INTERRUPTED.load(Ordering::Relaxed)
    };
    let (sequence, finished) = match to {
        Some(to) => game.values_while(to, false, progress),
        // Neither an engine nor a period proof (a heap rule by its formula or the plain
        // recurrence): the first values, as far as a strip of them is read.
        None if matches!(game, HeapGame::Family(_)) => game.values_while(UNPROVEN_TO, false, progress),
        None => game.values_while(heaps, true, progress),
    };
    if terminal && shown {
        crate::output::eprint(&format!("\r{:100}\r", ""));
    }
    let interrupted = !finished && !out_of_time;
    if interrupted {
        let computed = sequence.values.len();
        crate::output::eprint(&format!(
            "impartial: interrupted after {computed} heaps; {}\n",
            match sequence.period {
                Some(p) => format!("period {} from heap {} proven", p.period, p.preperiod),
                None => "no period proven; the output holds the values computed".to_string(),
            }
        ));
    }
    let mut out = crate::output::stdout();
    // An output error is recorded by the writer and ends the command (see `output`).
    let asked = if game.proves_periods() { to } else { None };
    let stopped = match () {
        _ if interrupted => "interrupted",
        _ if out_of_time => "seconds",
        _ if to.is_some() => "to",
        _ if sequence.period.is_some() => "proven",
        _ => "limit",
    };
    let _ = if args.summary {
        write_summary(&mut out, &spec, &sequence, stopped, started.elapsed())
    } else if args.json {
        write_json(&mut out, &spec, &sequence)
    } else {
        write_text(&mut out, &spec, &sequence, asked)
    }
    .and_then(|()| {
        if out_of_time && !args.summary {
            crate::output::eprint(&format!(
                "impartial: stopped at the --seconds limit after {} heaps\n",
                sequence.values.len()
            ));
        }
        out.flush()
    });
    Ok(!interrupted)
}

/// The one-line JSON summary (see `--summary`).
fn write_summary(
    out: &mut impl Write,
    spec: &str,
    sequence: &Sequence,
    stopped: &str,
    elapsed: Duration,
) -> std::io::Result<()> {
    let (largest, largest_at) =
        sequence
            .values
            .iter()
            .enumerate()
            .fold((0, 0), |(top, at), (i, v)| if v > top { (v, i) } else { (top, at) });
    let mut search = sequence.search;
    if let Some(s) = search.as_mut().filter(|s| sequence.period.is_some() && s.rare > 0) {
        (s.rare, s.last_rare) = rare_heaps(sequence, s);
    }
    let summary = serde_json::json!({
        "game": spec,
        "heaps": sequence.values.len(),
        "period": sequence.period,
        "largest": largest,
        "largest_at": largest_at,
        "mask": search.filter(|s| s.mask != 0).map(|s| format!("{:x}{}", s.mask, if s.twist { "+n" } else { "" })),
        "rare": search.map(|s| s.rare),
        "last_rare": search.filter(|s| s.rare > 0).map(|s| s.last_rare),
        "seconds": (elapsed.as_secs_f64() * 1000.0).round() / 1000.0,
        "stopped": stopped,
    });
    writeln!(out, "{summary}")
}

/// The rare heaps of all the values under the search's mask, heap 0 included when its value is
/// rare, and the last of them. The engine counts them as it computes and stops once a period is
/// proven: the values past the proof are copies, which it does not classify (the loop stays a
/// copy, and the wasm build its size). The rare class is that of the engine's last rare heap.
fn rare_heaps(sequence: &Sequence, search: &Status) -> (usize, usize) {
    let class =
        |a: usize, v: u32| ((v & search.mask).count_ones() ^ (u32::from(search.twist) & a as u32)) & 1;
    let rare_class = class(search.last_rare, sequence.values.get(search.last_rare));
    sequence
        .values
        .iter()
        .enumerate()
        .filter(|&(a, v)| class(a, v) == rare_class)
        .fold((0, 0), |(n, _), (a, _)| (n + 1, a))
}

/// Refuses a length given by `flag` whose values would not fit in the memory available now,
/// before anything is allocated.
fn check_memory(to: u64, flag: &str) -> Result<(), InputError> {
    let needed = (to as f64 + 1.0) * bytes_per_heap();
    let Some(available) = available_memory() else { return Ok(()) };
    if needed > available as f64 {
        return Err(format!(
            "{flag} {to} would need about {} of memory ({} bytes per heap for the values) and {} is available; allowed: a whole number from {} to {MAX_TO} whose values fit in memory",
            in_bytes(needed),
            bytes_per_heap(),
            in_bytes(available as f64),
            if flag == "--to" { 0 } else { 1 },
        ).into());
    }
    Ok(())
}

/// The search length without `--to` or `--limit`: `limit`, or where the memory available does not
/// hold that many values (they are reserved up front), nine tenths of what it holds, said on
/// stderr: a period is often proven long before the limit (Kayles at heap 195). Refused below
/// 2^16 heaps.
fn default_limit(limit: u64) -> Result<u64, InputError> {
    let Some(available) = available_memory() else { return Ok(limit) };
    if check_memory(limit, "--limit").is_ok() {
        return Ok(limit);
    }
    let fits = (available as f64 * 0.9 / bytes_per_heap()) as u64;
    if fits < 1 << 16 {
        return Err(format!(
            "only {} of memory is available, too little for a search of 65,536 heaps ({} bytes per heap for the values); allowed: --to or --limit with fewer heaps",
            in_bytes(available as f64),
            bytes_per_heap(),
        ).into());
    }
    crate::output::eprint(&format!(
        "impartial: searching at most {fits} heaps, what {} of memory available holds (--limit or --to for another length)\n",
        in_bytes(available as f64)
    ));
    Ok(fits)
}

/// Bytes as a reader would say them: "8.2 MB", "402.7 MB", "2.1 GB".
fn in_bytes(bytes: f64) -> String {
    if bytes < 1e9 {
        format!("{:.1} MB", bytes / 1e6)
    } else {
        format!("{:.1} GB", bytes / 1e9)
    }
}

/// The memory this process may use: MemAvailable from /proc/meminfo, lowered by an address-space
/// limit (`ulimit -v`) or a cgroup's memory.max when either is smaller; None when none is known.
// rlim_t is u64 here but not on every platform, so the conversion stays.
#[allow(clippy::useless_conversion)]
fn available_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok().and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? * 1024)
    });
    let cgroup =
        std::fs::read_to_string("/sys/fs/cgroup/memory.max").ok().and_then(|t| t.trim().parse::<u64>().ok());
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes the struct it is given and nothing else.
    let address_space = (unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } == 0
        && limit.rlim_cur != libc::RLIM_INFINITY)
        .then_some(u64::from(limit.rlim_cur));
    [meminfo, cgroup, address_space].into_iter().flatten().min()
}

/// heaps, largest value, mask (hexadecimal, with `+n` when the heap's parity counts), rare
/// heaps, elapsed time.
fn progress_line(status: &Status, elapsed: Duration) -> String {
    let mask = if status.mask == 0 {
        "none (every pair scanned)".to_string()
    } else {
        format!("{:x}{}", status.mask, if status.twist { "+n" } else { "" })
    };
    format!(
        "computed {} heaps, largest value {}, mask {mask}, rare {}, {:.0} s",
        status.heaps,
        status.top,
        status.rare,
        elapsed.as_secs_f64()
    )
}

/// The JSON object, the values written one at a time.
fn write_json(out: &mut impl Write, spec: &str, sequence: &Sequence) -> std::io::Result<()> {
    let to = sequence.values.len() - 1;
    write!(out, "{{\"game\":{},\"to\":{to},\"values\":[", serde_json::to_string(spec)?)?;
    for (i, v) in sequence.values.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "{v}")?;
    }
    let period = serde_json::to_string(&sequence.period)?;
    writeln!(out, "],\"period\":{period},\"proven\":{}}}", sequence.period.is_some())
}

/// The text form: the values twenty to a line, then the period in words.
fn write_text(
    out: &mut impl Write,
    spec: &str,
    sequence: &Sequence,
    asked: Option<usize>,
) -> std::io::Result<()> {
    let to = sequence.values.len() - 1;
    writeln!(out, "game      {spec}")?;
    writeln!(out, "values    g(0..{to})")?;
    let mut line = String::new();
    for (i, v) in sequence.values.iter().enumerate() {
        if i % 20 == 0 {
            line.clear();
            line.push_str(&format!("{i:>8} "));
        }
        line.push_str(&format!(" {v}"));
        if i % 20 == 19 || i == to {
            writeln!(out, "{line}")?;
        }
    }
    match sequence.period {
        Some(p) => writeln!(
            out,
            "period    {} from heap {} on (preperiod {}), proven from these values",
            p.period, p.preperiod, p.preperiod
        ),
        None if asked.is_some() => {
            writeln!(out, "period    no period proven up to {to}; a larger --to may prove one")
        }
        None => writeln!(out, "period    no period proven up to {to}"),
    }
}
