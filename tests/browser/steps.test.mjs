// Browser tests of Grundy values step by step in headless Chromium: every
// position of a small subtraction game, of Chomp and of misère Nim is stepped through, and at
// each step the followers shown are the core's moves, the value is the mex of the values shown
// and equals the core's Grundy value (the outcome, under misère play), the graph writes exactly
// the revealed values and the hover card keeps the others hidden; then finish, back, reset,
// play, the keys, the step in the link (restored, refused, clamped), a big game and a graph with
// cycles. They wait for what the page exposes (data attributes), never for time.
// Run: node --test tests/browser/

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserHarness } from './harness.mjs';

const withPage = browserHarness();

/** The stepper's state as its panel exposes it. */
const panel = (page) => page.evaluate(() => ({ ...document.getElementById('steps-panel').dataset }));

/** Waits until the panel shows step `k` and the graph has been drawn with it. */
async function atStep(page, k) {
  await page.waitForFunction((k) => document.getElementById('steps-panel').dataset.step === String(k), k);
  await page.evaluate(() => window.impartial.graphView.draw(true));
  return panel(page);
}

/** The least whole number not in the list, written here independently of the page. */
function mexOf(values) {
  for (let g = 0; ; g++) if (!values.includes(g)) return g;
}

/**
 * Steps through every position with the Step button and checks each step against the core:
 * followers = the core's moves of position k − 1 (ids, labels on the page), their values = the
 * core's, the value = their mex = the core's Grundy value (normal play) or the outcome = the
 * core's (misère play), k values written on the graph, the board showing the position.
 */
async function stepThrough(page, { board }) {
  const n = await page.evaluate(() => window.impartial.controller.session.n);
  const misere = await page.evaluate(() => window.impartial.controller.session.info.play === 'misere');
  assert.equal((await atStep(page, 0)).revealed, '0');
  assert.equal(await page.evaluate(() => window.impartial.graphView.numbersDrawn), 0, 'no value is written before the first step');
  for (let k = 1; k <= n; k++) {
    await page.click('#steps-step');
    const shown = await atStep(page, k);
    const core = await page.evaluate((id) => {
      const s = window.impartial.controller.session;
      return { label: s.label(id), position: s.inner.position(id), moves: s.inner.moves(id) };
    }, k - 1);
    const what = `step ${k} (${core.label})`;
    assert.equal(shown.id, String(k - 1), what);
    assert.equal(shown.revealed, String(k), what);
    assert.equal(shown.position, core.label, what);
    assert.deepEqual(shown.followers === '' ? [] : shown.followers.split(' ').map(Number), core.moves.map((m) => m.to), what);
    const values = shown.mexOf === '' ? [] : shown.mexOf.split(',');
    const listed = await page.locator('#steps-followers li[data-id]').allInnerTexts();
    assert.equal(listed.length, Math.min(core.moves.length, 24), what);
    listed.forEach((text, i) => assert.ok(text.startsWith(`${core.moves[i].label}:`), `${what}: ${text}`));
    if (misere) {
      assert.deepEqual(values, core.moves.map((m) => m.outcome), what);
      assert.equal(shown.outcome, core.position.outcome, what);
      assert.equal(shown.grundy, undefined, what);
    } else {
      assert.deepEqual(values.map(Number), core.moves.map((m) => m.grundy), what);
      assert.equal(Number(shown.grundy), mexOf(values.map(Number)), what);
      assert.equal(Number(shown.grundy), core.position.grundy, what);
      assert.equal(shown.outcome, core.position.grundy === 0 ? 'P' : 'N', what);
      assert.match(await page.locator('#steps-mex').innerText(), new RegExp(`^g\\(.*\\) = mex\\{.*\\} = ${core.position.grundy}$`), what);
    }
    assert.match(await page.locator('#steps-words').innerText(), new RegExp(`${shown.outcome}-position`), what);
    assert.equal(await page.evaluate(() => window.impartial.graphView.numbersDrawn), k, `${what}: the graph writes the revealed values only`);
    if (board) assert.equal(await page.locator('#steps-board').getAttribute('data-position'), core.label, what);
  }
  assert.equal(await page.locator('#steps-step').isDisabled(), true);
  return n;
}

