// Chromium: draw mode. A game drawn by pointer events (press, move, release) on the graph
// canvas; the spec in the game-spec box and the address after each edit, and the outcome
// colours drawn at each position against `impartial analyse` of the same spec; rename, delete,
// refused names and the drawing budget; by touch on a phone; the other modes on the drawn game.
// Run: node --test tests/browser/draw.test.mjs

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';

import { CLI, NEEDS_CLI, browserHarness } from './harness.mjs';

const withPage = browserHarness({ needs: [NEEDS_CLI] });

// The Okabe–Ito colours of graph-view.js: P blue, N orange, D yellow.
const RGB = { P: [0x00, 0x72, 0xb2], N: [0xe6, 0x9f, 0x00], D: [0xf0, 0xe4, 0x42] };

const spec = (page) => page.locator('#game-spec').textContent();
const panel = (page, key) => page.locator('#draw-panel').getAttribute(`data-${key}`);

/**
 * Where position `name` is drawn, in page coordinates (its node, or where it was placed). The
 * picture of the current drawing is made first: the screen positions are worked out when a
 * picture is drawn, and until the first one after an edit they are the previous game's, so a
 * drag aimed there (on a loaded machine, where that frame comes late) would miss once the frame
 * has come.
 */
async function at(page, name) {
  return page.evaluate((name) => {
    window.impartial.graphView.draw(true);
    const rect = document.getElementById('graph').getBoundingClientRect();
    const q = window.impartial.controller.draw.place(name);
    return { x: rect.left + q.x, y: rect.top + q.y };
  }, name);
}

/** A point of the canvas at fractions (fx, fy) of its size, in page coordinates. */
async function canvasPoint(page, fx, fy) {
  const box = await page.locator('#graph').boundingBox();
  return { x: box.x + fx * box.width, y: box.y + fy * box.height };
}

/** A press, a move in steps and a release: what a mouse or a finger does. */
async function drag(page, from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= 8; k++) await page.mouse.move(from.x + ((to.x - from.x) * k) / 8, from.y + ((to.y - from.y) * k) / 8);
  await page.mouse.up();
}

async function tap(page, p) {
  await page.mouse.click(p.x, p.y);
}

/** The colour drawn inside each position of the game shown, by label. */
async function drawnOutcomes(page) {
  return page.evaluate(() => {
    const { controller, graphView } = window.impartial;
    graphView.draw(true);
    const canvas = document.getElementById('graph');
    const ctx = canvas.getContext('2d');
    const dpr = canvas.width / canvas.clientWidth;
    const out = {};
    for (let id = 0; id < controller.session.n; id++) {
      const { x, y, r } = graphView.screenPosition(id);
      // Left of the value written in the middle, inside a square, a circle and a diamond alike.
      const px = ctx.getImageData(Math.round((x - 0.62 * r) * dpr), Math.round(y * dpr), 1, 1).data;
      out[controller.session.label(id)] = [px[0], px[1], px[2]];
    }
    return out;
  });
}

function analyse(game) {
  const report = JSON.parse(execFileSync(CLI, ['analyse', '--game', game, '--positions', '--json'], { encoding: 'utf8' }));
  return Object.fromEntries(report.nodes.map((n) => [n.label, n.outcome]));
}

async function checkColours(page) {
  const game = await spec(page);
  const outcomes = analyse(game);
  const drawn = await drawnOutcomes(page);
  assert.deepEqual(Object.keys(drawn).sort(), Object.keys(outcomes).sort(), 'the positions drawn are the CLI’s');
  const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 12);
  for (const [label, outcome] of Object.entries(outcomes)) {
    assert.ok(near(drawn[label], RGB[outcome]), `${game}: ${label} is ${outcome} but drawn as rgb(${drawn[label]})`);
  }
  return outcomes;
}

const waitSpec = (page, wanted) =>
  page.waitForFunction((wanted) => document.getElementById('game-spec').textContent === wanted && location.hash.includes(wanted.split('&play')[0]), wanted);

