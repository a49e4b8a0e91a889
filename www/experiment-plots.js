// The experiment panel's three pictures, drawn as SVG with plain code: the histogram of T over
// the runs, the runs' Π curves overlaid, and a sweep's figure (median T against positions n on
// log–log axes with the 10th–90th percentile band, or for a μ × γ grid one heat map per size,
// as `impartial runtime --plot` draws it).
// Each draws into an <svg> at the width it is shown, so text stays legible on a phone.

import { COLOURS } from './graph-view.js';

const SVG = 'http://www.w3.org/2000/svg';
/** Okabe–Ito colours for a sweep's lines (distinguishable with colour blindness). */
const LINE_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'];
const UNFINISHED = '#999999';

/** 1234 → "1,234", 2.5e6 → "2.5e6": short labels (as the CLI's figure writes ticks, e-notation from 10⁴). */
export function short(v) {
  if (v >= 1e4) {
    const e = Math.floor(Math.log10(v));
    const m = v / 10 ** e;
    return `${Math.abs(m - Math.round(m)) < 0.05 ? Math.round(m) : m.toFixed(1)}e${e}`;
  }
  return Number.isInteger(v) ? v.toLocaleString('en') : String(Number(v.toPrecision(3)));
}

function el(parent, tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  parent.append(node);
  return node;
}

/** Empties `svg` and sizes it to its box: { width, height } in px. */
function reset(svg, height) {
  const width = Math.max(200, Math.round(svg.parentElement.clientWidth || 600));
  svg.replaceChildren();
  svg.setAttribute('width', width);
  svg.setAttribute('height', height);
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  return { width, height };
}

/** About `count` round values from lo to hi (1, 2 or 5 times a power of ten apart). */
function linearTicks(lo, hi, count) {
  const raw = (hi - lo) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw || 1));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
  return { ticks, step };
}

/** Powers of ten from lo to hi (and 2× and 5× them when the range is short). */
function logTicks(lo, hi) {
  const ticks = [];
  const mults = Math.log10(hi / lo) < 2 ? [1, 2, 5] : [1];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
    for (const m of mults) {
      const t = m * 10 ** e;
      if (t >= lo && t <= hi) ticks.push(t);
    }
  }
  return ticks;
}

/**
 * The heat map key's labelled values from `lo` to `hi` (the least and greatest median): both
 * ends always (medians of 80 and 90 must not read as opposite ends of an unlabelled scale), and
 * the round values of logTicks between them that are at least `gap` of the bar (in log terms)
 * away from the ends and from each other.
 */
export function keyTicks(lo, hi, gap = 0.12) {
  if (!(hi > lo)) return [lo];
  const span = Math.log10(hi / lo);
  const ticks = [lo];
  for (const t of logTicks(lo, hi)) {
    if (Math.log10(t / ticks.at(-1)) >= gap * span && Math.log10(hi / t) >= gap * span) ticks.push(t);
  }
  ticks.push(hi);
  return ticks;
}