describe('Grundy values step by step', () => {
  test('a subtraction game, every position: followers, their values and the mex are the core’s', async () => {
    await withPage('#game=subtraction&moves=1,3,4&heap=12&mode=steps', async (page) => {
      assert.equal(await page.locator('#mode-steps').getAttribute('aria-pressed'), 'true');
      assert.match(await page.locator('#steps-counter').innerText(), /^Position 0 of 13/);
      // Nothing elsewhere gives the values away while they are hidden.
      assert.equal(await page.locator('#positions-table').isVisible(), false);
      // The Grundy strip is there to step along, its values hidden.
      assert.deepEqual([...new Set(await page.locator('#grundy-strip .strip-cell').allInnerTexts())], ['?']);
      assert.equal(await page.locator('#root-grundy').isVisible(), false);
      // A hidden position on the hover card: its label and moves, no value.
      const card = await page.evaluate(() => {
        const { controller } = window.impartial;
        controller.pick(5, { x: 10, y: 10, sticky: true });
        return document.getElementById('hover-card').innerText;
      });
      assert.match(card, /^5 · not computed yet/);
      assert.match(card, /not computed yet\. It cannot be computed yet: its followers 4, 2 and 1 are not known\./);
      assert.doesNotMatch(card, /g = \d/);
      const n = await stepThrough(page, { board: true });
      assert.equal(n, 13);
      // The last step: the start, heap 12 (g = g(5) = 3 for {1, 3, 4}: period 7, 0 1 0 1 2 3 2).
      const last = await panel(page);
      assert.equal(last.position, '12');
      assert.equal(last.grundy, '3');
      assert.match(await page.locator('#steps-counter').innerText(), /^Position 13 of 13: 12$/);
      assert.match(page.url(), /&mode=steps&step=13$/);
    });
  });

  test('Chomp (not a heap game) on its board, and misère Nim by the outcome rule', async () => {
    await withPage('#game=chomp&rows=2&cols=3&mode=steps', async (page) => {
      await stepThrough(page, { board: true });
      assert.equal(await page.locator('#steps-board').getAttribute('data-kind'), 'chomp');
    });
    await withPage('#game=nim&heaps=1,2,2&play=misere&mode=steps', async (page) => {
      await stepThrough(page, { board: true });
      assert.match(await page.locator('#steps-mex').innerText(), /→ [PN]$/);
    });
  });

  test('finish, back, reset and the keys; the step is kept in the link and restored from it', async () => {
    await withPage('#game=subtraction&moves=1,2&heap=6&mode=steps', async (page) => {
      await page.click('#steps-finish');
      assert.equal((await atStep(page, 7)).revealed, '7');
      assert.equal(await page.evaluate(() => window.impartial.graphView.numbersDrawn), 7);
      await page.click('#steps-back');
      await page.click('#steps-back');
      const shown = await atStep(page, 5);
      assert.equal(shown.position, '4');
      await page.waitForFunction(() => location.hash.endsWith('&mode=steps&step=5'));
      await page.keyboard.press('ArrowRight');
      await atStep(page, 6);
      await page.keyboard.press('ArrowLeft');
      await atStep(page, 5);
      // The link, opened afresh, shows the same step.
      const link = page.url();
      await page.goto('about:blank');
      await page.goto(link);
      await page.waitForFunction(() => document.body.dataset.state === 'ready');
      const restored = await atStep(page, 5);
      assert.equal(restored.position, '4');
      assert.equal(restored.grundy, '1');
      assert.equal(await page.evaluate(() => window.impartial.graphView.numbersDrawn), 5);
      await page.keyboard.press('Home');
      await atStep(page, 0);
      await page.keyboard.press('End');
      await atStep(page, 7);
      await page.click('#steps-reset');
      assert.equal((await atStep(page, 0)).position, '');
      // Step 0 says where the order starts: heap 0, the one position with no moves.
      assert.match(await page.locator('#steps-words').innerText(), /each position’s followers are known when its turn comes\. The first position has no moves\. /);
      assert.equal(await page.evaluate(() => window.impartial.graphView.numbersDrawn), 0);
      // Leaving the mode shows every value again; the link forgets the step.
      await page.click('#mode-learn');
      await page.waitForFunction(() => !location.hash.includes('step='));
      await page.evaluate(() => window.impartial.graphView.draw(true));
      assert.equal(await page.evaluate(() => window.impartial.graphView.numbersDrawn), 7);
      assert.equal(await page.locator('#steps-panel').isVisible(), false);
    });
  });

  test('play reveals one position after another until paused', async () => {
    await withPage('#game=subtraction&moves=1,2&heap=6&mode=steps&step=1', async (page) => {
      await page.click('#steps-play');
      assert.equal((await panel(page)).playing, 'true');
      await page.waitForFunction(() => Number(document.getElementById('steps-panel').dataset.step) >= 3, null, { timeout: 10_000 });
      await page.click('#steps-play');
      const paused = await panel(page);
      assert.equal(paused.playing, 'false');
      assert.equal(await page.locator('#steps-play').getAttribute('aria-pressed'), 'false');
      // Play from the end starts again from nothing revealed.
      await page.click('#steps-finish');
      await atStep(page, 7);
      await page.click('#steps-play');
      assert.equal((await panel(page)).step, '0');
      await page.click('#steps-play');
    });
  });

  test('the teacher’s example opens in step-by-step mode; another game built starts from step 0', async () => {
    await withPage('#game=nim&heaps=2,2&mode=steps&step=5', async (page) => {
      await atStep(page, 5);
      // Built while playing: play stops, and nothing reads the old game.
      await page.click('#steps-play');
      await page.selectOption('#preset', 'game=subtraction&moves=1,3,4&heap=10');
      await page.waitForFunction(() => document.getElementById('game-spec').textContent.startsWith('game=subtraction&moves=1,3,4&heap=10'));
      const shown = await atStep(page, 0);
      assert.equal(shown.positions, '11');
      assert.equal(shown.playing, 'false');
      assert.equal(await page.locator('#notice').isVisible(), false);
      await page.waitForFunction(() => location.hash.endsWith('&mode=steps&step=0'));
      await page.click('#mode-learn');
      await page.selectOption('#preset', 'game=subtraction&moves=1,3,4&heap=10');
      await page.waitForFunction(() => document.getElementById('mode-steps').getAttribute('aria-pressed') === 'true');
    });
  });

  test('a bad step in the link is a notice: not a number gives step 0, too large the last step', async () => {
    await withPage('#game=subtraction&moves=1,2&heap=6&mode=steps&step=two', async (page) => {
      assert.match(await page.locator('#notice').innerText(), /'two' is not a valid value for step: use a whole number.*Using step=0\./);
      assert.equal((await atStep(page, 0)).revealed, '0');
    });
    await withPage('#game=subtraction&moves=1,2&heap=6&mode=steps&step=50', async (page) => {
      assert.match(await page.locator('#notice').innerText(), /step='50' is more than the 7 positions of .*: use 0 to 7\. Showing every value \(step 7\)\./);
      assert.equal((await atStep(page, 7)).revealed, '7');
      await page.waitForFunction(() => location.hash.endsWith('&step=7'));
    });
  });

  test('a big game: finish at once, the followers list capped with the rest counted', async () => {
    await withPage('#game=nim&heaps=12,12,12&mode=steps', async (page) => {
      const n = await page.evaluate(() => window.impartial.controller.session.n);
      assert.equal(n, 2197);
      const ms = await page.evaluate(() => {
        const t0 = performance.now();
        document.getElementById('steps-finish').click();
        return performance.now() - t0;
      });
      const shown = await atStep(page, n);
      assert.ok(ms < 200, `finish took ${ms} ms`);
      // The last id is the start, 12,12,12, with 36 moves: 24 listed and "and 12 more".
      assert.equal(shown.position, '12,12,12');
      assert.equal(shown.followers.split(' ').length, 36);
      assert.equal(await page.locator('#steps-followers li[data-id]').count(), 24);
      assert.equal(await page.locator('#steps-followers li.more').innerText(), 'and 12 more (their values are in the set above)');
      assert.equal(shown.grundy, String(12 ^ 12 ^ 12));
    });
  });

  test('a graph with cycles has no step-by-step mode, and the page says why', async () => {
    await withPage('#game=graph&edges=a-b,b-a,b-c&root=a&mode=steps', async (page) => {
      assert.match(await page.locator('#notice').innerText(), /has cycles.*no step-by-step mode/);
      assert.equal(await page.locator('#mode-steps').isDisabled(), true);
      assert.equal(await page.locator('#steps-panel').isVisible(), false);
      assert.match(await page.locator('#cyclic-note').innerText(), /step by step needs an order in which every follower comes first/);
    });
  });

  test('presentation mode: the mex line is large, on a phone too', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await withPage('#game=subtraction&moves=1,3,4&heap=10&mode=steps&step=6&present=1', async (page) => {
        await atStep(page, 6);
        const size = await page.evaluate(() => parseFloat(getComputedStyle(document.getElementById('steps-mex')).fontSize));
        assert.ok(size >= 22, `mex line at ${size}px`);
        // Nothing of the panel runs off the side.
        const overflow = await page.evaluate(() => document.getElementById('steps-panel').scrollWidth - document.getElementById('steps-panel').clientWidth);
        assert.ok(overflow <= 0, `the panel overflows by ${overflow}px`);
      }, { viewport });
    }
  });
});

