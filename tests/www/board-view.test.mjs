// The board's pure parts: which clicks make a move (from two views of positions, as the core
// gives them), and the sentences that describe a position. Views here are written in the core's
// shape (src/games/family.rs PositionView); the families are not named by the code under test.
// Run: node --test tests/www/

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { describeView, listWords, movePath, pinKey, pinsAfter, pinsTaken } from '../../www/board-view.js';

describe('movePath', () => {
  test('heaps: taking from heap i is a click on the counter left standing in heap i', () => {
    const from = { kind: 'heaps', heaps: [3, 4, 5] };
    assert.deepEqual(movePath(from, { kind: 'heaps', heaps: [1, 4, 5] }), ['h0:1']);
    assert.deepEqual(movePath(from, { kind: 'heaps', heaps: [3, 0, 5] }), ['h1:0'], 'a heap taken whole (Nim keeps the 0)');
    // Equal heaps have keys of their own: the heap pointed at is the one taken.
    assert.deepEqual(movePath({ kind: 'heaps', heaps: [2, 3, 3] }, { kind: 'heaps', heaps: [2, 3, 2] }), ['h2:2']);
    assert.deepEqual(movePath({ kind: 'heaps', heaps: [2, 3, 3] }, { kind: 'heaps', heaps: [2, 2, 3] }), ['h1:2']);
    assert.deepEqual(movePath({ kind: 'heaps', heaps: [2, 3, 3] }, { kind: 'heaps', heaps: [2, 2, 2] }), [], 'two heaps changed: no move');
  });

  test('pins: a click names the rows it leaves, so mirror-image pins and equal rows are one move', () => {
    assert.deepEqual(pinsAfter([7], 0, 2, 1), [4, 2], 'pin 2 of 7 leaves 2 and 4');
    assert.deepEqual(pinsAfter([7], 0, 4, 1), [4, 2], 'its mirror image leaves the same rows');
    assert.deepEqual(pinsAfter([7], 0, 0, 2), [5], 'two from the end');
    assert.deepEqual(pinsAfter([3, 3], 1, 1, 1), [3, 1, 1], 'the second of two equal rows');
    assert.equal(pinsAfter([3], 0, 2, 2), null, 'two pins do not fit from the last pin');
    assert.deepEqual(movePath({ kind: 'pins', rows: [7] }, { kind: 'pins', rows: [4, 2] }), [pinKey([4, 2])]);
    assert.equal(pinsTaken({ kind: 'pins', rows: [7] }, { kind: 'pins', rows: [4, 1] }), 2);
    assert.equal(pinsTaken({ kind: 'sum', parts: [{ kind: 'heaps', heaps: [2] }, { kind: 'pins', rows: [5] }] },
      { kind: 'sum', parts: [{ kind: 'heaps', heaps: [2] }, { kind: 'pins', rows: [2, 2] }] }), 1);
    assert.equal(pinsTaken({ kind: 'heaps', heaps: [3] }, { kind: 'heaps', heaps: [1] }), null);
  });

  test('one heap (a subtraction game), the queen, the strip', () => {
    assert.deepEqual(movePath({ kind: 'heap', heap: 6, moves: [1, 2] }, { kind: 'heap', heap: 4, moves: [1, 2] }), ['h0:4']);
    assert.deepEqual(movePath({ kind: 'queen', heaps: [5, 8] }, { kind: 'queen', heaps: [3, 6] }), ['q3,6']);
    assert.deepEqual(movePath({ kind: 'strip', squares: 8, coins: [5, 6, 7] }, { kind: 'strip', squares: 8, coins: [2, 5, 7] }), ['s2']);
  });

  test('turtles: the coin turned to tails, then the one to its left (or the same one again)', () => {
    const from = { kind: 'turtles', heads: [true, true, true, true] };
    assert.deepEqual(movePath(from, { kind: 'turtles', heads: [true, true, true, false] }), ['t3', 't3']);
    assert.deepEqual(movePath(from, { kind: 'turtles', heads: [false, true, true, false] }), ['t3', 't0']);
  });

  test('chomp: the square bitten (row 0 at the bottom)', () => {
    const from = { kind: 'chomp', rows: 3, cols: 4, lengths: [4, 4, 4] };
    assert.deepEqual(movePath(from, { kind: 'chomp', rows: 3, cols: 4, lengths: [4, 2, 2] }), ['c1,2']);
    assert.deepEqual(movePath(from, { kind: 'chomp', rows: 3, cols: 4, lengths: [4, 4] }), ['c2,0'], 'a whole row eaten');
    assert.deepEqual(movePath(from, { kind: 'chomp', rows: 3, cols: 4, lengths: [1] }), ['c0,1']);
  });

  test('poset: the element picked is the lowest one removed', () => {
    // 0 below 1 below 2, and 3 beside them.
    const covers = [[0, 1], [1, 2]];
    const from = { kind: 'poset', elements: ['0', '1', '2', '3'], remaining: [true, true, true, true], covers };
    assert.deepEqual(movePath(from, { ...from, remaining: [true, false, false, true] }), ['p1']);
    assert.deepEqual(movePath(from, { ...from, remaining: [true, true, true, false] }), ['p3']);
  });

  test('a named position has no clicks; views of different kinds none either', () => {
    assert.deepEqual(movePath({ kind: 'named', label: 'a' }, { kind: 'named', label: 'b' }), []);
    assert.deepEqual(movePath({ kind: 'heaps', heaps: [1] }, { kind: 'named', label: 'b' }), []);
    assert.deepEqual(movePath(null, null), []);
  });
});

