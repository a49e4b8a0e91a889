// Practising alone on a phone (issue 45): docs/teaching.md's exercise links at 390 × 844 with
// touch, done by tapping (never click): the mode menu instead of the tabs, the question, the
// answer box and the verdict on screen (also with the keyboard up), the mex box at the first
// question and the followers beside it, every practice target at least 44 px, Back undoing an
// answer, switching modes and reloading keeping the score; and the puzzle's verdicts checked
// over every position of the exercises' games against the core's values. They wait for what
// the page exposes, never for time.
// Run: node --test tests/browser/phone.test.mjs

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { browserHarness } from './harness.mjs';
import { ROOT } from './server.mjs';

const withPage = browserHarness();

const phone = { viewport: { width: 390, height: 844 }, context: { hasTouch: true, isMobile: true } };
const SHOTS = join(ROOT, 'docs', 'screenshots', 'practice');
/** The practice screenshots of docs/page.md, taken mid-exercise; written only with SHOTS=1, so
 *  that a test run leaves the tree as it found it. */
const shot = (page, name) => (process.env.SHOTS === '1' ? page.screenshot({ path: join(SHOTS, name) }) : null);

const panel = (page, id) => page.evaluate((id) => ({ ...document.getElementById(id).dataset }), id);
const at = (page, id, key, value) => page.waitForFunction(([id, k, v]) => document.getElementById(id).dataset[k] === v, [id, key, value]);

/** Whether each element is wholly inside the visual viewport (the part not under a keyboard). */
const inViewport = (page, selectors) =>
  page.evaluate((selectors) => {
    const vv = window.visualViewport;
    return Object.fromEntries(
      selectors.map((s) => {
        const r = document.querySelector(s).getBoundingClientRect();
        return [s, r.height > 0 && r.top >= vv.offsetTop - 1 && r.bottom <= vv.offsetTop + vv.height + 1];
      }),
    );
  }, selectors);

