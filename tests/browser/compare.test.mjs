// Chromium: comparing settings on the page. A μ × γ grid run in the experiment's worker, its
// heat map's medians read against `impartial runtime --json` for the same game, grid and seeds;
// a grid over the limits refused before any run; and the learner chart's line for Böhme's
// rules (plays lost per play) against `impartial learn`.
// Run: node --test tests/browser/compare.test.mjs

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';

import { CLI, NEEDS_CLI, browserHarness } from './harness.mjs';

const withPage = browserHarness({ needs: [NEEDS_CLI] });
/** Waits until the experiment panel's part of the core (the lab module) has loaded. */
const labReady = (page) => page.waitForFunction(() => document.getElementById('experiment').dataset.lab === 'ready');

const json = (args) => JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));

/** Each cell of the page's heat map: `mu|gamma` → data-median. */
const heatmap = (page) =>
  page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll('#exp-heatmap rect.cell')].map((r) => [`${r.dataset.mu}|${r.dataset.gamma}`, r.dataset.median])),
  );

describe('a μ × γ grid in the experiment panel', () => {
  test('a 2 × 2 grid: the heat map’s medians are runtime’s for the same seeds', async () => {
    const template = 'game=chomp&rows=N&cols=N&play=normal';
    const settings = '&exp-runs=6&exp-seed=7&exp-budget=3000&exp-mu=10,40&exp-gamma=0,0.03';
    await withPage(`#game=chomp&rows=3&cols=3&mode=experiment&paused=1${settings}`, async (page) => {
      await labReady(page);
      assert.equal(await page.inputValue('#exp-mu'), '10,40');
      assert.equal(await page.inputValue('#exp-gamma'), '0,0.03');
      const args = ['--sizes', '3', '--runs', '6', '--seed', '7', '--mu', '10,40', '--gamma', '0,0.03', '--engine', 'fast', '--max-evals', '3000'];
      assert.equal(await page.getAttribute('#experiment', 'data-command'), `impartial runtime --game '${template}' ${args.join(' ')}`);
      await page.click('#exp-start');
      await page.waitForFunction(() => document.getElementById('experiment').dataset.state === 'done', null, { timeout: 120_000 });
      assert.equal(await page.getAttribute('#experiment', 'data-runs'), '24');
      const cli = json(['runtime', '--game', template, ...args, '--json']);
      const want = Object.fromEntries(cli.sizes.map((c) => [`${c.mu_setting}|${c.gamma_setting}`, c.median === null ? '' : String(c.median)]));
      assert.deepEqual(await heatmap(page), want);
      assert.equal(Object.keys(want).length, 4);
      // γ = 0 leaves some runs unfinished in this budget: the cells say so, and an empty median is past the budget.
      assert.ok(cli.sizes.some((c) => c.finished < c.runs), 'some runs spend the budget, so unfinished cells are compared');
      for (const c of cli.sizes.filter((c) => c.median === null)) {
        const fill = await page.getAttribute(`#exp-heatmap rect.cell[data-mu="${c.mu_setting}"][data-gamma="${c.gamma_setting}"]`, 'fill');
        assert.equal(fill, 'url(#exp-heatmap-hatch)');
      }
      assert.equal(await page.getAttribute('#exp-heatmap', 'data-cells'), '4');
      assert.equal(await page.isVisible('#exp-histogram'), false, 'a grid draws its heat map, not one cell’s histogram');
      // The grid is in the address.
      const hash = new URLSearchParams(await page.evaluate(() => location.hash.slice(1)));
      assert.deepEqual([hash.get('exp-mu'), hash.get('exp-gamma')], ['10,40', '0,0.03']);
    });
  });

  test('a grid over the limits is a notice before any run, from the link, typed or at Start', async () => {
    const big = '&exp-runs=100&exp-mu=10,20,30&exp-gamma=0,0.01,0.02,0.03';
    await withPage(`#game=chomp&rows=3&cols=3&mode=experiment&paused=1${big}`, async (page) => {
      // The grid is checked by the panel's part of the core (the lab module, loaded on demand).
      await labReady(page);
      assert.equal(
        await page.textContent('#notice'),
        'A grid of 3 μ × 4 γ with R = 100 makes 1,200 runs, more than the 1,000 the page makes in one experiment: list fewer values or take a smaller R, or run the grid with impartial runtime. Using no grid (the learner\'s μ and γ alone).',
      );
      assert.equal(await page.inputValue('#exp-mu'), '');
      // Typed: refused, the value in force kept.
      await page.fill('#exp-mu', '10,20,30');
      await page.press('#exp-mu', 'Enter');
      await page.fill('#exp-gamma', '0,0.01,0.02,0.03');
      await page.press('#exp-gamma', 'Tab');
      assert.match(await page.textContent('#notice'), /^A grid of 3 μ × 4 γ with R = 100 makes 1,200 runs/);
      assert.equal(await page.inputValue('#exp-gamma'), '');
      await page.fill('#exp-gamma', '0,0.5');
      await page.press('#exp-gamma', 'Tab');
      assert.match(await page.textContent('#notice'), /1\/Δ/);
      // R raised after the grid was set: Start refuses it, and no run is made.
      await page.fill('#exp-gamma', '0,0.01');
      await page.press('#exp-gamma', 'Tab');
      await page.fill('#exp-runs', '1000');
      await page.press('#exp-runs', 'Tab');
      await page.click('#exp-start');
      assert.match(await page.textContent('#notice'), /^A grid of 3 μ × 2 γ with R = 1000 makes 6,000 runs/);
      assert.equal(await page.getAttribute('#experiment', 'data-state'), 'idle');
      assert.equal(await page.getAttribute('#experiment', 'data-runs'), '0');
    });
  });
});

