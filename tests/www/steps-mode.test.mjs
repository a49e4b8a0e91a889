// Grundy values step by step, its pure parts: the mex, the set as written, one step's followers
// and value from the arrays the core hands out, and its sentences; and the `step` key of the link.
// Run: node --test tests/www/

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { parseHash, formatHash } from '../../www/state.js';
import { explainStep, mex, mexLine, readOrder, refusedWords, setText, stepOf, unknownFollowers } from '../../www/steps-mode.js';

/**
 * Subtraction {1, 2} from a heap of 4, as the core numbers it: id = heap (every move to a smaller
 * id). Grundy values 0, 1, 2, 0, 1; outcomes P N N P N under normal play.
 */
function subtraction() {
  const moves = [[], [0], [1, 0], [2, 1], [3, 2]];
  const offsets = Uint32Array.from(moves.reduce((acc, m) => [...acc, acc.at(-1) + m.length], [0]));
  return {
    offsets,
    targets: Uint32Array.from(moves.flat()),
    grundy: Uint32Array.from([0, 1, 2, 0, 1]),
    outcome: Uint8Array.from([0, 1, 1, 0, 1]),
  };
}

describe('mex and the set it is taken of', () => {
  test('the least whole number not among the values', () => {
    assert.equal(mex([]), 0);
    assert.equal(mex([1, 2]), 0);
    assert.equal(mex([0, 1, 3]), 2);
    assert.equal(mex([2, 0, 1, 1, 0]), 3);
  });

  test('a set is written sorted, without repeats, every value up to 16, long runs shortened past', () => {
    assert.equal(setText([]), '{}');
    assert.equal(setText([3, 0, 1, 1]), '{0, 1, 3}');
    assert.equal(setText([0, 1, 2, 3, 4, 5, 9]), '{0, 1, 2, 3, 4, 5, 9}');
    const sixteen = Array.from({ length: 16 }, (_, i) => i);
    assert.equal(setText(sixteen), `{${sixteen.join(', ')}}`);
    assert.equal(setText([...Array.from({ length: 20 }, (_, i) => i), 22]), '{0, 1, …, 19, 22}');
    assert.equal(mexLine([3, 1, 0]), 'mex{0, 1, 3} = 2');
  });
});

describe('one step', () => {
  test('a step computes a position from its followers’ values', () => {
    const v = subtraction();
    assert.deepEqual(stepOf(v, 0, false), { id: 0, followers: [], values: [], outcome: 'P', grundy: 0 });
    assert.deepEqual(stepOf(v, 2, false), { id: 2, followers: [1, 0], values: [1, 0], outcome: 'N', grundy: 2 });
    assert.deepEqual(stepOf(v, 3, false), { id: 3, followers: [2, 1], values: [2, 1], outcome: 'P', grundy: 0 });
  });

  test('misère play: N with no moves or a move to P, else P', () => {
    // Misère outcomes of subtraction {1, 2}: heap 0 N, 1 P, 2 N, 3 N, 4 P.
    const v = { ...subtraction(), outcome: Uint8Array.from([1, 0, 1, 1, 0]) };
    assert.equal(stepOf(v, 0, true).outcome, 'N');
    assert.deepEqual(stepOf(v, 1, true), { id: 1, followers: [0], values: ['N'], outcome: 'P', grundy: null });
    assert.equal(stepOf(v, 2, true).outcome, 'N');
    assert.equal(stepOf(v, 4, true).outcome, 'P');
  });

  test('the sentences give the mex line and P or N in words', () => {
    const v = subtraction();
    const label = (id) => String(id);
    assert.deepEqual(explainStep(stepOf(v, 0, false), label), {
      head: 'g(0) = mex{} = 0',
      words: '0 has no moves, so the set of its followers\' values is empty and its value is 0: a P-position, the player to move cannot move and loses.',
    });
    const n = explainStep(stepOf(v, 2, false), label);
    assert.equal(n.head, 'g(2) = mex{0, 1} = 2');
    assert.match(n.words, /N-position.*follower of value 0: 0\.$/);
    assert.match(explainStep(stepOf(v, 3, false), label).words, /No follower has value 0, so g = 0: 3 is a P-position/);
  });
});

describe('the step key of the link', () => {
  test('a whole number, written only in step-by-step mode', () => {
    const { page, notices } = parseHash('#game=nim&heaps=3&mode=steps&step=007');
    assert.deepEqual(notices, []);
    assert.equal(page.step, '7');
    assert.match(formatHash('game=nim&heaps=3', page), /&mode=steps&step=7$/);
    assert.doesNotMatch(formatHash('game=nim&heaps=3', { ...page, mode: 'play' }), /step=/);
  });

  test('anything else is a notice and step 0', () => {
    for (const bad of ['-1', 'two', '1.5', '9999999999']) {
      const { page, notices } = parseHash(`#game=nim&heaps=3&mode=steps&step=${bad}`);
      assert.equal(page.step, '0');
      assert.equal(notices.length, 1);
      assert.match(notices[0], /is not a valid value for step: use a whole number, the number of positions revealed.*Using step=0\.$/);
    }
  });
});

describe('any order: what can be computed, why not, and the link’s order', () => {
  const label = (id) => String(id);
  test('the unknown followers of a position, and the refusal naming them', () => {
    const v = subtraction();
    const known = Uint8Array.from([1, 0, 0, 0, 0]);
    assert.deepEqual(unknownFollowers(v, known, 1), []);
    assert.deepEqual(unknownFollowers(v, known, 3), [2, 1]);
    assert.equal(refusedWords('3', ['2', '1']), '3 cannot be computed yet: its followers 2 and 1 are not known. Compute them first.');
    assert.equal(refusedWords('2', ['1']), '2 cannot be computed yet: its follower 1 is not known. Compute it first.');
  });

  test('an order read as far as each position is computable after those before it', () => {
    const v = subtraction();
    const find = (l) => (/^[0-4]$/.test(l) ? Number(l) : -1);
    const game = { n: 5, views: v, find, label };
    assert.deepEqual(readOrder('0~1~2', game), { order: [0, 1, 2], notice: null });
    assert.deepEqual(readOrder('0~2~1', game), {
      order: [0],
      notice: "order: '2' cannot be computed after the positions before it: its follower '1' is not known by then. Showing the first 1 position of the order.",
    });
    assert.match(readOrder('0~9', game).notice, /^order: '9' is not a position of this game\./);
    assert.match(readOrder('0~0', game).notice, /^order: '0' is given twice\./);
    assert.match(readOrder('3', game).notice, /Nothing is revealed\.$/);
  });
});
