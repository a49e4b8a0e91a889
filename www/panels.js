// The page's text panels: the game's facts, the stats row, the positions table, and the
// exports. Each function fills one element from plain values.

import { renderGsetSteps } from './gset-view.js';
import { renderGrundyStrip } from './grundy-strip.js';
import { onReveal, shows } from './reveal.js';

const $ = (id) => document.getElementById(id);

/**
 * A whole number with thousands' commas, as `toLocaleString('en')` writes it, without calling
 * it: its first call loads the locale's data, 15 ms of a lesson link's opening on a phone
 * (Lighthouse's blocking time). Other numbers still go to toLocaleString.
 */
export function count(n) {
  const x = Number(n);
  if (!Number.isSafeInteger(x)) return x.toLocaleString('en');
  return `${x < 0 || Object.is(x, -0) ? '-' : ''}${String(Math.abs(x)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/**
 * `el`'s text: what happened (`what`), then why (`why`, in a span.why that a lesson's
 * presentation leaves to the speaker note, style.css); its textContent is the two joined.
 */
function said(el, what, why) {
  if (el.textContent === what + why) return;
  el.replaceChildren(what, Object.assign(document.createElement('span'), { className: 'why', textContent: why }));
}

/** A probability as text: 4 significant digits, never "1" for a value just below 1. */
export function prob(p) {
  if (p == null || Number.isNaN(p)) return '—';
  if (p === 0 || p === 1) return String(p);
  if (p < 1e-4) return p.toExponential(2);
  return p >= 0.9999 ? p.toFixed(6) : p.toPrecision(4);
}

/**
 * Π as text: as a probability while it reads well (≥ 10⁻⁴), else as a power of ten from its
 * log₁₀ (the core's sum of logarithms: the product itself underflows to 0 on big games), so
 * 1e-17 or 10^−1,000 is never read as 0. Returns { text } or { base: '10', exponent }.
 */
export function piParts(p, log10) {
  if (p >= 1e-4 || log10 === null || log10 === undefined) return { text: prob(p) };
  const digits = log10 > -100 ? log10.toFixed(1) : Math.round(log10).toLocaleString('en');
  return { base: '10', exponent: digits.replace('-', '−') };
}

function showPi(el, p, log10) {
  const parts = piParts(p, log10);
  if (parts.text !== undefined) {
    el.textContent = parts.text;
  } else {
    const sup = document.createElement('sup');
    sup.textContent = parts.exponent;
    el.replaceChildren(parts.base, sup);
  }
}

/** Gamma as text, short: "0.0003571" rather than 17 digits. */
export const gammaText = (g) => (g === 0 ? '0' : Number(g.toPrecision(4)).toString());

// The last game's facts, table and graph summary, drawn again when a part the link hid is revealed (reveal.js).
let facts = null;
let table = null;
let summary = null;
onReveal(() => {
  if (facts) renderSpoilers(...facts);
  if (table) renderTable(...table);
  if (summary) renderSummary(...summary);
});

export function renderFacts(info, startView) {
  $('game-spec').textContent = info.game;
  $('positions-count').textContent = count(info.positions);
  $('edges-count').textContent = count(info.edges);
  $('max-degree').textContent = count(info.max_degree);
  $('root-label').textContent = info.root_label;
  $('critical-count').textContent = count(info.critical);
  facts = [info, startView];
  renderSpoilers(info, startView);
  renderGrundyStrip(info);
}

/** The facts that tell a value or an outcome: each only when the link does not hide it. */
function renderSpoilers(info, startView) {
  const [values, outcomes] = [shows('values'), shows('outcomes')];
  $('root-grundy').textContent = !values
    ? 'hidden for now (V reveals the values)'
    : info.root_grundy === null
      ? '— (under misère play they do not decide the winner)'
      : String(info.root_grundy);
  const outcome = $('root-outcome');
  outcome.textContent = !outcomes
    ? 'hidden for now (O reveals the outcomes)'
    : {
        P: 'P: the player to move loses with best play',
        N: 'N: the player to move wins with best play',
        D: 'D: a draw with best play (neither player can force a win)',
      }[info.root_outcome];
  if (outcomes) outcome.dataset.outcome = info.root_outcome;
  else delete outcome.dataset.outcome;
  // "v* moves to it first": the start is a P-position.
  $('fictitious-note').hidden = !info.fictitious_start || !outcomes;
  renderParts(values ? info : { ...info, parts: null });
  renderGsetSteps(values ? info : { ...info, gset_steps: null }, startView);
}

/**
 * A sum of games (the core lists its parts in `info.parts`, whatever their families): the nim-sum
 * of the parts' Grundy values at the start (Fenner & Rogers Theorem 2.28), and under misère play that
 * this XOR rule does not hold.
 */
function renderParts(info) {
  const note = $('parts-note');
  note.hidden = !info.parts;
  if (!info.parts) {
    delete note.dataset.total;
    return;
  }
  const values = info.parts.map((p) => p.grundy);
  const total = values.reduce((a, b) => a ^ b, 0);
  const xor = `${values.join(' ⊕ ')} = ${total}`;
  note.dataset.total = String(total);
  note.textContent =
    info.play === 'misere'
      ? `A sum of ${values.length} games. Under normal play its parts' Grundy values at the start would give ${xor}, ` +
        'but misère sums do not follow this XOR rule: the outcomes here come from the misère recursion on the whole sum.'
      : `A sum of ${values.length} games: the nim-sum of its parts' Grundy values at the start, ${xor}, ` +
        "is the start's Grundy value (Sprague–Grundy: g(G + H) = g(G) ⊕ g(H)).";
}