/** Axes with ticks; `x` and `y` map values to px, `xTicks`/`yTicks` are [value, label]. */
function axes(svg, box, { x, y, xTicks, yTicks, xTitle, yTitle }) {
  const g = el(svg, 'g', { class: 'axes', 'font-size': 12, fill: '#444' });
  for (const [v, label] of yTicks) {
    el(g, 'line', { x1: box.left, x2: box.right, y1: y(v), y2: y(v), stroke: '#e3e3e3' });
    el(g, 'text', { x: box.left - 5, y: y(v) + 4, 'text-anchor': 'end' }, label);
  }
  for (const [v, label] of xTicks) {
    el(g, 'line', { x1: x(v), x2: x(v), y1: box.bottom, y2: box.bottom + 4, stroke: '#888' });
    el(g, 'text', { x: x(v), y: box.bottom + 17, 'text-anchor': 'middle' }, label);
  }
  el(g, 'path', { d: `M${box.left},${box.top}V${box.bottom}H${box.right}`, fill: 'none', stroke: '#888' });
  el(g, 'text', { x: (box.left + box.right) / 2, y: box.bottom + 33, 'text-anchor': 'middle' }, xTitle);
  el(g, 'text', { x: 12, y: (box.top + box.bottom) / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${(box.top + box.bottom) / 2})` }, yTitle);
}

/**
 * Bin edges for T: round widths on a linear axis, or, when T spans a factor of ten or more (it
 * usually does: a few runs take far longer), equal steps on a log axis (1, 2, 4, 5 or 10 bins a
 * decade). Returns { edges, x } with x(t) in [0, 1].
 */
function binsOf(values) {
  const [lo, hi] = extent(values);
  const wanted = Math.min(20, Math.max(1, Math.ceil(Math.sqrt(values.length))));
  if (lo > 0 && hi / lo >= 10) {
    const decades = Math.log10(hi) - Math.log10(lo);
    const perDecade = [1, 2, 4, 5, 10].find((m) => m * decades >= wanted * 0.7) ?? 10;
    const first = Math.floor(Math.log10(lo) * perDecade);
    const last = Math.floor(Math.log10(hi) * perDecade) + 1;
    const edges = [];
    for (let i = first; i <= last; i++) edges.push(10 ** (i / perDecade));
    const [a, b] = [Math.log10(edges[0]), Math.log10(edges.at(-1))];
    return { edges, log: true, x: (t) => (Math.log10(Math.max(t, edges[0])) - a) / (b - a) };
  }
  // Linear: a round width, at least one game.
  const step = Math.max(1, linearTicks(lo, hi, wanted).step);
  const start = Math.floor(lo / step) * step;
  const edges = [];
  for (let e = start; e <= hi; e += step) edges.push(e);
  edges.push(edges.at(-1) + step);
  const end = edges.at(-1);
  return { edges, log: false, x: (t) => (t - start) / (end - start) };
}

/**
 * The histogram of T: bars over the finished runs' T, the unfinished runs as a grey bar of their
 * own on the right, and the 10th, 50th and 90th percentiles as vertical lines. `stats` is
 * { values (finished T), unfinished, p10, median, p90 } (a percentile null when it falls on
 * unfinished runs).
 */
export function drawHistogram(svg, { values, unfinished, p10, median, p90 }) {
  const { width, height } = reset(svg, 230);
  const slot = unfinished > 0 ? Math.min(80, width * 0.15) : 0;
  const box = { left: 46, right: width - 22 - slot, top: 30, bottom: height - 40 };
  const { edges, log, x: unit } = values.length ? binsOf(values) : { edges: [0, 1], log: false, x: (t) => t };
  const counts = new Array(edges.length - 1).fill(0);
  for (const t of values) {
    // The last edge at or below t (t is never past the last edge).
    let i = edges.findIndex((e) => e > t) - 1;
    if (i < 0) i = counts.length - 1;
    counts[Math.min(i, counts.length - 1)] += 1;
  }
  const top = Math.max(1, unfinished, extent(counts)[1]);
  const x = (t) => box.left + unit(t) * (box.right - box.left);
  const y = (c) => box.bottom - (c / top) * (box.bottom - box.top);
  const yTicks = linearTicks(0, top, 4).ticks.filter(Number.isInteger).map((c) => [c, String(c)]);
  const room = Math.max(2, Math.floor((box.right - box.left) / 70));
  const ticks = log ? logTicks(edges[0], edges.at(-1)) : linearTicks(edges[0], edges.at(-1), room).ticks;
  const xTicks = ticks.filter((_, i) => i % Math.ceil(ticks.length / room) === 0).map((t) => [t, short(t)]);
  const xTitle = `T: games until found${log ? ' (log scale)' : ''}`;
  axes(svg, box, { x, y, xTicks, yTicks, xTitle, yTitle: 'runs' });
  const bars = el(svg, 'g', { class: 'bars' });
  counts.forEach((c, i) => {
    if (c === 0) return;
    const [left, right] = [x(edges[i]), x(edges[i + 1])];
    el(bars, 'rect', {
      x: left + 0.5, y: y(c), width: Math.max(1, right - left - 1), height: y(0) - y(c),
      fill: COLOURS.P, 'data-from': edges[i], 'data-to': edges[i + 1], 'data-count': c,
    });
  });
  if (unfinished > 0) {
    const left = box.right + 14;
    el(bars, 'rect', { x: left, y: y(unfinished), width: slot - 14, height: y(0) - y(unfinished), fill: UNFINISHED, class: 'unfinished', 'data-count': unfinished });
    el(svg, 'text', { x: left + (slot - 14) / 2, y: box.bottom + 17, 'text-anchor': 'middle', 'font-size': 12, fill: '#444' }, 'unfinished');
  }
  // The percentiles: a line each, labelled above the bars; a label that would overlap the one
  // before goes a line higher.
  let previous = -Infinity;
  let row = 0;
  for (const [t, label, dash] of [[p10, '10%', '4 3'], [median, 'median', ''], [p90, '90%', '4 3']]) {
    if (t === null || t === undefined) continue;
    const at = x(t);
    row = at - previous < 44 ? row + 1 : 0;
    previous = at;
    el(svg, 'line', { x1: at, x2: at, y1: box.top - 4 - 12 * row, y2: box.bottom, stroke: '#000', 'stroke-dasharray': dash });
    el(svg, 'text', { x: at + 3, y: box.top - 6 - 12 * row, 'font-size': 11 }, label);
  }
}

/**
 * The runs' Π curves overlaid, thin: log₁₀ Π against the generation, blue for runs that found
 * an optimal strategy, grey for the others. `curves` is [{ points: [[generation, log10 or
 * null]], found }].
 */
export function drawCurves(svg, curves) {
  const { width, height } = reset(svg, 220);
  const box = { left: 72, right: width - 12, top: 12, bottom: height - 40 };
  const logs = curves.flatMap((c) => c.points.map((p) => p[1])).filter((v) => v !== null && Number.isFinite(v));
  const floor = Math.min(-1, Math.floor(Math.min(0, extent(logs)[0])));
  const last = Math.max(1, extent(curves.map((c) => c.points.at(-1)?.[0] ?? 0))[1]);
  const x = (g) => box.left + (g / last) * (box.right - box.left);
  const y = (v) => box.top + (Math.max(v, floor) / floor) * (box.bottom - box.top);
  const yTicks = linearTicks(floor, 0, 4).ticks.filter(Number.isInteger).map((e) => [e, e === 0 ? '1' : `1e${e}`.replace('-', '−')]);
  const xTicks = linearTicks(0, last, Math.max(2, Math.floor((box.right - box.left) / 80))).ticks.filter(Number.isInteger).map((g) => [g, short(g)]);
  axes(svg, box, { x, y, xTicks, yTicks, xTitle: 'generation', yTitle: 'Π (log scale)' });
  const g = el(svg, 'g', { class: 'curves', fill: 'none', 'stroke-width': 1 });
  // Unfinished runs first, so the finished ones are drawn over them.
  for (const curve of [...curves].sort((a, b) => Number(a.found) - Number(b.found))) {
    let d = '';
    let pen = 'M';
    for (const [gen, v] of curve.points) {
      if (v === null) {
        pen = 'M';
        continue;
      }
      d += `${pen}${x(gen).toFixed(1)},${y(v).toFixed(1)}`;
      pen = 'L';
    }
    el(g, 'path', { d, stroke: curve.found ? COLOURS.P : UNFINISHED, 'stroke-opacity': 0.45 });
  }
}

/**
 * A sweep's figure: per line of `figure` (the core's runtime_figure), the 10th–90th percentile
 * band, the medians joined (each a circle carrying data-n and data-t), unfinished cells as a
 * triangle at the budget; the slope of Corollary 5.3's bound dashed through the first median.
 * Returns { legend: [{ colour, label, dash }], notes: [sentences on values drawn clamped] }.
 */
export function drawSweep(svg, figure) {
  const { width, height } = reset(svg, 320);
  const box = { left: 60, right: width - 16, top: 14, bottom: height - 42 };
  const points = figure.lines.flatMap((l) => l.points);
  const unfinished = points.some((p) => p.finished < p.runs);
  // Extremes by loops: a spread of 100,000 values overflows the call stack.
  const [n0, n1] = extent(points.map((p) => p.positions).filter((n) => Number.isFinite(n) && n > 0));
  const ts = points.flatMap((p) => [p.p10, p.median, p.p90]).filter((t) => t !== null && Number.isFinite(t) && t > 0);
  if (unfinished) ts.push(figure.budget);
  const [x0, x1] = n0 < n1 ? [n0 / 1.25, n1 * 1.25] : [n0 / 2, n1 * 2];
  const [tmin, tmax] = extent(ts);
  const [y0, y1] = ts.length ? [Math.max(0.5, tmin / 2), tmax * 2] : [1, Math.max(2, figure.budget * 2)];
  const notes = [];
  const zeros = points.filter((p) => p.median === 0).length;
  if (zeros) notes.push(`${zeros === 1 ? 'One cell has' : `${zeros.toLocaleString('en')} cells have`} a median T of 0, drawn at the foot of the log axis.`);
  // Every coordinate inside the box: a value of 0 or one past the axes never makes NaN or ±∞.
  const x = (n) => box.left + (Math.log(clamp(n, x0, x1) / x0) / Math.log(x1 / x0)) * (box.right - box.left);
  const y = (t) => box.bottom - (Math.log(clamp(t, y0, y1) / y0) / Math.log(y1 / y0)) * (box.bottom - box.top);
  const keep = (ticks, px) => ticks.filter((_, i) => i % Math.max(1, Math.ceil((ticks.length * px) / (box.right - box.left))) === 0);
  axes(svg, box, {
    x, y,
    xTicks: keep(logTicks(x0, x1), 60).map((n) => [n, short(n)]),
    yTicks: logTicks(y0, y1).filter((_, i, all) => all.length < 9 || i % 2 === 0).map((t) => [t, short(t)]),
    xTitle: 'positions n (log scale)',
    yTitle: 'median T (log scale)',
  });
  const legend = [];
  figure.lines.forEach((line, i) => {
    const colour = LINE_COLOURS[i % LINE_COLOURS.length];
    // Past the seven colours, lines repeat them dashed, then dotted.
    const dash = ['', '7 4', '2 3'][Math.floor(i / LINE_COLOURS.length) % 3];
    const g = el(svg, 'g', { class: 'line', 'data-label': line.label });
    const band = line.points.filter((p) => p.p10 !== null).map((p) => [x(p.positions), y(p.p10), y(p.p90 ?? figure.budget)]);
    if (band.length >= 2) {
      const outline = [...band.map((b) => `${b[0]},${b[2]}`), ...[...band].reverse().map((b) => `${b[0]},${b[1]}`)];
      el(g, 'polygon', { points: outline.join(' '), fill: colour, 'fill-opacity': 0.15 });
    } else {
      for (const b of band) el(g, 'line', { x1: b[0], x2: b[0], y1: b[1], y2: b[2], stroke: colour, 'stroke-opacity': 0.4, 'stroke-width': 6 });
    }
    const medians = line.points.filter((p) => p.median !== null);
    el(g, 'polyline', { points: medians.map((p) => `${x(p.positions)},${y(p.median)}`).join(' '), fill: 'none', stroke: colour, 'stroke-width': 2, 'stroke-dasharray': dash });
    for (const p of medians) {
      el(g, 'circle', { cx: x(p.positions), cy: y(p.median), r: 4, fill: colour, 'data-n': p.positions, 'data-t': p.median, 'data-size': p.size }, '');
    }
    for (const p of line.points.filter((q) => q.finished < q.runs)) {
      const [cx, cy] = [x(p.positions), y(figure.budget)];
      el(g, 'path', { d: `M${cx},${cy - 7}l6,10h-12z`, fill: colour, class: 'unfinished' });
      el(g, 'text', { x: cx - 8, y: cy - 4, 'text-anchor': 'end', 'font-size': 11, fill: colour }, `${p.runs - p.finished}/${p.runs} unfinished`);
    }
    legend.push({ colour, label: line.label, dash: dash !== '' });
  });
  if (unfinished) {
    el(svg, 'line', { x1: box.left, x2: box.right, y1: y(figure.budget), y2: y(figure.budget), stroke: '#777', 'stroke-dasharray': '2 4' });
    legend.push({ colour: '#777', label: `the budget, ${short(figure.budget)} games (▲ cells with unfinished runs)`, dash: true });
  }
  // The proven bound's slope through the first median of the first line that has a bound.
  const anchor = figure.lines.map((l) => [l.bound_slope, l.points.find((p) => p.median !== null)]).find(([b, p]) => b !== null && p);
  if (anchor) {
    const [b, p] = anchor;
    const t0 = clamp(p.median, y0, y1);
    // To the right edge, or where the line leaves the top or bottom first (in log space, so a
    // slope of ±1e300 ends at once instead of overflowing).
    const edge = b > 0 ? Math.log(y1 / t0) / b : b < 0 ? Math.log(y0 / t0) / b : Infinity;
    const n1 = Math.min(x1, p.positions * Math.exp(Math.min(edge, Math.log(x1 / p.positions))));
    const t1 = t0 * Math.exp(b * Math.log(n1 / p.positions));
    el(svg, 'line', { x1: x(p.positions), y1: y(t0), x2: x(n1), y2: y(Number.isFinite(t1) ? t1 : t0), stroke: '#000', 'stroke-dasharray': '8 5', class: 'bound' });
    legend.push({ colour: '#000', label: `slope ${Math.abs(b) < 1e6 ? b.toFixed(2) : b.toExponential(2)} of Corollary 5.3's bound (Props 6.1–6.4), through the first median`, dash: true });
    if (Math.abs(b) > 100) notes.push(`The bound's slope ${b.toExponential(2)} leaves the figure at once; its line is drawn to the edge.`);
  }
  return { legend, notes };
}

