// Browser tests of the exercises: "your turn to compute" (mode=quiz) answered right and wrong on
// a subtraction game, on a sum and under misère play, its score restored from the link; "find
// the winning move" (mode=puzzle) solved and missed on Nim and Kayles, with the winning moves
// worked out here independently (the nim-sum of the heaps' values); links that do not fit; a
// phone doing both by touch. They wait for what the panels expose, never for time.
// Run: node --test tests/browser/exercises.test.mjs

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserHarness } from './harness.mjs';

const withPage = browserHarness();

const quiz = (page) => page.evaluate(() => ({ ...document.getElementById('quiz-panel').dataset }));
const puzzle = (page) => page.evaluate(() => ({ ...document.getElementById('puzzle-panel').dataset }));
const text = (page, id) => page.locator(`#${id}`).innerText();

/** Waits until the quiz panel's `key` is `value`; returns the panel's data. */
async function quizAt(page, key, value) {
  await page.waitForFunction(([k, v]) => document.getElementById('quiz-panel').dataset[k] === v, [key, value]);
  return quiz(page);
}

async function puzzleAt(page, key, value) {
  await page.waitForFunction(([k, v]) => document.getElementById('puzzle-panel').dataset[k] === v, [key, value]);
  return puzzle(page);
}

/** Types `answer` in quiz-answer and presses Enter (or the Check button). */
async function answer(page, value, { enter = true } = {}) {
  await page.fill('#quiz-answer', value);
  if (enter) await page.press('#quiz-answer', 'Enter');
  else await page.click('#quiz-check');
}

/** The number of values the graph writes, after a drawing of the current state. */
const numbersDrawn = (page) => page.evaluate(() => {
  window.impartial.graphView.draw(true);
  return window.impartial.graphView.numbersDrawn;
});

/** Subtraction {1, 3, 4}: g(n) has period 7 (0 1 0 1 2 3 2), written here, not read from the page. */
const SUB134 = (n) => [0, 1, 0, 1, 2, 3, 2][n % 7];
/** Kayles (octal 0.77) values of a row of 0 … 12 pins (Berlekamp, Conway & Guy; OEIS A002186). */
const KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4];
/** The hover card's text for position `label`, as a tap on the graph shows it. */
const cardOf = (page, label) => page.evaluate((label) => {
  const { controller } = window.impartial;
  controller.card.pick(controller.session.find(label), { x: 10, y: 10, sticky: false });
  return document.getElementById('hover-card').innerText;
}, label);

const xorOf = (label, value) => label.split(',').map(Number).reduce((x, h) => x ^ value(h), 0);