describe('draw mode', () => {
  test('a 4-position graph with a cycle drawn by pointer: the spec and the P/N/D colours follow each edit', async () => {
    await withPage('#game=nim&heaps=1,2&paused=1', async (page) => {
      await page.click('#draw-mode');
      assert.equal(await page.getAttribute('#draw-mode', 'aria-pressed'), 'true');
      // A small game of another family is drawn as its graph, its labels made names.
      assert.match(await spec(page), /^game=graph&edges=1_2-0_2,1_2-1_1,1_2-1_0,/);
      await page.click('#draw-new');
      await waitSpec(page, 'game=graph&edges=a-b&root=a&play=normal');

      // A tap on empty canvas: position c, not in the game until a move leads to it.
      await tap(page, await canvasPoint(page, 0.5, 0.2));
      assert.equal(await panel(page, 'positions'), '3');
      assert.equal(await panel(page, 'selected'), 'c');
      assert.equal(await panel(page, 'outside'), 'c');
      assert.equal(await spec(page), 'game=graph&edges=a-b&root=a&play=normal');

      await drag(page, await at(page, 'b'), await at(page, 'c'));
      await waitSpec(page, 'game=graph&edges=a-b,b-c&root=a&play=normal');
      assert.equal(await panel(page, 'outside'), '');
      await drag(page, await at(page, 'c'), await at(page, 'b'));
      await waitSpec(page, 'game=graph&edges=a-b,b-c,c-b&root=a&play=normal');
      // A drag from a to empty canvas: a new position d there, and the move.
      await drag(page, await at(page, 'a'), await canvasPoint(page, 0.5, 0.85));
      await waitSpec(page, 'game=graph&edges=a-b,a-d,b-c,c-b&root=a&play=normal');
      assert.equal(await panel(page, 'selected'), 'd');
      assert.deepEqual(await checkColours(page), { a: 'N', b: 'D', c: 'D', d: 'P' });

      // Rename d (selected by a tap), then a name the grammar refuses: a notice, nothing changes.
      await tap(page, await at(page, 'd'));
      await page.fill('#draw-name', 'sink_1');
      await page.press('#draw-name', 'Enter');
      await waitSpec(page, 'game=graph&edges=a-b,a-sink_1,b-c,c-b&root=a&play=normal');
      assert.equal(await panel(page, 'selected'), 'sink_1');
      await page.fill('#draw-name', 'my sink');
      await page.press('#draw-name', 'Enter');
      assert.equal(
        await page.locator('#notice').textContent(),
        "'my sink' cannot rename a position: a name is 1 to 32 letters, digits, '_' or '.'.",
      );
      assert.equal(await spec(page), 'game=graph&edges=a-b,a-sink_1,b-c,c-b&root=a&play=normal');
      await checkColours(page);

      // Delete the move a → sink_1 (tapped on its middle): sink_1 stays, out of the game.
      const middle = await page.evaluate(() => {
        const rect = document.getElementById('graph').getBoundingClientRect();
        const q = window.impartial.controller.draw.curve('a', 'sink_1')[8];
        return { x: rect.left + q.x, y: rect.top + q.y };
      });
      await tap(page, middle);
      assert.equal(await panel(page, 'selected'), 'a-sink_1');
      await page.click('#draw-delete');
      await waitSpec(page, 'game=graph&edges=a-b,b-c,c-b&root=a&play=normal');
      assert.equal(await panel(page, 'outside'), 'sink_1');
      assert.deepEqual(await checkColours(page), { a: 'D', b: 'D', c: 'D' });
      // The start cannot go; a position can (its moves with it), by the Delete key too.
      await tap(page, await at(page, 'a'));
      await page.click('#draw-delete');
      assert.match(await page.locator('#notice').textContent(), /'a' is the start and cannot be deleted/);
      await tap(page, await at(page, 'c'));
      await page.keyboard.press('Delete');
      await waitSpec(page, 'game=graph&edges=a-b&root=a&play=normal');
      assert.equal(await panel(page, 'positions'), '3');

      // Out of draw mode, the other modes play the drawn game.
      await page.click('#draw-mode');
      assert.equal(await page.getAttribute('#draw-mode', 'aria-pressed'), 'false');
      await page.click('#mode-play');
      await page.waitForSelector('#legal-moves button[data-to="b"]');
      await page.click('#mode-steps');
      await page.waitForFunction(() => document.getElementById('steps-panel').dataset.positions === '2');
    });
  });

  test('the drawing budget: a 65th position is refused and the last working graph kept', async () => {
    const edges = Array.from({ length: 63 }, (_, k) => `p${k}-p${k + 1}`).join(',');
    const game = `game=graph&edges=${edges}&root=p0&play=normal`;
    await withPage(`#${game}&paused=1`, async (page) => {
      await page.click('#draw-mode');
      assert.equal(await panel(page, 'positions'), '64');
      await tap(page, await canvasPoint(page, 0.5, 0.1));
      assert.equal(
        await page.locator('#notice').textContent(),
        "A drawn game has at most 64 positions, and this one has 64: delete one first, or write a larger graph in the game's spec.",
      );
      assert.equal(await panel(page, 'positions'), '64');
      assert.equal(await spec(page), game);
    });
  });

  test('on a phone a finger draws a move instead of scrolling; out of draw mode it scrolls', async () => {
    const phone = { viewport: { width: 390, height: 844 }, context: { hasTouch: true, isMobile: true } };
    await withPage('#game=graph&edges=a-b&root=a&paused=1', async (page) => {
      await page.click('#draw-mode');
      await page.locator('#graph').scrollIntoViewIfNeeded();
      const client = await page.context().newCDPSession(page);
      const touch = async (type, points) => client.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(({ x, y }) => ({ x, y })) });
      const swipe = async (from, to) => {
        await touch('touchStart', [from]);
        for (let k = 1; k <= 8; k++) await touch('touchMove', [{ x: from.x + ((to.x - from.x) * k) / 8, y: from.y + ((to.y - from.y) * k) / 8 }]);
        await touch('touchEnd', []);
      };
      const scrolled = await page.evaluate(() => scrollY);
      // From a to low on the canvas: a move to a new position c there.
      await swipe(await at(page, 'a'), await canvasPoint(page, 0.5, 0.85));
      await waitSpec(page, 'game=graph&edges=a-b,a-c&root=a&play=normal');
      assert.equal(await page.evaluate(() => scrollY), scrolled, 'the page did not scroll');
      await checkColours(page);
      // Out of draw mode the same finger scrolls the page.
      await page.click('#draw-mode');
      const before = await page.evaluate(() => scrollY);
      const mid = await canvasPoint(page, 0.5, 0.8);
      await swipe(mid, { x: mid.x, y: mid.y - 200 });
      await page.waitForFunction((before) => scrollY > before, before);
      assert.equal(await spec(page), 'game=graph&edges=a-b,a-c&root=a&play=normal');
    }, phone);
  });
});
