// Browser tests of Böhme's learning rules on the page in headless
// Chromium: a rule driven play by play, its counts checked against the native CLI
// (`impartial learn`) for the same seed; the learner's strategy and the flashing changes on the
// graph; the learner and opponent in the link, bad values with a notice; the presets; the
// switch back to UMDA. They wait for what the page exposes (#rule-stats data-plays,
// #graph data-flash), never for time.
// Run: node --test tests/browser/

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';

import { CLI, NEEDS_CLI, browserHarness } from './harness.mjs';

const withPage = browserHarness({ needs: [NEEDS_CLI] });

/** Böhme's G_4 and K_5 as two-player games (as the page's presets write them). */
const G4 =
  'game=graph&edges=a4-m4,a4-c4,m4-l4,c4-a3,a3-m3,a3-c3,m3-l3,c3-a2,a2-m2,a2-c2,m2-l2,c2-a1,a1-m1,a1-w,m1-l1&root=a4';
const K5 = 'game=graph&edges=a-c,a-w,c-b,b-m1,m1-l1,b-m2,m2-l2,b-m3,m3-l3,b-m4,m4-l4,b-m5,m5-l5&root=a';

/** The CLI's summary of `plays` plays of `rule` against `opponent` with `seed`. */
function cli(spec, rule, opponent, seed, plays) {
  const args = ['learn', '--game', spec, '--rule', rule, '--opponent', opponent, '--seed', String(seed), '--plays', String(plays), '--json'];
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

const stats = (page) => page.evaluate(() => ({ ...document.getElementById('rule-stats').dataset }));
const hashParams = async (page) => new URLSearchParams(await page.evaluate(() => location.hash.slice(1)));

/** Presses Step `n` times, each time waiting for the page to count the play. */
async function step(page, n) {
  for (let i = 0; i < n; i++) {
    const before = Number((await stats(page)).plays);
    await page.click('#step');
    await page.waitForFunction((k) => document.getElementById('rule-stats').dataset.plays === String(k), before + 1);
  }
}

describe('a rule learns on the page', () => {
  test('step by step, the counts are the CLI’s for the same seed (G_4: LNWT loses 2^4 − 1 plays)', async () => {
    await withPage(`#${G4}&learner=lnwt&opponent=first&paused=1`, async (page) => {
      assert.equal(await page.evaluate(() => document.body.dataset.learner), 'rule');
      assert.equal(await page.isVisible('#rule-stats'), true);
      assert.equal(await page.isVisible('#mu'), false, 'UMDA’s μ is hidden while a rule learns');
      for (const plays of [1, 5, 16, 20]) {
        await step(page, plays - Number((await stats(page)).plays));
        const want = cli(G4, 'lnwt', 'first', 1, plays);
        const got = await stats(page);
        assert.deepEqual(
          [got.plays, got.won, got.lost, got.drawn, got.optimalAfter],
          [want.plays, want.won, want.lost, want.drawn, want.optimal_after ?? ''].map(String),
          `after ${plays} plays`,
        );
      }
      const final = await stats(page);
      assert.equal(final.lost, '15', 'Böhme §4.2: 2^4 − 1');
      assert.equal(await page.textContent('#rule-optimal'), 'after 15 plays');
      assert.match(await page.textContent('#rule-bounds'), /\(2\+1\)\^7 = 2,187/);
    });
  });

  test('a random rule against a random opponent replays the CLI’s counts for its seed, while playing', async () => {
    const spec = 'game=chomp&rows=2&cols=4';
    await withPage(`#${spec}&learner=rlnwt&opponent=random&seed=77&speed=5`, async (page) => {
      // Playing: pause at some play, then compare that many plays with the CLI.
      await page.waitForFunction(() => Number(document.getElementById('rule-stats').dataset.plays) >= 30);
      await page.click('#play');
      await page.waitForFunction(() => document.getElementById('play').getAttribute('aria-pressed') === 'false');
      const got = await stats(page);
      const want = cli(spec, 'rlnwt', 'random', 77, Number(got.plays));
      assert.deepEqual([got.won, got.lost, got.drawn], [want.won, want.lost, want.drawn].map(String));
      // Reset replays from play 0 with the same seed.
      await page.click('#reset');
      await page.waitForFunction(() => document.getElementById('rule-stats').dataset.plays === '0');
      await step(page, 3);
      const again = cli(spec, 'rlnwt', 'random', 77, 3);
      assert.equal((await stats(page)).lost, String(again.lost));
    });
  });

  test('the strategy is one move per position; the moves a play changed flash', async () => {
    await withPage(`#${K5}&learner=lnwp&opponent=first&paused=1`, async (page) => {
      const strategy = () => page.evaluate(() => [...window.impartial.controller.rules.run.strategy]);
      const n = await page.evaluate(() => window.impartial.controller.session.n);
      assert.equal((await strategy()).length, n);
      await step(page, 1);
      // K_5's first play: a → c → b → m1 → l1, lost; LNWP moves b on to its second move.
      assert.equal(await page.getAttribute('#graph', 'data-flash'), '1');
      assert.match(await page.textContent('#rule-last'), /a → c → b → m1 → l1 — the learner lost; it changed one move: b now to m2/);
      const b = await page.evaluate(() => window.impartial.controller.session.find('b'));
      const m2 = await page.evaluate(() => window.impartial.controller.session.find('m2'));
      assert.equal((await strategy())[b], m2);
      // The hover card marks the learner's move at b (not UMDA's probabilities).
      const at = await page.evaluate((id) => {
        const p = window.impartial.graphView.screenPosition(id);
        const r = document.getElementById('graph').getBoundingClientRect();
        return { x: r.left + p.x, y: r.top + p.y };
      }, b);
      await page.mouse.move(at.x, at.y);
      await page.waitForFunction(() => !document.getElementById('hover-card').hidden);
      const card = await page.textContent('#hover-card');
      assert.match(card, /→ m2 \([^)]*\) ← the learner’s move/);
      assert.doesNotMatch(card, /p = /);
      await step(page, 5);
      // The sixth play goes a → w and wins: nothing changes, nothing flashes.
      assert.equal(await page.getAttribute('#graph', 'data-flash'), '0');
      assert.equal((await stats(page)).lost, '5', 'Böhme §4.3: LNWP loses n = 5 plays on K_5');
      assert.equal((await stats(page)).optimalAfter, '5');
    });
  });
});

