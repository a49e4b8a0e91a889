// The progress chart: measures of the run per generation (all in [0, 1]) and, when switched on,
// the expected dynamics' Π at the same generations; when one of Böhme's rules learns, its plays
// lost per play over the plays (Böhme bounds the plays lost, so the share falls towards 0 once
// the learner has a winning strategy). Owns one canvas and the run's history (one point per
// generation or play, also what the CSV export writes).

import { COLOURS } from './graph-view.js';
import { count, download, measuresCsv } from './panels.js';

/** The lines drawn: key in a history point, colour, dash, legend text; a log series' `zeroKey`
 * holds its value itself: 0 there with no logarithm is a Π of exactly 0 (a product that only
 * underflowed still has its logarithm). */
export const SERIES = [
  { key: 'prop22Log', zeroKey: 'prop22', colour: COLOURS.P, dash: [], label: 'Π: a sample plays a winning move at every critical position (≤ P(optimal), Prop 2.2), log scale (right axis)', log: true },
  { key: 'massMean', colour: COLOURS.optimal, dash: [], label: 'mean mass on optimal moves' },
  { key: 'learnedShare', colour: COLOURS.critical, dash: [6, 3], label: 'share of critical positions learned' },
  { key: 'expectedLog', zeroKey: 'expected', colour: '#000000', dash: [2, 3], label: 'Π under the expected dynamics (log scale)', log: true },
  { key: 'lostShare', colour: COLOURS.changed, dash: [], label: 'plays lost per play so far (lost ÷ plays), Böhme’s rule', learner: 'rule' },
];
/** Whether a point's value of a log series is exactly 0 (see SERIES). */
const exactlyZero = (point, series) => Boolean(series.zeroKey) && point[series.zeroKey] === 0 && point[series.key] == null;
/** The series that can be exactly 0: the run's Π first, then the expected dynamics'. */
const ZERO_SERIES = SERIES.filter((s) => s.zeroKey);
/** The series of a learner: UMDA's (no `learner`) or a rule's. */
const seriesOf = (learner) => SERIES.filter((s) => (s.learner ?? 'umda') === learner);

/** The history keeps at most this many points (then every other one is dropped). */
const MAX_POINTS = 4000;
/**
 * Redrawn at most once per this many ms: a small game learns thousands of generations a second,
 * and redrawing thousands of points every frame (about 7 ms with its rasterising) took a third
 * of each frame.
 */
const REDRAW_MS = 50;

