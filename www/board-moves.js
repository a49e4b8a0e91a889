// Moving by clicking the board, for every mode that shows a position on a board (play, puzzle,
// quiz, steps): the position's view and legal moves from the core, each move with the clicks that
// make it (board-view.js movePath), the clicks made so far, and what to say after a click. The
// words about a game's board (how a move is made, what the next click of a two-click move does)
// come with the view from the core (`how`, `next`: src/board_words.rs), so nothing here or
// in a mode knows a game's rules.

import { BoardView, movePath, pinsTaken } from './board-view.js';

/**
 * The moves that the clicks so far (`pending`, a list of keys) can still lead to, and what to do:
 * { action: 'move', move } when exactly one move is made by these clicks; 'choose' when several
 * moves share them (they differ only where the board cannot show it, e.g. how an octal heap
 * splits); 'more' when a further click is needed; 'none' when no legal move starts so.
 */
export function resolveClicks(pending, moves) {
  const starts = moves.filter((m) => pending.every((k, i) => m.path[i] === k));
  if (starts.length === 0) return { action: 'none', moves: [] };
  const exact = starts.filter((m) => m.path.length === pending.length);
  if (exact.length === 1 && starts.length === 1) return { action: 'move', move: exact[0], moves: starts };
  if (exact.length > 0 && exact.length === starts.length) return { action: 'choose', moves: exact };
  return { action: 'more', moves: starts };
}

/**
 * What to say after a click that did not make a move (`found` from resolveClicks), from the
 * core's words of the board (`view.how`, `view.next`): null after a move.
 */
export function clickWords(found, view, label) {
  if (found.action === 'move') return null;
  if (found.action === 'none') return `That is not a legal move from ${label}. ${view?.how ?? ''}`.trim();
  if (found.action === 'more') return view?.next ?? 'Now click again to finish the move.';
  return `${found.moves.length} moves start with those clicks; choose one in the list (they are marked).`;
}

export class BoardMoves {
  /**
   * The board in `root`. `onMove(to)`: the clicks made the move to position id `to` (none: the
   * board only shows positions). `onWords(text)`: what to say after a click that made no move.
   * `refuse()`: a sentence when the board takes no move now (not your turn; '' to say nothing),
   * else null.
   * `onRedraw()`: the pins per click changed, so the mode draws its board again.
   */
  constructor(root, { onMove = null, onWords = () => {}, refuse = () => null, onRedraw = () => {} } = {}) {
    Object.assign(this, { onMove, onWords, refuse });
    this.session = null;
    this.id = -1;
    this.view = null;
    this.moves = [];
    this.pending = [];
    this.board = new BoardView(root, {
      touchSized: true,
      onKey: (key, part) => this.click(key, part),
      // A pin's key names the rows it leaves, which depends on the pins per click.
      onTake: () => {
        this.pending = [];
        onRedraw();
      },
    });
  }

  /** A new game: the board's size is its start's, its rules the core's sentence. */
  setGame(session) {
    this.session = session;
    this.board.setFrame(session.view(session.info.root), session.info.rules);
  }

  /** Position `id` (or none, -1): its view and legal moves, each with the clicks that make it. */
  load(id) {
    const s = this.session;
    this.id = id;
    this.pending = [];
    if (id < 0) {
      this.view = null;
      this.moves = [];
      return this.moves;
    }
    this.view = s.view(id);
    if (!this.onMove) {
      this.moves = [];
      return this.moves;
    }
    const { offsets } = s.views();
    this.moves = s.moves(id).map((m) => {
      const to = s.view(m.to);
      return { ...m, terminal: offsets[m.to] === offsets[m.to + 1], path: movePath(this.view, to), take: pinsTaken(this.view, to) };
    });
    this.board.showTakes(this.moves.map((m) => m.take).filter((t) => t !== null));
    return this.moves;
  }

  get label() {
    return this.id < 0 ? '' : this.session.label(this.id);
  }

  /** A click on a part of the board: a move once the clicks name one, else words. */
  click(key, part = null) {
    if (!this.onMove) return;
    // The part tapped (of those sharing its key, e.g. mirror-image pins), for the mode to show it.
    this.tapped = part;
    // A sentence, or '' for a click ignored in silence.
    const refusal = this.refuse();
    if (refusal !== null) {
      if (refusal) this.onWords(refusal);
      return;
    }
    const pending = [...this.pending, key];
    const found = resolveClicks(pending, this.moves);
    this.pending = found.action === 'more' ? pending : [];
    if (found.action === 'move') {
      this.onMove(found.move.to);
      return;
    }
    this.onWords(clickWords(found, this.view, this.label), found.action === 'none' ? null : found.moves);
  }

  /**
   * The next click of each legal move the clicks so far can lead to: key → 'legal', or
   * 'winning' for a winning move's when `winning` (hints, or after a puzzle's answer).
   */
  marks({ winning = false } = {}) {
    const marks = new Map();
    for (const m of this.moves) {
      const key = m.path[this.pending.length];
      if (key === undefined || !this.pending.every((k, i) => m.path[i] === k)) continue;
      if (winning && m.optimal) marks.set(key, 'winning');
      else if (!marks.has(key)) marks.set(key, 'legal');
    }
    return marks;
  }

  /** Draws the position loaded (`options` as BoardView.show takes them; `marks` null: none). */
  show(options = {}) {
    this.board.show(this.view, this.label, { chosen: this.pending.at(-1) ?? null, ...options });
  }

  /** Values on the board's places for positions (BoardView.markPositions). */
  markPositions(valueOf) {
    this.board.markPositions(valueOf);
  }

  /** Draws another position than the one loaded (a preview), with no clicks. */
  showOther(id, options = {}) {
    this.board.show(this.session.view(id), this.session.label(id), { help: false, ...options });
  }
}
