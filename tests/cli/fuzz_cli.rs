//! Property-based fuzzing of the CLI: the built binary runs with generated argument lists
//! (every subcommand — `analyse`, `umda`, `runtime` with hostile raw tables and `--plot`,
//! `learn`, `sequence`, `value` — and bogus ones; real flags with generated values, specs from
//! `tests/common/fuzz.rs`, `@FILE` paths to temp files; junk flags), its stdout a pipe, a pipe
//! closed after one byte, or `/dev/full`. Every run must exit 0 (with nothing on stderr), or exit
//! 2 with exactly one line on stderr starting `impartial: `, or — only on `/dev/full` — exit 1
//! with one such line, within a CPU-time bound (a loaded machine stretches wall time; a run that
//! waits without working is killed at [`WALL_FACTOR`] times the bound in wall time) and (where
//! `prlimit` exists) 4 GiB of address space; never a panic (101) or a signal.
//!
//! `FUZZ_CLI_CASES` (default [`DEFAULT_CASES`]), `FUZZ_SEED`, `FUZZ_CLI_TIMEOUT_S` (default 10).

use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::common::fuzz::runner::{self, env_u64, Fail};
use crate::common::fuzz::{check_message, gen};
use impartial::games::{self, Limits};
use impartial::GameSpec;
use proptest::prelude::*;
use proptest::sample::select;

/// About 4 s on the 2-core CI machine (2,000 take 14 s).
const DEFAULT_CASES: u64 = 500;

/// What we keep of each output stream; the rest is counted and dropped.
const KEEP_BYTES: usize = 8 * 1024;

/// One generated command line. Arguments may hold `@FILE<i>` or `FILE<i>`, replaced by the path of
/// a temp file holding `files[i]`.
#[derive(Debug, Clone)]
struct Case {
    args: Vec<String>,
    files: Vec<Vec<u8>>,
    output: Output,
}

/// Where stdout goes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Output {
    /// A pipe read to its end.
    Pipe,
    /// A pipe closed after one byte (as `| head -c1`).
    Closed,
    /// `/dev/full`: every write fails with ENOSPC.
    Full,
}

fn flag(name: &'static str, value: BoxedStrategy<String>) -> BoxedStrategy<Vec<String>> {
    value.prop_map(move |v| vec![name.to_string(), v]).boxed()
}

/// A subset of `flags`, shuffled, flattened.
fn some_of(flags: Vec<BoxedStrategy<Vec<String>>>, weight: f64) -> BoxedStrategy<Vec<String>> {
    let opts: Vec<_> = flags.into_iter().map(|f| proptest::option::weighted(weight, f)).collect();
    opts.prop_shuffle().prop_map(|v| v.into_iter().flatten().flatten().collect()).boxed()
}