export class ChartView {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.points = [];
    this.lowestLog = 0; // the lowest log₁₀ Π in the history (the right axis goes down to it)
    this.zeroSeen = false; // whether a Π of the history is exactly 0 (the axis then has a 0 row)
    this.drawnAt = -Infinity;
    this.learner = 'umda'; // whose points: UMDA's generations or a rule's plays
    this.dirty = true;
    new ResizeObserver(() => this.resize()).observe(canvas);
    this.resize();
  }

  resize() {
    const dpr = window.devicePixelRatio || 1;
    this.width = this.canvas.clientWidth;
    this.height = this.canvas.clientHeight;
    this.dpr = dpr;
    this.canvas.width = Math.round(this.width * dpr);
    this.canvas.height = Math.round(this.height * dpr);
    this.restyle();
  }

  /** The page's type size changed (presentation mode): read again at the next drawing. */
  restyle() {
    this.font = null;
    this.dirty = true;
  }

  /** A new run: no history. */
  clear() {
    this.points = [];
    this.lowestLog = 0;
    this.zeroSeen = false;
    this.dirty = true;
  }

  /** Offers the history as a CSV file. */
  saveCsv() {
    download(new Blob([measuresCsv(this.points)], { type: 'text/csv' }), 'impartial-measures.csv');
  }

  /** Adds the core's measures after a generation (`progress`) to the history. */
  push(progress) {
    this.learner = 'umda';
    this.add(pointOf(progress));
  }

  /** Adds a rule's counts after a play (`counts`: plays, lost, drawn, won) to the history. */
  pushPlay(counts) {
    this.learner = 'rule';
    const { plays, lost, drawn } = counts;
    this.add({ generation: plays, plays, lost, drawn, lostShare: plays ? lost / plays : null });
  }

  add(point) {
    this.points.push(point);
    this.lowestLog = Math.min(this.lowestLog, lowestLog(point));
    this.zeroSeen ||= ZERO_SERIES.some((series) => exactlyZero(point, series));
    if (this.points.length > MAX_POINTS) {
      this.points = this.points.filter((_, i) => i % 2 === 0 || i === this.points.length - 1);
      this.lowestLog = this.points.reduce((low, p) => Math.min(low, lowestLog(p)), 0);
    }
    this.dirty = true;
  }

  draw() {
    if (!this.dirty || !this.width || performance.now() - this.drawnAt < REDRAW_MS) return;
    this.dirty = false;
    this.drawnAt = performance.now();
    const { ctx, width, height, points } = this;
    // Tests read what the chart shows now (written once a frame: a rule can play thousands a frame).
    const latest = points.at(-1);
    this.canvas.dataset.learner = this.learner;
    this.canvas.dataset.last = String(latest?.lostShare ?? latest?.prop22Log ?? '');
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    // Type as large as the page's (presentation mode makes it larger), margins to match. Read
    // once per restyle: reading a computed style recomputes the page's styles first, and the
    // chart is redrawn every frame while a small game learns.
    this.font ??= Math.max(11, parseFloat(getComputedStyle(this.canvas).fontSize) || 11);
    const font = this.font;
    const left = font * 3.2;
    const right = font * 4.2;
    const top = font * 1.6;
    const bottom = font * 1.8;
    const w = width - left - right;
    const h = height - top - bottom;
    const rule = this.learner === 'rule';
    const last = points.length ? points[points.length - 1].generation : 0;
    const xMax = Math.max(1, last);
    const X = (g) => left + (g / xMax) * w;
    const Y = (value) => top + (1 - value) * h;
    ctx.strokeStyle = '#ddd';
    ctx.fillStyle = '#555';
    ctx.font = `${font}px system-ui, sans-serif`;
    ctx.lineWidth = 1;
    // Two labelled axes: the shares (0 to 1) on the left, Π (log scale) on the right.
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';
    ctx.fillText(rule ? 'plays lost per play (0 to 1)' : 'share (0 to 1)', 2, 2);
    ctx.textAlign = 'right';
    ctx.fillStyle = COLOURS.P;
    if (!rule) ctx.fillText('Π (log scale)', width - 2, 2);
    ctx.fillStyle = '#555';
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (const value of [0, 0.5, 1]) {
      ctx.beginPath();
      ctx.moveTo(left, Y(value));
      ctx.lineTo(left + w, Y(value));
      ctx.stroke();
      ctx.fillText(String(value), left - 4, Y(value));
    }
    // Π on a log scale (right axis): from 1 at the top down to the smallest power of ten reached,
    // so that a Π of 1e-17 is a point on the chart, not a line on 0.
    // (The lowest log is kept up to date as points come: the history is redrawn every frame.)
    // A Π of exactly 0 (γ = 0: a critical position has lost every winning move for good) has no
    // logarithm: it is drawn on a row of its own at the bottom, labelled 0, a line's height below
    // the smallest power reached, so the lesson's "Π = 0" is on the chart, not a line that stops.
    const zero = !rule && this.zeroSeen;
    const floor = Math.min(-1, Math.floor(this.lowestLog));
    this.logFloor = floor;
    this.canvas.dataset.piZero = String(zero && exactlyZero(points.at(-1), ZERO_SERIES[0]));
    const logH = zero ? h - font * 1.4 : h;
    const YLog = (log) => (log === -Infinity ? top + h : top + (Math.max(log, floor) / floor) * logH);
    ctx.textAlign = 'left';
    ctx.fillStyle = COLOURS.P;
    for (const log of rule ? [] : [0, Math.round(floor / 2), floor]) {
      if (log === 0) ctx.fillText('1', left + w + 4, YLog(log));
      else drawPower(ctx, log, left + w + 4, YLog(log), font);
    }
    if (zero) ctx.fillText('0', left + w + 4, YLog(-Infinity));
    ctx.fillStyle = '#555';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillText('0', left, top + h + 4);
    ctx.fillText(`${rule ? 'play' : 'generation'} ${count(last)}`, left + w / 2, top + h + 4);
    for (const series of seriesOf(this.learner)) {
      ctx.strokeStyle = series.colour;
      ctx.setLineDash(series.dash);
      ctx.lineWidth = 2;
      ctx.beginPath();
      const line = new ColumnLine(ctx, this.dpr);
      for (const point of points) {
        const value = exactlyZero(point, series) ? -Infinity : point[series.key];
        if (value == null || Number.isNaN(value)) line.gap();
        else line.to(X(point.generation), series.log ? YLog(value) : Y(value));
      }
      line.gap();
      ctx.stroke();
    }
    ctx.setLineDash([]);
  }
}

