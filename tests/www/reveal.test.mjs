// Unit tests of www/reveal.js in Node (no DOM): the link's hide= parsed to its canonical form or
// refused with one sentence, what each part also hides, and revealing one part at a time.
// Run: node --test tests/www/reveal.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PARTS, hiddenNow, hiddenParts, parseHide, reveal, revealKey, setHidden, shows } from '../../www/reveal.js';

test('hide= is written canonically: the parts in their order, each once', () => {
  assert.equal(parseHide(''), '');
  assert.equal(parseHide('winning,values'), 'values,winning');
  assert.equal(parseHide('graph, values,graph'), 'values,graph');
  assert.equal(parseHide(PARTS.join(',')), PARTS.join(','));
});

test('a part the page cannot hide is one sentence naming the allowed ones', () => {
  assert.throws(() => parseHide('values,colours'), { message: '“colours” is not a part the page can hide: use hide= with any of values, outcomes, nimsum, winning, graph, comma-separated.' });
  assert.throws(() => parseHide('values,'), /“” is not a part/);
  assert.throws(() => parseHide('x'.repeat(500)), (err) => err.message.length < 200);
});

test('a part hides what tells it: outcomes → values → the nim-sum table and the winning move', () => {
  assert.deepEqual(hiddenParts(['outcomes']), ['values', 'outcomes', 'nimsum', 'winning']);
  assert.deepEqual(hiddenParts(['values']), ['values', 'nimsum', 'winning']);
  assert.deepEqual(hiddenParts(['winning']), ['winning']);
  assert.deepEqual(hiddenParts(['graph']), ['graph']);
});

test('revealing one part at a time, by part and by key', () => {
  setHidden('values,outcomes,nimsum');
  assert.deepEqual(hiddenNow(), ['values', 'outcomes', 'nimsum', 'winning']);
  assert.equal(shows('winning'), false);
  assert.equal(revealKey('o'), true);
  assert.deepEqual(hiddenNow(), ['values', 'nimsum', 'winning']);
  assert.equal(revealKey('O'), false, 'a part already shown is not taken again');
  assert.equal(revealKey('ArrowRight'), false);
  assert.equal(reveal('values'), true);
  assert.deepEqual(hiddenNow(), ['nimsum']);
  // The winning move needs the values only: it shows now.
  assert.equal(shows('winning'), true);
  assert.equal(revealKey('n'), true);
  assert.deepEqual(hiddenNow(), []);
  // Revealing the winning move reveals the values it is written with.
  setHidden('values,winning');
  reveal('winning');
  assert.deepEqual(hiddenNow(), []);
  setHidden('');
});
