//! The page's experiment in the core: its runs are the runs of `runtime`'s
//! sweep for the same template, size and seed, row for row; a page's game and its size give the
//! sweep's template back; Π curves stay bounded; a runtime file is read or refused in one
//! sentence. (The browser test checks the worker against the CLI itself.)

#![allow(clippy::too_many_arguments)]

use impartial::games::Limits;
use impartial::learn::experiment::{self, Experiment, MAX_CURVE_POINTS};
use impartial::learn::runtime::{
    self, default_size, spec_for, template_of, GammaSetting, Grid, MuSetting, Shard,
};
use impartial::learn::Engine;

/// Runs 0..runs of an experiment on `template` at `size`.
fn experiment_rows(
    template: &str,
    size: u64,
    mu: u32,
    gamma: &str,
    engine: &str,
    budget: u64,
    seed: u64,
    runs: u32,
) -> Vec<runtime::RunRow> {
    let spec = spec_for(template, size).unwrap();
    let mut exp = Experiment::new(
        &spec,
        size,
        &mu.to_string(),
        gamma,
        engine,
        &budget.to_string(),
        &seed.to_string(),
        &Limits::PAGE,
    )
    .unwrap();
    (0..runs).map(|r| exp.run(r).0).collect()
}

/// The same runs as `impartial runtime` makes them (its sweep of one cell).
fn sweep_rows(
    template: &str,
    size: u64,
    mu: u32,
    gamma: &str,
    engine: Engine,
    budget: u64,
    seed: u64,
    runs: u32,
) -> Vec<runtime::RunRow> {
    let grid = Grid {
        sizes: vec![size],
        learners: vec![runtime::Learner::UMDA],
        mus: vec![MuSetting::Fixed(mu)],
        gammas: vec![GammaSetting::parse(gamma).unwrap()],
        runs,
        knobs: Default::default(),
    };
    let prepare = |n| runtime::prepare(template, n, &Limits::DEFAULT);
    runtime::sweep(&grid, prepare, Shard::ALL, engine, budget, seed, |_| {}).unwrap()
}

#[test]
fn an_experiment_makes_the_sweep_s_runs_row_for_row() {
    for (template, size, mu, gamma, engine) in [
        ("game=subtraction&moves=1,2&heap=N", 20, 20, "paper", Engine::Fast),
        ("game=chomp&rows=N&cols=N", 3, 10, "0.01", Engine::Fast),
        ("game=chomp&rows=N&cols=N", 3, 10, "paper", Engine::Naive),
        ("game=nim&heaps=2,N", 3, 200, "paper", Engine::Expected),
    ] {
        let page = experiment_rows(template, size, mu, gamma, engine.as_str(), 200_000, 11, 6);
        let cli = sweep_rows(template, size, mu, gamma, engine, 200_000, 11, 6);
        assert_eq!(page, cli, "{template} at {size}, {engine:?}");
        assert!(page.iter().any(|r| r.found), "{template}: some runs finish, so T is compared");
    }
}

#[test]
fn the_curve_has_a_point_at_generation_0_and_at_the_last_and_stays_bounded() {
    // γ = 0 and μ = 2 on a game with several critical positions: many generations.
    let spec = "game=subtraction&moves=1,2&heap=30";
    let mut exp = Experiment::new(spec, 30, "2", "0", "fast", "4000", "3", &Limits::PAGE).unwrap();
    let mut long = 0;
    for r in 0..4 {
        let (row, curve) = exp.run(r);
        let gens: Vec<u64> = curve.points.iter().map(|p| p.0).collect();
        assert_eq!(gens[0], 0);
        assert_eq!(*gens.last().unwrap(), row.generations, "run {r}: the last generation is kept");
        assert!(gens.windows(2).all(|w| w[0] < w[1]), "run {r}: increasing");
        assert!(curve.points.len() <= MAX_CURVE_POINTS + 1, "run {r}: {} points", curve.points.len());
        long = long.max(row.generations);
    }
    assert!(long > 2 * MAX_CURVE_POINTS as u64, "some run is long enough to be thinned ({long} generations)");
}

