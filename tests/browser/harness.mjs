// What a browser test file needs around its tests: the static server and headless Chromium,
// started before its tests and closed after, and `withPage`, which opens the page at a hash,
// waits for it to be ready and fails the test on any console error or page error.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';

import { CHROMIUM, launchChromium } from './chromium.mjs';
import { ROOT, startServer } from './server.mjs';

/** The release CLI, which some browser tests run to compare the page with. */
export const CLI = join(ROOT, 'target', 'release', 'impartial');
/** `needs` entry of a test file that runs the CLI. */
export const NEEDS_CLI = [CLI, 'target/release/impartial is missing: run cargo build --release first'];

/**
 * Call at the top of a test file; returns `withPage(hash, body, { viewport })`. `needs`: more
 * files the tests read, each [path, what to do when it is missing].
 */
export function browserHarness({ needs = [] } = {}) {
  let server;
  let browser;
  before(async () => {
    assert.ok(existsSync(join(ROOT, 'pkg', 'impartial_bg.wasm')), 'pkg/ is missing: run scripts/build-wasm first');
    for (const [path, missing] of needs) assert.ok(existsSync(path), missing);
    assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}`);
    server = await startServer();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  return async function withPage(hash, body, { viewport = { width: 1400, height: 1000 } } = {}) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const problems = [];
    page.on('console', (msg) => msg.type() === 'error' && problems.push(`console error: ${msg.text()}`));
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    try {
      await page.goto(server.url + hash);
      await page.waitForFunction(() => ['ready', 'error', 'unavailable'].includes(document.body.dataset.state), null, { timeout: 20_000 });
      assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready');
      await body(page);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  };
}