test("Wythoff's board in step by step: each value computed stands on its square, the zeros marked", async () => {
  await withPage('#game=wythoff&heaps=5,8&mode=steps&step=30&paused=1', async (page) => {
    const read = () =>
      page.evaluate(() => {
        const s = window.impartial.controller.session;
        const { grundy } = s.views();
        const label = new Map(Array.from({ length: s.n }, (_, id) => [s.label(id), id]));
        return [...document.querySelectorAll('#steps-board rect.square[data-part]')].map((square) => ({
          part: square.dataset.part,
          p: square.dataset.p === 'true',
          shown: square.nextElementSibling?.classList.contains('square-value') ? square.nextElementSibling.textContent : null,
          value: grundy[label.get(square.dataset.part)],
        }));
      });
    let squares = await read();
    assert.equal(squares.length, 54);
    assert.equal(squares.filter((q) => q.shown !== null).length, 30, 'the 30 positions computed, no more');
    for (const q of squares.filter((q) => q.shown !== null)) {
      assert.equal(q.shown, String(q.value), `(${q.part})`);
      assert.equal(q.p, q.value === 0, `(${q.part}) marked iff its value is 0`);
    }
    await page.click('#steps-finish');
    await page.waitForFunction(() => document.getElementById('steps-counter').textContent.startsWith('Position 54'));
    squares = await read();
    assert.ok(squares.every((q) => q.shown === String(q.value) && q.p === (q.value === 0)), 'all 54 squares, zeros marked');
    // Wythoff's P-positions on the 6 × 9 board: (0,0), (1,2), (2,1), (3,5), (5,3), (4,7).
    assert.deepEqual(squares.filter((q) => q.p).map((q) => q.part).sort(), ['0,0', '1,2', '2,1', '3,5', '4,7', '5,3']);
  });
});