describe('sentences', () => {
  test('listWords', () => {
    assert.equal(listWords([]), '');
    assert.equal(listWords([3]), '3');
    assert.equal(listWords([3, 4, 5]), '3, 4 and 5');
  });

  test('describeView says what the board shows, for every kind', () => {
    assert.equal(describeView({ kind: 'heaps', heaps: [3, 0, 5] }), 'Heaps of 3 and 5 counters.');
    assert.equal(describeView({ kind: 'heaps', heaps: [] }), 'No counters left.');
    assert.equal(describeView({ kind: 'heap', heap: 6, moves: [1, 2] }), 'A heap of 6 counters; a move takes 1 or 2.');
    assert.equal(describeView({ kind: 'queen', heaps: [5, 8] }), 'The queen on square (5, 8): two heaps of 5 and 8.');
    assert.match(describeView({ kind: 'strip', squares: 8, coins: [5, 6, 7] }), /^3 coins on squares 5, 6 and 7 of a strip of 8/);
    assert.equal(describeView({ kind: 'turtles', heads: [true, false, true] }), '2 heads and 1 tail showing.');
    assert.match(describeView({ kind: 'chomp', rows: 2, cols: 2, lengths: [2, 1] }), /^3 squares of chocolate left/);
    assert.equal(describeView({ kind: 'chomp', rows: 2, cols: 2, lengths: [1] }), 'Only the poisoned square is left.');
    assert.equal(describeView({ kind: 'poset', elements: ['a', 'b'], remaining: [true, false], covers: [] }), '1 element of 2 left: a.');
    assert.equal(describeView({ kind: 'named', label: 'v0' }), 'Position v0.');
  });
  // How a move is made comes with the view from the core: src/board_words.rs tests it.
});

describe('piParts (www/panels.js)', async () => {
  const { piParts } = await import('../../www/panels.js');
  test('Π reads as a probability while it can, else as a power of ten, never as 0', () => {
    assert.deepEqual(piParts(0.25, Math.log10(0.25)), { text: '0.2500' });
    assert.deepEqual(piParts(1e-17, -17), { base: '10', exponent: '−17.0' });
    assert.deepEqual(piParts(0, -1234.4), { base: '10', exponent: '−1,234' });
    assert.deepEqual(piParts(0, null), { text: '0' }, 'an optimal mass of exactly 0');
  });
});

describe('the view protocol', () => {
  // The kinds the core serialises: PositionView's variants, kebab-case (its serde attribute).
  const rust = readFileSync(new URL('../../src/games/family.rs', import.meta.url), 'utf8');
  const body = rust.slice(rust.indexOf('pub enum PositionView {'));
  const enumBody = body.slice(0, body.indexOf('\n}\n'));
  const kinds = [...enumBody.matchAll(/^ {4}([A-Z][A-Za-z]*) \{/gm)].map(([, name]) =>
    name.replace(/[A-Z]/g, (c, i) => (i ? '-' : '') + c.toLowerCase()),
  );
  const page = readFileSync(new URL('../../www/board-view.js', import.meta.url), 'utf8');

  test('the core has kinds to check (the enum was found)', () => {
    assert.ok(kinds.length >= 10, `found ${kinds.join(', ')}`);
    assert.ok(kinds.includes('heaps') && kinds.includes('sum'));
  });

  test('every kind the core sends is drawn and described by its own case', () => {
    for (const kind of kinds) {
      const cases = page.split(`case '${kind}':`).length - 1;
      assert.ok(cases >= 2, `board-view.js has ${cases} case(s) for '${kind}' (one to draw, one to describe)`);
    }
  });

  test('a kind the page does not know is an error, not a default', () => {
    assert.throws(() => describeView({ kind: 'no-such-kind' }), /cannot draw a position of kind 'no-such-kind'/);
    assert.equal(describeView(undefined), '');
  });
});
