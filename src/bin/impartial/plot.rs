//! `impartial runtime --plot FILE.svg`: the figure of a sweep's summary (issue 13, item 2).
//!
//! Median T against positions n on log–log axes, one line per (μ, γ) series with its
//! 10th–90th percentile band; a cell with unfinished runs gets a triangle at the budget; the
//! slope of Corollary 5.3's bound (Props 6.1–6.4) is drawn through the first median for
//! comparison. A grid over several μ and several γ adds a heat map of median T per size (the
//! three largest), unfinished cells grey and crossed.
//!
//! Drawn with `plotters`' SVG backend only: text is written as SVG `<text>` and laid out by
//! the viewer, so no font or system library is needed. The plotted values are also written into
//! the SVG's `<metadata id="impartial-runtime">` as JSON, so a reader (or a test) can check the
//! picture against the summary. The file is written to a temporary file in the same directory
//! and renamed, so a failed run leaves no partial figure.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use impartial::error::quoted;
use impartial::learn::runtime::{figure_series, rules_only, CellSummary, FigureSeries as Series, Summary, NO_SETTING};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde_json::json;

/// Where the figure goes, checked writable before the sweep runs.
pub struct Target {
    path: PathBuf,
    temp: PathBuf,
}

/// Refuses a path the figure cannot be written to, before anything runs: not ending in .svg,
/// a directory, or in a directory where no file can be created.
pub fn check_target(path: &str) -> Result<Target, String> {
    let p = Path::new(path);
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if !name.to_ascii_lowercase().ends_with(".svg") || name.len() <= 4 {
        return Err(format!(
            "{} is not a valid value for plot: a file name ending in .svg (the figure is SVG).",
            quoted(path)
        ));
    }
    if p.is_dir() {
        return Err(format!("Cannot write the figure to {}: it is a directory.", quoted(path)));
    }
    let dir = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    // Creating (and removing) the temporary file proves the directory takes new files.
    match std::fs::OpenOptions::new().write(true).create_new(true).open(&temp) {
        Ok(_) => {
            let _ = std::fs::remove_file(&temp);
        }
        Err(e) => {
            return Err(format!("Cannot write the figure to {}: {}.", quoted(path), io_words(&e)));
        }
    }
    if p.exists() && std::fs::metadata(p).is_ok_and(|m| m.permissions().readonly()) {
        return Err(format!("Cannot write the figure to {}: the file is read-only.", quoted(path)));
    }
    Ok(Target { path: p.to_path_buf(), temp })
}

fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "its directory does not exist".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

/// Draws the figure and puts it at the target's path (temporary file, then rename).
pub fn write(target: &Target, summary: &Summary, title: &str) -> Result<(), String> {
    let svg = render(summary, title)?;
    let written =
        std::fs::write(&target.temp, svg).and_then(|()| std::fs::rename(&target.temp, &target.path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&target.temp);
        format!("Cannot write the figure to {}: {}.", quoted(&target.path.to_string_lossy()), io_words(&e))
    })
}

/// The id of the metadata element that carries the plotted values.
pub const METADATA_ID: &str = "impartial-runtime";

/// The radius of a median's marker (a circle; nothing else in the figure is a circle).
const MARKER: i32 = 4;

/// 1,234 → "1234", 2.5e6 → "2.5e6": short tick labels.
fn short(v: f64) -> String {
    if v >= 1e4 {
        let e = v.log10().floor() as i32;
        let m = v / 10f64.powi(e);
        if (m - m.round()).abs() < 0.05 {
            format!("{}e{e}", m.round())
        } else {
            format!("{m:.1}e{e}")
        }
    } else if v >= 1.0 {
        format!("{}", v.round())
    } else {
        format!("{v:.2}")
    }
}

/// The SVG text of the figure.
pub fn render(summary: &Summary, title: &str) -> Result<String, String> {
    let series = figure_series(summary);
    // The μ × γ grid is UMDA's: a rule's cells (no μ or γ) are not on it.
    let umda = || summary.sizes.iter().filter(|c| c.mu_setting != NO_SETTING);
    let mus: Vec<&str> = distinct(umda().map(|c| c.mu_setting.as_str()));
    let gammas: Vec<&str> = distinct(umda().map(|c| c.gamma_setting.as_str()));
    let heat = mus.len() > 1 && gammas.len() > 1;
    let (width, height) = (960u32, if heat { 1000 } else { 640 });
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_error)?;
        if heat {
            let (upper, lower) = root.split_vertically(640);
            draw_lines(&upper, summary, &series, title)?;
            draw_heat(&lower, summary, &mus, &gammas)?;
        } else {
            draw_lines(&root, summary, &series, title)?;
        }
        root.present().map_err(draw_error)?;
    }
    let data = json!({
        "title": title,
        "heat_map": heat,
        "cells": summary.sizes.iter().map(|c| json!({
            "size": c.size,
            "positions": c.positions,
            "learner": c.learner,
            "mu_setting": c.mu_setting,
            "gamma_setting": c.gamma_setting,
            "mu": c.mu,
            "gamma": c.gamma,
            "median": c.median,
            "p10": c.p10,
            "p90": c.p90,
            "runs": c.runs,
            "finished": c.finished,
        })).collect::<Vec<_>>(),
    });
    let data = data.to_string().replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    let at = svg
        .find("<svg")
        .and_then(|s| svg[s..].find('>').map(|e| s + e + 1))
        .ok_or("The figure has no <svg> element.")?;
    svg.insert_str(at, &format!("\n<metadata id=\"{METADATA_ID}\">{data}</metadata>"));
    Ok(svg)
}

