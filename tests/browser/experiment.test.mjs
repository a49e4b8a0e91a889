// Browser tests of the Experiment panel in headless Chromium: the worker's T
// values are the CLI's (`impartial runtime --raw --json`) for the same game, settings and seeds;
// the page keeps drawing and its controls respond while an experiment runs; a `runtime --json`
// summary loads as a figure whose points are the file's; a malformed file or setting is one
// notice and the page keeps working. They wait for what the page exposes (#experiment
// data-state, data-runs, data-figure; the run's #generation), never for time.
// Run: node --test tests/browser/

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';

import { CLI, NEEDS_CLI, browserHarness } from './harness.mjs';

const withPage = browserHarness({ needs: [NEEDS_CLI] });

const panel = (page) => page.evaluate(() => ({ ...document.getElementById('experiment').dataset }));
const notice = (page) => page.evaluate(() => (document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent));

/** Waits until the panel's part of the core (the lab module, loaded on demand) has loaded. */
const labReady = (page) => page.waitForFunction(() => document.getElementById('experiment').dataset.lab === 'ready');

/** Presses Start and waits for the experiment to end (done, or idle after a refusal). */
async function runExperiment(page) {
  await labReady(page);
  await page.click('#exp-start');
  await page.waitForFunction(() => ['done', 'idle'].includes(document.getElementById('experiment').dataset.state), null, { timeout: 120_000 });
  return panel(page);
}

/** `impartial runtime` with these arguments, as JSON. */
const cli = (args) => JSON.parse(execFileSync(CLI, ['runtime', ...args, '--json'], { encoding: 'utf8' }));

describe('an experiment on the page makes the CLI’s runs', () => {
  for (const { title, hash, template, size, mu, gamma, seed } of [
    {
      title: 'subtraction heap 20, R = 10, the default settings',
      hash: '#game=subtraction&moves=1,2&heap=20&paused=1&exp-runs=10',
      template: 'game=subtraction&moves=1,2&heap=N&play=normal',
      size: 20, mu: 20, gamma: 'paper', seed: 1,
    },
    {
      title: 'chomp 3×3, R = 10, μ = 10, γ = 0.01, seed 77',
      hash: '#game=chomp&rows=3&cols=3&mu=10&gamma=0.01&paused=1&exp-runs=10&exp-seed=77',
      template: 'game=chomp&rows=N&cols=N&play=normal',
      size: 3, mu: 10, gamma: '0.01', seed: 77,
    },
  ]) {
    test(`${title}: the worker's T values equal runtime --raw's for the same seeds`, async () => {
      await withPage(`${hash}&mode=experiment`, async (page) => {
        assert.equal((await panel(page)).state, 'idle');
        const shown = await runExperiment(page);
        assert.equal(shown.state, 'done', await notice(page));
        assert.equal(shown.runs, '10');
        const args = ['--game', template, '--sizes', String(size), '--runs', '10', '--seed', String(seed), '--mu', String(mu), '--gamma', gamma, '--engine', 'fast', '--max-evals', '1000000'];
        // The command the panel prints is the one that makes these runs.
        assert.equal(shown.command, `impartial runtime --game '${template}' ${args.slice(2).join(' ')}`);
        const raw = cli([...args, '--raw']);
        const expected = raw.rows.map((r) => (r.found ? String(r.games) : '-')).join(',');
        assert.equal(shown.t, expected);
        assert.ok(raw.rows.some((r) => r.found), 'some runs finish, so T is compared');
        // The percentiles shown are the CLI summary's.
        const [cell] = cli(args).sizes;
        const text = (v) => (v === null ? '' : String(v));
        assert.deepEqual([shown.p10, shown.median, shown.p90], [text(cell.p10), text(cell.median), text(cell.p90)]);
        // The histogram holds every finished run; unfinished ones have their own bar.
        const bars = await page.$$eval('#exp-histogram rect:not(.unfinished)', (rs) => rs.reduce((s, r) => s + Number(r.dataset.count), 0));
        assert.equal(bars, raw.rows.filter((r) => r.found).length);
        assert.equal(await page.$$eval('#exp-curves path[stroke-opacity]', (ps) => ps.length), 10, 'one Π curve per run');
        assert.match(await page.textContent('#exp-stats'), new RegExp(`Median T = ${Number(cell.median).toLocaleString('en')} games`));
      });
    });
  }

  test('the page keeps drawing and its controls respond while an experiment runs; Stop ends it', async () => {
    // Chomp 5×5 with μ = 5,000: each run takes a good fraction of a second, so 1,000 runs are
    // still under way whatever this machine's speed.
    await withPage('#game=chomp&rows=5&cols=5&mu=5000&paused=1&exp-runs=1000&mode=experiment', async (page) => {
      await labReady(page);
      await page.click('#exp-start');
      assert.equal((await panel(page)).state, 'running');
      // Frames go on: twenty animation frames while the worker works.
      await page.evaluate(() => new Promise((done) => {
        let frames = 0;
        const frame = () => (++frames >= 20 ? done() : requestAnimationFrame(frame));
        requestAnimationFrame(frame);
      }));
      // Another control responds: back in the learner's mode, a step of the page's own run
      // finishes its generation while the experiment goes on.
      await page.click('#mode-learn');
      await page.click('#step');
      await page.waitForFunction(() => document.getElementById('generation').textContent === '1', null, { timeout: 60_000 });
      const during = await panel(page);
      assert.equal(during.state, 'running');
      assert.ok(Number(during.runs) < 1000, `${during.runs} runs so far`);
      // Progress counts runs as they come.
      await page.waitForFunction(() => Number(document.getElementById('experiment').dataset.runs) >= 1, null, { timeout: 60_000 });
      assert.match(await page.textContent('#exp-progress'), /^\d+ of 1,000 runs/);
      await page.click('#mode-experiment');
      await page.click('#exp-stop');
      const stopped = await panel(page);
      assert.equal(stopped.state, 'stopped');
      assert.match(await page.textContent('#exp-progress'), /\(stopped\)/);
      assert.equal(stopped.t.split(',').length, Number(stopped.runs), 'the runs made so far stay shown');
    });
  });
});

