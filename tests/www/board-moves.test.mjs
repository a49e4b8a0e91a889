// Moving on the board (www/board-moves.js): clicks resolved against the legal moves, and what is
// said after a click that makes no move, from the core's words of the board.
// Run: node --test tests/www/

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { clickWords, resolveClicks } from '../../www/board-moves.js';

describe('resolveClicks', () => {
  const moves = [
    { to: 1, path: ['h7:5'] },
    { to: 2, path: ['h7:5'] },
    { to: 3, path: ['h7:6'] },
    { to: 4, path: ['t3', 't3'] },
    { to: 5, path: ['t3', 't0'] },
    { to: 6, path: [] },
  ];

  test('one move made by the clicks is played', () => {
    assert.deepEqual(resolveClicks(['h7:6'], moves), { action: 'move', move: moves[2], moves: [moves[2]] });
    assert.equal(resolveClicks(['t3', 't0'], moves).move.to, 5);
    assert.equal(resolveClicks(['t3', 't3'], moves).move.to, 4);
  });

  test('several moves with the same clicks are offered to choose from; a first click of two waits', () => {
    assert.deepEqual(resolveClicks(['h7:5'], moves), { action: 'choose', moves: [moves[0], moves[1]] });
    assert.deepEqual(resolveClicks(['t3'], moves), { action: 'more', moves: [moves[3], moves[4]] });
  });

  test('clicks that start no legal move', () => {
    assert.equal(resolveClicks(['h7:7'], moves).action, 'none');
    assert.equal(resolveClicks(['t3', 't1'], moves).action, 'none');
  });
});

describe('clickWords', () => {
  const view = { kind: 'turtles', heads: [true], how: 'Click a head.', next: 'Now click a coin to its left.' };
  test('the words come from the view the core sent, not from the page', () => {
    assert.equal(clickWords({ action: 'none', moves: [] }, view, 'HT'), 'That is not a legal move from HT. Click a head.');
    assert.equal(clickWords({ action: 'more', moves: [] }, view, 'HT'), 'Now click a coin to its left.');
    assert.equal(clickWords({ action: 'more', moves: [] }, { ...view, next: 'Then the square.' }, 'HT'), 'Then the square.');
    assert.match(clickWords({ action: 'choose', moves: [{}, {}] }, view, 'HT'), /^2 moves start with those clicks/);
    assert.equal(clickWords({ action: 'move', move: {} }, view, 'HT'), null);
  });
});