/** The lowest finite log₁₀ Π of a history point (0 when it has none). */
function lowestLog(p) {
  return Math.min(0, Number.isFinite(p.prop22Log) ? p.prop22Log : 0, Number.isFinite(p.expectedLog) ? p.expectedLog : 0);
}

/**
 * A polyline added to the path with at most four points per pixel column: the first, lowest,
 * highest and last of the points falling in it, in their order, which draw the same line as all
 * of them (M4: Jugel et al., VLDB 2014). A history of thousands of generations redrawn every
 * frame is then a path of about four points per column, not one per generation.
 */
class ColumnLine {
  constructor(ctx, dpr) {
    Object.assign(this, { ctx, dpr, started: false, column: NaN, count: 0 });
    // The column's first, lowest, highest and last points: x, y and order of arrival each.
    this.xs = new Float64Array(4);
    this.ys = new Float64Array(4);
    this.orders = new Float64Array(4).fill(NaN);
  }

  to(x, y) {
    const column = Math.floor(x * this.dpr);
    if (column !== this.column) this.flush();
    this.column = column;
    const fresh = Number.isNaN(this.orders[0]);
    if (fresh) this.keep(0, x, y);
    if (fresh || y < this.ys[1]) this.keep(1, x, y);
    if (fresh || y > this.ys[2]) this.keep(2, x, y);
    this.keep(3, x, y);
    this.count++;
  }

  keep(slot, x, y) {
    this.xs[slot] = x;
    this.ys[slot] = y;
    this.orders[slot] = this.count;
  }

  /** No value here: the line breaks. */
  gap() {
    this.flush();
    this.started = false;
  }

  flush() {
    const { xs, ys, orders } = this;
    if (Number.isNaN(orders[0])) return;
    // The kept points in their order, each once (first, lowest, highest and last may coincide).
    const slots = [0, 1, 2, 3].sort((a, b) => orders[a] - orders[b]);
    let last = -1;
    for (const slot of slots) {
      if (orders[slot] === last) continue;
      last = orders[slot];
      if (this.started) this.ctx.lineTo(xs[slot], ys[slot]);
      else this.ctx.moveTo(xs[slot], ys[slot]);
      this.started = true;
    }
    orders.fill(NaN);
    this.column = NaN;
  }
}

/** 10 with `exponent` raised and smaller (a real superscript, not "10^−9"), at (x, y) middle-left. */
function drawPower(ctx, exponent, x, y, font) {
  ctx.fillText('10', x, y);
  const base = ctx.measureText('10').width;
  const saved = ctx.font;
  // A superscript, but never under a hall's 32 px when the chart's type is that large (presentation).
  ctx.font = `${Math.round(Math.max(font * 0.72, Math.min(font, 32)))}px system-ui, sans-serif`;
  ctx.fillText(String(exponent).replace('-', '−'), x + base + 1, y - font * 0.35);
  ctx.font = saved;
}

function pointOf(p) {
  return {
    generation: p.generation,
    games: p.games,
    mu: p.mu,
    gamma: p.gamma,
    engine: p.engine,
    critical: p.critical,
    learned: p.critical_learned,
    learnedShare: p.critical ? p.critical_learned / p.critical : null,
    massMean: p.critical_mass_mean,
    massMin: p.critical_mass_min,
    prop22: p.prop22_probability,
    expected: p.expected_prop22,
    // log₁₀ Π (null when Π is 0 exactly: a critical position without optimal mass).
    prop22Log: p.prop22_log10,
    expectedLog: p.expected_prop22_log10 ?? null,
    winnersOptimal: p.winners_optimal,
  };
}