fn distinct<'a>(items: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

fn draw_error(e: impl std::fmt::Display) -> String {
    format!("Could not draw the figure: {e}.")
}

fn draw_lines(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    summary: &Summary,
    series: &[Series<'_>],
    title: &str,
) -> Result<(), String> {
    let cells = &summary.sizes;
    let budget = cells.iter().map(|c| c.max_games).max().unwrap_or(1) as f64;
    let unfinished = cells.iter().any(|c| c.finished < c.runs);
    let ns: Vec<f64> = cells.iter().map(|c| c.positions as f64).collect();
    let (nmin, nmax) = ns.iter().fold((f64::MAX, 0f64), |(a, b), &n| (a.min(n), b.max(n)));
    let (x0, x1) = if nmin < nmax { (nmin / 1.25, nmax * 1.25) } else { (nmin / 2.0, nmax * 2.0) };
    let ts: Vec<f64> = cells
        .iter()
        .flat_map(|c| [c.p10, c.median, c.p90])
        .flatten()
        .map(|t| t as f64)
        .chain(unfinished.then_some(budget))
        .collect();
    let (tmin, tmax) = ts.iter().fold((f64::MAX, 0f64), |(a, b), &t| (a.min(t), b.max(t)));
    let (y0, y1) = if ts.is_empty() { (1.0, budget * 2.0) } else { ((tmin / 2.0).max(0.5), tmax * 2.0) };
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 17))
        .margin(14)
        .x_label_area_size(44)
        .y_label_area_size(70)
        .build_cartesian_2d((x0..x1).log_scale(), (y0..y1).log_scale())
        .map_err(draw_error)?;
    chart
        .configure_mesh()
        .x_desc("positions n (log scale)")
        .y_desc(match (rules_only(summary), summary.series.iter().any(|s| s.mu_setting == NO_SETTING)) {
            (true, _) => "T: plays until the learner's strategy is optimal (log scale)",
            (false, true) => "T: games until an optimal strategy is learned (log scale)",
            _ => "T: games until an optimal strategy is among the winners (log scale)",
        })
        .x_label_formatter(&|v| short(*v))
        .y_label_formatter(&|v| short(*v))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(draw_error)?;
    for (i, s) in series.iter().enumerate() {
        let color = Palette99::pick(i).to_rgba();
        // The 10th–90th percentile band; a 90th past the budget is drawn up to the budget.
        let band: Vec<(f64, f64, f64)> = s
            .cells
            .iter()
            .filter_map(|c| Some((c.positions as f64, c.p10? as f64, c.p90.map_or(budget, |t| t as f64))))
            .collect();
        if band.len() >= 2 {
            let outline: Vec<(f64, f64)> =
                band.iter().map(|b| (b.0, b.2)).chain(band.iter().rev().map(|b| (b.0, b.1))).collect();
            chart
                .draw_series(std::iter::once(Polygon::new(outline, color.mix(0.15).filled())))
                .map_err(draw_error)?;
        } else {
            chart
                .draw_series(
                    band.iter().map(|b| {
                        PathElement::new(vec![(b.0, b.1), (b.0, b.2)], color.mix(0.4).stroke_width(6))
                    }),
                )
                .map_err(draw_error)?;
        }
        let medians: Vec<(f64, f64)> =
            s.cells.iter().filter_map(|c| Some((c.positions as f64, c.median? as f64))).collect();
        chart
            .draw_series(LineSeries::new(medians.clone(), color.stroke_width(2)))
            .map_err(draw_error)?
            .label(s.label.clone())
            .legend(move |(x, y)| Rectangle::new([(x, y - 4), (x + 16, y + 4)], color.filled()));
        chart
            .draw_series(medians.iter().map(|&p| Circle::new(p, MARKER, color.filled())))
            .map_err(draw_error)?;
        // Unfinished runs: a triangle at the budget with how many.
        for c in s.cells.iter().filter(|c| c.finished < c.runs) {
            let at = (c.positions as f64, budget);
            chart
                .draw_series(std::iter::once(TriangleMarker::new(at, 7, color.filled())))
                .map_err(draw_error)?;
            chart
                .draw_series(std::iter::once(Text::new(
                    format!("{}/{} unfinished ", c.runs - c.finished, c.runs),
                    at,
                    ("sans-serif", 11).into_font().color(&color).pos(Pos::new(HPos::Right, VPos::Bottom)),
                )))
                .map_err(draw_error)?;
        }
    }
    if unfinished {
        chart
            .draw_series(DashedLineSeries::new(
                vec![(x0, budget), (x1, budget)],
                2,
                4,
                BLACK.mix(0.5).stroke_width(1),
            ))
            .map_err(draw_error)?
            .label(format!("the budget, {} games (▲ cells with unfinished runs)", short(budget)))
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], BLACK.mix(0.5)));
    }
    // The proven bound's slope, through the first series' first median.
    let anchor = series.iter().find_map(|s| {
        let b = s.bound_slope?;
        let c = s.cells.iter().find(|c| c.median.is_some())?;
        Some((b, c.positions as f64, c.median? as f64))
    });
    if let Some((b, n0, t0)) = anchor {
        // Up to the right edge, or to the top edge where the line leaves the chart first.
        let n1 = if b > 0.0 { x1.min(n0 * (y1 / t0).powf(1.0 / b)) } else { x1 };
        let t1 = t0 * (n1 / n0).powf(b);
        chart
            .draw_series(DashedLineSeries::new(vec![(n0, t0), (n1, t1)], 8, 5, BLACK.stroke_width(1)))
            .map_err(draw_error)?
            .label(format!("slope {b:.2} of Corollary 5.3's bound (Props 6.1–6.4), through the first median"))
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], BLACK));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .label_font(("sans-serif", 12))
        .draw()
        .map_err(draw_error)?;
    Ok(())
}

