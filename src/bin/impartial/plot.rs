//! `impartial runtime --plot FILE.svg`: the figure of a sweep's summary, sized for a paper's
//! single column (8.5 cm; drawn 400 px wide, so 12 px text prints at about 7.5 pt).
//!
//! A sweep of a few series (learners, or a few μ or γ): median T against positions n on log–log
//! axes, one line per series with its 10th–90th percentile band, told apart by colour, dash and
//! marker (so it reads in greyscale); a cell with unfinished runs gets a triangle at the budget
//! with how many (k/R);
//! the slope of Corollary 5.3's bound (Props 6.1–6.4) is drawn through the first median. The
//! legend is under the axes, never over the data. A μ × γ grid (or more than four series) is
//! drawn as heat maps instead, one per size stacked: median T over μ (rows) × γ (columns),
//! written in each cell, on a colour scale light with T, with its key underneath; a median past
//! the budget is a hatched white cell, and a cell where some runs did not finish gives
//! finished/runs.
//!
//! Drawn with `plotters`' SVG backend only: text is written as SVG `<text>` and laid out by
//! the viewer, so no font or system library is needed. The plotted values are also written into
//! the SVG's `<metadata id="impartial-runtime">` as JSON, so a reader (or a test) can check the
//! picture against the summary. The file is written to a temporary file in the same directory
//! and renamed, so a failed run leaves no partial figure.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use impartial::error::quoted;
use impartial::learn::runtime::{
    figure_series, rules_only, CellSummary, FigureSeries as Series, Summary, NO_SETTING,
};
use impartial::InputError;
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
pub fn check_target(path: &str) -> Result<Target, InputError> {
    let p = Path::new(path);
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if !name.to_ascii_lowercase().ends_with(".svg") || name.len() <= 4 {
        return Err(format!(
            "{} is not a valid value for plot: a file name ending in .svg (the figure is SVG).",
            quoted(path)
        )
        .into());
    }
    if p.is_dir() {
        return Err(format!("Cannot write the figure to {}: it is a directory.", quoted(path)).into());
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
            return Err(format!("Cannot write the figure to {}: {}.", quoted(path), io_words(&e)).into());
        }
    }
    if p.exists() && std::fs::metadata(p).is_ok_and(|m| m.permissions().readonly()) {
        return Err(format!("Cannot write the figure to {}: the file is read-only.", quoted(path)).into());
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
pub fn write(target: &Target, summary: &Summary, title: &str) -> Result<(), InputError> {
    let svg = render(summary, title)?;
    let written =
        std::fs::write(&target.temp, svg).and_then(|()| std::fs::rename(&target.temp, &target.path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&target.temp);
        format!("Cannot write the figure to {}: {}.", quoted(&target.path.to_string_lossy()), io_words(&e))
            .into()
    })
}

/// The id of the metadata element that carries the plotted values.
pub const METADATA_ID: &str = "impartial-runtime";