/** [least, greatest] of `values` by a loop ([Infinity, -Infinity] when empty). */
function extent(values) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

const clamp = (v, lo, hi) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : lo);

/** Viridis at h in [0, 1] (lightness grows with h, so the order reads in greyscale too). */
const VIRIDIS = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
export function viridis(h) {
  const x = Math.min(1, Math.max(0, h)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const f = x - i;
  const [a, b] = [VIRIDIS[i], VIRIDIS[i + 1]];
  return `rgb(${a.map((v, k) => Math.round(v + (b[k] - v) * f)).join(',')})`;
}

/**
 * Whether a figure is a μ × γ grid, drawn as heat maps rather than lines: UMDA's lines only,
 * several μ and several γ, or more lines than one axis can tell apart (as `runtime --plot`).
 */
export function isGrid(figure) {
  if (figure.lines.some((l) => l.mu === '-' || l.mu === undefined)) return false;
  const mus = new Set(figure.lines.map((l) => l.mu));
  const gammas = new Set(figure.lines.map((l) => l.gamma));
  return (mus.size > 1 && gammas.size > 1) || figure.lines.length > 4;
}

/**
 * A μ × γ grid's figure: one heat map per size (μ rows, γ columns), each cell's median written
 * in it on a log colour scale (a rect.cell carrying data-size, data-mu, data-gamma, and the median
 * in data-t and data-median, empty past the budget),
 * a median past the budget hatched, finished/runs where some runs did not finish; the colour
 * key under the maps. Returns the legend's entries (none: the key is in the figure).
 */
export function drawHeat(svg, figure) {
  const mus = [...new Set(figure.lines.map((l) => l.mu))];
  const gammas = [...new Set(figure.lines.map((l) => l.gamma))];
  const cells = figure.lines.flatMap((l) => l.points.map((p) => ({ ...p, mu: l.mu, gamma: l.gamma })));
  const sizes = [...new Map(cells.map((c) => [c.size, c.positions])).entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const row = 26;
  const panel = 22 + row * mus.length + 40;
  const { width } = reset(svg, sizes.length * panel + 70);
  const left = 64;
  const right = Math.min(width - 12, left + 110 * gammas.length);
  const cw = (right - left) / gammas.length;
  const logs = cells.filter((c) => c.median !== null).map((c) => Math.log10(Math.max(1, c.median)));
  let [lo, hi] = logs.length ? extent(logs) : [0, 1];
  if (hi - lo < 1e-9) [lo, hi] = [lo - 0.5, hi + 0.5];
  const scale = (t) => (Math.log10(Math.max(1, t)) - lo) / (hi - lo);
  const defs = el(svg, 'defs');
  // One pattern per picture: two heat maps on the page (a loaded file's, the page's grid) keep their ids apart.
  const hatchId = `${svg.id || 'exp'}-hatch`;
  const hatch = el(defs, 'pattern', { id: hatchId, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' });
  el(hatch, 'line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#bbb', 'stroke-width': 2 });
  const at = new Map(cells.map((c) => [`${c.size}|${c.mu}|${c.gamma}`, c]));
  sizes.forEach(([size, positions], k) => {
    const top = k * panel;
    const g = el(svg, 'g', { class: 'heat', 'data-size': size, 'font-size': 12 });
    el(g, 'text', { x: (left + right) / 2, y: top + 14, 'text-anchor': 'middle' }, `N = ${size} (${positions} positions)`);
    const gridTop = top + 22;
    el(g, 'text', { x: left - 6, y: gridTop - 4, 'text-anchor': 'end' }, 'μ');
    mus.forEach((mu, j) => {
      const y = gridTop + j * row;
      el(g, 'text', { x: left - 6, y: y + row / 2 + 4, 'text-anchor': 'end', fill: '#444' }, mu);
      gammas.forEach((gamma, i) => {
        const c = at.get(`${size}|${mu}|${gamma}`);
        if (!c) return;
        const x = left + i * cw;
        const h = c.median === null ? null : scale(c.median);
        el(g, 'rect', {
          class: 'cell', x, y, width: cw, height: row, stroke: '#fff',
          fill: h === null ? `url(#${hatchId})` : viridis(h),
          'data-size': size, 'data-mu': mu, 'data-gamma': gamma, 'data-t': c.median ?? '', 'data-median': c.median ?? '',
        });
        const ink = h !== null && h <= 0.55 ? '#fff' : '#000';
        const partial = c.finished < c.runs;
        el(g, 'text', { x: x + cw / 2, y: y + row / 2 + (partial ? -1 : 4), 'text-anchor': 'middle', fill: ink, 'font-size': 11 },
          c.median === null ? '>budget' : short(c.median));
        if (partial) el(g, 'text', { x: x + cw / 2, y: y + row - 3, 'text-anchor': 'middle', fill: ink, 'font-size': 9 }, `${c.finished}/${c.runs}`);
      });
    });
    const gridBottom = gridTop + row * mus.length;
    el(g, 'rect', { x: left, y: gridTop, width: right - left, height: gridBottom - gridTop, fill: 'none', stroke: '#888' });
    gammas.forEach((gamma, i) => el(g, 'text', { x: left + (i + 0.5) * cw, y: gridBottom + 14, 'text-anchor': 'middle', fill: '#444' }, gamma));
    el(g, 'text', { x: (left + right) / 2, y: gridBottom + 30, 'text-anchor': 'middle' }, 'γ, the model’s margin');
  });
  // The key: the colour scale with its ticks, and what a hatched cell and k/R mean.
  const keyTop = sizes.length * panel + 4;
  const key = el(svg, 'g', { class: 'heat-key', 'font-size': 11 });
  const steps = 40;
  for (let s = 0; s < steps; s++) {
    el(key, 'rect', { x: left + ((right - left) * s) / steps, y: keyTop, width: (right - left) / steps + 0.5, height: 10, fill: viridis((s + 0.5) / steps) });
  }
  const ticks = keyTicks(10 ** lo, 10 ** hi);
  ticks.forEach((t, i) => {
    const x = left + ((Math.log10(t) - lo) / (hi - lo)) * (right - left);
    // The end labels sit inside the bar's span, so that neither is cut off.
    const anchor = ticks.length > 1 && i === 0 ? 'start' : ticks.length > 1 && i === ticks.length - 1 ? 'end' : 'middle';
    el(key, 'line', { x1: x, x2: x, y1: keyTop + 10, y2: keyTop + 13, stroke: '#444' });
    el(key, 'text', { x, y: keyTop + 24, 'text-anchor': anchor, fill: '#444', class: 'key-value', 'data-value': t }, short(t));
  });
  el(key, 'text', { x: (left + right) / 2, y: keyTop + 40, 'text-anchor': 'middle' }, 'median T, games (log scale); μ: games per generation');
  el(key, 'text', { x: (left + right) / 2, y: keyTop + 54, 'text-anchor': 'middle' }, 'hatched: past the budget; k/R: k of R runs finished');
  return [];
}