describe('your turn to compute', () => {
  test('subtraction {1, 3, 4}: right, wrong then right, show me; the link restores the score', async () => {
    let link;
    await withPage('#game=subtraction&moves=1,3,4&heap=10&mode=quiz&paused=1', async (page) => {
      let shown = await quizAt(page, 'position', '0');
      assert.deepEqual([shown.result, shown.score], ['', '0/0']);
      assert.equal(await numbersDrawn(page), 0, 'every value is hidden');
      assert.ok((await page.evaluate(() => window.impartial.graphView.legendItems().map((item) => item[2]))).includes('the position asked'));
      assert.match(await cardOf(page, '5'), /Its value is not computed yet: pick it once all its followers are known, and type it\./);
      assert.equal(await page.locator('#root-grundy').evaluate((e) => getComputedStyle(e).visibility), 'hidden', 'the start\'s value is hidden');
      assert.equal(await page.locator('#positions').isVisible(), false, 'the positions table is hidden');
      await answer(page, String(SUB134(0)));
      shown = await quizAt(page, 'score', '1/1');
      assert.equal(shown.result, 'right');
      assert.match(await text(page, 'quiz-message'), /^Last answer \(0\): right, g\(0\) = mex\{\} = 0\.$/);
      assert.equal(await numbersDrawn(page), 1);
      // Heap 1 is the only position ready now (its one follower, 0, is known).
      assert.equal(shown.position, '1');
      await answer(page, '0', { enter: false });
      shown = await quizAt(page, 'result', 'wrong');
      assert.deepEqual([shown.position, shown.score], ['1', '1/2']);
      assert.match(await text(page, 'quiz-message'), /^Not 0\. The mex of 1 sees its followers' values \{0\} \(1 follower\)/);
      assert.equal(await page.getAttribute('#quiz-message', 'data-about'), null, 'a wrong answer is about the question shown');
      assert.equal(await numbersDrawn(page), 1, 'a wrong answer reveals nothing');
      await answer(page, String(SUB134(1)));
      shown = await quizAt(page, 'result', 'right');
      assert.deepEqual([shown.score, shown.position], ['1/2', '2'], 'right at the second try does not score');
      await page.click('#quiz-reveal');
      shown = await quizAt(page, 'revealed', '3');
      assert.equal(shown.score, '1/3');
      assert.match(await text(page, 'quiz-message'), /^Last answer \(2\): shown, g\(2\) = mex\{1\} = 0\.$/);
      await answer(page, '7x');
      await page.waitForFunction(() => document.getElementById('quiz-message').innerText.includes("not '7x'"));
      assert.equal((await quiz(page)).score, '1/3', 'what is not a value is not an attempt');
      link = await page.evaluate(() => location.hash);
      assert.match(decodeURIComponent(link), /&mode=quiz&quiz=0:0~1:0\/1~2:\?/);
    });
    await withPage(link, async (page) => {
      const shown = await quizAt(page, 'score', '1/3');
      assert.deepEqual([shown.revealed, shown.position], ['3', '3']);
      assert.equal(await page.isHidden('#notice'), true);
      assert.equal(await numbersDrawn(page), 3);
      // The rest, every value from the page's own order; the last answer closes the quiz.
      for (let n = 3; n <= 10; n++) {
        await quizAt(page, 'position', String(n));
        await answer(page, String(SUB134(n)));
        await quizAt(page, 'revealed', String(n + 1));
      }
      const done = await quizAt(page, 'position', '');
      assert.equal(done.score, '9/11');
      assert.match(await text(page, 'quiz-question'), /Every value is known: 9 of 11 right at the first try/);
      assert.equal(await page.isDisabled('#quiz-check'), true);
    });
  });

  test('a sum: a position picked from the menu, answered wrong then right; the mex line is the core\'s', async () => {
    await withPage('#game=sum&parts=nim(heaps=2)+subtraction(moves=1,2;heap=3)&mode=quiz&paused=1', async (page) => {
      const core = (label) => page.evaluate((l) => {
        const s = window.impartial.controller.session;
        const id = s.find(l);
        return { position: s.position(id), moves: s.moves(id) };
      }, label);
      // Answer with the core's values until two positions are ready at once, then pick the other.
      let picked = null;
      for (let i = 0; i < 12 && !picked; i++) {
        const shown = await quiz(page);
        const options = await page.locator('#quiz-pick option').allInnerTexts();
        if (options.length >= 2) {
          picked = options.find((o) => o !== shown.position);
          await page.selectOption('#quiz-pick', { label: picked });
          await quizAt(page, 'position', picked);
          break;
        }
        await answer(page, String((await core(shown.position)).position.grundy));
        await quizAt(page, 'revealed', String(i + 1));
      }
      assert.ok(picked, 'two positions were ready at once');
      const { position, moves } = await core(picked);
      const wrong = position.grundy + 1;
      await answer(page, String(wrong));
      await quizAt(page, 'result', 'wrong');
      const values = [...new Set(moves.map((m) => m.grundy))].sort((a, b) => a - b);
      assert.ok((await text(page, 'quiz-message')).includes(`sees its followers' values {${values.join(', ')}}`));
      await answer(page, String(position.grundy));
      await quizAt(page, 'result', 'right');
      assert.equal(await text(page, 'quiz-message'), `Last answer (${picked}): right, g(${picked}) = ${position.mex}.`);
      // The value is the mex of the followers' values, worked out here.
      let mex = 0;
      while (values.includes(mex)) mex += 1;
      assert.equal(position.grundy, mex);
    });
  });

  test('misère Nim 1, 2: P or N, and a value is refused with what is allowed', async () => {
    await withPage('#game=nim&heaps=1,2&play=misere&mode=quiz&paused=1', async (page) => {
      await quizAt(page, 'position', '0,0');
      await answer(page, '0');
      await page.waitForFunction(() => document.getElementById('quiz-message').innerText.startsWith('Type P or N'));
      // Under misère play the player who cannot move wins: 0,0 is an N-position.
      await answer(page, 'p');
      await quizAt(page, 'result', 'wrong');
      assert.match(await text(page, 'quiz-message'), /0,0 has no moves: under misère play the player who cannot move wins/);
      await answer(page, 'n');
      await quizAt(page, 'result', 'right');
      assert.match(await text(page, 'quiz-message'), /^Last answer \(0,0\): right, 0,0: no moves → N\.$/);
      // Misère positions have Grundy values too; they just do not decide the outcome.
      assert.match(await cardOf(page, '0,0'), /Misère play: the outcome comes from the misère rule \(Grundy values exist but do not decide it\)\./);
    });
  });
});

describe('find the winning move', () => {
  test('Nim 7, 5, 3: solved on the board, missed from the list, and "no winning move" at a P-position', async () => {
    await withPage('#game=nim&heaps=7,5,3&mode=puzzle&paused=1', async (page) => {
      // Puzzle 1 of seed 1 is 4,5,3 (tests/learn/exercises.rs pins the same through the native core).
      let shown = await puzzleAt(page, 'position', '4,5,3');
      assert.deepEqual([shown.result, shown.score], ['', '0/0']);
      assert.equal(await numbersDrawn(page), 0, 'no value on the graph before the answer');
      // The graph's key (drawn on it in presentation mode) names the puzzle, not a position "being computed".
      const key = await page.evaluate(() => window.impartial.graphView.legendItems().map((item) => item[2]));
      assert.ok(key.includes('the puzzle') && key.includes('value hidden until you answer'), key.join(' | '));
      // So does the card of a position whose value is hidden: nothing to step on to, here.
      assert.match(await cardOf(page, '4,5,3'), /4,5,3 · value hidden[^]*Its value is hidden until you answer the puzzle\./);
      // 4 ⊕ 5 ⊕ 3 = 2: the third heap goes 3 → 3 ⊕ 2 = 1; its counter 1 takes it and those to its right.
      await page.click('#puzzle-board [data-part="2:1"]');
      shown = await puzzleAt(page, 'result', 'right');
      assert.equal(shown.score, '1/1');
      assert.match(await text(page, 'puzzle-explain'), /^Right: 4,5,3 → 4,5,1 wins: it leaves nim-sum 4 ⊕ 5 ⊕ 1 = 0/);
      assert.ok((await numbersDrawn(page)) > 0, 'the puzzle and its followers are revealed');
      await page.click('#puzzle-next');
      shown = await puzzleAt(page, 'puzzle', '2');
      assert.equal(shown.position, '4,0,2');
      await page.click('#puzzle-moves button[data-to="3,0,2"]');
      shown = await puzzleAt(page, 'result', 'wrong');
      assert.equal(shown.score, '1/2');
      assert.match(await text(page, 'puzzle-explain'), /^4,0,2 → 3,0,2 leaves nim-sum 3 ⊕ 0 ⊕ 2 = 1, so your opponent can win from there\. The nim-sum of 4,0,2 is 4 ⊕ 0 ⊕ 2 = 6 ≠ 0/);
      assert.match(await text(page, 'puzzle-explain'), /winning move turns it to 0.*: 2,0,2\.$/);
      assert.equal(await page.locator('#puzzle-moves button[data-winning="true"]').getAttribute('data-to'), '2,0,2');
      // On through the puzzles (→ is the next one), answering as the nim-sum says, until a
      // P-position has been met and answered "no winning move".
      let right = 1;
      let total = 2;
      let metP = false;
      for (let k = 3; k <= 30 && !metP; k++) {
        await page.keyboard.press('ArrowRight');
        shown = await puzzleAt(page, 'puzzle', String(k));
        const s = xorOf(shown.position, (h) => h);
        if (s === 0) {
          metP = true;
          await page.click('#puzzle-none');
          shown = await puzzleAt(page, 'result', 'right');
          assert.match(await text(page, 'puzzle-explain'), /^Right: no move wins from .*: its nim-sum is .* = 0/);
        } else {
          const heaps = shown.position.split(',').map(Number);
          const i = heaps.findIndex((h) => (h ^ s) < h);
          const to = heaps.map((h, j) => (j === i ? h ^ s : h)).join(',');
          await page.click(`#puzzle-moves button[data-to="${to}"]`);
          shown = await puzzleAt(page, 'result', 'right');
        }
        right += 1;
        total += 1;
        assert.equal(shown.score, `${right}/${total}`);
      }
      assert.ok(metP, 'a P-position came within 30 puzzles');
    });
  });

  test('Kayles: a winning move by the values of the rows, and a miss that names the winning moves', async () => {
    await withPage('#game=octal&code=0.77&heaps=12&mode=puzzle&paused=1&seed=4', async (page) => {
      for (let k = 1; k <= 6; k++) {
        const shown = await puzzleAt(page, 'puzzle', String(k));
        const moves = await page.locator('#puzzle-moves button').evaluateAll((bs) => bs.map((b) => b.dataset.to));
        const winning = moves.filter((to) => xorOf(to, (h) => KAYLES[h]) === 0);
        const sum = xorOf(shown.position, (h) => KAYLES[h]);
        assert.equal(winning.length > 0, sum !== 0, `${shown.position}: a winning move exactly when its nim-sum ${sum} ≠ 0`);
        const miss = k % 2 === 0;
        if (sum === 0) {
          await page.click(miss ? `#puzzle-moves button[data-to="${moves[0]}"]` : '#puzzle-none');
        } else {
          const losing = moves.find((to) => !winning.includes(to));
          await page.click(miss && losing ? `#puzzle-moves button[data-to="${losing}"]` : `#puzzle-moves button[data-to="${winning[0]}"]`);
        }
        const result = miss && (sum === 0 || moves.some((to) => !winning.includes(to))) ? 'wrong' : 'right';
        await puzzleAt(page, 'result', result);
        const why = await text(page, 'puzzle-explain');
        if (result === 'wrong' && sum !== 0) {
          const rows = shown.position.split(',');
          const reason = rows.length > 1 ? `The nim-sum of ${shown.position} is ${rows.map((h) => `g(${h})`).join(' ⊕ ')}` : `Here g(${shown.position}) = mex{`;
          assert.ok(why.includes(reason), `${why} says ${reason}`);
          for (const to of winning) assert.ok(why.includes(to), `${why} names ${to}`);
        }
        await page.click('#puzzle-next');
      }
      const { score } = await puzzle(page);
      assert.match(score, /^3\/6$/);
    });
  });

  test('the same seed gives the same puzzles, and the link keeps the answers and the score', async () => {
    let link;
    await withPage('#game=chomp&rows=3&cols=4&mode=puzzle&paused=1&seed=9', async (page) => {
      await puzzleAt(page, 'puzzle', '1');
      await page.click('#puzzle-none');
      await page.click('#puzzle-next');
      await puzzleAt(page, 'puzzle', '2');
      link = await page.evaluate(() => location.hash);
      assert.match(link, /&seed=9&.*&mode=puzzle&puzzles=none$/);
    });
    await withPage(link, async (page) => {
      const shown = await puzzleAt(page, 'puzzle', '2');
      assert.match(shown.score, /^[01]\/1$/);
      assert.equal(await page.isHidden('#notice'), true);
      // Another family's puzzles, from the links under the panel: the same seed, no answers yet.
      await page.click('#puzzle-games a:text-is("Kayles")');
      await page.waitForFunction(() => document.getElementById('puzzle-board').dataset.kind === 'pins');
      const kayles = await puzzleAt(page, 'puzzle', '1');
      assert.equal(kayles.score, '0/0');
      assert.match(await page.evaluate(() => location.hash), /^#game=octal&code=0\.77&heaps=12&.*&seed=9&.*&mode=puzzle$/);
    });
  });
});

describe('links that do not fit', () => {
  const cases = [
    ['#game=subtraction&moves=1,3,4&heap=10&mode=quiz&paused=1&quiz=0:0~5:2', /answer 2 \('5'\) asks for a position whose followers are not all known yet.*keeping its first answer\./, '1/1'],
    ['#game=subtraction&moves=1,3,4&heap=10&mode=quiz&paused=1&quiz=0:zero', /answer 1 \('0'\)'s attempt 'zero' is not a whole number \(the Grundy value\) or \?.*starting afresh\./, '0/0'],
    ['#game=nim&heaps=1,2&play=misere&mode=quiz&paused=1&quiz=0,0:N~9,9:P', /answer 2 \('9,9'\) names no position of this game/, '1/1'],
    ['#game=nim&heaps=1,2&play=misere&mode=quiz&paused=1&quiz=0,0:1', /'1' is not P or N or \?/, '0/0'],
    ['#game=subtraction&moves=1,3,4&heap=10&mode=quiz&paused=1&quiz=0:0~1', /quiz='0:0~1' cannot be read: '1' has no answer: write label:answer\. Starting the quiz afresh\./, '0/0'],
  ];
  for (const [hash, notice, score] of cases) {
    test(`quiz: ${decodeURIComponent(hash.split('quiz=')[1])}`, async () => {
      await withPage(hash, async (page) => {
        const shown = await quizAt(page, 'score', score);
        assert.match(await text(page, 'notice'), notice);
        assert.notEqual(shown.position, '', 'a working quiz: a position is asked');
        await answer(page, '?'); // not an answer: a sentence, and the page goes on
        await page.waitForFunction(() => document.getElementById('quiz-message').innerText.startsWith('Type'));
      });
    });
  }

  test('puzzles: an answer that is not one move from its puzzle; the answers before it are kept', async () => {
    await withPage('#game=nim&heaps=7,5,3&mode=puzzle&paused=1&puzzles=4,5,1~9,9,9~none', async (page) => {
      const shown = await puzzleAt(page, 'puzzle', '2');
      assert.equal(shown.score, '1/1');
      assert.match(
        await text(page, 'notice'),
        /The puzzles in the link do not fit game=nim&heaps=7,5,3&play=normal with seed 1: answer 2, '9,9,9', is not one move from puzzle 2, '4,0,2': use a position one move away or none\. Keeping its first answer\./,
      );
      assert.match(await page.evaluate(() => location.hash), /&puzzles=4%2C5%2C1$/);
    });
  });

  test('a graph with cycles has neither exercise: a notice, and learn mode', async () => {
    await withPage('#game=graph&edges=a-b,b-a,b-c&root=a&mode=puzzle&puzzles=none', async (page) => {
      await page.waitForFunction(() => document.body.dataset.mode === 'learn');
      assert.match(await text(page, 'notice'), /This graph has cycles, and “find the winning move” needs an acyclic game/);
      assert.equal(await page.isDisabled('#mode-quiz'), true);
    });
  });
});

describe('on a phone', () => {
  const phone = { viewport: { width: 390, height: 844 }, context: { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } };

  /** Taps position `label` where the graph draws it. */
  async function tapOnGraph(page, label) {
    const at = await page.evaluate((label) => {
      const { controller, graphView } = window.impartial;
      document.getElementById('graph').scrollIntoView({ block: 'center' });
      graphView.draw(true);
      const rect = document.getElementById('graph').getBoundingClientRect();
      const q = graphView.screenPosition(controller.session.find(label));
      return { x: rect.left + q.x, y: rect.top + q.y };
    }, label);
    await page.touchscreen.tap(at.x, at.y);
  }

  test('390 × 844: a tap on the graph picks the position to compute next, in step by step and in the quiz', async () => {
    await withPage('#game=subtraction&moves=2,3&heap=9&mode=steps&paused=1', async (page) => {
      await tapOnGraph(page, '1'); // heap 1 before heap 0: an order of the student's own
      await page.waitForFunction(() => document.getElementById('steps-panel').dataset.order === '1');
    }, phone);
    await withPage('#game=subtraction&moves=2,3&heap=9&mode=quiz&paused=1', async (page) => {
      // Heaps 0 and 1 have no moves, so both are ready: the one the page does not suggest, tapped.
      await page.waitForFunction(() => ['0', '1'].includes(document.getElementById('quiz-panel').dataset.position));
      const other = (await quiz(page)).position === '0' ? '1' : '0';
      await tapOnGraph(page, other);
      await quizAt(page, 'position', other);
      await page.tap('#quiz-answer');
      await page.fill('#quiz-answer', '0');
      await page.tap('#quiz-check');
      await quizAt(page, 'result', 'right');
    }, phone);
  });

  test('390 × 844: a quiz answered and a puzzle solved by touch, nothing wider than the screen', async () => {
    await withPage('#game=subtraction&moves=1,3,4&heap=10&mode=quiz&paused=1', async (page) => {
      await quizAt(page, 'position', '0');
      await page.tap('#quiz-answer');
      await page.fill('#quiz-answer', '0');
      await page.tap('#quiz-check');
      await quizAt(page, 'score', '1/1');
      await page.tap('#quiz-reveal');
      await quizAt(page, 'revealed', '2');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390));
    }, phone);
    await withPage('#game=nim&heaps=7,5,3&mode=puzzle&paused=1', async (page) => {
      await puzzleAt(page, 'position', '4,5,3');
      // On touch a board tap selects the move; a second tap on it confirms (phone.test.mjs).
      await page.tap('#puzzle-board [data-part="2:1"]');
      await page.waitForSelector('#confirm-move:not([hidden])');
      await page.tap('#puzzle-board [data-part="2:1"]');
      await puzzleAt(page, 'result', 'right');
      await page.tap('#puzzle-next');
      await puzzleAt(page, 'puzzle', '2');
      await page.tap('#puzzle-none');
      await puzzleAt(page, 'result', 'wrong');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390));
    }, phone);
  });
});

