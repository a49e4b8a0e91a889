// The Grundy strip's rows: in phase with the period, so periodic columns line up.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stripRows } from '../../www/grundy-strip.js';

test('rows follow the period in phase with the preperiod', () => {
  // Kayles: period 12 from heap 71; 107 values.
  const rows = stripRows(107, { preperiod: 71, period: 12 });
  assert.deepEqual(rows[0], [0, 11]);
  assert.deepEqual(rows[1], [11, 23]);
  assert.ok(rows.some(([from]) => from === 71), 'a row starts where the period does');
  assert.deepEqual(rows.at(-1), [95, 107]);
  // No gaps, no overlaps.
  rows.slice(1).forEach(([from], i) => assert.equal(from, rows[i][1]));
});

test('without a period, or with a long one, rows of 30', () => {
  assert.deepEqual(stripRows(61, null), [[0, 30], [30, 60], [60, 61]]);
  assert.deepEqual(stripRows(45, { preperiod: 0, period: 149459 }), [[0, 30], [30, 45]]);
  assert.deepEqual(stripRows(14, { preperiod: 0, period: 7 }), [[0, 7], [7, 14]]);
});
