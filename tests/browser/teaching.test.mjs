// Browser tests of the page as a teaching instrument: boards that take the move pointed at
// (equal heaps, pins), one focused view per mode (the learner stands still outside its own),
// presentation mode (large type, the teaching panel on the first screen, a share link without
// present=1), phones (one finger scrolls the page over the graph) and a slow start (the linked
// mode's tab before the core has loaded). They wait for what the page exposes, never for time.
// Run: node --test tests/browser/teaching.test.mjs

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserHarness } from './harness.mjs';

const withPage = browserHarness();

/** Waits until the play panel has `plies` moves and the person may move (or the game is over). */
async function plies(page, n) {
  await page.waitForFunction((k) => {
    const s = document.getElementById('play-status');
    return Number(s.dataset.plies) === k && ['person', 'over'].includes(s.dataset.turn);
  }, n);
  return page.evaluate(() => document.getElementById('play-status').dataset.position);
}

describe('boards take the move pointed at', () => {
  test('Nim 2,3,3: the last counter of the third heap takes from the third heap, not the second', async () => {
    await withPage('#game=nim&heaps=2,3,3&mode=play&opponent=person&paused=1', async (page) => {
      await plies(page, 0);
      await page.click('#board [data-part="2:2"]');
      assert.equal(await plies(page, 1), '2,3,2');
      await page.click('#board [data-part="1:0"]');
      assert.equal(await plies(page, 2), '2,0,2');
      // The rules and who wins, in words, above the board.
      assert.match(await page.locator('#board .board-rules').innerText(), /Take any number of counters.*whoever makes the last move wins/s);
    });
  });

  test('Kayles: pins are knocked down where they are clicked, one or two at a time', async () => {
    await withPage('#game=octal&code=0.77&heaps=10&mode=play&opponent=person&paused=1', async (page) => {
      await plies(page, 0);
      assert.equal(await page.locator('#board').getAttribute('data-kind'), 'pins');
      assert.match(await page.locator('#board .board-rules').innerText(), /Knock down pins in one row: 1 pin .* or 2 adjacent pins/);
      await page.click('#board [data-part="0:1"]'); // pin 1 of 10: rows of 8 and 1
      assert.equal(await plies(page, 1), '8,1');
      await page.click('#board .take-bar button[data-take="2"]');
      await page.waitForSelector('#board .take-bar button[data-take="2"][aria-pressed="true"]');
      await page.click('#board [data-part="0:3"]'); // pins 3 and 4 of 8: rows of 3 and 3
      assert.equal(await plies(page, 2), '3,3,1');
      await page.click('#board .take-bar button[data-take="1"]');
      await page.click('#board [data-part="1:1"]'); // the middle pin of the second row of 3
      assert.equal(await plies(page, 3), '3,1,1,1');
    });
  });
});

describe('one focused view per mode', () => {
  test('the learner runs only in its own mode: its clock stands still elsewhere and goes on when it is back', async () => {
    await withPage('#game=chomp&rows=4&cols=4&mu=20&gamma=0.03&speed=1', async (page) => {
      const generation = () => page.evaluate(() => Number(window.impartial.controller.session.generation()));
      await page.waitForFunction(() => window.impartial.controller.session.generation() >= 3);
      for (const mode of ['play', 'duel', 'steps', 'experiment']) {
        await page.click(`#mode-${mode}`);
        await page.waitForFunction((m) => document.body.dataset.mode === m, mode);
        assert.equal(await page.isVisible('#chart'), false, `no chart in ${mode}`);
        assert.equal(await page.isVisible('#controls-panel'), false, `no learner panel in ${mode}`);
        const before = await generation();
        // Frames go by (the graph's frame loop counts them); the learner's clock does not move.
        const frames = await page.evaluate(() => window.impartial.controller.frameTimes.length);
        await page.evaluate(() => new Promise((done) => {
          let n = 0;
          const tick = () => (++n >= 30 ? done() : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }));
        assert.equal(await generation(), before, `the learner stands still in ${mode}`);
        assert.equal(await page.evaluate(() => window.impartial.controller.frameTimes.length), frames);
      }
      await page.click('#mode-learn');
      const back = await generation();
      await page.waitForFunction((g) => window.impartial.controller.session.generation() > g, back);
      assert.equal(await page.isVisible('#chart'), true);
    });
  });

  test('the title and the tabs come from the mode table; the share link leaves presentation out', async () => {
    await withPage('#game=nim&heaps=2,3,3&mode=play&present=1&paused=1', async (page) => {
      assert.match(await page.title(), /^Impartial games/);
      const tabs = await page.$$eval('#mode-tab-list button', (bs) => bs.map((b) => b.id));
      assert.deepEqual(tabs, ['mode-learn', 'mode-play', 'mode-duel', 'mode-steps', 'mode-experiment']);
      assert.match(await page.evaluate(() => location.hash), /present=1/);
      const link = await page.inputValue('#share-link');
      assert.match(link, /mode=play/);
      assert.doesNotMatch(link, /present=/);
      await page.waitForFunction(() => document.getElementById('qr').dataset.link);
      assert.doesNotMatch(await page.getAttribute('#qr', 'data-link'), /present=/);
      // The QR code enlarged to most of the screen.
      await page.click('#qr-enlarge');
      const box = await page.locator('#qr-large').boundingBox();
      assert.ok(box.height >= 0.7 * 1000, `the large QR code is ${box.height} px high`);
      await page.keyboard.press('Escape');
    });
  });
});
