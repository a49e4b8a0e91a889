// Nim in disguise (www/nim-translation.js) against brute force written from the rules alone:
// Turning Turtles' heads XOR to the Grundy value; Silver Dollar's odd gaps have nim-sum 0
// exactly at its P-positions. tests/browser/lesson-bits.test.mjs checks the core's values too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nimTranslation } from '../../www/nim-translation.js';

const mex = (values) => {
  let g = 0;
  while (values.has(g)) g++;
  return g;
};

/** Turning Turtles by its rules: turn a head at i to tails, optionally flip one coin j < i. */
function turtlesGrundy(heads, memo) {
  const key = heads.map(Number).join('');
  if (memo.has(key)) return memo.get(key);
  const seen = new Set();
  heads.forEach((h, i) => {
    if (!h) return;
    const turned = heads.map((x, k) => (k === i ? false : x));
    seen.add(turtlesGrundy(turned, memo));
    for (let j = 0; j < i; j++) seen.add(turtlesGrundy(turned.map((x, k) => (k === j ? !x : x)), memo));
  });
  const g = mex(seen);
  memo.set(key, g);
  return g;
}

test('Turning Turtles: the heads’ numbers XOR to the Grundy value in every position of 8 coins', () => {
  const memo = new Map();
  for (let mask = 0; mask < 256; mask++) {
    const heads = Array.from({ length: 8 }, (_, i) => Boolean((mask >> i) & 1));
    const t = nimTranslation({ kind: 'turtles', heads });
    assert.equal(t.total, turtlesGrundy(heads, memo), heads.map((h) => (h ? 'H' : 'T')).join(''));
    assert.equal(t.rows.length, heads.filter(Boolean).length);
  }
});

/** Silver Dollar by its rules: slide a coin left, never onto or past another. True: N. */
function dollarWins(coins, memo) {
  const key = coins.join(',');
  if (memo.has(key)) return memo.get(key);
  let win = false;
  coins.forEach((c, i) => {
    const lowest = i === 0 ? 0 : coins[i - 1] + 1;
    for (let to = lowest; to < c && !win; to++) if (!dollarWins(coins.map((x, k) => (k === i ? to : x)), memo)) win = true;
  });
  memo.set(key, win);
  return win;
}

/** Every placement of k coins on m squares (ascending squares). */
function* placements(k, m, from = 0) {
  if (k === 0) {
    yield [];
    return;
  }
  for (let c = from; c <= m - k; c++) for (const rest of placements(k - 1, m, c + 1)) yield [c, ...rest];
}

test('Silver Dollar: the odd gaps’ nim-sum is 0 exactly at the P-positions (1 to 5 coins, 10 squares)', () => {
  let p = 0;
  for (let k = 1; k <= 5; k++) {
    const memo = new Map();
    for (const coins of placements(k, 10)) {
      const t = nimTranslation({ kind: 'strip', squares: 10, coins });
      const win = dollarWins(coins, memo);
      assert.equal(t.total === 0, !win, `${coins}`);
      p += win ? 0 : 1;
      assert.equal(t.rows.length, Math.ceil(k / 2));
    }
  }
  assert.ok(p > 100, `${p} P-positions`);
});

test('the gaps are named by their coin, the heads by their number', () => {
  assert.deepEqual(nimTranslation({ kind: 'strip', squares: 8, coins: [1, 4, 7] }).rows, [
    { label: 'left of 1', grundy: 1 },
    { label: 'left of 7', grundy: 2 },
  ]);
  assert.deepEqual(nimTranslation({ kind: 'turtles', heads: [true, false, true] }).rows.map((r) => r.grundy), [1, 3]);
  assert.equal(nimTranslation({ kind: 'heap', heap: 3 }), null);
});
