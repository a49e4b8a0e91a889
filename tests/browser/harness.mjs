// What a browser test file needs around its tests: the static server, one headless Chromium,
// the release CLI's path, and a page opened at a hash that must report no console or page
// error. (Older test files carry their own copy of this; new ones import it.)

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';

import { CHROMIUM, launchChromium } from './chromium.mjs';
import { ROOT, startServer } from './server.mjs';

export const CLI = join(ROOT, 'target', 'release', 'impartial');

let server;
let browser;

/** Registers the file's before/after hooks: the server and Chromium, up once for all its tests. */
export function useBrowser() {
  before(async () => {
    assert.ok(existsSync(join(ROOT, 'pkg', 'impartial_bg.wasm')), 'pkg/ is missing: run scripts/build-wasm first');
    assert.ok(existsSync(CLI), 'target/release/impartial is missing: run cargo build --release first');
    assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}`);
    server = await startServer();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
}

/** Opens `hash` at `width` px, waits for the page; asserts no console or page errors at the end. */
export async function withPage(hash, body, width = 1400) {
  const context = await browser.newContext({ viewport: { width, height: 1000 } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => msg.type() === 'error' && problems.push(`console error: ${msg.text()}`));
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  try {
    await page.goto(server.url + hash);
    await page.waitForFunction(() => ['ready', 'error', 'unavailable'].includes(document.body.dataset.state));
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready');
    await body(page);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
}