/// Heat maps of median T over the μ × γ grid, one per size (the three largest).
fn draw_heat(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    summary: &Summary,
    mus: &[&str],
    gammas: &[&str],
) -> Result<(), String> {
    let mut sizes: Vec<(usize, u64)> = Vec::new();
    for c in &summary.sizes {
        if !sizes.contains(&(c.positions, c.size)) {
            sizes.push((c.positions, c.size));
        }
    }
    sizes.sort_unstable();
    let shown = &sizes[sizes.len().saturating_sub(3)..];
    let cell: HashMap<(u64, &str, &str), &CellSummary> = summary
        .sizes
        .iter()
        .map(|c| ((c.size, c.mu_setting.as_str(), c.gamma_setting.as_str()), c))
        .collect();
    let logs: Vec<f64> =
        summary.sizes.iter().filter_map(|c| Some((c.median? as f64).max(1.0).log10())).collect();
    let (lo, hi) = logs.iter().fold((f64::MAX, f64::MIN), |(a, b), &l| (a.min(l), b.max(l)));
    let panels = area.split_evenly((1, shown.len()));
    for (panel, &(positions, size)) in panels.iter().zip(shown) {
        let (g, m) = (gammas.len() as i32, mus.len() as i32);
        let mut chart = ChartBuilder::on(panel)
            .caption(format!("median T at N = {size} (n = {positions})"), ("sans-serif", 14))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            // An i32 range is inclusive in plotters: 0..g−1 makes g segments.
            .build_cartesian_2d((0..g - 1).into_segmented(), (0..m - 1).into_segmented())
            .map_err(draw_error)?;
        let label = |axis: &[&str], v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                axis.get(*i as usize).map_or(String::new(), |s| s.to_string())
            }
            SegmentValue::Last => String::new(),
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("γ")
            .y_desc("μ")
            .x_labels(gammas.len())
            .y_labels(mus.len())
            .x_label_formatter(&|v| label(gammas, v))
            .y_label_formatter(&|v| label(mus, v))
            .draw()
            .map_err(draw_error)?;
        for (j, mu) in mus.iter().enumerate() {
            for (i, gamma) in gammas.iter().enumerate() {
                let Some(c) = cell.get(&(size, *mu, *gamma)) else { continue };
                let (i, j) = (i as i32, j as i32);
                let corners = [
                    (SegmentValue::Exact(i), SegmentValue::Exact(j)),
                    (SegmentValue::Exact(i + 1), SegmentValue::Exact(j + 1)),
                ];
                let centre = (SegmentValue::CenterOf(i), SegmentValue::CenterOf(j));
                let (fill, text) = match c.median {
                    Some(t) => {
                        let h = if hi > lo { ((t as f64).max(1.0).log10() - lo) / (hi - lo) } else { 0.5 };
                        (ViridisRGB::get_color(h).to_rgba(), short(t as f64))
                    }
                    None => (RGBAColor(200, 200, 200, 1.0), "× >budget".to_string()),
                };
                chart
                    .draw_series(std::iter::once(Rectangle::new(corners, fill.filled())))
                    .map_err(draw_error)?;
                let text_color =
                    if c.median.is_some_and(|t| hi > lo && ((t as f64).log10() - lo) / (hi - lo) > 0.6) {
                        BLACK
                    } else if c.median.is_some() {
                        WHITE
                    } else {
                        BLACK
                    };
                chart
                    .draw_series(std::iter::once(Text::new(
                        text,
                        centre,
                        ("sans-serif", 12)
                            .into_font()
                            .color(&text_color)
                            .pos(Pos::new(HPos::Center, VPos::Center)),
                    )))
                    .map_err(draw_error)?;
            }
        }
    }
    Ok(())
}
