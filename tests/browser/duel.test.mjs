// Browser tests of strategies mode (Benford & Lehre §1–§2) in headless Chromium: two
// strategies play each other from the start, both ways round, checked against a brute force of
// the paper's recursive payoff written here for subtraction games; the intransitive cycle found
// by search is checked the same way; x=, y= links replay; bad values get notices and a working
// page. They wait for what the page exposes (data attributes), never for time.
// Run: node --test tests/browser/

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserHarness } from './harness.mjs';

const withPage = browserHarness();

/**
 * f^v(x, y) of Benford & Lehre §2 for a subtraction game, literally: strategy strings give the amount
 * taken at heap i (entry i − 1); −f^{v − x(v)}(y, x) with a move, −1 without (normal play).
 */
function payoff(heap, x, y, amounts) {
  if (!amounts.some((a) => a <= heap)) return -1;
  return -payoff(heap - Number(x[heap - 1]), y, x, amounts);
}

const duel = (page) =>
  page.evaluate(() => {
    const d = document.getElementById('duel-panel').dataset;
    return { x: d.x, y: d.y, xFirstWinner: d.xFirstWinner, yFirstWinner: d.yFirstWinner, ply: d.ply, game: d.game, error: d.error, cycle: d.cycle };
  });

const NIM27 = '#game=subtraction&moves=1,2&heap=6';

