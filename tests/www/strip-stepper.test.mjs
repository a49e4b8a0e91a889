// The stepper along the Grundy strip, its pure parts: one move in words, the mex line, the
// sentence and the start's value; and the `strip` key of the link.
// Run: node --test tests/www/

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { formatHash, parseHash } from '../../www/state.js';
import { heapMexLine, heapWords, optionText, startWords } from '../../www/strip-stepper.js';

// Kayles' heap of 5 as the core's heap_options gives it (g = 0 1 2 3 1 4 …).
const KAYLES_5 = {
  heap: 5,
  grundy: 4,
  options: [
    { removed: 1, heaps: [4], values: [1], value: 1 },
    { removed: 1, heaps: [3, 1], values: [3, 1], value: 2 },
    { removed: 1, heaps: [2, 2], values: [2, 2], value: 0 },
    { removed: 2, heaps: [3], values: [3], value: 3 },
    { removed: 2, heaps: [2, 1], values: [2, 1], value: 3 },
  ],
};

test('a move in words: what it takes, what it leaves and its value', () => {
  assert.equal(optionText(5, KAYLES_5.options[0]), 'take 1 → 4: g(4) = 1');
  assert.equal(optionText(5, KAYLES_5.options[1]), 'take 1, split → 3 + 1: g(3) ⊕ g(1) = 3 ⊕ 1 = 2');
  assert.equal(optionText(2, { removed: 2, heaps: [], values: [], value: 0 }), 'take all 2 → nothing left: 0');
  // Grundy's game splits without taking.
  assert.equal(optionText(5, { removed: 0, heaps: [3, 2], values: [1, 0], value: 1 }), 'split → 3 + 2: g(3) ⊕ g(2) = 1 ⊕ 0 = 1');
});

test('the mex line and its sentence', () => {
  assert.equal(heapMexLine(5, KAYLES_5.options), 'g(5) = mex{0, 1, 2, 3} = 4');
  assert.match(heapWords(KAYLES_5), /^g\(5\) = 4 ≠ 0: a heap of 5 alone is an N-position \(1 move leaves value 0\)\.$/);
  assert.equal(heapWords({ heap: 0, grundy: 0, options: [] }), 'A heap of 0 has no moves: its value is 0, a P-position.');
  assert.match(heapWords({ heap: 7, grundy: 0, options: [{ removed: 1, heaps: [6], values: [3], value: 3 }] }), /^No move from a heap of 7 leaves value 0, so g\(7\) = 0/);
});

test("the start's value: the XOR of its heaps', or its one heap's", () => {
  const sum = { kind: 'heap', rows: [{ label: '6', grundy: 3 }, { label: '4', grundy: 1 }], total: 2 };
  assert.equal(startWords('6,4', sum), 'The same value by Sprague–Grundy, one heap at a time: g(6,4) = g(6) ⊕ g(4) = 3 ⊕ 1 = 2.');
  assert.equal(startWords('10', { kind: 'heap', rows: [{ label: '10', grundy: 2 }], total: 2 }), 'The start is one heap: g(10) = 2, an N-position.');
  assert.equal(startWords('0', { kind: 'heap', rows: [], total: 0 }), '');
});

test('the strip and order keys: written only in step by step and only when set', () => {
  const { page, notices } = parseHash('#game=octal&code=0.77&heaps=10&mode=steps&strip=012&order=1~0');
  assert.deepEqual(notices, []);
  assert.equal(page.strip, '12');
  assert.equal(page.order, '1~0');
  assert.match(formatHash('game=octal&code=0.77&heaps=10', page), /&mode=steps&step=0&order=1~0&strip=12$/);
  assert.match(formatHash('game=octal&code=0.77&heaps=10', { ...page, order: '', strip: '' }), /&mode=steps&step=0$/);
  assert.doesNotMatch(formatHash('game=octal&code=0.77&heaps=10', { ...page, mode: 'play' }), /strip=|order=/);
  const bad = parseHash('#game=octal&code=0.77&heaps=10&mode=steps&strip=-1');
  assert.equal(bad.page.strip, '');
  assert.match(bad.notices[0], /^'-1' is not a valid value for strip: use a whole number, the heap shown on the Grundy strip\. Using strip=\.$/);
});
