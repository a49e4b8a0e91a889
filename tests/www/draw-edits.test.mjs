// Draw mode's pure part: each edit of a drawing and the spec it writes (the grammar of
// docs/spec.md, canonical as the core prints it), and the sentences of refused edits.
// Run: node --test tests/www/

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  DrawRefusal,
  MAX_DRAWN,
  addMove,
  addPosition,
  fromGraph,
  fromSpec,
  newDrawing,
  nextName,
  reachable,
  removeMove,
  removePosition,
  renamePosition,
  specOf,
} from '../../www/draw-edits.js';

/** The sentence of a refused edit (fails when the edit is not refused). */
function refusal(edit) {
  try {
    edit();
  } catch (err) {
    assert.ok(err instanceof DrawRefusal, `not a refusal: ${err}`);
    return err.message;
  }
  assert.fail('the edit was not refused');
}

describe('drawing a game', () => {
  test('a new drawing is a → b, and each edit writes the spec', () => {
    let d = newDrawing();
    assert.equal(specOf(d), 'game=graph&edges=a-b&root=a&play=normal');
    d = addPosition(d); // c, not in the game yet: the spec is unchanged
    assert.equal(nextName(d), 'd');
    assert.deepEqual(d.names, ['a', 'b', 'c']);
    assert.equal(specOf(d), 'game=graph&edges=a-b&root=a&play=normal');
    d = addMove(d, 'b', 'c');
    d = addMove(d, 'c', 'b'); // a cycle
    d = addMove(d, 'a', 'c'); // listed after a's other move, as the position's moves keep their order
    assert.equal(specOf(d), 'game=graph&edges=a-b,a-c,b-c,c-b&root=a&play=normal');
    d = addMove(addPosition(d, 'd'), 'c', 'd');
    assert.equal(specOf(d), 'game=graph&edges=a-b,a-c,b-c,c-b,c-d&root=a&play=normal');
    assert.deepEqual([...reachable(d)].sort(), ['a', 'b', 'c', 'd']);
  });

  test('rename carries the moves and the start along', () => {
    let d = addMove(addPosition(newDrawing()), 'b', 'c');
    d = renamePosition(d, 'a', 'start_1.x');
    d = renamePosition(d, 'c', 'C9');
    assert.equal(specOf(d), 'game=graph&edges=start_1.x-b,b-C9&root=start_1.x&play=normal');
    assert.deepEqual(d.names, ['start_1.x', 'b', 'C9']);
    assert.equal(renamePosition(d, 'b', 'b'), d, 'the same name: nothing changes');
  });

  test('deleting a position deletes its moves; a position cut off stays in the drawing', () => {
    let d = newDrawing();
    for (const [from, to] of [['b', 'c'], ['c', 'd'], ['a', 'd']]) d = addMove(from === 'b' && to === 'c' ? addPosition(addPosition(d, 'c'), 'd') : d, from, to);
    assert.equal(specOf(d), 'game=graph&edges=a-b,a-d,b-c,c-d&root=a&play=normal');
    d = removePosition(d, 'c');
    assert.equal(specOf(d), 'game=graph&edges=a-b,a-d&root=a&play=normal');
    assert.deepEqual(d.names, ['a', 'b', 'd']);
    d = removeMove(d, 'a', 'b');
    assert.equal(specOf(d), 'game=graph&edges=a-d&root=a&play=normal');
    assert.deepEqual([...reachable(d)].sort(), ['a', 'd'], 'b has no move from the start: not in the game');
  });

  test('a first move makes its position the start', () => {
    const d = addMove({ names: ['x', 'y'], edges: [], root: 'x', play: 'normal' }, 'y', 'x');
    assert.equal(specOf(d), 'game=graph&edges=y-x&root=y&play=normal');
  });

  test('misère play is kept', () => {
    const d = fromSpec('game=graph&edges=p-q&root=p&play=misere');
    assert.equal(specOf(addMove(addPosition(d, 'r'), 'q', 'r')), 'game=graph&edges=p-q,q-r&root=p&play=misere');
  });
});

describe('refused edits name what is allowed', () => {
  const d = addMove(addPosition(newDrawing()), 'b', 'c');
  test('names the grammar refuses', () => {
    for (const bad of ['a b', 'a-b', 'x,y', 'é', '', 'n'.repeat(33), 'a&root=b']) {
      const sentence = refusal(() => renamePosition(d, 'b', bad));
      assert.match(sentence, /a name is 1 to 32 letters, digits, '_' or '\.'\.$/, bad);
      assert.ok(!sentence.includes('\n'));
    }
    assert.match(refusal(() => addPosition(d, 'x y')), /^'x y' cannot name a position/);
    assert.equal(renamePosition(d, 'b', 'n'.repeat(32)).names[1], 'n'.repeat(32), '32 characters are allowed');
  });
  test('a name taken, a self-loop, a move twice, a missing position', () => {
    assert.match(refusal(() => renamePosition(d, 'b', 'c')), /already a position 'c'/);
    assert.match(refusal(() => addMove(d, 'b', 'b')), /from 'b' to itself is not allowed/);
    assert.match(refusal(() => addMove(d, 'a', 'b')), /already a move from 'a' to 'b'/);
    assert.match(refusal(() => addMove(d, 'a', 'z')), /no position 'z'/);
    assert.match(refusal(() => removeMove(d, 'c', 'a')), /no move from 'c' to 'a'/);
  });
  test('the start, and the last move, stay', () => {
    assert.match(refusal(() => removePosition(d, 'a')), /'a' is the start and cannot be deleted/);
    assert.match(refusal(() => removeMove(newDrawing(), 'a', 'b')), /needs at least one move/);
    assert.match(refusal(() => removePosition(newDrawing(), 'b')), /needs at least one move/);
  });
  test(`at most ${MAX_DRAWN} positions`, () => {
    let big = newDrawing();
    while (big.names.length < MAX_DRAWN) big = addPosition(big);
    assert.equal(big.names.length, MAX_DRAWN);
    assert.equal(
      refusal(() => addPosition(big)),
      `A drawn game has at most ${MAX_DRAWN} positions, and this one has ${MAX_DRAWN}: delete one first, or write a larger graph in the game's spec.`,
    );
  });
});

describe('drawings of games', () => {
  test('a graph spec, its root named or its only source', () => {
    assert.deepEqual(fromSpec('game=graph&edges=r-a,a-b,b-a&root=r'), { names: ['r', 'a', 'b'], edges: [['r', 'a'], ['a', 'b'], ['b', 'a']], root: 'r', play: 'normal' });
    assert.equal(fromSpec('game=dag&edges=x-y,y-z').root, 'x');
    assert.equal(fromSpec('game=nim&heaps=1,2'), null);
    assert.equal(fromSpec('game=graph&edges=a-b-c'), null);
  });
  test('any small game: labels become names the grammar takes, distinct ones distinct', () => {
    // Nim 1,1 by its labels, the start (id 3) first.
    const labels = ['0,0', '1,0', '0,1', '1,1'];
    const moves = (i) => [[], [0], [0], [2, 1]][i];
    const d = fromGraph({ labels, moves, root: 3 });
    assert.equal(specOf(d), 'game=graph&edges=1_1-0_1,1_1-1_0,1_0-0_0,0_1-0_0&root=1_1&play=normal');
    const clash = fromGraph({ labels: ['a b', 'a,b'], moves: (i) => (i ? [0] : []), root: 1, play: 'misere' });
    assert.equal(specOf(clash), 'game=graph&edges=a_b.2-a_b&root=a_b.2&play=misere');
  });
});
