// Play mode: a person plays the game on the board (or from the list of legal moves) against the
// perfect player, the model UMDA has learned so far, a random player or another person. After
// each move the page says whether it won and why, in the lesson's terms (Grundy values, P- and
// N-positions, the misère rule); Hint shows the winning moves with the mex worked out. The
// computer's moves come from the core (Session.computer_move), seeded by the run's seed and the
// move's number in the game, so the same game replays the same way. The sentences are pure
// functions (tested in tests/www/); the class owns the play panel.

import { BoardMoves } from './board-moves.js';
import { listWords } from './board-view.js';
import { messageOf } from './core.js';
import { quoted } from './link-text.js';
import { isMisereNim, renderMisereRule } from './misere-rule.js';
import { MoveLog } from './move-log.js';
import { OPPONENTS, isRule } from './players.js';
import { onReveal, shows } from './reveal.js';
import { touchText } from './touch.js';
import { renderWythoffPairs } from './wythoff-pairs.js';

const $ = (id) => document.getElementById(id);

/** Between the positions of `played` in a link (no family's labels contain it). */
export const PLAYED_SEPARATOR = '~';

/** The computer waits this long before it answers, so that a class sees the two moves apart. */
export const REPLY_DELAY_MS = 300;

/**
 * The pause in force: REPLY_DELAY_MS, unless `globalThis.impartialReplyDelayMs` was set before
 * the page's modules ran. Only the browser tests set it (to 0), so that their hundreds of
 * computer replies do not wait for a person's eyes; the reply is still a task of its own.
 */
const replyDelay = () => globalThis.impartialReplyDelayMs ?? REPLY_DELAY_MS;

/** The two sides: side 0 is the person at the page (Player 1 in pass-and-play). */
export function sideNames(opponent) {
  return opponent === 'person' ? ['Player 1', 'Player 2'] : ['you', 'the computer'];
}

const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
/** "you win", "the computer wins". */
const wins = (name) => `${name} ${name === 'you' ? 'win' : 'wins'}`;

/** What the opponent is, in words (the status line and the explanation of its moves). */
export const OPPONENT_WORDS = {
  perfect: 'the perfect player (moves to a P-position whenever it can)',
  learned: 'the model UMDA has learned so far (a move drawn from p_t)',
  random: 'a random player (every legal move equally likely)',
  person: 'another person at this screen (pass and play)',
};

/** "Grundy value 3" or, under misère play, "a misère N-position". */
function valueWords(move, play) {
  return play === 'misere' ? `a misère ${move.outcome}-position` : `Grundy value ${move.grundy}`;
}

/**
 * Why a move was good or not, in the lesson's terms. `who` names the mover ('you', 'the
 * computer', 'Player 1'), `from` is the core's position record of where the move was made
 * ({ label, outcome, grundy, moves }), `move` the move made ({ label, outcome, grundy, optimal }).
 */
export function explainMove(who, from, move, play) {
  const head = `${capital(who)} moved ${from.label} → ${move.label}`;
  const misere = play === 'misere';
  if (move.terminal) {
    return misere
      ? `${head}, where no move is left: under misère play the player who cannot move wins, so this hands the win over.`
      : `${head}, where no move is left: the player to move there cannot move and loses (a P-position, Grundy value 0). A winning move.`;
  }
  if (move.optimal) {
    return misere
      ? `${head}: a move to a P-position under misère play (who cannot move wins), a winning move: ` +
          'the player to move there loses against best play.'
      : `${head}: a move to a P-position (Grundy value 0), a winning move: every move from ${move.label} ` +
          'goes to a non-zero value, and from there the mover can always return to 0.';
  }
  if (from.outcome === 'P') {
    return (
      `${head} (${valueWords(move, play)}). ${from.label} was a P-position` +
      (misere ? ' under misère play' : ' (Grundy value 0)') +
      ': every move from it leads to an N-position, so no move wins against best play.'
    );
  }
  const winning = from.moves.filter((m) => m.optimal).map((m) => m.label);
  return (
    `${head} (${valueWords(move, play)}): an N-position, so the player to move there can win. ` +
    `The winning ${winning.length === 1 ? 'move' : 'moves'} from ${from.label} went to ` +
    `${misere ? 'a misère P-position' : 'Grundy value 0'}: ${listWords(winning)}.`
  );
}

/**
 * The result once `label` has no moves: `stuck` names the side to move there (who cannot move),
 * `other` the other side.
 */
