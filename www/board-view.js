// The board: one position drawn as the thing it is (heaps of counters, rows of pins, a queen on
// a quarter board, coins on a strip, a row of turtles, a Chomp bar, a Hasse diagram, a grid of
// cells, sticks standing on the ground, a name),
// from the core's PositionView (src/games/family.rs). Nothing here parses label text or knows a
// game's rules (how a move is made comes with the view: src/board_words.rs): a click on
// the board names a part of the drawing (a key such as `h2:1`, counter 1 of the third heap), and
// `movePath` says which clicks make a given legal move by comparing the views of the two
// positions. board-moves.js resolves clicks against the core's list of legal moves, so a click
// is a move only when the core lists the position it leads to.

import { isTouch } from './touch.js';

const SVG = 'http://www.w3.org/2000/svg';
const el = (...args) => svgElement(...args);

/**
 * On a touch screen, every part of a board that takes a tap is at least this many CSS px each
 * way (issue 45; WCAG 2.5.5's 44 px, with half a pixel against rounding): the board is drawn at
 * a scale that gives it, rows of counters, pins, coins and squares are wrapped to the screen's
 * width at that scale, and a board that still cannot fit (a wide grid) scrolls sideways.
 */
export const TOUCH_TARGET = 44.5;
/** The most CSS px per drawing unit on a touch screen (a board of three counters is not a poster). */
const TOUCH_UNIT_MAX = 56;
/**
 * The rows' labels on a touch screen, over their rows (SVG units): at least 0.45 × 44.5 / 1.1 =
 * 18 px, since a unit is never less than TOUCH_TARGET / 1.1 px there.
 */
const ABOVE_FONT = 0.45;

/**
 * How many parts of `pitch` units fit on a line of a touch board (`fit`: { px, min }: the px
 * the board has, the px a target needs) when a target is `target` units and the line has
 * `margin` units besides; at least 1, at most `most`.
 */
function lineFor(fit, pitch, target, margin, most) {
  const units = (fit.px * target) / fit.min;
  return Math.max(1, Math.min(most, Math.floor((units - margin) / pitch + 1e-9)));
}

/**
 * Heaps above this many counters are drawn as a bar (moves on them are made from the list);
 * the core's words of the board say so with the same number (board_words.rs MAX_COUNTERS).
 */
export const MAX_COUNTERS = 40;
/** Boards with more cells than this are drawn without cells (moves from the list). */
const MAX_CELLS = 2500;
/**
 * A heap of more counters than this is wrapped into lines of this many, read like text: a heap
 * of 30 on one line made 8 px counters on a phone and a label under 18 px on a projector (the
 * core's words of the board say so with the same number: board_words.rs BOARD_LINE).
 */
const LINE = 10;

/** The width a row's labels take (0.55-unit type, about 0.32 units a character), so none touches its first counter or pin. */
/**
 * The type of the rows' labels (SVG units: a counter is 0.84 across): larger in presentation
 * mode, so that they are at least 40 px on a 1920 × 1080 projector (tests/browser/hall.test.mjs).
 */
const labelFont = () => (globalThis.document?.body?.dataset.present === 'true' ? 0.9 : 0.55);
const labelWidth = (labels) => {
  const k = labelFont() / 0.55;
  return Math.max(2.6 * k, 0.45 + 0.32 * k * Math.max(0, ...labels.map((t) => t.length)));
};

/** Rows of pins (non-increasing) after knocking down `take` pins of row `r` from pin `j` on. */
export function pinsAfter(rows, r, j, take) {
  const n = rows[r];
  const left = j;
  const right = n - j - take;
  if (take < 1 || left < 0 || right < 0) return null;
  const out = rows.filter((_, i) => i !== r);
  for (const piece of [left, right]) if (piece > 0) out.push(piece);
  return out.sort((a, b) => b - a);
}

/** The key of a pin click: the rows it leaves, so equal rows and mirror-image pins share it. */
export const pinKey = (rows) => `k${rows.join(',')}`;

