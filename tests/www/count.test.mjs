// panels.js's count: thousands' commas written by hand (the page's opening avoids loading the
// locale's data), the same text as toLocaleString('en') for every whole number.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { count } from '../../www/panels.js';

test('count writes whole numbers as toLocaleString("en") does', () => {
  const numbers = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 12345, 123456, 1234567, 1e9, 2 ** 53 - 1];
  for (let k = 0; k < 200; k++) numbers.push(Math.floor(Math.abs(Math.sin(k + 1)) * 10 ** (k % 16)));
  for (const x of numbers) {
    for (const n of [x, -x]) assert.equal(count(n), n.toLocaleString('en'), `${n}`);
  }
  assert.equal(count(12345n), '12,345');
  assert.equal(count('7000'), '7,000');
});

test('count leaves other numbers to toLocaleString', () => {
  for (const n of [1234.5678, 2 ** 60, Infinity, NaN]) assert.equal(count(n), n.toLocaleString('en'));
});