#[test]
fn a_page_s_game_and_its_size_give_the_sweep_s_template() {
    assert_eq!(
        template_of("game=subtraction&moves=1,2&heap=20", 20).as_deref(),
        Some("game=subtraction&moves=1,2&heap=N")
    );
    assert_eq!(template_of("game=chomp&rows=3&cols=3", 3).as_deref(), Some("game=chomp&rows=N&cols=N"));
    assert_eq!(
        template_of("game=sum&parts=nim(heaps=3)+chomp(rows=2;cols=4)", 4).as_deref(),
        Some("game=sum&parts=nim(heaps=3)+chomp(rows=2;cols=N)")
    );
    // Every item equal to the size becomes N, and N gives the game back.
    assert_eq!(template_of("game=nim&heaps=2,5,2", 2).as_deref(), Some("game=nim&heaps=N,5,N"));
    assert_eq!(template_of("game=subtraction&moves=1,2&heap=20", 7), None, "no value is 7");
    assert_eq!(template_of("game=nim&heaps=3", 0), None);
    assert_eq!(default_size("game=subtraction&moves=1,2&heap=20"), 20);
    assert_eq!(default_size("game=chomp&rows=3&cols=4"), 4);
    assert_eq!(default_size("game=graph&edges=a-b"), 0, "no number: 0");
    for spec in [
        "game=subtraction&moves=1,2&heap=20",
        "game=chomp&rows=2&cols=5",
        "game=silver-dollar&coins=2&squares=5",
    ] {
        let size = default_size(spec);
        assert_eq!(spec_for(&template_of(spec, size).unwrap(), size).unwrap(), spec);
    }
}

#[test]
fn bad_settings_are_refused_in_one_sentence() {
    let spec = "game=chomp&rows=3&cols=3";
    let refuse = |mu: &str, gamma: &str, engine: &str, budget: &str, seed: &str| {
        Experiment::new(spec, 3, mu, gamma, engine, budget, seed, &Limits::PAGE).err().unwrap().to_string()
    };
    assert!(refuse("0", "paper", "fast", "100", "1").contains("valid value for mu"));
    assert!(refuse("20", "0.9", "fast", "100", "1").contains("gamma"));
    assert!(refuse("20", "paper", "slow", "100", "1").contains("engine"));
    assert!(refuse("20", "paper", "fast", "10", "1").contains("below μ = 20: not even one generation fits"));
    assert!(refuse("20", "paper", "fast", "1000", "-1").contains("seed"));
    for message in [refuse("1", "0.1", "expected", "1000", "1"), refuse("x", "paper", "fast", "1", "1")] {
        assert_eq!(
            message.matches(". ").count() + message.matches(".\n").count(),
            0,
            "one sentence: {message}"
        );
        assert!(message.ends_with('.'));
    }
    assert!(experiment::parse_runs("0").is_err());
    assert!(experiment::parse_runs("1001").is_err());
    assert_eq!(experiment::parse_runs(" 1000 ").unwrap(), 1000);
    assert!(experiment::parse_size("-3").is_err());
}

#[test]
fn a_runtime_summary_is_checked_or_refused_in_one_sentence() {
    let rows = sweep_rows("game=chomp&rows=N&cols=N", 3, 10, "paper", Engine::Fast, 100_000, 5, 5);
    let summary = runtime::summarise(&rows).unwrap();
    // What `runtime --json` prints reads back as the same summary (the page parses it the same way).
    let json = serde_json::to_string(&summary).unwrap();
    let read: runtime::Summary = serde_json::from_str(&json).unwrap();
    assert_eq!(experiment::check_summary(read).unwrap(), summary);
    let refused = |s: runtime::Summary| experiment::check_summary(s).unwrap_err().to_string();
    let mut swapped = summary.clone();
    swapped.sizes[0].p10 = Some(u64::MAX);
    let mut orphan = summary.clone();
    orphan.series[0].mu_setting = "7".into();
    for (message, words) in [
        (refused(runtime::Summary { sizes: vec![], ..summary.clone() }), "holds no cells"),
        (refused(swapped), "out of order"),
        (refused(orphan), "name none of its cells"),
    ] {
        assert!(message.starts_with(experiment::NOT_A_SUMMARY) && message.contains(words), "{message}");
        assert!(message.ends_with('.'));
    }
}

