// Find the winning move: puzzle k is a position of the game drawn by the core's seeded generator
// (Session.puzzle: mostly N-positions, now and then a P-position, where the answer is "no winning
// move"). The student moves on the board (or from the list); the page says whether the move
// wins and why, with the nim-sum for heaps and sums and the mex or the outcomes otherwise, all
// from the core, then the next puzzle comes. The link keeps the answers (`puzzles`), so the
// same seed gives the same puzzles and a re-opened link the same score. The sentences and the
// link's replay are pure functions (tests/www/); the class owns the panel.

import { BoardMoves } from './board-moves.js';
import { listWords } from './board-view.js';
import { count } from './panels.js';
import { keepInView } from './in-view.js';
import { isTouch, touchText } from './touch.js';
import { FULL, MAX_ANSWERS, capAnswers, exerciseOf, openExercise, saveProgress, showProgressNote } from './progress.js';
import { keptWords } from './quiz-mode.js';
import { quoted } from './link-text.js';

const $ = (id) => document.getElementById(id);

/** Between the answers of `puzzles` in a link (no family's labels contain it, see play mode). */
export const PUZZLE_SEPARATOR = '~';
/** The answer "no winning move: any move loses". */
export const NONE = 'none';

/** Games a class can try puzzles on, one per family the lesson names (the links in the panel). */
export const PUZZLE_GAMES = [
  { title: 'Nim', spec: 'game=nim&heaps=7,5,3' },
  { title: 'Kayles', spec: 'game=octal&code=0.77&heaps=12' },
  { title: 'Subtraction {1, 3, 4}', spec: 'game=subtraction&moves=1,3,4&heap=30' },
  { title: 'A sum', spec: 'game=sum&parts=nim(heaps=3)+chomp(rows=2;cols=3)+subtraction(moves=1,2;heap=5)' },
  { title: 'Chomp', spec: 'game=chomp&rows=3&cols=4' },
];

/** Before an answer given after "show g(n) of a row" (a hint: the answer scores no point). */
export const HINTED = '!';

/** A puzzle is not one of the last RECENT shown, if another can be drawn in TRIES draws. */
const RECENT = 8;
const TRIES = 64;

/**
 * The puzzles of a set without repeats: `draw(j)` is the core's j-th seeded puzzle (an id, -1
 * for none); `ids` (extended in place, with `ids.next` the next draw) the set's puzzles so far.
 * Puzzle k is the next draw that is not among the RECENT before it (seed 2 of Kayles drew the
 * same position as puzzles 6 and 7); a game with too few positions repeats after TRIES draws.
 * Returns puzzle k's id.
 */
export function distinctPuzzle(draw, k, ids) {
  ids.next ??= 0;
  while (ids.length <= k) {
    const recent = ids.slice(-RECENT);
    let id = draw(ids.next++);
    for (let t = 1; t < TRIES && id >= 0 && recent.includes(id); t++) id = draw(ids.next++);
    ids.push(id);
  }
  return ids[k];
}

export const parsePuzzles = (text) => (text === '' ? [] : text.split(PUZZLE_SEPARATOR));
export const formatPuzzles = (answers) => answers.join(PUZZLE_SEPARATOR);

/**
 * Replays the link's answers: `game.puzzle(k)` is puzzle k's id, `game.moveTo(id, label)` the
 * follower of id labelled `label` ({ optimal }) or null, `game.isP(id)`, `game.label(id)`.
 * Returns { answers (those that fit), right, problem (one sentence, or null) }; it stops at the
 * first answer that does not fit (the nearest working state).
 */
export function replayPuzzles(answers, game) {
  const kept = [];
  let right = 0;
  for (const [k, given] of answers.entries()) {
    const id = game.puzzle(k);
    if (id < 0) return { answers: kept, right, problem: 'this game has no position with a move, so no puzzle' };
    // A hinted answer ("!" first) is checked but scores no point.
    const hinted = given.startsWith(HINTED);
    const answer = hinted ? given.slice(HINTED.length) : given;
    if (answer === NONE) {
      right += game.isP(id) && !hinted ? 1 : 0;
    } else {
      const move = game.moveTo(id, answer);
      if (!move) {
        return { answers: kept, right, problem: `answer ${k + 1}, ${quoted(answer)}, is not one move from puzzle ${k + 1}, ${quoted(game.label(id))}: use a position one move away or ${NONE}` };
      }
      right += move.optimal && !hinted ? 1 : 0;
    }
    kept.push(given);
  }
  return { answers: kept, right, problem: null };
}