export function resultText(label, stuck, other, play) {
  return play === 'misere'
    ? `Game over: no move is left from ${label}. Under misère play the player who cannot move wins: ${wins(stuck)}.`
    : `Game over: no move is left from ${label}, so ${stuck} cannot move and ${stuck === 'you' ? 'lose' : 'loses'}: ${wins(other)}.`;
}

/** The hint for position `p` (the core's record): its value worked out and the winning moves. */
export function hintText(p, play) {
  const winning = p.moves.filter((m) => m.optimal).map((m) => m.label);
  if (p.moves.length === 0) return `${p.label} has no moves.`;
  if (play === 'misere') {
    return p.outcome === 'N'
      ? `Under misère play ${p.label} is an N-position: the winning moves go to misère P-positions: ${listWords(winning)}.`
      : `Under misère play ${p.label} is a P-position: every move leads to an N-position, so none wins against best play.`;
  }
  return p.grundy === 0
    ? `${p.label} has Grundy value ${p.mex}: a P-position. Every move leads to a non-zero value, so none wins ` +
        'against best play; pick one that leaves your opponent room to go wrong.'
    : `${p.label} has Grundy value ${p.mex} ≠ 0: an N-position. The winning ${winning.length === 1 ? 'move goes' : 'moves go'} ` +
        `to Grundy value 0 (P-positions): ${listWords(winning)}.`;
}

/**
 * How many plies Undo takes back so that the person is to move again after at least one of
 * their own moves: against the computer, its reply and the person's move before it (or only the
 * person's last move when the game ended on it); in pass-and-play, one. 0 when there is nothing
 * to undo. `movers[k]` is the side (0 person, 1 other) that made ply k.
 */
export function undoCount(movers, opponent) {
  if (movers.length === 0) return 0;
  if (opponent === 'person') return 1;
  const lastPerson = movers.lastIndexOf(0);
  return lastPerson < 0 ? 0 : movers.length - lastPerson;
}

export class PlayMode {
  /**
   * `onChange(state)` is called after every change of the game, with { at, path } (the label on
   * the board and the ids of the game so far), for the address and the graph.
   * `onOptions({ opponent, first })` when the person changes them.
   */
  constructor({ onChange, onOptions }) {
    this.onChange = onChange;
    this.onOptions = onOptions;
    this.session = null;
    this.active = false;
    this.history = []; // position ids, history[0] = where the game started
    this.movers = []; // per ply: 0 = the person (Player 1), 1 = the computer (Player 2)
    this.notes = []; // per ply: the explanation shown
    this.hints = false;
    this.preview = -1; // a position tapped on the graph, shown on the board, or -1
    this.timer = 0;
    this.log = new MoveLog();
    this.board = new BoardMoves($('board'), {
      onMove: (to) => this.move(to),
      refuse: () => this.refusal(),
      onWords: (words, marked) => {
        this.render(marked);
        this.say(words);
      },
      onRedraw: () => this.render(),
    });
    // A part the link hid, revealed: the explanations and hints show it. The winning move
    // revealed on cue (W) is shown where every game shows it: the hints mark it on the board and
    // in the list of moves.
    onReveal((part) => {
      if (part === 'winning' && this.active) this.hints = true;
      if (this.active) this.render();
    });
    $('new-game').addEventListener('click', () => this.newGame(this.root));
    $('undo').addEventListener('click', () => this.undo());
    $('wythoff-mark').addEventListener('change', () => this.render());
    $('hint').addEventListener('click', () => this.toggleHints());
    $('play-from-pick').addEventListener('click', () => this.playFromPreview());
    $('back-to-game').addEventListener('click', () => this.showPreview(-1));
    $('opponent').addEventListener('change', (e) => this.setOptions({ opponent: e.target.value }));
    $('first').addEventListener('change', (e) => this.setOptions({ first: e.target.value }));
    $('legal-moves').addEventListener('click', (e) => {
      const button = e.target instanceof Element && e.target.closest('button[data-id]');
      if (button && !button.disabled) this.move(Number(button.dataset.id));
    });
  }

  get current() {
    return this.history.at(-1);
  }

  get root() {
    return this.session.info.root;
  }

  /** Side to move now (0 or 1). */
  get side() {
    return (this.firstSide + this.history.length - 1) % 2;
  }

  get over() {
    return this.moves.length === 0;
  }