/** Counts of the non-zero values of a list (a multiset). */
function multiset(values) {
  const counts = new Map();
  for (const v of values) if (v > 0) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

/** Values of `a` beyond their count in `b` (as a list). */
function excess(a, b) {
  const out = [];
  for (const [value, count] of a) for (let k = count - (b.get(value) ?? 0); k > 0; k--) out.push(value);
  return out;
}

/** How many pins the move from `from` to `to` knocks down (null: not a move on pins). */
export function pinsTaken(from, to) {
  if (!from || !to || from.kind !== to.kind) return null;
  if (from.kind === 'sum') {
    const k = from.parts.findIndex((part, i) => JSON.stringify(part) !== JSON.stringify(to.parts[i]));
    return k < 0 ? null : pinsTaken(from.parts[k], to.parts[k]);
  }
  if (from.kind !== 'pins') return null;
  const total = (rows) => rows.reduce((s, x) => s + x, 0);
  return total(from.rows) - total(to.rows);
}

/**
 * The clicks on the board that make the move from `from` to `to` (two views of one game), as a
 * list of keys; [] when the board offers no click for it (then it is made from the list).
 * - heaps: heap i goes from a counters to b < a (Nim keeps every heap in its place): click
 *   counter b of heap i (`h{i}:{b}`), which takes it and every counter to its right. Equal
 *   heaps have keys of their own, so the counter pointed at is the one taken.
 * - pins: the rows left (`k{rows}`): a click on pin j knocks down the pins chosen above the
 *   board from j on, and names the rows that leaves; the move is the core's move to them.
 * - splits (Grundy's game, Lasker's Nim; heaps a sorted multiset): taking leaves b < a, the click
 *   on counter b of a heap of a (`h{a}:{b}`, shared by equal heaps, which make the same moves);
 *   a split of a into b and a − b is the click on counter min(b, a − b), where the heap is cut.
 *   A take and a split on the same counter share the click; the list tells them apart.
 * - queen: the square the queen moves to (`q{x},{y}`).
 * - strip: the empty square a coin slides to (`s{i}`).
 * - turtles: the coin turned from heads to tails, then the coin to its left also turned, or the
 *   same coin again to turn only it (`t{i}`, `t{j}`).
 * - chomp: the square bitten (`c{row},{col}`, row 0 at the bottom): every square above and to
 *   its right goes with it.
 * - poset: the element picked (`p{i}`): it and everything above it go.
 * - cells: the two empty cells a domino fills (`g{i}`, cells in reading order), the first in
 *   reading order first.
 * - sticks: the stick cut (`k{i}`): the one gone whose cut leaves exactly what stands after.
 */
export function movePath(from, to) {
  if (!from || !to || from.kind !== to.kind) return [];
  switch (from.kind) {
    case 'heap':
      return to.heap < from.heap ? [`h0:${to.heap}`] : [];
    case 'heaps': {
      if (from.heaps.length !== to.heaps.length) return [];
      const changed = from.heaps.map((a, i) => (a !== to.heaps[i] ? i : -1)).filter((i) => i >= 0);
      if (changed.length !== 1) return [];
      const i = changed[0];
      return to.heaps[i] < from.heaps[i] ? [`h${i}:${to.heaps[i]}`] : [];
    }
    case 'splits': {
      // Heaps as a multiset (the label sorts them): equal heaps make the same moves, so they
      // share their keys, h{a}:{b}.
      const before = multiset(from.heaps);
      const after = multiset(to.heaps);
      const removed = excess(before, after);
      const added = excess(after, before);
      if (removed.length !== 1) return [];
      const left = added.reduce((s, x) => s + x, 0);
      if (left === removed[0] && added.length === 2) return [`h${removed[0]}:${Math.min(...added)}`];
      return left < removed[0] ? [`h${removed[0]}:${left}`] : [];
    }
    case 'pins':
      return [pinKey(to.rows)];
    case 'queen':
      return [`q${to.heaps[0]},${to.heaps[1]}`];
    case 'strip': {
      const dest = to.coins.find((c) => !from.coins.includes(c));
      return dest === undefined ? [] : [`s${dest}`];
    }
    case 'turtles': {
      const flipped = from.heads.map((h, i) => (h !== to.heads[i] ? i : -1)).filter((i) => i >= 0);
      if (flipped.length === 0 || flipped.length > 2) return [];
      const main = flipped.at(-1);
      const other = flipped.length === 2 ? flipped[0] : main;
      return [`t${main}`, `t${other}`];
    }
    case 'chomp': {
      const row = from.lengths.findIndex((len, r) => (to.lengths[r] ?? 0) < len);
      return row < 0 ? [] : [`c${row},${to.lengths[row] ?? 0}`];
    }
    case 'poset': {
      const gone = new Set(from.remaining.map((r, i) => (r && !to.remaining[i] ? i : -1)).filter((i) => i >= 0));
      // The element picked: the removed one with no removed element below it.
      const picked = [...gone].filter((x) => !from.covers.some(([lo, hi]) => hi === x && gone.has(lo)));
      return picked.length === 1 ? [`p${picked[0]}`] : [];
    }
    case 'cells': {
      const filled = from.filled.map((f, i) => (!f && to.filled[i] ? i : -1)).filter((i) => i >= 0);
      return filled.length === 2 ? [`g${filled[0]}`, `g${filled[1]}`] : [];
    }
    case 'sticks': {
      const gone = from.remaining.map((r, i) => (r && !to.remaining[i] ? i : -1)).filter((i) => i >= 0);
      const cut = gone.find((k) => sameSticks(from, standingAfterCut(from, k), to.remaining));
      return cut === undefined ? [] : [`k${cut}`];
    }
    case 'sum': {
      // A move changes exactly one part: its clicks, prefixed by the part's number.
      const k = from.parts.findIndex((part, i) => JSON.stringify(part) !== JSON.stringify(to.parts[i]));
      return k < 0 ? [] : movePath(from.parts[k], to.parts[k]).map((key) => `${k}/${key}`);
    }
    default:
      return [];
  }
}

/** The sticks still standing after cutting stick `k`: those joined to a ground point by sticks. */
export function standingAfterCut(view, k) {
  const standing = view.remaining.map((r, i) => r && i !== k);
  const reached = view.ground.slice();
  for (let changed = true; changed; ) {
    changed = false;
    view.sticks.forEach(([a, b], i) => {
      if (standing[i] && reached[a] !== reached[b]) {
        reached[a] = reached[b] = true;
        changed = true;
      }
    });
  }
  return standing.map((r, i) => r && reached[view.sticks[i][0]]);
}

/**
 * Whether two sets of standing sticks are one position: sticks joining the same two vertices
 * (every ground point counting as the ground) are interchangeable, so only their numbers count.
 */
function sameSticks(view, a, b) {
  const end = (v) => (view.ground[v] ? 'ground' : String(v));
  const counts = (standing) => {
    const m = new Map();
    view.sticks.forEach(([x, y], i) => {
      if (!standing[i]) return;
      const key = [end(x), end(y)].sort().join('-');
      m.set(key, (m.get(key) ?? 0) + 1);
    });
    return JSON.stringify([...m].sort());
  };
  return counts(a) === counts(b);
}

/** A list in words: "3, 4 and 5". */
export function listWords(items) {
  const list = items.map(String);
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One sentence saying what the board shows (also the drawing's accessible name). */
export function describeView(view) {
  switch (view?.kind) {
    case 'heaps':
    case 'splits': {
      const heaps = view.heaps.filter((h) => h > 0);
      if (heaps.length === 0) return 'No counters left.';
      return heaps.length === 1 ? `One heap of ${plural(heaps[0], 'counter')}.` : `Heaps of ${listWords(heaps)} counters.`;
    }
    case 'heap':
      return `A heap of ${plural(view.heap, 'counter')}; a move takes ${listWords(view.moves).replace(/ and (\S+)$/, ' or $1')}.`;
    case 'pins': {
      if (view.rows.length === 0) return 'No pins left standing.';
      return view.rows.length === 1 ? `One row of ${plural(view.rows[0], 'pin')}.` : `Rows of ${listWords(view.rows)} pins.`;
    }
    case 'queen':
      return `The queen on square (${view.heaps[0]}, ${view.heaps[1]}): two heaps of ${view.heaps[0]} and ${view.heaps[1]}.`;
    case 'strip':
      return `${plural(view.coins.length, 'coin')} on squares ${listWords(view.coins)} of a strip of ${view.squares} (numbered from 0 on the left).`;
    case 'turtles': {
      const heads = view.heads.filter(Boolean).length;
      return `${plural(heads, 'head')} and ${plural(view.heads.length - heads, 'tail')} showing.`;
    }
    case 'chomp': {
      const left = view.lengths.reduce((s, x) => s + x, 0);
      return left <= 1
        ? 'Only the poisoned square is left.'
        : `${plural(left, 'square')} of chocolate left in rows of ${listWords(view.lengths)} (bottom row first); the bottom-left square is poisoned.`;
    }
    case 'poset': {
      const names = view.elements.filter((_, i) => view.remaining[i]);
      return names.length === 0 ? 'No elements left.' : `${plural(names.length, 'element')} of ${view.elements.length} left: ${listWords(names)}.`;
    }
    case 'cells': {
      const empty = view.filled.filter((f) => !f).length;
      return `A board of ${view.rows} × ${view.cols} cells, ${plural(empty, 'cell')} still empty.`;
    }
    case 'sticks': {
      const standing = view.remaining.filter(Boolean).length;
      return standing === 0 ? 'No sticks left standing.' : `${plural(standing, 'stick')} of ${view.sticks.length} still standing.`;
    }
    case 'named':
      return `Position ${view.label}.`;
    case 'sum':
      return `A sum of ${view.parts.length} games, one move in one of them: ${view.parts.map((part, k) => `(${k + 1}) ${describeView(part)}`).join(' ')}`;
    case undefined:
      return '';
    default:
      throw unknownKind(view);
  }
}

/** An SVG element with attributes (null ones left out) and optional text. */
export function svgElement(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A view of a kind this module does not know: the core's PositionView gained a variant that the
 * page does not draw yet (tests/www/board-view.test.mjs checks the two lists agree), an error
 * rather than a nameless drawing.
 */
const unknownKind = (view) => new Error(`the board cannot draw a position of kind '${view.kind}'`);

/** Whether a view has rows of pins (itself or one of a sum's parts). */
export const hasPins = (view) => view?.kind === 'pins' || (view?.kind === 'sum' && view.parts.some(hasPins));

/**
 * The board element: the rules, a caption, for pins how many a click knocks down, the drawing
 * (SVG) and a line saying how to move. `onKey(key)` is called when a part of the drawing with a
 * key is clicked; `onTake(n)` when the pins per click change.
 */
export class BoardView {
  constructor(root, { onKey, onTake = () => {}, touchSized = false }) {
    this.root = root;
    this.onKey = onKey;
    this.onTake = onTake;
    // Boards of the modes (BoardMoves): on a touch screen, drawn with targets a finger can hit.
    this.touchSized = touchSized;
    // A phone turned sideways: a touch board drawn for another width is drawn again for this one.
    this.shown = null; // the last show()'s arguments and the width it fitted, on touch
    if (touchSized && globalThis.ResizeObserver) {
      new ResizeObserver(() => {
        if (this.shown && !this.root.hidden && Math.abs(this.widthPx() - this.shown.px) >= 1) this.show(...this.shown.args);
      }).observe(root);
    }
    this.take = 1;
    this.rules = Object.assign(document.createElement('p'), { className: 'board-rules' });
    this.caption = Object.assign(document.createElement('p'), { className: 'board-caption' });
    this.takeBar = Object.assign(document.createElement('div'), { className: 'take-bar', hidden: true });
    this.takeBar.setAttribute('role', 'group');
    this.takeBar.setAttribute('aria-label', 'Pins knocked down per click');
    this.takeBar.addEventListener('click', (e) => {
      const b = e.target instanceof Element && e.target.closest('button[data-take]');
      if (!b) return;
      this.take = Number(b.dataset.take);
      for (const other of this.takeBar.querySelectorAll('button')) other.setAttribute('aria-pressed', String(other === b));
      this.onTake(this.take);
    });
    this.svg = el('svg', { class: 'board-drawing', role: 'img' });
    this.help = Object.assign(document.createElement('p'), { className: 'note board-help' });
    root.replaceChildren(this.rules, this.caption, this.takeBar, this.svg, this.help);
    this.frame = null; // the start's view: fixes the board's size for the whole game
    this.svg.addEventListener('click', (e) => {
      const part = e.target instanceof Element && e.target.closest('[data-key]');
      if (part) this.onKey(part.dataset.key, part.dataset.part);
    });
    // Aiming: the parts a click would take light up (counters to the right, squares above).
    this.svg.addEventListener('pointerover', (e) => this.aim(e.target instanceof Element ? e.target.closest('[data-key]') : null));
    this.svg.addEventListener('pointerleave', () => this.aim(null));
  }

  /**
   * A new game: `frame` is its start's view (the largest board it will need); `rules` the
   * core's sentence of what a move is and who wins (normal or misère).
   */
  setFrame(frame, rules = '') {
    this.frame = frame;
    this.rules.textContent = rules;
    this.rules.hidden = rules === '';
  }

  /** The pins-per-click choice: `takes` lists the numbers the game's moves knock down. */
  showTakes(takes) {
    const list = [...new Set(takes)].sort((a, b) => a - b);
    this.takeBar.hidden = list.length < 2;
    if (!list.includes(this.take)) this.take = list[0] ?? 1;
    if (list.length < 2) {
      this.takeBar.replaceChildren();
      return;
    }
    const label = Object.assign(document.createElement('span'), { textContent: 'Pins per click:' });
    this.takeBar.replaceChildren(
      label,
      ...list.map((n) => {
        const b = Object.assign(document.createElement('button'), { type: 'button', textContent: String(n) });
        b.dataset.take = String(n);
        b.setAttribute('aria-pressed', String(n === this.take));
        b.setAttribute('aria-label', `knock down ${n} adjacent ${n === 1 ? 'pin' : 'pins'} per click`);
        return b;
      }),
    );
  }

  /**
   * Draws `view` (label `label`). `marks`: key → 'legal' | 'winning' for the first click of each
   * legal move (winning only when hints are shown); `chosen`: a key already clicked (a
   * two-click move under way); `caption` replaces the default sentence; `aimed`: the part
   * (data-part) tapped for `chosen`: only it is marked chosen (not its mirror image, which shares
   * the key) and what it takes is lit, as a pointer over it does (a move waiting to be confirmed).
   */
  show(view, label, options = {}) {
    const { marks = new Map(), chosen = null, caption = null, help = true, aimed = null } = options;
    this.view = view;
    this.root.dataset.position = label;
    this.root.dataset.kind = view?.kind ?? '';
    this.caption.textContent = caption ?? describeView(view);
    // How a move is made comes with the view from the core (src/board_words.rs).
    this.help.textContent = help ? (view?.how ?? '') : '';
    this.svg.setAttribute('aria-label', `${label}: ${describeView(view)}`);
    const parts = [];
    const fit = this.touchSized && isTouch() ? { px: this.widthPx(), min: TOUCH_TARGET } : null;
    this.shown = fit ? { args: [view, label, options], px: fit.px } : null;
    const size = draw(view, this.frame, parts, this.take, fit);
    this.svg.setAttribute('viewBox', `0 0 ${size.width} ${size.height}`);
    this.svg.style.aspectRatio = `${size.width} / ${size.height}`;
    // On touch: as wide as the board's box allows, but never so small that a target is under
    // TOUCH_TARGET px (then the box scrolls sideways: style.css .board-touch).
    const touch = fit !== null && size.target > 0;
    this.root.classList.toggle('board-touch', touch);
    const unit = touch ? Math.max(fit.min / size.target, Math.min(TOUCH_UNIT_MAX, fit.px / size.width)) : 0;
    this.svg.style.width = touch ? `${size.width * unit}px` : '';
    this.svg.style.maxHeight = touch ? 'none' : '';
    for (const node of parts) {
      const key = node.dataset?.key;
      if (key) {
        const mark = marks.get(key);
        if (mark) node.classList.add('legal');
        if (mark === 'winning') node.classList.add('winning');
        if (key === chosen && (aimed === null || node.dataset.part === aimed)) node.classList.add('chosen');
      }
    }
    this.svg.replaceChildren(...parts);
    if (aimed !== null && chosen) this.aim(parts.find((node) => node.dataset?.key === chosen && node.dataset.part === aimed) ?? null);
  }

  /**
   * Values of positions drawn where the board has a place for each position (a queen's board:
   * square (x, y) is position "x,y"); other boards have none, and this does nothing.
   * `valueOf(label)`: the position's value (a number, or 'P' / 'N' in misère play), or undefined
   * while unknown; each such square shows its value and P-positions (0, or 'P') are marked
   * (`data-p`), so where the zeros fall can be seen.
   */
  markPositions(valueOf) {
    if (this.view?.kind !== 'queen') return;
    for (const square of this.svg.querySelectorAll('rect.square[data-part]')) {
      const value = valueOf(square.dataset.part);
      if (value === undefined) continue;
      if (value === 0 || value === 'P') square.dataset.p = 'true';
      const x = Number(square.getAttribute('x')) + 0.5;
      const y = Number(square.getAttribute('y')) + 0.7;
      square.after(svgElement('text', { x, y, class: 'square-value', 'text-anchor': 'middle', 'font-size': 0.5, 'pointer-events': 'none', ...FONT }, String(value)));
    }
  }

  /** The CSS px the board's box gives its drawing (inside its padding). */
  widthPx() {
    const box = this.root.clientWidth;
    if (box <= 0) return Math.max(200, document.documentElement.clientWidth - 60);
    const style = getComputedStyle(this.root);
    return box - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }

  /** Lights up what clicking `part` would take (its data-aim lists keys of the parts). */
  aim(part) {
    for (const node of this.svg.querySelectorAll('.aimed')) node.classList.remove('aimed');
    if (!part || !part.classList.contains('legal')) return;
    const keys = new Set((part.dataset.aim ?? part.dataset.key).split(' '));
    for (const node of this.svg.querySelectorAll('[data-part]')) if (keys.has(node.dataset.part)) node.classList.add('aimed');
    // The part itself too (a queen's square is keyed by where it goes, not by its part).
    part.classList.add('aimed');
  }
}

/**
 * Appends the drawing of `view` to `parts`; returns its size in drawing units and `target`, the
 * least width or height of a part that takes a click (0: none). `fit` (touch screens, else
 * null): { px, min }, the CSS px the board has and a target needs; rows are then wrapped to fit
 * and labelled above.
 */
function draw(view, frame, parts, take = 1, fit = null) {
  switch (view?.kind) {
    case 'pins':
      return drawPins(view.rows, frame?.kind === 'pins' ? frame.rows : view.rows, take, parts, fit);
    case 'heaps': {
      // Heaps that keep their places (Nim writes a taken heap as 0) show what was taken, faded.
      const start = frame?.kind === 'heaps' && frame.heaps.length === view.heaps.length ? frame.heaps : null;
      return drawHeaps(view.heaps, null, start ?? view.heaps, parts, start, 'take', fit);
    }
    case 'splits':
      return drawHeaps(view.heaps, null, view.heaps, parts, null, view.takes ? 'take or split' : 'split', fit);
    case 'heap': {
      const start = frame?.kind === 'heap' ? [frame.heap] : null;
      return drawHeaps([view.heap], view.moves, start ?? [view.heap], parts, start, 'take', fit);
    }
    case 'queen':
      return drawQueen(view, frame?.kind === 'queen' ? frame : view, parts, fit);
    case 'strip':
      return drawStrip(view, parts, fit);
    case 'turtles':
      return drawTurtles(view, parts, fit);
    case 'chomp':
      return drawChomp(view, parts, fit);
    case 'poset':
      return drawPoset(view, parts);
    case 'cells':
      return drawCells(view, parts);
    case 'sticks':
      return drawSticks(view, parts);
    case 'sum':
      return drawSum(view, frame, parts, take, fit);
    case 'named':
    case undefined:
      return drawName(view?.label ?? '', parts);
    default:
      throw unknownKind(view);
  }
}

/**
 * The parts of a sum one under another, each under its number; a part's keys are prefixed with
 * it (`1/h5:2`: counter 2 of a heap of 5 in the second part), so clicks name their part.
 */
function drawSum(view, frame, parts, take, fit) {
  let top = 0;
  let width = 0;
  let target = Infinity;
  view.parts.forEach((part, k) => {
    parts.push(el('text', { x: 0.1, y: top + 0.6, 'font-size': 0.55, 'font-weight': 'bold', ...FONT, fill: '#333' }, `game ${k + 1}`));
    top += 0.8;
    const drawn = [];
    const size = draw(part, frame?.kind === 'sum' ? frame.parts[k] : null, drawn, take, fit);
    for (const node of drawn) {
      node.setAttribute('transform', `translate(0 ${top}) ${node.getAttribute('transform') ?? ''}`.trim());
      for (const name of ['key', 'part']) if (node.dataset[name]) node.dataset[name] = `${k}/${node.dataset[name]}`;
      if (node.dataset.aim) node.dataset.aim = node.dataset.aim.split(' ').map((a) => `${k}/${a}`).join(' ');
      parts.push(node);
    }
    top += size.height + 0.3;
    width = Math.max(width, size.width);
    if (size.target > 0) target = Math.min(target, size.target);
  });
  return { width: Math.max(width, 4), height: top, target: Number.isFinite(target) ? target : 0 };
}

const FONT = { 'font-family': 'system-ui, sans-serif' };

/**
 * Rows of counters; counter b of heap i carries key h{i}:{b} (h{a}:{b}, by the heap's size a, when
 * a click splits). `taken` (or null): each heap's
 * size at the start, when heaps keep their places; the counters taken since are drawn faded.
 * `rule` says what a click does, for the counters' titles: 'take', 'split' or 'take or split'.
 * A counter is a group: its circle and its whole slot (1.1 units square), which takes the click.
 * `fit` (touch): lines as long as fit the screen with TOUCH_TARGET px slots, labels above.
 */
function drawHeaps(heaps, moves, start, parts, taken = null, rule = 'take', fit = null) {
  const shown = heaps.map((h, i) => ({ h, i })).filter(({ h, i }) => h > 0 || (taken?.[i] ?? 0) > 0);
  const widest = Math.min(MAX_COUNTERS, Math.max(1, ...start, ...heaps));
  const labels = shown.map(({ h, i }) => (moves ? `heap: ${h}` : `heap ${i + 1}: ${h}`));
  const labelW = fit ? 0.05 : labelWidth(labels);
  const margin = fit ? 0.1 : 0.4;
  const line = fit ? lineFor(fit, 1.1, 1.1, labelW + margin, Math.min(widest, LINE)) : Math.min(widest, LINE);
  const width = labelW + line * 1.1 + margin;
  const font = fit ? ABOVE_FONT : labelFont();
  // Counter b of a heap sits on line ⌊b / line⌋ of it, column b mod line.
  const at = (b) => ({ cx: labelW + (b % line) * 1.1 + 0.55, dy: Math.floor(b / line) * 1.1 });
  let top = 0.3;
  if (shown.length === 0) {
    parts.push(el('text', { x: width / 2, y: 0.95, 'text-anchor': 'middle', 'font-size': font, ...FONT, fill: '#555' }, 'no counters left'));
    top += 1.3;
  }
  shown.forEach(({ h, i }, row) => {
    // Labels over their rows on touch, so the counters have the screen's width.
    if (fit) top += 0.6;
    const y = top + 0.55;
    const size = Math.max(h, taken?.[i] ?? 0);
    parts.push(el('text', { x: 0.1, y: fit ? y - 0.7 : y + 0.2, 'font-size': font, ...FONT, fill: '#333' }, labels[row]));
    if (size > MAX_COUNTERS) {
      parts.push(el('rect', { x: labelW, y: y - 0.45, width: line * 1.1, height: 0.9, rx: 0.2, fill: '#e69f00', stroke: '#1d1d1d', 'stroke-width': 0.04 }));
      parts.push(el('text', { x: labelW + line * 0.55, y: y + 0.2, 'text-anchor': 'middle', 'font-size': 0.55, ...FONT }, `${h} counters: moves from the list`));
      top += 1.3;
      return;
    }
    top += (fit ? 1.2 : 1.3) + (Math.ceil(size / line) - 1) * 1.1;
    for (let b = 0; b < h; b++) {
      // Heaps that keep their places are keyed by index; heaps a move splits (a sorted
      // multiset) by size, as equal heaps make the same moves.
      const key = rule === 'take' ? `h${i}:${b}` : `h${h}:${b}`;
      const aim = Array.from({ length: h - b }, (_, k) => `${row}:${b + k}`).join(' ');
      const { cx, dy } = at(b);
      const counter = el('g', { class: 'counter', 'data-key': key, 'data-part': `${row}:${b}`, 'data-aim': aim });
      counter.append(el('rect', { x: cx - 0.55, y: y + dy - 0.55, width: 1.1, height: 1.1, fill: '#fff', 'fill-opacity': 0, stroke: 'none' }));
      counter.append(el('circle', { cx, cy: y + dy, r: 0.42 }));
      // A heap that keeps its place has a number; a split board's heaps are a sorted multiset.
      const where = moves ? 'the heap' : rule === 'take' ? `heap ${i + 1}` : 'this heap';
      const split = `split ${where} into ${b} and ${h - b}`;
      const take = `take ${h - b} from ${where} (leaving ${b})`;
      counter.append(el('title', {}, rule === 'split' ? split : rule === 'take' ? take : `${take}, or ${split}`));
      parts.push(counter);
    }
    for (let b = h; b < (taken?.[i] ?? 0); b++) {
      parts.push(el('circle', { cx: at(b).cx, cy: y + at(b).dy, r: 0.42, class: 'taken' }));
    }
  });
  return { width, height: top, target: 1.1 };
}

/**
 * Rows of pins (bowling pins, Kayles): pin j of row r is part `r:j`, and carries the key of the
 * rows left when `take` pins from j on are knocked down (pinKey), so the play mode matches it
 * to the core's move to those rows. `start`: the rows at the start, for the board's width.
 * `fit` (touch): a row wrapped in lines as long as fit the screen, read like text, its label above.
 */
function drawPins(rows, start, take, parts, fit = null) {
  const labelW = fit ? 0.05 : labelWidth(rows.map((n, r) => `row ${r + 1}: ${n}`));
  const margin = fit ? 0.1 : 0.4;
  const widest = Math.min(MAX_COUNTERS, Math.max(1, ...start, ...rows));
  const line = fit ? lineFor(fit, 1.1, 1.1, labelW + margin, widest) : widest;
  const width = labelW + line * 1.1 + margin;
  const font = fit ? ABOVE_FONT : labelFont();
  // A row's height: one line of pins (1.5), or on touch its label (0.6) and its lines (1.25 each).
  const lines = (n) => (fit ? Math.ceil(Math.max(1, Math.min(n, MAX_COUNTERS)) / line) : 1);
  const rowHeight = (n) => (fit ? 0.6 + lines(n) * 1.25 + 0.15 : 1.5);
  const height = rows.length === 0 ? 1.8 : rows.reduce((h, n) => h + rowHeight(n), 0.3);
  if (rows.length === 0) {
    parts.push(el('text', { x: width / 2, y: 1.0, 'text-anchor': 'middle', 'font-size': font, ...FONT, fill: '#555' }, 'no pins left'));
  }
  let top = 0.3;
  rows.forEach((n, r) => {
    const y = fit ? top + 0.6 : top;
    parts.push(el('text', { x: 0.1, y: fit ? top + 0.42 : y + 0.85, 'font-size': font, ...FONT, fill: '#333' }, `row ${r + 1}: ${n}`));
    top += rowHeight(n);
    if (n > MAX_COUNTERS) {
      parts.push(el('rect', { x: labelW, y, width: line * 1.1, height: 1.1, rx: 0.2, class: 'pin-bar' }));
      parts.push(el('text', { x: labelW + line * 0.55, y: y + 0.75, 'text-anchor': 'middle', 'font-size': 0.55, ...FONT }, `${n} pins: moves from the list`));
      return;
    }
    for (let j = 0; j < n; j++) {
      // Near the right end the pins knocked down are the last `take` (the click still counts).
      const first = Math.min(j, n - take);
      const after = first >= 0 ? pinsAfter(rows, r, first, take) : null;
      const aim = after ? Array.from({ length: take }, (_, k) => `${r}:${first + k}`).join(' ') : null;
      const x = labelW + (j % line) * 1.1 + 0.55;
      const py = y + Math.floor(j / line) * 1.25;
      const pin = el('g', { class: 'pin', 'data-key': after ? pinKey(after) : null, 'data-part': `${r}:${j}`, 'data-aim': aim });
      // The pin's whole slot takes a click or a tap, not only its outline (a pin is narrow on a phone).
      pin.append(el('rect', { x: x - 0.55, y: py, width: 1.1, height: 1.2, fill: '#fff', 'fill-opacity': 0 }));
      pin.append(el('ellipse', { cx: x, cy: py + 0.62, rx: 0.3, ry: 0.42 }));
      pin.append(el('circle', { cx: x, cy: py + 0.2, r: 0.17 }));
      const rest = after ? after.join(', ') || 'nothing' : '';
      pin.append(el('title', {}, after ? `knock down ${take === 1 ? 'this pin' : `${take} pins from here`} (rows left: ${rest})` : 'too few pins here'));
      parts.push(pin);
    }
  });
  return { width, height, target: 1.1 };
}

/** A quarter board with the queen; square (x, y) carries key q{x},{y}; (0, 0) is bottom-left. */
function drawQueen(view, frame, parts, fit = null) {
  const [cols, rows] = [frame.heaps[0] + 1, frame.heaps[1] + 1];
  const [qx, qy] = view.heaps;
  if (cols * rows > MAX_CELLS) return drawHeaps(view.heaps, null, frame.heaps, parts, null, 'take', fit);
  // The coordinates are the heaps: in presentation they are read from the back of a hall, as
  // large as a square allows (a square's side is the drawing's unit).
  const axis = labelFont() === 0.55 ? 0.5 : 0.95;
  const pad = axis + 0.4;
  const width = pad + cols + 0.2;
  const height = rows + pad + 0.2;
  const top = (y) => 0.2 + (rows - 1 - y);
  for (let y = 0; y < rows; y++) {
    parts.push(el('text', { x: pad - 0.2, y: top(y) + 0.5 + axis * 0.36, 'text-anchor': 'end', 'font-size': axis, ...FONT, fill: '#555' }, String(y)));
    for (let x = 0; x < cols; x++) {
      const dark = (x + y) % 2 === 1;
      parts.push(el('rect', { x: pad + x, y: top(y), width: 1, height: 1, class: `square${dark ? ' dark' : ''}`, 'data-key': `q${x},${y}`, 'data-part': `${x},${y}` }));
    }
  }
  for (let x = 0; x < cols; x++) {
    parts.push(el('text', { x: pad + x + 0.5, y: rows + 0.25 + axis, 'text-anchor': 'middle', 'font-size': axis, ...FONT, fill: '#555' }, String(x)));
  }
  parts.push(el('rect', { x: pad, y: top(0), width: 1, height: 1, fill: 'none', stroke: '#009e73', 'stroke-width': 0.08, 'pointer-events': 'none' }));
  parts.push(el('text', { x: pad + qx + 0.5, y: top(qy) + 0.78, 'text-anchor': 'middle', 'font-size': Math.max(0.8, axis), 'pointer-events': 'none', ...FONT }, '♛'));
  return { width, height, target: 1 };
}

/**
 * Squares 0…m−1 with coins; square i carries key s{i}. `fit` (touch): the strip wrapped in lines
 * as long as fit the screen, read like text (square i on line ⌊i / line⌋).
 */
function drawStrip(view, parts, fit = null) {
  const n = view.squares;
  const line = fit ? lineFor(fit, 1.1, 1, 0.2, n) : n;
  const width = line * 1.1 + 0.2;
  const height = Math.ceil(Math.max(1, n) / line) * 1.9;
  const at = (i) => ({ x: 0.1 + (i % line) * 1.1, y: Math.floor(i / line) * 1.9 });
  const coins = new Set(view.coins);
  for (let i = 0; i < n; i++) {
    const { x, y } = at(i);
    parts.push(el('rect', { x, y: y + 0.1, width: 1, height: 1, rx: 0.08, class: 'square', 'data-key': `s${i}`, 'data-part': `s${i}` }));
    if (coins.has(i)) parts.push(el('circle', { cx: x + 0.5, cy: y + 0.6, r: 0.38, class: 'coin', 'pointer-events': 'none' }));
    parts.push(el('text', { x: x + 0.5, y: y + 1.65, 'text-anchor': 'middle', 'font-size': 0.45, ...FONT, fill: '#555' }, String(i)));
  }
  return { width, height, target: 1 };
}

/** A row of coins, H or T; coin i carries key t{i}. `fit` (touch): wrapped like the strip. */
function drawTurtles(view, parts, fit = null) {
  const n = view.heads.length;
  const line = fit ? lineFor(fit, 1.1, 0.92, 0.2, n) : n;
  const width = line * 1.1 + 0.2;
  const height = Math.ceil(Math.max(1, n) / line) * 1.8;
  view.heads.forEach((head, i) => {
    const cx = 0.6 + (i % line) * 1.1;
    const y = Math.floor(i / line) * 1.8;
    const g = el('g', { 'data-key': `t${i}`, 'data-part': `t${i}`, class: `turtle ${head ? 'heads' : 'tails'}` });
    g.append(el('circle', { cx, cy: y + 0.6, r: 0.46 }));
    g.append(el('text', { x: cx, y: y + 0.8, 'text-anchor': 'middle', 'font-size': 0.55, 'font-weight': 600, ...FONT }, head ? 'H' : 'T'));
    parts.push(g);
    parts.push(el('text', { x: cx, y: y + 1.6, 'text-anchor': 'middle', 'font-size': 0.4, ...FONT, fill: '#555' }, String(i + 1)));
  });
  return { width, height, target: 0.92 };
}

/** The bar: present squares carry key c{row},{col} (row 0 at the bottom); eaten ones are faded. */
function drawChomp(view, parts, fit = null) {
  const { rows, cols, lengths } = view;
  if (rows * cols > MAX_CELLS) return drawHeaps(lengths, null, lengths, parts, null, 'take', fit);
  const width = cols + 0.2;
  const height = rows + 0.2;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const present = c < (lengths[r] ?? 0);
      const aim = [];
      if (present) for (let rr = r; rr < rows; rr++) for (let cc = c; cc < (lengths[rr] ?? 0); cc++) aim.push(`${rr},${cc}`);
      parts.push(
        el('rect', {
          x: 0.1 + c,
          y: 0.1 + (rows - 1 - r),
          width: 0.94,
          height: 0.94,
          rx: 0.06,
          class: present ? `chocolate${r === 0 && c === 0 ? ' poison' : ''}` : 'eaten',
          'data-key': present ? `c${r},${c}` : null,
          'data-part': `${r},${c}`,
          'data-aim': present ? aim.join(' ') : null,
        }),
      );
    }
  }
  parts.push(el('text', { x: 0.57, y: rows - 0.2, 'text-anchor': 'middle', 'font-size': 0.6, 'font-weight': 700, fill: '#fff', 'pointer-events': 'none', ...FONT }, '☠'));
  return { width, height, target: 0.94 };
}

/** A Hasse diagram: elements by level (longest chain below), removed ones faded; key p{i}. */
function drawPoset(view, parts) {
  const n = view.elements.length;
  const level = new Array(n).fill(0);
  // Covers go from lower to upper; a few passes settle the levels (n ≤ 64).
  for (let pass = 0; pass < n; pass++) {
    let changed = false;
    for (const [lo, hi] of view.covers) {
      if (level[hi] < level[lo] + 1) {
        level[hi] = level[lo] + 1;
        changed = true;
      }
    }
    if (!changed) break;
  }
  const levels = Math.max(...level, 0) + 1;
  const byLevel = Array.from({ length: levels }, () => []);
  level.forEach((l, i) => byLevel[l].push(i));
  const widest = Math.max(...byLevel.map((l) => l.length));
  const width = Math.max(3, widest * 1.6);
  const height = levels * 1.5 + 0.2;
  const pos = new Array(n);
  byLevel.forEach((items, l) => items.forEach((i, k) => (pos[i] = { x: (width * (k + 0.5)) / items.length, y: height - 0.85 - l * 1.5 })));
  const up = Array.from({ length: n }, (_, i) => new Set([i]));
  for (let pass = 0; pass < levels; pass++) for (const [lo, hi] of view.covers) for (const x of up[hi]) up[lo].add(x);
  for (const [lo, hi] of view.covers) {
    const faded = !view.remaining[lo] || !view.remaining[hi];
    parts.push(el('line', { x1: pos[lo].x, y1: pos[lo].y, x2: pos[hi].x, y2: pos[hi].y, class: `cover${faded ? ' faded' : ''}` }));
  }
  view.elements.forEach((name, i) => {
    const present = view.remaining[i];
    const aim = [...up[i]].filter((x) => view.remaining[x]).map((x) => `p${x}`).join(' ');
    const g = el('g', { class: `element${present ? '' : ' removed'}`, 'data-key': present ? `p${i}` : null, 'data-part': `p${i}`, 'data-aim': present ? aim : null });
    g.append(el('circle', { cx: pos[i].x, cy: pos[i].y, r: 0.42 }));
    g.append(el('text', { x: pos[i].x, y: pos[i].y + 0.17, 'text-anchor': 'middle', 'font-size': name.length > 2 ? 0.34 : 0.45, ...FONT }, name));
    parts.push(g);
  });
  return { width, height, target: 0.84 };
}

/** A grid of cells, filled ones shaded; empty cell i (reading order) carries key g{i}. */
function drawCells(view, parts) {
  const { rows, cols, filled } = view;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      parts.push(
        el('rect', {
          x: 0.1 + c,
          y: 0.1 + r,
          width: 0.94,
          height: 0.94,
          rx: 0.06,
          class: filled[i] ? 'cell filled' : 'cell',
          'data-key': filled[i] ? null : `g${i}`,
          'data-part': `g${i}`,
        }),
      );
    }
  }
  return { width: cols + 0.2, height: rows + 0.2, target: 0.94 };
}

