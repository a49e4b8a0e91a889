// Your turn to compute: the values are hidden as in step by step, and the student computes them.
// They pick any position whose followers are all known (or take the page's suggestion, drawn
// by the core's seeded generator) and type its Grundy value, or P or N under misère play. A right
// answer reveals it with its mex line (the core's); a wrong one says which follower values the
// mex sees and lets them try again; "Show me" reveals one. The exercise is in the link (`quiz`:
// the answers typed, position by position), so a teacher can hand out the same exercise and a
// re-opened link restores the score. The link's grammar and its replay are pure functions
// (tests/www/); the class owns the panel.

import { BoardMoves } from './board-moves.js';
import { followKeyboard, keepInView } from './in-view.js';
import { touchText } from './touch.js';
import { FULL, MAX_ANSWERS, capAnswers, openExercise, saveProgress, showProgressNote } from './progress.js';
import { count } from './panels.js';
import { quoted } from './link-text.js';
import { explainStep, setText, stepOf } from './steps-mode.js';

const $ = (id) => document.getElementById(id);

/** Between the positions of `quiz` in a link (no family's labels contain it, see play mode). */
export const QUIZ_SEPARATOR = '~';
/** "Show me" in the link: the value was revealed, not answered. */
export const SHOWN = '?';
/** At most this many positions are offered in the menu of positions ready to compute. */
const READY_LISTED = 200;

/**
 * `quiz=` as entries [{ label, attempts }]: `label:a/b/c` per position asked, in order, the
 * attempts as typed (`?` for "show me"). The label is everything before the last colon, so a
 * label with colons still reads. Throws a sentence for an entry without a colon.
 */
export function parseQuiz(text) {
  if (text === '') return [];
  return text.split(QUIZ_SEPARATOR).map((entry) => {
    const colon = entry.lastIndexOf(':');
    if (colon < 0) throw new Error(`${quoted(entry)} has no answer: write label:answer`);
    return { label: entry.slice(0, colon), attempts: entry.slice(colon + 1).split('/') };
  });
}

/** The entries as `quiz=` writes them. */
export const formatQuiz = (entries) => entries.map((e) => `${e.label}:${e.attempts.join('/')}`).join(QUIZ_SEPARATOR);

/** An attempt as the page compares it: a whole number under normal play, P or N under misère; null when it is neither. */
export function normalise(text, misere) {
  const t = String(text).trim();
  if (misere) return /^[pn]$/i.test(t) ? t.toUpperCase() : null;
  return /^\d{1,9}$/.test(t) ? String(Number(t)) : null;
}

/** The nearest working state of a link that does not fit, in words. */
export const keptWords = (n) => (n === 0 ? 'starting afresh' : n === 1 ? 'keeping its first answer' : `keeping its first ${count(n)} answers`);

/** What an answer may be, in words (the notices and the field's hint). */
export const allowedAnswers = (misere) => (misere ? 'P or N' : 'a whole number (the Grundy value)');

/**
 * The score: positions answered right at the first try out of positions asked (answered,
 * tried or shown).
 */
export function scoreOf(entries, answerOf) {
  const right = entries.filter((e) => e.attempts[0] !== SHOWN && e.attempts[0] === answerOf(e.label)).length;
  return { right, total: entries.length };
}

/**
 * Replays the link's entries against the game: `game` gives `find(label)` (an id or -1),
 * `followers(id)`, `answer(id)` (the core's value as text: "3", or "P"/"N" under misère play)
 * and `misere`. Returns { entries (those that fit), revealed (a Set of ids), open (the entry
 * still being tried, or null), problem (one sentence, or null) }. It stops at the first entry
 * that does not fit, so what it keeps is the nearest working state.
 */