  /**
   * Another game (or the same one re-opened): the board shows `page.at` (the label of a position;
   * '' = the start), ready to play. A label that is no position of the game gets a notice and the
   * start. At the start, `first` says who moves first; elsewhere the person is to move (a link
   * made during a game is made when it is the person's turn).
   */
  setSession(session, page, notices) {
    this.session = session;
    // `opponent` may name a learning rule's opponent (first, same), which is not a player here.
    let opponent = page.opponent;
    if (!OPPONENTS.includes(opponent)) {
      if (!isRule(page.learner)) {
        notices.push(
          `${quoted(opponent)} is not an opponent in play mode: use ${OPPONENTS.slice(0, -1).join(', ')} or ${OPPONENTS.at(-1)}. Using opponent=perfect.`,
        );
        page.opponent = 'perfect';
      }
      opponent = 'perfect';
    }
    this.options = { opponent, first: page.first };
    $('opponent').value = opponent;
    $('first').value = page.first;
    this.hints = page.hint === '1';
    this.board.setGame(session);
    if (page.played !== '' && this.replay(page.played.split(PLAYED_SEPARATOR), page.at, notices)) return;
    let start = this.root;
    if (page.at !== '') {
      const id = session.find(page.at);
      if (id < 0) {
        notices.push(
          `at=${quoted(page.at)} is not a position of ${session.info.game}: use the label of one of its positions ` +
            `as the table below lists them (the start is ${quoted(session.info.root_label)}). Showing the start.`,
        );
      } else {
        start = id;
      }
    }
    this.newGame(start, start === this.root ? undefined : 0);
  }

  /**
   * Restores a game from a link: `labels` are its positions from where it started, each a move
   * from the one before (the core's list of moves decides). The longest valid beginning is
   * played, with a notice at the first label that is not a move; false when not even the start
   * is a position (the caller then reads `at` alone). Who moved is as in a game played here.
   */
  replay(labels, at, notices) {
    const s = this.session;
    const start = s.find(labels[0]);
    if (start < 0) {
      notices.push(`played=${quoted(labels[0])} does not start at a position of ${s.info.game}: the game played is not restored.`);
      return false;
    }
    this.newGame(start, start === this.root ? undefined : 0);
    clearTimeout(this.timer);
    this.timer = 0;
    for (const label of labels.slice(1)) {
      const next = this.moves.find((m) => m.label === label);
      if (!next) {
        notices.push(
          `played: ${quoted(label)} is not a move from ${quoted(this.position.label)} in ${s.info.game}; ` +
            `the game is restored up to ${quoted(this.position.label)}.`,
        );
        break;
      }
      this.play(next.to, this.side);
    }
    if (at !== '' && at !== this.position.label) {
      notices.push(`at=${quoted(at)} is not where the moves played lead (${quoted(this.position.label)}): showing ${quoted(this.position.label)}.`);
    }
    this.maybeReply();
    return true;
  }

  /** Shows or hides the play panel; play goes on where it was. */
  setActive(on) {
    this.active = on;
    $('play-panel').hidden = !on;
    if (on) this.render();
    else this.changed();
  }

  setOptions(change) {
    this.options = { ...this.options, ...change };
    this.onOptions(this.options);
    this.newGame(this.history[0] ?? this.root);
  }

  /** A new game from position `from`; `firstSide` overrides who moves first (0 the person). */
  newGame(from, firstSide) {
    clearTimeout(this.timer);
    this.timer = 0;
    this.history = [from];
    this.movers = [];
    this.notes = [];
    this.preview = -1;
    this.firstSide = firstSide ?? (this.options.first === 'computer' ? 1 : 0);
    this.load();
    this.render();
    this.maybeReply();
  }

  /** The current position's record and legal moves, each with the clicks that make it. */
  load() {
    this.position = this.session.position(this.current);
    this.moves = this.board.load(this.current);
  }

  /** The person's turn now? (In pass-and-play, always while the game goes on.) */
  get personToMove() {
    return !this.over && (this.options.opponent === 'person' || this.side === 0) && !this.timer;
  }

  /** Why a click on the board is not a move now (null when it may be). */
  refusal() {
    if (this.preview >= 0) return 'This is a position from the graph, not the game: press “Play from here” or “Back to the game”.';
    if (!this.personToMove) return this.over ? 'The game is over: start a new game or undo.' : 'Wait for the computer’s move.';
    return null;
  }

  /** Makes the move to position `to` for the side to move (the person, or a player in pass-and-play). */
  move(to) {
    if (!this.personToMove) return;
    this.play(to, this.side);
    this.maybeReply();
  }

