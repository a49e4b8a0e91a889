// Grundy values step by step: the values are hidden and revealed one position
// at a time, by default in the order of the ids. The core numbers positions so that every move
// goes to a smaller id (src/game_graph.rs), so when position k's turn comes all its followers are
// known; the student may instead pick any position whose followers are all known (on the graph
// or from the list of those). The panel lists the followers with their values and takes the mex
// of those values (Fenner & Rogers §2; under misère play, the outcome rule instead). The values come from the core's arrays; the mex is
// worked out here from the followers' values shown, and the browser tests check it against the
// core's Grundy value. The sentences are pure functions (tests/www/); the class owns the panel.

import { touchText } from './touch.js';
import { BoardMoves } from './board-moves.js';
import { listWords } from './board-view.js';
import { count } from './panels.js';
import { quoted } from './link-text.js';

const $ = (id) => document.getElementById(id);

/** Play reveals one position this often (ms): slow enough to read the mex line aloud. */
export const STEP_MS = 1200;
/** At most this many followers are listed (the mex still uses all of them). */
export const FOLLOWERS_SHOWN = 24;
/** Runs of at least this many consecutive values are written "a, …, b" in a set. */
const RUN = 4;

/** The minimum excluded value: the least whole number not among `values`. */
export function mex(values) {
  const seen = new Set(values);
  let g = 0;
  while (seen.has(g)) g += 1;
  return g;
}

/**
 * Up to this many distinct values are all written out: a student checks a mex number by number
 * (issue 44: "mex{0, 1, …, 3}" hid the very values to check).
 */
export const SET_LISTED = 16;

/** The distinct values as a set in braces; past SET_LISTED, runs shortened: "{0, 1, …, 19, 22}". */
export function setText(values) {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  if (sorted.length <= SET_LISTED) return `{${sorted.join(', ')}}`;
  const parts = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j += 1;
    if (j - i + 1 >= RUN) parts.push(`${sorted[i]}, ${sorted[i + 1]}, …, ${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return `{${parts.join(', ')}}`;
}

/** "mex{0, 1, 3} = 2": the rule's one line. */
export const mexLine = (values) => `mex${setText(values)} = ${mex(values)}`;

/** The separator of the labels in the link's `order` (as play mode's `played`: no label contains it). */
export const ORDER_SEPARATOR = '~';
/** At most this many computable positions are offered as buttons (all are on the graph). */
export const CHOICES_SHOWN = 24;

/**
 * What computing position `id` shows: its followers (ids, in the graph's order) and their
 * values as the page shows them. Normal play: the Grundy value is the mex of the followers'
 * values. Misère play has no mex rule: a position is N when it has no moves (who cannot move
 * wins) or a move to a P-position, else P. `views` are the session's arrays.
 */
export function stepOf(views, id, misere) {
  const { offsets, targets, grundy, outcome } = views;
  const followers = Array.from(targets.subarray(offsets[id], offsets[id + 1]));
  if (misere) {
    const values = followers.map((w) => (outcome[w] === 0 ? 'P' : 'N'));
    const outcomeShown = followers.length === 0 || values.includes('P') ? 'N' : 'P';
    return { id, followers, values, outcome: outcomeShown, grundy: null };
  }
  const values = followers.map((w) => grundy[w]);
  const g = mex(values);
  return { id, followers, values, outcome: g === 0 ? 'P' : 'N', grundy: g };
}

/**
 * The step in words: the one line of the rule (`head`) and what it means (`words`). `label(id)`
 * names a position.
 */
export function explainStep(step, label) {
  const name = label(step.id);
  const zeros = step.followers.filter((_, i) => step.values[i] === (step.grundy === null ? 'P' : 0)).map(label);
  const some = (list) => (list.length > 6 ? `${listWords(list.slice(0, 6))} and ${count(list.length - 6)} more` : listWords(list));
  if (step.grundy === null) {
    if (step.followers.length === 0) {
      return { head: `${name}: no moves → N`, words: `${name} has no moves: under misère play the player who cannot move wins, so ${name} is an N-position.` };
    }
    return step.outcome === 'N'
      ? { head: `${name}: a follower is P → N`, words: `A move from ${name} reaches a P-position (${some(zeros)}), so ${name} is an N-position: the player to move wins by moving there.` }
      : { head: `${name}: every follower is N → P`, words: `Every move from ${name} reaches an N-position, so ${name} is a P-position: the player to move loses against best play (misère play).` };
  }
  const head = `g(${name}) = ${mexLine(step.values)}`;
  if (step.followers.length === 0) {
    return { head, words: `${name} has no moves, so the set of its followers' values is empty and its value is 0: a P-position, the player to move cannot move and loses.` };
  }
  return step.grundy === 0
    ? { head, words: `No follower has value 0, so g = 0: ${name} is a P-position. Every move goes to an N-position, and the player to move loses against best play.` }
    : { head, words: `g ≠ 0: ${name} is an N-position. The player to move wins by moving to a follower of value 0: ${some(zeros)}.` };
}