/** The visible practice targets (buttons, fields, menus, the mex box) smaller than 44 × 44 px. */
const smallTargets = (page, id) =>
  page.evaluate((id) => {
    const small = [];
    for (const el of document.querySelectorAll(`#${id} :is(button, input, select, summary, a), #mode-menu`)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not shown
      if (r.width < 44 || r.height < 44) small.push(`${el.id || el.textContent.trim().slice(0, 20)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return small;
  }, id);

/**
 * The board's parts that take a tap ([data-key]) in `#id`: how many, those smaller than 44 × 44
 * CSS px or not wholly inside the board's box (none of these boards needs to scroll sideways), and the smallest
 * type of the board's words in px (row labels, axes, numbers).
 */
const boardTargets = (page, id) =>
  page.evaluate((id) => {
    const svg = document.querySelector(`#${id} svg.board-drawing`);
    const box = document.getElementById(id).getBoundingClientRect();
    const parts = [...svg.querySelectorAll('[data-key]')];
    const small = [];
    let least = Infinity;
    for (const part of parts) {
      const r = part.getBoundingClientRect();
      least = Math.min(least, r.width, r.height);
      if (r.width < 44 || r.height < 44) small.push(`${part.dataset.part} ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
      if (r.top < box.top || r.bottom > box.bottom || r.left < box.left || r.right > box.right) small.push(`${part.dataset.part} outside the board`);
    }
    const type = [...svg.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')) * t.getScreenCTM().a);
    return { count: parts.length, small, least: Math.round(least * 10) / 10, type: Math.round(Math.min(...type) * 10) / 10 };
  }, id);

/**
 * The games of docs/teaching.md's exercises for phones (Lessons 1, 2, 3, 4 and 5, and the
 * puzzles of lessons 4 and 5 a teacher may hand out too), each with its link.
 */
const EXERCISES = [
  '#game=nim&heaps=7,5,3&mode=puzzle&seed=1',
  '#game=nim&heaps=1,2,3&mode=quiz&seed=1',
  '#game=subtraction&moves=1,3,4&heap=10&mode=quiz&quiz=0:0~1:1~2:0~3:1~4:2',
  '#game=octal&code=0.77&heaps=12&mode=puzzle&seed=2',
  '#game=chomp&rows=3&cols=4&mode=puzzle&seed=1',
  '#game=turning-turtles&coins=5&mode=quiz&seed=1',
  '#game=wythoff&heaps=4,6&mode=quiz&seed=1',
  '#game=silver-dollar&coins=4&squares=10&mode=puzzle&seed=1',
  '#game=wythoff&heaps=5,7&mode=puzzle&seed=1',
];

/**
 * The keyboard coming up: a phone's keyboard takes the lower ~40 % of the screen, which the page
 * sees as a visual viewport that shrinks. Headless Chromium shows no keyboard, so the viewport is
 * shrunk by as much, as the keyboard would.
 */
const keyboardUp = (page) => page.setViewportSize({ width: 390, height: 500 });

describe('on a phone (390 × 844, touch)', () => {
  test('the quiz: menu not tabs, mex box at the first question, followers, verdict in view with the keyboard up, Back undoes, reload keeps', async () => {
    await withPage('#game=nim&heaps=1,2,3&mode=quiz&seed=1', async (page) => {
      await page.waitForFunction(() => document.getElementById('quiz-panel').dataset.position !== '');
      assert.equal(await page.isVisible('#mode-menu'), true, 'the modes are one menu on a phone');
      assert.equal(await page.isVisible('#mode-quiz'), false, 'the tabs are folded');
      assert.equal(await page.inputValue('#mode-menu'), 'quiz');
      // The graph's description fits the mode: no learner's figures in an exercise.
      assert.doesNotMatch(await page.getAttribute('#graph', 'aria-label'), /Generation|Π/);
      assert.equal(await page.getAttribute('#quiz-help', 'open'), '', 'the mex box is open at the first question');
      mkdirSync(SHOTS, { recursive: true });
      await shot(page, 'quiz-start.png');
      assert.deepEqual(await inViewport(page, ['#quiz-question', '#quiz-answer']), { '#quiz-question': true, '#quiz-answer': true });
      assert.deepEqual(await smallTargets(page, 'quiz-panel'), []);
      // The first position asked has no moves (all heaps empty): no followers, mex of {} is 0.
      const first = await panel(page, 'quiz-panel');
      await page.tap('#quiz-answer');
      await keyboardUp(page);
      await page.fill('#quiz-answer', '5');
      await page.tap('#quiz-check');
      await at(page, 'quiz-panel', 'result', 'wrong');
      assert.deepEqual(await inViewport(page, ['#quiz-question', '#quiz-message']), { '#quiz-question': true, '#quiz-message': true });
      await page.fill('#quiz-answer', '0');
      await page.tap('#quiz-check');
      await at(page, 'quiz-panel', 'result', 'right');
      assert.deepEqual(await inViewport(page, ['#quiz-message']), { '#quiz-message': true });
      // The next question is shown at once, with the board of its position: the verdict under it
      // is said and marked as the last answer's (never a bare "Right:" under the new position).
      const next = await panel(page, 'quiz-panel');
      assert.notEqual(next.position, first.position);
      assert.equal(await page.getAttribute('#quiz-board', 'data-position'), next.position);
      assert.equal(await page.getAttribute('#quiz-message', 'data-about'), first.position);
      assert.equal(await page.locator('#quiz-message').innerText(), `Last answer (${first.position}): right, g(${first.position}) = mex{} = 0.`);
      assert.equal(await page.locator('#quiz-question').innerText(), `What is the Grundy value of ${next.position}?`);
      assert.equal(await page.getAttribute('#quiz-help', 'open'), null, 'closed after the first answer');
      await page.setViewportSize(phone.viewport);
      // The next position's followers are listed with their values once known.
      await page.waitForFunction((p) => document.getElementById('quiz-panel').dataset.position !== p, first.position);
      const followers = await page.$$eval('#quiz-followers li[data-label]', (lis) => lis.map((li) => [li.dataset.label, li.dataset.grundy]));
      assert.ok(followers.length > 0);
      for (const [label, grundy] of followers) {
        const truth = await page.evaluate((l) => {
          const s = window.impartial.controller.session;
          return String(s.views().grundy[s.find(l)]);
        }, label);
        assert.ok(grundy === '' || grundy === truth, `${label}: ${grundy} vs ${truth}`);
      }
      await shot(page, 'quiz-mid.png');
      const score = (await panel(page, 'quiz-panel')).score;
      // Back undoes the last answer (the right 0 after a wrong 5: 0,0,0 hidden again) and stays on the page.
      const revealed = (await panel(page, 'quiz-panel')).revealed;
      await page.goBack();
      await at(page, 'quiz-panel', 'revealed', String(Number(revealed) - 1));
      assert.match(page.url(), /mode=quiz&quiz=0%2C0%2C0:5$/);
      await page.goForward();
      await at(page, 'quiz-panel', 'revealed', revealed);
      assert.equal((await panel(page, 'quiz-panel')).score, score);
      // A reload keeps the score (it is in the link).
      await page.reload();
      await at(page, 'quiz-panel', 'score', score);
      // The same exercise link opened again (a new page, no answers in it): the score comes back, said.
      const base = page.url().split('#')[0];
      await page.goto('about:blank');
      await page.goto(`${base}#game=nim&heaps=1,2,3&mode=quiz&seed=1`);
      await at(page, 'quiz-panel', 'restored', 'true');
      await at(page, 'quiz-panel', 'score', score);
      assert.match(await page.locator('#notice').innerText(), /kept in this browser and are back/);
      assert.equal(await page.isVisible('#practice-progress'), true);
      assert.equal(await page.isVisible('#practice-copy'), true);
      // Start again asks first.
      await page.tap('#quiz-restart');
      assert.equal(await page.isVisible('#confirm-restart'), true);
      await page.tap('#quiz-restart-no');
      assert.equal((await panel(page, 'quiz-panel')).score, score);
      await page.tap('#quiz-restart');
      await page.tap('#quiz-restart-yes');
      await at(page, 'quiz-panel', 'score', '0/0');
    }, phone);
  });

  test('the puzzles: a move tapped, its verdict in view; switching modes by the menu keeps puzzles=', async () => {
    await withPage('#game=nim&heaps=7,5,3&mode=puzzle&seed=1', async (page) => {
      await page.waitForFunction(() => document.getElementById('puzzle-panel').dataset.position !== '');
      assert.deepEqual(await smallTargets(page, 'puzzle-panel'), []);
      // Touch words: "tap", never "click" (the board's words come from the core).
      assert.doesNotMatch(await page.locator('#puzzle-panel').innerText(), /click|hover/i);
      // A board tap selects; nothing is scored until it is confirmed.
      await page.tap('#puzzle-board [data-part="0:0"]');
      await page.waitForSelector('#confirm-move:not([hidden])');
      assert.equal((await panel(page, 'puzzle-panel')).result, '');
      assert.deepEqual(await inViewport(page, ['#confirm-move']), { '#confirm-move': true });
      assert.deepEqual(await smallTargets(page, 'puzzle-panel'), []);
      await shot(page, 'puzzle-start.png');
      // Another move tapped instead, then a move from the list (a button: one tap answers).
      await page.locator('#puzzle-moves button').first().tap();
      await page.waitForFunction(() => document.getElementById('puzzle-panel').dataset.result !== '');
      // The list is below the board: the page comes back up to the question, the verdict with it.
      assert.deepEqual(await inViewport(page, ['#puzzle-question', '#puzzle-explain']), { '#puzzle-question': true, '#puzzle-explain': true });
      await shot(page, 'puzzle-verdict.png');
      const { score } = await panel(page, 'puzzle-panel');
      await page.selectOption('#mode-menu', 'quiz');
      await page.waitForFunction(() => document.body.dataset.mode === 'quiz');
      assert.match(page.url(), /puzzles=/);
      await page.selectOption('#mode-menu', 'puzzle');
      await at(page, 'puzzle-panel', 'score', score);
      // Back: to the quiz, then to the puzzle, never off the page.
      await page.goBack();
      await page.waitForFunction(() => document.body.dataset.mode === 'quiz');
    }, phone);
  });

  test('Kayles: "show g(n) of a row" gives the rows\' values from the core and costs the puzzle\'s point', async () => {
    await withPage('#game=octal&code=0.77&heaps=12&mode=puzzle&seed=2', async (page) => {
      await page.waitForFunction(() => document.getElementById('puzzle-panel').dataset.position !== '');
      // The set does not repeat (seed 2 used to give the same position as puzzles 6 and 7, 18 and 19).
      const set = await page.evaluate(() => Array.from({ length: 24 }, (_, k) => window.impartial.controller.modes.get('puzzle').view.puzzleId(k)));
      for (const [k, id] of set.entries()) assert.ok(!set.slice(Math.max(0, k - 8), k).includes(id), `puzzle ${k + 1} repeats: ${set}`);
      assert.equal(await page.isVisible('#puzzle-values-text'), false);
      // The last pin of a row tapped: the same move as its mirror image, the first pin (they share
      // a key), but the pin marked as chosen, and lit, is the one tapped.
      const last = `0:${Number((await panel(page, 'puzzle-panel')).position.split(',')[0]) - 1}`;
      await page.tap(`#puzzle-board [data-part="${last}"]`);
      await page.waitForSelector('#confirm-move:not([hidden])');
      assert.deepEqual(await page.$$eval('#puzzle-board .chosen', (ns) => ns.map((n) => n.dataset.part)), [last]);
      assert.equal(await page.getAttribute(`#puzzle-board [data-part="${last}"]`, 'class'), 'pin legal chosen aimed');
      await page.tap('#puzzle-values');
      const values = await page.locator('#puzzle-values-text').innerText();
      // Kayles' values (OEIS A002186): 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4.
      const kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4];
      for (const m of values.matchAll(/g\((\d+)\) = (\d+)/g)) assert.equal(Number(m[2]), kayles[Number(m[1])], values);
      assert.match(values, /^Values of a row of n: g\(0\) = 0, g\(1\) = 1/);
      assert.deepEqual(await inViewport(page, ['#puzzle-values-text']), { '#puzzle-values-text': true });
      await shot(page, 'puzzle-kayles-values.png');
      // The winning move, from the list: right, but no point.
      const winning = await page.evaluate(() => {
        const s = window.impartial.controller.session;
        const id = s.find(document.getElementById('puzzle-panel').dataset.position);
        return s.moves(id).find((m) => m.optimal)?.label ?? null;
      });
      if (winning) await page.locator(`#puzzle-moves button[data-to="${winning}"]`).tap();
      else await page.tap('#puzzle-none');
      await at(page, 'puzzle-panel', 'result', 'right');
      assert.equal((await panel(page, 'puzzle-panel')).score, '0/1');
      assert.match(await page.locator('#puzzle-explain').innerText(), /scores no point/);
      assert.match(page.url(), /puzzles=!/);
    }, phone);
  });

  test('steps: the counter, the board and the buttons fit, targets ≥ 44 px', async () => {
    await withPage('#game=subtraction&moves=1,3,4&heap=10&mode=steps&paused=1', async (page) => {
      await page.waitForFunction(() => document.getElementById('steps-panel').hidden === false);
      await page.tap('#steps-step');
      await page.tap('#steps-step');
      await page.waitForFunction(() => document.getElementById('steps-counter').textContent !== '');
      assert.deepEqual(await inViewport(page, ['#steps-counter', '#steps-mex']), { '#steps-counter': true, '#steps-mex': true });
      assert.deepEqual(await smallTargets(page, 'steps-panel'), []);
      await shot(page, 'steps-mid.png');
    }, phone);
  });
});

describe('each exercise of docs/teaching.md done by tapping at 390 × 844', () => {
  // Three questions each (the first quiz answer wrong, then right): every question with its
  // answer box or board on screen, every verdict in view (the keyboard up for the quiz), every
  // target ≥ 44 px; Back undoes the last answer, a reload and the exercise link opened again
  // keep the score.
  const ROUNDS = 3;
  const both = (a, b) => ({ [a]: true, [b]: true });
  for (const link of EXERCISES) {
    test(link, async () => {
      await withPage(link, async (page) => {
        const quiz = link.includes('mode=quiz');
        const id = quiz ? 'quiz-panel' : 'puzzle-panel';
        await page.waitForFunction((id) => document.getElementById(id).dataset.position !== '', id);
        const scores = [(await panel(page, id)).score];
        for (let round = 1; round <= ROUNDS; round++) {
          const asked = await panel(page, id);
          assert.deepEqual(await smallTargets(page, id), [], `question ${round}`);
          if (quiz) {
            assert.deepEqual(await inViewport(page, ['#quiz-question', '#quiz-answer']), both('#quiz-question', '#quiz-answer'), `question ${round}`);
            const value = await page.evaluate((label) => {
              const s = window.impartial.controller.session;
              return String(s.views().grundy[s.find(label)]);
            }, asked.position);
            await page.tap('#quiz-answer');
            await keyboardUp(page);
            if (round === 1) {
              await page.fill('#quiz-answer', String(Number(value) + 1));
              await page.tap('#quiz-check');
              await at(page, id, 'result', 'wrong');
              assert.deepEqual(await inViewport(page, ['#quiz-question', '#quiz-message']), both('#quiz-question', '#quiz-message'), 'a wrong answer, keyboard up');
            }
            await page.fill('#quiz-answer', value);
            await page.tap('#quiz-check');
            await at(page, id, 'revealed', String(Number(asked.revealed) + 1));
            assert.equal(await page.getAttribute('#quiz-message', 'data-about'), asked.position);
            assert.deepEqual(await inViewport(page, ['#quiz-question', '#quiz-message']), both('#quiz-question', '#quiz-message'), `answer ${round}, keyboard up`);
            await page.setViewportSize(phone.viewport);
          } else {
            assert.deepEqual(await inViewport(page, ['#puzzle-question', '#puzzle-board svg']), both('#puzzle-question', '#puzzle-board svg'), `puzzle ${round}`);
            assert.deepEqual((await boardTargets(page, 'puzzle-board')).small, []);
            // The winning move tapped on the board (a tap selects it, a second confirms it), or
            // "no winning move" at a P-position.
            const key = await page.evaluate(() => window.impartial.controller.modes.get('puzzle').view.moves.find((m) => m.optimal && m.path.length === 1)?.path[0] ?? null);
            if (key) {
              await page.locator(`#puzzle-board [data-key="${key}"]`).first().tap();
              await page.waitForSelector('#confirm-move:not([hidden])');
              assert.deepEqual(await inViewport(page, ['#confirm-move']), { '#confirm-move': true });
              await page.tap('#confirm-move');
            } else {
              await page.tap('#puzzle-none');
            }
            await at(page, id, 'result', 'right');
            assert.deepEqual(await inViewport(page, ['#puzzle-question', '#puzzle-explain']), both('#puzzle-question', '#puzzle-explain'), `verdict ${round}`);
            if (round === 1) await shot(page, `exercise-${link.match(/game=([a-z-]+)/)[1]}-puzzle.png`);
            if (round < ROUNDS) {
              await page.tap('#puzzle-next');
              await at(page, id, 'puzzle', String(Number(asked.puzzle) + 1));
            }
          }
          if (quiz && round === 1) await shot(page, `exercise-${link.match(/game=([a-z-]+)/)[1]}-quiz.png`);
          scores.push((await panel(page, id)).score);
        }
        assert.notEqual(scores.at(-1), scores[0]);
        // Back undoes the last answer and stays on the page; Forward brings it back.
        await page.goBack();
        await at(page, id, 'score', scores.at(-2));
        await page.goForward();
        await at(page, id, 'score', scores.at(-1));
        await page.reload();
        await at(page, id, 'score', scores.at(-1));
        // The exercise link opened again, as handed out: the score comes back from this browser.
        const base = page.url().split('#')[0];
        await page.goto('about:blank');
        await page.goto(base + link);
        await at(page, id, 'restored', 'true');
        await at(page, id, 'score', scores.at(-1));
      }, phone);
    });
  }
});

describe('every board target of each exercise\'s game at least 44 × 44 px, its words at least 16 px', () => {
  // Each game's board where it takes taps (its puzzles: the first four, each answered from the
  // list to reach the next) and, for a quiz, the board the quiz shows.
  for (const link of EXERCISES) {
    const game = link.slice(1).replace(/&mode=.*$/, '');
    test(game, async () => {
      const seen = [];
      await withPage(`#${game}&mode=puzzle&seed=1`, async (page) => {
        for (let k = 1; k <= 4; k++) {
          await at(page, 'puzzle-panel', 'puzzle', String(k));
          const { position } = await panel(page, 'puzzle-panel');
          const board = await boardTargets(page, 'puzzle-board');
          assert.ok(board.count > 0, `${position}: no part of the board takes a tap`);
          assert.deepEqual(board.small, [], `puzzle ${k}, ${position}`);
          assert.ok(board.type >= 16, `puzzle ${k}, ${position}: words of ${board.type} px on the board`);
          seen.push(`${position}: ${board.count} targets ≥ ${board.least} px, type ≥ ${board.type} px`);
          await page.locator('#puzzle-moves button').last().tap();
          await page.waitForFunction(() => document.getElementById('puzzle-panel').dataset.result !== '');
          await page.tap('#puzzle-next');
        }
      }, phone);
      if (link.includes('mode=quiz')) {
        await withPage(link, async (page) => {
          await page.waitForFunction(() => document.getElementById('quiz-panel').dataset.position !== '');
          if (await page.isHidden('#quiz-board')) return;
          const board = await boardTargets(page, 'quiz-board');
          assert.ok(board.type >= 16, `the quiz's board: words of ${board.type} px`);
        }, phone);
      }
      if (process.env.VERBOSE) console.log(game, seen);
    });
  }
});

describe('a phone turned sideways', () => {
  test('the board is drawn again for the new width, every target still at least 44 px and inside it', async () => {
    await withPage('#game=octal&code=0.77&heaps=12&mode=puzzle&seed=2', async (page) => {
      await page.waitForFunction(() => document.getElementById('puzzle-panel').dataset.position !== '');
      const width = () => page.evaluate(() => document.querySelector('#puzzle-board svg').getBoundingClientRect().width);
      const narrow = await width();
      await page.setViewportSize({ width: 844, height: 390 });
      await page.waitForFunction((w) => document.querySelector('#puzzle-board svg').getBoundingClientRect().width !== w, narrow);
      assert.deepEqual((await boardTargets(page, 'puzzle-board')).small, []);
      await page.setViewportSize(phone.viewport);
      await page.waitForFunction((w) => Math.abs(document.querySelector('#puzzle-board svg').getBoundingClientRect().width - w) < 1, narrow);
      assert.deepEqual((await boardTargets(page, 'puzzle-board')).small, []);
    }, phone);
  });
});

describe('axe on the practice links at 390 × 844', () => {
  const AXE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
  for (const hash of ['#game=nim&heaps=1,2,3&mode=quiz&seed=1', '#game=nim&heaps=7,5,3&mode=puzzle&seed=1', '#game=subtraction&moves=1,3,4&heap=10&mode=steps']) {
    test(hash, async () => {
      await withPage(hash, async (page) => {
        await page.addScriptTag({ path: AXE });
        const violations = await page.evaluate(async () => {
          const result = await window.axe.run(document, { resultTypes: ['violations'] });
          return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
        });
        assert.deepEqual(violations, []);
      }, phone);
    });
  }
});

describe('no jumping layout on the exercise links at 390 × 844', () => {
  // The layout shifts the page reports (PerformanceObserver 'layout-shift', the measure behind
  // Lighthouse's cumulative layout shift), summed from the start to the first frame after ready.
  const observe = () => {
    window.shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.shifted += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  };
  for (const hash of ['#game=nim&heaps=1,2,3&mode=quiz&seed=1', '#game=subtraction&moves=1,3,4&heap=10&mode=quiz&quiz=0:0~1:1~2:0~3:1~4:2', '#game=octal&code=0.77&heaps=12&mode=puzzle&seed=2', '#game=subtraction&moves=1,3,4&heap=10&mode=steps&present=1']) {
    test(hash, async () => {
      await withPage(hash, async (page) => {
        const shifted = await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(window.shifted)))));
        assert.ok(shifted <= 0.1, `cumulative layout shift ${shifted.toFixed(3)} > 0.1`);
      }, { ...phone, init: observe });
    });
  }
});

