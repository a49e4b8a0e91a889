// The lessons' structures on the page (issue 44), checked against the core's values at every
// position of the lessons' games: the reasons of the move log (move-reasons.js), Bouton's
// misère rule (misere-rule.js), Wythoff's P-pairs (wythoff-pairs.js) and the Nim translations of
// Turning Turtles and Silver Dollar (nim-translation.js); then the hooks a lesson uses:
// #move-log, #misere-rule, #wythoff-pairs and P-squares, #nim-sum for the disguised games.
// Waits for what the page exposes, never for time.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserHarness, holdBack, pliesReached } from './harness.mjs';

const withPage = browserHarness();

/** In the page: every position's record, moves, nim-sum and outcome from the core. */
const everyPosition = () => {
  const s = window.impartial.controller.session;
  const { outcome, grundy, offsets, targets } = s.views();
  return Array.from({ length: s.n }, (_, v) => ({
    v,
    label: s.label(v),
    outcome: outcome[v] === 1 ? 'N' : 'P',
    grundy: grundy[v],
    followers: Array.from(targets.slice(offsets[v], offsets[v + 1])),
  }));
};

// The games of docs/teaching.md's lessons that have a nim-sum, and two more.
const NIM_SUM_GAMES = [
  'game=nim&heaps=1,2,3',
  'game=nim&heaps=2,3,3',
  'game=nim&heaps=3,4,5',
  'game=nim&heaps=5,7,2',
  'game=nim&heaps=7,5,3',
  'game=octal&code=0.77&heaps=12',
  'game=octal&code=0.77&heaps=6,4',
  'game=octal&code=0.77&heaps=7,4',
  'game=subtraction&moves=1,3,4&heap=30',
  'game=sum&parts=nim(heaps=2)+chomp(rows=2;cols=2)+subtraction(moves=1,2;heap=4)',
  'game=sum&parts=nim(heaps=3)+subtraction(moves=1,2;heap=5)+chomp(rows=2;cols=3)',
];

for (const spec of NIM_SUM_GAMES) {
  test(`${spec}: every move's reason agrees with the core's values`, async () => {
    await withPage(`#${spec}&mode=play`, async (page) => {
      const bad = await page.evaluate(async (every) => {
        const { moveReason } = await import('./www/move-reasons.js');
        const s = window.impartial.controller.session;
        const positions = new Function(`return (${every})()`)();
        const problems = [];
        let winning = 0;
        for (const p of positions) {
          const moves = s.moves(p.v);
          const sumFrom = s.nimSum(p.v);
          for (const w of p.followers) {
            const g = positions[w].grundy;
            const words = moveReason({ from: s.position(p.v), moves, to: w, sums: { from: sumFrom, to: s.nimSum(w) }, play: 'normal' });
            // The nim-sum before and after are the core's Grundy values (Theorem 2.28).
            const back = words.endsWith('back to s = 0.');
            if (back !== (p.grundy !== 0 && g === 0)) problems.push(`${p.label} → ${positions[w].label}: ${words}`);
            if (p.grundy === 0 && !words.includes(`s was 0, so no move keeps it 0; now s = ${g}.`)) problems.push(`${p.label} → ${positions[w].label}: ${words}`);
            if (p.grundy !== 0 && g !== 0 && !words.includes(`s = ${p.grundy} → ${g}, not 0`)) problems.push(`${p.label} → ${positions[w].label}: ${words}`);
            // x ⊕ s = y: the component's old value, s and its new value.
            const m = words.match(/(\d+) ⊕ (\d+) = (\d+), back/);
            if (back && (!m || (Number(m[1]) ^ Number(m[2])) !== Number(m[3]) || Number(m[2]) !== p.grundy)) problems.push(`${p.label}: ${words}`);
            winning += back;
          }
        }
        return { problems: problems.slice(0, 5), winning };
      }, everyPosition.toString());
      assert.deepEqual(bad.problems, []);
      assert.ok(bad.winning > 5, `${bad.winning} winning moves`);
    });
  });
}

