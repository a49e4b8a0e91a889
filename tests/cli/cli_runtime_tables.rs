//! `impartial runtime`'s tables as a researcher loads them: tidy CSV (numbers only, a `censored`
//! column, no comment lines) that pandas reads as it is, a sidecar JSON with the provenance,
//! Theorem 5.2's bound beside Corollary 5.3's (against a hand computation), a raw table that a
//! rerun resumes, and `--summarise` refusing rows no run could have written.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::common::cli;
use cli::{ok, run};

/// A fresh folder, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("impartial-tables-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Dir(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const CHOMP: &str = "game=chomp&rows=N&cols=N";

/// The label columns; every other column of both tables is numeric (or `found`, a boolean).
const LABELS: [&str; 4] = ["engine", "mu_setting", "gamma_setting", "learner"];

/// Checks with Python that every column of `csv` but the labels loads as numbers: with
/// pandas' bare `read_csv` where pandas is installed, else with the csv module (each value
/// empty or a float). Returns which of the two checked.
fn check_numeric_with_python(csv: &str) -> String {
    let script = r#"
import csv, sys
path, labels = sys.argv[1], set(sys.argv[2].split(","))
try:
    import pandas
except ImportError:
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    assert rows, "no rows"
    for row in rows:
        for key, value in row.items():
            if key in labels or key == "found":
                continue
            if value != "":
                float(value)
    print("csv")
else:
    frame = pandas.read_csv(path)
    for column in frame.columns:
        if column in labels:
            continue
        kind = frame[column].dtype.kind
        assert kind in "iufb", f"{column} loads as {frame[column].dtype}"
    assert frame["censored"].isin([0, 1]).all() or frame["censored"].dtype.kind in "iu"
    print("pandas")
"#;
    let out = Command::new("python3")
        .args(["-c", script, csv, &LABELS.join(",")])
        .output()
        .expect("python3 runs (the tests need it, as scripts/test does)");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn raw_and_summary_tables_load_as_numbers_with_a_censored_column_and_a_sidecar() {
    let dir = Dir::new("tidy");
    // Size 4 with a budget of 2,000 games: some runs are censored.
    let sweep = ["--game", CHOMP, "--sizes", "2,3,4", "--runs", "6", "--mu", "20", "--max-evals", "2000"];
    let raw = dir.path("raw.csv");
    let mut args = vec!["runtime"];
    args.extend(sweep);
    args.extend(["--raw", "--out", &raw]);
    assert_eq!(ok(&args), "");
    let table = std::fs::read_to_string(&raw).unwrap();
    assert!(!table.contains('#'), "no comment lines: {table}");
    let header: Vec<&str> = table.lines().next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let mut censored = 0;
    for line in table.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let found = f[at("found")] == "true";
        assert_eq!(f[at("censored")], if found { "0" } else { "1" }, "{line}");
        // A censored run's games are those played so far: the budget has no room for another
        // generation of μ = 20.
        let games: u64 = f[at("games")].parse().unwrap();
        if !found {
            censored += 1;
            assert!(games + 20 > 2000 && games <= 2000, "{line}");
        }
        assert!(f[at("cpu_seconds")].parse::<f64>().unwrap() >= 0.0, "{line}");
    }
    assert!(censored > 0, "size 4 has censored runs at this budget: {table}");
    // The sidecar names the build, the stream and the command.
    let side: Value = serde_json::from_str(&std::fs::read_to_string(dir.path("raw.json")).unwrap()).unwrap();
    let p = &side["provenance"];
    assert_eq!(p["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(p["stream"], impartial::learn::runtime::STREAM);
    assert_eq!(p["spec"], CHOMP);
    assert_eq!(p["learner"], "umda");
    assert!(p["commit"].as_str().is_some_and(|c| !c.is_empty()));
    assert!(p["date"].as_str().unwrap().ends_with('Z'));
    assert!(p["command"].as_str().unwrap().contains("--raw --out"), "{p}");
    assert_eq!(side["sweep"]["sizes"], serde_json::json!([2, 3, 4]));
    assert_eq!(side["sweep"]["seed"], 1);
    // The summary as CSV with its JSON sidecar: the same summary as stdout gives.
    let summary = dir.path("summary.csv");
    assert_eq!(ok(&["runtime", "--summarise", &raw, "--out", &summary]), "");
    let csv = std::fs::read_to_string(&summary).unwrap();
    let mut direct = vec!["runtime"];
    direct.extend(sweep);
    assert_eq!(csv, ok(&direct));
    assert!(!csv.contains("budget") && !csv.contains('#'), "{csv}");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path("summary.json")).unwrap()).unwrap();
    for key in ["version", "commit", "command", "spec", "learner", "stream", "host", "date"] {
        assert!(json["provenance"][key].is_string(), "provenance.{key}: {json}");
    }
    let last = &json["sizes"][2];
    assert_eq!(last["censored"].as_u64().unwrap() + last["finished"].as_u64().unwrap(), 6);
    // Both tables load as numbers.
    let with = check_numeric_with_python(&raw);
    assert_eq!(check_numeric_with_python(&summary), with);
    eprintln!("checked with {with}");
    // A byte-order mark (a spreadsheet's save) is accepted.
    let bom = dir.path("bom.csv");
    std::fs::write(&bom, [b"\xEF\xBB\xBF".as_slice(), table.as_bytes()].concat()).unwrap();
    std::fs::copy(dir.path("raw.json"), dir.path("bom.json")).unwrap();
    let (code, stdout, stderr) = run(&["runtime", "--summarise", &bom]);
    assert_eq!((code, stdout.as_str()), (0, csv.as_str()), "{stderr}");
}

