// Browser tests of the families the core walks as positions and draws with generic boards:
// Cram (a grid of cells), Green Hackenbush (sticks on the ground) and Moore's Nim (heaps), in
// play (a whole game by board clicks), steps, quiz and puzzle modes. Whole games through the
// list and the board for every family are in play.test.mjs. They wait for what the page exposes
// (data attributes), never for time.
// Run: node --test tests/browser/walked-families.test.mjs

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserHarness } from './harness.mjs';

const withPage = browserHarness();

const GAMES = [
  { spec: 'game=cram&rows=2&cols=3', kind: 'cells' },
  { spec: 'game=hackenbush&edges=0-1,1-2,1-3,0-4,4-4', kind: 'sticks' },
  { spec: 'game=moore&heaps=2,3,1&k=2', kind: 'heaps' },
];

const ready = (page) => page.waitForFunction(() => document.body.dataset.state === 'ready');
const kindOf = (page, id) => page.locator(`#${id}`).getAttribute('data-kind');

/** The first click of a move the board offers now in `#id`, and the key it names. */
const legalKey = (page, id) =>
  page.evaluate((id) => document.querySelector(`#${id} .legal[data-key]`)?.dataset.key ?? null, id);

describe('walked families on their boards', () => {
  for (const { spec, kind } of GAMES) {
    test(`${spec}: a whole game by board clicks against the random player`, async () => {
      await withPage(`#${spec}&mode=play&opponent=random&first=person`, async (page) => {
        await ready(page);
        assert.equal(await kindOf(page, 'board'), kind);
        for (let plies = 0; plies < 40; plies++) {
          await page.waitForFunction(() => ['person', 'over'].includes(document.getElementById('play-status').dataset.turn));
          if ((await page.locator('#play-status').getAttribute('data-turn')) === 'over') break;
          const before = Number(await page.locator('#play-status').getAttribute('data-plies'));
          // A move is one or two clicks: click what the board marks legal until the move is made.
          for (let clicks = 0; clicks < 2; clicks++) {
            const key = await legalKey(page, 'board');
            assert.ok(key, `${spec}: the board offers a move at ply ${before}`);
            await page.click(`#board [data-key="${key}"]`);
            const moved = await page.evaluate((b) => Number(document.getElementById('play-status').dataset.plies) > b, before);
            if (moved) break;
          }
          await page.waitForFunction((b) => Number(document.getElementById('play-status').dataset.plies) > b, before);
        }
        assert.equal(await page.locator('#play-status').getAttribute('data-turn'), 'over');
        assert.ok(await page.locator('#play-status').getAttribute('data-winner'));
      });
    });

    test(`${spec}: steps to the end, a quiz question and a puzzle answered on the board`, async () => {
      await withPage(`#${spec}&mode=steps`, async (page) => {
        await ready(page);
        const n = await page.evaluate(() => window.impartial.controller.session.n);
        await page.click('#steps-finish');
        await page.waitForFunction((n) => document.getElementById('steps-panel').dataset.step === String(n), n);
        assert.equal(await kindOf(page, 'steps-board'), kind);
      });
      await withPage(`#${spec}&mode=quiz&paused=1`, async (page) => {
        await ready(page);
        await page.waitForFunction(() => (document.getElementById('quiz-panel').dataset.position ?? '') !== '');
        assert.equal(await kindOf(page, 'quiz-board'), kind);
      });
      await withPage(`#${spec}&mode=puzzle&paused=1`, async (page) => {
        await ready(page);
        await page.waitForFunction(() => (document.getElementById('puzzle-panel').dataset.position ?? '') !== '');
        assert.equal(await kindOf(page, 'puzzle-board'), kind);
        // Answer by the board: one or two clicks on what it marks legal.
        for (let clicks = 0; clicks < 2; clicks++) {
          if ((await page.locator('#puzzle-panel').getAttribute('data-result')) !== '') break;
          const key = await legalKey(page, 'puzzle-board');
          if (!key) break; // a P-position with no move the board offers: answered from the list
          await page.click(`#puzzle-board [data-key="${key}"]`);
        }
        if ((await page.locator('#puzzle-panel').getAttribute('data-result')) === '') await page.click('#puzzle-none');
        await page.waitForFunction(() => ['right', 'wrong'].includes(document.getElementById('puzzle-panel').dataset.result));
      });
    });
  }
});
