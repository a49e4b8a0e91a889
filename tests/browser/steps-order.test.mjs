// Browser tests of step by step in an order the student picks: on a subtraction game whose two
// smallest heaps have no moves, positions are picked on the graph and from the list of those
// computable, each revealed value checked against the core's and the mex of the values shown;
// a pick with an unknown follower is refused with a notice naming it; Back undoes the last pick;
// the order is kept in the link and restored from it; a link whose order names a position not
// computable at that point gets a notice and the order up to there. They wait for what the page
// exposes (data attributes), never for time.
// Run: node --test tests/browser/

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserHarness, clickOnGraph } from './harness.mjs';

const withPage = browserHarness();

const GAME = '#game=subtraction&moves=2,3&heap=9&mode=steps';

const panel = (page) => page.evaluate(() => ({ ...document.getElementById('steps-panel').dataset }));

function mexOf(values) {
  for (let g = 0; ; g++) if (!values.includes(g)) return g;
}

/** After a pick of `label`: the panel shows it, with the core's followers and value. */
async function checkRevealed(page, label, order) {
  await page.waitForFunction((order) => document.getElementById('steps-panel').dataset.order === order, order);
  const shown = await panel(page);
  const core = await page.evaluate((label) => {
    const s = window.impartial.controller.session;
    const id = s.find(label);
    return { id, position: s.inner.position(id), moves: s.inner.moves(id) };
  }, label);
  assert.equal(shown.position, label);
  assert.equal(shown.id, String(core.id));
  assert.deepEqual(shown.followers === '' ? [] : shown.followers.split(' ').map(Number), core.moves.map((m) => m.to));
  const values = shown.mexOf === '' ? [] : shown.mexOf.split(',').map(Number);
  assert.deepEqual(values, core.moves.map((m) => m.grundy));
  assert.equal(Number(shown.grundy), mexOf(values), `g(${label}) is the mex of the values shown`);
  assert.equal(Number(shown.grundy), core.position.grundy, `g(${label}) is the core's`);
  assert.match(await page.locator('#steps-mex').innerText(), new RegExp(`^g\\(${label}\\) = mex\\{.*\\} = ${core.position.grundy}$`));
  assert.equal(shown.refused, '');
}

describe('step by step in any order', () => {
  test('a non-default order picked on the graph and from the list, a refused pick, Back, and the link', async () => {
    await withPage(GAME, async (page) => {
      // From 9, heaps 0 to 7 and 9 (not 8). Heaps 0 and 1 have no moves: both can be computed first; the page's next is 0.
      let shown = await panel(page);
      assert.equal(shown.computable, '0 1');
      assert.equal(shown.next, '0');
      assert.equal(await page.locator('#steps-choices button.next').innerText(), '0 (next in order)');
      assert.match(await page.locator('#steps-words').innerText(), / The first 2 positions have no moves\. /);
      // A refused pick: 5 needs 3 and 2, neither known.
      await clickOnGraph(page, '5');
      await page.waitForFunction(() => document.getElementById('steps-panel').dataset.refused === '5');
      assert.equal(await page.locator('#steps-refused').innerText(), '5 cannot be computed yet: its followers 3 and 2 are not known. Compute them first.');
      assert.equal((await panel(page)).revealed, '0');
      // 1 first (on the graph), then 0 (from the list), then 3 and 2 from the list, 5 on the graph.
      await clickOnGraph(page, '1');
      await checkRevealed(page, '1', '1');
      assert.match(page.url(), /&step=1&order=1$/);
      await page.click('#steps-choices button[data-id="0"]');
      await checkRevealed(page, '0', '1 0');
      await page.click('#steps-choices button[data-id="3"]');
      await checkRevealed(page, '3', '1 0 3');
      // 4 needs 2 (and 1): refused, naming 2 only.
      await clickOnGraph(page, '4');
      await page.waitForFunction(() => document.getElementById('steps-panel').dataset.refused === '4');
      assert.match(await page.locator('#steps-refused').innerText(), /^4 cannot be computed yet: its follower 2 is not known\./);
      await page.click('#steps-choices button[data-id="2"]');
      await checkRevealed(page, '2', '1 0 3 2');
      await clickOnGraph(page, '5');
      await checkRevealed(page, '5', '1 0 3 2 5');
      assert.match(await page.locator('#steps-counter').innerText(), /^Position 5 of 9 \(in your order\): 5$/);
      assert.equal(await page.evaluate(() => window.impartial.graphView.numbersDrawn), 5);
      await page.waitForFunction(() => location.hash.endsWith('&step=5&order=1~0~3~2~5'));
      // Back undoes the last pick (5), not the highest id.
      await page.click('#steps-back');
      await page.waitForFunction(() => document.getElementById('steps-panel').dataset.order === '1 0 3 2');
      assert.equal((await panel(page)).position, '2');
      await page.waitForFunction(() => location.hash.endsWith('&order=1~0~3~2'));
      // Step ▶ goes on in the page's order: the least id not known, 4.
      await page.click('#steps-step');
      await checkRevealed(page, '4', '1 0 3 2 4');
      // The link, opened afresh, restores the same revealed set in the same order.
      const link = page.url();
      await page.goto('about:blank');
      await page.goto(link);
      await page.waitForFunction(() => document.body.dataset.state === 'ready');
      shown = await panel(page);
      assert.equal(shown.order, '1 0 3 2 4');
      assert.equal(shown.position, '4');
      assert.equal(await page.locator('#notice').isVisible(), false);
      await page.evaluate(() => window.impartial.graphView.draw(true));
      assert.equal(await page.evaluate(() => window.impartial.graphView.numbersDrawn), 5);
      // The hover card says why a hidden position cannot be computed yet.
      const card = await page.evaluate(() => {
        const { controller } = window.impartial;
        controller.card.pick(controller.session.find('7'), { x: 10, y: 10, sticky: false });
        return document.getElementById('hover-card').innerText;
      });
      assert.match(card, /It cannot be computed yet: its follower 5 is not known/);
      // Back to the page's order: the link needs only the step.
      await page.click('#steps-reset');
      await page.click('#steps-step');
      await page.click('#steps-step');
      await page.waitForFunction(() => location.hash.endsWith('&mode=steps&step=2'));
    });
  });

  test('a link whose order names a position not computable by then: a notice and the order up to there', async () => {
    await withPage(`${GAME}&order=1~5~0`, async (page) => {
      assert.equal(
        await page.locator('#notice').innerText(),
        "order: '5' cannot be computed after the positions before it: its follower '3' is not known by then. Showing the first 1 position of the order.",
      );
      const shown = await panel(page);
      assert.equal(shown.order, '1');
      assert.equal(shown.position, '1');
      await page.waitForFunction(() => location.hash.endsWith('&step=1&order=1'));
    });
    await withPage(`${GAME}&order=0~zz`, async (page) => {
      assert.match(await page.locator('#notice').innerText(), /^order: 'zz' is not a position of this game\. Showing the first 1 position of the order\.$/);
      assert.equal((await panel(page)).order, '0');
    });
    await withPage(`${GAME}&order=0~0`, async (page) => {
      assert.match(await page.locator('#notice').innerText(), /^order: '0' is given twice\./);
    });
    await withPage(`${GAME}&order=4`, async (page) => {
      assert.match(await page.locator('#notice').innerText(), /follower '2' is not known by then\. Nothing is revealed\.$/);
      assert.equal((await panel(page)).revealed, '0');
    });
  });
});
