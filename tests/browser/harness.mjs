// What a browser test file needs around its tests: the static server and headless Chromium,
// started before its tests and closed after, and `withPage`, which opens the page at a hash,
// waits for it to be ready and fails the test on any console error or page error.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';

import { CHROMIUM, launchChromium } from './chromium.mjs';
import { ROOT, startServer } from './server.mjs';

/**
 * The CLI some browser tests run to compare the page with: $IMPARTIAL if set, else the one
 * `cargo test --profile ci` (scripts/test) builds, else the release build.
 */
export const CLI =
  process.env.IMPARTIAL ||
  [join(ROOT, 'target', 'ci', 'impartial'), join(ROOT, 'target', 'release', 'impartial')].find(existsSync) ||
  join(ROOT, 'target', 'ci', 'impartial');
/** `needs` entry of a test file that runs the CLI. */
export const NEEDS_CLI = [CLI, `${CLI} is missing: run cargo build --profile ci first (scripts/test does)`];

/**
 * One spec per family of the core's registry, from each key's example value (the page's
 * placeholders), read from the built wasm package in Node: tests that cover "every family" take
 * their list from here, so a new family is in them without editing them.
 */
export async function familyExamples() {
  const wasm = await import(join(ROOT, 'pkg', 'impartial.js'));
  await wasm.default({ module_or_path: readFileSync(join(ROOT, 'pkg', 'impartial_bg.wasm')) });
  return wasm.families().families.map((f) => `game=${f.name}${f.keys.map((k) => `&${k.key}=${k.example}`).join('')}`);
}

/**
 * Call at the top of a test file; returns `withPage(hash, body, { viewport, init })`. `needs`: more
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
  /**
   * `context`: more options for the browser context (hasTouch, isMobile…); `beforeGoto(page)`
   * runs before the page opens (to route requests); `ready: false` hands the page over as soon
   * as it has loaded its HTML (a test of what shows before the core has loaded); `init`: a script
   * run in the page before its own (e.g. one that counts animation frames).
   */
  return async function withPage(hash, body, { viewport = { width: 1400, height: 1000 }, context: more = {}, beforeGoto, ready = true, init = null } = {}) {
    const context = await browser.newContext({ viewport, ...more });
    const page = await context.newPage();
    // The computer answers at once (play-mode.js's replyDelay): the tests wait for its move as
    // a condition, and the pause is for a person's eyes only.
    await page.addInitScript(() => {
      globalThis.impartialReplyDelayMs = 0;
    });
    if (init) await page.addInitScript(init);
    const problems = [];
    page.on('console', (msg) => msg.type() === 'error' && problems.push(`console error: ${msg.text()}`));
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    try {
      await beforeGoto?.(page);
      await page.goto(server.url + hash, ready ? {} : { waitUntil: 'commit' });
      if (ready) {
        await page.waitForFunction(() => ['ready', 'error', 'unavailable'].includes(document.body.dataset.state), null, { timeout: 20_000 });
        assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready');
      }
      await body(page);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  };
}

/** Waits until the game has `plies` moves and the person may move or the game is over. */
export async function pliesReached(page, plies) {
  await page.waitForFunction(
    (n) => {
      const s = document.getElementById('play-status');
      return Number(s.dataset.plies) >= n && ['person', 'over'].includes(s.dataset.turn);
    },
    plies,
  );
}
