// Browser tests of "two positions side by side" (www/modes/compare.js): each position's Grundy
// value is the core's (the positions table), their sum's value is the XOR, and the same sum built
// by the core as one game (its own graph, values by the mex) has that value at its start. The
// positions come from the link, the fields and taps on the graph; a bad label is refused with a
// sentence. They wait for what the page exposes (data attributes), never for time.
// Run: node --test tests/browser/

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserHarness, clickOnGraph } from './harness.mjs';

const withPage = browserHarness();

const panel = (page) => page.evaluate(() => ({ ...document.getElementById('compare-panel').dataset }));

/** Waits until the panel shows `left` and `right`. */
const shows = (page, left, right) =>
  page.waitForFunction(([l, r]) => {
    const d = document.getElementById('compare-panel')?.dataset;
    return d && d.left === l && d.right === r;
  }, [left, right]);

/** The positions table's Grundy value of `label` (the core's analysis). */
const tableGrundy = (page, label) => page.getAttribute(`#positions-table tr[data-label="${label}"]`, 'data-grundy');

/** The start's Grundy value of `spec` built by the core as a game of its own. */
const coreStart = (page, spec) =>
  page.evaluate(async (spec) => {
    const { GameSession } = await import('./www/core.js');
    const s = new GameSession(spec);
    const g = s.info.root_grundy;
    s.free();
    return g;
  }, spec);

describe('two positions side by side', () => {
  for (const { game, part, left, right } of [
    { game: 'game=nim&heaps=3,5,6', part: (l) => `nim(heaps=${l})`, left: '1,2,3', right: '3,0,6' },
    { game: 'game=subtraction&moves=1,3,4&heap=20', part: (l) => `subtraction(moves=1,3,4;heap=${l})`, left: '7', right: '18' },
    { game: 'game=chomp&rows=3&cols=4', part: null, left: null, right: null },
  ]) {
    test(`${game}: the values are the core's and the sum's is their XOR, as the core builds the sum`, async () => {
      const hash = left ? `#${game}&mode=compare&left=${left}&right=${right}&paused=1` : `#${game}&mode=compare&paused=1`;
      await withPage(hash, async (page) => {
        const start = await page.evaluate(() => window.impartial.controller.session.info.root_label);
        const [l, r] = left ? [left, right] : [start, start];
        await shows(page, l, r);
        const d = await panel(page);
        assert.equal(d.leftGrundy, await tableGrundy(page, l));
        assert.equal(d.rightGrundy, await tableGrundy(page, r));
        assert.equal(Number(d.sum), Number(d.leftGrundy) ^ Number(d.rightGrundy));
        assert.equal(d.outcome, d.sum === '0' ? 'P' : 'N');
        assert.equal(await page.locator('#compare-sum').innerText(), `g(A + B) = g(A) ⊕ g(B) = ${d.leftGrundy} ⊕ ${d.rightGrundy} = ${d.sum}`);
        assert.match(await page.locator('#compare-words').innerText(), /Sprague–Grundy/);
        if (part) assert.equal(await coreStart(page, `game=sum&parts=${part(l)}+${part(r)}`), Number(d.sum), 'the sum built as one game');
        else assert.equal(d.sum, '0', 'G + G = 0');
        // The link keeps the two positions (none written when both are the start).
        const params = new URLSearchParams(await page.evaluate(() => location.hash.slice(1)));
        assert.equal(params.get('mode'), 'compare');
        assert.equal(params.get('left'), left);
        assert.equal(params.get('right'), right);
      });
    });
  }

  test('a position typed, a bad label refused, taps on the graph set A then B, and the link follows', async () => {
    await withPage('#game=nim&heaps=2,3&mode=compare&paused=1', async (page) => {
      await shows(page, '2,3', '2,3');
      await page.fill('#compare-right', '1,3');
      await page.press('#compare-right', 'Enter');
      await shows(page, '2,3', '1,3');
      assert.equal((await panel(page)).sum, String((2 ^ 3) ^ (1 ^ 3)));
      await page.waitForFunction(() => location.hash.includes('right=1,3') || location.hash.includes('right=1%2C3'));
      await page.fill('#compare-left', 'nine');
      await page.press('#compare-left', 'Enter');
      await page.waitForFunction(() => document.getElementById('compare-error').textContent !== '');
      assert.match(await page.locator('#compare-error').innerText(), /^'nine' is not a position of game=nim&heaps=2,3/);
      // Taps on the graph: A, then B.
      for (const [label, want] of [['0,1', ['0,1', '1,3']], ['2,0', ['0,1', '2,0']]]) {
        await clickOnGraph(page, label);
        await shows(page, ...want);
      }
      assert.equal((await panel(page)).sum, String(1 ^ 2));
    });
  });

  test('a link naming no position of the game: a notice, and the start', async () => {
    await withPage('#game=nim&heaps=2,3&mode=compare&left=9,9&paused=1', async (page) => {
      await shows(page, '2,3', '2,3');
      assert.match(await page.locator('#notice').innerText(), /left='9,9' is not a position of game=nim&heaps=2,3/);
    });
  });

  test('misère play: no XOR, and the panel says why', async () => {
    await withPage('#game=nim&heaps=2,3&play=misere&mode=compare&right=1,1&paused=1', async (page) => {
      await shows(page, '2,3', '1,1');
      const d = await panel(page);
      assert.deepEqual([d.sum, d.leftGrundy, d.rightGrundy], ['', '', '']);
      assert.match(await page.locator('#compare-words').innerText(), /misère play .* values do not add/);
    });
  });
});