/**
 * "3 ⊕ 5 ⊕ 6 = 0" for Nim (`sizes`: a heap's value is its size), else "g(3) ⊕ g(4) = 3 ⊕ 1 = 2".
 */
export function nimSumText(sum, sizes) {
  const rows = sum?.rows ?? [];
  if (rows.length === 0) return '0 (nothing left)';
  const values = `${rows.map((r) => r.grundy).join(' ⊕ ')} = ${sum.total}`;
  return sizes ? values : `${rows.map((r) => `g(${r.label})`).join(' ⊕ ')} = ${values}`;
}

/**
 * Why an answer is right or wrong. `from` is the core's record of the puzzle
 * ({ label, outcome, grundy, mex }), `moves` its moves ({ to, label, grundy, outcome, optimal,
 * terminal }), `chosen` the move made or null for "no winning move"; `sums` the core's nim-sums
 * ({ from, to }: null when the game is not a sum of components), `sizes` whether a heap's value
 * is its size (Nim) and `misere` the convention.
 * Returns { right, words }.
 */
export function explainPuzzle({ from, moves, chosen, sums, misere, sizes = false }) {
  const sumText = (sum) => nimSumText(sum, sizes);
  const winning = moves.filter((m) => m.optimal).map((m) => m.label);
  const nim = sums?.from && sums.from.rows.length >= 2;
  const some = (list) => (list.length > 8 ? `${listWords(list.slice(0, 8))} and ${count(list.length - 8)} more` : listWords(list));
  const whyP = misere
    ? `under misère play every move from ${from.label} goes to an N-position`
    : nim
      ? `its nim-sum is ${sumText(sums.from)}, and a move replaces one component by a follower of another value (a value is the mex of its followers' values, so never one of them), so every move leaves a non-zero nim-sum`
      : `g(${from.label}) = ${from.mex}: no follower has value 0, so every move goes to an N-position`;
  // A sentence of its own: it follows a full stop.
  const whyN = misere
    ? `Under misère play ${from.label} is an N-position: the winning ${winning.length === 1 ? 'move goes to a misère P-position' : 'moves go to misère P-positions'}: ${some(winning)}`
    : nim
      ? `The nim-sum of ${from.label} is ${sumText(sums.from)} ≠ 0, and the winning ${winning.length === 1 ? 'move turns' : 'moves turn'} it to 0 (a component of value x becomes one of value x ⊕ ${sums.from.total}): ${some(winning)}`
      : `Here g(${from.label}) = ${from.mex} ≠ 0, and the winning ${winning.length === 1 ? 'move goes' : 'moves go'} to value 0: ${some(winning)}`;
  if (chosen === null) {
    return from.outcome === 'P'
      ? { right: true, words: `Right: no move wins from ${from.label}: ${whyP}.` }
      : { right: false, words: `There is a winning move from ${from.label}. ${whyN}.` };
  }
  const head = `${from.label} → ${chosen.label}`;
  if (chosen.optimal) {
    const why = misere
      ? `${chosen.label} is a misère P-position${chosen.terminal ? '' : ': every move from it goes to an N-position'}`
      : chosen.terminal
        ? `${chosen.label} has no moves, so your opponent cannot move and loses`
        : nim
          ? `it leaves nim-sum ${sumText(sums.to)}: whatever your opponent does, you can bring it back to 0`
          : `${chosen.label} has value 0 (a P-position): every move from it goes to a non-zero value, and from there you return to 0`;
    return { right: true, words: `Right: ${head} wins: ${why}.` };
  }
  const value = misere ? `a misère N-position` : nim ? `nim-sum ${sumText(sums.to)}` : `value g = ${chosen.grundy}`;
  if (from.outcome === 'P') {
    // Every move from a P-position leaves an N-position, but not the same value: say "non-zero".
    const kind = misere ? 'an N-position' : nim ? 'a non-zero nim-sum' : 'a non-zero value';
    return { right: false, words: `${head} leaves ${value}, and every move from ${from.label} leaves ${kind}: ${whyP}. The answer was “no winning move”.` };
  }
  return { right: false, words: `${head} leaves ${value}, so your opponent can win from there. ${whyN}.` };
}

