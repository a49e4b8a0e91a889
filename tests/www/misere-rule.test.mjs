// Bouton's misère rule (www/misere-rule.js) against a brute-force misère recursion written
// here from the rules alone (a position with no move is a win for the player to move), at
// every position below the lessons' misère Nim games. tests/browser/lesson-bits.test.mjs checks
// it against the core's outcomes too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { misereRule, ruleMoveLabel } from '../../www/misere-rule.js';

/** Misère outcome by brute force: true when the player to move wins. */
function wins(heaps, memo = new Map()) {
  const key = heaps.join(',');
  if (memo.has(key)) return memo.get(key);
  let any = false;
  let win = false;
  for (let i = 0; i < heaps.length && !win; i++) {
    for (let to = 0; to < heaps[i] && !win; to++) {
      any = true;
      if (!wins(heaps.map((h, k) => (k === i ? to : h)), memo)) win = true;
    }
  }
  const result = any ? win : true;
  memo.set(key, result);
  return result;
}

/** Every position with heap i ≤ start[i]. */
function* below(start) {
  const heaps = start.map(() => 0);
  for (;;) {
    yield [...heaps];
    let i = heaps.length - 1;
    while (i >= 0 && heaps[i] === start[i]) heaps[i--] = 0;
    if (i < 0) return;
    heaps[i]++;
  }
}

for (const start of [[1, 2, 3], [3, 4, 5], [1, 1, 1, 1], [2, 2, 2, 2], [5, 7, 2], [1, 1, 6]]) {
  test(`misère Nim ${start}: the rule's verdict and move are right at every position`, () => {
    const memo = new Map();
    let checked = 0;
    for (const heaps of below(start)) {
      const rule = misereRule(heaps);
      assert.equal(rule.outcome, wins(heaps, memo) ? 'N' : 'P', `${heaps}`);
      if (rule.move) {
        const after = ruleMoveLabel(heaps, rule.move).split(',').map(Number);
        assert.ok(after[rule.move.heap] < heaps[rule.move.heap], `${heaps}: a legal move`);
        assert.equal(wins(after, memo), false, `${heaps} → ${after}: the rule's move leaves a misère P-position`);
      } else {
        // No move from a P-position, or none left at all.
        assert.ok(rule.outcome === 'P' || heaps.every((h) => h === 0), `${heaps}`);
      }
      checked++;
    }
    assert.equal(checked, start.reduce((n, h) => n * (h + 1), 1));
  });
}

test('the rule names the exception: one big heap leaves an odd number of 1-heaps', () => {
  assert.deepEqual(misereRule([1, 1, 5]).move, { heap: 2, from: 5, to: 1 });
  assert.deepEqual(misereRule([1, 5]).move, { heap: 1, from: 5, to: 0 });
  assert.match(misereRule([1, 5]).words, /odd/);
  assert.equal(misereRule([1, 1, 1]).outcome, 'P');
  assert.equal(misereRule([0, 0]).outcome, 'N');
});