test('Chomp: reasons in Grundy terms name the followers’ values as the core has them', async () => {
  await withPage('#game=chomp&rows=3&cols=4&mode=play', async (page) => {
    const problems = await page.evaluate(async (every) => {
      const { moveReason, valueSet } = await import('./www/move-reasons.js');
      const s = window.impartial.controller.session;
      const positions = new Function(`return (${every})()`)();
      const out = [];
      for (const p of positions) {
        if (p.followers.length === 0) continue;
        const values = valueSet(p.followers.map((w) => positions[w].grundy));
        for (const w of p.followers) {
          const words = moveReason({ from: s.position(p.v), moves: s.moves(p.v), to: w, sums: null, play: 'normal' });
          const g = positions[w].grundy;
          const ok =
            words.includes(`have values ${values}`) &&
            (g === 0 ? words.startsWith('To a P-position (value 0)') : p.grundy === 0 ? words.startsWith('No move to 0') && words.endsWith(`value ${g}.`) : words.includes(`value ${g} (not 0)`));
          if (!ok) out.push(`${p.label} → ${positions[w].label}: ${words}`);
        }
      }
      return out.slice(0, 5);
    }, everyPosition.toString());
    assert.deepEqual(problems, []);
  });
});

for (const heaps of ['1,2,3', '3,4,5', '2,2,3']) {
  test(`misère Nim ${heaps}: Bouton's rule gives the core's outcome and one of its winning moves everywhere`, async () => {
    await withPage(`#game=nim&heaps=${heaps}&play=misere&mode=play`, async (page) => {
      const problems = await page.evaluate(async (every) => {
        const { misereRule, heapsOf, ruleMoveLabel } = await import('./www/misere-rule.js');
        const s = window.impartial.controller.session;
        const positions = new Function(`return (${every})()`)();
        const out = [];
        for (const p of positions) {
          const heapsNow = heapsOf(p.label);
          const rule = misereRule(heapsNow);
          if (rule.outcome !== p.outcome) out.push(`${p.label}: rule ${rule.outcome}, core ${p.outcome}`);
          const winning = s.moves(p.v).filter((m) => m.optimal).map((m) => m.label);
          const move = ruleMoveLabel(heapsNow, rule.move);
          if (rule.move ? !winning.includes(move) : p.outcome === 'N' && p.followers.length > 0) out.push(`${p.label}: rule's move ${move || 'none'}, core's ${winning}`);
        }
        return out;
      }, everyPosition.toString());
      assert.deepEqual(problems, []);
      // The panel under misère Nim play says it at the start.
      const panel = await page.evaluate(() => {
        const box = document.getElementById('misere-rule');
        return { hidden: box.hidden, outcome: box.dataset.outcome, move: box.dataset.move, text: box.textContent };
      });
      assert.equal(panel.hidden, false);
      assert.match(panel.text, /odd/);
      const start = await page.evaluate(() => {
        const s = window.impartial.controller.session;
        const p = s.position(s.info.root);
        return { outcome: p.outcome, winning: s.moves(s.info.root).filter((m) => m.optimal).map((m) => m.label) };
      });
      assert.equal(panel.outcome, start.outcome);
      if (start.outcome === 'N') assert.ok(start.winning.includes(panel.move), panel.move);
    });
  });
}

test('the misère rule shows only under misère Nim', async () => {
  await withPage('#game=nim&heaps=3,4,5&mode=play', async (page) => {
    assert.equal(await page.evaluate(() => document.getElementById('misere-rule').hidden), true);
  });
});

for (const heaps of ['5,8', '13,13']) {
  test(`Wythoff ${heaps}: the P-pairs and the marked P-squares are the core's P-positions`, async () => {
    await withPage(`#game=wythoff&heaps=${heaps}&mode=play`, async (page) => {
      const found = await page.evaluate(async (every) => {
        const { isWythoffP } = await import('./www/wythoff-pairs.js');
        const positions = new Function(`return (${every})()`)();
        const wrong = positions.filter((p) => isWythoffP(...p.label.split(',').map(Number)) !== (p.outcome === 'P')).map((p) => p.label);
        const p = positions.filter((q) => q.outcome === 'P').map((q) => q.label);
        return { wrong, p };
      }, everyPosition.toString());
      assert.deepEqual(found.wrong, []);
      // The table: one row per pair a ≤ b with a square on the board, in either order.
      const rows = await page.evaluate(() => [...document.querySelectorAll('#wythoff-pairs tr')].map((tr) => `${tr.dataset.a},${tr.dataset.b}`));
      const expected = found.p.map((l) => l.split(',').map(Number)).filter(([x, y]) => x <= y).map(([x, y]) => `${x},${y}`);
      const mirrored = found.p.map((l) => l.split(',').map(Number)).filter(([x, y]) => x > y).map(([x, y]) => `${y},${x}`);
      assert.deepEqual(rows.sort(), [...new Set([...expected, ...mirrored])].sort());
      for (const row of rows) {
        const [a, b] = row.split(',').map(Number);
        assert.equal(a, Math.floor(((1 + Math.sqrt(5)) / 2) * (b - a)), `${row}: a = ⌊kφ⌋`);
      }
      // Marked on request: exactly the P-squares.
      assert.equal(await page.locator('#board [data-p="true"]').count(), 0);
      await page.check('#wythoff-mark');
      await page.waitForFunction(() => document.querySelectorAll('#board [data-p="true"]').length > 0);
      const marked = await page.evaluate(() => [...document.querySelectorAll('#board [data-p="true"]')].map((r) => r.dataset.part));
      assert.deepEqual(marked.sort(), [...found.p].sort());
    });
  });
}