export function replayQuiz(entries, game) {
  const revealed = new Set();
  const kept = [];
  let open = null;
  const stop = (problem) => ({ entries: kept, revealed, open, problem });
  for (const [i, entry] of entries.entries()) {
    const where = `answer ${i + 1} (${quoted(entry.label)})`;
    if (open) return stop(`${where} comes after ${quoted(open.label)} was left unanswered: only the last position asked may be unfinished`);
    const id = game.find(entry.label);
    if (id < 0) return stop(`${where} names no position of this game: use the labels the positions table writes`);
    if (revealed.has(id)) return stop(`${where} asks again for a value already known`);
    const unknown = game.followers(id).filter((w) => !revealed.has(w));
    if (unknown.length > 0) return stop(`${where} asks for a position whose followers are not all known yet: answer those first`);
    const right = game.answer(id);
    let done = false;
    for (const [j, attempt] of entry.attempts.entries()) {
      if (done) return stop(`${where} goes on after the value was found: nothing may follow a right answer or ?`);
      if (attempt !== SHOWN && normalise(attempt, game.misere) !== attempt) {
        return stop(`${where}'s attempt ${quoted(attempt)} is not ${allowedAnswers(game.misere)} or ${SHOWN}`);
      }
      done = attempt === SHOWN || attempt === right;
      if (j === entry.attempts.length - 1 && !done) open = entry;
    }
    if (done) revealed.add(id);
    kept.push(entry);
  }
  return stop(null);
}

/** The positions not yet known whose followers are all known (ids in order). */
export function readyPositions(views, n, revealed) {
  const { offsets, targets } = views;
  const ready = [];
  for (let v = 0; v < n; v++) {
    if (revealed.has(v)) continue;
    let all = true;
    for (let e = offsets[v]; e < offsets[v + 1] && all; e++) all = revealed.has(targets[e]);
    if (all) ready.push(v);
  }
  return ready;
}

/**
 * What a wrong answer is told: the followers' values the mex sees (normal play) or their
 * outcomes (misère), and the rule, without the answer. `values` are the followers' values in
 * the graph's order.
 */
export function wrongWords(label, given, values, misere) {
  if (misere) {
    if (values.length === 0) return `Not ${given}. ${label} has no moves: under misère play the player who cannot move wins. Try again.`;
    return `Not ${given}. The followers of ${label} are ${values.join(', ')}: a position is N when some follower is P, and P when every follower is N. Try again.`;
  }
  if (values.length === 0) return `Not ${given}. ${label} has no moves, so the mex looks at the empty set {}. Try again.`;
  return (
    `Not ${given}. The mex of ${label} sees its followers' values ${setText(values)}` +
    ` (${count(values.length)} ${values.length === 1 ? 'follower' : 'followers'}): the value is the least whole number not in that set. Try again.`
  );
}

/** The head of the verdict on the question just left: "Last answer (1,2,0): right". */
export const lastWords = (label, how) => `Last answer (${label}): ${how}`;

/** A link's entries with at most MAX_ANSWERS attempts in all (progress.js), the rest cut with a notice. */
function capEntries(entries, notices) {
  const attempts = entries.flatMap((e, k) => e.attempts.map((a) => [k, a]));
  const kept = capAnswers(attempts, notices);
  if (kept.length === attempts.length) return entries;
  const cut = [];
  for (const [k, a] of kept) (cut[k] ??= { label: entries[k].label, attempts: [] }).attempts.push(a);
  return cut.filter(Boolean);
}

