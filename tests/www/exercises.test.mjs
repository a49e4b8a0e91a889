// Your turn to compute and find the winning move, their pure parts: the links' grammar, their
// replay against a game (what fits, the score, the first answer that does not fit), the
// positions ready to compute, and the sentences said after an answer.
// Run: node --test tests/www/

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { NONE, explainPuzzle, nimSumText, parsePuzzles, replayPuzzles } from '../../www/puzzle-mode.js';
import { formatQuiz, normalise, parseQuiz, readyPositions, replayQuiz, scoreOf, wrongWords } from '../../www/quiz-mode.js';
import { formatHash, parseHash } from '../../www/state.js';

/**
 * Subtraction {1, 2} from a heap of 4, as the core numbers it: id = heap, labels '0' … '4',
 * Grundy values 0, 1, 2, 0, 1.
 */
function subtraction() {
  const moves = [[], [0], [1, 0], [2, 1], [3, 2]];
  const grundy = [0, 1, 2, 0, 1];
  const offsets = Uint32Array.from(moves.reduce((acc, m) => [...acc, acc.at(-1) + m.length], [0]));
  const views = { offsets, targets: Uint32Array.from(moves.flat()) };
  return {
    views,
    game: {
      misere: false,
      find: (label) => (/^[0-4]$/.test(label) ? Number(label) : -1),
      followers: (id) => moves[id],
      answer: (id) => String(grundy[id]),
    },
  };
}