/**
 * For a position of independent heaps or parts (Nim, octal games, sums), its value as the XOR
 * of theirs (Sprague–Grundy, Fenner & Rogers §2.5 Theorem 2.28): "g(3,2,1) = g(3) ⊕ g(2) ⊕ g(1) =
 * 3 ⊕ 2 ⊕ 1 = 0". '' when there is one part or none (nothing to add up).
 */
export function xorWords(label, sum) {
  const rows = sum?.rows ?? [];
  if (rows.length < 2) return '';
  return (
    `The same value by Sprague–Grundy, one ${sum.kind} at a time: g(${label}) = ${rows.map((r) => `g(${r.label})`).join(' ⊕ ')} = ` +
    `${rows.map((r) => r.grundy).join(' ⊕ ')} = ${sum.total}.`
  );
}

/**
 * The followers of `id` not yet revealed (`known[w]` 0), in the graph's order: empty when `id`
 * can be computed now.
 */
export function unknownFollowers(views, known, id) {
  const { offsets, targets } = views;
  const out = [];
  for (let e = offsets[id]; e < offsets[id + 1]; e++) if (!known[targets[e]]) out.push(targets[e]);
  return out;
}

/** Why position `name` cannot be computed yet, naming its unknown followers (labels). */
export function refusedWords(name, unknown) {
  const shown = unknown.slice(0, 6);
  const more = unknown.length > shown.length ? ` and ${count(unknown.length - shown.length)} more` : '';
  const them = listWords(shown.map((l) => `${l}`)) + more;
  return `${name} cannot be computed yet: its ${unknown.length === 1 ? 'follower' : 'followers'} ${them} ${unknown.length === 1 ? 'is' : 'are'} not known. Compute ${unknown.length === 1 ? 'it' : 'them'} first.`;
}

/**
 * Reads the link's `order` (labels joined by ORDER_SEPARATOR) against the game: the ids in that
 * order as far as each is a position of the game, not yet revealed and computable after the ones
 * before it, and a notice for the first that is not (then the order stops there). `find(label)`
 * is the core's id or −1.
 */
export function readOrder(text, { n, views, find, label }) {
  const known = new Uint8Array(n);
  const order = [];
  for (const name of text.split(ORDER_SEPARATOR)) {
    const id = find(name);
    let why = null;
    if (id < 0) why = `${quoted(name)} is not a position of this game`;
    else if (known[id]) why = `${quoted(name)} is given twice`;
    else {
      const unknown = unknownFollowers(views, known, id);
      if (unknown.length > 0) why = `${quoted(name)} cannot be computed after the positions before it: its follower ${quoted(label(unknown[0]))} is not known by then`;
    }
    if (why) {
      const kept = order.length === 0 ? 'Nothing is revealed.' : `Showing the first ${count(order.length)} ${order.length === 1 ? 'position' : 'positions'} of the order.`;
      return { order, notice: `order: ${why}. ${kept}` };
    }
    known[id] = 1;
    order.push(id);
  }
  return { order, notice: null };
}