/// The radius of a median's marker (a circle; no other circle in the figure has this radius).
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
pub fn render(summary: &Summary, title: &str) -> Result<String, InputError> {
    let series = figure_series(summary);
    // The μ × γ grid is UMDA's: a rule's cells (no μ or γ) are not on it.
    let umda_only = !summary.sizes.iter().any(|c| c.mu_setting == NO_SETTING);
    let mus: Vec<String> = distinct(summary.sizes.iter().map(mu_label));
    let gammas: Vec<String> = distinct(summary.sizes.iter().map(gamma_label));
    let heat = umda_only && ((mus.len() > 1 && gammas.len() > 1) || series.len() > MAX_LINES);
    let sizes = sizes_of(summary);
    let height = title_height(title)
        + if heat {
            heat_height(&sizes, mus.len())
        } else {
            LINES_HEIGHT + LEGEND_ROW * legend_rows(summary, &series)
        };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_error)?;
        let (head, body) = root.split_vertically(title_height(title));
        draw_title(&head, title)?;
        if heat {
            draw_heat(&body, summary, &sizes, &mus, &gammas)?;
        } else {
            draw_lines(&body, summary, &series)?;
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

/// The figure's width in px: a single column (8.5 cm) at about 1.2 px per pt.
const WIDTH: u32 = 400;
/// The height of the lines figure's title and axes, without the legend.
const LINES_HEIGHT: u32 = 330;
/// One legend row.
const LEGEND_ROW: u32 = 17;
/// The title's line: at most this many characters, this high.
const TITLE_CHARS: usize = 60;
const TITLE_LINE: u32 = 14;
/// More series than this are a grid: heat maps, not lines.
const MAX_LINES: usize = 4;
/// Text sizes in px: tick labels and legend, axis titles, the title.
const SMALL: u32 = 11;
const TEXT: u32 = 12;

/// Okabe–Ito colours (told apart with colour blindness); series also differ in dash and marker.
const COLOURS: [RGBColor; 4] =
    [RGBColor(0, 114, 178), RGBColor(213, 94, 0), RGBColor(0, 158, 115), RGBColor(204, 121, 167)];

/// A cell's μ as the grid names it (its value, in a table written before settings were kept).
fn mu_label(c: &CellSummary) -> String {
    if c.mu_setting.is_empty() {
        c.mu.to_string()
    } else {
        c.mu_setting.clone()
    }
}

/// A cell's γ as the grid names it.
fn gamma_label(c: &CellSummary) -> String {
    if c.gamma_setting.is_empty() {
        format!("{:.3e}", c.gamma)
    } else {
        c.gamma_setting.clone()
    }
}

/// The items in order of first appearance; a set keeps it linear for 100,000 labels.
fn distinct(items: impl Iterator<Item = String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    items.filter(|item| seen.insert(item.clone())).collect()
}

/// The sweep's sizes as (positions, N), in increasing order.
fn sizes_of(summary: &Summary) -> Vec<(usize, u64)> {
    let mut sizes: Vec<(usize, u64)> = Vec::new();
    for c in &summary.sizes {
        if !sizes.contains(&(c.positions, c.size)) {
            sizes.push((c.positions, c.size));
        }
    }
    sizes.sort_unstable();
    sizes
}

/// The title in lines of at most `TITLE_CHARS` characters, broken at spaces.
fn title_lines(title: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in title.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= TITLE_CHARS => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The height the title takes.
fn title_height(title: &str) -> u32 {
    6 + TITLE_LINE * title_lines(title).len() as u32
}

/// Draws the title, centred, from the top of `area`.
fn draw_title(area: &DrawingArea<SVGBackend<'_>, Shift>, title: &str) -> Result<(), InputError> {
    for (i, line) in title_lines(title).into_iter().enumerate() {
        area.draw(&Text::new(
            line,
            (WIDTH as i32 / 2, 4 + (TITLE_LINE as i32) * i as i32),
            font(SMALL).pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(draw_error)?;
    }
    Ok(())
}

fn draw_error(e: impl std::fmt::Display) -> String {
    format!("Could not draw the figure: {e}.")
}

fn font(size: u32) -> TextStyle<'static> {
    ("sans-serif", size).into_font().color(&BLACK)
}

/// Tick values for a log axis from lo to hi: powers of ten, with 2× and 5× them when the
/// range spans less than two decades, so that every axis has at least two labelled ticks.
fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let decades = (hi / lo).log10();
    let mults: &[f64] = if decades < 1.2 {
        &[1.0, 1.5, 2.0, 3.0, 5.0, 7.0]
    } else if decades < 2.5 {
        &[1.0, 2.0, 5.0]
    } else {
        &[1.0]
    };
    let mut ticks = Vec::new();
    let step = if decades > 8.0 { 2 } else { 1 };
    let mut e = lo.log10().floor() as i32;
    while e <= hi.log10().ceil() as i32 {
        for m in mults {
            let t = m * 10f64.powi(e);
            if t >= lo && t <= hi {
                ticks.push(t);
            }
        }
        e += step;
    }
    ticks
}

/// The line style of series i: (colour, dash on/off in px or none, filled marker).
fn line_style(i: usize) -> (RGBColor, Option<(u32, u32)>, bool) {
    let dash = [None, Some((7, 4)), Some((2, 3)), Some((10, 3))][i % 4];
    (COLOURS[i % COLOURS.len()], dash, i.is_multiple_of(2))
}

/// Whether some series has a percentile band to draw (a cell with a finite 10th percentile).
fn has_band(series: &[Series<'_>]) -> bool {
    series.iter().any(|s| s.cells.iter().any(|c| c.p10.is_some()))
}

/// A legend row of the lines figure: label, colour, dash, marker (filled or not), and whether
/// its sample is a band.
type LegendRow = (String, RGBColor, Option<(u32, u32)>, Option<bool>, bool);

fn legend_rows(summary: &Summary, series: &[Series<'_>]) -> u32 {
    let unfinished = summary.sizes.iter().any(|c| c.finished < c.runs);
    let bound = series.iter().any(|s| s.bound_slope.is_some());
    series.len() as u32 + u32::from(has_band(series)) + u32::from(unfinished) + u32::from(bound)
}

fn draw_lines(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    summary: &Summary,
    series: &[Series<'_>],
) -> Result<(), InputError> {
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
    // x ticks: the measured sizes' n when there are few, else round values.
    let mut measured: Vec<f64> = ns.clone();
    measured.sort_by(f64::total_cmp);
    measured.dedup();
    let x_ticks = if measured.len() <= 8 { measured } else { log_ticks(x0, x1) };
    let y_ticks = log_ticks(y0, y1);
    let (chart_area, legend_area) = area.split_vertically(LINES_HEIGHT);
    let mut chart = ChartBuilder::on(&chart_area)
        .margin_top(8)
        .margin_right(14)
        .margin_left(4)
        .x_label_area_size(38)
        .y_label_area_size(54)
        .build_cartesian_2d(
            (x0..x1).log_scale().with_key_points(x_ticks),
            (y0..y1).log_scale().with_key_points(y_ticks),
        )
        .map_err(draw_error)?;
    let rules = rules_only(summary);
    chart
        .configure_mesh()
        .x_desc("positions n (log scale)")
        .y_desc(if rules { "median T, plays (log scale)" } else { "median T, games (log scale)" })
        .axis_desc_style(font(TEXT))
        .label_style(font(SMALL))
        .x_label_formatter(&|v| short(*v))
        .y_label_formatter(&|v| short(*v))
        .bold_line_style(BLACK.mix(0.08))
        .light_line_style(WHITE.mix(0.0))
        .axis_style(BLACK.mix(0.8))
        .draw()
        .map_err(draw_error)?;
    let mut legend: Vec<LegendRow> = Vec::new();
    for (i, s) in series.iter().enumerate() {
        let (color, dash, filled) = line_style(i);
        // The 10th–90th percentile band; a 90th past the budget is drawn up to the budget.
        let band: Vec<(f64, f64, f64)> = s
            .cells
            .iter()
            .filter_map(|c| {
                Some((
                    c.positions as f64,
                    (c.p10? as f64).max(y0),
                    c.p90.map_or(budget, |t| t as f64).max(y0),
                ))
            })
            .collect();
        if band.len() >= 2 {
            let outline: Vec<(f64, f64)> =
                band.iter().map(|b| (b.0, b.2)).chain(band.iter().rev().map(|b| (b.0, b.1))).collect();
            chart
                .draw_series(std::iter::once(Polygon::new(outline, color.mix(0.12).filled())))
                .map_err(draw_error)?;
        } else {
            chart
                .draw_series(
                    band.iter().map(|b| {
                        PathElement::new(vec![(b.0, b.1), (b.0, b.2)], color.mix(0.35).stroke_width(6))
                    }),
                )
                .map_err(draw_error)?;
        }
        let medians: Vec<(f64, f64)> =
            // A T of 0 (no log) is drawn at the axis' foot.
            s.cells.iter().filter_map(|c| Some((c.positions as f64, (c.median? as f64).max(y0)))).collect();
        let stroke = color.stroke_width(2);
        match dash {
            None => {
                chart.draw_series(LineSeries::new(medians.clone(), stroke)).map_err(draw_error)?;
            }
            Some((on, off)) => {
                chart
                    .draw_series(DashedLineSeries::new(medians.clone(), on, off, stroke))
                    .map_err(draw_error)?;
            }
        }
        let marker = if filled { color.filled() } else { WHITE.filled() };
        chart.draw_series(medians.iter().map(|&p| Circle::new(p, MARKER, marker))).map_err(draw_error)?;
        if !filled {
            chart
                .draw_series(medians.iter().map(|&p| Circle::new(p, MARKER, color.stroke_width(2))))
                .map_err(draw_error)?;
        }
        // Unfinished runs: a triangle at the budget with how many.
        for c in s.cells.iter().filter(|c| c.finished < c.runs) {
            let at = (c.positions as f64, budget);
            chart
                .draw_series(std::iter::once(TriangleMarker::new(at, 6, color.filled())))
                .map_err(draw_error)?;
            // k/R above the triangle (short, so neighbouring sizes' counts do not overlap), each
            // series' count on a line of its own.
            chart
                .draw_series(std::iter::once(
                    EmptyElement::at(at)
                        + Text::new(
                            format!("{}/{}", c.runs - c.finished, c.runs),
                            (0, -7 - 11 * i as i32),
                            ("sans-serif", 10)
                                .into_font()
                                .color(&color)
                                .pos(Pos::new(HPos::Center, VPos::Bottom)),
                        ),
                ))
                .map_err(draw_error)?;
        }
        legend.push((s.label.clone(), color, dash, Some(filled), false));
    }
    // The shaded band is named too, so the figure reads without its caption.
    if has_band(series) {
        let (label, color) = if series.len() == 1 {
            ("shaded: 10th–90th percentile of T", line_style(0).0)
        } else {
            ("shaded: each series' 10th–90th percentile of T", RGBColor(110, 110, 110))
        };
        legend.push((label.to_string(), color, None, None, true));
    }
    if unfinished {
        chart
            .draw_series(DashedLineSeries::new(
                vec![(x0, budget), (x1, budget)],
                2,
                4,
                BLACK.mix(0.6).stroke_width(1),
            ))
            .map_err(draw_error)?;
        legend.push((
            format!("budget, {} games (▲ k/R: k of R runs unfinished)", short(budget)),
            RGBColor(110, 110, 110),
            Some((2, 4)),
            None,
            false,
        ));
    }
    // The proven bound's slope, through the first series' first median.
    let anchor = series.iter().find_map(|s| {
        let b = s.bound_slope?;
        let c = s.cells.iter().find(|c| c.median.is_some())?;
        Some((b, c.positions as f64, c.median? as f64))
    });
    if let Some((b, n0, t0)) = anchor {
        // A median of 0 (a rule learner's initial strategy already optimal) sits at the foot.
        let t0 = t0.clamp(y0, y1);
        // Up to the right edge, or to the top or bottom edge where the line leaves the chart
        // first; a hostile slope (±1e300) ends at once, clamped to the chart, never ±∞ or NaN.
        let n1 = match b {
            b if b > 0.0 => x1.min(n0 * (y1 / t0).powf(1.0 / b)),
            b if b < 0.0 => x1.min(n0 * (y0 / t0).powf(1.0 / b)),
            _ => x1,
        };
        let n1 = if n1.is_finite() { n1.clamp(n0, x1) } else { n0 };
        let t1 = (t0 * (n1 / n0).powf(b)).clamp(y0, y1);
        let t1 = if t1.is_finite() { t1 } else { t0 };
        chart
            .draw_series(DashedLineSeries::new(vec![(n0, t0), (n1, t1)], 8, 5, BLACK.stroke_width(1)))
            .map_err(draw_error)?;
        legend.push((
            format!("slope {b:.2} of Corollary 5.3's bound, through the first median"),
            BLACK,
            Some((8, 5)),
            None,
            false,
        ));
    }
    // The legend, under the axes: a sample of each line, then its words.
    for (row, (label, color, dash, marker, band)) in legend.iter().enumerate() {
        let y = 8 + row as i32 * LEGEND_ROW as i32;
        let (x0, x1) = (58, 86);
        let style = color.stroke_width(2);
        match dash {
            _ if *band => {
                // The band's fill as drawn, with a faint edge so it shows on white paper.
                legend_area
                    .draw(&Rectangle::new([(x0, y - 5), (x1, y + 5)], color.mix(0.12).filled()))
                    .and_then(|()| {
                        legend_area.draw(&Rectangle::new([(x0, y - 5), (x1, y + 5)], color.mix(0.3)))
                    })
            }
            None => legend_area.draw(&PathElement::new(vec![(x0, y), (x1, y)], style)),
            Some((on, off)) => {
                let mut x = x0;
                while x < x1 {
                    let end = (x + *on as i32).min(x1);
                    legend_area.draw(&PathElement::new(vec![(x, y), (end, y)], style)).map_err(draw_error)?;
                    x = end + *off as i32;
                }
                Ok(())
            }
        }
        .map_err(draw_error)?;
        if let Some(filled) = marker {
            let fill = if *filled { color.filled() } else { WHITE.filled() };
            // A legend's marker is a size smaller, so that only the medians are circles of MARKER.
            legend_area.draw(&Circle::new(((x0 + x1) / 2, y), MARKER - 1, fill)).map_err(draw_error)?;
            if !filled {
                legend_area
                    .draw(&Circle::new(((x0 + x1) / 2, y), MARKER - 1, color.stroke_width(2)))
                    .map_err(draw_error)?;
            }
        }
        legend_area
            .draw(&Text::new(label.clone(), (x1 + 6, y), font(SMALL).pos(Pos::new(HPos::Left, VPos::Center))))
            .map_err(draw_error)?;
    }
    Ok(())
}

/// Layout of the heat maps, in px.
const HEAT_PANEL_TOP: u32 = 18;
const HEAT_ROW: u32 = 26;
const HEAT_PANEL_BOTTOM: u32 = 40;
const HEAT_KEY: u32 = 72;
const HEAT_LEFT: i32 = 74;
const HEAT_RIGHT: i32 = 12;

fn heat_height(sizes: &[(usize, u64)], mus: usize) -> u32 {
    sizes.len() as u32 * (HEAT_PANEL_TOP + mus as u32 * HEAT_ROW + HEAT_PANEL_BOTTOM) + HEAT_KEY
}

/// The colour of a median at h in [0, 1] of the log scale: viridis, whose lightness grows with
/// h, so the order reads in greyscale too.
fn heat_colour(h: f64) -> RGBColor {
    let c = ViridisRGB::get_color(h.clamp(0.0, 1.0));
    RGBColor(c.0, c.1, c.2)
}

/// Heat maps of median T over the μ × γ grid, one per size, stacked, with the colour key.
fn draw_heat(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    summary: &Summary,
    sizes: &[(usize, u64)],
    mus: &[String],
    gammas: &[String],
) -> Result<(), InputError> {
    let cell: HashMap<(u64, String, String), &CellSummary> =
        summary.sizes.iter().map(|c| ((c.size, mu_label(c), gamma_label(c)), c)).collect();
    let logs: Vec<f64> =
        summary.sizes.iter().filter_map(|c| Some((c.median? as f64).max(1.0).log10())).collect();
    let (mut lo, mut hi) = logs.iter().fold((f64::MAX, f64::MIN), |(a, b), &l| (a.min(l), b.max(l)));
    if logs.is_empty() {
        (lo, hi) = (0.0, 1.0);
    } else if hi - lo < 1e-9 {
        (lo, hi) = (lo - 0.5, hi + 0.5);
    }
    let scale = |t: u64| ((t as f64).max(1.0).log10() - lo) / (hi - lo);
    let width = WIDTH as i32;
    let (left, right) = (HEAT_LEFT, width - HEAT_RIGHT);
    let cw = (right - left) as f64 / gammas.len() as f64;
    let rh = HEAT_ROW as i32;
    let mut top = 0;
    for &(positions, size) in sizes {
        let grid_top = top + HEAT_PANEL_TOP as i32;
        let grid_bottom = grid_top + rh * mus.len() as i32;
        area.draw(&Text::new(
            format!("N = {size} ({positions} positions)"),
            ((left + right) / 2, top + 2),
            font(TEXT).pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(draw_error)?;
        for (j, mu) in mus.iter().enumerate() {
            let y = grid_top + rh * j as i32;
            area.draw(&Text::new(
                mu.clone(),
                (left - 5, y + rh / 2),
                font(SMALL).pos(Pos::new(HPos::Right, VPos::Center)),
            ))
            .map_err(draw_error)?;
            for (i, gamma) in gammas.iter().enumerate() {
                let x = left + (cw * i as f64).round() as i32;
                let x_end = left + (cw * (i + 1) as f64).round() as i32;
                let Some(c) = cell.get(&(size, mu.clone(), gamma.clone())) else { continue };
                let (cx, cy) = ((x + x_end) / 2, y + rh / 2);
                let partial = (c.finished < c.runs).then(|| format!("{}/{}", c.finished, c.runs));
                let (text, ink) = match c.median {
                    Some(t) => {
                        let h = scale(t);
                        area.draw(&Rectangle::new([(x, y), (x_end, y + rh)], heat_colour(h).filled()))
                            .map_err(draw_error)?;
                        (short(t as f64), if h > 0.55 { BLACK } else { WHITE })
                    }
                    None => {
                        // Past the budget: white, hatched, so it is no shade of the scale.
                        area.draw(&Rectangle::new([(x, y), (x_end, y + rh)], WHITE.filled()))
                            .map_err(draw_error)?;
                        let mut d = 0;
                        while d < (x_end - x) + rh {
                            let (a, b) = ((x + d - rh).max(x), (x + d).min(x_end));
                            let (ya, yb) = (y + rh - (a - (x + d - rh)), y + rh - (b - (x + d - rh)));
                            area.draw(&PathElement::new(vec![(a, ya), (b, yb)], BLACK.mix(0.25)))
                                .map_err(draw_error)?;
                            d += 6;
                        }
                        (">budget".to_string(), BLACK)
                    }
                };
                let (main_y, note_y) = if partial.is_some() { (cy - 5, cy + 7) } else { (cy, cy) };
                area.draw(&Text::new(
                    text,
                    (cx, main_y),
                    ("sans-serif", SMALL).into_font().color(&ink).pos(Pos::new(HPos::Center, VPos::Center)),
                ))
                .map_err(draw_error)?;
                if let Some(note) = partial {
                    area.draw(&Text::new(
                        note,
                        (cx, note_y),
                        ("sans-serif", 9).into_font().color(&ink).pos(Pos::new(HPos::Center, VPos::Center)),
                    ))
                    .map_err(draw_error)?;
                }
            }
        }
        // Cell borders, so that neighbouring cells of one shade stay apart.
        for j in 0..=mus.len() as i32 {
            let y = grid_top + rh * j;
            area.draw(&PathElement::new(vec![(left, y), (right, y)], WHITE.stroke_width(1)))
                .map_err(draw_error)?;
        }
        for i in 0..=gammas.len() {
            let x = left + (cw * i as f64).round() as i32;
            area.draw(&PathElement::new(vec![(x, grid_top), (x, grid_bottom)], WHITE.stroke_width(1)))
                .map_err(draw_error)?;
        }
        area.draw(&Rectangle::new([(left, grid_top), (right, grid_bottom)], BLACK.mix(0.6).stroke_width(1)))
            .map_err(draw_error)?;
        for (i, gamma) in gammas.iter().enumerate() {
            let x = left + (cw * (i as f64 + 0.5)).round() as i32;
            area.draw(&Text::new(
                gamma.clone(),
                (x, grid_bottom + 4),
                font(SMALL).pos(Pos::new(HPos::Center, VPos::Top)),
            ))
            .map_err(draw_error)?;
        }
        area.draw(&Text::new(
            "γ, the model's margin",
            ((left + right) / 2, grid_bottom + 20),
            font(TEXT).pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(draw_error)?;
        // The μ axis's title heads its column of labels (a panel is too short to write it along).
        area.draw(&Text::new(
            "μ",
            (left - 5, grid_top - 3),
            font(TEXT).pos(Pos::new(HPos::Right, VPos::Bottom)),
        ))
        .map_err(draw_error)?;
        top = grid_bottom + HEAT_PANEL_BOTTOM as i32;
    }
    // The key: the colour scale of median T with its ticks, and what a hatched cell means.
    let (key_top, key_h) = (top + 8, 12);
    let steps = 60;
    for k in 0..steps {
        let x = left + (right - left) * k / steps;
        let x_end = left + (right - left) * (k + 1) / steps;
        area.draw(&Rectangle::new(
            [(x, key_top), (x_end + 1, key_top + key_h)],
            heat_colour((k as f64 + 0.5) / steps as f64).filled(),
        ))
        .map_err(draw_error)?;
    }
    area.draw(&Rectangle::new([(left, key_top), (right, key_top + key_h)], BLACK.mix(0.6).stroke_width(1)))
        .map_err(draw_error)?;
    for t in log_ticks(10f64.powf(lo), 10f64.powf(hi)) {
        let x = left + (((t.log10() - lo) / (hi - lo)) * (right - left) as f64).round() as i32;
        area.draw(&PathElement::new(vec![(x, key_top + key_h), (x, key_top + key_h + 3)], BLACK))
            .map_err(draw_error)?;
        area.draw(&Text::new(
            short(t),
            (x, key_top + key_h + 4),
            font(SMALL).pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(draw_error)?;
    }
    area.draw(&Text::new(
        "median T, games (log scale); μ: games per generation;",
        ((left + right) / 2, key_top + key_h + 20),
        font(SMALL).pos(Pos::new(HPos::Center, VPos::Top)),
    ))
    .map_err(draw_error)?;
    area.draw(&Text::new(
        "hatched: past the budget; k/R: k of R runs finished",
        ((left + right) / 2, key_top + key_h + 34),
        font(SMALL).pos(Pos::new(HPos::Center, VPos::Top)),
    ))
    .map_err(draw_error)?;
    Ok(())
}
