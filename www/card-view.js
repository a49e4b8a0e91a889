// The hover card: the position hovered or tapped on the graph, its Grundy value worked out and
// its moves with their current probabilities. It owns which position is shown and where, and
// redraws after generations so its probabilities stay current.

import { BoardView } from './board-view.js';
import { count, prob } from './panels.js';
import { onReveal, shows } from './reveal.js';

/** At most this many redraws a second while the run goes (each costs a layout). */
const REDRAWS_PER_SECOND = 5;

export class CardView {
  constructor(card) {
    this.card = card;
    this.session = null;
    this.shown = null; // { id, at } or null
    this.generation = 0; // of the numbers the session gives now
    this.drawn = 0;
    this.timer = 0;
    onReveal(() => {
      if (this.shown) this.draw();
    });
  }

  /**
   * While a rule learns: a function giving the learner's move per position (ids, -1 at a
   * sink), so the card marks that move instead of UMDA's probabilities; null for UMDA.
   */
  setStrategy(strategy) {
    this.strategy = strategy;
    if (this.shown) this.draw();
  }

  /**
   * Step by step: a test saying whether a position's value is still hidden (then the card
   * gives its label, board and moves, but no value, outcome or winning move); null for none.
   * `why(id)`: what the card says of a hidden position instead of its value (whether it can be
   * computed now). `words`: the exercises' own { kind, value } for a hidden position (a puzzle's
   * values are hidden, not "not computed yet"; no one steps on in a quiz).
   */
  setHidden(hidden, why = null, words = null) {
    this.hidden = hidden;
    this.why = why;
    this.words = words;
    if (this.shown) this.draw();
  }

  /** Another game: nothing is shown. */
  setSession(session) {
    this.session = session;
    this.frame = null;
    this.shown = null;
    this.draw();
  }

  /**
   * A pick on the graph (`id` null: none) at `at` = { x, y, sticky }. A tap (sticky) keeps the
   * card until the next tap; a hover away does not hide it then.
   */
  pick(id, at) {
    const card = this.card;
    if (id === null) {
      if (!at.sticky && card.dataset.sticky === 'true') return;
      card.dataset.sticky = 'false';
      this.shown = null;
    } else {
      card.dataset.sticky = String(at.sticky);
      this.shown = { id, at };
    }
    this.draw();
  }

  /**
   * A generation has finished. The card is redrawn at most REDRAWS_PER_SECOND times a second,
   * but the last generation is always drawn, late if need be: the card never keeps old numbers
   * once the run stops.
   */
  generationDone(generation) {
    this.generation = generation;
    if (!this.shown) return;
    const wait = 1000 / REDRAWS_PER_SECOND - (performance.now() - this.drawn);
    if (wait <= 0) this.draw();
    else this.timer ||= setTimeout(() => this.draw(), wait);
  }

  /** The × of a card kept by a tap (a phone has no hover away to hide it); drawn by the stylesheet, so the card's text stays its own. */
  closeButton() {
    const b = Object.assign(document.createElement('button'), { type: 'button', id: 'hover-card-close', className: 'card-close' });
    b.setAttribute('aria-label', 'Close the card');
    b.addEventListener('click', () => {
      this.card.dataset.sticky = 'false';
      this.shown = null;
      this.draw();
    });
    return b;
  }

  /** A small board of position `id` (the board follows the position hovered or tapped). */
  board(id) {
    const box = document.createElement('div');
    box.className = 'board card-board';
    const board = new BoardView(box, { onKey: () => {} });
    this.frame ??= this.session.view(this.session.info.root);
    board.setFrame(this.frame);
    board.show(this.session.view(id), this.session.label(id), { help: false });
    return box;
  }

  /** Draws the card shown (or hides it); `data-generation` is the generation its numbers are from. */
  draw() {
    clearTimeout(this.timer);
    this.timer = 0;
    this.drawn = performance.now();
    const card = this.card;
    if (this.shown) {
      const board = this.session.cyclic ? null : this.board(this.shown.id);
      const learner = this.strategy ? this.strategy()[this.shown.id] : null;
      // A mode that reveals values one at a time (this.hidden) decides what the card shows;
      // otherwise what the link hides is taken out (reveal.js).
      const record = this.session.position(this.shown.id);
      const position = this.hidden ? masked(record, this.hidden) : linkMasked(record);
      if (position?.hidden && this.why) position.why = this.why(this.shown.id);
      if (position?.hidden && this.words) position.words = this.words;
      renderCard(card, position, this.shown.at, this.session.info.play, board, learner);
      if (card.dataset.sticky === 'true') card.prepend(this.closeButton());
      card.dataset.generation = String(this.generation);
    } else {
      renderCard(card, null);
      delete card.dataset.generation;
    }
  }
}

