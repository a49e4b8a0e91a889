//! `impartial runtime` sweeps over the paper's four families and μ × γ grids, their figure,
//! and the Slurm script: grids and multi-key sweeps equal their
//! cells run one by one, shards run as the Slurm script runs them equal the whole sweep, the
//! figure is valid SVG whose data are the summary's, and bad input gets one sentence.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::cli;
use cli::{ok, run};

/// A fresh directory under the system's temporary one, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("impartial-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }

    fn files(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The runs of a raw CSV table (not its header), without a raw table's last column, the run's
/// CPU time (the one column two runs of a command do not share); a summary's lines whole.
fn data_lines(table: &str) -> Vec<String> {
    let raw = table.starts_with("size,engine,");
    table
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| if raw { l.rsplit_once(',').unwrap().0.to_string() } else { l.to_string() })
        .collect()
}

/// A summary's JSON without the provenance fields that name the command, the host and the
/// date (the rest, the build and the stream included, is the same for the same sweep).
fn without_occasion(json: &str) -> Value {
    let mut v: Value = serde_json::from_str(json).unwrap();
    for key in ["command", "host", "date"] {
        v["provenance"].as_object_mut().unwrap().remove(key);
    }
    v
}

/// A raw table's sidecar JSON (`FILE.csv` → `FILE.json`).
fn sidecar(table: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(table.with_extension("json")).unwrap()).unwrap()
}

/// The paper's four families (Benford & Lehre §6) as sweep templates, each with sizes that run fast.
const FAMILIES: [(&str, &str); 4] = [
    // SubtractionNim^2_n: heap n − 1, so N is the paper's n.
    ("game=subtraction&moves=1,2&heap=N-1", "8,16"),
    // SilverDollar^2_m: two coins on N squares.
    ("game=silver-dollar&coins=2&squares=N", "4,5"),
    // TurningTurtles_m.
    ("game=turning-turtles&coins=N", "2,3"),
    // Chomp_m: N in two keys.
    ("game=chomp&rows=N&cols=N", "2,3"),
];

#[test]
fn grids_over_the_four_families_equal_their_cells_run_one_by_one() {
    for (game, sizes) in FAMILIES {
        let common = ["--runs", "3", "--max-evals", "20000", "--seed", "11"];
        let mut args =
            vec!["runtime", "--game", game, "--sizes", sizes, "--mu", "10,30", "--gamma", "paper,0.01"];
        args.extend(common);
        let grid_summary = ok(&args);
        args.push("--raw");
        let grid_rows = data_lines(&ok(&args));
        assert_eq!(grid_rows.len(), 2 * 2 * 2 * 3, "{game}: every cell's runs");
        let mut cells = 0;
        for size in sizes.split(',') {
            for mu in ["10", "30"] {
                for gamma in ["paper", "0.01"] {
                    let mut alone =
                        vec!["runtime", "--game", game, "--sizes", size, "--mu", mu, "--gamma", gamma];
                    alone.extend(common);
                    let summary = ok(&alone);
                    alone.push("--raw");
                    let rows = data_lines(&ok(&alone));
                    let of_cell: Vec<String> = grid_rows
                        .iter()
                        .filter(|r| {
                            let f: Vec<&str> = r.split(',').collect();
                            f[0] == size && f[13] == mu && f[14] == gamma
                        })
                        .cloned()
                        .collect();
                    assert_eq!(of_cell, rows, "{game}: cell ({size}, {mu}, {gamma})");
                    // The summary's row of the cell, bootstrap interval included.
                    let line = data_lines(&summary).remove(0);
                    assert!(grid_summary.lines().any(|l| l == line), "{game}: {line} in\n{grid_summary}");
                    cells += 1;
                }
            }
        }
        assert_eq!(cells, 8);
        // A tidy table: the slopes are the JSON summary's, not comment lines.
        assert!(!grid_summary.contains('#'), "{grid_summary}");
    }
}