fn texts(items: &[&'static str]) -> BoxedStrategy<String> {
    select(items.to_vec()).prop_map(String::from).boxed()
}

/// A value for any flag: mostly from `good`, sometimes junk, sometimes very long.
fn value(good: BoxedStrategy<String>) -> BoxedStrategy<String> {
    prop_oneof![
        8 => good,
        1 => gen::hostile(),
        1 => texts(&["", "-1", "--json", "@", "@/nonexistent/x", "1e400", "NaN", "\u{1b}[2J", "a\nb"]),
        1 => (select(vec!["7", "x", "é", "\n"]), 100usize..20_000).prop_map(|(p, n)| p.repeat(n)),
    ]
    .boxed()
}

/// A spec argument: inline, or `@FILE0` holding it (file 0 is always the spec), or a path.
fn game_arg() -> BoxedStrategy<String> {
    prop_oneof![
        6 => Just("SPEC".to_string()),
        2 => Just("@FILE0".to_string()),
        1 => texts(&["@", "@/nonexistent", "@/tmp", "@/proc/self/status", "@/dev/null", "@FILE9"]),
    ]
    .boxed()
}

/// Specs for learning: small ones (the runs must end well within the timeout), or anything.
fn learn_spec() -> BoxedStrategy<String> {
    prop_oneof![
        3 => texts(&[
            "game=subtraction&moves=1,2&heap=6", "game=nim&heaps=1,2,3", "game=chomp&rows=3&cols=3",
            "game=turning-turtles&coins=4", "game=silver-dollar&coins=2&squares=5", "game=wythoff&heaps=3,4",
            "game=poset&poset=D2+C3", "game=dag&edges=a-b,a-c,b-c&root=a", "game=nim&heaps=3,4&play=misere",
            "game=subtraction&moves=2,3&heap=9&play=misere", "game=dag&edges=a-b",
            "game=graph&edges=r-a,a-b,b-a,b-c&root=r", "game=graph&edges=a-b,b-c,c-a,c-d&root=a&play=misere",
        ]),
        2 => gen::spec(),
    ]
    .boxed()
}

/// Templates for `runtime`, with the size written N.
fn template() -> BoxedStrategy<String> {
    prop_oneof![
        3 => texts(&[
            "game=subtraction&moves=1,2&heap=N", "game=nim&heaps=N,N", "game=chomp&rows=2&cols=N",
            "game=turning-turtles&coins=N", "game=wythoff&heaps=N,2", "game=poset&poset=CN",
            "game=dag&edges=N-b", "game=nim&heaps=N&play=misere", "game=silver-dollar&coins=2&squares=N",
            "game=subtraction&moves=N&heap=N", "game=chomp&rows=N&cols=N",
            "game=subtraction&moves=1,2&heap=N-1", "game=nim&heaps=2*N+1,N-3", "game=N&heap=2",
        ]),
        1 => gen::spec(),
        1 => (gen::spec(), gen::token()).prop_map(|(s, t)| format!("{s}&{t}=N")),
    ]
    .boxed()
}

fn small_numbers(range: std::ops::Range<u64>) -> BoxedStrategy<String> {
    range.prop_map(|n| n.to_string()).boxed()
}

fn learn_flags() -> Vec<BoxedStrategy<Vec<String>>> {
    vec![
        flag(
            "--mu",
            value(
                prop_oneof![
                    small_numbers(1..200),
                    texts(&["paper", "0", "100000001", "4294967297", "10,20", "paper,5", ",", "5,5", "7,"])
                ]
                .boxed(),
            ),
        ),
        flag(
            "--gamma",
            value(texts(&[
                "paper",
                "0",
                "0.001",
                "0.2",
                "0.5",
                "1",
                "-0",
                "inf",
                "1e-300",
                "NaN",
                "paper,0.01",
                "0,-0",
                ",",
            ])),
        ),
        flag("--seed", value(gen::number())),
        flag("--engine", value(texts(&["fast", "naive", "expected", "Fast", " fast", ""]))),
        flag("--paper-c", value(texts(&["1", "0", "-1", "1e-300", "1e300", "inf", "0.001"]))),
        flag("--paper-k", value(texts(&["1", "0", "2", "1e300", "NaN"]))),
    ]
}

/// --max-evals is (nearly) always given and small, so runs end quickly.
fn max_evals() -> BoxedStrategy<Vec<String>> {
    prop_oneof![
        12 => small_numbers(1..20_000).prop_map(|n| vec!["--max-evals".to_string(), n]),
        1 => value(texts(&["0", "1000000000000001", "1e3"])).prop_map(|n| vec!["--max-evals".to_string(), n]),
    ]
    .boxed()
}

fn switch(name: &'static str) -> BoxedStrategy<Vec<String>> {
    Just(vec![name.to_string()]).boxed()
}

fn analyse_case() -> BoxedStrategy<Vec<String>> {
    let strategy_json = texts(&[
        r#"{"6":"4","5":"3"}"#,
        r#"{"__proto__":"0"}"#,
        "{}",
        "[]",
        "null",
        r#"{"a":1}"#,
        "{",
        r#"{"x":"y","x":"z"}"#,
        "@FILE1",
        "@FILE0",
        "@/nonexistent",
    ]);
    let from = texts(&["0", "6", "3,4,5", "{0,1}", "a", "HTTH", "5,5,3,1", "", "__proto__", "1,1"]);
    let flags = some_of(
        vec![
            flag("--json", Just(String::new()).boxed()).prop_map(|_| vec!["--json".to_string()]).boxed(),
            switch("--positions"),
            flag("--from", value(from)),
            flag("--strategy", value(strategy_json)),
        ],
        0.4,
    );
    (select(vec!["analyse", "analyse", "analyze"]), game_arg(), flags)
        .prop_map(|(cmd, game, flags)| {
            let mut args = vec![cmd.to_string(), "--game".to_string(), game];
            args.extend(flags);
            args
        })
        .boxed()
}

fn umda_case() -> BoxedStrategy<Vec<String>> {
    let mut flags = learn_flags();
    flags.extend([switch("--trace"), switch("--json"), switch("--dump-model")]);
    (game_arg(), max_evals(), some_of(flags, 0.35))
        .prop_map(|(game, evals, flags)| {
            let mut args = vec!["umda".to_string(), "--game".to_string(), game];
            args.extend(evals);
            args.extend(flags);
            args
        })
        .boxed()
}

/// `learn`: Böhme's rules, with plays kept small so runs end well within the timeout.
fn learn_case() -> BoxedStrategy<Vec<String>> {
    let flags = vec![
        flag("--rule", value(texts(&["lnwt", "lnwp", "llt", "llp", "rlnwt", "rllt", "LNWT", "", "umda"]))),
        flag("--opponent", value(texts(&["first", "perfect", "random", "same", "", "best"]))),
        flag(
            "--seed",
            value(prop_oneof![small_numbers(0..1000), texts(&["-1", "18446744073709551616", "x"])].boxed()),
        ),
        switch("--trace"),
        switch("--json"),
        switch("--dump-strategy"),
    ];
    let plays = prop_oneof![
        8 => small_numbers(1..300),
        1 => texts(&["0", "-5", "10000001", "1e3", ""]),
    ];
    (game_arg(), value(plays.boxed()), some_of(flags, 0.4))
        .prop_map(|(game, plays, flags)| {
            let mut args =
                vec!["learn".to_string(), "--game".to_string(), game, "--plays".to_string(), plays];
            args.extend(flags);
            args
        })
        .boxed()
}

fn runtime_case() -> BoxedStrategy<Vec<String>> {
    let sizes = prop_oneof![
        4 => prop::collection::vec(0u64..8, 1..4).prop_map(|v| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",")),
        1 => texts(&["", "1,1", "3,x", "-1", ",", "18446744073709551616", "1,2,"]),
    ];
    let mut flags = learn_flags();
    flags.extend([
        flag("--runs", value(prop_oneof![small_numbers(1..4), texts(&["0", "1000001", "-1", "x"])].boxed())),
        flag(
            "--shard",
            value(texts(&["1/1", "2/3", "0/1", "3/2", "a/b", "1/0", "4294967296/1", "1/4294967295"])),
        ),
        switch("--raw"),
        switch("--json"),
        flag("--learner", value(texts(&["umda", "lnwt", ""]))),
        flag("--plot", value(texts(&["/nonexistent/f.svg", "f.png", "/tmp", "", ".svg"]))),
    ]);
    let run = (template(), value(sizes.boxed()), max_evals(), some_of(flags, 0.35)).prop_map(
        |(_, sizes, evals, flags)| {
            let mut args = vec![
                "runtime".to_string(),
                "--game".to_string(),
                "SPEC".to_string(),
                "--sizes".to_string(),
                sizes,
            ];
            args.extend(evals);
            args.extend(flags);
            args
        },
    );
    let summarise = (1usize..4, any::<bool>(), proptest::bool::weighted(0.4)).prop_map(|(k, json, plot)| {
        let mut args = vec!["runtime".to_string(), "--summarise".to_string()];
        args.extend((1..=k).map(|i| format!("FILE{i}")));
        if json {
            args.push("--json".to_string());
        }
        if plot {
            // Replaced by a path in the case's temp directory.
            args.extend(["--plot".to_string(), "PLOT.svg".to_string()]);
        }
        args
    });
    prop_oneof![4 => run, 1 => summarise].boxed()
}