const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

export class PuzzleMode {
  /** `graph`, `card` hide the values; `onChange(puzzles)` keeps the address; `link(spec)` is the hash of another game's puzzles. */
  constructor({ graph, card, onChange, link }) {
    Object.assign(this, { graph, card, onChange, link });
    this.session = null;
    this.active = false;
    this.board = new BoardMoves($('puzzle-board'), {
      // On touch a board move is scored only once confirmed: a second tap on it, or Make this move.
      onMove: (to) => this.boardMove(to),
      // After an answer the board waits for Next.
      refuse: () => (this.verdict || this.id < 0 ? '' : null),
      onWords: (words) => {
        this.hint = words;
        this.render();
      },
      onRedraw: () => this.render(),
    });
    $('puzzle-none').addEventListener('click', () => this.answer(null));
    $('confirm-move').addEventListener('click', () => this.answer(this.waiting));
    $('puzzle-values').addEventListener('click', () => {
      this.hinted = true;
      this.render();
      keepInView($('puzzle-values-text'));
    });
    this.hinted = false; // "show g(n) of a row" was used on this puzzle
    this.waiting = null; // on touch, the board move tapped once, until confirmed
    $('puzzle-next').addEventListener('click', () => this.next());
    $('puzzle-moves').addEventListener('click', (e) => {
      const b = e.target instanceof Element && e.target.closest('button[data-id]');
      if (b) this.answer(Number(b.dataset.id));
    });
  }

  /** Another game: the link's answers are replayed against its puzzles; what does not fit is a notice. */
  setSession(session, page, notices) {
    // The answers this browser kept, when the link opened has none (progress.js).
    const kept = openExercise(this, session, page.puzzles, 'puzzle-panel', notices);
    if (kept !== null) page.puzzles = kept;
    const replay = replayPuzzles(capAnswers(parsePuzzles(page.puzzles), notices), this.game());
    if (replay.problem) {
      notices.push(
        `The puzzles in the link do not fit ${session.info.game} with seed ${session.params().seed}: ${replay.problem}. ` +
          `${capital(keptWords(replay.answers.length))}.`,
      );
    }
    this.answers = replay.answers;
    this.right = replay.right;
    this.seed = session.params().seed;
    this.verdict = null; // { k, right, words, to } once puzzle k is answered, until Next
    this.load();
  }

  /** Puzzle k of this game and seed (the set drawn so far is kept until either changes). */
  puzzleId(k) {
    const key = `${this.session.info.game}&seed=${this.session.params().seed}`;
    if (this.drawn?.key !== key) this.drawn = Object.assign([], { key });
    return distinctPuzzle((j) => this.session.puzzle(j), k, this.drawn);
  }

  game() {
    const s = this.session;
    return {
      puzzle: (k) => this.puzzleId(k),
      label: (id) => s.label(id),
      isP: (id) => s.views().outcome[id] === 0,
      moveTo: (id, label) => {
        const to = s.find(label);
        return to < 0 ? null : (s.moves(id).find((m) => m.to === to) ?? null);
      },
    };
  }

  /** The puzzle shown: number k (answers so far, or the one just answered), its position and moves. */
  load() {
    this.k = this.verdict ? this.verdict.k : this.answers.length;
    this.id = this.puzzleId(this.k);
    this.moves = this.board.load(this.id);
  }

  setActive(on) {
    this.active = on;
    $('puzzle-panel').hidden = !on;
    if (on) showProgressNote($('puzzle-panel'));
    // A new seed (set in the learner's mode) draws other puzzles: the answers so far were to the old ones.
    if (on && this.session.params().seed !== this.seed) {
      this.seed = this.session.params().seed;
      this.exercise = exerciseOf(this.session);
      Object.assign(this, { answers: [], right: 0, verdict: null });
      this.load();
    }
    if (!on) {
      this.graph.setReveal(null);
      this.card.setHidden(null);
      return;
    }
    this.render();
  }

