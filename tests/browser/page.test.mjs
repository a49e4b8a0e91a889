// Browser tests of the page (index.html + www/*.js + pkg/) in headless Chromium, driven by
// playwright-core. They check what a person sees: the table against the native CLI's analysis,
// P/N colours on the canvas where the layout puts the positions, the controls, the URL state,
// replay from a copied link, bad input and keys. Needs pkg/ (scripts/build-wasm), the native
// binary (cargo build --release) and Chromium (tests/browser/chromium.mjs).
// Run: node --test tests/browser/

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { CHROMIUM, launchChromium } from './chromium.mjs';
import { ROOT, startServer } from './server.mjs';
import { CLI, NEEDS_CLI, pagePool } from './harness.mjs';

const DEFAULT_GAME = 'game=subtraction&moves=1,2&heap=6&play=normal';
/** Okabe–Ito blue (P) and orange (N), as www/graph-view.js draws them. */
const P_RGB = [0x00, 0x72, 0xb2];
const N_RGB = [0xe6, 0x9f, 0x00];

let server;
let browser;
let pages;

before(async () => {
  assert.ok(existsSync(join(ROOT, 'pkg', 'impartial_bg.wasm')), 'pkg/ is missing: run scripts/build-wasm first');
  assert.ok(existsSync(NEEDS_CLI[0]), NEEDS_CLI[1]);
  assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: apt-get install chromium-headless-shell (or set CHROMIUM)`);
  server = await startServer();
  browser = await launchChromium();
  pages = pagePool(browser, { serverUrl: server.url, contextOptions: { acceptDownloads: true }, requests: true, answerAtOnce: false });
});

after(async () => {
  await pages?.close();
  await browser?.close();
  await server?.close();
});

/**
 * Opens the page at `hash` (harness.mjs's pagePool: a new document, in the file's reused page
 * unless `route` is given) and waits until it is ready. `problems` collects console errors,
 * uncaught page errors and requests to other hosts; `close(passed)` hands the page back.
 */
async function openPage(hash = '', { route, viewport = { width: 1400, height: 1000 } } = {}) {
  const { page, problems, close } = await pages.open({ viewport, own: Boolean(route) });
  try {
    if (route) await route(page);
    await page.goto(server.url + hash);
    await page.waitForFunction(() => ['ready', 'error', 'unavailable'].includes(document.body.dataset.state), null, {
      timeout: 20_000,
    });
    // An internal error is never what a test wants: fail at once with the page's sentence rather
    // than let every later wait run out.
    if ((await page.evaluate(() => document.body.dataset.state)) === 'error') {
      const said = await page.evaluate(() => document.body.innerText.match(/Internal error[^\n]*/)?.[0] ?? 'no sentence');
      throw new Error(`the page stopped with an internal error: ${said}`);
    }
    // The graph canvas has been sized to its box (a ResizeObserver does it after layout):
    // tests that read its pixels need that.
    await page.waitForFunction(() => {
      if (document.body.dataset.state !== 'ready') return true;
      const canvas = document.getElementById('graph');
      return canvas.clientWidth > 0 && canvas.width === Math.round(canvas.clientWidth * (window.devicePixelRatio || 1));
    });
  } catch (err) {
    await close(false);
    throw err;
  }
  return { page, problems, close };
}

/** Runs `body` on a fresh page and closes it; asserts no console errors unless told otherwise. */
async function withPage(hash, body, options = {}) {
  const { page, problems, close } = await openPage(hash, options);
  let passed = false;
  try {
    await body(page, problems);
    if (!options.allowProblems) assert.deepEqual(problems, []);
    passed = true;
  } finally {
    await close(passed);
  }
}

const text = (page, selector) => page.locator(selector).innerText();
const number = async (page, id) => Number((await text(page, `#${id}`)).replaceAll(',', ''));
const progress = (page) => page.evaluate(() => window.impartial.controller.session.progress());
/** The page's values as its address holds them now (read in the page: replaceState is silent). */
const hashParams = async (page) => new URLSearchParams(await page.evaluate(() => location.hash.slice(1)));

/** Clicks Step `k` times and waits until the generation has grown by `k`. */
async function steps(page, k) {
  const start = await number(page, 'generation');
  for (let i = 0; i < k; i++) await page.click('#step');
  await page.waitForFunction((target) => Number(document.getElementById('generation').textContent.replaceAll(',', '')) === target, start + k);
}

function rows(page) {
  return page.$$eval('#positions-table tbody tr', (trs) =>
    trs.map((tr) => ({ label: tr.dataset.label, grundy: tr.dataset.grundy, outcome: tr.dataset.outcome, critical: tr.dataset.critical })),
  );
}

/** The native CLI's analysis of `spec`, one entry per position. */
function cliPositions(spec) {
  const report = JSON.parse(execFileSync(CLI, ['analyse', '--game', spec, '--json', '--positions'], { encoding: 'utf8' }));
  return report.nodes.map((n) => ({
    label: n.label,
    grundy: n.grundy === null ? '' : String(n.grundy),
    outcome: n.outcome,
    critical: String(n.critical),
  }));
}

/** Waits until the notice is shown and says `pattern` (an earlier notice may still be up). */
async function expectNotice(page, pattern) {
  await page
    .waitForFunction(
      ({ source, flags }) => {
        const notice = document.getElementById('notice');
        return !notice.hidden && new RegExp(source, flags).test(notice.innerText);
      },
      { source: pattern.source, flags: pattern.flags },
      { timeout: 15_000 },
    )
    .catch(() => {}); // the assertion below says what was shown instead
  assert.match(await page.locator('#notice').innerText(), pattern);
}

/** The page still works: a game is shown, its table filled and its canvas drawn. */
async function expectWorking(page) {
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready');
  assert.ok((await rows(page)).length > 0, 'the positions table has rows');
  assert.notEqual(await text(page, '#game-spec'), '');
  const before = await number(page, 'generation');
  await page.click('#step');
  await page.waitForFunction((g) => Number(document.getElementById('generation').textContent.replaceAll(',', '')) > g, before);
}

describe('the page', () => {
  test('says Loading… before the wasm module has loaded, and has the hooks README documents', async () => {
    const html = await (await fetch(server.url)).text();
    assert.match(html, /id="status"[^>]*>Loading the game engine \(WebAssembly\)…/);
    for (const id of ['game-spec', 'mu', 'gamma', 'seed', 'play', 'step', 'reset', 'generation', 'games-played', 'positions-table', 'notice']) {
      assert.match(html, new RegExp(`id="${id}"`), `element #${id}`);
    }
    assert.match(html, /<canvas id="graph" role="img"/);
  });

  test('opens on SubtractionNim²₇ with its analysis, the URL state, and runs by itself', async () => {
    await withPage('', async (page) => {
      assert.equal(await text(page, '#game-spec'), DEFAULT_GAME);
      assert.equal(await page.locator('#notice').isVisible(), false);
      const table = await rows(page);
      assert.equal(table.length, 7, 'positions 0, …, 6');
      for (const row of table) {
        const n = Number(row.label);
        assert.equal(row.grundy, String(n % 3), `g(${n})`);
        assert.equal(row.outcome, n % 3 === 0 ? 'P' : 'N');
        assert.equal(row.critical, String(n % 3 !== 0 && n !== 1), `critical ${n}`);
      }
      const params = await hashParams(page);
      assert.equal(params.get('game'), 'subtraction');
      assert.equal(params.get('mu'), '20');
      assert.equal(params.get('gamma'), 'paper');
      assert.equal(await page.inputValue('#mu'), '20');
      assert.equal(await page.inputValue('#gamma'), 'paper');
      // Not paused: generations go by on their own.
      await page.waitForFunction(() => Number(document.getElementById('generation').textContent) >= 3);
      assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'true');
      assert.equal(await page.getAttribute('#graph', 'role'), 'img');
      assert.match(await page.getAttribute('#graph', 'aria-label'), /^Game graph of game=subtraction&moves=1,2&heap=6&play=normal: 7 positions/);
    });
  });

  test('the canvas’ text summary names the game as soon as it is shown', async () => {
    await withPage('#game=nim&heaps=1,2&paused=1', async (page) => {
      // Built and read in one task: no frame of the page's loop can run in between.
      const label = await page.evaluate(() => {
        document.getElementById('spec-input').value = 'game=chomp&rows=2&cols=3';
        document.getElementById('build').click();
        return document.getElementById('graph').getAttribute('aria-label');
      });
      assert.match(label, /^Game graph of game=chomp&rows=2&cols=3&play=normal: 9 positions in \d+ layers, \d+ critical\..* Generation 0, 0 games played/);
    });
  });

  test('the positions table matches the native analysis for several families', async () => {
    const specs = [
      'game=nim&heaps=1,2,3',
      'game=chomp&rows=3&cols=4',
      'game=turning-turtles&coins=5',
      'game=silver-dollar&coins=2&squares=6',
      'game=wythoff&heaps=3,4',
      'game=poset&poset=(C2+A2)/C1',
      'game=dag&edges=v0-a,v0-b,v0-d,a-c,b-c,b-e,c-e&root=v0',
      'game=nim&heaps=3,0,5&play=misere',
      'game=sum&parts=nim(heaps=1,2)+chomp(rows=2;cols=2)+subtraction(moves=1,2;heap=3)',
      'game=sum&parts=nim(heaps=1,1)+turning-turtles(coins=2)&play=misere',
    ];
    await withPage('#game=nim&heaps=1&paused=1', async (page) => {
      for (const spec of specs) {
        // Through the form, as a person would type it.
        await page.fill('#spec-input', spec);
        await page.click('#build');
        await page.waitForFunction((s) => document.getElementById('game-spec').textContent.startsWith(s), spec.replace('&play=misere', ''));
        const expected = cliPositions(spec);
        const shown = await rows(page);
        const byLabel = (a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
        assert.deepEqual([...shown].sort(byLabel), [...expected].sort(byLabel), spec);
        assert.equal(await page.locator('#spec-error').isVisible(), false);
      }
    });
  });

  test('a sum of games opens from its link and writes its parts back unchanged', async () => {
    // `+`, `(` and `;` pass through the address as written (the core keeps + literal).
    const spec = 'game=sum&parts=nim(heaps=2)+chomp(rows=2;cols=3)&play=normal';
    await withPage(`#${spec}&mu=8&paused=1`, async (page) => {
      assert.equal(await text(page, '#game-spec'), spec);
      const hash = await page.evaluate(() => location.hash);
      assert.ok(hash.startsWith(`#${spec}&mu=8`), hash);
      const labels = (await rows(page)).map((r) => r.label);
      assert.equal(labels.length, 3 * 9);
      assert.ok(labels.includes('2 + 3,3'), labels.join(' | '));
      // The parts' nim-sum, from the core's list: Nim 2 has value 2, Chomp 2 × 3 value 4.
      const note = page.locator('#parts-note');
      assert.equal(await note.isVisible(), true);
      assert.equal(await note.getAttribute('data-total'), '6');
      assert.match(await note.innerText(), /2 ⊕ 4 = 6/);
      assert.equal(await text(page, '#root-grundy'), '6');
    });
    // Under misère play the page says the XOR rule does not hold; other games show no note.
    await withPage(`#${spec.replace('normal', 'misere')}&paused=1`, async (page) => {
      assert.match(await text(page, '#parts-note'), /misère sums do not follow this XOR rule/);
    });
    await withPage('#game=nim&heaps=2,3&paused=1', async (page) => {
      assert.equal(await page.locator('#parts-note').isVisible(), false);
    });
  });

  test('the canvas shows P and N colours where the layout puts the positions', async () => {
    for (const hash of ['#game=subtraction&moves=1,2&heap=7&paused=1', '#game=chomp&rows=3&cols=3&paused=1', '#game=nim&heaps=2,2&paused=1']) {
      await withPage(hash, async (page) => {
        const samples = await page.evaluate(() => {
          const { controller, graphView } = window.impartial;
          graphView.draw(true);
          const canvas = document.getElementById('graph');
          const ctx = canvas.getContext('2d');
          const dpr = canvas.width / canvas.clientWidth;
          const views = controller.session.views();
          const out = [];
          for (let id = 0; id < controller.session.n; id++) {
            const { x, y, r } = graphView.screenPosition(id);
            // Off the centre, where the Grundy value is written, but inside the square/circle.
            const px = ctx.getImageData(Math.round((x - 0.55 * r) * dpr), Math.round((y - 0.55 * r) * dpr), 1, 1).data;
            out.push({ outcome: views.outcome[id] === 0 ? 'P' : 'N', rgb: [px[0], px[1], px[2]], label: controller.session.label(id) });
          }
          return out;
        });
        assert.ok(samples.length > 0);
        const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 12);
        for (const s of samples) {
          assert.ok(near(s.rgb, s.outcome === 'P' ? P_RGB : N_RGB), `${hash}: ${s.label} is ${s.outcome} but drawn as rgb(${s.rgb})`);
        }
        assert.ok(samples.some((s) => s.outcome === 'P') && samples.some((s) => s.outcome === 'N'));
      });
    }
  });

  test('Step adds one generation and μ games; the stats row follows the run', async () => {
    await withPage('#game=chomp&rows=3&cols=4&mu=37&paused=1', async (page) => {
      assert.equal(await number(page, 'generation'), 0);
      assert.equal(await number(page, 'games-played'), 0);
      await steps(page, 1);
      assert.equal(await number(page, 'games-played'), 37);
      await steps(page, 2);
      assert.equal(await number(page, 'generation'), 3);
      assert.equal(await number(page, 'games-played'), 3 * 37);
      const p = await progress(page);
      assert.equal(p.generation, 3);
      assert.equal(p.games, 111);
      assert.match(await text(page, '#critical-learned'), new RegExp(`^\\d+ of ${p.critical}$`));
    });
  });

  test('moving μ and γ changes the URL and the running run', async () => {
    await withPage('#game=chomp&rows=3&cols=4&paused=1', async (page) => {
      await page.fill('#mu', '50');
      await page.press('#mu', 'Enter');
      await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('mu') === '50');
      await steps(page, 1);
      assert.equal(await number(page, 'games-played'), 50);
      await page.fill('#gamma', '0.01');
      await page.press('#gamma', 'Enter');
      await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('gamma') === '0.01');
      assert.equal((await progress(page)).gamma, 0.01);
      // The sliders: μ on a log scale, γ up to just below 1/Δ.
      await page.$eval('#mu-slider', (el) => {
        el.value = '3';
        el.dispatchEvent(new Event('input', { bubbles: true }));
      });
      assert.equal((await hashParams(page)).get('mu'), '1000');
      await page.$eval('#gamma-slider', (el) => {
        el.value = el.max;
        el.dispatchEvent(new Event('input', { bubbles: true }));
      });
      const p = await progress(page);
      const info = await page.evaluate(() => window.impartial.controller.session.info);
      assert.ok(p.gamma > 0 && p.gamma < info.gamma_limit, `γ = ${p.gamma} below 1/Δ = ${info.gamma_limit}`);
      assert.equal((await hashParams(page)).get('gamma'), String(p.gamma));
      await steps(page, 1);
      assert.equal(await number(page, 'games-played'), 50 + 1000);
      assert.equal(p.mu, 1000);
    });
  });

  test('a copied link reopened replays the same run', async () => {
    let link;
    let seen;
    await withPage('#game=chomp&rows=3&cols=4&mu=64&gamma=0.01&seed=7&engine=naive&paused=1', async (page) => {
      await page.selectOption('#engine', 'fast');
      await page.fill('#seed', '2025');
      await page.press('#seed', 'Enter');
      await steps(page, 25);
      seen = await progress(page);
      await page.click('#copy-link');
      link = await page.inputValue('#share-link');
      // The native engine, pinned in tests/common/pinned.rs: same numbers in the browser.
      assert.equal(seen.model_hash, 'e627d0390b4c4059');
    });
    const hash = new URL(link).hash;
    assert.match(hash, /^#game=chomp&rows=3&cols=4&play=normal&mu=64&gamma=0.01&seed=2025&engine=fast&speed=[\d.]+&paused=1$/);
    await withPage(hash, async (page) => {
      assert.equal(await text(page, '#game-spec'), 'game=chomp&rows=3&cols=4&play=normal');
      assert.equal(await page.inputValue('#mu'), '64');
      assert.equal(await page.inputValue('#gamma'), '0.01');
      assert.equal(await page.inputValue('#seed'), '2025');
      assert.equal(await page.inputValue('#engine'), 'fast');
      assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'false');
      await steps(page, 25);
      const again = await progress(page);
      assert.deepEqual(again, seen);
    });
  });

  test('a game larger than a frame learns in the worker: stepped, played and paused, it is the CLI’s run', async () => {
    const spec = 'game=chomp&rows=8&cols=8';
    const cli = (generations) =>
      JSON.parse(execFileSync(CLI, ['umda', '--game', spec, '--mu', '100', '--seed', '3', '--max-evals', String(100 * generations), '--json'], { encoding: 'utf8' }));
    await withPage(`#${spec}&mu=100&seed=3&speed=1&paused=1`, async (page) => {
      const settled = () => page.waitForFunction(() => window.impartial.controller.remote.settled);
      const state = () =>
        page.evaluate(() => {
          const s = window.impartial.controller.session;
          // The page's own run never moved; the model it holds is the worker's (same hash).
          return { shown: s.progress(), own: s.inner.generation(), mirrored: s.inner.progress().model_hash };
        });
      await steps(page, 3);
      await settled();
      let seen = await state();
      assert.equal(seen.shown.generation, 3);
      assert.equal(seen.own, 0);
      assert.equal(seen.shown.model_hash, cli(3).model_hash);
      assert.equal(seen.mirrored, seen.shown.model_hash);
      await page.click('#play');
      await page.waitForFunction(() => window.impartial.controller.session.generation() >= 8);
      await page.click('#play');
      await settled();
      seen = await state();
      assert.equal(seen.shown.model_hash, cli(seen.shown.generation).model_hash, `generation ${seen.shown.generation}`);
      assert.equal(seen.mirrored, seen.shown.model_hash);
      assert.equal(await number(page, 'generation'), seen.shown.generation);
      // Reset goes back to p_0 and the same run replays.
      await page.click('#reset');
      await settled();
      await steps(page, 3);
      await settled();
      assert.equal((await state()).shown.model_hash, cli(3).model_hash);
    });
  });

  const BAD_LINKS = [
    ['malformed hash', '#%E0%A4%A&&==&mu', /cannot be shown|not allowed/],
    ['unknown family', '#game=chess', /Unknown game family 'chess'/],
    ['beyond the budget', '#game=nim&heaps=1000,1000,1000', /200,000[\s\S]*Its value is known all the same: Grundy value 1000 by the nim-sum/],
    ['a poset beyond any graph', '#game=poset&poset=(C400%2BV300)/D250%2BL120', /64 elements[\s\S]*Its value is known all the same: Grundy value 406 by the g-set algebra[\s\S]*first player wins/],
    ['γ ≥ 1/Δ', '#game=subtraction&moves=1,2&heap=7&gamma=0.6', /gamma/],
    ['μ = 0', '#game=subtraction&moves=1,2&heap=7&mu=0', /'0' is not a valid value for mu[\s\S]*Using mu=20/],
    ['text in a number field', '#game=nim&heaps=x', /heaps/],
    ['text for μ', '#game=nim&heaps=2,3&mu=lots&seed=-1&speed=fast&engine=warp', /'fast' is not a valid value for speed[\s\S]*'lots' is not a valid value for mu[\s\S]*'warp' is not a valid value for engine[\s\S]*'-1' is not a valid value for seed/],
    ['a cyclic custom graph', '#game=dag&edges=a-b,b-a&root=a', /cycle/i],
  ];
  for (const [what, hash, pattern] of BAD_LINKS) {
    test(`a link with ${what} gives a notice and a working page`, async () => {
      await withPage(`${hash}&paused=1`, async (page) => {
        await expectNotice(page, pattern);
        await expectWorking(page);
      });
    });
  }

  // Names every JavaScript object has (`{}.constructor`, `{}.toString`…): a look-up by user text
  // in a plain object finds them, so the page must not look user text up that way.
  const JS_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

  test('JavaScript property names as the game in a link give a notice and a working page', async () => {
    for (const name of JS_NAMES) {
      await withPage(`#game=${name}&x=1&paused=1`, async (page) => {
        await expectNotice(page, new RegExp(`Unknown game family '${name}'`));
        await expectWorking(page);
      });
    }
  });

  test('JavaScript property names typed into the address of a working page give a notice (hashchange)', async () => {
    await withPage('#game=nim&heaps=1,2&paused=1', async (page) => {
      for (const name of JS_NAMES) {
        await page.evaluate((hash) => {
          location.hash = hash;
        }, `#game=${name}&x=1&paused=1`);
        await expectNotice(page, new RegExp(`Unknown game family '${name}'`));
        await expectWorking(page);
      }
    });
  });

  test('an address typed while the page rewrites its own (a run that ends, a slider) is the one opened', async () => {
    await withPage('#game=nim&heaps=1,2&paused=1', async (page) => {
      const before = Number(await page.evaluate(() => document.body.dataset.opened));
      // The edit, then the page's own rewrite before the hashchange is heard: in 30 runs of the
      // fuzz test a run that ended there put the old game back, and the edit was lost.
      await page.evaluate(() => {
        const old = location.hash;
        location.hash = '#game=nim&heaps=2,3&paused=1';
        history.replaceState(null, '', old);
      });
      await page.waitForFunction((n) => Number(document.body.dataset.opened) > n, before);
      assert.equal(await text(page, '#game-spec'), 'game=nim&heaps=2,3&play=normal');
      assert.match(await page.evaluate(() => location.hash), /heaps=2,3/);
      await expectWorking(page);
    });
  });

  test('JavaScript property names as keys and values are stray keys and bad values', async () => {
    await withPage('#game=nim&heaps=1,2&__proto__=1&constructor=x&mu=__proto__&speed=constructor&paused=1', async (page) => {
      await expectNotice(page, /'constructor' is not a valid value for speed[\s\S]*Unknown parameter '__proto__'[\s\S]*Unknown parameter 'constructor'[\s\S]*'__proto__' is not a valid value for mu/);
      assert.equal(await text(page, '#game-spec'), 'game=nim&heaps=1,2&play=normal');
      await expectWorking(page);
    });
  });

  test('text from a link is quoted short in a notice, invisible characters shown (an escape counts as its length)', async () => {
    const long = 'x'.repeat(5000);
    await withPage(`#game=nim&heaps=1,2&${long}=1&speed=%E2%80%AE${long}&expected=1%07&paused=1`, async (page) => {
      await expectNotice(
        page,
        /^'\\u\{202e\}x{32}…' is not a valid value for speed: [^\n]*\n+'1\\u\{7\}' is not a valid value for expected: use 0 or 1\. Using expected=0\.\n+Unknown parameter 'x{40}…' in the link/,
      );
      const longest = await page.$$eval('#notice p', (ps) => Math.max(...ps.map((p) => p.textContent.length)));
      assert.ok(longest < 400, `the longest notice has ${longest} characters`);
      await expectWorking(page);
    });
  });

  test('a stray key in a link is ignored with a notice; the game and the rest are kept', async () => {
    await withPage('#game=nim&heaps=1,2&Mu=5&foo=1&mu=7&paused=1', async (page) => {
      await expectNotice(page, /Unknown parameter 'Mu'[\s\S]*Unknown parameter 'foo'/);
      assert.equal(await text(page, '#game-spec'), 'game=nim&heaps=1,2&play=normal');
      assert.equal(await page.inputValue('#mu'), '7');
      await expectWorking(page);
    });
  });

  test('any 64-bit seed, as the CLI takes it, is kept exactly in the address', async () => {
    await withPage('#game=nim&heaps=2,3&seed=18446744073709551615&paused=1', async (page) => {
      assert.equal(await page.inputValue('#seed'), '18446744073709551615');
      assert.equal((await hashParams(page)).get('seed'), '18446744073709551615');
      await page.fill('#seed', '9007199254740993');
      await page.press('#seed', 'Enter');
      assert.equal((await hashParams(page)).get('seed'), '9007199254740993', 'above 2^53: not rounded');
      assert.equal(await page.locator('#notice').isVisible(), false);
    });
  });

  test('the citation link scrolls without losing the state in the address', async () => {
    await withPage('#game=chomp&rows=3&cols=3&mu=11&paused=1', async (page) => {
      await steps(page, 2);
      // Until the (smooth) scroll has ended, listened for before the click. (Where it ends
      // depends on the page's height then, which a late QR note can still change.)
      await page.evaluate(() => addEventListener('scrollend', () => (document.body.dataset.scrolled = 'true'), { once: true }));
      await page.click('header a[data-scroll]');
      await page.waitForFunction(() => document.body.dataset.scrolled === 'true');
      const { top, bottom } = await page.evaluate(() => document.getElementById('citation').getBoundingClientRect().toJSON());
      assert.ok(top < (await page.evaluate(() => innerHeight)) && bottom > 0, `the citation is in view (top ${top}, bottom ${bottom})`);
      // A followed link would have changed the address (a hashchange the page counts).
      assert.equal(await page.evaluate(() => document.body.dataset.opened), '1');
      assert.equal((await hashParams(page)).get('game'), 'chomp');
      assert.equal((await hashParams(page)).get('mu'), '11');
      assert.equal(await number(page, 'generation'), 2);
      assert.equal(await page.locator('#notice').isVisible(), false);
    });
  });

  test('the drawing: critical rings show the mass, winning moves are green, the card follows the run', async () => {
    await withPage('#game=subtraction&moves=1,2&heap=7&paused=1', async (page) => {
      const look = () =>
        page.evaluate(() => {
          const { controller, graphView } = window.impartial;
          graphView.draw(true);
          const canvas = document.getElementById('graph');
          const ctx = canvas.getContext('2d');
          const dpr = canvas.width / canvas.clientWidth;
          const at = (x, y) => [...ctx.getImageData(Math.round(x * dpr), Math.round(y * dpr), 1, 1).data.slice(0, 3)];
          const pos = (label) => graphView.screenPosition(controller.session.inner.find(label));
          const five = pos('5');
          const one = pos('1');
          const ring = Math.max(five.r + 2.5, 3.5);
          const six = pos('6');
          const seven = pos('7');
          return {
            fiveLeft: at(five.x - ring, five.y), // 3/4 round the ring from the top: vermillion while mass < 3/4
            fiveRight: at(five.x + ring, five.y), // 1/4 round: green once mass ≥ 1/4
            oneLeft: at(one.x - ring, one.y), // 1 is not critical: no ring
            edge76: at((six.x + seven.x) / 2, (six.y + seven.y) / 2), // 7 → 6 is the winning move
          };
        });
      const near = (a, b, tol = 40) => a.every((v, i) => Math.abs(v - b[i]) <= tol);
      let seen = await look();
      assert.ok(near(seen.fiveLeft, [0xd5, 0x5e, 0x00]), `ring of 5: ${seen.fiveLeft}`);
      assert.ok(near(seen.fiveRight, [0x00, 0x9e, 0x73]), `mass arc of 5 at p = 0.5: ${seen.fiveRight}`);
      assert.ok(!near(seen.oneLeft, [0xd5, 0x5e, 0x00]), `no ring at 1: ${seen.oneLeft}`);
      assert.ok(seen.edge76[1] > seen.edge76[0] + 40, `7 → 6 drawn green: ${seen.edge76}`);
      // Tap 5; after some generations the card shows the model's current p of 5 → 3.
      const at = await page.evaluate(() => {
        const { controller, graphView } = window.impartial;
        const rect = document.getElementById('graph').getBoundingClientRect();
        const { x, y } = graphView.screenPosition(controller.session.inner.find('5'));
        return { x: rect.left + x, y: rect.top + y };
      });
      await page.mouse.click(at.x, at.y);
      await steps(page, 6);
      // The card is redrawn at most five times a second, but always with the last generation.
      await page.waitForFunction(() => document.getElementById('hover-card').dataset.generation === '6');
      const p53 = await page.evaluate(() => {
        const { controller } = window.impartial;
        const v = controller.session.views();
        const five = controller.session.inner.find('5');
        for (let e = v.offsets[five]; e < v.offsets[five + 1]; e++) if (controller.session.label(v.targets[e]) === '3') return v.model[e];
        return null;
      });
      assert.ok(p53 > 0.5, `5 → 3 learned: ${p53}`);
      assert.match(await text(page, '#hover-card'), new RegExp(`→ 3 \\(g = 0, winning move\\): p = ${p53.toPrecision(4).replace('.', '\\.')}`));
      seen = await look();
      assert.ok(near(seen.fiveLeft, [0x00, 0x9e, 0x73]), `mass arc of 5 once learned: ${seen.fiveLeft}`);
    });
  });

  test('far out on a large graph, P-positions stay blue', async () => {
    await withPage('#game=nim&heaps=21,21,21&paused=1', async (page) => {
      const share = await page.evaluate(() => {
        const { controller, graphView } = window.impartial;
        graphView.draw(true);
        const canvas = document.getElementById('graph');
        const ctx = canvas.getContext('2d');
        const dpr = canvas.width / canvas.clientWidth;
        const v = controller.session.views();
        let p = 0;
        let blue = 0;
        for (let id = 0; id < controller.session.n; id++) {
          if (v.outcome[id] !== 0) continue;
          const { x, y } = graphView.screenPosition(id);
          const d = ctx.getImageData(Math.round(x * dpr), Math.round(y * dpr), 1, 1).data;
          p++;
          if (Math.abs(d[0] - 0x00) < 30 && Math.abs(d[1] - 0x72) < 30 && Math.abs(d[2] - 0xb2) < 30) blue++;
        }
        return blue / p;
      });
      assert.ok(share > 0.95, `${(share * 100).toFixed(1)}% of P-positions drawn blue`);
    });
  });

  test('bad values typed into the fields give a message and keep the run', async () => {
    await withPage('#game=subtraction&moves=1,2&heap=6&paused=1', async (page) => {
      for (const [id, value, pattern] of [
        ['#mu', '0', /mu/],
        ['#mu', 'many', /mu/],
        ['#gamma', '0.5', /gamma/],
        ['#gamma', 'NaN', /gamma/],
        ['#seed', 'abc', /seed/],
      ]) {
        await page.fill(id, value);
        await page.press(id, 'Enter');
        await expectNotice(page, pattern);
      }
      // The values in force are shown again and the URL still has them.
      assert.equal(await page.inputValue('#mu'), '20');
      assert.equal(await page.inputValue('#gamma'), 'paper');
      assert.equal((await hashParams(page)).get('mu'), '20');
      // A spec beyond the budget or malformed: the message beside the field, the game stays.
      await page.fill('#spec-input', 'game=chomp&rows=30&cols=30');
      await page.click('#build');
      await page.locator('#spec-error').waitFor({ state: 'visible' });
      assert.match(await text(page, '#spec-error'), /200,000/);
      assert.match(await text(page, '#spec-error'), /positions/);
      await page.fill('#spec-input', 'game=dag&edges=a-b,b-c,c-a&root=a');
      await page.click('#build');
      assert.match(await text(page, '#spec-error'), /cycle/i);
      assert.equal(await text(page, '#game-spec'), DEFAULT_GAME);
      await expectWorking(page);
    });
  });

  test('the nim-sum panel adds up heaps and parts in binary, matching the start’s Grundy value', async () => {
    for (const [spec, kind] of [['game=nim&heaps=3,4,5', 'heap'], ['game=sum&parts=nim(heaps=2)%2Bchomp(rows=2;cols=2)%2Bsubtraction(moves=1,2;heap=4)', 'game']]) {
      await withPage(`#${spec}&paused=1`, async (page) => {
        await page.waitForSelector('#nim-sum:not([hidden])');
        const total = await page.getAttribute('#nim-sum', 'data-total');
        assert.equal(total, await text(page, '#root-grundy'), spec);
        const rows = await page.$$eval('#nim-sum tr.component', (rs) => rs.map((r) => Number(r.dataset.grundy)));
        assert.equal(rows.reduce((a, b) => a ^ b, 0), Number(total));
        assert.match(await text(page, '#nim-sum-text'), new RegExp(`${kind} \\d+ \\(value \\d+\\) to value \\d+|P-position`));
      });
    }
    await withPage('#game=chomp&rows=3&cols=3&paused=1', async (page) => {
      assert.equal(await page.locator('#nim-sum').isVisible(), false);
    });
  });

  test('heap games show their Grundy strip, wrapped at the proven period', async () => {
    await withPage('#game=octal&code=0.77&heaps=10&paused=1', async (page) => {
      await page.waitForSelector('#grundy-strip:not([hidden])');
      assert.equal(await page.getAttribute('#grundy-strip', 'data-period'), '12');
      assert.equal(await page.getAttribute('#grundy-strip', 'data-preperiod'), '71');
      // Kayles' values as published (Winning Ways): g(0..11) = 0,1,2,3,1,4,3,2,1,4,2,6.
      const first = await page.$$eval('#grundy-strip .strip-cell', (cells) => cells.slice(0, 12).map((c) => c.textContent));
      assert.deepEqual(first, ['0', '1', '2', '3', '1', '4', '3', '2', '1', '4', '2', '6']);
      assert.equal(await page.getAttribute('#grundy-strip .strip-cell.heap', 'data-n'), '10');
    });
    await withPage('#game=nim&heaps=1,2&paused=1', async (page) => {
      assert.equal(await page.locator('#grundy-strip').isVisible(), false);
    });
  });

  test('a poset shows, on request, the g-set algebra’s steps ending at the start’s value', async () => {
    await withPage('#game=poset&poset=(C2%2BA2)/C1%2BD2&paused=1', async (page) => {
      await page.waitForSelector('#gset-steps:not([hidden])');
      assert.equal(await page.getAttribute('#gset-steps', 'data-grundy'), await text(page, '#root-grundy'));
      await page.click('#gset-steps summary');
      assert.match(await text(page, '#gset-step-list'), /Lemma 3\.2[\s\S]*Fact 3\.1/);
      // On the Hasse diagram, each step outlines exactly its part's elements (the core's run of
      // them) and boxes the parts its rule combines; the whole poset is shown first.
      const steps = await page.evaluate(() => window.impartial.controller.session.info.gset_steps);
      const shown = () =>
        page.$eval('#gset-diagram', (svg) => ({
          step: Number(svg.dataset.step),
          inPart: [...svg.querySelectorAll('.element.in-part')].map((g) => Number(g.dataset.part.slice(1))),
          boxed: [...svg.querySelectorAll('rect.gset-child')].map((r) => Number(r.dataset.step)),
        }));
      const expect = (i) => {
        const [first, end] = steps[i].elements;
        return { step: i, inPart: Array.from({ length: end - first }, (_, k) => first + k), boxed: steps[i].parts };
      };
      assert.deepEqual(await shown(), expect(steps.length - 1));
      assert.deepEqual(steps.at(-1).elements, [0, 9]);
      const union = steps.findIndex((s) => s.part === 'C2+A2');
      await page.click(`.gset-step[data-step="${union}"]`);
      await page.waitForSelector(`#gset-diagram[data-step="${union}"]`);
      assert.deepEqual(await shown(), expect(union));
      assert.equal(steps[union].parts.length, 2);
      assert.match(await text(page, '#gset-diagram-caption'), /^Fact 3\.1 combines .*C2 \(g = 2\), A2 \(g = 0\).* = 2\.$/);
      assert.equal(await page.getAttribute(`.gset-step[data-step="${union}"]`, 'aria-pressed'), 'true');
    });
    await withPage('#game=nim&heaps=1,2&paused=1', async (page) => {
      assert.equal(await page.locator('#gset-steps').isVisible(), false);
    });
  });

  test('the size is shown before building; presets build the paper’s examples', async () => {
    await withPage('#paused=1', async (page) => {
      // The size is worked out once typing pauses: #estimate names the spec it is for.
      const typed = (spec) => page.waitForFunction((s) => document.getElementById('estimate').dataset.spec === s, spec);
      await page.fill('#spec-input', 'game=chomp&rows=8&cols=8');
      await typed('game=chomp&rows=8&cols=8');
      assert.match(await text(page, '#estimate'), /12,869 positions and 398,971 moves/);
      // Too large to build, but known by theory: the size line says the value (worked out in a worker).
      await page.fill('#spec-input', 'game=octal&code=0.77&heaps=1000000,7');
      await typed('game=octal&code=0.77&heaps=1000000,7');
      await page.waitForFunction(() => document.getElementById('estimate').dataset.known === 'done');
      assert.match(await text(page, '#estimate'), /too many to draw; Grundy value \d+ by the heaps’ values|too many to draw; Grundy value \d+ by the heaps' values/);
      await page.fill('#spec-input', 'game=chomp&rows=8&cols=8');
      await typed('game=chomp&rows=8&cols=8');
      assert.equal(await text(page, '#game-spec'), DEFAULT_GAME, 'not built yet');
      await page.selectOption('#family', 'chomp');
      assert.equal(await page.inputValue('#spec-input'), 'game=chomp&rows=4&cols=4');
      await page.selectOption('#preset', 'game=turning-turtles&coins=6');
      await page.waitForFunction(() => document.getElementById('game-spec').textContent === 'game=turning-turtles&coins=6&play=normal');
      assert.equal((await rows(page)).length, 64);
      assert.equal((await hashParams(page)).get('game'), 'turning-turtles');
    });
  });

  test('keyboard: Space plays and pauses, → steps, R resets; ignored while typing', async () => {
    await withPage('#game=chomp&rows=3&cols=4&paused=1', async (page) => {
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.getElementById('generation').textContent === '1');
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.getElementById('generation').textContent === '2');
      await page.keyboard.press('r');
      await page.waitForFunction(() => document.getElementById('generation').textContent === '0');
      await page.keyboard.press(' ');
      assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'true');
      await page.waitForFunction(() => Number(document.getElementById('generation').textContent) > 0);
      await page.keyboard.press(' ');
      assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'false');
      assert.equal((await hashParams(page)).get('paused'), '1');
      // After clicking a button the keys still work.
      await page.click('#step');
      await page.waitForFunction(() => document.getElementById('generation').textContent !== '0');
      await page.keyboard.press('r');
      await page.waitForFunction(() => document.getElementById('generation').textContent === '0');
      // Typing in a field is typing, not a shortcut.
      await page.keyboard.press('r');
      const generation = await number(page, 'generation');
      await page.focus('#seed');
      await page.keyboard.press('r');
      await page.keyboard.press(' ');
      assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'false');
      assert.equal(await number(page, 'generation'), 0);
      assert.equal(generation, 0);
    });
  });

  test('hovering a position shows its Grundy value worked out and its moves with probabilities', async () => {
    await withPage('#game=subtraction&moves=1,2&heap=7&paused=1', async (page) => {
      const at = await page.evaluate(() => {
        const { controller, graphView } = window.impartial;
        graphView.draw(true);
        const id = controller.session.inner.find('5');
        const rect = document.getElementById('graph').getBoundingClientRect();
        const { x, y } = graphView.screenPosition(id);
        return { x: rect.left + x, y: rect.top + y };
      });
      await page.mouse.move(at.x, at.y);
      const card = page.locator('#hover-card');
      await card.waitFor({ state: 'visible' });
      const shown = await card.innerText();
      assert.match(shown, /^5 · N-position · critical/);
      assert.match(shown, /mex\{0, 1\} = 2/);
      assert.match(shown, /→ 4 \(g = 1\): p = 0\.5/);
      assert.match(shown, /→ 3 \(g = 0, winning move\): p = 0\.5/);
    });
  });

  test('exports the measures as CSV and the graph as PNG; shows a QR code and copies BibTeX', async () => {
    await withPage('#game=nim&heaps=2,3&paused=1&expected=1', async (page) => {
      await steps(page, 3);
      await page.click('#show-expected');
      await page.click('#show-expected');
      assert.equal(await page.evaluate(() => window.impartial.controller.points.length), 4, 'the chart keeps its history');
      const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
      const lines = (await streamText(await csv.createReadStream())).trim().split('\n');
      assert.match(lines[0], /^generation,games,mu,gamma,engine,critical,critical_learned/);
      assert.equal(lines.length, 1 + 4, 'header and generations 0..3');
      assert.match(lines[4], /^3,60,20,/);
      assert.ok(lines.slice(1).every((l) => l.split(',')[10] !== ''), 'expected-dynamics column filled');
      const [png] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
      assert.equal(png.suggestedFilename(), 'impartial-graph.png');
      // The QR code is drawn once the address has been still for a moment.
      await page.waitForFunction(() => document.getElementById('qr').dataset.link === location.href);
      const qrInk = await page.evaluate(() => {
        const c = document.getElementById('qr');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let dark = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] < 128) dark++;
        return dark / (d.length / 4);
      });
      assert.ok(qrInk > 0.2 && qrInk < 0.7, `QR code drawn (${qrInk})`);
      assert.match(await text(page, '#bibtex'), /@inproceedings\{benford2025impartial/);
    });
  });

  test('lays out for a phone without horizontal scrolling', async () => {
    await withPage('#paused=1', async (page) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
      const canvasWidth = await page.evaluate(() => document.getElementById('graph').clientWidth);
      assert.ok(canvasWidth > 300, `canvas ${canvasWidth}px wide`);
    }, { viewport: { width: 390, height: 844 } });
  });

  test('says how to build the wasm module when it cannot be loaded', async () => {
    await withPage(
      '',
      async (page, problems) => {
        assert.equal(await page.evaluate(() => document.body.dataset.state), 'unavailable');
        assert.match(await text(page, '#notice'), /scripts\/serve/);
        // The 404 itself is logged by the browser; nothing else may go wrong.
        assert.deepEqual(problems.filter((p) => !/Failed to load resource|Failed to fetch dynamically imported module/.test(p)), []);
      },
      { route: (p) => p.route('**/pkg/**', (r) => r.fulfill({ status: 404, body: 'not found' })), allowProblems: true },
    );
  });
});

async function streamText(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