#[test]
fn theorem_5_2s_bound_is_beside_corollary_5_3s_and_matches_a_hand_computation() {
    // Chomp 2×2: n = 5 positions, Δ = 3, so 20Δn = 300; one critical position (|W_G| = 1) with
    // s = 0, and max s over V = 1; K = 1. Theorem 5.2: μ/C = (K + 0 + 1)·300^1·ln 5 and
    // T/C² = μ/C · Σ_{W_G} 300^0 · ln 5 = 600 (ln 5)² ≈ 1,554. Corollary 5.3:
    // T/C² = (K + 1 + 1)·300^{2+3}·(ln 5)² ≈ 1.89·10¹³.
    let ln5 = 5f64.ln();
    let theorem = 600.0 * ln5 * ln5;
    let corollary = 3.0 * 300f64.powi(5) * ln5 * ln5;
    assert!((theorem - 1554.17).abs() < 0.01 && (corollary / 1.888e13 - 1.0).abs() < 1e-3);
    let report: Value =
        serde_json::from_str(&ok(&["analyse", "--game", "game=chomp&rows=2&cols=2", "--json"])).unwrap();
    let bounds = &report["bounds"];
    let close = |v: &Value, x: f64| (v.as_f64().unwrap() - x.log10()).abs() < 1e-9;
    assert!(close(&bounds["bound_theorem_log10"], theorem), "{bounds}");
    assert!(close(&bounds["bound_log10"], corollary), "{bounds}");
    // `runtime` gives both per size, in its JSON and both tables.
    let summary: Value = serde_json::from_str(&ok(&[
        "runtime", "--game", CHOMP, "--sizes", "2", "--runs", "2", "--mu", "10", "--json",
    ]))
    .unwrap();
    assert!(close(&summary["sizes"][0]["bound_theorem_log10"], theorem));
    assert!(close(&summary["sizes"][0]["bound_log10"], corollary));
    let csv = ok(&["runtime", "--game", CHOMP, "--sizes", "2", "--runs", "2", "--mu", "10"]);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let row: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let at = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!((at("bound_log10"), at("bound_theorem_log10")), ("13.276", "3.191"));
}

