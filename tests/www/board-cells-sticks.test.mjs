// The board's generic grid of cells and sticks on the ground (src/games/family.rs
// PositionView's `cells` and `sticks`): which clicks make a move, and the sentences. Views are
// written in the core's shape; no family is named by the code under test.
// Run: node --test tests/www/board-cells-sticks.test.mjs

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { describeView, movePath, standingAfterCut } from '../../www/board-view.js';

const cells = (rows, cols, filled) => ({ kind: 'cells', rows, cols, filled: [...filled].map((c) => c === 'x') });

describe('cells', () => {
  test('a domino is two clicks: its first cell in reading order, then the other', () => {
    const from = cells(2, 3, '......');
    assert.deepEqual(movePath(from, cells(2, 3, 'xx....')), ['g0', 'g1']);
    assert.deepEqual(movePath(from, cells(2, 3, '.x..x.')), ['g1', 'g4']);
    assert.deepEqual(movePath(from, cells(2, 3, 'xxxx..')), [], 'two dominoes are not one move');
  });

  test('the sentences', () => {
    assert.equal(describeView(cells(2, 3, 'xx....')), 'A board of 2 × 3 cells, 4 cells still empty.');
  });
});

// Ground point 3 under vertex 0; vertices 1 and 2 above vertex 0: 0-1, 1-2, 1-3 with 0 the ground.
const tree = (remaining) => ({
  kind: 'sticks',
  vertices: [[1, 1], [0, 2], [2, 2], [1, 0]],
  ground: [false, false, false, true],
  sticks: [[3, 0], [0, 1], [0, 2]],
  remaining,
});

describe('sticks', () => {
  test('a cut drops what it held; the click names the stick cut', () => {
    assert.deepEqual(standingAfterCut(tree([true, true, true]), 0), [false, false, false]);
    assert.deepEqual(standingAfterCut(tree([true, true, true]), 1), [true, false, true]);
    assert.deepEqual(movePath(tree([true, true, true]), tree([false, false, false])), ['k0']);
    assert.deepEqual(movePath(tree([true, true, true]), tree([true, true, false])), ['k2']);
    assert.deepEqual(movePath(tree([true, true, true]), tree([true, false, false])), [], 'two cuts are not one move');
  });

  test('parallel sticks are one move whichever is cut', () => {
    // Two sticks from the ground to vertex 0, each from its own ground point.
    const view = (remaining) => ({
      kind: 'sticks',
      vertices: [[0, 1], [0, 0], [0, 0]],
      ground: [false, true, true],
      sticks: [[1, 0], [2, 0]],
      remaining,
    });
    assert.deepEqual(movePath(view([true, true]), view([true, false])), ['k1']);
  });

  test('the sentences', () => {
    assert.equal(describeView(tree([true, false, true])), '2 sticks of 3 still standing.');
    assert.equal(describeView(tree([false, false, false])), 'No sticks left standing.');
  });
});
