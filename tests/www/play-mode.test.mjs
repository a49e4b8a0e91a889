// The play mode's pure parts: Undo's count, and the
// sentences that explain a move, a hint and a result in the lesson's terms.
// Run: node --test tests/www/

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { explainMove, hintText, resultText, sideNames, undoCount } from '../../www/play-mode.js';

describe('undoCount', () => {
  test('against the computer: back to the person’s last move', () => {
    assert.equal(undoCount([], 'perfect'), 0);
    assert.equal(undoCount([1], 'perfect'), 0, 'only the computer has moved: nothing of the person to undo');
    assert.equal(undoCount([0, 1], 'random'), 2);
    assert.equal(undoCount([1, 0, 1], 'learned'), 2);
    assert.equal(undoCount([0, 1, 0], 'perfect'), 1, 'the game ended on the person’s move');
  });

  test('pass and play: one move at a time', () => {
    assert.equal(undoCount([0, 1], 'person'), 1);
    assert.equal(undoCount([], 'person'), 0);
  });
});

describe('sentences', () => {
  const from = {
    label: '3,4,5',
    outcome: 'N',
    grundy: 2,
    mex: 'mex{0, 1, 3} = 2',
    moves: [
      { label: '1,4,5', outcome: 'P', grundy: 0, optimal: true },
      { label: '3,4,4', outcome: 'N', grundy: 3, optimal: false },
    ],
  };

  test('a winning move is a move to a P-position, Grundy value 0', () => {
    const text = explainMove('you', from, from.moves[0], 'normal');
    assert.match(text, /^You moved 3,4,5 → 1,4,5: a move to a P-position \(Grundy value 0\), a winning move/);
  });

  test('a losing move names the value reached and the winning moves there were', () => {
    const text = explainMove('the computer', from, from.moves[1], 'normal');
    assert.match(text, /^The computer moved 3,4,5 → 3,4,4 \(Grundy value 3\): an N-position/);
    assert.match(text, /The winning move from 3,4,5 went to Grundy value 0: 1,4,5\.$/);
  });

  test('from a P-position every move loses; under misère play the misère reason is given', () => {
    const p = { label: '1,2,3', outcome: 'P', grundy: 0, moves: [{ label: '0,2,3', outcome: 'N', grundy: 1, optimal: false }] };
    assert.match(explainMove('Player 1', p, p.moves[0], 'normal'), /1,2,3 was a P-position \(Grundy value 0\): every move from it leads to an N-position/);
    assert.match(explainMove('you', p, { ...p.moves[0], grundy: null }, 'misere'), /a misère N-position\)\. 1,2,3 was a P-position under misère play/);
    const last = { label: '0', outcome: 'N', grundy: null, optimal: false, terminal: true };
    assert.match(explainMove('you', { ...p, outcome: 'N' }, last, 'misere'), /the player who cannot move wins, so this hands the win over/);
    assert.match(explainMove('you', from, { ...last, outcome: 'P', grundy: 0, optimal: true }, 'normal'), /cannot move and loses .* A winning move\.$/);
  });

  test('the hint works out the mex and lists the winning moves', () => {
    assert.equal(
      hintText(from, 'normal'),
      '3,4,5 has Grundy value mex{0, 1, 3} = 2 ≠ 0: an N-position. The winning move goes to Grundy value 0 (P-positions): 1,4,5.',
    );
    assert.match(hintText({ ...from, grundy: 0, mex: 'mex{1} = 0', outcome: 'P' }, 'normal'), /mex\{1\} = 0: a P-position\. Every move/);
    assert.match(hintText({ ...from, grundy: null, mex: null }, 'misere'), /^Under misère play 3,4,5 is an N-position: the winning moves go to misère P-positions: 1,4,5\.$/);
  });

  test('the result follows the play convention', () => {
    const [you, computer] = sideNames('perfect');
    assert.equal(resultText('0,0,0', you, computer, 'normal'), 'Game over: no move is left from 0,0,0, so you cannot move and lose: the computer wins.');
    assert.equal(resultText('0,0,0', computer, you, 'normal'), 'Game over: no move is left from 0,0,0, so the computer cannot move and loses: you win.');
    assert.match(resultText('0,0,0', you, computer, 'misere'), /player who cannot move wins: you win\.$/);
    assert.deepEqual(sideNames('person'), ['Player 1', 'Player 2']);
  });
});