#[test]
fn a_rerun_of_a_cut_short_table_keeps_its_runs_and_ends_with_the_whole_summary() {
    let dir = Dir::new("resume");
    let sweep = ["--game", CHOMP, "--sizes", "2,3", "--runs", "5", "--mu", "20", "--seed", "4"];
    let mut whole = vec!["runtime"];
    whole.extend(sweep);
    let expected = ok(&whole);
    let raw = dir.path("raw.csv");
    let mut raw_args = whole.clone();
    raw_args.extend(["--raw", "--out", &raw]);
    assert_eq!(ok(&raw_args), "");
    // Cut short: three whole rows and half a line kept, as a kill mid-write leaves it.
    let table = std::fs::read_to_string(&raw).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    let kept = format!("{}\n{}", lines[..4].join("\n"), &lines[4][..10]);
    std::fs::write(&raw, &kept).unwrap();
    let (code, _, stderr) = run(&["runtime", "--summarise", &raw]);
    assert_eq!(code, 2);
    assert!(stderr.contains("is not a row written by --raw"), "{stderr}");
    // The same command again: the half line is dropped, the three rows kept as they were, the
    // other seven runs made; the summary is the whole sweep's.
    assert_eq!(ok(&raw_args), "");
    let resumed = std::fs::read_to_string(&raw).unwrap();
    assert!(resumed.starts_with(&format!("{}\n", lines[..4].join("\n"))), "{resumed}");
    assert_eq!(resumed.lines().count(), 11);
    assert_eq!(ok(&["runtime", "--summarise", &raw]), expected);
    // A table of another sweep, or another build, is not resumed.
    let mut other = raw_args.clone();
    let seed = other.iter().position(|a| *a == "4").unwrap();
    other[seed] = "5";
    let (code, _, stderr) = run(&other);
    assert_eq!(code, 2);
    assert!(stderr.contains("holds another sweep or shard than this command runs"), "{stderr}");
    let side = dir.path("raw.json");
    let text = std::fs::read_to_string(&side).unwrap();
    let mut old: Value = serde_json::from_str(&text).unwrap();
    old["provenance"]["stream"] = "xoshiro256++/1".into();
    std::fs::write(&side, old.to_string()).unwrap();
    let (code, _, stderr) = run(&raw_args);
    assert_eq!(code, 2);
    assert!(stderr.contains("was written by another build or random stream"), "{stderr}");
    // --summarise refuses to mix tables of two builds or streams.
    let fresh = dir.path("fresh.csv");
    let mut shard = whole.clone();
    shard.extend(["--raw", "--shard", "1/2", "--out", &fresh]);
    assert_eq!(ok(&shard), "");
    let second = dir.path("second.csv");
    let mut shard = whole.clone();
    shard.extend(["--raw", "--shard", "2/2", "--out", &second]);
    assert_eq!(ok(&shard), "");
    let side = dir.path("second.json");
    let mut s: Value = serde_json::from_str(&std::fs::read_to_string(&side).unwrap()).unwrap();
    s["provenance"]["commit"] = "0123456789ab".into();
    std::fs::write(&side, s.to_string()).unwrap();
    let (code, stdout, stderr) = run(&["runtime", "--summarise", &fresh, &second]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("come from different builds or random streams"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1);
}

#[test]
fn summarising_refuses_rows_no_run_could_have_written() {
    let dir = Dir::new("impossible");
    let header = impartial::learn::runtime::RAW_HEADER;
    // size,engine,max_games,positions,max_degree,run,seed,mu,gamma,found,games,generations,
    // bound_log10,mu_setting,gamma_setting,learner,censored,bound_theorem_log10,cpu_seconds
    let good = "2,fast,1000,5,3,0,1,20,0.003,true,40,2,13.2,20,paper,umda,0,3.1,0.1";
    let cases = [
        (
            "2,fast,1000,5,3,1,2,20,0.003,true,1040,52,13.2,20,paper,umda,0,3.1,0.1",
            "above its budget of 1,000",
        ),
        ("2,fast,1000,5,3,1,2,20,0.003,true,50,2,13.2,20,paper,umda,0,3.1,0.1", "not μ games per generation"),
        ("2,fast,1000,5,3,1,2,20,0.003,false,200,10,13.2,20,paper,umda,1,3.1,0.1", "had room for more"),
        ("2,fast,1000,5,3,1,2,20,0.003,true,40,2,14.2,20,paper,umda,0,3.1,0.1", "two different bounds"),
        (
            "2,fast,1000,5,3,1,2,20,0.003,true,40,2,13.2,20,paper,umda,1,3.1,0.1",
            "is not a row written by --raw",
        ),
    ];
    for (i, (row, expected)) in cases.iter().enumerate() {
        let path = dir.path(&format!("bad-{i}.csv"));
        std::fs::write(&path, format!("{header}\n{good}\n{row}\n")).unwrap();
        let (code, stdout, stderr) = run(&["runtime", "--summarise", &path]);
        assert_eq!((code, stdout.as_str()), (2, ""), "{row}: {stderr}");
        assert!(stderr.contains(expected), "{row}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    }
    // A censored run at the budget is a run as any other.
    let path = dir.path("good.csv");
    let censored = "2,fast,1000,5,3,1,2,20,0.003,false,1000,50,13.2,20,paper,umda,1,3.1,0.1";
    std::fs::write(&path, format!("{header}\n{good}\n{censored}\n")).unwrap();
    let summary = ok(&["runtime", "--summarise", &path]);
    assert!(summary.lines().nth(1).unwrap().ends_with(",umda,1,3.100"), "{summary}");
}

#[test]
fn a_figure_or_table_that_cannot_be_written_is_an_output_error() {
    let dir = Dir::new("full");
    let raw = dir.path("raw.csv");
    assert_eq!(
        ok(&[
            "runtime", "--game", CHOMP, "--sizes", "2", "--runs", "2", "--mu", "10", "--raw", "--out", &raw
        ]),
        ""
    );
    // /dev/full takes no bytes: the summary's table cannot be written (exit 1, not 2: the
    // input was good).
    if std::path::Path::new("/dev/full").exists() {
        let (code, stdout, stderr) = run(&["runtime", "--summarise", &raw, "--out", "/dev/full"]);
        assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
        assert!(stderr.starts_with("impartial: Cannot write"), "{stderr}");
    }
    // A folder that does not exist is bad input, refused before anything runs.
    let (code, _, stderr) = run(&["runtime", "--summarise", &raw, "--plot", &dir.path("no/such/figure.svg")]);
    assert_eq!(code, 2, "{stderr}");
    let (code, _, stderr) = run(&[
        "runtime",
        "--game",
        CHOMP,
        "--sizes",
        "2",
        "--runs",
        "2",
        "--out",
        &dir.path("no/such/table.csv"),
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("its directory does not exist"), "{stderr}");
}

/// The smallest text of an SVG figure in points at its printed width, and its printed width and
/// height in cm: every `<text>`'s font-size (in the drawing's units) scaled by the width in cm
/// over the viewBox's width.
fn printed_sizes(svg: &str) -> (f64, f64, f64) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let root = doc.root_element();
    let cm = |name: &str| -> f64 {
        let v = root.attribute(name).unwrap_or_else(|| panic!("the svg has a {name}"));
        v.strip_suffix("cm").unwrap_or_else(|| panic!("{name}={v} is in cm")).parse().unwrap()
    };
    let (width, height) = (cm("width"), cm("height"));
    let view: Vec<f64> =
        root.attribute("viewBox").unwrap().split_whitespace().map(|x| x.parse().unwrap()).collect();
    let pt_per_unit = width / 2.54 * 72.0 / view[2];
    let mut smallest = f64::MAX;
    let mut texts = 0;
    for text in doc.descendants().filter(|n| n.has_tag_name("text")) {
        // The font size on the text or the nearest group around it.
        let size = text
            .ancestors()
            .find_map(|n| n.attribute("font-size"))
            .unwrap_or_else(|| panic!("a text without a font size: {:?}", text.text()));
        smallest = smallest.min(size.parse::<f64>().unwrap() * pt_per_unit);
        texts += 1;
    }
    assert!(texts > 10, "the figure has its texts");
    (smallest, width, height)
}

#[test]
fn every_figure_text_is_at_least_7_pt_at_its_width_and_a_heat_map_no_taller_than_wide() {
    let dir = Dir::new("journal");
    let game = "game=subtraction&moves=1,2&heap=N-1";
    let base = ["runtime", "--game", game, "--sizes", "8,16,32,64", "--runs", "6", "--max-evals", "30000"];
    let cases: [(&str, &[&str], f64, bool); 5] = [
        ("lines-single.svg", &["--mu", "20"], 8.5, false),
        ("lines-double.svg", &["--mu", "20", "--width", "double"], 17.5, false),
        ("learners.svg", &["--mu", "20", "--learner", "umda,lnwp:random"], 8.5, false),
        ("heat-single.svg", &["--mu", "20,50,100", "--gamma", "paper,0.01,0.1"], 8.5, true),
        ("heat-double.svg", &["--mu", "20,50", "--gamma", "paper,0.01", "--width", "double"], 17.5, true),
    ];
    for (name, extra, cm, heat) in cases {
        let svg = dir.path(name);
        let mut args = base.to_vec();
        args.extend(extra);
        args.extend(["--plot", &svg]);
        ok(&args);
        let text = std::fs::read_to_string(&svg).unwrap();
        let (smallest, width, height) = printed_sizes(&text);
        assert_eq!(width, cm, "{name}");
        assert!(smallest >= 7.0, "{name}: a text of {smallest:.2} pt");
        assert_eq!(text.contains("N = 8 (n = 8)"), heat, "{name}");
        if heat {
            assert!(height <= width, "{name}: {height} cm tall, {width} cm wide");
        }
        // The figure records where its numbers come from.
        let doc = roxmltree::Document::parse(&text).unwrap();
        let meta = doc.descendants().find(|n| n.attribute("id") == Some("impartial-runtime")).unwrap();
        let meta: Value = serde_json::from_str(meta.text().unwrap()).unwrap();
        assert_eq!(meta["provenance"]["spec"], game, "{name}");
        assert_eq!(meta["provenance"]["stream"], impartial::learn::runtime::STREAM, "{name}");
        assert_eq!(meta["sweep"]["sizes"], serde_json::json!([8, 16, 32, 64]), "{name}");
        // One meaning of k/R, said in the legend or key.
        assert!(text.contains("k/R: k of R runs censored"), "{name}");
        if !heat && !name.starts_with("learners") {
            // Both bounds as dashed lines, named in the legend.
            assert!(
                text.contains("Cor. 5.3 bound, slope") && text.contains("Thm 5.2 bound, slope"),
                "{name}"
            );
        }
    }
    // The title and axis titles are the user's; an empty title leaves it out.
    let svg = dir.path("titled.svg");
    let mut args = base.to_vec();
    args.extend(["--mu", "20", "--plot", &svg, "--title", "", "--xlabel", "n", "--ylabel", "T (games)"]);
    ok(&args);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(!text.contains("median T over"), "no default title");
    let doc = roxmltree::Document::parse(&text).unwrap();
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(str::trim))
        .collect();
    assert!(texts.contains(&"n") && texts.contains(&"T (games)"), "{texts:?}");
    // A width that is neither is refused before anything runs.
    let (code, _, stderr) =
        run(&["runtime", "--game", game, "--sizes", "8", "--plot", &svg, "--width", "wide"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("'wide' is not a valid value for width: single (8.5 cm"), "{stderr}");
}

/// Published figures drawn before 0.2.0 and not yet redrawn, with why: each is checked once it
/// is regenerated (delete it from here then).
const NOT_REDRAWN: [(&str, &str); 0] = [];

#[test]
fn the_published_figures_are_at_journal_size_and_record_their_provenance() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/figures");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".svg") || NOT_REDRAWN.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let (smallest, width, height) = printed_sizes(&text);
        assert!(smallest >= 7.0, "{name}: a text of {smallest:.2} pt at {width} cm");
        if text.contains("\"heat_map\":true") {
            assert!(height <= width, "{name}: {height} cm tall, {width} cm wide");
        }
        // Its summary beside it in docs/data records the same provenance.
        let data = format!("{}/docs/data/{}", env!("CARGO_MANIFEST_DIR"), name.replace(".svg", ".json"));
        let summary: Value = serde_json::from_str(&std::fs::read_to_string(&data).unwrap()).unwrap();
        assert_eq!(summary["provenance"]["stream"], impartial::learn::runtime::STREAM, "{data}");
        let doc = roxmltree::Document::parse(&text).unwrap();
        let meta = doc.descendants().find(|n| n.attribute("id") == Some("impartial-runtime")).unwrap();
        let meta: Value = serde_json::from_str(meta.text().unwrap()).unwrap();
        assert_eq!(meta["provenance"], summary["provenance"], "{name}");
        checked += 1;
    }
    // docs/experiments.md's six figures, each checked or listed.
    assert_eq!(checked + NOT_REDRAWN.len(), 6, "{checked} figures checked");
}