/// Heap games, valid or not, for `sequence --to`.
const HEAP_GAMES: &[&str] = &[
    "game=octal&code=0.77",
    "game=octal&code=0.07",
    "game=octal&code=4.7",
    "game=octal&code=0.137",
    "game=subtraction&moves=1,3,4",
    "game=subtraction&moves=2,5",
    "game=octal&code=0.77&play=misere",
    "game=subtraction&moves=1,2&play=misere",
    "game=subtraction&moves=1&heap=3",
    "game=octal&code=0.6&heaps=4",
    "game=nim&heaps=3",
    "game=octal&code=0.8",
    "game=octal&code=0.",
    "game=subtraction",
];

/// The games of [`HEAP_GAMES`] on which `sequence` without `--to` ends quickly: each is refused,
/// or its period is proven within a few thousand values. (0.6 is not among them: no period of
/// it is known, so the run goes on to `--limit` by design.)
const PROVEN_SOON: &[&str] = &[
    "game=octal&code=0.77",
    "game=octal&code=0.07",
    "game=octal&code=4.7",
    "game=octal&code=0.137",
    "game=subtraction&moves=1,3,4",
    "game=subtraction&moves=2,5",
    "game=octal&code=0.77&play=misere",
    "game=subtraction&moves=1,2&play=misere",
    "game=subtraction&moves=1&heap=3",
    "game=nim&heaps=3",
    "game=octal&code=0.8",
    "game=octal&code=0.",
    "game=subtraction",
];