/** The stats row: generation, games, Π and the critical positions learned. */
export function renderStats(progress, info) {
  $('generation').textContent = count(progress.generation);
  $('games-played').textContent = count(progress.games);
  $('critical-learned').textContent = `${count(progress.critical_learned)} of ${count(progress.critical)}`;
  showPi($('optimal-mass'), progress.prop22_probability, progress.prop22_log10);
  // A working learner's worker hashes p only now and then (a pass over every byte of it): until
  // the next hash, the last one is shown with the generation it belongs to.
  const hash = $('model-hash');
  if (progress.model_hash) Object.assign(hash.dataset, { hash: progress.model_hash, generation: String(progress.generation) });
  const hashed = Number(hash.dataset.generation);
  hash.textContent =
    hash.dataset.hash === undefined ? '' : hashed === progress.generation ? hash.dataset.hash : `${hash.dataset.hash} (generation ${count(hashed)})`;
  const lost = $('lost-note');
  lost.dataset.lost = String(progress.critical_lost);
  if (progress.critical_lost === 0) {
    lost.textContent =
      progress.gamma === 0
        ? 'γ = 0: a move that no winner plays gets p = 0 and is never sampled again. No critical position has lost its winning moves yet.'
        : `Every move keeps p ≥ γ = ${gammaText(progress.gamma)}, so no winning move is lost for good.`;
  } else {
    said(
      lost,
      `${count(progress.critical_lost)} of ${count(progress.critical)} critical positions have p = 0 on every winning move`,
      ': with γ = 0 no sample moves there again, so Π = 0: no sampled strategy plays a winning move at every critical position any more.',
    );
  }
  const found = $('found');
  if (progress.found_after_games !== null) {
    said(
      found,
      `Optimal strategy found after T = ${count(progress.found_after_games)} games (generation ${count(progress.found_at_generation)})`,
      ': a winner of that generation never leaves a winning position.' +
        (progress.prop22_probability < 0.5
          ? ' Π can still be small: it is the chance that a sampled strategy plays a winning move at every critical position (Prop 2.2), only a lower bound on the chance that it is optimal, and one optimal winner among μ games was enough.'
          : ''),
    );
    found.dataset.found = String(progress.found_after_games);
  } else {
    found.textContent =
      info.critical === 0
        ? 'No critical positions: every strategy is optimal.'
        : 'No winner has played optimally yet.';
    delete found.dataset.found;
  }
}

/** Π in words for the canvas summary: "0.25" or "10 to the power −17.3". */
function piWords(p, log10) {
  const parts = piParts(p, log10);
  return parts.text ?? `10 to the power ${parts.exponent}`;
}

/** The graph canvas' text summary (its aria-label): the game, and the run after `p` (progress). */
export function renderSummary(canvas, info, p) {
  summary = [canvas, info, p];
  // What the link hides (reveal.js) is not described either.
  if (!shows('graph')) {
    canvas.setAttribute('aria-label', `Game graph of ${info.game}: hidden for now (G reveals it).`);
    return;
  }
  const colours = shows('outcomes') ? 'Blue squares are P-positions, orange circles N-positions.' : 'Outcomes are hidden for now (O reveals them).';
  canvas.setAttribute(
    'aria-label',
    `Game graph of ${info.game}: ${count(info.positions)} positions in ${count(info.layers)} layers, ` +
      `${count(info.critical)} critical. ${colours} ` +
      (p ? `Generation ${count(p.generation)}, ${count(p.games)} games played, Π = ${piWords(p.prop22_probability, p.prop22_log10)}.` : ''),
  );
}

/** The accessible table: one row per position (up to `limit`). */
export function renderTable(rows, total, limit) {
  table = [rows, total, limit];
  const body = $('positions-table').tBodies[0];
  // What the link hides (reveal.js) is neither written nor kept in an attribute: '?' instead.
  const [values, outcomes] = [shows('values'), shows('outcomes')];
  const trs = rows.map((row) => {
    const tr = document.createElement('tr');
    tr.dataset.label = row.label;
    if (values) tr.dataset.grundy = row.grundy === null ? '' : String(row.grundy);
    if (outcomes) {
      tr.dataset.outcome = row.outcome;
      tr.dataset.critical = String(row.critical);
    }
    for (const [text, cls] of [
      [row.label, 'label'],
      [!values ? '?' : row.grundy === null ? '—' : String(row.grundy), 'num'],
      [outcomes ? row.outcome : '?', 'outcome'],
      [outcomes && row.critical ? 'yes' : outcomes ? '' : '?', ''],
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