/** A position record with what step by step has not revealed taken out. */
function masked(position, hidden) {
  if (!hidden || !position) return position;
  const moves = position.moves.map((m) => ({ ...m, optimal: false, probability: undefined, ...(hidden(m.to) ? { grundy: null, outcome: '?' } : {}) }));
  if (!hidden(position.id)) return { ...position, moves };
  return { ...position, hidden: true, outcome: '?', critical: false, optimal_mass: null, moves };
}

/**
 * A position record with what the link hides (reveal.js) taken out: values (its value, its
 * mex line, its moves' values), outcomes (P/N, critical), the winning moves.
 */
function linkMasked(position) {
  const [values, outcomes, winning] = ['values', 'outcomes', 'winning'].map(shows);
  if (!position || (values && outcomes && winning)) return position;
  const moves = position.moves.map((m) => ({
    ...m,
    ...(values ? {} : { grundy: null }),
    ...(outcomes ? {} : { outcome: '?' }),
    ...(winning ? {} : { optimal: false }),
  }));
  const out = { ...position, moves };
  if (!values) Object.assign(out, { grundy: null, mex: null, valueHidden: true });
  if (!outcomes) Object.assign(out, { outcome: '?', critical: false });
  if (!winning || !outcomes) out.optimal_mass = null;
  return out;
}