for (const spec of ['game=turning-turtles&coins=6', 'game=turning-turtles&coins=9', 'game=silver-dollar&coins=3&squares=8', 'game=silver-dollar&coins=4&squares=9', 'game=silver-dollar&coins=5&squares=12']) {
  test(`${spec}: its Nim translation's nim-sum agrees with the core's values at every position`, async () => {
    await withPage(`#${spec}&mode=play`, async (page) => {
      const wrong = await page.evaluate(async (every) => {
        const { nimTranslation } = await import('./www/nim-translation.js');
        const s = window.impartial.controller.session;
        const positions = new Function(`return (${every})()`)();
        // Turning Turtles: the XOR is the Grundy value; Silver Dollar: 0 exactly at P-positions.
        const turtles = s.info.game.startsWith('game=turning-turtles');
        return positions
          .filter((p) => {
            const t = nimTranslation(s.view(p.v)).total;
            return turtles ? t !== p.grundy : (t === 0) !== (p.outcome === 'P');
          })
          .map((p) => p.label);
      }, everyPosition.toString());
      assert.deepEqual(wrong, []);
      const panel = await page.evaluate(() => ({
        hidden: document.getElementById('nim-sum').hidden,
        translation: document.getElementById('nim-sum-translation').textContent,
        rows: document.querySelectorAll('#nim-sum-table tbody tr').length,
      }));
      assert.equal(panel.hidden, false);
      assert.match(panel.translation, /Nim in disguise/);
      assert.ok(panel.rows >= 2);
    });
  });
}

test('the move log keeps each move with its reason and the nim-sum table after it', async () => {
  await withPage('#game=nim&heaps=5,7,1&mode=play', async (page) => {
    // 5,7,1 has s = 3: the person plays a losing move (1 → 0 leaves s = 2), the computer answers.
    await page.click('#legal-moves button[data-to="5,7,0"]');
    await pliesReached(page, 2);
    const log = await page.evaluate(() =>
      [...document.querySelectorAll('#move-log li')].map((li) => ({ who: li.dataset.who, reason: li.querySelector('.reason').textContent, total: li.querySelector('details')?.dataset.total, cells: li.querySelectorAll('table tr').length })),
    );
    assert.equal(log.length, 2);
    assert.deepEqual(log.map((e) => e.who), ['person', 'computer']);
    assert.match(log[0].reason, /^heap 3: 1 → 0, s = 3 → 2, not 0/);
    assert.match(log[1].reason, /⊕ 2 = \d+, back to s = 0\.$/);
    assert.equal(log[1].total, '0');
    assert.equal(log[1].cells, 5); // header, three heaps, s
    // The reasons stay after the next move, and Undo takes them back.
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelectorAll('#move-log li').length === 0);
  });
});

