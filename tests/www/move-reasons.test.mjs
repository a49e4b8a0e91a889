// The move log's reasons (www/move-reasons.js) on records shaped as the core's, made here from
// the rules: Nim's nim-sums, an octal heap that splits, and Grundy terms for other games.
// tests/browser/lesson-bits.test.mjs checks them against the core's own records.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changedComponent, grundyReason, moveReason, nimSumReason, valueSet } from '../../www/move-reasons.js';

const nim = (heaps) => ({ kind: 'heap', rows: heaps.map((h) => ({ label: String(h), grundy: h })), total: heaps.reduce((x, h) => x ^ h, 0) });

test('heap 2 of 5,7,1 (s = 3) goes 7 → 7 ⊕ 3 = 4; 5,7,2 is a P-position', () => {
  assert.equal(nimSumReason({ from: nim([5, 7, 1]), to: nim([5, 4, 1]) }), 'heap 2: 7 → 7 ⊕ 3 = 4, back to s = 0.');
  assert.match(nimSumReason({ from: nim([5, 7, 2]), to: nim([5, 4, 2]) }), /s was 0/);
});

test('every move of Nim 3,4,5 is explained by the heap it changed and the nim-sum after it', () => {
  let winning = 0;
  for (let a = 0; a <= 3; a++) {
    for (let b = 0; b <= 4; b++) {
      for (let c = 0; c <= 5; c++) {
        const from = [a, b, c];
        const s = a ^ b ^ c;
        from.forEach((h, i) => {
          for (let to = 0; to < h; to++) {
            const after = from.map((x, k) => (k === i ? to : x));
            const t = after.reduce((x, y) => x ^ y, 0);
            const words = nimSumReason({ from: nim(from), to: nim(after) });
            assert.ok(words.startsWith(`heap ${i + 1}: ${h} → `), words);
            if (s !== 0 && t === 0) {
              winning++;
              assert.equal(words, `heap ${i + 1}: ${h} → ${h} ⊕ ${s} = ${to}, back to s = 0.`);
              assert.equal(h ^ s, to);
            } else if (s === 0) assert.match(words, new RegExp(`s was 0.*now s = ${t}\\.`));
            else assert.match(words, new RegExp(`s = ${s} → ${t}, not 0`));
          }
        });
      }
    }
  }
  assert.ok(winning > 50, `${winning} winning moves`);
});

test('an octal heap that splits in two: one heap goes, two come, values XORed', () => {
  // Kayles: g(7) = 2, g(3) = 3, g(2) = 2; 7,1 → 3,2,1 (7 split into 3 and 2 after taking 2).
  const from = { kind: 'heap', rows: [{ label: '7', grundy: 2 }, { label: '1', grundy: 1 }], total: 3 };
  const to = { kind: 'heap', rows: [{ label: '3', grundy: 3 }, { label: '2', grundy: 2 }, { label: '1', grundy: 1 }], total: 0 };
  assert.deepEqual(changedComponent(from, to), { i: 0, x: 2, y: 1, before: '7', after: ['3', '2'] });
  assert.equal(nimSumReason({ from, to }), 'heap 1: 7 → 3 + 2, value 2 → 2 ⊕ 3 = 1, back to s = 0.');
});

test('a sum’s part changes in its place', () => {
  const from = { kind: 'game', rows: [{ label: '3', grundy: 3 }, { label: '2,1', grundy: 2 }], total: 1 };
  const to = { kind: 'game', rows: [{ label: '3', grundy: 3 }, { label: '2,0', grundy: 3 }], total: 0 };
  assert.equal(nimSumReason({ from, to }), 'game 2: 2,1 → 2,0, value 2 → 2 ⊕ 1 = 3, back to s = 0.');
});

test('other games: a move to 0 with the followers’ values; no move to 0; a mistake', () => {
  const moves = [
    { to: 1, label: 'a', grundy: 0, outcome: 'P', optimal: true },
    { to: 2, label: 'b', grundy: 2, outcome: 'N', optimal: false },
    { to: 3, label: 'c', grundy: 2, outcome: 'N', optimal: false },
  ];
  const from = { label: 'r', grundy: 1, outcome: 'N' };
  assert.equal(grundyReason(from, moves, 1, 'normal'), 'To a P-position (value 0): the followers of r have values {0, 2}, so g(r) = mex = 1, and the move to 0 leaves the opponent no move to 0.');
  assert.match(grundyReason(from, moves, 2, 'normal'), /value 2 \(not 0\)/);
  const p = { label: 'q', grundy: 0, outcome: 'P' };
  assert.match(grundyReason(p, moves.slice(1), 3, 'normal'), /^No move to 0: .*values \{2\}, none 0; any move, here to c, value 2\./);
  assert.match(moveReason({ from, moves, to: 1, sums: null, play: 'misere' }), /misère P-position/);
});

test('values are listed in full up to 16, never elided', () => {
  assert.equal(valueSet([3, 0, 1, 1, 2]), '{0, 1, 2, 3}');
  const sixteen = Array.from({ length: 16 }, (_, i) => i);
  assert.equal(valueSet(sixteen), `{${sixteen.join(', ')}}`);
  assert.match(valueSet([...sixteen, 16, 17]), /and 2 more/);
});

test('misère Nim: the reason is Bouton’s rule, and says when a move departs from it', () => {
  const moves = [
    { to: 1, label: '1,1,1', outcome: 'P', optimal: true },
    { to: 2, label: '1,1,0', outcome: 'N', optimal: false },
  ];
  const from = { label: '1,1,2', outcome: 'N' };
  assert.match(moveReason({ from, moves, to: 1, play: 'misere', misereNim: true }), /^Bouton’s misère rule at 1,1,2: Only heap 3 .* reduce it to 1/);
  assert.match(moveReason({ from, moves, to: 2, play: 'misere', misereNim: true }), /went to 1,1,0 instead/);
});
