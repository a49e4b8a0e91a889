// The page's text panels: the game's facts, the stats row, the positions table, the hover card,
// the QR code and the exports. Each function fills one element from plain values.

import { qrModules } from './core.js';

const $ = (id) => document.getElementById(id);
export const count = (n) => Number(n).toLocaleString('en');

/** A probability as text: 4 significant digits, never "1" for a value just below 1. */
export function prob(p) {
  if (p == null || Number.isNaN(p)) return '—';
  if (p === 0 || p === 1) return String(p);
  if (p < 1e-4) return p.toExponential(2);
  return p >= 0.9999 ? p.toFixed(6) : p.toPrecision(4);
}

/** Gamma as text, short: "0.0003571" rather than 17 digits. */
export const gammaText = (g) => (g === 0 ? '0' : Number(g.toPrecision(4)).toString());

export function renderFacts(info) {
  $('game-spec').textContent = info.game;
  $('positions-count').textContent = count(info.positions);
  $('edges-count').textContent = count(info.edges);
  $('max-degree').textContent = count(info.max_degree);
  $('root-label').textContent = info.root_label;
  $('root-grundy').textContent = info.root_grundy === null ? '— (misère play has no Grundy values)' : String(info.root_grundy);
  const outcome = $('root-outcome');
  outcome.textContent =
    info.root_outcome === 'P' ? 'P: the player to move loses with best play' : 'N: the player to move wins with best play';
  outcome.dataset.outcome = info.root_outcome;
  $('critical-count').textContent = count(info.critical);
  $('fictitious-note').hidden = !info.fictitious_start;
}

/** The stats row (item 4). */
export function renderStats(progress, info) {
  $('generation').textContent = count(progress.generation);
  $('games-played').textContent = count(progress.games);
  $('critical-learned').textContent = `${count(progress.critical_learned)} of ${count(progress.critical)}`;
  $('optimal-mass').textContent = prob(progress.prop22_probability);
  $('model-hash').textContent = progress.model_hash;
  const found = $('found');
  if (progress.found_after_games !== null) {
    found.textContent =
      `Optimal strategy found after T = ${count(progress.found_after_games)} games ` +
      `(generation ${count(progress.found_at_generation)}): a winner of that generation never leaves a winning position.`;
    found.dataset.found = String(progress.found_after_games);
  } else {
    found.textContent =
      info.critical === 0
        ? 'No critical positions: every strategy is optimal.'
        : 'No winner has played optimally yet.';
    delete found.dataset.found;
  }
}