test('a lesson link shows its bar while the core loads, then its slide in place: nothing moves', async () => {
  const { release, beforeGoto } = holdBack('**/impartial_bg.wasm');
  const seen = (page) =>
    page.evaluate(() => ({
      state: document.body.dataset.state,
      count: document.getElementById('lesson-count').textContent,
      title: document.getElementById('lesson-title').textContent,
      caption: document.getElementById('lesson-caption').textContent,
      bar: document.getElementById('lesson-bar').checkVisibility({ visibilityProperty: true }),
      app: document.querySelector('main.app').checkVisibility({ visibilityProperty: true }),
      // Where the bar is (its height may shrink once the lead under it has gone).
      box: JSON.stringify(['x', 'y', 'width'].map((k) => document.getElementById('lesson-bar').getBoundingClientRect()[k])),
      lead: document.querySelector('header .lead').checkVisibility(),
    }));
  await withPage('#lesson=nim&slide=2', async (page) => {
    const lessons = await page.evaluate(() => fetch('www/lessons.json').then((r) => r.json()));
    await page.waitForFunction(() => document.body.dataset.lesson === 'nim');
    const loading = await seen(page);
    assert.deepEqual(
      { ...loading, box: undefined },
      { state: 'loading', count: `2 / ${lessons.nim.slides.length}`, title: lessons.nim.title, caption: lessons.nim.slides[1].caption, bar: true, app: false, lead: true, box: undefined },
      'the bar is filled from the lessons before the core, the lead says what the page is; the slide waits unseen',
    );
    release();
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    const ready = await seen(page);
    assert.equal(ready.app, true, 'the slide is shown once the core has drawn it');
    assert.equal(ready.lead, false, 'in place of the lead');
    assert.equal(ready.box, loading.box, 'the bar stays where it was');
    assert.equal(await page.evaluate(() => window.shifted), 0, 'no layout shift');
  }, {
    viewport: { width: 390, height: 844 },
    ready: false,
    init: () => {
      window.shifted = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => (window.shifted += e.value))).observe({ type: 'layout-shift', buffered: true });
    },
    beforeGoto,
  });
});

test('a lesson link in presentation never shows the lead, not even while the core loads', async () => {
  const { release, beforeGoto } = holdBack('**/impartial_bg.wasm');
  await withPage('#lesson=nim&slide=2&present=1', async (page) => {
    await page.waitForFunction(() => document.body.dataset.lesson === 'nim');
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'loading');
    assert.equal(await page.evaluate(() => document.querySelector('header .lead').checkVisibility()), false, 'a hall sees the bar, not the lead');
    release();
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    assert.equal(await page.evaluate(() => window.leadSeen), false, 'nor at the first paint');
  }, {
    viewport: { width: 1920, height: 1080 },
    ready: false,
    // Checked from the first frame on, before any module has run.
    init: () => {
      window.leadSeen = false;
      const look = () => {
        const lead = document.querySelector('header .lead');
        if (lead?.checkVisibility()) window.leadSeen = true;
        if (document.body?.dataset.state !== 'ready') requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    },
    beforeGoto,
  });
});

test('speaker notes opened on one slide are folded on the next (they would be projected)', async () => {
  await withPage('#lesson=nim&slide=1&present=1', async (page) => {
    await page.click('#lesson-notes summary');
    assert.equal(await page.evaluate(() => document.getElementById('lesson-notes').open), true);
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.body.dataset.slide === '2');
    assert.equal(await page.evaluate(() => document.getElementById('lesson-notes').open), false);
  }, { viewport: { width: 1920, height: 1080 } });
});

test('a slide that hides outcomes hides the P-squares too: Wythoff\'s pairs wait for V', async () => {
  await withPage('#lesson=wythoff&slide=1', async (page) => {
    assert.equal(await page.evaluate(() => document.getElementById('wythoff-box').hidden), true, 'no P-pairs before the class has found them');
    assert.match(await page.evaluate(() => document.body.dataset.hidden), /\boutcomes\b.*\bnimsum\b/);
    // Wythoff's game has no nim-sum table: no button offers one.
    assert.deepEqual(await page.locator('#reveal button').evaluateAll((bs) => bs.map((b) => b.dataset.part)), ['values', 'outcomes', 'winning']);
    await page.keyboard.press('v');
    await page.waitForFunction(() => !document.getElementById('wythoff-box').hidden);
  });
});

test('a slide that opens scrolled to its strip keeps the bar above it, in view', async () => {
  await withPage('#lesson=mex&slide=4&present=1', async (page) => {
    await page.waitForFunction(() => document.body.dataset.scrolled === 'strip');
    const at = await page.evaluate(() => ({
      scrolled: window.scrollY,
      bar: document.getElementById('lesson-bar').getBoundingClientRect().toJSON(),
      strip: document.getElementById('grundy-strip').getBoundingClientRect().top,
    }));
    assert.ok(at.scrolled > 0, 'scrolled down to the strip');
    assert.ok(at.bar.top >= 0 && at.bar.bottom <= at.strip, `the bar (${at.bar.top}–${at.bar.bottom}) above the strip (${at.strip})`);
  }, { viewport: { width: 1920, height: 1080 } });
});