/// `sequence`: a heap game, with `--to` (any heap game) or without (one whose period comes soon).
fn sequence_case() -> BoxedStrategy<Vec<String>> {
    let to = prop_oneof![
        6 => small_numbers(0..3000),
        1 => texts(&["-1", "x", "", "1048577", "18446744073709551616", "1e3"]),
    ];
    let with_to = (
        prop_oneof![2 => texts(HEAP_GAMES), 1 => gen::spec(), 1 => Just("@FILE0".to_string())],
        value(to.boxed()),
    )
        .prop_map(|(game, to)| {
            vec!["sequence".to_string(), "--game".to_string(), game, "--to".to_string(), to]
        });
    let until_period =
        texts(PROVEN_SOON).prop_map(|game| vec!["sequence".to_string(), "--game".to_string(), game]);
    (prop_oneof![3 => with_to, 1 => until_period], any::<bool>())
        .prop_map(|(mut args, json)| {
            if json {
                args.push("--json".to_string());
            }
            args
        })
        .boxed()
}

/// `value`: the start's value by theory where it can, of any spec (huge heaps included).
fn value_case() -> BoxedStrategy<Vec<String>> {
    let game = prop_oneof![
        2 => game_arg(),
        1 => texts(&[
            "game=nim&heaps=99999999999,5", "game=subtraction&moves=1,2&heap=1000000000000",
            "game=octal&code=0.77&heaps=1000000,7", "game=poset&poset=C100000", "game=poset&poset=C99999+V3",
            "game=subtraction&moves=1&heap=9223372036854775808", "game=nim&heaps=3,4&play=misere",
            "game=sum&parts=nim(heaps=5)+subtraction(moves=1,2;heap=100000000)",
            // Values that grow, no period proven: refused within value's work limit.
            "game=octal&code=0.76&heaps=1000000", "game=octal&code=0.44444444444444444444444444444444&heaps=1000000",
        ]),
    ];
    (game, any::<bool>())
        .prop_map(|(game, json)| {
            let mut args = vec!["value".to_string(), "--game".to_string(), game];
            if json {
                args.push("--json".to_string());
            }
            args
        })
        .boxed()
}

/// A raw table with hostile values, as `--summarise` may be given: zero or huge positions and
/// T, NaN and infinite numbers, many distinct μ labels (more cells than a sweep has, now and
/// then), labels with markup.
fn hostile_raw() -> BoxedStrategy<Vec<u8>> {
    let number = texts(&["0", "1", "7", "18446744073709551615", "-1", "1e300", "NaN", "inf", "", "x"]);
    let bound = texts(&["", "2.5", "1e300", "-1e300", "NaN", "inf", "-0", "1e-320"]);
    let label = texts(&["10", "paper", "-", "<b>", "\u{202e}", "1e400", ""]);
    let row = (number.clone(), number.clone(), number, bound, label, any::<bool>()).prop_map(
        |(positions, games, mu, bound, label, found)| {
            format!("5,fast,1000,{positions},2,0,1,{mu},0.01,{found},{games},3,{bound},{label},0.01,umda")
        },
    );
    prop_oneof![
        3 => prop::collection::vec(row, 1..20).prop_map(|rows| {
            format!("{}\n{}\n", impartial::learn::runtime::RAW_HEADER, rows.join("\n")).into_bytes()
        }),
        // Many cells, each a μ label of its own: up to 12,000, past the 10,000 a sweep has.
        1 => (1usize..12_000, 0u64..3).prop_map(|(cells, positions)| {
            let mut text = format!("{}\n", impartial::learn::runtime::RAW_HEADER);
            for mu in 1..=cells {
                text += &format!("5,fast,1000,{positions},2,0,1,{mu},0.01,true,{},3,2.5,{mu},0.01,umda\n", mu % 7);
            }
            text.into_bytes()
        }),
    ]
    .boxed()
}

/// Command lines that once ran out of memory or time (hardening issue): each must now be
/// refused at once, or answered within the bounds.
fn once_unbounded_case() -> BoxedStrategy<Vec<String>> {
    let args = texts(&[
        "analyse --game game=chomp&rows=2521&cols=1 --positions",
        "analyse --game game=nim&heaps=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 --positions --json",
        "umda --game game=nim&heaps=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 --max-evals 100 --dump-model",
        "analyse --game @/dev/zero",
        "runtime --game game=nim&heaps=N,N,N --sizes 150,151,152,153,154,155,156,157,158,159,160,161 --runs 1 --max-evals 100",
        "runtime --summarise /dev/zero",
        "umda --game game=nim&heaps=1,2,2,3,4,5,6,7,8 --max-evals 3 --mu 12",
        "learn --game game=nim&heaps=1,2,2,3,4,5,6,7,8 --plays 10000000 --trace",
        "value --game game=poset&poset=C100000 --json",
    ]);
    args.prop_map(|a| a.split(' ').map(String::from).collect()).boxed()
}

