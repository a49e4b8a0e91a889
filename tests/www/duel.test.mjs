import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cyclesThrough, explainDuel, verdictBoth, withOneDigitBack } from '../../www/duel.js';

const ply = (from_label, from_outcome, to_label, to_outcome) => ({ from_label, from_outcome, to_label, to_outcome });

test('the paper’s play of 122111 against 122122: y wins, x’s last chance named', () => {
  // 6 (P) → 5 (N) → 3 (P) → 1 (N) → 0 (P): x starts at a P-position, y always moves to P.
  const game = {
    first_wins: false,
    plies: [ply('6', 'P', '5', 'N'), ply('5', 'N', '3', 'P'), ply('3', 'P', '1', 'N'), ply('1', 'N', '0', 'P')],
  };
  const e = explainDuel(game, ['x', 'y'], 'normal');
  assert.equal(e.winner, 'y');
  assert.match(e.verdict, /after 4 moves x is at 0 with no move, and the player who cannot move loses: y wins/);
  assert.match(e.why, /x never had a winning move/);
});

test('a missed winning move is named', () => {
  // 5 (N): x moves to 4 (N), a mistake; y moves 4 → 3 (P); x 3 → 2 (N); y 2 → 0.
  const game = {
    first_wins: false,
    plies: [ply('5', 'N', '4', 'N'), ply('4', 'N', '3', 'P'), ply('3', 'P', '2', 'N'), ply('2', 'N', '0', 'P')],
  };
  const e = explainDuel(game, ['x', 'y'], 'normal');
  assert.match(e.why, /x's last chance was move 1: at 5, an N-position, it moved to 4/);
  const misere = explainDuel({ first_wins: true, plies: [ply('1', 'N', '0', 'P')] }, ['y', 'x'], 'misere');
  assert.match(misere.verdict, /misère play the player who cannot move wins: y wins/);
});

test('both plays in one sentence', () => {
  const r = (a, b) => ({ x_first: { first_wins: a }, y_first: { first_wins: b } });
  assert.equal(verdictBoth(r(true, false)), 'x beats y whoever moves first.');
  assert.equal(verdictBoth(r(false, true)), 'y beats x whoever moves first.');
  assert.match(verdictBoth(r(true, true)), /Whoever moves first wins/);
  assert.match(verdictBoth(r(false, false)), /Whoever moves second wins/);
});

test('cycles through the paper’s two strategies, whatever the rotation; digits put back', () => {
  const triples = [['111121', '122112', '121212'], ['111111', '122112', '111211'], ['121221', '111121', '122112']];
  assert.deepEqual(cyclesThrough(triples, '111121', '122112'), [
    ['111121', '122112', '121212'],
    ['111121', '122112', '121221'],
  ]);
  const back = withOneDigitBack('12122');
  assert.ok(back.includes('121212') && back.includes('112122') && back.every((s) => s.length === 6));
});