describe('the quiz link', () => {
  test('entries read and write back: label before the last colon, attempts joined by /', () => {
    const text = '0:0~1:0/1~2:?~a:b:3';
    const entries = parseQuiz(text);
    assert.deepEqual(entries, [
      { label: '0', attempts: ['0'] },
      { label: '1', attempts: ['0', '1'] },
      { label: '2', attempts: ['?'] },
      { label: 'a:b', attempts: ['3'] },
    ]);
    assert.equal(formatQuiz(entries), text);
    assert.deepEqual(parseQuiz(''), []);
    assert.throws(() => parseQuiz('0:0~7'), /'7' has no answer/);
  });

  test('quiz is written only when there are answers, and kept in every mode (switching loses no score)', () => {
    const { page } = parseHash('#game=nim&heaps=1&mode=quiz&quiz=0:0');
    assert.equal(page.quiz, '0:0');
    assert.match(formatHash('game=nim&heaps=1', page), /&mode=quiz&quiz=0:0$/);
    assert.doesNotMatch(formatHash('game=nim&heaps=1', { ...page, quiz: '' }), /quiz=/);
    assert.match(formatHash('game=nim&heaps=1', { ...page, mode: 'steps' }), /&mode=steps&step=0&quiz=0:0$/);
    assert.match(formatHash('game=nim&heaps=1', { ...page, mode: 'puzzle', puzzles: 'none' }), /&mode=puzzle&quiz=0:0&puzzles=none$/);
    const puzzle = parseHash('#game=nim&heaps=1&mode=puzzle&puzzles=none~0').page;
    assert.match(formatHash('game=nim&heaps=1', puzzle), /&mode=puzzle&puzzles=none~0$/);
  });

  test('answers normalise to a whole number, or P/N under misère play', () => {
    assert.equal(normalise(' 007 ', false), '7');
    assert.equal(normalise('p', true), 'P');
    assert.equal(normalise('P', false), null);
    assert.equal(normalise('2', true), null);
    assert.equal(normalise('-1', false), null);
  });

  test('a replay keeps what fits, reveals the positions found and scores first tries', () => {
    const { game } = subtraction();
    const entries = parseQuiz('0:0~1:0/1~2:?~3:1');
    const replay = replayQuiz(entries, game);
    assert.equal(replay.problem, null);
    assert.deepEqual([...replay.revealed].sort(), [0, 1, 2]);
    assert.equal(replay.open.label, '3'); // tried once, wrong: still being answered
    assert.deepEqual(scoreOf(replay.entries, (label) => game.answer(game.find(label))), { right: 1, total: 4 });
  });

  test('a replay stops at the first answer that does not fit and says why', () => {
    const { game } = subtraction();
    const cases = [
      ['0:0~2:2', 1, /followers are not all known/],
      ['0:0~9:1', 1, /names no position/],
      ['0:x', 0, /'x' is not a whole number/],
      ['0:0/0', 0, /goes on after the value was found/],
      ['0:0~0:0', 1, /already known/],
      ['0:1~1:1', 1, /only the last position asked may be unfinished/],
    ];
    for (const [text, kept, why] of cases) {
      const replay = replayQuiz(parseQuiz(text), game);
      assert.match(replay.problem ?? '', why, text);
      assert.equal(replay.entries.length, kept, text);
    }
  });

  test('ready positions: not known, every follower known', () => {
    const { views } = subtraction();
    assert.deepEqual(readyPositions(views, 5, new Set()), [0]);
    assert.deepEqual(readyPositions(views, 5, new Set([0])), [1]);
    assert.deepEqual(readyPositions(views, 5, new Set([0, 1])), [2]);
  });

  test('a wrong answer names the values the mex sees, not the answer', () => {
    const words = wrongWords('4', '0', [0, 2, 0], false);
    assert.match(words, /^Not 0\. The mex of 4 sees its followers' values \{0, 2\} \(3 followers\)/);
    assert.doesNotMatch(words, /= 1/);
    assert.match(wrongWords('3', 'P', ['N', 'P'], true), /followers of 3 are N, P: a position is N when some follower is P/);
  });
});

describe('the puzzles', () => {
  // Nim 1,2 (as a core would number it): puzzle 0 is 1,2 (N), puzzle 1 is 1,1 (P).
  const positions = { '1,2': ['0,2', '1,1', '1,0'], '1,1': ['0,1', '1,0'] };
  const optimal = { '1,2': ['1,1'], '1,1': [] };
  const labels = ['1,2', '1,1'];
  const game = {
    puzzle: (k) => k % 2,
    label: (id) => labels[id],
    isP: (id) => labels[id] === '1,1',
    moveTo: (id, label) => (positions[labels[id]].includes(label) ? { optimal: optimal[labels[id]].includes(label) } : null),
  };

  test('answers replay against the seed\'s puzzles: a winning move or “none” at a P-position scores', () => {
    assert.deepEqual(replayPuzzles(parsePuzzles('1,1~none~0,2~1,0'), game), { answers: ['1,1', NONE, '0,2', '1,0'], right: 2, problem: null });
    const bad = replayPuzzles(parsePuzzles('1,1~2,2~none'), game);
    assert.deepEqual(bad.answers, ['1,1']);
    assert.match(bad.problem, /answer 2, '2,2', is not one move from puzzle 2, '1,1': use a position one move away or none/);
  });

  const from = { label: '1,2', outcome: 'N', grundy: 3, mex: 'mex{0, 1, 2} = 3' };
  const moves = [
    { to: 1, label: '0,2', grundy: 2, outcome: 'N', optimal: false, terminal: false },
    { to: 2, label: '1,1', grundy: 0, outcome: 'P', optimal: true, terminal: false },
  ];
  const sums = (to) => ({
    from: { kind: 'heap', rows: [{ label: '1', grundy: 1 }, { label: '2', grundy: 2 }], total: 3 },
    to: { kind: 'heap', rows: to.label.split(',').map((h) => ({ label: h, grundy: Number(h) })), total: to.grundy },
  });

  test('a winning move is explained by the nim-sum it leaves', () => {
    const r = explainPuzzle({ from, moves, chosen: moves[1], sums: sums(moves[1]), misere: false, sizes: true });
    assert.equal(r.right, true);
    assert.match(r.words, /^Right: 1,2 → 1,1 wins: it leaves nim-sum 1 ⊕ 1 = 0/);
  });

  test('a losing move names the nim-sum left and the winning move', () => {
    const r = explainPuzzle({ from, moves, chosen: moves[0], sums: sums(moves[0]), misere: false, sizes: true });
    assert.equal(r.right, false);
    assert.match(r.words, /leaves nim-sum 0 ⊕ 2 = 2, so your opponent can win from there\. The nim-sum of 1,2 is 1 ⊕ 2 = 3 ≠ 0.*x ⊕ 3\): 1,1\.$/);
  });

  test('without components the mex says why; “none” is right only at a P-position', () => {
    const none = explainPuzzle({ from, moves, chosen: null, sums: null, misere: false });
    assert.equal(none.right, false);
    assert.match(none.words, /^There is a winning move from 1,2\. Here g\(1,2\) = mex\{0, 1, 2\} = 3 ≠ 0, and the winning move goes to value 0: 1,1\.$/);
    const p = { label: '2', outcome: 'P', grundy: 0, mex: 'mex{1, 2} = 0' };
    const right = explainPuzzle({ from: p, moves: [], chosen: null, sums: null, misere: false });
    assert.deepEqual(right, { right: true, words: 'Right: no move wins from 2: g(2) = mex{1, 2} = 0: no follower has value 0, so every move goes to an N-position.' });
  });

  test('a move from a P-position is said to leave its own nim-sum, not "so does every move"', () => {
    // Nim 4,5,1 is a P-position (4 ⊕ 5 ⊕ 1 = 0); its moves leave 7, 6, 5, 4, 1, … (issue 45).
    const p = { label: '4,5,1', outcome: 'P', grundy: 0, mex: 'mex{…} = 0' };
    const heaps = (label) => label.split(',').map((h) => ({ label: h, grundy: Number(h) }));
    const total = (label) => label.split(',').reduce((x, h) => x ^ Number(h), 0);
    const to = { to: 1, label: '3,5,1', grundy: 7, outcome: 'N', optimal: false, terminal: false };
    const r = explainPuzzle({ from: p, moves: [to], chosen: to, sums: { from: { rows: heaps('4,5,1'), total: 0 }, to: { rows: heaps(to.label), total: total(to.label) } }, misere: false, sizes: true });
    assert.equal(r.right, false);
    assert.doesNotMatch(r.words, /so does every move/);
    assert.match(r.words, /^4,5,1 → 3,5,1 leaves nim-sum 3 ⊕ 5 ⊕ 1 = 7, and every move from 4,5,1 leaves a non-zero nim-sum: its nim-sum is 4 ⊕ 5 ⊕ 1 = 0/);
    const single = explainPuzzle({ from: { label: '3', outcome: 'P', grundy: 0, mex: 'mex{1, 2} = 0' }, moves: [], chosen: { to: 1, label: '1', grundy: 2, optimal: false, terminal: false }, sums: null, misere: false });
    assert.match(single.words, /^3 → 1 leaves value g = 2, and every move from 3 leaves a non-zero value: g\(3\) = mex\{1, 2\} = 0/);
  });

  test('the nim-sum is written with g() unless a heap is its own value', () => {
    const sum = { rows: [{ label: '4', grundy: 1 }, { label: '3', grundy: 3 }], total: 2 };
    assert.equal(nimSumText(sum, false), 'g(4) ⊕ g(3) = 1 ⊕ 3 = 2');
    assert.equal(nimSumText({ rows: [{ label: '3', grundy: 3 }], total: 3 }, true), '3 = 3');
  });
});

