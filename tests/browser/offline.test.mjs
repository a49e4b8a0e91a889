// A published copy (scripts/publish) served from a subpath works with the network gone once it
// has been opened: the service worker (sw.js) answers from its cache. A new publication replaces
// the worker and its cache; the repository's own page (scripts/serve, every other browser test)
// registers no worker at all.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { CHROMIUM, launchChromium } from './chromium.mjs';
import { ROOT, startServer } from './server.mjs';

const LINK = '#game=nim&heaps=3,4,5&mode=play&present=1';
let browser;
let tmp;

before(async () => {
  assert.ok(existsSync(join(ROOT, 'pkg', 'impartial_bg.wasm')), 'pkg/ is missing: run scripts/build-wasm first');
  assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}`);
  tmp = mkdtempSync(join(tmpdir(), 'impartial-publish-'));
  execFileSync(join(ROOT, 'scripts', 'publish'), ['--no-build', join(tmp, 'impartial')], { stdio: 'pipe' });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Waits until the page is ready (or failed), and returns its state. */
async function ready(page) {
  await page.waitForFunction(() => ['ready', 'error', 'unavailable'].includes(document.body.dataset.state), null, { timeout: 20_000 });
  return page.evaluate(() => document.body.dataset.state);
}

/** The game works: the board is drawn, and a move from the list is answered by the computer. */
async function plays(page) {
  await page.waitForSelector('#legal-moves button[data-id]:not([disabled])');
  await page.click('#legal-moves button[data-to="1,4,5"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-log li').length === 2);
  return page.evaluate(() => [...document.querySelectorAll('#move-log li')].map((li) => li.dataset.who));
}

test('publish writes exactly the page’s files, and a version that names them', () => {
  const dir = join(tmp, 'impartial');
  const top = readdirSync(dir).sort();
  assert.deepEqual(top, ['index.html', 'pkg', 'sw.js', 'www']);
  const pkg = readdirSync(join(dir, 'pkg')).filter((f) => !/\.(br|gz)$/.test(f)).sort();
  assert.deepEqual(pkg, ['impartial.js', 'impartial_bg.wasm', 'impartial_lab.js', 'impartial_lab_bg.wasm']);
  const version = readFileSync(join(dir, 'index.html'), 'utf8').match(/<meta name="impartial-version" content="([0-9a-f]{16})">/)?.[1];
  assert.ok(version, 'the published index.html names its version');
  const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
  assert.ok(sw.includes(`const VERSION = '${version}';`));
  for (const file of ['./', 'index.html', 'www/main.js', 'www/style.css', 'www/lessons.json', 'pkg/impartial_bg.wasm', 'pkg/impartial_lab_bg.wasm']) assert.ok(sw.includes(`"${file}"`), file);
  // Every URL of the page is relative: nothing starts at the host's root.
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  assert.deepEqual([...html.matchAll(/(?:src|href)="(\/[^"]*)"/g)].map((m) => m[1]), []);
});

test('served from a subpath, opened once, the page works after the server has stopped', async () => {
  const server = await startServer(tmp);
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(err.message));
  try {
    const url = `${server.url}impartial/${LINK}`;
    await page.goto(url);
    assert.equal(await ready(page), 'ready');
    await page.waitForFunction(() => document.body.dataset.offline === 'ready' && navigator.serviceWorker.controller !== null);
    assert.deepEqual(await plays(page), ['person', 'computer']);
    await server.close();
    // The server is gone: a request to it fails.
    assert.equal(await page.evaluate((u) => fetch(u, { cache: 'no-store', mode: 'no-cors' }).then(() => 'answered', () => 'failed'), `${server.url}nothing`), 'failed');
    await page.reload();
    assert.equal(await ready(page), 'ready');
    // The link kept the game played (two moves, with their reasons); a new game plays offline.
    assert.equal(await page.evaluate(() => document.querySelectorAll('#move-log li .reason').length), 2);
    await page.click('#new-game');
    await page.waitForFunction(() => document.getElementById('board').dataset.position === '3,4,5');
    assert.deepEqual(await plays(page), ['person', 'computer']);
    assert.equal(await page.evaluate(() => document.body.dataset.present), 'true');
    // A built-in lesson (www/lessons.json, from the cache) opens at its slide after a reload.
    await page.goto(`${server.url}impartial/#lesson=wythoff&slide=2&present=1`);
    await page.reload();
    assert.equal(await ready(page), 'ready');
    await page.waitForFunction(() => document.body.dataset.lesson === 'wythoff' && document.body.dataset.slide === '2');
    assert.equal(await page.isVisible('#notice'), false);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('a new publication replaces the worker and its cache', async () => {
  const dir = join(tmp, 'impartial');
  const server = await startServer(tmp);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}impartial/${LINK}`);
    assert.equal(await ready(page), 'ready');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const old = await page.evaluate(() => caches.keys());
    assert.equal(old.length, 1);
    // A publication of another version: its sw.js and index.html name a new one (as
    // scripts/publish writes them after any change of a file).
    const swPath = join(dir, 'sw.js');
    writeFileSync(swPath, readFileSync(swPath, 'utf8').replace(/const VERSION = '[0-9a-f]+';/, "const VERSION = 'feedfacefeedface';"));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForFunction(async () => {
      const keys = await caches.keys();
      return keys.length === 1 && keys[0] === 'impartial-feedfacefeedface';
    });
    assert.notEqual(old[0], 'impartial-feedfacefeedface');
  } finally {
    await context.close();
    await server.close();
  }
});

test('the repository’s own page (scripts/serve, the other tests) registers no worker', async () => {
  const server = await startServer(ROOT);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}${LINK}`);
    assert.equal(await ready(page), 'ready');
    assert.equal(await page.evaluate(() => document.querySelector('meta[name="impartial-version"]')), null);
    assert.deepEqual(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)), 0);
    assert.equal(await page.evaluate(() => document.body.dataset.offline ?? ''), '');
  } finally {
    await context.close();
    await server.close();
  }
});