#[test]
fn the_four_families_have_the_papers_sizes() {
    // n as Props 6.1–6.4 count it, plus v* where the start is a P-position: SubtractionNim^2_n
    // has n positions (v* at n = 16), SilverDollar^2_m C(m, 2) (both starts P: v*),
    // TurningTurtles_m 2^m (v* at m = 3), Chomp_m C(2m, m) − 1.
    let expected: [&[u64]; 4] = [&[8, 17], &[7, 11], &[4, 9], &[5, 19]];
    for ((game, sizes), n) in FAMILIES.iter().zip(expected) {
        let json: Value = serde_json::from_str(&ok(&[
            "runtime", "--game", game, "--sizes", sizes, "--runs", "2", "--mu", "10", "--json",
        ]))
        .unwrap();
        let positions: Vec<u64> =
            json["sizes"].as_array().unwrap().iter().map(|c| c["positions"].as_u64().unwrap()).collect();
        assert_eq!(positions, n, "{game}");
    }
}

#[cfg(unix)]
#[test]
fn shards_run_as_the_slurm_script_runs_them_equal_the_whole_sweep() {
    let dir = TempDir::new("slurm");
    let sweep = [
        "--game",
        "game=subtraction&moves=1,2&heap=N-1",
        "--sizes",
        "8,16,32",
        "--runs",
        "5",
        "--mu",
        "10,40",
        "--gamma",
        "paper",
        "--seed",
        "3",
    ];
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/slurm/runtime.sbatch");
    let out = dir.path("out");
    let status = Command::new("bash")
        .arg(script)
        .args(["local", "4", &out])
        .args(sweep)
        .env("IMPARTIAL", env!("CARGO_BIN_EXE_impartial"))
        .output()
        .unwrap();
    assert!(status.status.success(), "{}", String::from_utf8_lossy(&status.stderr));
    let out = Path::new(&out);
    let mut files: Vec<String> = std::fs::read_dir(out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut expected_files = vec!["runtime.svg".to_string()];
    for i in 1..=4 {
        for ext in ["csv", "done", "json"] {
            expected_files.push(format!("shard-{i}-of-4.{ext}"));
        }
    }
    expected_files.extend(["summary.csv".to_string(), "summary.json".to_string()]);
    assert_eq!(files, expected_files, "no temporary file is left");
    let mut whole = vec!["runtime"];
    whole.extend(sweep);
    assert_eq!(std::fs::read_to_string(out.join("summary.csv")).unwrap(), ok(&whole));
    whole.push("--json");
    let json = std::fs::read_to_string(out.join("summary.json")).unwrap();
    assert_eq!(without_occasion(&json), without_occasion(&ok(&whole)));
    let provenance = &serde_json::from_str::<Value>(&json).unwrap()["provenance"];
    assert_eq!(provenance["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(provenance["spec"], "game=subtraction&moves=1,2&heap=N-1");
    assert!(provenance["command"].as_str().unwrap().contains("runtime --summarise"), "{provenance}");
    // Each shard's sidecar names its sweep and build; its table holds its shard's runs; together,
    // the whole.
    let mut rows = Vec::new();
    for i in 1..=4 {
        let path = out.join(format!("shard-{i}-of-4.csv"));
        let table = std::fs::read_to_string(&path).unwrap();
        let side = sidecar(&path);
        let sweep_line = &side["sweep"];
        assert_eq!(side["provenance"]["stream"], provenance["stream"]);
        assert!(side["provenance"]["command"]
            .as_str()
            .unwrap()
            .contains(&format!("--shard {i}/4 --raw --out")));
        assert_eq!(sweep_line["shard"], serde_json::json!({"index": i, "count": 4}));
        assert_eq!(sweep_line["game"], "game=subtraction&moves=1,2&heap=N-1");
        rows.extend(data_lines(&table));
    }
    whole.pop();
    whole.push("--raw");
    let mut expected = data_lines(&ok(&whole));
    rows.sort();
    expected.sort();
    assert_eq!(rows, expected);
    // Any run replays from its shard's file alone: the sweep line's game with N filled in, and
    // the row's seed, μ and γ.
    let table = std::fs::read_to_string(out.join("shard-2-of-4.csv")).unwrap();
    let sweep_line = sidecar(&out.join("shard-2-of-4.csv"))["sweep"].clone();
    let row = data_lines(&table).pop().unwrap();
    let f: Vec<&str> = row.split(',').collect();
    let spec =
        impartial::learn::runtime::spec_for(sweep_line["game"].as_str().unwrap(), f[0].parse().unwrap())
            .unwrap();
    let max_evals = sweep_line["max_evals"].to_string();
    let replay: Value = serde_json::from_str(&ok(&[
        "umda",
        "--game",
        &spec,
        "--seed",
        f[6],
        "--mu",
        f[7],
        "--gamma",
        f[8],
        "--max-evals",
        &max_evals,
        "--json",
    ]))
    .unwrap();
    assert_eq!(replay["found_after_games"].to_string(), f[10], "{row}");
    // A missing shard, or a shard of another sweep, is refused in one sentence.
    let shard = |i: u32| out.join(format!("shard-{i}-of-4.csv")).to_string_lossy().into_owned();
    let (code, _, stderr) = run(&["runtime", "--summarise", &shard(1), &shard(2), &shard(4)]);
    assert_eq!(code, 2);
    assert!(stderr.contains("The files hold 3 of the sweep's 4 shards; shard 3/4 is missing"), "{stderr}");
    let other = dir.path("other.csv");
    let mut args = whole.clone();
    let seed_at = args.iter().position(|a| *a == "3").unwrap();
    args[seed_at] = "4";
    args.extend(["--shard", "3/4", "--out", &other]);
    assert_eq!(ok(&args), "");
    let (code, _, stderr) = run(&["runtime", "--summarise", &shard(1), &shard(2), &other, &shard(4)]);
    assert_eq!(code, 2);
    assert!(stderr.contains("are from different sweeps (they differ in their seed)"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1);
    // A sidecar edited into nonsense (shard 0 of 0) is refused, not divided by.
    let edited = dir.path("edited.csv");
    std::fs::copy(shard(1), &edited).unwrap();
    let mut side = sidecar(Path::new(&shard(1)));
    side["sweep"]["shard"] = serde_json::json!({"index": 0, "count": 0});
    std::fs::write(Path::new(&edited).with_extension("json"), side.to_string()).unwrap();
    let (code, _, stderr) = run(&["runtime", "--summarise", &edited]);
    assert_eq!(code, 2);
    assert!(stderr.contains("was not written by --raw: shard 0/0 is not one of 1 to k of k"), "{stderr}");
    // A shard's file cut short (its last run lost) is refused too.
    let cut = dir.path("cut.csv");
    let table = std::fs::read_to_string(shard(3)).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    std::fs::write(&cut, lines[..lines.len() - 1].join("\n")).unwrap();
    std::fs::copy(Path::new(&shard(3)).with_extension("json"), Path::new(&cut).with_extension("json"))
        .unwrap();
    let (code, _, stderr) = run(&["runtime", "--summarise", &shard(1), &shard(2), &cut, &shard(4)]);
    assert_eq!(code, 2);
    assert!(stderr.contains("a shard's file is incomplete"), "{stderr}");
}

/// `runtime.sbatch MODE ARGS…` with the test's binary, as a job with `env` set: (exit code, stderr).
#[cfg(unix)]
fn sbatch_script(args: &[&str], env: &[(&str, &str)]) -> (i32, String) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/slurm/runtime.sbatch");
    let out = Command::new("bash")
        .arg(script)
        .args(args)
        .env("IMPARTIAL", env!("CARGO_BIN_EXE_impartial"))
        .env_remove("SLURM_ARRAY_TASK_ID")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[cfg(unix)]
#[test]
fn an_array_task_runs_the_shard_of_its_id_and_the_summary_names_missing_shards() {
    let dir = TempDir::new("slurm-array");
    let out = dir.path("out");
    let sweep =
        ["--game", "game=subtraction&moves=1,2&heap=N-1", "--sizes", "8,16", "--runs", "3", "--seed", "5"];
    let shard_args = |k: &'static str| {
        let mut args = vec!["shard", k, out.as_str()];
        args.extend(sweep);
        args
    };
    // Any array form: the task id is the shard (here the ids --array=2,7 and 1-8:2 give).
    for id in ["1", "2", "3", "5", "7", "8"] {
        let (code, stderr) = sbatch_script(&shard_args("8"), &[("SLURM_ARRAY_TASK_ID", id)]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stderr.contains(&format!("runtime.sbatch: shard {id} of 8 written to")), "{stderr}");
        let line = sidecar(&Path::new(&out).join(format!("shard-{id}-of-8.csv")))["sweep"].clone();
        assert_eq!(line["shard"], serde_json::json!({"index": id.parse::<u32>().unwrap(), "count": 8}));
    }
    // A task id that is no shard of K, or no array at all: one sentence, exit 2, nothing written.
    for (env, expected) in [
        (vec![("SLURM_ARRAY_TASK_ID", "9")], "array task 9 is not a shard of 8"),
        (vec![("SLURM_ARRAY_TASK_ID", "0")], "array task 0 is not a shard of 8"),
        (vec![], "shard runs as a task of a job array"),
    ] {
        let (code, stderr) = sbatch_script(&shard_args("8"), &env);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    }
    // Shards 4 and 6 are missing: the summary writes only missing-shards.txt (an earlier
    // summary is removed) and says the same, with the command that reruns them.
    std::fs::write(Path::new(&out).join("summary.csv"), "stale").unwrap();
    let mut summarise = vec!["summarise", "8", out.as_str()];
    summarise.extend(sweep);
    let (code, stderr) = sbatch_script(&summarise, &[]);
    assert_eq!(code, 1, "{stderr}");
    let message = std::fs::read_to_string(Path::new(&out).join("missing-shards.txt")).unwrap();
    assert_eq!(stderr, message);
    assert!(
        message.starts_with(
            "runtime.sbatch: no summary: 2 of 8 shards are incomplete (4,6: shard 4 never started (no log); \
             shard 6 never started (no log);"
        ),
        "{message}"
    );
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/slurm/runtime.sbatch");
    assert!(
        message.contains(&format!(
            "export IMPARTIAL={} RUNTIME_SBATCH={script} && \
             jid=$(sbatch --parsable --array=4,6 --output={out}/shard-%a.log --open-mode=append {script} shard 8 {out} \
             --game 'game=subtraction&moves=1,2&heap=N-1' --sizes 8,16 --runs 3 --seed 5) && \
             sbatch --dependency=afterany:$jid",
            env!("CARGO_BIN_EXE_impartial")
        )),
        "{message}"
    );
    let mut files: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| !f.starts_with("shard-"))
        .collect();
    files.sort();
    assert_eq!(files, ["missing-shards.txt"]);
    // A shard cut short (a table without its .done mark) is named with the runs it keeps.
    let done = Path::new(&out).join("shard-2-of-8.done");
    std::fs::remove_file(&done).unwrap();
    let (code, stderr) = sbatch_script(&summarise, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("(2,4,6: shard 2 was cut short after 1 runs, which a rerun keeps;"), "{stderr}");
    // Its rerun resumes it: no run is made again, and the table is marked done.
    let (code, stderr) = sbatch_script(&shard_args("8"), &[("SLURM_ARRAY_TASK_ID", "2")]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("attempt 1 of shard 2 of 8") && stderr.contains("(1 runs there already)"),
        "{stderr}"
    );
    assert!(done.exists());
    // Run the missing two and summarise again: the whole sweep's summary, and no note left.
    for id in ["4", "6"] {
        assert_eq!(sbatch_script(&shard_args("8"), &[("SLURM_ARRAY_TASK_ID", id)]).0, 0);
    }
    // A shard of another K in the folder is not read.
    let (code, stderr) = sbatch_script(&shard_args("3"), &[("SLURM_ARRAY_TASK_ID", "1")]);
    assert_eq!(code, 0, "{stderr}");
    let (code, stderr) = sbatch_script(&summarise, &[]);
    assert_eq!(code, 0, "{stderr}");
    let mut whole = vec!["runtime"];
    whole.extend(sweep);
    assert_eq!(std::fs::read_to_string(Path::new(&out).join("summary.csv")).unwrap(), ok(&whole));
    assert!(!Path::new(&out).join("missing-shards.txt").exists());
    // A summary that fails (a shard cut short) leaves no temporary file.
    let first = Path::new(&out).join("shard-1-of-8.csv");
    let table = std::fs::read_to_string(&first).unwrap();
    std::fs::write(&first, table.lines().take(1).collect::<Vec<_>>().join("\n")).unwrap();
    let (code, stderr) = sbatch_script(&summarise, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("a shard's file is incomplete"), "{stderr}");
    let left: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".tmp") || f.starts_with("summary"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    // submit refuses a folder that is not empty, before looking for sbatch.
    let mut submit = vec!["submit", "--", "8", out.as_str()];
    submit.extend(sweep);
    let (code, stderr) = sbatch_script(&submit, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is not empty: give a new folder"), "{stderr}");
}

#[test]
fn a_sweep_off_a_terminal_prints_a_progress_line_as_often_as_asked() {
    let args = ["runtime", "--game", "game=subtraction&moves=1,2&heap=N-1", "--sizes", "8", "--runs", "3"];
    let out = Command::new(env!("CARGO_BIN_EXE_impartial"))
        .args(args)
        .env("IMPARTIAL_PROGRESS_SECONDS", "0")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    for (i, line) in lines.iter().enumerate() {
        assert!(line.starts_with(&format!("runtime: {} of 3 runs finished (", i + 1)), "{line}");
    }
    // The default (every 30 s) leaves a short sweep silent.
    let (code, _, stderr) = run(&args);
    assert_eq!((code, stderr.as_str()), (0, ""));
    let out = Command::new(env!("CARGO_BIN_EXE_impartial"))
        .args(args)
        .env("IMPARTIAL_PROGRESS_SECONDS", "soon")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr.contains("'soon' is not a valid value for IMPARTIAL_PROGRESS_SECONDS"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1);
}

/// The figure's circles (the medians' markers) as (cx, cy).
fn markers(doc: &roxmltree::Document) -> Vec<(f64, f64)> {
    doc.descendants()
        .filter(|n| n.has_tag_name("circle") && n.attribute("r") == Some("4"))
        .map(|n| (n.attribute("cx").unwrap().parse().unwrap(), n.attribute("cy").unwrap().parse().unwrap()))
        .collect()
}

#[test]
fn the_figure_is_valid_svg_whose_points_are_the_summarys() {
    let dir = TempDir::new("plot");
    let svg = dir.path("figure.svg");
    let args = [
        "runtime",
        "--game",
        "game=subtraction&moves=1,2&heap=N-1",
        "--sizes",
        "8,16,32,64",
        "--runs",
        "6",
        "--mu",
        "20",
        "--max-evals",
        "30000",
        "--json",
    ];
    let mut with_plot = args.to_vec();
    with_plot.extend(["--plot", &svg]);
    let summary: Value = serde_json::from_str(&ok(&with_plot)).unwrap();
    assert_eq!(
        without_occasion(&summary.to_string()),
        without_occasion(&ok(&args)),
        "--plot changes nothing printed but the command"
    );
    assert_eq!(dir.files(), ["figure.svg"], "no temporary file is left");
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let root = doc.root_element();
    assert!(root.has_tag_name(("http://www.w3.org/2000/svg", "svg")), "an SVG document");
    // The metadata carries the summary's values, cell by cell.
    let data: Value = serde_json::from_str(
        doc.descendants().find(|n| n.attribute("id") == Some("impartial-runtime")).unwrap().text().unwrap(),
    )
    .unwrap();
    let cells = summary["sizes"].as_array().unwrap();
    let plotted = data["cells"].as_array().unwrap();
    assert_eq!(plotted.len(), cells.len());
    for (p, c) in plotted.iter().zip(cells) {
        for key in ["size", "positions", "median", "p10", "p90", "runs", "finished", "mu", "gamma"] {
            assert_eq!(p[key], c[key], "{key}");
        }
    }
    // The drawn medians: one marker per finite median, placed on log–log axes, i.e. x affine in
    // ln n and y affine in ln T (with y growing downwards).
    let points: Vec<(f64, f64)> = cells
        .iter()
        .filter_map(|c| Some(((c["positions"].as_f64()?).ln(), (c["median"].as_f64()?).ln())))
        .collect();
    let drawn = markers(&doc);
    assert_eq!(drawn.len(), points.len(), "{drawn:?}");
    assert!(points.len() >= 3, "the sweep finishes enough sizes to test the axes");
    let (first, last) = (points[0], points[points.len() - 1]);
    let (d0, d1) = (drawn[0], drawn[drawn.len() - 1]);
    for (p, d) in points.iter().zip(&drawn) {
        let x = d0.0 + (p.0 - first.0) / (last.0 - first.0) * (d1.0 - d0.0);
        let y = d0.1 + (p.1 - first.1) / (last.1 - first.1) * (d1.1 - d0.1);
        assert!(
            (x - d.0).abs() <= 1.5 && (y - d.1).abs() <= 1.5,
            "{p:?} drawn at {d:?}, expected ({x}, {y})"
        );
    }
    assert!(d1.1 < d0.1, "larger T is drawn higher");
    // The bounds' slopes are drawn and named.
    assert!(text.contains("Cor. 5.3 bound, slope") && text.contains("Thm 5.2 bound, slope"), "bound lines");
    // So is the shaded percentile band, with a sample of its fill beside its words.
    let texts: Vec<&str> =
        doc.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
    assert!(texts.iter().any(|t| t.trim() == "shaded: 10th–90th percentile of T"), "{texts:?}");
    let band_fills = doc
        .descendants()
        .filter(|n| {
            n.has_tag_name("rect") && n.attribute("opacity").or(n.attribute("fill-opacity")) == Some("0.12")
        })
        .count();
    assert!(band_fills >= 1, "the band's sample in the legend");
}

#[test]
fn a_mu_gamma_grid_adds_a_heat_map_with_unfinished_cells_marked() {
    let dir = TempDir::new("heat");
    let svg = dir.path("grid.svg");
    let summary: Value = serde_json::from_str(&ok(&[
        "runtime",
        "--game",
        "game=subtraction&moves=1,2&heap=N-1",
        "--sizes",
        "8,32",
        "--runs",
        "4",
        "--mu",
        "10,100",
        "--gamma",
        "paper,0.01",
        "--max-evals",
        "1500",
        "--json",
        "--plot",
        &svg,
    ]))
    .unwrap();
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let data: Value = serde_json::from_str(
        doc.descendants().find(|n| n.attribute("id") == Some("impartial-runtime")).unwrap().text().unwrap(),
    )
    .unwrap();
    assert_eq!(data["heat_map"], true);
    let cells = summary["sizes"].as_array().unwrap();
    let unfinished_medians = cells.iter().filter(|c| c["median"].is_null()).count();
    assert!(unfinished_medians > 0, "the budget leaves some cell's median unfinished: {summary}");
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(str::trim))
        .collect();
    let crossed = texts.iter().filter(|t| **t == ">budget").count();
    assert_eq!(crossed, unfinished_medians, "each heat-map cell past the budget says so");
    // A cell where some runs did not finish gives k/R, k of its R runs censored, as the line
    // plot does.
    for c in cells.iter().filter(|c| c["finished"] != c["runs"]) {
        let note = format!("{}/{}", c["censored"], c["runs"]);
        assert!(texts.contains(&note.as_str()), "{note}");
    }
    // No lines on one axis for a grid: the medians are in the heat maps only.
    assert!(markers(&doc).is_empty(), "a grid draws no median lines");
    // Every axis is titled, and the colour scale has its key.
    for title in [
        "γ, the model's margin",
        "μ",
        "median T, games (log scale); μ: games a generation",
        "hatched: past the budget; k/R: k of R runs censored",
    ] {
        assert!(texts.iter().any(|t| t.replace("&apos;", "'") == title), "{title}: {texts:?}");
    }
    // Each size has its heat map.
    for size in [8, 32] {
        assert!(texts.iter().any(|t| t.starts_with(&format!("N = {size} ("))), "N = {size}");
    }
    // One column of a paper: 8.5 cm wide, drawn on 400 units.
    assert_eq!(doc.root_element().attribute("width"), Some("8.5cm"));
    assert!(doc.root_element().attribute("viewBox").unwrap().starts_with("0 0 400 "));
    // Each cell's median is written in its square.
    for c in cells.iter().filter(|c| c["median"].is_u64()) {
        let t = c["median"].as_u64().unwrap();
        assert!(
            doc.descendants()
                .any(|n| n.has_tag_name("text") && n.text().map(str::trim) == Some(t.to_string().as_str())),
            "{t}"
        );
    }
}

#[test]
fn bad_sweeps_get_one_sentence_before_any_run() {
    let dir = TempDir::new("bad-sweeps");
    let missing_dir = dir.path("no/such/dir/f.svg");
    let sizes_1000: String = (1..=1000).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
    let game = "game=subtraction&moves=1,2&heap=N";
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--game", game, "--sizes", "7", "--mu", ","], "The grid is empty: 1 × 0 × 1 = 0 cells"),
        (vec!["--game", game, "--sizes", " ", "--gamma", ""], "as --sizes and --gamma lists no value"),
        (
            vec!["--game", game, "--sizes", &sizes_1000, "--mu", "1,2,3,4,5,6,7,8,9,10,11"],
            "The grid has 1000 × 11 × 1 = 11,000 cells (sizes × μ × γ), above the limit of 10,000",
        ),
        (
            vec!["--game", game, "--sizes", "5,6", "--mu", "10,20,30", "--runs", "1000000"],
            "1000000 runs in each of 6 cells make 6,000,000 runs, above the limit of 1,000,000",
        ),
        (vec!["--game", game, "--sizes", "7", "--mu", "10,20,10"], "The μ 10 is listed twice in --mu"),
        (vec!["--game", game, "--sizes", "7", "--gamma", "0.01,paper,0.010"], "The γ 0.01 is listed twice"),
        (vec!["--game", game, "--sizes", "7", "--mu", "10,x"], "'x' is not a valid value for mu"),
        (
            vec!["--game", game, "--sizes", "7", "--paper-c", "2"],
            "--paper-c and --paper-k only apply with --mu paper",
        ),
        (
            vec!["--game", "game=subtraction&moves=1,2&heap=N-1", "--sizes", "0,4"],
            "At size 0: 'N-1' is not a valid value for heap: an expression in N that is a whole number",
        ),
        (vec!["--game", "game=N&heap=3", "--sizes", "4"], "not in game= or play="),
        (vec!["--game", "game=chomp&rows=N&cols=N&heap=N", "--sizes", "4"], "takes no key 'heap'"),
        (
            vec!["--game", game, "--sizes", "7", "--gamma", "paper,0.6"],
            "At size 7 (μ = 100, γ = 0.6): '0.6' is not a valid value for gamma",
        ),
        (
            vec!["--game", game, "--sizes", "7", "--learner", "lnwt"],
            "'lnwt' is not a valid value for learner: umda",
        ),
        (
            vec!["--game", game, "--sizes", "7", "--plot", "figure.png"],
            "'figure.png' is not a valid value for plot: a file name ending in .svg",
        ),
        (vec!["--game", game, "--sizes", "7", "--plot", &missing_dir], "its directory does not exist"),
    ];
    for (extra, expected) in cases {
        let mut args = vec!["runtime"];
        args.extend_from_slice(&extra);
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{extra:?}: {stderr}");
        assert!(stdout.is_empty(), "{extra:?}");
        assert!(stderr.contains(expected), "{extra:?}: {stderr:?} lacks {expected:?}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(!stderr.contains("panicked"));
    }
    // An unwritable figure is refused before a long sweep runs, and leaves nothing behind.
    let as_dir = dir.path("a.svg");
    std::fs::create_dir(&as_dir).unwrap();
    let started = Instant::now();
    let (code, _, stderr) = run(&[
        "runtime", "--game", game, "--sizes", "200,400", "--runs", "1000", "--mu", "1000", "--plot", &as_dir,
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("it is a directory"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(5), "refused before running");
    assert_eq!(dir.files(), ["a.svg"]);
    // A sweep that fails after the check (here: a budget below one generation) writes no figure.
    let svg = dir.path("f.svg");
    let (code, _, _) =
        run(&["runtime", "--game", game, "--sizes", "7", "--mu", "100", "--max-evals", "10", "--plot", &svg]);
    assert_eq!(code, 2);
    assert_eq!(dir.files(), ["a.svg"], "no partial file");
}