export class QuizMode {
  /** `graph` and `card` hide what is not yet known; `onChange(quiz)` keeps the address. */
  constructor({ graph, card, onChange }) {
    Object.assign(this, { graph, card, onChange });
    this.session = null;
    this.active = false;
    // The board shows the position computed (no moves are made on it here).
    this.board = new BoardMoves($('quiz-board'));
    $('quiz-check').addEventListener('click', () => this.check());
    $('quiz-reveal').addEventListener('click', () => this.showMe());
    // "Start again" wipes the score: it asks first (#confirm-restart).
    $('quiz-restart').addEventListener('click', () => {
      $('confirm-restart').hidden = false;
      $('quiz-restart-no').focus({ preventScroll: true });
      keepInView($('confirm-restart'));
    });
    $('quiz-restart-no').addEventListener('click', () => {
      $('confirm-restart').hidden = true;
    });
    $('quiz-restart-yes').addEventListener('click', () => {
      $('confirm-restart').hidden = true;
      this.restart();
    });
    // With the keyboard up, the question, the answer box and the verdict stay on screen.
    followKeyboard(() => $('quiz-panel'), () => this.inView());
    $('quiz-answer').addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      this.check();
    });
    $('quiz-pick').addEventListener('change', (e) => this.ask(Number(e.target.value)));
  }

  /** Another game: the link's answers are replayed; what does not fit is a notice. */
  setSession(session, page, notices) {
    // The answers this browser kept, when the link opened has none (progress.js).
    const kept = openExercise(this, session, page.quiz, 'quiz-panel', notices);
    if (kept !== null) page.quiz = kept;
    let entries = [];
    try {
      entries = capEntries(parseQuiz(page.quiz), notices);
    } catch (err) {
      notices.push(`quiz=${quoted(page.quiz)} cannot be read: ${err.message}. Starting the quiz afresh.`);
    }
    const replay = replayQuiz(entries, this.game());
    if (replay.problem) {
      notices.push(
        `The quiz in the link does not fit ${session.info.game}: ${replay.problem}. ` +
          `Each answer is label:${this.misere ? 'P or N' : 'value'} (attempts joined by /, ${SHOWN} for “show me”), in an order where every follower is known first; ` +
          `${keptWords(replay.entries.length)}.`,
      );
    }
    this.entries = replay.entries.map((e) => ({ label: e.label, attempts: [...e.attempts] }));
    this.revealed = replay.revealed;
    this.result = '';
    this.message = '';
    this.about = -1;
    this.asked = replay.open ? session.find(replay.open.label) : -1;
    // The mex box is open at the first question of a quiz, closed (on request) after.
    $('quiz-help').open = this.entries.length === 0;
  }

  /** The exercise's first and last lines on screen: the question and the verdict (or the answer box). */
  inView() {
    return [$('quiz-question'), this.message ? $('quiz-message') : $('quiz-answer').parentElement];
  }

  /** The game as the replay reads it: the core's values and followers. */
  game() {
    const s = this.session;
    const { offsets, targets, grundy, outcome } = s.views();
    return {
      misere: this.misere,
      find: (label) => s.find(label),
      followers: (id) => Array.from(targets.subarray(offsets[id], offsets[id + 1])),
      answer: (id) => (this.misere ? (outcome[id] === 0 ? 'P' : 'N') : String(grundy[id])),
    };
  }

  setActive(on) {
    this.active = on;
    $('quiz-panel').hidden = !on;
    if (on) showProgressNote($('quiz-panel'));
    if (!on) {
      this.graph.setReveal(null);
      this.card.setHidden(null);
      return;
    }
    this.render();
  }

  /** Whether the link holds as many answers as one keeps. */
  get full() {
    return this.entries.reduce((n, e) => n + e.attempts.length, 0) >= MAX_ANSWERS;
  }

  /** The link's `quiz` value. */
  get quiz() {
    return formatQuiz(this.entries);
  }

  /** The open entry (the position asked, when it has wrong attempts), or null. */
  get openEntry() {
    const last = this.entries.at(-1);
    return last && !this.revealed.has(this.session.find(last.label)) ? last : null;
  }

  /** Asks for position `id` (ready or not: a position not ready is refused with the reason). */
  ask(id) {
    if (!this.active || id < 0 || id >= this.session.n) return;
    const label = this.session.label(id);
    if (this.openEntry && this.session.find(this.openEntry.label) !== id) {
      this.say('wrong', `Finish ${this.openEntry.label} first (or press Show me).`);
      return;
    }
    if (this.revealed.has(id)) {
      this.say('', `${label} is already known. Pick a position whose value is hidden.`);
      return;
    }
    const { followers } = this.game();
    const unknown = followers(id).filter((w) => !this.revealed.has(w));
    if (unknown.length > 0) {
      this.say('', `Not yet: the values of ${unknown.slice(0, 6).map((w) => this.session.label(w)).join(', ')}${unknown.length > 6 ? ' …' : ''} (followers of ${label}) are still hidden.`);
      return;
    }
    this.asked = id;
    this.result = '';
    this.message = '';
    this.about = -1;
    this.render();
    $('quiz-answer').focus({ preventScroll: true });
  }

  /** The position asked: the one chosen, else the suggestion (seeded by the core), or -1 when all are known. */
  current(ready) {
    if (this.asked >= 0 && !this.revealed.has(this.asked) && ready.includes(this.asked)) return this.asked;
    if (ready.length === 0) return -1;
    this.asked = ready[this.session.exerciseDraw(this.entries.length, ready.length)];
    return this.asked;
  }

  /** The attempt typed in quiz-answer. */
  check() {
    const id = this.asked;
    if (!this.active || id < 0) return;
    const field = $('quiz-answer');
    if (this.full) {
      this.say('wrong', FULL);
      return;
    }
    const typed = normalise(field.value, this.misere);
    if (typed === null) {
      this.say('', `Type ${allowedAnswers(this.misere)}${field.value.trim() ? `, not ${quoted(field.value.trim())}` : ''}.`);
      return;
    }
    this.record(id, typed);
    field.value = '';
    const label = this.session.label(id);
    if (this.revealed.has(id)) {
      this.say('right', `${lastWords(label, 'right')}, ${this.ruleLine(id)}.`, id);
    } else {
      const step = stepOf(this.session.views(), id, this.misere);
      this.say('wrong', wrongWords(label, typed, step.values, this.misere));
    }
  }

  /** "Show me": reveals the position asked with its rule line; it counts as not right. */
  showMe() {
    const id = this.asked;
    if (!this.active || id < 0) return;
    if (this.full) {
      this.say('wrong', FULL);
      return;
    }
    this.record(id, SHOWN);
    this.say('', `${lastWords(this.session.label(id), 'shown')}, ${this.ruleLine(id)}.`, id);
  }

  record(id, attempt) {
    const label = this.session.label(id);
    if (this.entries.reduce((n, e) => n + e.attempts.length, 0) >= MAX_ANSWERS) return;
    let entry = this.openEntry;
    if (!entry || entry.label !== label) {
      if (this.entries.length === 0) $('quiz-help').open = false;
      entry = { label, attempts: [] };
      this.entries.push(entry);
    }
    entry.attempts.push(attempt);
    if (attempt === SHOWN || attempt === this.game().answer(id)) this.revealed.add(id);
  }

  restart() {
    this.entries = [];
    this.revealed = new Set();
    this.asked = -1;
    this.say('', 'Every value is hidden again.');
  }

  /** The rule's line for a revealed position: the core's mex line, or under misère the outcome rule. */
  ruleLine(id) {
    const label = this.session.label(id);
    if (!this.misere) return `g(${label}) = ${this.session.position(id).mex}`;
    return explainStep(stepOf(this.session.views(), id, true), (w) => this.session.label(w)).head;
  }

  /**
   * The verdict line. `about`: the position it is about when the question moves on at once (a
   * right answer, Show me), so the line is said and marked as the last answer's, never read as
   * about the new position; -1: the question asked now.
   */
  say(result, message, about = -1) {
    this.result = result;
    this.message = message;
    this.about = about;
    this.render();
    if (this.active && message) keepInView(...this.inView());
  }

  /** The outcomes known for the graph: the core's for revealed positions, 3 (hidden) for the rest. */
  masked(views) {
    if (this.mask?.length !== this.session.n) this.mask = new Uint8Array(this.session.n);
    this.mask.fill(3);
    for (const id of this.revealed) this.mask[id] = views.outcome[id];
    return this.mask;
  }

  render() {
    this.onChange(this.quiz);
    saveProgress(this.exercise, 'quiz-panel', this.quiz);
    if (!this.active) return;
    const s = this.session;
    const views = s.views();
    const ready = readyPositions(views, s.n, this.revealed);
    const id = this.current(ready);
    const followers = id >= 0 ? Array.from(views.targets.subarray(views.offsets[id], views.offsets[id + 1])) : [];
    this.graph.setReveal({ outcome: this.masked(views), current: id, followers, words: { hidden: 'not computed yet', current: 'the position asked' } });
    this.card.setHidden((w) => !this.revealed.has(w), null, { kind: 'not computed yet', value: 'Its value is not computed yet: pick it once all its followers are known, and type it.' });
    const score = scoreOf(this.entries, (label) => this.game().answer(s.find(label)));
    const panel = $('quiz-panel');
    Object.assign(panel.dataset, {
      position: id >= 0 ? s.label(id) : '',
      result: this.result,
      score: `${score.right}/${score.total}`,
      revealed: String(this.revealed.size),
      positions: String(s.n),
    });
    $('quiz-score').textContent = `Score: ${count(score.right)} right at the first try out of ${count(score.total)} · ${count(this.revealed.size)} of ${count(s.n)} values known`;
    const label = id >= 0 ? s.label(id) : '';
    $('quiz-question').textContent =
      id < 0
        ? `Every value is known: ${count(score.right)} of ${count(score.total)} right at the first try.`
        : this.misere
          ? `Is ${label} a P-position or an N-position (misère play)?`
          : `What is the Grundy value of ${label}?`;
    $('quiz-answer').placeholder = this.misere ? 'P or N' : 'g';
    $('quiz-answer').inputMode = this.misere ? 'text' : 'numeric';
    for (const b of ['quiz-answer', 'quiz-check', 'quiz-reveal']) $(b).disabled = id < 0;
    const message = $('quiz-message');
    message.textContent = this.message;
    message.className = this.result;
    // A verdict about the question before this one (#quiz-message[data-about]: its position).
    const about = this.message && this.about >= 0 && this.about !== id ? s.label(this.about) : null;
    if (about === null) delete message.dataset.about;
    else message.dataset.about = about;
    message.classList.toggle('previous', about !== null);
    const boardBox = $('quiz-board');
    this.board.load(id);
    boardBox.hidden = !this.board.view || this.board.view.kind === 'named';
    if (!boardBox.hidden) this.board.show({ help: false });
    this.renderPick(ready, id);
    this.renderFollowers(id, followers, views);
    touchText(panel);
  }

  /**
   * Beside the question, its followers with their values once known (the mex's set, in the
   * graph's order), and for a sum of components the XOR rule next to the mex.
   */
  renderFollowers(id, followers, views) {
    const s = this.session;
    const items = followers.map((w) => {
      const li = document.createElement('li');
      const known = this.revealed.has(w);
      const value = this.misere ? (views.outcome[w] === 0 ? 'P' : 'N') : String(views.grundy[w]);
      li.dataset.label = s.label(w);
      li.dataset.grundy = known && !this.misere ? value : '';
      if (this.misere && known) li.dataset.outcome = value;
      li.textContent = `${s.label(w)}: ${known ? (this.misere ? value : `g = ${value}`) : '? (not known yet)'}`;
      if (!known) li.className = 'unknown';
      return li;
    });
    if (id >= 0 && items.length === 0) {
      const li = Object.assign(document.createElement('li'), { className: 'none', textContent: 'no moves: no followers' }); // the answer is the student's to give
      items.push(li);
    }
    $('quiz-followers').replaceChildren(...items);
    // A sum (two components or more, with a move): its value is also the XOR of theirs.
    const sum = id >= 0 && !this.misere && followers.length > 0 ? s.nimSum(id) : null;
    $('quiz-xor').textContent =
      sum?.rows?.length >= 2 ? `A sum: g = ${sum.rows.map((r) => `g(${r.label})`).join(' ⊕ ')} (XOR), the same number as the mex.` : '';
  }

  /** The menu of positions ready to compute (the keyboard's and a phone's way to pick). */
  renderPick(ready, id) {
    const pick = $('quiz-pick');
    const shown = ready.slice(0, READY_LISTED);
    if (id >= 0 && !shown.includes(id)) shown.unshift(id);
    pick.replaceChildren(...shown.map((v) => new Option(this.session.label(v), String(v), false, v === id)));
    pick.disabled = shown.length < 2 || this.openEntry !== null;
    $('quiz-ready').textContent = ready.length === 1 ? 'the only position ready' : `${count(ready.length)} positions ready`;
  }
}