describe('the learner in the link and the controls', () => {
  test('choosing a rule and its opponent writes learner and opponent; UMDA again drops them', async () => {
    await withPage('#game=nim&heaps=1,2&paused=1', async (page) => {
      assert.equal((await hashParams(page)).get('learner'), null);
      await page.selectOption('#learner', 'llp');
      await page.waitForFunction(() => document.body.dataset.learner === 'rule');
      await page.selectOption('#rule-opponent', 'same');
      await page.waitForFunction(() => location.hash.includes('opponent=same'));
      assert.equal((await hashParams(page)).get('learner'), 'llp');
      await step(page, 2);
      const want = cli('game=nim&heaps=1,2', 'llp', 'same', 1, 2);
      assert.equal((await stats(page)).lost, String(want.lost));
      await page.selectOption('#learner', 'umda');
      await page.waitForFunction(() => document.body.dataset.learner === 'umda');
      assert.equal((await hashParams(page)).get('learner'), null);
      assert.equal(await page.isVisible('#mu'), true);
      assert.equal(await page.getAttribute('#graph', 'data-flash'), '');
    });
  });

  test('bad learner and opponent values: a notice naming what is allowed, and a working page', async () => {
    await withPage('#game=nim&heaps=1,2&learner=lnwz&paused=1', async (page) => {
      assert.match(await page.textContent('#notice'), /'lnwz' is not a valid value for learner: use umda, lnwt, lnwp, llt, llp, rlnwt or rllt/);
      assert.equal(await page.evaluate(() => document.body.dataset.learner), 'umda');
    });
    await withPage('#game=nim&heaps=1,2&learner=lnwt&opponent=learned&paused=1', async (page) => {
      assert.match(await page.textContent('#notice'), /'learned' is not an opponent for a learning rule: use first, perfect, random or same/);
      assert.equal((await hashParams(page)).get('opponent'), 'perfect');
      await step(page, 1);
    });
    await withPage('#game=nim&heaps=1,2&learner=lnwt&opponent=god&paused=1', async (page) => {
      assert.match(await page.textContent('#notice'), /'god' is not a valid value for opponent: use perfect, learned, random, person, first or same/);
      await step(page, 1);
    });
  });

  test('Böhme’s presets bring their rule; the Chomp preset compares it with UMDA', async () => {
    await withPage('#paused=1', async (page) => {
      await page.selectOption('#preset', K5);
      await page.waitForFunction(() => document.body.dataset.learner === 'rule');
      const params = await hashParams(page);
      assert.deepEqual([params.get('learner'), params.get('opponent')], ['lnwp', 'first']);
      await page.selectOption('#preset', 'game=chomp&rows=2&cols=4');
      await page.waitForFunction(() => document.getElementById('game-spec').textContent.startsWith('game=chomp&rows=2&cols=4'));
      assert.equal((await hashParams(page)).get('opponent'), 'random');
      await step(page, 1);
    });
  });
});

