// Browser tests of the page (index.html + www/main.js + pkg/) in headless Chromium, driven by
// playwright-core. Needs pkg/ (scripts/build-wasm) and /usr/bin/chromium (or $CHROMIUM).
// Run: node --test tests/browser/

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { chromium } from 'playwright-core';

import { ROOT, startServer } from './server.mjs';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const DEFAULT_SPEC = 'game=subtraction&moves=1,2&heap=6&play=normal';

let server;
let browser;

before(async () => {
  assert.ok(
    existsSync(join(ROOT, 'pkg', 'impartial.js')) && existsSync(join(ROOT, 'pkg', 'impartial_bg.wasm')),
    'pkg/ is missing: run scripts/build-wasm first',
  );
  assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM)`);
  server = await startServer();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Opens the page at `hash` in a fresh context and waits until the first analysis settles.
 * `problems` collects console errors and uncaught page errors (and requests to other hosts).
 */
async function openPage(hash = '', { route } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(server.url) && !url.startsWith('data:')) problems.push(`external request: ${url}`);
  });
  if (route) await route(page);
  await page.goto(server.url + hash);
  await settled(page);
  return { page, problems, close: () => context.close() };
}

/** Waits until the page has finished loading and analysing. */
async function settled(page) {
  await page.waitForFunction(() => ['done', 'error', 'unavailable'].includes(document.body.dataset.state), null, {
    timeout: 15_000,
  });
}

/** All rows of the positions table as plain objects. */
function rows(page) {
  return page.$$eval('#positions-table tbody tr', (trs) =>
    trs.map((tr) => ({
      label: tr.dataset.label,
      grundy: tr.dataset.grundy,
      outcome: tr.dataset.outcome,
      critical: tr.dataset.critical,
    })),
  );
}

const text = (page, selector) => page.locator(selector).innerText();

describe('the page', () => {
  test('says Loading… before the wasm module has loaded', async () => {
    const html = await (await fetch(server.url)).text();
    assert.match(html, /id="status"[^>]*>Loading…</);
    assert.match(html, /id="notice"[^>]*role="alert"|role="alert"[^>]*id="notice"/);
  });

  test('analyses the default game, SubtractionNim with moves {1,2} from heap 6', async () => {
    const { page, problems, close } = await openPage();
    try {
      assert.equal(await page.evaluate(() => document.body.dataset.state), 'done');
      assert.equal(await text(page, '#game-spec'), DEFAULT_SPEC);
      assert.equal(await page.inputValue('#game-spec-input'), 'game=subtraction&moves=1,2&heap=6');
      assert.equal(await page.locator('#notice').isVisible(), false);
      assert.equal(await text(page, '#positions-count'), '7');
      assert.equal(await text(page, '#edges-count'), '11');
      assert.equal(await text(page, '#max-degree'), '2');
      assert.equal(await text(page, '#root-label'), '6');
      assert.equal(await text(page, '#root-grundy'), '0');
      assert.equal(await page.getAttribute('#root-outcome', 'data-outcome'), 'P');
      assert.equal(await text(page, '#critical-count'), '3');
      assert.equal(await page.locator('#fictitious-note').isVisible(), true, 'root is P: fictitious start note');

      const table = await rows(page);
      assert.equal(table.length, 7);
      // Subtraction {1,2}: g(n) = n mod 3, so P exactly at multiples of 3. Critical = an N-position
      // with a move to an N-position: every N-position except 1 (whose only move is to 0).
      for (const row of table) {
        const n = Number(row.label);
        assert.equal(row.grundy, String(n % 3), `g(${n})`);
        assert.equal(row.outcome, n % 3 === 0 ? 'P' : 'N', `outcome of ${n}`);
        assert.equal(row.critical, String(n % 3 !== 0 && n !== 1), `critical ${n}`);
      }
      const six = table.find((r) => r.label === '6');
      assert.deepEqual([six.outcome, six.grundy], ['P', '0']);
      assert.equal(table.find((r) => r.label === '0').grundy, '0');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('analyses Nim 1,2,3 from the address: a P-position, Grundy value = XOR of the heaps', async () => {
    const { page, problems, close } = await openPage('#game=nim&heaps=1,2,3');
    try {
      assert.equal(await text(page, '#game-spec'), 'game=nim&heaps=1,2,3&play=normal');
      assert.equal(await page.getAttribute('#root-outcome', 'data-outcome'), 'P');
      assert.equal(await text(page, '#root-grundy'), '0');
      const table = await rows(page);
      assert.equal(table.length, 24); // 2 × 3 × 4 positions
      assert.equal(new Set(table.map((r) => r.label)).size, 24);
      for (const row of table) {
        const xor = row.label.split(',').reduce((acc, heap) => acc ^ Number(heap), 0);
        assert.equal(row.grundy, String(xor), `Grundy value of ${row.label}`);
        assert.equal(row.outcome, xor === 0 ? 'P' : 'N', `outcome of ${row.label}`);
      }
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('shows a bad spec as a notice, then recovers when a good spec is entered', async () => {
    const { page, problems, close } = await openPage('#game=nim&heaps=x');
    try {
      assert.equal(await page.evaluate(() => document.body.dataset.state), 'error');
      const notice = page.locator('#notice');
      assert.equal(await notice.isVisible(), true);
      assert.equal(await notice.getAttribute('role'), 'alert');
      assert.match(await notice.innerText(), /not a valid value for heaps/);
      assert.equal(await page.locator('#positions-table').isVisible(), false);

      await page.fill('#game-spec-input', 'game=subtraction&moves=1,3,4&heap=20');
      await page.click('#analyse-button');
      await page.waitForFunction(() => document.body.dataset.state === 'done');
      assert.equal(await notice.isVisible(), false);
      assert.equal(await text(page, '#game-spec'), 'game=subtraction&moves=1,3,4&heap=20&play=normal');
      assert.equal(await text(page, '#root-grundy'), '2'); // period 0,1,0,1,2,3,2: g(20) = 2
      assert.equal(await page.locator('#positions-table').isVisible(), true);
      assert.equal((await rows(page)).length, 21);
      assert.equal(new URL(page.url()).hash, '#game=subtraction&moves=1,3,4&heap=20');

      // Editing the address re-analyses too, and an unknown family is reported, not thrown.
      await page.evaluate(() => {
        location.hash = 'game=chess';
      });
      await page.waitForFunction(() => document.body.dataset.state === 'error');
      assert.match(await notice.innerText(), /Unknown game family 'chess'/);
      await page.evaluate(() => {
        location.hash = 'game=nim&heaps=3,0,5&play=misere';
      });
      await page.waitForFunction(() => document.body.dataset.state === 'done');
      assert.equal(await notice.isVisible(), false);
      assert.equal(await page.getAttribute('#root-outcome', 'data-outcome'), 'N');
      assert.equal((await rows(page)).every((r) => r.grundy === ''), true, 'misère: no Grundy values');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('omits the table for games with more than 2000 positions', async () => {
    const { page, problems, close } = await openPage('#game=nim&heaps=20,20,20');
    try {
      assert.equal(await text(page, '#positions-count'), '9,261');
      assert.equal((await rows(page)).length, 0);
      assert.match(await text(page, '#positions-note'), /9,261 positions; the table is omitted/);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('says how to build the wasm module when it cannot be loaded', async () => {
    const { page, problems, close } = await openPage('', {
      route: (p) => p.route('**/pkg/**', (r) => r.fulfill({ status: 404, body: 'not found' })),
    });
    try {
      assert.equal(await page.evaluate(() => document.body.dataset.state), 'unavailable');
      assert.match(await text(page, '#notice'), /scripts\/serve/);
      assert.equal(await page.locator('#summary').isVisible(), false);
      // The 404 itself is logged by the browser; nothing else may go wrong.
      assert.deepEqual(
        problems.filter((p) => !/Failed to load resource|Failed to fetch dynamically imported module/.test(p)),
        [],
      );
    } finally {
      await close();
    }
  });
});
