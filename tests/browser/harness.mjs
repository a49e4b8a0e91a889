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
 * The pages of one test file's tests. Tests asking for the same context options and init script
 * (most ask for none; a file of phone tests asks for touch in each) share one page, sent to
 * about:blank and then to each test's link: a new document each time (the old one's workers end
 * with it, the origin's storage is cleared in between, the init script runs again), in a
 * renderer process and an HTTP cache that earlier tests warmed. A new context and page per test
 * cost about 1.5 s of CPU (two renderer processes started, the page's scripts and wasm compiled
 * again); the reused page about 0.4 s. A test that asks for one (`own`: it routes requests), and
 * the test after one that failed, gets a context of its own.
 *
 * `open({ viewport, context, init, own })` resolves to { page, problems, close(passed) }:
 * `problems` collects console errors, uncaught page errors and (with `requests`) requests to
 * other hosts until `close`; `answerAtOnce`: the computer answers at once in play mode.
 */
export function pagePool(browser, { serverUrl, contextOptions = {}, requests = false, answerAtOnce = true }) {
  // { context, page, cdp } of each page reused across tests, by its context options and init script
  const shared = new Map();
  const origin = new URL(serverUrl).origin;

  async function fresh(options, init) {
    const context = await browser.newContext({ ...contextOptions, ...options });
    const page = await context.newPage();
    // play-mode.js's replyDelay: the tests wait for the computer's move as a condition, and the
    // pause is for a person's eyes only.
    if (answerAtOnce) {
      await page.addInitScript(() => {
        globalThis.impartialReplyDelayMs = 0;
      });
    }
    if (init) await page.addInitScript(init);
    return { context, page, cdp: null };
  }

  function watch(page) {
    const problems = [];
    const handlers = {
      console: (msg) => msg.type() === 'error' && problems.push(`console error: ${msg.text()}`),
      pageerror: (err) => problems.push(`page error: ${err.message}`),
    };
    if (requests) {
      handlers.request = (req) => {
        const url = req.url();
        if (!url.startsWith(serverUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) problems.push(`external request: ${url}`);
      };
    }
    for (const [event, handler] of Object.entries(handlers)) page.on(event, handler);
    return { problems, unwatch: () => Object.entries(handlers).forEach(([event, handler]) => page.off(event, handler)) };
  }

  return {
    async open({ viewport, context: more = {}, init = null, own = false }) {
      const key = own ? null : JSON.stringify([more, init && String(init)]);
      let entry;
      if (key !== null) {
        if (!shared.has(key)) shared.set(key, await fresh({ viewport, ...more }, init));
        entry = shared.get(key);
        const size = entry.page.viewportSize();
        if (size.width !== viewport.width || size.height !== viewport.height) await entry.page.setViewportSize(viewport);
      } else {
        entry = await fresh({ viewport, ...more }, init);
      }
      const { problems, unwatch } = watch(entry.page);
      async function close(passed) {
        unwatch();
        const reused = key !== null && shared.get(key) === entry;
        if (reused && passed) {
          try {
            await entry.page.goto('about:blank');
            entry.cdp ??= await entry.context.newCDPSession(entry.page);
            await entry.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
            return;
          } catch {
            // Not reusable: a context of its own for the next test.
          }
        }
        if (reused) shared.delete(key);
        await entry.context.close();
      }
      return { page: entry.page, problems, close };
    },
    close: async () => {
      const entries = [...shared.values()];
      shared.clear();
      for (const entry of entries) await entry.context.close();
    },
  };
}

/**
 * Call at the top of a test file; returns `withPage(hash, body, { viewport, init })`. `needs`: more
 * files the tests read, each [path, what to do when it is missing].
 */
export function browserHarness({ needs = [] } = {}) {
  let server;
  let browser;
  let pages;
  before(async () => {
    assert.ok(existsSync(join(ROOT, 'pkg', 'impartial_bg.wasm')), 'pkg/ is missing: run scripts/build-wasm first');
    for (const [path, missing] of needs) assert.ok(existsSync(path), missing);
    assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}`);
    server = await startServer();
    browser = await launchChromium();
    pages = pagePool(browser, { serverUrl: server.url });
  });
  after(async () => {
    await pages?.close();
    await browser?.close();
    await server?.close();
  });
  /**
   * `context`: more options for the browser context (hasTouch, isMobile…); `beforeGoto(page)`
   * runs before the page opens (to route requests); `ready: false` hands the page over as soon
   * as it has loaded its HTML (a test of what shows before the core has loaded); `init`: a script
   * run in the page before its own (e.g. one that counts animation frames).
   */
  return async function withPage(hash, body, { viewport = { width: 1400, height: 1000 }, context = {}, beforeGoto, ready = true, init = null } = {}) {
    const { page, problems, close } = await pages.open({ viewport, context, init, own: Boolean(beforeGoto) });
    let passed = false;
    try {
      await beforeGoto?.(page);
      await page.goto(server.url + hash, ready ? {} : { waitUntil: 'commit' });
      if (ready) {
        await page.waitForFunction(() => ['ready', 'error', 'unavailable'].includes(document.body.dataset.state), null, { timeout: 20_000 });
        assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready');
      }
      await body(page);
      assert.deepEqual(problems, []);
      passed = true;
    } finally {
      await close(passed);
    }
  };
}

/**
 * Holds back the page's requests that match `pattern` (a route glob) until `release()`: for a
 * test of what the page shows before they arrive. Pass `beforeGoto` to withPage.
 */
export function holdBack(pattern) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const beforeGoto = (page) =>
    page.route(pattern, async (route) => {
      await held;
      await route.continue();
    });
  return { release, beforeGoto };
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

/** Clicks position `label` where the graph draws it (scrolled into view, drawn at once). */
export async function clickOnGraph(page, label) {
  const at = await page.evaluate((label) => {
    const { controller, graphView } = window.impartial;
    const canvas = document.getElementById('graph');
    canvas.scrollIntoView({ block: 'center' });
    graphView.draw(true);
    const rect = canvas.getBoundingClientRect();
    const { x, y } = graphView.screenPosition(controller.session.find(label));
    return { x: rect.left + x, y: rect.top + y };
  }, label);
  await page.mouse.click(at.x, at.y);
}