test('W on a slide that hides the winning move shows it on the first screen: the moves marked', async () => {
  await withPage('#lesson=wythoff&slide=1&present=1', async (page) => {
    assert.equal(await page.locator('#legal-moves [data-winning="true"]').count(), 0);
    await page.keyboard.press('w');
    await page.waitForFunction(() => document.querySelectorAll('#legal-moves [data-winning="true"]').length > 0);
    const marked = await page.locator('#legal-moves [data-winning="true"]').evaluateAll((bs) => bs.map((b) => b.dataset.to));
    // From (5,8) the winning moves go to P-positions: (5,3) and (4,7) on this board.
    assert.deepEqual(marked.sort(), ['4,7', '5,3']);
    // And on the board, on the first screen: the squares the queen wins by going to.
    const squares = await page.locator('#board .winning[data-key]').evaluateAll((parts) =>
      parts.map((p) => ({ key: p.dataset.key, bottom: p.getBoundingClientRect().bottom })),
    );
    assert.deepEqual(squares.map((q) => q.key).sort(), ['q4,7', 'q5,3']);
    assert.ok(squares.every((q) => q.bottom <= 1080), 'on the first screen');
  }, { viewport: { width: 1920, height: 1080 } });
});

test('a learning slide in a hall shows what the run found under its chart, on the first screen', async () => {
  await withPage('#lesson=learning&slide=3&present=1', async (page) => {
    await page.waitForFunction(() => document.getElementById('found').dataset.found, null, { timeout: 60_000 });
    const found = await page.evaluate(() => {
      const el = document.getElementById('found');
      return { text: el.innerText, bottom: el.getBoundingClientRect().bottom, why: el.querySelector('.why').checkVisibility() };
    });
    assert.equal(found.text, 'Optimal strategy found after T = 4,640 games (generation 232)');
    assert.equal(found.why, false, 'its explanation is the speaker note’s');
    assert.ok(found.bottom <= 1080, `on the first screen (bottom ${found.bottom})`);
  }, { viewport: { width: 1920, height: 1080 } });
});

test('a sum of three games in a hall: every game on the board is on the first screen', async () => {
  await withPage('#lesson=mex&slide=6&present=1', async (page) => {
    const lowest = await page.evaluate(() => Math.max(...[...document.querySelectorAll('#board [data-key]')].map((p) => p.getBoundingClientRect().bottom)));
    assert.ok(lowest <= 1080, `the lowest part of the board at ${lowest} px`);
  }, { viewport: { width: 1920, height: 1080 } });
});

test("Wythoff's step-by-step slide in a hall: the board's squares and their values read from the back", async () => {
  await withPage(
    '#lesson=wythoff&slide=2&present=1',
    async (page) => {
      // Twelve positions computed, as a lecturer stepping with the clicker's → would have.
      for (let k = 0; k < 12; k++) await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.getElementById('steps-counter').textContent.startsWith('Position 12'));
      const board = await page.evaluate(() => {
        const squares = [...document.querySelectorAll('#steps-board rect.square')].map((q) => q.getBoundingClientRect());
        const values = [...document.querySelectorAll('#steps-board .square-value')].map((t) => t.getBoundingClientRect().height);
        const drawing = document.querySelector('#steps-board .board-drawing').getBoundingClientRect();
        return { side: Math.min(...squares.map((q) => q.width)), values, top: drawing.top, bottom: drawing.bottom };
      });
      // 32 px squares with 14 px values before (the rules above the drawing held it to 31 % of the screen).
      assert.ok(board.side >= 56, `squares ${board.side} px`);
      assert.ok(board.values.length >= 12 && Math.min(...board.values) >= 24, `values ${Math.min(...board.values)} px high`);
      assert.ok(board.top >= 0 && board.bottom <= 1080, `the drawing at ${board.top}–${board.bottom} px`);
    },
    { viewport: { width: 1920, height: 1080 } },
  );
});
