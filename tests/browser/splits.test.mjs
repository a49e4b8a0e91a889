// Boards of the heap games that split heaps (Grundy's game, Lasker's Nim) in headless Chromium:
// a click on a counter cuts its heap there, the board says so rather than "take", and the move
// made is the split. Waits for what the page exposes (`#play-status` data-turn and data-plies).
// Run: node --test tests/browser/

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserHarness, pliesReached } from './harness.mjs';

const withPage = browserHarness();

describe('boards that split heaps', () => {
  test("Grundy's game: a click on counter 3 of a heap of 7 splits it into 4 and 3", async () => {
    await withPage('#game=grundy&heaps=7&mode=play&paused=1&opponent=random&seed=3', async (page) => {
      await pliesReached(page, 0);
      assert.equal(await page.getAttribute('#board', 'data-kind'), 'splits');
      const help = await page.locator('#board .board-help').innerText();
      assert.match(help, /cut its heap in two/);
      assert.doesNotMatch(help, /taken/);
      assert.equal(await page.locator('#board [data-key="h7:3"] title').textContent(), 'split this heap into 3 and 4');
      await page.click('#board [data-key="h7:3"]');
      await pliesReached(page, 1);
      const made = await page.evaluate(() => {
        const { modes, session } = window.impartial.controller;
        return modes.get('play').view.history.map((id) => session.label(id));
      });
      assert.deepEqual(made.slice(0, 2), ['7', '4,3']);
    });
  });

  test("Lasker's Nim: the board says a click takes or splits", async () => {
    await withPage('#game=lasker&heaps=5,3&mode=play&paused=1', async (page) => {
      await pliesReached(page, 0);
      assert.match(await page.locator('#board .board-help').innerText(), /taken, or the heap is cut in two/);
      assert.equal(
        await page.locator('#board [data-key="h5:2"] title').textContent(),
        'take 3 from this heap (leaving 2), or split this heap into 2 and 3',
      );
    });
  });
});