/// File contents: specs, strategies, raw tables (CSV/JSON), junk, a large file.
fn file() -> BoxedStrategy<Vec<u8>> {
    let row = prop::collection::vec(gen::number(), 11).prop_map(|v| v.join(","));
    prop_oneof![
        3 => gen::spec().prop_map(String::into_bytes),
        1 => texts(&[r#"{"6":"4"}"#, "{}", r#"[{"size":1}]"#, "[]", "size,positions\n", "#\n"]).prop_map(String::into_bytes),
        2 => prop::collection::vec(row, 0..6).prop_map(|rows| {
            format!("size,positions,max_degree,run,seed,mu,gamma,found,games,generations,bound_log10\n{}\n", rows.join("\n"))
                .into_bytes()
        }),
        // Tables with a sweep line, as --raw writes them, with its fields mangled.
        1 => (texts(&[
            r#"{"game":"game=nim&heaps=N","sizes":[1],"mu":["10"],"gamma":["paper"],"paper_c":null,"paper_k":null,"runs":2,"engine":"fast","max_evals":100,"seed":1,"learner":"umda","shard":{"index":1,"count":2}}"#,
            r#"{"game":"x","sizes":[],"mu":[],"gamma":[],"paper_c":null,"paper_k":null,"runs":0,"engine":"","max_evals":0,"seed":0,"learner":"","shard":{"index":0,"count":0}}"#,
            r#"{"shard":{"index":1,"count":1}}"#,
            "not json",
        ]), prop::collection::vec(prop::collection::vec(gen::number(), 15).prop_map(|v| v.join(",")), 0..4))
            .prop_map(|(sweep, rows)| format!("# sweep {sweep}\n{}\n", rows.join("\n")).into_bytes()),
        1 => texts(&[
            "# sweep {\"game\":\"game=nim&heaps=N\",\"sizes\":[1],\"mu\":[\"10\"],\"gamma\":[\"paper\"],\"paper_c\":null,\"paper_k\":null,\"runs\":1,\"engine\":\"fast\",\"max_evals\":100,\"seed\":1,\"learner\":\"umda\",\"shard\":{\"index\":1,\"count\":1}}\n1,fast,100,3,1,0,5,10,0.01,true,10,1,,10,paper\n",
            r#"{"sweep":{"shard":{"index":1,"count":1}},"rows":[]}"#,
        ]).prop_map(String::into_bytes),
        1 => prop::collection::vec(any::<u8>(), 0..200),
        1 => (1usize..3_000_000).prop_map(|n| vec![b'a'; n]),
        2 => hostile_raw(),
    ]
    .boxed()
}

fn case() -> BoxedStrategy<Case> {
    let command = prop_oneof![
        60 => analyse_case(),
        40 => umda_case(),
        30 => runtime_case(),
        20 => learn_case(),
        15 => sequence_case(),
        15 => value_case(),
        10 => (texts(&["bogus", "", "Analyse", "help", "--help", "-V", "--version", "analyse --help"]), gen::spec())
            .prop_map(|(c, s)| c.split(' ').map(String::from).chain([s]).collect()),
        1 => once_unbounded_case(),
    ];
    let junk = prop_oneof![
        8 => Just(vec![]),
        1 => texts(&["--bogus", "-x", "--", "--game", "--mu=5", "--json", "--json=1", "-", "--positions"]).prop_map(|j| vec![j]),
    ];
    let output = prop_oneof![8 => Just(Output::Pipe), 1 => Just(Output::Closed), 1 => Just(Output::Full)];
    (command, learn_spec(), prop::collection::vec(file(), 4), junk, any::<prop::sample::Index>(), output)
        .prop_map(|(mut args, spec, mut files, junk, at, output)| {
            // The spec goes inline where an argument says SPEC, and into file 0 for @FILE0.
            for a in &mut args {
                if a == "SPEC" {
                    *a = spec.clone();
                }
            }
            files[0] = spec.into_bytes();
            let i = at.index(args.len() + 1);
            args.splice(i..i, junk);
            Case { args, files, output }
        })
        .boxed()
}

/// How many times the CPU-time bound a run may take in wall time (waiting, or on a loaded
/// machine) before it is killed.
const WALL_FACTOR: u32 = 6;

/// A running process's user + system CPU time, all its threads, from /proc (None elsewhere).
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces, so split after its ')'): utime and
    // stime are the 12th and 13th, in clock ticks of 1/100 s (Linux's USER_HZ).
    let rest = &stat[stat.rfind(')')? + 2..];
    let mut fields = rest.split(' ').skip(11);
    let ticks = fields.next()?.parse::<u64>().ok()? + fields.next()?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Output of one run.
struct Ran {
    status: std::process::ExitStatus,
    /// The first KEEP_BYTES of stderr, and its whole length.
    stderr: Vec<u8>,
    stderr_bytes: u64,
    stdout_bytes: u64,
    timed_out: bool,
    /// The child's user + system CPU time and its peak resident memory, from `wait4` (the peak
    /// is at least the harness's own, which the child shares until it execs the binary).
    cpu: Duration,
    peak_kib: u64,
}

/// The costliest runs so far (CPU time; peak memory), each with its command line: what the
/// long run reports as its slowest and largest case. (The fuzz loop times its own thread,
/// which for a CLI case only writes files and waits.)
#[derive(Default)]
struct Costliest {
    cpu: Duration,
    cpu_case: String,
    peak_kib: u64,
    peak_case: String,
}

static COSTLIEST: std::sync::Mutex<Costliest> = std::sync::Mutex::new(Costliest {
    cpu: Duration::ZERO,
    cpu_case: String::new(),
    peak_kib: 0,
    peak_case: String::new(),
});

/// Reaps `pid` with `wait4` (blocking or not), giving its status and its CPU time and peak
/// memory; Ok(None) while it runs.
fn reap(pid: u32, block: bool) -> std::io::Result<Option<(std::process::ExitStatus, Duration, u64)>> {
    let (mut raw, mut usage) = (0, std::mem::MaybeUninit::<libc::rusage>::zeroed());
    let flags = if block { 0 } else { libc::WNOHANG };
    // SAFETY: wait4 writes the status and the usage it is given pointers to, nothing else.
    let r = unsafe { libc::wait4(pid as libc::pid_t, &mut raw, flags, usage.as_mut_ptr()) };
    if r < 0 {
        return Err(std::io::Error::last_os_error());
    }
    if r == 0 {
        return Ok(None);
    }
    // SAFETY: wait4 filled it (it returned the pid).
    let usage = unsafe { usage.assume_init() };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let cpu = time(usage.ru_utime) + time(usage.ru_stime);
    Ok(Some((std::process::ExitStatus::from_raw(raw), cpu, usage.ru_maxrss as u64)))
}

/// Reads a stream to its end, keeping the first KEEP_BYTES.
fn drain(mut stream: impl Read + Send + 'static) -> std::thread::JoinHandle<(Vec<u8>, u64)> {
    std::thread::spawn(move || {
        let (mut kept, mut total, mut buf) = (Vec::new(), 0u64, [0u8; 8192]);
        while let Ok(n) = stream.read(&mut buf) {
            if n == 0 {
                break;
            }
            total += n as u64;
            let room = KEEP_BYTES.saturating_sub(kept.len());
            kept.extend_from_slice(&buf[..n.min(room)]);
        }
        (kept, total)
    })
}

fn run(
    bin: &Path,
    args: &[String],
    timeout: Duration,
    prlimit: bool,
    output: Output,
) -> std::io::Result<Ran> {
    let mut command = if prlimit {
        let mut c = Command::new("prlimit");
        c.args(["--as=4294967296", "--"]).arg(bin);
        c
    } else {
        Command::new(bin)
    };
    let stdout = match output {
        Output::Full => Stdio::from(std::fs::OpenOptions::new().write(true).open("/dev/full")?),
        Output::Pipe | Output::Closed => Stdio::piped(),
    };
    let mut child = command.args(args).stdin(Stdio::null()).stdout(stdout).stderr(Stdio::piped()).spawn()?;
    let out = match (output, child.stdout.take()) {
        (Output::Closed, Some(mut pipe)) => std::thread::spawn(move || {
            let mut byte = [0u8; 1];
            let n = pipe.read(&mut byte).unwrap_or(0);
            (Vec::new(), n as u64) // the pipe closes here
        }),
        (_, Some(pipe)) => drain(pipe),
        (_, None) => std::thread::spawn(|| (Vec::new(), 0)),
    };
    let err = drain(child.stderr.take().expect("piped"));
    let start = Instant::now();
    let mut timed_out = false;
    let mut polls = 0u64;
    // Reaped here rather than by `Child::wait`, for the child's CPU time and peak memory.
    let (status, cpu, peak_kib) = loop {
        if let Some(reaped) = reap(child.id(), false)? {
            break reaped;
        }
        // The bound is CPU time, which a loaded machine does not stretch; wall time only
        // catches a run that waits without working, at WALL_FACTOR times the bound.
        polls += 1;
        let over_cpu = polls.is_multiple_of(25) && cpu_time(child.id()).is_some_and(|cpu| cpu > timeout);
        if over_cpu || start.elapsed() > timeout * WALL_FACTOR {
            timed_out = true;
            let _ = child.kill();
            break reap(child.id(), true)?.expect("a blocking wait4 returns the child");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let (_, stdout_bytes) = out.join().expect("reader thread");
    let (stderr, stderr_bytes) = err.join().expect("reader thread");
    Ok(Ran { status, stderr, stderr_bytes, stdout_bytes, timed_out, cpu, peak_kib })
}

/// Learning runs must end within the timeout by their own budget: games above 5,000 positions
/// (or sizes that make them) are left out, as is a million-run sweep.
fn too_big_to_learn(args: &[String], files: &[Vec<u8>]) -> bool {
    // (`value` is never left out: a game whose values grow is refused within its work limit, about
    // a second of CPU, since the period proof became linear.)
    if !matches!(args.first().map(String::as_str), Some("umda" | "runtime" | "learn")) {
        return false;
    }
    let value_of = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let Some(game) = value_of("--game") else { return false };
    let text = match game.as_str() {
        "@FILE0" => String::from_utf8_lossy(&files[0]).into_owned(),
        g => g.to_string(),
    };
    let limits = Limits { max_positions: 5_000, max_edges: 50_000 };
    // A graph with cycles is not built as a game graph, but `learn` takes it: only its size counts.
    let big = |spec: &str| {
        GameSpec::parse(spec).is_ok_and(|s| {
            games::build(&s, &limits).is_err_and(|e| !matches!(e, impartial::InputError::NeedsAcyclic { .. }))
        })
    };
    if args[0] == "umda" || args[0] == "learn" {
        return big(&text);
    }
    let sizes: Vec<u64> =
        value_of("--sizes").map_or(vec![], |s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect());
    sizes.iter().any(|&n| impartial::learn::runtime::spec_for(&text, n).is_ok_and(|s| big(&s)))
}

static SKIPPED: AtomicU64 = AtomicU64::new(0);

/// The binary under test.
fn binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_impartial"))
}

fn check(case: &Case, bin: &Path, dir: &Path, timeout: Duration, prlimit: bool) -> Result<(), Fail> {
    let mut args = case.args.clone();
    if too_big_to_learn(&args, &case.files) {
        SKIPPED.fetch_add(1, Ordering::Relaxed);
        return Ok(());
    }
    let paths: Vec<PathBuf> = (0..case.files.len()).map(|i| dir.join(format!("f{i}"))).collect();
    for (path, content) in paths.iter().zip(&case.files) {
        std::fs::write(path, content).expect("temp file");
    }
    for a in &mut args {
        // Linux refuses NUL in arguments; a spec is passed as a file when it is too long for one.
        *a = a.replace('\0', "");
        for (i, path) in paths.iter().enumerate().rev() {
            *a = a.replace(&format!("FILE{i}"), &path.display().to_string());
        }
        if a == "PLOT.svg" {
            *a = dir.join("plot.svg").display().to_string();
        }
        if a.len() > 100_000 {
            std::fs::write(&paths[3], a.as_bytes()).expect("temp file");
            *a = format!("@{}", paths[3].display());
        }
    }
    let shown =
        || format!("impartial {}", args.iter().map(|a| runner::shown(a)).collect::<Vec<_>>().join(" "));
    let ran = run(bin, &args, timeout, prlimit, case.output)
        .map_err(|e| Fail::new("cannot run the binary", format!("{e}: {}", shown())))?;
    {
        let mut costliest = COSTLIEST.lock().unwrap_or_else(|e| e.into_inner());
        if ran.cpu > costliest.cpu {
            costliest.cpu = ran.cpu;
            costliest.cpu_case = shown();
        }
        if ran.peak_kib > costliest.peak_kib {
            costliest.peak_kib = ran.peak_kib;
            costliest.peak_case = shown();
        }
    }
    let stderr = String::from_utf8_lossy(&ran.stderr);
    let fail = |kind: &str| {
        Err(Fail::new(
            kind.to_string(),
            format!("{}; exit {:?}; stderr {}", shown(), ran.status, runner::shown(&stderr)),
        ))
    };
    if ran.timed_out {
        return fail("killed by the timeout");
    }
    if let Some(signal) = ran.status.signal() {
        return fail(&format!("killed by signal {signal}"));
    }
    match ran.status.code() {
        Some(0) => {
            if !ran.stderr.is_empty() {
                return fail("exit 0 with text on stderr");
            }
            match case.output {
                Output::Full => fail("exit 0 on a full disk (output lost silently)"),
                Output::Pipe if ran.stdout_bytes == 0 => fail("exit 0 with nothing on stdout"),
                _ => Ok(()),
            }
        }
        Some(1) if case.output == Output::Full => {
            if !stderr.starts_with(
                "impartial: The output could not be written to standard output: No space left on device",
            ) || stderr.lines().count() != 1
            {
                return fail("exit 1 on a full disk without its one sentence");
            }
            let message = stderr.trim_end_matches('\n').trim_start_matches("impartial: ");
            check_message("cli", message).map_err(|f| Fail::new(f.kind, format!("{}; {}", shown(), f.detail)))
        }
        Some(2) => {
            if ran.stderr_bytes > ran.stderr.len() as u64 {
                return fail("exit 2 with more than 8 KiB on stderr");
            }
            let Some(line) = stderr.strip_suffix('\n') else { return fail("exit 2 without a final newline") };
            let Some(message) = line.strip_prefix("impartial: ") else {
                return fail("exit 2 without 'impartial: '");
            };
            if message.contains('\n') {
                return fail("exit 2 with several lines on stderr");
            }
            check_message("cli", message).map_err(|f| Fail::new(f.kind, format!("{}; {}", shown(), f.detail)))
        }
        Some(101) => fail("panic (exit 101)"),
        Some(code) => fail(&format!("exit {code}")),
        None => fail("no exit code"),
    }
}

#[test]
fn fuzz_the_cli() {
    let cases = env_u64("FUZZ_CLI_CASES", DEFAULT_CASES);
    let timeout = Duration::from_secs(env_u64("FUZZ_CLI_TIMEOUT_S", 10));
    // prlimit (util-linux) caps the address space; without it the runs are only timed.
    let prlimit = Command::new("prlimit").arg("--version").output().is_ok_and(|o| o.status.success());
    let dir = std::env::temp_dir().join(format!("impartial-fuzz-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let totals = runner::fuzz(
        case(),
        cases,
        runner::seed(),
        timeout * WALL_FACTOR + Duration::from_secs(5),
        |case| check(case, binary(), &dir, timeout, prlimit),
        |case| format!("{:?}", case.args.iter().map(|a| runner::shown(a)).collect::<Vec<_>>()),
    );
    let _ = std::fs::remove_dir_all(&dir);
    let costliest = COSTLIEST.lock().unwrap_or_else(|e| e.into_inner());
    let cut = |case: &str| case.chars().take(400).collect::<String>();
    eprintln!(
        "fuzz_cli: seed {}, {} cases ({} skipped) in {:.1} s; slowest run {:.2} s of CPU: {}; largest run {:.0} MiB: {}; \
         memory cap: {}; {} failures",
        runner::seed_number(),
        totals.cases,
        SKIPPED.load(Ordering::Relaxed),
        totals.elapsed.as_secs_f64(),
        costliest.cpu.as_secs_f64(),
        cut(&costliest.cpu_case),
        costliest.peak_kib as f64 / 1024.0,
        cut(&costliest.peak_case),
        if prlimit { "prlimit --as=4 GiB" } else { "none (prlimit not found)" },
        totals.failures.len(),
    );
    totals.assert_clean();
}

/// The checks catch what they are for: stand-in binaries (shell scripts) that panic, die of a
/// signal, hang, or print several lines must each fail; the real binary's refusal passes.
#[test]
fn the_cli_checks_catch_panics_signals_timeouts_and_several_lines() {
    let dir = std::env::temp_dir().join(format!("impartial-fuzz-cli-self-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let case = |args: &[&str]| Case {
        args: args.iter().map(|a| a.to_string()).collect(),
        files: vec![vec![]; 4],
        output: Output::Pipe,
    };
    let refused = case(&["analyse", "--game", "game=go"]);
    let timeout = Duration::from_millis(500);
    assert!(check(&refused, binary(), &dir, timeout * 20, false).is_ok());
    for (script, kind) in [
        ("printf 'impartial: a\\nb.\\n' >&2; exit 2", "several lines"),
        ("printf 'impartial: no full stop\\n' >&2; exit 2", "not ending"),
        ("printf 'impartial: bidi \\342\\200\\256.\\n' >&2; exit 2", "control or invisible"),
        ("echo 'panicked at src/x.rs' >&2; exit 101", "panic"),
        ("kill -9 $$", "signal 9"),
        ("sleep 5", "timeout"),
        // Busy: killed on its CPU time, long before the wall-clock safety net (6 × 0.5 s).
        ("while :; do :; done", "timeout"),
        ("echo oops >&2; exit 1", "exit 1"),
    ] {
        let bin = dir.join("fake");
        std::fs::write(&bin, format!("#!/bin/sh\n{script}\n")).expect("script");
        std::fs::set_permissions(&bin, std::os::unix::fs::PermissionsExt::from_mode(0o755)).expect("chmod");
        let result = check(&refused, &bin, &dir, timeout, false);
        assert!(result.as_ref().is_err_and(|f| f.kind.contains(kind)), "{script}: {:?}", result.err());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