  get puzzles() {
    return formatPuzzles(this.answers);
  }

  /** The student's answer: the id moved to, or null for "no winning move". */
  answer(to) {
    if (!this.active || this.verdict || this.id < 0) return;
    const s = this.session;
    const chosen = to === null ? null : this.moves.find((m) => m.to === to);
    if (to !== null && !chosen) return;
    if (this.answers.length >= MAX_ANSWERS) {
      this.hint = FULL;
      this.render();
      return;
    }
    const from = s.position(this.id);
    const sums = { from: s.nimSum(this.id), to: chosen ? s.nimSum(chosen.to) : null };
    const { right, words: said } = explainPuzzle({ from, moves: this.moves, chosen: chosen ?? null, sums, misere: this.misere, sizes: s.info.game.startsWith('game=nim&') });
    const words = this.hinted && right ? `${said} It scores no point: the rows’ values were shown.` : said;
    this.waiting = null;
    this.answers.push((this.hinted ? HINTED : '') + (chosen ? chosen.label : NONE));
    if (right && !this.hinted) this.right += 1;
    this.verdict = { k: this.k, right, words, to: chosen ? chosen.to : -1 };
    this.hint = '';
    this.render();
    $('puzzle-next').focus({ preventScroll: true });
    // The verdict in view (after a tap on the board it was drawn below the screen).
    keepInView($('puzzle-question'), $('puzzle-explain'));
  }

  /** A move made on the board: at once with a mouse; on touch, the second time (a mis-tap is not scored). */
  boardMove(to) {
    if (!isTouch() || this.waiting === to) {
      this.answer(to);
      return;
    }
    this.waiting = to;
    this.waitingPart = this.board.tapped ?? null;
    this.hint = `Your move: ${this.session.label(this.id)} → ${this.session.label(to)}? Tap it again or tap Make this move to answer; tap another move to change it.`;
    this.render();
    keepInView($('puzzle-question'), $('confirm-move'));
  }

  next() {
    if (!this.verdict) return;
    // Next (focused after an answer) hides itself: the focus goes on to the new puzzle's first
    // move, so a keyboard goes on from there rather than from the top of the page.
    const focused = $('puzzle-panel').contains(document.activeElement);
    this.verdict = null;
    this.waiting = null;
    this.hinted = false;
    this.load();
    this.render();
    if (focused) ($('puzzle-moves').querySelector('button') ?? $('puzzle-none')).focus({ preventScroll: true });
  }

  /** Key presses in this mode (main.js): → or N for the next puzzle once one is answered. */
  key(key) {
    if (!['ArrowRight', 'n', 'N'].includes(key) || !this.verdict) return false;
    this.next();
    return true;
  }

  /** Hidden values on the graph; once answered, the puzzle's and its followers' outcomes. */
  masked(views) {
    if (this.mask?.length !== this.session.n) this.mask = new Uint8Array(this.session.n);
    this.mask.fill(3);
    if (this.verdict && this.id >= 0) {
      this.mask[this.id] = views.outcome[this.id];
      for (const m of this.moves) this.mask[m.to] = views.outcome[m.to];
    }
    return this.mask;
  }