describe('strategies mode', () => {
  test('the paper’s play: 122111 against 122122 goes 6 → 5 → 3 → 1 → 0 and y wins (Benford & Lehre §1)', async () => {
    await withPage(`${NIM27}&mode=duel&x=122111&y=122122`, async (page) => {
      await page.waitForFunction(() => document.getElementById('duel-panel').dataset.x === '122111');
      assert.equal(await page.locator('#duel-panel').isVisible(), true);
      const d = await duel(page);
      assert.equal(d.xFirstWinner, 'y');
      // The board shows the end of the play x started; stepping back walks the path.
      assert.equal(await page.locator('#duel-board').getAttribute('data-position'), '0');
      const seen = [];
      for (let i = 4; i >= 0; i -= 1) {
        await page.waitForFunction((n) => document.getElementById('duel-panel').dataset.ply === String(n), i);
        seen.unshift(await page.locator('#duel-board').getAttribute('data-position'));
        if (i > 0) await page.click('#duel-back');
      }
      assert.deepEqual(seen, ['6', '5', '3', '1', '0']);
      const text = await page.locator('[data-duel-game="x"]').innerText();
      assert.match(text, /after 4 moves x is at 0 with no move, and the player who cannot move loses: y wins/);
      assert.match(text, /x never had a winning move/);
      assert.match(await page.locator('#duel-grammar').innerText(), /6 entries \(one digit\).*amount taken/);
    });
  });

  test('picked and typed strategies play both ways round, as the recursive payoff says', async () => {
    await withPage(`${NIM27}&mode=duel`, async (page) => {
      await page.waitForFunction(() => document.getElementById('duel-panel').dataset.x !== undefined);
      const pairs = [];
      for (const [kx, ky] of [['perfect', 'first'], ['first', 'learned'], ['learned', 'perfect']]) {
        await page.click(`#duel-panel .buttons[data-for="x"] button[data-kind="${kx}"]`);
        await page.click(`#duel-panel .buttons[data-for="y"] button[data-kind="${ky}"]`);
        pairs.push(await duel(page));
      }
      await page.fill('#duel-x', '111121');
      await page.fill('#duel-y', '112211');
      await page.click('#duel-play');
      await page.waitForFunction(() => document.getElementById('duel-panel').dataset.y === '112211');
      pairs.push(await duel(page));
      for (const d of pairs) {
        assert.match(d.x, /^1[12]{5}$/);
        assert.equal(d.xFirstWinner, payoff(6, d.x, d.y, [1, 2]) === 1 ? 'x' : 'y', JSON.stringify(d));
        assert.equal(d.yFirstWinner, payoff(6, d.y, d.x, [1, 2]) === 1 ? 'y' : 'x', JSON.stringify(d));
      }
      // The start (6) is a P-position: the perfect strategy wins whenever it moves second.
      assert.equal(pairs[0].yFirstWinner, 'x');
      // The address replays the last play; the perfect strategy is kept as its word.
      assert.match(page.url(), /mode=duel&x=111121&y=112211$/);
      await page.click('#duel-panel .buttons[data-for="y"] button[data-kind="perfect"]');
      await page.waitForFunction(() => /&y=perfect$/.test(location.hash));
      const perfect = (await duel(page)).y;
      // The link, opened afresh, replays the same two strategies.
      const link = page.url();
      await page.goto('about:blank');
      await page.goto(link);
      await page.waitForFunction(() => document.body.dataset.state === 'ready');
      await page.waitForFunction((y) => document.getElementById('duel-panel').dataset.y === y, perfect);
      assert.equal((await duel(page)).x, '111121');
    });
  });

  test('the intransitive cycle is found by search and checked here: each beats the next whoever starts', async () => {
    await withPage(`${NIM27}&mode=duel`, async (page) => {
      await page.click('#duel-cycle');
      await page.waitForFunction(() => document.getElementById('duel-panel').dataset.cycle);
      const cycle = (await duel(page)).cycle.split(' ');
      assert.equal(cycle.length, 3);
      for (let i = 0; i < 3; i += 1) {
        const [a, b] = [cycle[i], cycle[(i + 1) % 3]];
        assert.equal(payoff(6, a, b, [1, 2]), 1, `${a} first against ${b}`);
        assert.equal(payoff(6, b, a, [1, 2]), -1, `${b} first against ${a}`);
      }
      // Through the paper's two intact strategies, with "12122" given back one digit.
      assert.deepEqual(cycle.slice(0, 2), ['111121', '122112']);
      const third = cycle[2];
      assert.ok([...Array(6).keys()].some((i) => third.slice(0, i) + third.slice(i + 1) === '12122'), third);
      const text = await page.locator('#duel-cycle-text').innerText();
      assert.match(text, /one was lost when the paper's text was extracted/);
      assert.match(text, /Playing every pair of this game's 32 strategies finds \d+ such cycles/);
      // "play it" plays a pair of the cycle; the graph shows the play (the address has it).
      await page.locator('#duel-cycle-text button').nth(1).click();
      await page.waitForFunction((y) => document.getElementById('duel-panel').dataset.y === y, cycle[2]);
      const d = await duel(page);
      assert.deepEqual([d.x, d.y, d.xFirstWinner, d.yFirstWinner], [cycle[1], cycle[2], 'x', 'x']);
    });
  });

  test('another game: strategies as move numbers, and a cycle search that says when there are too many', async () => {
    await withPage('#game=nim&heaps=1,2&mode=duel&x=first&y=perfect', async (page) => {
      await page.waitForFunction(() => document.getElementById('duel-panel').dataset.x !== undefined);
      const d = await duel(page);
      assert.match(d.x, /^1+$/);
      // Nim 1,2 starts at an N-position: the perfect strategy wins when it moves first.
      assert.equal(d.yFirstWinner, 'y');
    });
    await withPage('#game=subtraction&moves=1,2&heap=30&mode=duel', async (page) => {
      await page.click('#duel-cycle');
      await page.waitForFunction(() => document.getElementById('duel-panel').dataset.cycle === 'too-many');
    });
  });

  test('on a phone the four mode buttons stay on the screen (they wrap)', async () => {
    await withPage(
      `${NIM27}&mode=duel`,
      async (page) => {
        const width = await page.evaluate(() => document.documentElement.clientWidth);
        for (const id of ['mode-learn', 'mode-play', 'mode-duel', 'present']) {
          const box = await page.locator(`#${id}`).boundingBox();
          assert.ok(box.x >= 0 && box.x + box.width <= width, `${id} at ${box.x}+${box.width} of ${width}`);
        }
      },
      { width: 390, height: 844 },
    );
  });

  test('bad x, y and typed strategies: a notice naming what is allowed, and a working page', async () => {
    await withPage(`${NIM27}&mode=duel&x=12122&y=222111`, async (page) => {
      const notice = await page.locator('#notice').innerText();
      assert.match(notice, /Strategy x: .*'12122'.*6 entries.*x takes perfect, first, learned or a strategy as above\. Using x=perfect\./s);
      assert.match(notice, /Strategy y: .*at position 1 the entry '2' is not a legal move there \(legal: 1\).*Using y=first\./s);
      const d = await duel(page);
      assert.equal(d.xFirstWinner !== undefined, true);
      await page.fill('#duel-x', '1x2111');
      await page.click('#duel-play');
      await page.waitForFunction(() => document.getElementById('duel-panel').dataset.error === 'true');
      assert.match(await page.locator('#duel-error').innerText(), /Strategy x: /);
      await page.fill('#duel-x', '111111');
      await page.click('#duel-play');
      await page.waitForFunction(() => document.getElementById('duel-panel').dataset.x === '111111');
      assert.equal((await duel(page)).error, '');
    });
  });
});
