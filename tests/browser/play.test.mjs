// Browser tests of play mode in headless Chromium: whole games for every family,
// through the list of legal moves (with hints) and through clicks on the board, checked against
// the native CLI's analysis; Undo; `at=` links; the learned opponent against the model (a
// chi-square test on a pinned run); bad input. They wait for what the page exposes
// (`#play-status` data-turn, data-position, data-plies), never for time.
// Run: node --test tests/browser/

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';

import { browserHarness, CLI, familyExamples, NEEDS_CLI, pliesReached } from './harness.mjs';

const withPage = browserHarness({ needs: [NEEDS_CLI] });

/** Every family of the registry at its example values, and misère play, an octal game whose
 * moves split a heap, and a sum of three families. */
const GAMES = [
  ...(await familyExamples()),
  'game=octal&code=0.77&heaps=6',
  'game=nim&heaps=1,2,4&play=misere',
  'game=sum&parts=nim(heaps=2)+chomp(rows=2;cols=2)+subtraction(moves=1,2;heap=4)',
];

/** The CLI's outcome (P or N) of every position of `spec`, by label. */
function outcomes(spec) {
  const report = JSON.parse(execFileSync(CLI, ['analyse', '--game', spec, '--json', '--positions'], { encoding: 'utf8' }));
  return new Map(report.nodes.map((n) => [n.label, n.outcome]));
}

/** What the play panel says now. */
const status = (page) =>
  page.evaluate(() => {
    const s = document.getElementById('play-status');
    return { turn: s.dataset.turn, position: s.dataset.position, plies: Number(s.dataset.plies), winner: s.dataset.winner ?? null };
  });

/** Waits until the person may move or the game is over (the computer has replied). */
async function settled(page) {
  await page.waitForFunction(() => ['person', 'over'].includes(document.getElementById('play-status').dataset.turn));
  return status(page);
}

/** Waits until the game has `plies` moves and is settled; its status then. */
async function pliesSettled(page, plies) {
  await pliesReached(page, plies);
  return status(page);
}

/** The game so far as labels (history[0] is where it started). */
const history = (page) =>
  page.evaluate(() => {
    const { modes, session } = window.impartial.controller;
    return modes.get('play').view.history.map((id) => session.label(id));
  });

/** The page's keys as its address holds them now. */
const hashParams = async (page) => new URLSearchParams(await page.evaluate(() => location.hash.slice(1)));

/** Labels of the legal-move buttons, and which are marked winning. */
const listed = (page) =>
  page.$$eval('#legal-moves button', (bs) => bs.map((b) => ({ to: b.dataset.to, winning: b.dataset.winning === 'true' })));

/**
 * Checks every computer move of the game so far against the analysis: from an N-position the
 * perfect player moves to a P-position.
 */
function checkComputerMoves(labels, movers, outcome) {
  movers.forEach((side, k) => {
    if (side !== 1) return;
    if (outcome.get(labels[k]) === 'N') assert.equal(outcome.get(labels[k + 1]), 'P', `perfect reply ${labels[k]} → ${labels[k + 1]}`);
  });
}