describe('the puzzle verdicts over every position of the exercises\' games', () => {
  const GAMES = [
    'game=nim&heaps=7,5,3',
    'game=nim&heaps=4,5,1',
    'game=octal&code=0.77&heaps=12',
    'game=subtraction&moves=1,3,4&heap=30',
    'game=sum&parts=nim(heaps=3)+chomp(rows=2;cols=3)+subtraction(moves=1,2;heap=5)',
    'game=chomp&rows=3&cols=4',
    'game=nim&heaps=1,2,3&play=misere',
  ];
  for (const spec of GAMES) {
    test(spec, async () => {
      await withPage(`#${spec}&mode=puzzle&seed=1`, async (page) => {
        const problems = await page.evaluate(async () => {
          const { explainPuzzle } = await import('/www/puzzle-mode.js');
          const s = window.impartial.controller.session;
          const misere = s.info.play === 'misere';
          const sizes = s.info.game.startsWith('game=nim&');
          const { grundy, outcome } = s.views();
          const wrong = [];
          const claim = (ok, what) => ok || wrong.push(what);
          for (let id = 0; id < s.n; id++) {
            const moves = s.moves(id);
            if (moves.length === 0) continue;
            const from = s.position(id);
            const isP = outcome[id] === 0;
            for (const chosen of [null, ...moves]) {
              const sums = { from: s.nimSum(id), to: chosen ? s.nimSum(chosen.to) : null };
              const { right, words } = explainPuzzle({ from, moves, chosen, sums, misere, sizes });
              const where = `${s.label(id)} → ${chosen ? chosen.label : 'none'}: ${words}`;
              // Right exactly when the move wins (or "none" at a P-position), and said so.
              claim(right === (chosen ? chosen.optimal : isP), `right=${right}: ${where}`);
              claim(words.startsWith('Right:') === right, `head: ${where}`);
              claim(!/so does every move/.test(words), `"so does every move": ${where}`);
              if (chosen && !misere) {
                // The value or nim-sum said to be left is the core's.
                const left = words.match(/leaves (?:value g = (\d+)|nim-sum [^,.:]*= (\d+))/);
                if (left) claim(Number(left[1] ?? left[2]) === grundy[chosen.to], `value left: ${where}`);
                if (/every move from .* leaves a non-zero/.test(words)) claim(isP && moves.every((m) => grundy[m.to] !== 0), `non-zero: ${where}`);
              }
              // The nim-sum said of the puzzle is the core's value of it.
              const of = words.match(/nim-sum (?:of \S+ )?is [^,.:≠]*= (\d+)/);
              if (of && !misere) claim(Number(of[1]) === grundy[id], `nim-sum of the puzzle: ${where}`);
              // The winning moves named are the optimal ones.
              if (!right && !isP) {
                const named = words.slice(words.lastIndexOf(': ') + 2).replace(/\.$/, '');
                const best = moves.filter((m) => m.optimal).map((m) => m.label);
                claim(best.length > 8 || best.every((l) => named.includes(l)), `winning moves named: ${where}`);
              }
            }
          }
          return wrong.slice(0, 5);
        });
        assert.deepEqual(problems, []);
      });
    });
  }
});

test('a lesson on a phone: the board\'s next-step words say "tap", the bar and Reveal take a finger', async () => {
  await withPage('#lesson=disguise&slide=1', async (page) => {
    // Turning Turtles: a head tapped, the board asks for the coin to its left.
    await page.locator('#board [data-key].legal').last().tap();
    await page.waitForFunction(() => /coin/.test(document.getElementById('play-explain').textContent));
    const words = await page.locator('#play-explain').textContent();
    assert.match(words, /\btap\b/i, words);
    assert.doesNotMatch(words, /\bclick/i, words);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('#lesson-bar button, #lesson-notes summary, #reveal button')]
        .map((el) => [el.id || el.textContent.trim(), el.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44)
        .map(([name, r]) => `${name} ${Math.round(r.width)}×${Math.round(r.height)}`),
    );
    assert.deepEqual(small, [], 'every target of the bar and of Reveal at least 44 × 44 px');
  }, phone);
});