describe('a link\'s answers are bounded', () => {
  test('at most MAX_ANSWERS are kept, with one notice naming how many there were', async () => {
    const { MAX_ANSWERS, capAnswers } = await import('../../www/progress.js');
    const notices = [];
    assert.deepEqual(capAnswers(['a', 'b'], notices), ['a', 'b']);
    assert.deepEqual(notices, []);
    const many = Array.from({ length: MAX_ANSWERS + 5 }, (_, k) => String(k));
    assert.deepEqual(capAnswers(many, notices), many.slice(0, MAX_ANSWERS));
    assert.deepEqual(notices, [`The link has ${MAX_ANSWERS + 5} answers; a link keeps at most ${MAX_ANSWERS}, so the first ${MAX_ANSWERS} are used.`]);
  });
});

describe('a hinted puzzle answer', () => {
  test('is checked like any other but scores no point', async () => {
    const { HINTED } = await import('../../www/puzzle-mode.js');
    const game = {
      puzzle: () => 0,
      label: () => '1,2',
      isP: () => false,
      moveTo: (id, label) => (label === '1,1' ? { optimal: true } : label === '0,2' ? { optimal: false } : null),
    };
    assert.deepEqual(replayPuzzles([`${HINTED}1,1`, '1,1'], game), { answers: ['!1,1', '1,1'], right: 1, problem: null });
    assert.match(replayPuzzles([`${HINTED}2,2`], game).problem, /'2,2', is not one move/);
  });
});

describe('the puzzles of a set', () => {
  test('do not repeat one of the last few, and a game with too few positions still ends', async () => {
    const { distinctPuzzle } = await import('../../www/puzzle-mode.js');
    const raw = [3, 5, 5, 7, 3, 9, 9, 9, 2];
    const ids = [];
    const got = [0, 1, 2, 3, 4].map((k) => distinctPuzzle((j) => raw[j % raw.length], k, ids));
    assert.deepEqual(got, [3, 5, 7, 9, 2]);
    // One position only: it repeats (after a bounded number of draws), never loops for ever.
    let draws = 0;
    const one = [];
    assert.deepEqual([0, 1, 2].map((k) => distinctPuzzle(() => (draws++, 4), k, one)), [4, 4, 4]);
    assert.ok(draws <= 1 + 2 * 64, `${draws} draws`);
    assert.equal(distinctPuzzle(() => -1, 0, []), -1);
  });
});