#[test]
fn the_published_summaries_load_as_the_page_loads_them() {
    // docs/data was written before sweeps had learners: their lines are UMDA's.
    for name in
        ["chomp", "nim-grid", "silver-dollar", "subtraction-nim", "subtraction-nim-256", "turning-turtles"]
    {
        let path = format!("{}/docs/data/{name}.json", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let summary: runtime::Summary = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        let summary = experiment::check_summary(summary).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(summary.series.iter().all(|s| s.learner == "umda"), "{path}");
        assert_eq!(runtime::figure_series(&summary).len(), summary.series.len(), "{path}");
    }
}

#[test]
fn a_grid_s_cells_are_the_runtime_grid_s_cells_row_for_row() {
    // The page runs a μ × γ grid as one experiment per cell, each with the sweep's seed: run r
    // of every cell is seeded run_seed(S, N, r), as `runtime --mu 10,20 --gamma 0,0.03` seeds it.
    let template = "game=chomp&rows=N&cols=N";
    let spec = spec_for(template, 3).unwrap();
    let grid = experiment::ExperimentGrid::new(&spec, 3, "10, 20", "0,0.03", "99", "paper", 5, &Limits::PAGE)
        .unwrap();
    assert_eq!(grid.mus, ["10", "20"]);
    assert_eq!(grid.gammas, ["0", "0.03"]);
    let sweep = Grid {
        sizes: vec![3],
        learners: vec![runtime::Learner::UMDA],
        mus: vec![MuSetting::Fixed(10), MuSetting::Fixed(20)],
        gammas: vec![GammaSetting::Fixed(0.0), GammaSetting::Fixed(0.03)],
        runs: 5,
        knobs: Default::default(),
    };
    let prepare = |n| runtime::prepare(template, n, &Limits::DEFAULT);
    let cli = runtime::sweep(&sweep, prepare, Shard::ALL, Engine::Fast, 100_000, 7, |_| {}).unwrap();
    for mu in &grid.mus {
        for gamma in &grid.gammas {
            let page = experiment_rows(template, 3, mu.parse().unwrap(), gamma, "fast", 100_000, 7, 5);
            let cell: Vec<_> = cli
                .iter()
                .filter(|r| r.mu.to_string() == *mu && r.gamma == gamma.parse::<f64>().unwrap())
                .cloned()
                .collect();
            assert_eq!(page, cell, "μ = {mu}, γ = {gamma}");
        }
    }
    // Empty axes are the page's own μ and γ.
    let one = experiment::ExperimentGrid::new(&spec, 3, "", " ", "30", "paper", 5, &Limits::PAGE).unwrap();
    assert_eq!((one.mus, one.gammas), (vec!["30".to_string()], vec!["paper".to_string()]));
}

#[test]
fn a_grid_over_the_limits_or_with_a_bad_value_is_one_sentence_before_any_run() {
    let spec = "game=chomp&rows=3&cols=3";
    let grid = |mus: &str, gammas: &str, runs: u32| {
        experiment::ExperimentGrid::new(spec, 3, mus, gammas, "20", "paper", runs, &Limits::PAGE)
            .map_err(|e| e.to_string())
    };
    assert_eq!(
        grid("10,20,30", "0,0.01,0.02,0.03", 100).unwrap_err(),
        "A grid of 3 μ × 4 γ with R = 100 makes 1,200 runs, more than the 1,000 the page makes in one experiment: list fewer values or take a smaller R, or run the grid with impartial runtime."
    );
    assert!(grid("10,20,30", "0,0.01,0.02,0.03", 83).is_ok(), "996 runs are within the limit");
    let eleven = (1..=11).map(|m| m.to_string()).collect::<Vec<_>>().join(",");
    assert_eq!(
        grid(&eleven, "", 1).unwrap_err(),
        "The grid takes at most 10 values of μ: list fewer, or sweep them with impartial runtime."
    );
    assert_eq!(
        grid("10,10", "", 1).unwrap_err(),
        "The μ 10 is listed twice in the grid; list each value once."
    );
    assert_eq!(
        grid("", "0.010,0.01", 1).unwrap_err(),
        "The γ 0.01 is listed twice in the grid; list each value once."
    );
    for (mus, gammas, says) in
        [("0", "", "mu"), ("10,x", "", "mu"), ("", "0,0.5", "1/Δ"), ("", "0,,", "gamma")]
    {
        let err = grid(mus, gammas, 1).unwrap_err();
        assert!(err.contains(says) && !err.contains('\n'), "{mus} × {gammas}: {err}");
    }
}