describe('the experiment’s settings', () => {
  test('live in the address, written when not their default; a bad one is a notice and its default', async () => {
    await withPage('#game=subtraction&moves=1,2&heap=20&paused=1&exp-runs=5000&exp-budget=7&mode=experiment', async (page) => {
      const text = await notice(page);
      assert.match(text, /'5000' is not a valid value for runs: a whole number from 1 to 1000\. Using exp-runs=20\./);
      assert.equal(await page.inputValue('#exp-runs'), '20');
      // A budget below μ is refused when the runs start, in one sentence, and nothing runs.
      const shown = await runExperiment(page);
      assert.equal(shown.state, 'idle');
      assert.match(await notice(page), /The budget of 7 games is below μ = 20: not even one generation fits/);
      await page.fill('#exp-runs', '12');
      await page.press('#exp-runs', 'Enter');
      await page.fill('#exp-budget', '5000');
      await page.press('#exp-budget', 'Tab');
      await page.waitForFunction(() => location.hash.includes('exp-budget=5000'));
      assert.match(await page.evaluate(() => location.hash), /&exp-runs=12&exp-budget=5000$/);
      assert.equal((await runExperiment(page)).runs, '12');
    });
  });

  test('N is the game’s largest number unless set; a size that is no value of the game still runs, without a CLI command', async () => {
    await withPage('#game=chomp&rows=2&cols=4&paused=1&exp-runs=3&exp-n=9&mode=experiment', async (page) => {
      await labReady(page);
      assert.equal((await panel(page)).command, '');
      assert.match(await page.textContent('#exp-command'), /No value of this game is N = 9/);
      assert.equal((await runExperiment(page)).state, 'done');
      await page.fill('#exp-n', '');
      await page.press('#exp-n', 'Enter');
      await page.waitForFunction(() => document.getElementById('experiment').dataset.command !== '');
      assert.match((await panel(page)).command, /--game 'game=chomp&rows=2&cols=N&play=normal' --sizes 4 /);
    });
  });
});

describe('the lab module (the panel’s part of the core, loaded on demand)', () => {
  test('is not loaded by a page outside the panel; when it cannot load, one notice and the page keeps working', async () => {
    await withPage('#game=subtraction&moves=1,2&heap=6&paused=1', async (page) => {
      // The page's own module alone: nothing asked for the lab.
      const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      assert.ok(loaded.some((u) => u.endsWith('/pkg/impartial_bg.wasm')), loaded.join(' '));
      assert.ok(!loaded.some((u) => u.includes('impartial_lab')), loaded.join(' '));
    });
    await withPage(
      '#game=subtraction&moves=1,2&heap=6&paused=1&mode=experiment',
      async (page) => {
        await page.waitForFunction(() => document.getElementById('experiment').dataset.lab === 'failed');
        assert.match(await notice(page), /^Could not load the second part of the WebAssembly core \(pkg\/impartial_lab\.js\)/);
        assert.equal((await panel(page)).state, 'idle');
        // The page's own module still learns.
        await page.click('#mode-learn');
        await page.click('#step');
        await page.waitForFunction(() => document.getElementById('generation').textContent === '1');
      },
      // A lab module whose WebAssembly cannot be had (as on a dropped connection), without the
      // console error a 404 would log.
      {
        beforeGoto: (p) =>
          p.route('**/pkg/impartial_lab.js', (r) =>
            r.fulfill({ contentType: 'text/javascript', body: "export default async () => { throw new Error('no wasm'); };" })),
      },
    );
  });
});

