// The Grundy strip of a subtraction or octal game:
// g(0), g(1), … of one heap as a row of cells, P-positions (g = 0) in the page's blue. When the
// core has proven a period, the strip wraps at it — the preperiod on the first row, then one
// period per row — so equal columns show the periodicity at a glance.

import { onReveal, shows } from './reveal.js';

const $ = (id) => document.getElementById(id);

// The strip's values (kept here, not in the cells: a value the link hides is nowhere in the
// page) and how far step by step has revealed them ({ upTo, current }, upTo null: all).
let values = [];
let stepped = { upTo: null, current: null };
let summary = ''; // what the strip shows, before its colour key
let stripUnit = 'heap'; // what one cell's n counts (a heap, a row of pins)
onReveal(() => paint());

/** Periods longer than this are not wrapped (rows would be too wide to read). */
const WRAP_MAX = 40;
/** Cells per row when the strip is not wrapped. */
const ROW = 30;

/**
 * The rows to draw: [start, end) ranges of n. With a period p from n0 (p ≤ WRAP_MAX), rows of
 * p in phase with n0 (a short first row of n0 mod p values), so that the preperiod's rows line
 * up with the periodic ones and the eye sees where the columns start to repeat; otherwise rows
 * of ROW.
 */
export function stripRows(length, period) {
  const rows = [];
  let n = 0;
  if (period && period.period <= WRAP_MAX) {
    const first = period.preperiod % period.period;
    if (first > 0) rows.push([0, Math.min(length, first)]);
    n = first;
    while (n < length) {
      rows.push([n, Math.min(length, n + period.period)]);
      n += period.period;
    }
    return rows;
  }
  while (n < length) {
    rows.push([n, Math.min(length, n + ROW)]);
    n += ROW;
  }
  return rows;
}

/** Draws `info.grundy_strip` into #grundy-strip (hidden for other games). */
export function renderGrundyStrip(info) {
  const box = $('grundy-strip');
  const strip = info.grundy_strip;
  box.hidden = !strip;
  if (!strip) {
    delete box.dataset.preperiod;
    delete box.dataset.period;
    return;
  }
  const { period, heaps } = strip;
  values = strip.values;
  stepped = { upTo: null, current: null };
  if (period) {
    box.dataset.preperiod = String(period.preperiod);
    box.dataset.period = String(period.period);
  } else {
    delete box.dataset.preperiod;
    delete box.dataset.period;
  }
  const marked = new Set(heaps);
  box.dataset.start = JSON.stringify(heaps);
  box.dataset.marked = [...marked].sort((a, b) => a - b).join(',');
  const unit = strip.unit ?? 'heap';
  const table = document.createElement('div');
  const wrapped = period && period.period <= WRAP_MAX;
  // One period a row: its columns are the point, so its rows never wrap (a phone scrolls them).
  table.className = wrapped ? 'strip-rows periodic' : 'strip-rows';
  const rows = stripRows(values.length, period);
  // A strip of short rows (a short period) can stand beside the nim-sum table in presentation mode.
  box.dataset.narrow = String(Math.max(...rows.map(([a, b]) => b - a)) <= 8);
  for (const [from, to] of rows) {
    const row = document.createElement('div');
    row.className = 'strip-row';
    row.append(Object.assign(document.createElement('span'), { className: 'strip-start', textContent: `${from}:` }));
    // A short first row (the preperiod's first n0 mod p values) ends in the columns of the rows
    // below: empty cells before it keep every column in phase.
    if (wrapped && from === 0 && to - from < period.period && to < values.length) {
      for (let k = to - from; k < period.period; k++) row.append(Object.assign(document.createElement('span'), { className: 'strip-pad', ariaHidden: 'true' }));
    }
    for (let n = from; n < to; n++) {
      const cell = Object.assign(document.createElement('span'), {
        className: `strip-cell${marked.has(n) ? ' heap' : ''}${period && n < period.preperiod ? ' pre' : ''}`,
      });
      cell.dataset.n = String(n);
      row.append(cell);
    }
    table.append(row);
  }
  // Short: beside the board in presentation mode the strip's rows must still fit the first screen.
  const upTo = `g(n) of one ${unit}, n = 0 … ${values.length - 1}`;
  const from = period?.preperiod > 0 ? ` from ${unit} ${period.preperiod}` : '';
  const said = !period
    ? `${upTo}: no period proven within the values searched.`
    : period.period > WRAP_MAX
      ? `${upTo}: period ${period.period} (proven)${from}, too long to wrap here.`
      : `${upTo}: period ${period.period} (proven)${from}, one period a row, so ${from ? 'from there ' : ''}the columns repeat${from ? ' (the cells with a dashed border come before)' : ''}.`;
  box.querySelector('summary').textContent = `Grundy strip: g(n) of one ${unit}`;
  summary = said;
  stripUnit = unit;
  $('grundy-strip-rows').replaceChildren(table);
  paint();
}