/**
 * Sticks on a ground line: vertex (x, h) drawn h levels above the ground; a standing stick
 * carries key k{i} (with a wide transparent twin, so a thin stick takes a tap); fallen sticks
 * are faded. Sticks joining the same two vertices bow apart; a loop is a small circle.
 */
function drawSticks(view, parts) {
  const xs = view.vertices.map(([x]) => x);
  const top = Math.max(1, ...view.vertices.map(([, h]) => h));
  const width = (Math.max(0, ...xs) + 2) * 0.8;
  const height = top * 1.4 + 1.0;
  const at = (v) => ({ x: 0.8 + view.vertices[v][0] * 0.8, y: height - 0.6 - view.vertices[v][1] * 1.4 });
  parts.push(el('line', { x1: 0, y1: height - 0.6, x2: width, y2: height - 0.6, class: 'ground' }));
  const seen = new Map();
  view.sticks.forEach(([a, b], i) => {
    const p = at(a);
    const q = at(b);
    // Every ground point counts as the ground: two sticks from the ground to one vertex are a pair.
    const pair = [a, b].map((v) => (view.ground[v] ? 'g' : String(v))).sort().join('-');
    const nth = seen.get(pair) ?? 0;
    seen.set(pair, nth + 1);
    let d;
    let hit;
    if (a === b) {
      d = `M ${p.x} ${p.y} a 0.35 0.35 0 1 1 0.01 0`;
      hit = el('circle', { cx: p.x, cy: p.y - 0.35, r: 0.5, fill: '#fff', 'fill-opacity': 0 });
    } else {
      // Parallel sticks bow to alternate sides, further out each time.
      const bow = nth === 0 ? 0 : (nth % 2 ? 1 : -1) * Math.ceil(nth / 2) * 0.35;
      const mx = (p.x + q.x) / 2 + bow;
      const my = (p.y + q.y) / 2;
      d = `M ${p.x} ${p.y} Q ${mx} ${my} ${q.x} ${q.y}`;
      // The tap target: a band 0.5 wide along the stick (a thin line alone is hard to hit).
      const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      const [nx, ny] = [((p.y - q.y) / len) * 0.25, ((q.x - p.x) / len) * 0.25];
      const band = [p, { x: mx, y: my }, q].map((o) => `${o.x + nx},${o.y + ny}`);
      const back = [q, { x: mx, y: my }, p].map((o) => `${o.x - nx},${o.y - ny}`);
      hit = el('polygon', { points: [...band, ...back].join(' '), fill: '#fff', 'fill-opacity': 0 });
    }
    const standing = view.remaining[i];
    const g = el('g', { class: standing ? 'stick' : 'stick fallen', 'data-key': standing ? `k${i}` : null, 'data-part': `k${i}` });
    g.append(hit);
    g.append(el('path', { d, fill: 'none', class: 'stick-line' }));
    parts.push(g);
  });
  view.vertices.forEach(([, h], v) => {
    if (h > 0) parts.push(el('circle', { cx: at(v).x, cy: at(v).y, r: 0.1, class: 'joint', 'pointer-events': 'none' }));
  });
  return { width, height, target: 0.5 };
}

/** A position with only a name. */
function drawName(label, parts) {
  const width = Math.max(4, label.length * 0.7 + 1);
  parts.push(el('text', { x: width / 2, y: 1.1, 'text-anchor': 'middle', 'font-size': 0.9, 'font-weight': 600, ...FONT }, label));
  return { width, height: 1.6, target: 0 };
}
