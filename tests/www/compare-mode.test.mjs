// The words of "two positions side by side" (www/modes/compare.js): the XOR worked out in decimal
// and binary, and who wins the sum, by the Sprague–Grundy theorem; misère play says it has no
// such rule.
// Run: node --test tests/www/

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { compareWords } from '../../www/modes/compare.js';

const at = (label, grundy) => ({ label, grundy, outcome: grundy === 0 ? 'P' : 'N' });

test('the sum of two values is their XOR, in decimal and in binary, for every pair up to 31', () => {
  for (let a = 0; a < 32; a++) {
    for (let b = 0; b < 32; b++) {
      const w = compareWords(at('a', a), at('b', b), false);
      // XOR written out as a digit-by-digit parity, not with ^.
      let sum = 0;
      for (let bit = 0; bit < 5; bit++) sum += (((a >> bit) & 1) + ((b >> bit) & 1)) % 2 << bit;
      assert.equal(w.sum, sum);
      assert.equal(w.outcome, sum === 0 ? 'P' : 'N');
      assert.equal(w.line, `g(A + B) = g(A) ⊕ g(B) = ${a} ⊕ ${b} = ${sum}`);
      const [x, y, z] = w.binary.match(/[01]+/g);
      assert.deepEqual([parseInt(x, 2), parseInt(y, 2), parseInt(z, 2)], [a, b, sum]);
      assert.ok(x.length === y.length && y.length === z.length);
    }
  }
});

test('who wins the sum, in words', () => {
  assert.match(compareWords(at('3', 3), at('5', 5), false).words, /6 ≠ 0, so A \+ B is an N-position: the player to move wins/);
  assert.match(compareWords(at('3', 3), at('1,2', 3), false).words, /: 0, so A \+ B is a P-position.*equal values cancel/);
  assert.doesNotMatch(compareWords(at('0', 0), at('', 0), false).words, /ERROR|undefined|NaN/);
});

test('misère play: no value, no XOR, and why', () => {
  const w = compareWords({ label: '1', grundy: null, outcome: 'P' }, { label: '2', grundy: null, outcome: 'N' }, true);
  assert.deepEqual([w.sum, w.outcome, w.binary], [null, null, '']);
  assert.match(w.line, /misère P-position.*misère N-position/);
  assert.match(w.words, /normal play only/);
});
