// The printed worksheet of "find the winning move" (puzzle mode): the first WORKSHEET_SIZE
// puzzles of the game, drawn as the puzzle mode draws them (the core's seeded puzzles, the same
// as on screen for the same link), a line to write on under each, and the answer key on a page
// of its own (print.css: #worksheet shows only in print, only in puzzle mode). The key names
// each puzzle's winning moves from the core, with the reason (move-reasons.js), or says that
// none wins.

import { BoardView } from './board-view.js';
import { isMisereNim } from './misere-rule.js';
import { moveReason } from './move-reasons.js';
import { nimSumOf } from './nim-sum-view.js';

const $ = (id) => document.getElementById(id);

/** Puzzles on a worksheet: two columns of three fit an A4 page with their boards. */
export const WORKSHEET_SIZE = 6;

const make = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

/** The key's line for puzzle `id`: its winning moves and why, or that none wins. */
function answer(session, id) {
  const moves = session.moves(id);
  const winning = moves.filter((m) => m.optimal);
  const label = session.label(id);
  if (winning.length === 0) return `${label}: no winning move (a P-position): every move loses against best play.`;
  const sums = session.info.play === 'misere' ? null : { from: nimSumOf(session, id) };
  const first = winning[0];
  const reason = moveReason({
    from: session.position(id),
    moves,
    to: first.to,
    sums: sums?.from && !sums.from.translation ? { from: sums.from, to: nimSumOf(session, first.to) } : null,
    play: session.info.play,
    misereNim: isMisereNim(session.info),
  });
  const list = winning.map((m) => m.label).join('; ');
  return `${label} → ${list}. ${reason}`;
}

/**
 * Writes the worksheet of `session` into #worksheet (`title`: the game in words); empty when
 * the game has no puzzle (no position with a move).
 */
export function renderWorksheet(session, title) {
  const box = $('worksheet');
  if (!box) return;
  const ids = [];
  for (let k = 0; k < WORKSHEET_SIZE; k++) {
    const id = session.puzzle(k);
    if (id < 0) break;
    ids.push(id);
  }
  box.dataset.puzzles = String(ids.length);
  if (ids.length === 0) {
    box.replaceChildren();
    return;
  }
  const frame = session.view(session.info.root);
  const sheet = make('ol', { className: 'worksheet-puzzles' });
  for (const id of ids) {
    const board = make('div', { className: 'board worksheet-board' });
    const view = new BoardView(board, { onKey: () => {} });
    view.setFrame(frame, '');
    view.show(session.view(id), session.label(id), { help: false });
    // Paper takes no clicks: the copies carry no keys, so that nothing on screen finds them.
    for (const node of board.querySelectorAll('[data-key], [data-part], [data-aim]')) {
      for (const name of ['data-key', 'data-part', 'data-aim']) node.removeAttribute(name);
    }
    delete board.dataset.position;
    sheet.append(
      make('li', {}, make('p', { className: 'worksheet-position', textContent: `Position ${session.label(id)}` }), board, make('p', { className: 'worksheet-line', textContent: 'Winning move (or “none”): ' })),
    );
  }
  const key = make('ol', { className: 'worksheet-answers' }, ...ids.map((id) => make('li', { textContent: answer(session, id) })));
  box.replaceChildren(
    make('h2', { textContent: `Find the winning move: ${title}` }),
    make('p', { textContent: `${session.info.rules} For each position, write a move that wins against best play, or “none” if every move loses.` }),
    sheet,
    make('p', { className: 'worksheet-link', textContent: `Online: ${location.href.split('#')[0]}${location.hash}` }),
    make('section', { className: 'worksheet-key' }, make('h2', { textContent: `Answer key: ${title}` }), key),
  );
}