/**
 * Writes each cell's value, or '?' while step by step has not reached it or the link hides the
 * values (reveal.js); the cell being computed lit. `data-g` is the value shown ('' when hidden).
 */
function paint() {
  const box = $('grundy-strip');
  const { upTo, current } = stepped;
  // Stepping along the strip is a reveal of its own: it decides what is shown.
  const linkShows = shows('values') || upTo !== null;
  const key = shows('values')
    ? 'Blue: g = 0, a P-position.'
    : upTo !== null
      ? 'Step along the strip to compute its values (the link hides the others).'
      : 'Its values are hidden for now (V reveals them).';
  $('grundy-strip-text').textContent = `${summary} ${key} Outlined: the ${stripUnit}s of the position shown.`;
  for (const cell of box.querySelectorAll('.strip-cell')) {
    const n = Number(cell.dataset.n);
    const g = values[n];
    const shown = linkShows && (upTo === null || n <= upTo);
    cell.textContent = shown ? String(g) : '?';
    cell.dataset.g = shown ? String(g) : '';
    cell.classList.toggle('p', shown && g === 0);
    cell.classList.toggle('unknown', !shown);
    cell.classList.toggle('lit', upTo !== null && n === current);
    const heap = cell.classList.contains('heap') ? ' (a heap of this game)' : '';
    cell.title = shown
      ? `g(${n}) = ${g}${g === 0 ? ': a P-position' : ''}${heap}`
      : upTo !== null && n > upTo
        ? `g(${n}): not computed yet`
        : `g(${n}): hidden for now (V reveals the values)`;
  }
}

/**
 * Marks the heaps of the position on the board (play mode) on the strip: a heap of n is the
 * cell g(n). `heaps` null puts back the start's heaps.
 */
export function markHeaps(heaps) {
  const box = $('grundy-strip');
  const marked = new Set(heaps ?? JSON.parse(box.dataset.start ?? '[]'));
  for (const cell of box.querySelectorAll('.strip-cell')) cell.classList.toggle('heap', marked.has(Number(cell.dataset.n)));
  box.dataset.marked = [...marked].sort((a, b) => a - b).join(',');
}

/** The heap sizes a board view shows (one heap, rows of pins), or null for other boards. */
export function heapsOf(view) {
  if (view?.kind === 'heap') return [view.heap];
  if (view?.kind === 'pins') return view.rows;
  return null;
}

/**
 * Step by step along the strip (strip-stepper.js): cells 0 … `upTo` show their values, the
 * others a '?', and cell `current` is lit; `upTo` null shows every value again. The strip's
 * `data-revealed` is the number of cells shown (empty when all are), `data-current` the lit one.
 */
export function revealStrip(upTo, current = upTo) {
  const box = $('grundy-strip');
  stepped = { upTo, current };
  paint();
  box.dataset.revealed = upTo === null ? '' : String(upTo + 1);
  box.dataset.current = upTo === null || current === null ? '' : String(current);
}