describe('whole games against the perfect player', () => {
  for (const spec of GAMES) {
    test(`${spec}: through the list with hints, then through the board; undo; the result`, async () => {
      const outcome = outcomes(spec);
      const misere = spec.includes('misere');
      await withPage(`#${spec}&mode=play&paused=1`, async (page) => {
        // 1. Through the list, with hints: the marked moves are exactly those to P-positions;
        // the person plays a winning move whenever there is one.
        await page.click('#hint');
        let s = await settled(page);
        const start = s.position;
        let before = null;
        while (s.turn === 'person') {
          assert.equal(await page.getAttribute('#board', 'data-position'), s.position, 'the board shows the game');
          const moves = await listed(page);
          assert.ok(moves.length > 0);
          for (const m of moves) assert.equal(m.winning, outcome.get(m.to) === 'P', `hint on ${s.position} → ${m.to}`);
          const choice = moves.find((m) => m.winning) ?? moves[0];
          before = s.position;
          await page.click(`#legal-moves button[data-to="${choice.to}"]`);
          s = await pliesSettled(page, s.plies + 1);
        }
        assert.equal(s.turn, 'over');
        const labels = await history(page);
        const movers = await page.evaluate(() => [...window.impartial.controller.modes.get('play').view.movers]);
        checkComputerMoves(labels, movers, outcome);
        // From an N start, a person who always plays a winning move wins (either convention).
        const lastMover = movers.at(-1) === 0 ? 'person' : 'computer';
        const expected = misere ? (lastMover === 'person' ? 'computer' : 'person') : lastMover;
        assert.equal(s.winner, expected, `result of ${labels.join(' → ')}`);
        if (outcome.get(start) === 'N') assert.equal(s.winner, 'person', 'winning moves win');
        assert.match(await page.locator('#play-status').innerText(), /^Game over: no move is left from/);
        // Undo restores the position before the person's last move.
        await page.click('#undo');
        s = await settled(page);
        assert.equal(s.position, before);
        assert.equal(s.turn, 'person');

        // 2. A new game through the board: each move is made by its clicks (the list only where
        // the board cannot tell moves apart, or has nothing to click).
        await page.click('#hint'); // hints off
        await page.click('#new-game');
        s = await settled(page);
        assert.equal(s.position, start);
        assert.equal(s.plies, 0);
        while (s.turn === 'person') {
          const moves = await page.evaluate(() =>
            window.impartial.controller.modes.get('play').view.moves.map((m) => ({ label: m.label, path: m.path, take: m.take })),
          );
          // The last move the board can make, else the list's last.
          const choice = [...moves].reverse().find((m) => m.path.length > 0);
          if (!choice) {
            await page.click(`#legal-moves button[data-to="${moves.at(-1).label}"]`);
          } else {
            // Pins: first how many a click knocks down (offered when the moves differ in it).
            if (choice.take !== null && (await page.isVisible('#board .take-bar'))) {
              await page.click(`#board .take-bar button[data-take="${choice.take}"]`);
            }
            for (const key of choice.path) {
              // A second click of a two-click move waits for the first to be taken.
              await page.click(`#board [data-key="${key}"]`);
            }
            if ((await status(page)).plies === s.plies) {
              // Several moves share these clicks: they are marked in the list; choose ours.
              assert.ok((await page.$$('#legal-moves button.marked')).length > 1);
              await page.click(`#legal-moves button[data-to="${choice.label}"]`);
            }
          }
          const plies = s.plies;
          s = await pliesSettled(page, plies + 1);
          assert.equal((await history(page))[plies + 1], choice?.label ?? moves.at(-1).label, 'the clicks made the move chosen');
        }
        const labels2 = await history(page);
        const movers2 = await page.evaluate(() => [...window.impartial.controller.modes.get('play').view.movers]);
        checkComputerMoves(labels2, movers2, outcome);
      });
    });
  }
});