describe('the learner chart for Böhme’s rules', () => {
  test('its line is the plays lost per play, play by play, as impartial learn counts them', async () => {
    const G4 = 'game=graph&edges=a4-m4,a4-c4,m4-l4,c4-a3,a3-m3,a3-c3,m3-l3,c3-a2,a2-m2,a2-c2,m2-l2,c2-a1,a1-m1,a1-w,m1-l1&root=a4';
    await withPage(`#${G4}&learner=lnwt&opponent=first&paused=1`, async (page) => {
      assert.equal(await page.isVisible('#chart'), true);
      await page.waitForFunction(() => document.getElementById('chart').dataset.learner === 'rule');
      const plays = 20;
      for (let k = 1; k <= plays; k++) {
        await page.click('#step');
        await page.waitForFunction((k) => document.getElementById('rule-stats').dataset.plays === String(k), k);
      }
      const points = await page.evaluate(() => window.impartial.controller.points.map((p) => [p.generation, p.lost, p.lostShare]));
      // One point per play from play 0, each the share lost so far as the CLI counts it.
      assert.equal(points.length, plays + 1);
      for (const [k, lost, share] of points.slice(1)) {
        const cli = json(['learn', '--game', G4, '--rule', 'lnwt', '--opponent', 'first', '--seed', '1', '--plays', String(k), '--json']);
        assert.equal(lost, cli.lost, `lost after ${k} plays`);
        assert.equal(share, cli.lost / k);
      }
      assert.deepEqual(points[0], [0, 0, null]);
      assert.equal(points.at(-1)[1], 15, 'Böhme §4.2: LNWT loses 2^4 − 1 plays on G_4');
      await page.waitForFunction((want) => document.getElementById('chart').dataset.last === want, String(15 / 20));
      assert.equal(await page.isVisible('#chart-legend li.rule-only'), true);
      assert.equal(await page.isVisible('#chart-legend li.umda-only >> nth=0'), false);
      // Back to UMDA on an acyclic game: Π again.
      await page.selectOption('#learner', 'umda');
      await page.waitForFunction(() => document.getElementById('chart').dataset.learner === 'umda');
    });
  });
});