  play(to, side) {
    const move = this.moves.find((m) => m.to === to);
    if (!move) return;
    const names = sideNames(this.options.opponent);
    // The move's reason, and the move alone for while the link hides values or outcomes (reveal.js).
    // The computer's move says why in its own terms, as its line in the move log does ("heap 2:
    // 7 → 7 ⊕ 3 = 4, back to s = 0"), so a class reads it on the first screen.
    const plain = `${capital(names[side])} moved ${this.position.label} → ${move.label}.`;
    const computer = side === 1 && this.options.opponent !== 'person';
    const text = computer ? `${plain} Why: ${this.log.entry(this.current, to, this.session).reason}` : explainMove(names[side], this.position, move, this.session.info.play);
    const note = { text, plain };
    this.history.push(to);
    this.movers.push(side);
    this.notes.push(note);
    this.load();
    this.render();
  }

  /** The computer answers after a short pause when it is its turn. */
  maybeReply() {
    if (this.over || this.options.opponent === 'person' || this.side !== 1) return;
    this.timer = setTimeout(() => {
      this.timer = 0;
      let to;
      try {
        to = this.session.computerMove(this.current, this.options.opponent, this.history.length - 1);
      } catch (err) {
        this.say(messageOf(err));
        return;
      }
      if (to >= 0) this.play(to, 1);
    }, replyDelay());
    this.render();
  }

  undo() {
    const k = undoCount(this.movers, this.options.opponent);
    if (k === 0) return;
    clearTimeout(this.timer);
    this.timer = 0;
    this.history.length -= k;
    this.movers.length -= k;
    this.notes.length -= k;
    this.load();
    this.render();
  }

  toggleHints() {
    this.hints = !this.hints;
    this.render();
  }

  /** The game as a link keeps it: the positions so far from where it started (`played`). */
  get played() {
    return this.history.length > 1 ? this.history.map((id) => this.session.label(id)).join(PLAYED_SEPARATOR) : '';
  }

  /** A position tapped on the graph (or -1): shown on the board until played from or dismissed. */
  showPreview(id) {
    if (!this.active || id === this.current) id = -1;
    this.preview = id;
    this.render();
  }

  playFromPreview() {
    if (this.preview >= 0) this.newGame(this.preview, this.options.first === 'computer' ? 1 : 0);
  }

  /** One paragraph per sentence group in the explanation under the board. */
  say(texts) {
    const list = Array.isArray(texts) ? texts : [texts];
    $('play-explain').replaceChildren(...list.map((t) => Object.assign(document.createElement('p'), { textContent: t })));
    // The board's words after a first click ("Now click a coin to its left") are the core's: "tap" on a touch screen.
    touchText($('play-explain'));
  }

  changed() {
    this.onChange({ at: this.session.label(this.current), path: [...this.history], active: this.active, played: this.played, hint: this.hints ? '1' : '0' });
  }

  /**
   * Draws the board, the status, the explanation, the hint, the list of legal moves and the game
   * so far; `highlight` marks moves in the list (several moves share the clicks made).
   */
  render(highlight = null) {
    this.changed();
    if (!this.active) return;
    const play = this.session.info.play;
    this.renderBoard();
    this.renderStatus(play);
    // The last move explained; against the computer, the person's move before its reply too.
    const pair = this.movers.at(-1) === 1 && this.movers.at(-2) === 0 && this.options.opponent !== 'person';
    const telling = shows('values') && shows('outcomes') && shows('winning');
    const shown = this.notes.slice(pair ? -2 : -1).map((n) => (telling ? n.text : n.plain));
    this.say(shown.length ? shown : ['Make a move on the board or choose one from the list.']);
    // The hint: the value worked out and the winning moves (not while the link hides them).
    $('hint').setAttribute('aria-pressed', String(this.hints));
    $('hint').disabled = !telling;
    $('hint').title = telling ? '' : 'Hints show values and winning moves: reveal them first (V, W).';
    const hints = this.hints && telling;
    const hintBox = $('hint-text');
    hintBox.hidden = !hints || this.over;
    if (hints) hintBox.textContent = hintText(this.position, play);
    $('undo').disabled = undoCount(this.movers, this.options.opponent) === 0;
    $('opponent-note').textContent = `Playing against ${OPPONENT_WORDS[this.options.opponent]}.`;
    this.renderMoves(highlight, play, hints);
    this.renderRecord();
  }