describe('links, opponents and bad input', () => {
  test('an at= link reopens the same position and the game that led there, ready to play; the address follows the game', async () => {
    let hash;
    let position;
    await withPage('#game=chomp&rows=3&cols=4&mode=play&paused=1&opponent=random&seed=5', async (page) => {
      let s = await settled(page);
      await page.click('#board [data-key="c1,2"]');
      s = await pliesSettled(page, 2);
      position = s.position;
      hash = await page.evaluate(() => location.hash);
      const params = new URLSearchParams(hash.slice(1));
      assert.deepEqual([params.get('mode'), params.get('opponent'), params.get('first'), params.get('at')], ['play', 'random', 'person', position]);
    });
    await withPage(hash, async (page) => {
      const s = await settled(page);
      // The moves played come back with the link (played=), so Undo has them.
      assert.deepEqual([s.position, s.turn, s.plies], [position, 'person', 2]);
      assert.equal(await page.isDisabled('#undo'), false);
      assert.equal(await page.getAttribute('#board', 'data-position'), position);
      assert.equal(await page.getAttribute('#mode-play', 'aria-pressed'), 'true');
    });
  });

  test('seeded computer moves: the same link and the same moves give the same game', async () => {
    const games = [];
    for (let k = 0; k < 2; k++) {
      await withPage('#game=nim&heaps=2,3,4&mode=play&paused=1&opponent=random&seed=9', async (page) => {
        let s = await settled(page);
        while (s.turn === 'person') {
          const first = (await listed(page))[0].to;
          await page.click(`#legal-moves button[data-to="${first}"]`);
          s = await pliesSettled(page, s.plies + 1);
        }
        games.push(await history(page));
      });
    }
    assert.deepEqual(games[0], games[1]);
  });

  test('the computer moves first when asked; undo never takes back only its move', async () => {
    await withPage('#game=subtraction&moves=1,2&heap=7&mode=play&paused=1&first=computer', async (page) => {
      const s = await pliesSettled(page, 1);
      assert.deepEqual([s.position, s.turn], ['6', 'person'], 'from 7 the perfect player moves to the P-position 6');
      assert.equal(await page.isDisabled('#undo'), true);
      // Its reason on the screen, as in the move log: g(7) = 1, the move to g(6) = 0.
      assert.match(await page.locator('#play-explain').innerText(), /The computer moved 7 → 6\. Why: heap 1: 7 → 6, value 1 → 1 ⊕ 1 = 0, back to s = 0\./);
      assert.equal(await page.locator('#move-log li[data-who="computer"]').first().evaluate((li) => li.textContent.includes('1 ⊕ 1 = 0, back to s = 0')), true);
    });
  });

  test('a click on the board that is no legal move changes nothing and says why', async () => {
    await withPage('#game=wythoff&heaps=3,4&mode=play&paused=1', async (page) => {
      await settled(page);
      await page.click('#board [data-key="q3,4"]'); // the queen's own square
      await page.click('#board [data-key="q1,3"]'); // neither a row, a column nor a diagonal
      assert.match(await page.locator('#play-explain').innerText(), /That is not a legal move from 3,4\./);
      assert.deepEqual(await status(page), { turn: 'person', position: '3,4', plies: 0, winner: null });
    });
  });

  test('the learned opponent samples from the model p_t (chi-square on a pinned run)', async () => {
    await withPage('#game=nim&heaps=3,4,5&paused=1&seed=3', async (page) => {
      for (let k = 0; k < 3; k++) await page.click('#step');
      await page.waitForFunction(() => document.getElementById('generation').textContent === '3');
      const { counts, model } = await page.evaluate(() => {
        const session = window.impartial.controller.session;
        const root = session.info.root;
        const moves = session.moves(root);
        const index = new Map(moves.map((m, i) => [m.to, i]));
        const counts = new Array(moves.length).fill(0);
        for (let draw = 0; draw < 4000; draw++) counts[index.get(session.computerMove(root, 'learned', draw))]++;
        return { counts, model: moves.map((m) => m.probability) };
      });
      const total = counts.reduce((a, b) => a + b, 0);
      let chi2 = 0;
      let cells = 0;
      counts.forEach((c, i) => {
        const expected = total * model[i];
        if (expected < 5) return; // too small a cell for the test; those moves are rare
        chi2 += (c - expected) ** 2 / expected;
        cells++;
      });
      // χ² with cells − 1 ≤ 11 degrees of freedom: 31.3 is its 0.001 quantile at 11.
      assert.ok(cells >= 2, `${cells} cells`);
      assert.ok(chi2 < 31.3, `χ² = ${chi2.toFixed(1)} over ${cells} cells: counts ${counts} for p = ${model.map((p) => p.toFixed(3))}`);
    });
  });

  test('bad mode, opponent, first and at get notices naming what is allowed, and a working page', async () => {
    await withPage('#game=nim&heaps=1,2&mode=play&at=9%2C9&opponent=god&first=me&paused=1', async (page) => {
      const s = await settled(page);
      const notice = await page.locator('#notice').innerText();
      // The link's `opponent` also names a learning rule's opponents (first, same): all are listed.
      assert.match(notice, /'god' is not a valid value for opponent: use perfect, learned, random, person, first or same\. Using opponent=perfect\./);
      assert.match(notice, /'me' is not a valid value for first: use person or computer\. Using first=person\./);
      assert.match(notice, /at='9,9' is not a position of game=nim&heaps=1,2&play=normal: .*the start is '1,2'.*Showing the start\./);
      assert.deepEqual([s.position, s.turn], ['1,2', 'person']);
      await page.click('#legal-moves button[data-to="1,1"]');
      await pliesSettled(page, 2);
    });
    // A rule's opponent in play mode (with UMDA learning) is not a player here.
    await withPage('#game=nim&heaps=1,2&mode=play&opponent=same&paused=1', async (page) => {
      await settled(page);
      assert.match(await page.locator('#notice').innerText(), /'same' is not an opponent in play mode: use perfect, learned, random or person\. Using opponent=perfect\./);
      assert.equal(await page.inputValue('#opponent'), 'perfect');
    });
    // A link to a finished game: nothing to play, and it says so (no winner of a game not played).
    await withPage('#game=nim&heaps=1,2&mode=play&at=0%2C0&paused=1', async (page) => {
      const s = await settled(page);
      assert.deepEqual([s.position, s.turn, s.winner], ['0,0', 'over', null]);
      assert.match(await page.locator('#play-status').innerText(), /^No move is left from 0,0: press New game/);
      await page.click('#new-game');
      assert.equal((await settled(page)).position, '1,2');
    });
    await withPage('#game=nim&heaps=1,2&mode=teach&paused=1', async (page) => {
      assert.match(await page.locator('#notice').innerText(), /'teach' is not a valid value for mode: use learn, play, duel, steps, quiz, puzzle(, [a-z]+)* or experiment\. Using mode=learn\./);
      assert.equal(await page.isHidden('#play-panel'), true);
      await page.click('#mode-play');
      const s = await settled(page);
      assert.deepEqual([s.position, s.turn], ['1,2', 'person']);
    });
  });

  test('the board follows the position hovered on the graph (in the card) and the one tapped in play mode', async () => {
    await withPage('#game=nim&heaps=1,2,3&mode=play&paused=1', async (page) => {
      await settled(page);
      await graphDrawn(page);
      await page.locator('#graph').scrollIntoViewIfNeeded();
      const target = await page.evaluate(() => {
        const g = window.impartial.graphView;
        const id = g.session.find('0,2,3');
        const rect = g.canvas.getBoundingClientRect();
        const p = g.screenPosition(id);
        return { x: rect.left + p.x, y: rect.top + p.y };
      });
      await page.mouse.move(target.x, target.y);
      await page.waitForFunction(() => document.querySelector('#hover-card .card-board')?.dataset.position === '0,2,3');
      assert.equal(await page.locator('#hover-card .card-board').getAttribute('data-kind'), 'heaps');
      // A tap shows it on the play board, ready to play from there.
      await page.mouse.click(target.x, target.y);
      await page.waitForFunction(() => document.getElementById('board').dataset.position === '0,2,3');
      assert.equal(await page.isVisible('#play-from-pick'), true);
      await page.click('#play-from-pick');
      const s = await settled(page);
      assert.deepEqual([s.position, s.plies, s.turn], ['0,2,3', 0, 'person']);
      assert.equal((await hashParams(page)).get('at'), '0,2,3');
    });
  });

  test('with hints, the board outlines the first click of each winning move and its letters stay readable', async () => {
    await withPage('#game=turning-turtles&coins=5&mode=play&paused=1', async (page) => {
      await settled(page);
      await page.click('#hint');
      const seen = await page.$$eval('#board .winning', (parts) =>
        parts.map((p) => ({ key: p.dataset.key, textStroke: p.querySelector('text') ? getComputedStyle(p.querySelector('text')).stroke : 'none' })),
      );
      // From HHHHH the winning moves are THHHH, HTTHH and HHHTT: coins 1, 3 and 5 first.
      assert.deepEqual(seen.map((p) => p.key).sort(), ['t0', 't2', 't4']);
      for (const p of seen) assert.equal(p.textStroke, 'none', `the letter on ${p.key}`);
    });
  });

  test('pass and play: two people take turns; the result names the player', async () => {
    await withPage('#game=subtraction&moves=1,2&heap=3&mode=play&opponent=person&paused=1', async (page) => {
      for (const to of ['2', '1', '0']) {
        const s = await settled(page);
        await page.click(`#legal-moves button[data-to="${to}"]`);
        await pliesSettled(page, s.plies + 1);
      }
      const s = await status(page);
      assert.deepEqual([s.turn, s.winner], ['over', 'Player 1']);
      assert.match(await page.locator('#play-status').innerText(), /Player 2 cannot move and loses: Player 1 wins\./);
    });
  });
});

