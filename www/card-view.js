// The hover card: the position hovered or tapped on the graph, its Grundy value worked out and
// its moves with their current probabilities. It owns which position is shown and where, and
// redraws after generations so its probabilities stay current.

import { BoardView } from './board-view.js';
import { count, prob } from './panels.js';

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
   * computed now).
   */
  setHidden(hidden, why = null) {
    this.hidden = hidden;
    this.why = why;
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
      const position = masked(this.session.position(this.shown.id), this.hidden);
      if (position?.hidden && this.why) position.why = this.why(this.shown.id);
      renderCard(card, position, this.shown.at, this.session.info.play, board, learner);
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

/** Fills the card for a position (from the core's `position(id)`), or hides it. */
function renderCard(card, position, at, play = 'normal', board = null, learner = null) {
  if (!position) {
    card.hidden = true;
    return;
  }
  const lines = [];
  const head = document.createElement('p');
  head.className = 'card-head';
  const kind = position.hidden ? 'not computed yet' : `${position.outcome}-position`;
  head.textContent = `${position.label} · ${kind}${position.root ? ' · start' : ''}${position.critical ? ' · critical' : ''}`;
  lines.push(head);
  if (board) lines.push(board);
  const grundy = document.createElement('p');
  // A graph with cycles has a generalised Grundy value γ (text: "2" or "∞(0,1)") and no mex line.
  grundy.textContent = position.hidden
    ? `Its value is not computed yet. ${position.why ?? 'Step on to reveal it.'}`
    : typeof position.grundy === 'string'
      ? `Generalised Grundy value γ: ${position.grundy}`
      : position.mex
        ? `Grundy value: ${position.mex}`
        : 'Misère play: no Grundy value; outcome by the misère rule.';
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
  // Keep the card inside the view: to the right of the pointer, or left when near the edge.
  const parent = card.parentElement.getBoundingClientRect();
  const w = card.offsetWidth;
  const h = card.offsetHeight;
  card.style.left = `${Math.max(4, at.x + 16 + w > parent.width ? at.x - w - 16 : at.x + 16)}px`;
  card.style.top = `${Math.max(4, Math.min(at.y + 12, parent.height - h - 4))}px`;
}