describe('a sweep’s figure', () => {
  test('a runtime --json summary is drawn with the file’s medians; a malformed file is one notice', async () => {
    const summary = JSON.stringify(
      cli(['--game', 'game=subtraction&moves=1,2&heap=N-1', '--sizes', '8,16,24', '--runs', '6', '--mu', '20,40']),
    );
    await withPage('#game=subtraction&moves=1,2&heap=6&paused=1&mode=experiment', async (page) => {
      await page.setInputFiles('#exp-file', { name: 'sweep.json', mimeType: 'application/json', buffer: Buffer.from(summary) });
      await page.waitForFunction(() => document.getElementById('experiment').dataset.figure);
      const cells = JSON.parse(summary).sizes;
      assert.equal((await panel(page)).figure, String(cells.length));
      const drawn = await page.$$eval('#exp-figure circle', (cs) => cs.map((c) => [Number(c.dataset.n), Number(c.dataset.t)]));
      const expected = cells.filter((c) => c.median !== null).map((c) => [c.positions, c.median]);
      const order = (a, b) => a[0] - b[0] || a[1] - b[1];
      assert.deepEqual(drawn.sort(order), expected.sort(order));
      assert.equal(await page.$$eval('#exp-figure g.line', (gs) => gs.length), 2, 'one line per μ');
      assert.equal(await page.$$eval('#exp-figure polygon', (ps) => ps.length), 2, 'a 10–90% band per line');
      assert.match(await page.textContent('#exp-figure-legend'), /μ = 20, γ = paper.*μ = 40, γ = paper/);
      for (const bad of ['not json at all', '{"sizes": 3}', '[]', JSON.stringify({ ...JSON.parse(summary), sizes: [] })]) {
        await page.setInputFiles('#exp-file', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
        await page.waitForFunction(() => !document.getElementById('notice').hidden);
        const text = await notice(page);
        assert.match(text, /^This file is not a summary written by `impartial runtime --json`[^.]*\.$/, bad);
        // The page keeps working: the figure shown stays, and the run steps.
        assert.equal((await panel(page)).figure, String(cells.length));
        await page.evaluate(() => document.getElementById('notice').setAttribute('hidden', ''));
      }
      const before = await page.textContent('#generation');
      await page.click('#mode-learn');
      await page.click('#step');
      await page.waitForFunction((g) => document.getElementById('generation').textContent !== g, before);
    });
  });
  test('a μ × γ grid summary is drawn as one heat map per size whose cells are the file’s medians', async () => {
    const summary = JSON.stringify(
      cli(['--game', 'game=subtraction&moves=1,2&heap=N-1', '--sizes', '8,16,32', '--runs', '4', '--mu', '10,100', '--gamma', 'paper,0.01', '--max-evals', '1500']),
    );
    await withPage('#game=subtraction&moves=1,2&heap=6&paused=1', async (page) => {
      await page.setInputFiles('#exp-file', { name: 'grid.json', mimeType: 'application/json', buffer: Buffer.from(summary) });
      await page.waitForFunction(() => document.getElementById('experiment').dataset.figure);
      const cells = JSON.parse(summary).sizes;
      assert.ok(cells.some((c) => c.median === null), 'the budget leaves a cell past it');
      assert.equal(await page.$$eval('#exp-figure g.heat', (gs) => gs.length), 3, 'one heat map per size');
      assert.equal(await page.$$eval('#exp-figure circle, #exp-figure polyline', (es) => es.length), 0, 'no line per cell');
      const drawn = await page.$$eval('#exp-figure rect.cell', (rs) =>
        rs.map((r) => [Number(r.dataset.size), r.dataset.mu, r.dataset.gamma, r.dataset.t === '' ? null : Number(r.dataset.t)]));
      const expected = cells.map((c) => [c.size, c.mu_setting, c.gamma_setting, c.median]);
      const order = (a, b) => String(a).localeCompare(String(b));
      assert.deepEqual(drawn.sort(order), expected.sort(order));
      const text = await page.textContent('#exp-figure');
      assert.match(text, /γ, the model’s margin/);
      assert.match(text, />budget/);
      assert.match(text, /median T, games \(log scale\)/);
      assert.match(await page.textContent('#exp-figure-note'), /^grid\.json: median T over μ × γ at each size, 12 cells\.$/);
    });
  });
});