export class StepsMode {
  /** `graph` and `card` hide what is not yet revealed; `onChange({ step, order })` keeps the address. */
  constructor({ graph, card, onChange }) {
    Object.assign(this, { graph, card, onChange });
    this.session = null;
    this.active = false;
    // The positions revealed, in the order they were computed, and a flag per position.
    this.order = [];
    this.known = new Uint8Array(0);
    this.playing = false;
    this.refused = null; // { id, words } of the last pick refused, until the next step
    // The board shows the position computed (no moves are made on it here).
    this.board = new BoardMoves($('steps-board'));
    const on = (id, f) => $(id).addEventListener('click', f);
    on('steps-step', () => this.step(1));
    on('steps-back', () => this.step(-1));
    on('steps-reset', () => this.step(-this.k));
    on('steps-finish', () => this.step(this.session.n));
    on('steps-play', () => this.togglePlay());
    $('steps-choices').addEventListener('click', (e) => {
      const button = e.target instanceof Element && e.target.closest('button[data-id]');
      if (button) this.choose(Number(button.dataset.id));
    });
    this.tick = this.tick.bind(this);
  }

  /** How many positions are revealed. */
  get k() {
    return this.order.length;
  }

  /**
   * Another game: the link's order (labels, see readOrder) or else its step (a whole number,
   * see state.js) is checked against it; a bad one keeps what fits, with a notice.
   */
  setSession(session, page, notices) {
    // Not pause(): its redraw would read the old game, already freed.
    this.playing = false;
    cancelAnimationFrame(this.frame);
    this.session = session;
    this.mask = null;
    this.refused = null;
    const n = session.n;
    this.known = new Uint8Array(n);
    this.order = [];
    this.low = 0;
    if (page.order !== '') {
      const read = readOrder(page.order, { n, views: session.views(), find: (l) => session.find(l), label: (id) => session.label(id) });
      if (read.notice) notices.push(read.notice);
      for (const id of read.order) this.reveal(id);
    } else {
      let k = Number(page.step);
      if (k > n) {
        notices.push(`step=${quoted(page.step)} is more than the ${count(n)} positions of ${session.info.game}: use 0 to ${n}. Showing every value (step ${n}).`);
        k = n;
      }
      for (let id = 0; id < k; id++) this.reveal(id);
    }
    this.board.setGame(session);
  }

  reveal(id) {
    this.known[id] = 1;
    this.order.push(id);
  }

  setActive(on) {
    this.active = on;
    $('steps-panel').hidden = !on;
    if (!on) {
      this.pause();
      this.graph.setReveal(null);
      this.card.setHidden(null);
      return;
    }
    this.render();
  }

  step(delta) {
    this.pause();
    this.go(this.k + delta);
  }

  /** The page's next position: the least id not revealed (its followers, smaller, all are). */
  nextDefault() {
    // Every id below `low` is known (Back lowers it), so a Finish costs one pass, not one per step.
    this.low = Math.min(this.low ?? 0, this.known.length);
    while (this.low < this.known.length && this.known[this.low]) this.low += 1;
    return this.low;
  }

  /**
   * Shows `k` positions revealed (clamped to 0 … n): back undoes the last picks, forward
   * computes in the page's order (the least id not yet known).
   */
  go(k) {
    const target = Math.max(0, Math.min(this.session.n, k));
    while (this.k > target) {
      const id = this.order.pop();
      this.known[id] = 0;
      this.low = Math.min(this.low, id);
    }
    while (this.k < target) this.reveal(this.nextDefault());
    if (this.k === this.session.n) this.playing = false;
    this.refused = null;
    this.render();
  }

  /**
   * The student picks position `id` to compute next (a click on the graph or a button): done
   * when all its followers are known, else refused with the ones that are not. A click on a
   * position already computed only shows its card.
   */
  choose(id) {
    if (!this.active || id < 0 || id >= this.session.n || this.known[id]) return;
    this.pause();
    const label = (v) => this.session.label(v);
    const unknown = unknownFollowers(this.session.views(), this.known, id);
    if (unknown.length === 0) {
      this.reveal(id);
      this.refused = null;
    } else this.refused = { id, words: refusedWords(label(id), unknown.map(label)) };
    this.render();
  }

