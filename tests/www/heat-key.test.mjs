// The heat map's colour key (www/experiment-plots.js keyTicks): both ends labelled with their
// values, round values between them only where they do not crowd the ends.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keyTicks } from '../../www/experiment-plots.js';

test('medians of 80 and 90: the key says 80 at one end and 90 at the other', () => {
  assert.deepEqual(keyTicks(80, 90), [80, 90]);
});

test('a wide range: the ends and the round values between them, in order, none crowding an end', () => {
  const ticks = keyTicks(37, 52000);
  assert.equal(ticks[0], 37);
  assert.equal(ticks.at(-1), 52000);
  assert.ok(ticks.includes(100) && ticks.includes(1000) && ticks.includes(10000), `${ticks}`);
  for (let i = 1; i < ticks.length; i++) assert.ok(ticks[i] > ticks[i - 1]);
  const span = Math.log10(52000 / 37);
  for (let i = 1; i < ticks.length; i++) assert.ok(Math.log10(ticks[i] / ticks[i - 1]) >= 0.12 * span || i === ticks.length - 1, `${ticks}`);
});

test('one value: one label', () => {
  assert.deepEqual(keyTicks(5, 5), [5]);
});