/** Fills the card for a position (from the core's `position(id)`), or hides it. */
function renderCard(card, position, at, play = 'normal', board = null, learner = null) {
  if (!position) {
    card.hidden = true;
    return;
  }
  const lines = [];
  const head = document.createElement('p');
  head.className = 'card-head';
  const kind = position.hidden ? (position.words?.kind ?? 'not computed yet') : position.outcome === '?' ? 'outcome hidden' : `${position.outcome}-position`;
  head.textContent = `${position.label} · ${kind}${position.root ? ' · start' : ''}${position.critical ? ' · critical' : ''}`;
  lines.push(head);
  if (board) lines.push(board);
  const grundy = document.createElement('p');
  // A graph with cycles has a generalised Grundy value γ (text: "2" or "∞(0,1)") and no mex line.
  grundy.textContent = position.hidden
    ? (position.words?.value ?? `Its value is not computed yet. ${position.why ?? 'Step on to reveal it.'}`)
    : position.valueHidden
      ? 'Its Grundy value is hidden for now (V reveals the values).'
      : typeof position.grundy === 'string'
      ? `Generalised Grundy value γ: ${position.grundy}`
      : position.mex
        ? `Grundy value: ${position.mex}`
        : 'Misère play: the outcome comes from the misère rule (Grundy values exist but do not decide it).';
  lines.push(grundy);
  if (position.optimal_mass != null) {
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
      // A rule's learner has one move per position; UMDA has a probability for each.
      const p =
        learner !== null ? (move.to === learner ? ' ← the learner’s move' : '') : move.probability === undefined ? '' : `: p = ${prob(move.probability)}`;
      li.textContent = `→ ${move.label} (${g}${move.optimal ? ', winning move' : ''})${p}`;
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
  // More than fits: a hovered card cannot be scrolled (the pointer is on the graph); say how.
  if (card.scrollHeight > card.clientHeight && card.dataset.sticky !== 'true') {
    const more = document.createElement('p');
    more.className = 'card-more';
    more.textContent = 'Tap or click the position to keep this card and scroll its moves.';
    card.prepend(more);
  }
  // Keep the card on the graph's part of the screen: inside the view (so off the teaching
  // panels and the board around it), inside the window, below the legend, and off the pointer.
  const parent = card.parentElement.getBoundingClientRect();
  const canvas = card.parentElement.querySelector('canvas')?.getBoundingClientRect() ?? parent;
  const area = {
    left: Math.max(0, -parent.left) + CARD_MARGIN,
    top: Math.max(0, -parent.top, canvas.top - parent.top + reservedTop()) + CARD_MARGIN,
    right: Math.min(parent.width, document.documentElement.clientWidth - parent.left) - CARD_MARGIN,
    bottom: Math.min(parent.height, document.documentElement.clientHeight - parent.top) - CARD_MARGIN,
  };
  // Measured at the left edge, where its width is not cut by the view's edge, then kept at that
  // width wherever it goes (a card near the edge would otherwise wrap and grow taller).
  Object.assign(card.style, { left: '0px', top: '0px', width: '', maxHeight: '' });
  const fits = placeCard({ x: at.x, y: at.y }, { w: card.offsetWidth, h: card.offsetHeight }, area);
  // Too large for the room left: the card shrinks and scrolls (a tap keeps it for scrolling).
  card.style.width = `${fits.w}px`;
  if (fits.h < card.offsetHeight) card.style.maxHeight = `${fits.h}px`;
  card.style.left = `${fits.left}px`;
  card.style.top = `${fits.top}px`;
}

/** Pixels between the card and the edges of the room it has. */
const CARD_MARGIN = 4;
/** Pixels between the pointer and the card. */
const CARD_GAP = 14;

/** The height at the top of the graph the card leaves free (the legend), set by the controller. */
let reservedTop = () => 0;
export function reserveTop(f) {
  reservedTop = f;
}

/**
 * Where the card goes: a box of size `size` ({ w, h }, shrunk to the room if larger) inside
 * `area` ({ left, top, right, bottom }), beside the pointer `at` ({ x, y }): to its lower right,
 * lower left, upper right or upper left, else under or over it, the first that fits without
 * covering the pointer, else the one that covers it least, pushed inside the area. Returns
 * { left, top, w, h }.
 */
export function placeCard(at, size, area) {
  const w = Math.max(0, Math.min(size.w, area.right - area.left));
  const h = Math.max(0, Math.min(size.h, area.bottom - area.top));
  const clamp = (v, lo, hi) => Math.max(lo, Math.min(v, hi));
  const candidates = [
    [at.x + CARD_GAP, at.y + CARD_GAP],
    [at.x - CARD_GAP - w, at.y + CARD_GAP],
    [at.x + CARD_GAP, at.y - CARD_GAP - h],
    [at.x - CARD_GAP - w, at.y - CARD_GAP - h],
    // A narrow screen: under or over the pointer, across it.
    [at.x - w / 2, at.y + CARD_GAP],
    [at.x - w / 2, at.y - CARD_GAP - h],
  ].map(([left, top]) => ({ left: clamp(left, area.left, area.right - w), top: clamp(top, area.top, area.bottom - h), w, h }));
  // How far the pointer is inside a box (0 when outside): the least distance to an edge.
  const covers = (b) => Math.max(0, Math.min(at.x - b.left, b.left + b.w - at.x, at.y - b.top, b.top + b.h - at.y));
  const best = candidates.reduce((a, c) => (covers(c) < covers(a) ? c : a));
  if (covers(best) === 0) return best;
  // No room beside the pointer at full size: the card shrinks into the larger space under or
  // over it (it scrolls), or beside it when those are slivers.
  const below = area.bottom - (at.y + CARD_GAP);
  const above = at.y - CARD_GAP - area.top;
  const right = area.right - (at.x + CARD_GAP);
  const left = at.x - CARD_GAP - area.left;
  if (Math.max(below, above) >= MIN_CARD_ROOM) {
    const hh = Math.min(h, Math.max(below, above));
    return { left: clamp(at.x - w / 2, area.left, area.right - w), top: below >= above ? at.y + CARD_GAP : at.y - CARD_GAP - hh, w, h: hh };
  }
  const ww = Math.max(0, Math.min(w, Math.max(right, left)));
  return { left: right >= left ? at.x + CARD_GAP : at.x - CARD_GAP - ww, top: clamp(at.y - h / 2, area.top, area.bottom - h), w: ww, h };
}

/** The least height (px) worth showing a card in above or below the pointer. */
const MIN_CARD_ROOM = 60;