describe('graphs with cycles', () => {
  const H = 'game=graph&edges=a-xab,a-xac,xab-b,xac-c,b-ybc,b-ybt,ybc-c,ybt-t,c-zct,c-zcb,zct-t,zcb-b&root=a';

  test('H is drawn with its D-positions; LLP learns to draw as the CLI does; UMDA is hidden with a sentence', async () => {
    await withPage(`#${H}&learner=llp&opponent=first&paused=1`, async (page) => {
      assert.equal(await page.evaluate(() => document.body.dataset.cyclic), 'true');
      assert.match(await page.textContent('#cyclic-note'), /UMDA, its runtime bounds, play mode and strategies mode need an acyclic game \(Benford & Lehre §2\)/);
      assert.equal(await page.isVisible('#mu'), false);
      assert.equal(await page.isDisabled('#mode-play'), true);
      assert.equal(await page.isDisabled('#learner option[value="umda"]'), true);
      assert.match(await page.textContent('#root-outcome'), /^D: a draw/);
      // The core's outcomes: the start and its neighbours are D-positions (drawn as diamonds).
      const outcomes = await page.evaluate(() => [...window.impartial.controller.session.views().outcome]);
      assert.ok(outcomes.includes(2) && outcomes.includes(0), String(outcomes));
      await step(page, 20);
      const want = cli(H, 'llp', 'first', 1, 20);
      const got = await stats(page);
      assert.deepEqual([got.lost, got.drawn, got.won], [want.lost, want.drawn, want.won].map(String));
      assert.equal(got.drawn, '19', 'Böhme §4.4: LLP loses one play, then draws');
      assert.equal(await page.textContent('#rule-optimal'), 'not defined');
      assert.match(await page.textContent('#rule-last'), /Play 20: .* — the learner drew \(a position repeated/);
      assert.match(await page.textContent('#rule-bounds'), /LLP loses fewer than M_p = 6 plays \(Theorem 4\.8\)/);
    });
  });

  test('UMDA asked for on a graph with cycles: a notice and a rule instead; the H preset brings LLT', async () => {
    await withPage(`#${H}&learner=umda&paused=1`, async (page) => {
      assert.match(await page.textContent('#notice'), /UMDA needs an acyclic game \(Benford & Lehre §2\) and this graph has cycles: LLP/);
      assert.equal((await hashParams(page)).get('learner'), 'llp');
      await page.selectOption('#preset', H);
      await page.waitForFunction(() => location.hash.includes('learner=llt'));
      await step(page, 3);
      assert.equal((await stats(page)).lost, '3', 'Böhme §4.4: LLT started from g loses every play');
    });
  });
});

test('a link to a graph with cycles keeps a well-formed address whatever UMDA values it carries', async () => {
  const H = 'game=graph&edges=a-b,b-a,b-c&root=a';
  await withPage(`#${H}&mu=x&gamma=%3Cb%3E&engine=warp&seed=007&paused=1`, async (page) => {
    const params = await hashParams(page);
    assert.deepEqual(
      [params.get('mu'), params.get('gamma'), params.get('engine'), params.get('seed'), params.get('learner')],
      ['20', 'paper', 'fast', '7', 'llp'],
    );
    await step(page, 1);
  });
});