/** Waits until the graph is drawn at its canvas' size, with nothing left to redraw. */
async function graphDrawn(page) {
  await page.waitForFunction(() => {
    const g = window.impartial.graphView;
    const c = g.canvas;
    return c.width === Math.round(c.clientWidth * (window.devicePixelRatio || 1)) && g.labelBoxes !== undefined && !g.dirty;
  });
}

describe('presentation faults found by a lecturer', () => {
  test('labels stay inside the canvas, clear of each other and of the nodes', async () => {
    for (const spec of [
      'game=nim&heaps=5,7,2',
      'game=octal&code=0.77&heaps=10',
      'game=turning-turtles&coins=6',
      'game=chomp&rows=4&cols=4',
      'game=dag&edges=v0-a,v0-b,v0-d,a-c,b-c,b-e,c-e&root=v0',
      'game=subtraction&moves=1,3,4&heap=30',
    ]) {
      await withPage(`#${spec}&paused=1`, async (page) => {
        await graphDrawn(page);
        const { boxes, nodes, r, width, height, numbers } = await page.evaluate(() => {
          const g = window.impartial.graphView;
          const n = g.session.n;
          const nodes = Array.from({ length: n }, (_, i) => [g.sx[i], g.sy[i]]);
          return { boxes: g.labelBoxes, nodes, r: g.radius(), width: g.width, height: g.height, numbers: g.numbersDrawn };
        });
        // Every position's Grundy value is written (these graphs all fit at 1400 px).
        assert.equal(numbers, nodes.length, `${spec}: numbers written`);
        if (!spec.includes('nim&heaps=5,7,2') && !spec.includes('turtles')) assert.ok(boxes.length > 0, `${spec}: labels drawn`);
        const ring = r + 4.5; // the critical ring's outer edge
        for (const b of boxes) {
          assert.ok(b.x0 >= 0 && b.x1 <= width && b.y0 >= 0 && b.y1 <= height, `${spec}: label of ${b.id} inside the canvas`);
          for (const [x, y] of nodes) {
            const dx = Math.max(b.x0 - x, 0, x - b.x1);
            const dy = Math.max(b.y0 - y, 0, y - b.y1);
            assert.ok(Math.hypot(dx, dy) >= ring - 0.5, `${spec}: label of ${b.id} clear of the node at (${x}, ${y})`);
          }
          for (const c of boxes) {
            if (c === b) continue;
            const apart = b.x1 <= c.x0 || c.x1 <= b.x0 || b.y1 <= c.y0 || c.y1 <= b.y0;
            assert.ok(apart, `${spec}: labels of ${b.id} and ${c.id} overlap`);
          }
        }
      });
    }
  });

  test('at projector size every Grundy value is written (labels give way to numbers)', async () => {
    await withPage(
      '#game=nim&heaps=3,4,5&paused=1',
      async (page) => {
        await graphDrawn(page);
        const { numbers, n } = await page.evaluate(() => ({ numbers: window.impartial.graphView.numbersDrawn, n: window.impartial.graphView.session.n }));
        assert.equal(numbers, n);
      },
      { viewport: { width: 1920, height: 1080 } },
    );
  });

  test('presentation mode: the chart is not cut off at 1920 × 1080, Play is on the first screen at 1024 × 768, a legend on the graph', async () => {
    for (const [width, height, hash] of [
      [1920, 1080, '#game=octal&code=0.77&heaps=10&paused=1&present=1'],
      [1024, 768, '#game=chomp&rows=4&cols=4&paused=1&present=1&mode=play'],
    ]) {
      await withPage(
        hash,
        async (page) => {
          await graphDrawn(page);
          const box = await page.evaluate(() => {
            const chart = document.getElementById('chart').getBoundingClientRect();
            const play = document.getElementById('play').getBoundingClientRect();
            return { chart: [chart.right, chart.bottom], play: [play.right, play.bottom], legend: window.impartial.graphView.legend };
          });
          assert.ok(box.legend, 'a legend on the canvas');
          assert.ok(box.play[0] <= width && box.play[1] <= height, `Play at ${box.play} on a ${width} × ${height} screen`);
          if (width === 1920) assert.ok(box.chart[0] <= width && box.chart[1] <= height, `the chart ends at ${box.chart}`);
          assert.equal(await page.getAttribute('#present', 'aria-pressed'), 'true');
          assert.equal(await page.isHidden('#game-panel'), true);
          // Off again: the page as it was, and the link says so.
          await page.click('#present');
          assert.equal(await page.isVisible('#game-panel'), true);
          assert.equal((await hashParams(page)).get('present'), null);
        },
        { viewport: { width, height } },
      );
    }
  });

  test('in the custom-graph preset no move is drawn through a position', async () => {
    await withPage('#game=dag&edges=v0-a,v0-b,v0-d,a-c,b-c,b-e,c-e&root=v0&paused=1', async (page) => {
      await graphDrawn(page);
      const close = await page.evaluate(() => {
        const g = window.impartial.graphView;
        const { offsets, targets } = g.session.views();
        const r = g.radius();
        const found = [];
        for (let u = 0; u < g.session.n; u++) {
          for (let e = offsets[u]; e < offsets[u + 1]; e++) {
            const w = targets[e];
            const c = g.route(u, w);
            for (let k = 1; k < 40; k++) {
              const t = k / 40;
              // The straight line, or the quadratic curve through the control point.
              const [px, py] = c
                ? [(1 - t) ** 2 * g.sx[u] + 2 * t * (1 - t) * c.x + t * t * g.sx[w], (1 - t) ** 2 * g.sy[u] + 2 * t * (1 - t) * c.y + t * t * g.sy[w]]
                : [g.sx[u] + t * (g.sx[w] - g.sx[u]), g.sy[u] + t * (g.sy[w] - g.sy[u])];
              for (let z = 0; z < g.session.n; z++) {
                if (z !== u && z !== w && Math.hypot(px - g.sx[z], py - g.sy[z]) < r) found.push(`${g.session.label(u)} → ${g.session.label(w)} runs through ${g.session.label(z)}`);
              }
            }
          }
        }
        return [...new Set(found)];
      });
      assert.deepEqual(close, []);
    });
  });

  test('Π does not underflow to 0 on Chomp 8×8: a power of ten in the stats, a log scale on the chart', async () => {
    await withPage('#game=chomp&rows=8&cols=8&paused=1', async (page) => {
      await page.waitForFunction(() => document.getElementById('optimal-mass').textContent !== '');
      const shown = await page.locator('#optimal-mass').innerText();
      assert.notEqual(shown, '0');
      const p = await page.evaluate(() => window.impartial.controller.session.progress());
      assert.ok(p.prop22_probability === 0 && p.prop22_log10 < -308, `Π = ${p.prop22_probability}, log₁₀ Π = ${p.prop22_log10}`);
      assert.equal(shown.replace(/\s/g, ''), `10−${Math.round(p.prop22_log10).toLocaleString('en').replace('-', '')}`);
      await page.waitForFunction(() => window.impartial.controller.chart.logFloor !== undefined);
      assert.ok((await page.evaluate(() => window.impartial.controller.chart.logFloor)) <= Math.floor(p.prop22_log10));
      assert.match(await page.getAttribute('#graph', 'aria-label'), /Π = 10 to the power −[\d,]+\./);
    });
  });

  test('the hover card of a position with many moves can be scrolled once tapped (Turning Turtles 6, 1024 px)', async () => {
    await withPage(
      '#game=turning-turtles&coins=6&paused=1',
      async (page) => {
        await graphDrawn(page);
        const at = await page.evaluate(() => {
          const g = window.impartial.graphView;
          const rect = g.canvas.getBoundingClientRect();
          const p = g.screenPosition(g.session.info.root);
          return { x: rect.left + p.x, y: rect.top + p.y };
        });
        await page.mouse.click(at.x, at.y);
        await page.waitForFunction(() => document.getElementById('hover-card').dataset.sticky === 'true');
        const card = await page.evaluate(() => {
          const c = document.getElementById('hover-card');
          const box = c.getBoundingClientRect();
          const view = c.parentElement.getBoundingClientRect();
          return { overflow: c.scrollHeight > c.clientHeight, inside: box.top >= view.top && box.bottom <= view.bottom, x: box.left + box.width / 2, y: box.top + box.height / 2 };
        });
        assert.ok(card.overflow, '21 moves do not fit: the card scrolls');
        assert.ok(card.inside, 'the card is inside the graph view');
        await page.mouse.move(card.x, card.y);
        await page.mouse.wheel(0, 400);
        await page.waitForFunction(() => document.getElementById('hover-card').scrollTop > 0, null, { timeout: 5_000 });
      },
      { viewport: { width: 1024, height: 768 } },
    );
  });
});