  togglePlay() {
    if (this.playing) return this.pause();
    if (this.k >= this.session.n) this.go(0);
    this.playing = true;
    this.last = performance.now();
    // One loop at a time, however fast Play and Pause are pressed.
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(this.tick);
    this.render();
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    cancelAnimationFrame(this.frame);
    if (this.active) this.render();
  }

  /** Play: one position every STEP_MS, on animation frames (nothing waits or blocks). */
  tick(now) {
    if (!this.playing || !this.active) return;
    if (now - this.last >= STEP_MS) {
      this.last = now;
      this.go(this.k + 1);
    }
    if (this.playing) this.frame = requestAnimationFrame(this.tick);
  }

  /** Key presses in this mode (main.js): true when the key was one of its controls. */
  key(key) {
    const reset = () => this.step(-this.k);
    const actions = { ' ': () => this.togglePlay(), ArrowRight: () => this.step(1), ArrowLeft: () => this.step(-1), Home: reset, r: reset, R: reset, End: () => this.step(this.session.n) };
    // Own keys only: a key name must not find Object's methods.
    if (!Object.hasOwn(actions, key)) return false;
    actions[key]();
    return true;
  }

  /** The revealed outcomes for the graph: the core's where known, 3 (hidden) elsewhere. */
  revealed(views) {
    if (this.mask?.length !== this.session.n) this.mask = new Uint8Array(this.session.n);
    for (let v = 0; v < this.session.n; v++) this.mask[v] = this.known[v] ? views.outcome[v] : 3;
    return this.mask;
  }

  /** The positions that can be computed now (not known, every follower known), by id. */
  computable(views) {
    const out = [];
    const { offsets, targets } = views;
    for (let v = 0; v < this.session.n; v++) {
      if (this.known[v]) continue;
      let ready = true;
      for (let e = offsets[v]; e < offsets[v + 1] && ready; e++) ready = this.known[targets[e]] === 1;
      if (ready) out.push(v);
    }
    return out;
  }

  /** Whether the order is the page's own (0, 1, …, k − 1): then the link needs only the step. */
  inDefaultOrder() {
    return this.order.every((id, i) => id === i);
  }

  render() {
    const s = this.session;
    const { n } = s;
    const views = s.views();
    const misere = s.info.play === 'misere';
    const step = this.k > 0 ? stepOf(views, this.order.at(-1), misere) : null;
    this.graph.setReveal({ outcome: this.revealed(views), current: step ? step.id : -1, followers: step ? step.followers : [] });
    this.card.setHidden(
      (id) => !this.known[id],
      (id) => {
        const unknown = unknownFollowers(views, this.known, id);
        return unknown.length === 0
          ? 'Its followers are all known: click it to compute its value.'
          : refusedWords('It', unknown.map((v) => s.label(v)));
      },
    );
    const computable = this.computable(views);
    const panel = $('steps-panel');
    Object.assign(panel.dataset, {
      step: String(this.k),
      revealed: String(this.k),
      positions: String(n),
      playing: String(this.playing),
      position: step ? s.label(step.id) : '',
      id: step ? String(step.id) : '',
      followers: step ? step.followers.join(' ') : '',
      mexOf: step ? step.values.join(',') : '',
      outcome: step ? step.outcome : '',
      order: this.order.join(' '),
      computable: computable.join(' '),
      next: this.k < n ? String(this.nextDefault()) : '',
      refused: this.refused ? s.label(this.refused.id) : '',
    });
    if (step?.grundy != null) panel.dataset.grundy = String(step.grundy);
    else delete panel.dataset.grundy;
    const picked = this.inDefaultOrder() ? '' : ' (in your order)';
    $('steps-counter').textContent = step ? `Position ${count(this.k)} of ${count(n)}${picked}: ${s.label(step.id)}` : `Position 0 of ${count(n)}: nothing computed yet`;
    $('steps-play').textContent = this.playing ? 'Pause' : 'Play';
    $('steps-play').setAttribute('aria-pressed', String(this.playing));
    $('steps-back').disabled = this.k === 0;
    $('steps-reset').disabled = this.k === 0;
    $('steps-step').disabled = this.k === n;
    $('steps-finish').disabled = this.k === n;
    $('steps-refused').textContent = this.refused ? this.refused.words : '';
    this.renderChoices(computable);
    this.renderStep(step, misere);
    touchText(panel);
    this.onChange({ step: String(this.k), order: this.inDefaultOrder() ? '' : this.order.map((id) => s.label(id)).join(ORDER_SEPARATOR) });
  }