/** The accessible table: one row per position (up to `limit`). */
export function renderTable(rows, total, limit) {
  const body = $('positions-table').tBodies[0];
  const trs = rows.map((row) => {
    const tr = document.createElement('tr');
    tr.dataset.label = row.label;
    tr.dataset.grundy = row.grundy === null ? '' : String(row.grundy);
    tr.dataset.outcome = row.outcome;
    tr.dataset.critical = String(row.critical);
    for (const [text, cls] of [
      [row.label, 'label'],
      [row.grundy === null ? '—' : String(row.grundy), 'num'],
      [row.outcome, 'outcome'],
      [row.critical ? 'yes' : '', ''],
    ]) {
      const td = document.createElement('td');
      if (cls) td.className = cls;
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  });
  body.replaceChildren(...trs);
  $('positions-note').textContent =
    total <= limit
      ? `One row per position (${count(total)}).`
      : `This game has ${count(total)} positions; the table lists the first ${count(limit)} (sinks first).`;
}

/** The hover card for a position (from the core's `position(id)`), or hidden. */
export function renderCard(card, position, at, play = 'normal') {
  if (!position) {
    card.hidden = true;
    return;
  }
  const lines = [];
  const head = document.createElement('p');
  head.className = 'card-head';
  const kind = position.outcome === 'P' ? 'P-position' : 'N-position';
  head.textContent = `${position.label} · ${kind}${position.root ? ' · start' : ''}${position.critical ? ' · critical' : ''}`;
  lines.push(head);
  const grundy = document.createElement('p');
  grundy.textContent = position.mex
    ? `Grundy value: ${position.mex}`
    : 'Misère play: no Grundy value; outcome by the misère rule.';
  lines.push(grundy);
  if (position.optimal_mass !== null) {
    const mass = document.createElement('p');
    mass.textContent = `Mass on optimal moves: ${prob(position.optimal_mass)}`;
    lines.push(mass);
  }
  if (position.moves.length === 0) {
    const none = document.createElement('p');
    none.textContent =
      play === 'misere' ? 'No moves: the player to move here has won (misère play).' : 'No moves: the player to move here has lost.';
    lines.push(none);
  } else {
    const list = document.createElement('ul');
    for (const move of position.moves) {
      const li = document.createElement('li');
      li.className = move.optimal ? 'optimal' : '';
      const g = move.grundy === null ? move.outcome : `g = ${move.grundy}`;
      li.textContent = `→ ${move.label} (${g}${move.optimal ? ', winning move' : ''}): p = ${prob(move.probability)}`;
      list.append(li);
    }
    if (position.more_moves > 0) {
      const li = document.createElement('li');
      li.textContent = `… and ${count(position.more_moves)} more moves`;
      list.append(li);
    }
    lines.push(list);
  }
  card.replaceChildren(...lines);
  card.hidden = false;
  // Keep the card inside the view: to the right of the pointer, or left when near the edge.
  const parent = card.parentElement.getBoundingClientRect();
  const w = card.offsetWidth;
  const h = card.offsetHeight;
  card.style.left = `${Math.max(4, at.x + 16 + w > parent.width ? at.x - w - 16 : at.x + 16)}px`;
  card.style.top = `${Math.max(4, Math.min(at.y + 12, parent.height - h - 4))}px`;
}

/**
 * Draws the QR code of `text` on `canvas` (or says why not), then sets the canvas'
 * `data-link` to `text`: the link it now stands for (tests wait for it).
 */
export function renderQr(canvas, text, note) {
  const ctx = canvas.getContext('2d');
  let modules;
  try {
    modules = qrModules(text);
  } catch (err) {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    note.textContent = typeof err === 'string' ? err : 'No QR code for this link.';
    canvas.dataset.link = text;
    return;
  }
  const host = new URL(text).hostname;
  note.textContent = ['127.0.0.1', 'localhost', '[::1]'].includes(host)
    ? 'This link points to this computer; other devices can open it once the page is published (see README).'
    : 'Scan to open this exact state.';
  const side = Math.round(Math.sqrt(modules.length));
  const quiet = 4;
  const scale = Math.max(1, Math.floor(canvas.width / (side + 2 * quiet)));
  const offset = Math.floor((canvas.width - scale * side) / 2);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (modules[y * side + x]) ctx.fillRect(offset + x * scale, offset + y * scale, scale, scale);
    }
  }
  canvas.dataset.link = text;
}

/** Offers `blob` as a download named `name`. */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const CSV_HEADER =
  'generation,games,mu,gamma,engine,critical,critical_learned,critical_mass_mean,critical_mass_min,prop22_probability,expected_prop22,winners_optimal';

/** The per-generation measures as CSV (one line per recorded generation). */
export function measuresCsv(points) {
  const cell = (x) => (x === null || x === undefined || Number.isNaN(x) ? '' : String(x));
  const lines = points.map((p) =>
    [p.generation, p.games, p.mu, p.gamma, p.engine, p.critical, p.learned, p.massMean, p.massMin, p.prop22, p.expected, p.winnersOptimal]
      .map(cell)
      .join(','),
  );
  return `${CSV_HEADER}\n${lines.join('\n')}\n`;
}

/** Copies text to the clipboard; falls back to selecting it in `input` for Ctrl-C. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input.value = text;
    input.select();
    return document.execCommand?.('copy') ?? false;
  }
}