  /** The game's position with its clickable parts (winning ones marked with hints), or a preview. */
  renderBoard() {
    const s = this.session;
    const previewing = this.preview >= 0;
    $('play-from-pick').hidden = !previewing;
    $('back-to-game').hidden = !previewing;
    if (previewing) {
      const label = s.label(this.preview);
      this.board.showOther(this.preview, { caption: `From the graph: ${label}. The game is at ${s.label(this.current)}.` });
      $('play-from-pick').textContent = `Play from ${label}`;
      return;
    }
    // The next click of each legal move that the clicks so far can lead to.
    this.board.show({ marks: this.personToMove ? this.board.marks({ winning: this.hints && shows('values') && shows('winning') }) : new Map() });
    // The board's words from the core say "click": on a touch screen, "tap".
    touchText($('board'));
  }

  /** Whose turn it is, or the result, in words and in data attributes (for tests). */
  renderStatus(play) {
    const names = sideNames(this.options.opponent);
    const status = $('play-status');
    const label = this.position.label;
    let turn = 'over';
    let text;
    let winner = null;
    if (this.over && this.movers.length === 0) {
      // Opened at a position with no moves (a link to a finished game): nobody has played.
      text = `No move is left from ${label}: press New game to play from the start, or tap a position on the graph.`;
    } else if (this.over) {
      const [stuck, other] = [names[this.side], names[1 - this.side]];
      const name = play === 'misere' ? stuck : other;
      text = resultText(label, stuck, other, play);
      winner = this.options.opponent === 'person' ? name : name === 'you' ? 'person' : 'computer';
    } else if (this.options.opponent === 'person') {
      turn = 'person';
      text = `${names[this.side]} to move from ${label}.`;
    } else if (this.side === 0 && !this.timer) {
      turn = 'person';
      text = `Your move from ${label}.`;
    } else {
      turn = 'computer';
      text = `The computer is choosing its move from ${label}…`;
    }
    status.textContent = text;
    status.dataset.turn = turn;
    status.dataset.position = label;
    status.dataset.plies = String(this.movers.length);
    if (winner) status.dataset.winner = winner;
    else delete status.dataset.winner;
  }

  /** One button per legal move (values shown with hints); none when the game is over. */
  renderMoves(highlight, play, hints) {
    const list = $('legal-moves');
    // A move made from the list (by keyboard) rebuilds it: the focus stays in the list, on its
    // first move once the person may move again (the list itself while the computer thinks or
    // when the game is over), instead of falling back to the top of the page.
    const focused = list.contains(document.activeElement);
    const enabled = this.personToMove && this.preview < 0;
    const marked = highlight ? new Set(highlight.map((m) => m.to)) : null;
    const buttons = this.moves.map((m) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.id = String(m.to);
      b.dataset.to = m.label;
      b.disabled = !enabled;
      const value = play === 'misere' ? m.outcome : `g = ${m.grundy}`;
      b.textContent = hints ? `→ ${m.label} (${value})` : `→ ${m.label}`;
      if (hints && m.optimal) b.dataset.winning = 'true';
      if (marked?.has(m.to)) b.classList.add('marked');
      return b;
    });
    if (buttons.length === 0) {
      const none = document.createElement('p');
      none.className = 'note';
      none.textContent = 'No legal moves: the game is over.';
      list.replaceChildren(none);
    } else {
      list.replaceChildren(...buttons);
    }
    if (focused) {
      list.tabIndex = -1;
      (list.querySelector('button:not(:disabled)') ?? list).focus({ preventScroll: true });
    }
  }

  /**
   * The game so far, one line per move with its reason (move-log.js), and Bouton's rule under
   * misère Nim (misere-rule.js), Wythoff's pairs beside a queen's board (wythoff-pairs.js).
   */
  renderRecord() {
    const names = sideNames(this.options.opponent).map(capital);
    // What the link hides (reveal.js): the reasons and the rule's move tell values, outcomes and
    // winning moves, the nim-sums values, Wythoff's pairs the P-positions.
    const telling = shows('values') && shows('outcomes') && shows('winning');
    const n = this.log.render(this.session, this.history, this.movers, names, this.options.opponent !== 'person', { reasons: telling, sums: shows('nimsum') });
    $('game-record-heading').hidden = n === 0;
    renderMisereRule(isMisereNim(this.session.info) ? this.position.label : null, telling);
    renderWythoffPairs(shows('outcomes') ? this.session.view(this.root) : null);
  }
}