  render() {
    this.onChange(this.puzzles);
    saveProgress(this.exercise, 'puzzle-panel', this.puzzles);
    if (!this.active) return;
    const s = this.session;
    const views = s.views();
    const shown = new Set(this.verdict ? [this.id, ...this.moves.map((m) => m.to)] : []);
    this.graph.setReveal({
      outcome: this.masked(views),
      current: this.id,
      followers: this.verdict ? this.moves.map((m) => m.to) : [],
      words: { hidden: 'value hidden until you answer', current: 'the puzzle' },
    });
    this.card.setHidden((w) => !shown.has(w), null, { kind: 'value hidden', value: 'Its value is hidden until you answer the puzzle.' });
    const panel = $('puzzle-panel');
    const label = this.id >= 0 ? s.label(this.id) : '';
    Object.assign(panel.dataset, {
      position: label,
      result: this.verdict ? (this.verdict.right ? 'right' : 'wrong') : '',
      score: `${this.right}/${this.answers.length}`,
      puzzle: String(this.k + 1),
    });
    $('puzzle-score').textContent = `Puzzle ${count(this.k + 1)} · score ${count(this.right)} of ${count(this.answers.length)}`;
    $('puzzle-question').textContent =
      this.id < 0
        ? 'This game has no position with a move: choose another game below.'
        : `Find a winning move from ${label}${this.misere ? ' (misère play: who cannot move wins)' : ''}, or say that there is none.`;
    const explain = $('puzzle-explain');
    explain.textContent = this.verdict ? this.verdict.words : (this.hint ?? '');
    explain.className = this.verdict ? (this.verdict.right ? 'right' : 'wrong') : '';
    $('puzzle-next').hidden = !this.verdict;
    $('confirm-move').hidden = this.verdict !== null || this.waiting === null;
    this.renderValues();
    $('puzzle-none').disabled = Boolean(this.verdict) || this.id < 0;
    this.renderBoard(label);
    this.renderMoves();
    this.renderGames();
    touchText(panel);
  }

  renderBoard(label) {
    if (this.id < 0) {
      this.board.show({ help: false });
      return;
    }
    // Before the answer, the next click of every legal move; after it, the winning moves' first.
    const marks = this.verdict ? new Map([...this.board.marks({ winning: true })].filter(([, m]) => m === 'winning')) : this.board.marks();
    const caption = this.verdict && this.verdict.to >= 0 ? `Your move: ${label} → ${this.session.label(this.verdict.to)}. Winning moves are marked.` : null;
    // A move tapped on touch, waiting to be confirmed: what it takes is lit on the board.
    const waiting = this.verdict ? null : (this.moves.find((m) => m.to === this.waiting)?.path.at(-1) ?? null);
    this.board.show({ marks, caption, help: !this.verdict, ...(waiting ? { chosen: waiting, aimed: this.waitingPart } : {}) });
  }

  /**
   * Kayles and the other heap games whose rows are not their own values (octal, subtraction):
   * "show g(n) of a row" gives the values of rows 0 … the longest in the puzzle (the core's
   * Grundy strip), a hint that costs the puzzle's point; shown by itself once answered.
   */
  renderValues() {
    const strip = this.session.info.grundy_strip;
    const nim = this.session.info.game.startsWith('game=nim&');
    const rows = this.id >= 0 ? (this.session.nimSum(this.id)?.rows ?? []) : [];
    const longest = Math.max(0, ...rows.map((r) => Number(r.label)).filter(Number.isInteger));
    const offered = Boolean(strip) && !nim && this.id >= 0 && longest < strip.values.length;
    const shown = offered && (this.hinted || this.verdict !== null);
    $('puzzle-hint-row').hidden = !offered || shown;
    $('puzzle-values-text').hidden = !shown;
    $('puzzle-values-text').textContent = shown
      ? `Values of a row of n: ${strip.values.slice(0, longest + 1).map((g, n) => `g(${n}) = ${g}`).join(', ')}`
      : '';
  }

  /** The moves as buttons (the keyboard's way; values only once answered). */
  renderMoves() {
    const buttons = this.moves.map((m) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.id = String(m.to);
      b.dataset.to = m.label;
      b.disabled = Boolean(this.verdict);
      if (this.verdict) {
        b.textContent = `→ ${m.label} (${this.misere ? m.outcome : `g = ${m.grundy}`})`;
        if (m.optimal) b.dataset.winning = 'true';
        if (m.to === this.verdict.to) b.classList.add('marked');
      } else {
        b.textContent = `→ ${m.label}`;
      }
      return b;
    });
    $('puzzle-moves').replaceChildren(...buttons);
  }

  /** Links to other games' puzzles (the same seed and presentation). */
  renderGames() {
    $('puzzle-games').replaceChildren(
      ...PUZZLE_GAMES.map((g) => {
        const li = document.createElement('li');
        li.append(Object.assign(document.createElement('a'), { href: this.link(g.spec), textContent: g.title }));
        return li;
      }),
    );
  }
}
