// The nim-sum panel's words: winning moves x → x ⊕ s on the rows with s's leading bit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { explain, winningMoves } from '../../www/nim-sum-view.js';

test('Nim 3, 4, 5: s = 2, the only winning move takes heap 1 from 3 to 1', () => {
  const rows = [3, 4, 5].map((g) => ({ label: String(g), grundy: g }));
  assert.deepEqual(winningMoves(rows, 3 ^ 4 ^ 5), [{ i: 0, from: 3, to: 1 }]);
  assert.match(explain({ kind: 'heap', rows, total: 2 }), /heap 1 \(value 3\) to value 1/);
});

test('s = 0 is a P-position, with no winning move', () => {
  const rows = [1, 2, 3].map((g) => ({ label: String(g), grundy: g }));
  assert.deepEqual(winningMoves(rows, 0), []);
  assert.match(explain({ kind: 'heap', rows, total: 0 }), /P-position/);
});

test('every winning move lowers its value and leaves s = 0', () => {
  for (let a = 0; a < 16; a++) {
    for (let b = 0; b < 16; b++) {
      const rows = [a, b, 7].map((g) => ({ label: '', grundy: g }));
      const total = a ^ b ^ 7;
      const moves = winningMoves(rows, total);
      assert.equal(moves.length > 0, total !== 0);
      for (const { i, from, to } of moves) {
        assert.ok(to < from);
        assert.equal(rows.reduce((x, r, k) => x ^ (k === i ? to : r.grundy), 0), 0);
      }
    }
  }
});