describe('keyboard play', () => {
  /** Where the focus is: the move button's label, 'list' for the list itself, else the element's tag. */
  const focus = (page) =>
    page.evaluate(() => {
      const a = document.activeElement;
      if (a?.closest?.('#legal-moves button')) return { to: a.dataset.to, disabled: a.disabled };
      return { at: a?.id === 'legal-moves' ? 'list' : (a?.id || a?.tagName) };
    });

  test('after a move made with Enter or Space the focus stays on the moves, so the game goes on by keyboard', async () => {
    // Against the computer: the list is rebuilt twice (the person's move, then its reply).
    await withPage('#game=nim&heaps=2,3&mode=play', async (page) => {
      await settled(page);
      await page.focus('#legal-moves button');
      const first = (await focus(page)).to;
      await page.keyboard.press('Enter');
      let now = await pliesSettled(page, 2);
      assert.notEqual(now.position, '2,3');
      assert.deepEqual(await focus(page), { to: (await listed(page))[0].to, disabled: false }, `after ${first}, the first move has the focus`);
      // On by keyboard alone: Space on the focused move, then the next.
      await page.keyboard.press('Space');
      now = await settled(page);
      assert.ok(now.plies >= 3, `${now.plies} plies`);
      assert.deepEqual(await focus(page), now.turn === 'over' ? { at: 'list' } : { to: (await listed(page))[0].to, disabled: false });
    });
    // Pass and play: the next player's first move has the focus at once; Tab goes on from there.
    await withPage('#game=nim&heaps=3,4,5&mode=play&opponent=person', async (page) => {
      await settled(page);
      await page.focus('#legal-moves button[data-to="3,4,4"]');
      await page.keyboard.press('Enter');
      await pliesSettled(page, 1);
      const moves = await listed(page);
      assert.deepEqual(await focus(page), { to: moves[0].to, disabled: false });
      await page.keyboard.press('Tab');
      assert.deepEqual(await focus(page), { to: moves[1].to, disabled: false });
      await page.keyboard.press('Enter');
      await pliesSettled(page, 2);
      assert.equal((await status(page)).position, moves[1].to);
      assert.deepEqual(await focus(page), { to: (await listed(page))[0].to, disabled: false });
    });
  });
});