describe('nothing beside the exercises gives the start away', () => {
  // The note on a P-position start (UMDA's fictitious start) and a sum's nim-sum note both say
  // what the quiz, the puzzle and the stepper ask for. Play mode shows them: the same game there
  // proves the notes are made for it at all.
  const P_START = 'game=nim&heaps=1,2,3';
  const SUM = 'game=sum&parts=nim(heaps=2)+subtraction(moves=1,2;heap=3)';
  const shown = (page) =>
    page.evaluate(() => ['fictitious-note', 'parts-note'].filter((id) => document.getElementById(id).checkVisibility()));
  for (const [hash, expected] of [
    [`#${P_START}&mode=play&paused=1`, ['fictitious-note']],
    [`#${SUM}&mode=play&paused=1`, ['parts-note']],
    [`#${P_START}&mode=quiz&paused=1`, []],
    [`#${P_START}&mode=puzzle&paused=1`, []],
    [`#${P_START}&mode=steps&paused=1`, []],
    ['#game=subtraction&moves=1,2&heap=6&mode=steps&paused=1', []],
    [`#${SUM}&mode=quiz&paused=1`, []],
    [`#${SUM}&mode=puzzle&paused=1`, []],
    [`#${SUM}&mode=steps&paused=1`, []],
  ]) {
    test(hash, async () => {
      await withPage(hash, async (page) => {
        await page.waitForFunction(() => document.getElementById('root-label').textContent !== '');
        assert.deepEqual(await shown(page), expected);
      });
    });
  }
});

describe('puzzles by keyboard', () => {
  test('a move from the list with Enter, Next with Enter: the focus goes on to the next puzzle\'s first move', async () => {
    await withPage('#game=nim&heaps=7,5,3&mode=puzzle&seed=1&paused=1', async (page) => {
      await puzzleAt(page, 'position', '4,5,3');
      await page.focus('#puzzle-moves button');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.getElementById('puzzle-panel').dataset.result !== '');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'puzzle-next');
      await page.keyboard.press('Enter');
      await puzzleAt(page, 'puzzle', '2');
      const focused = await page.evaluate(() => document.activeElement.closest('#puzzle-moves button')?.dataset.to ?? document.activeElement.id);
      assert.equal(focused, await page.getAttribute('#puzzle-moves button', 'data-to'));
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.getElementById('puzzle-panel').dataset.result !== '');
      assert.match((await page.evaluate(() => document.getElementById('puzzle-panel').dataset.score)), /^\d\/2$/);
    });
  });
});