  /** The positions computable now as buttons, the page's next one marked. */
  renderChoices(computable) {
    const s = this.session;
    const next = this.k < s.n ? this.nextDefault() : -1;
    const buttons = computable.slice(0, CHOICES_SHOWN).map((id) => {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: s.label(id) + (id === next ? ' (next in order)' : '') });
      b.dataset.id = String(id);
      if (id === next) b.className = 'next';
      return b;
    });
    if (computable.length > CHOICES_SHOWN) buttons.push(Object.assign(document.createElement('span'), { className: 'more', textContent: `and ${count(computable.length - CHOICES_SHOWN)} more (click them on the graph)` }));
    $('steps-choices').replaceChildren(...buttons);
    $('steps-choices-box').hidden = computable.length === 0;
  }

  renderStep(step, misere) {
    const s = this.session;
    const label = (id) => s.label(id);
    const boardBox = $('steps-board');
    this.board.load(step ? step.id : -1);
    boardBox.hidden = !this.board.view || this.board.view.kind === 'named';
    if (!boardBox.hidden) {
      this.board.show({ help: false });
      // Where the board has a place for each position (a queen's board), the values computed so
      // far stand on it, the P-positions marked: the pattern the steps build (Wythoff's pairs).
      // Asked per place of the board only (not per position revealed: a long run stays linear).
      const { grundy, outcome } = s.views();
      this.board.markPositions((name) => {
        const id = s.find(name);
        if (id < 0 || !this.known[id]) return undefined;
        return misere ? 'PND'[outcome[id]] : grundy[id];
      });
    }
    const list = $('steps-followers');
    $('steps-followers-heading').hidden = !step;
    if (!step) {
      $('steps-mex').textContent = misere ? 'Misère play: P or N, one position at a time' : 'g(position) = mex{values of its followers}';
      $('steps-words').textContent = this.intro(misere);
      list.replaceChildren();
      return;
    }
    const { head, words } = explainStep(step, label);
    $('steps-mex').textContent = head;
    $('steps-words').textContent = words;
    $('steps-xor').textContent = misere ? '' : xorWords(label(step.id), s.nimSum(step.id));
    const items = step.followers.slice(0, FOLLOWERS_SHOWN).map((w, i) => {
      const li = document.createElement('li');
      const value = step.values[i];
      li.className = value === 0 || value === 'P' ? 'p' : 'n';
      li.dataset.id = String(w);
      li.textContent = misere ? `${label(w)}: ${value}` : `${label(w)}: g = ${value}`;
      return li;
    });
    if (step.followers.length === 0) items.push(Object.assign(document.createElement('li'), { className: 'none', textContent: 'no moves' }));
    if (step.followers.length > FOLLOWERS_SHOWN) {
      items.push(Object.assign(document.createElement('li'), { className: 'more', textContent: `and ${count(step.followers.length - FOLLOWERS_SHOWN)} more (their values are in the set above)` }));
    }
    list.replaceChildren(...items);
  }

  /** Step 0's text: the order and the rule. */
  intro(misere) {
    const { offsets } = this.session.views();
    let sinks = 0;
    for (let v = 0; v < this.session.n; v++) if (offsets[v] === offsets[v + 1]) sinks += 1;
    const rule = misere
      ? 'Under misère play (who cannot move wins) there is no mex: a position is N when it has no moves or a move to a P-position, else P.'
      : 'A position’s Grundy value is the mex (minimum excluded value) of its followers’ values: the least whole number not among them; 0 means a P-position.';
    return `Every move goes to a position with a smaller number, so computing in number order, each position’s followers are known when its turn comes. ${sinks === 1 ? 'The first position has' : `The first ${count(sinks)} positions have`} no moves. ${rule} Press Step.`;
  }
}
