// Browser tests of the page as a teaching instrument: boards that take the move pointed at
// (equal heaps, pins), one focused view per mode (the learner stands still outside its own),
// presentation mode (large type, the teaching panel on the first screen, a share link without
// present=1), phones (one finger scrolls the page over the graph) and a slow start (the linked
// mode's tab before the core has loaded). They wait for what the page exposes, never for time.
// Run: node --test tests/browser/teaching.test.mjs

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { resolve } from '../../www/lesson.js';
import { browserHarness, holdBack } from './harness.mjs';
import { ROOT } from './server.mjs';

const withPage = browserHarness();

/** Waits until the play panel has `plies` moves and the person may move (or the game is over). */
async function plies(page, n) {
  await page.waitForFunction((k) => {
    const s = document.getElementById('play-status');
    return Number(s.dataset.plies) === k && ['person', 'over'].includes(s.dataset.turn);
  }, n);
  return page.evaluate(() => document.getElementById('play-status').dataset.position);
}

describe('boards take the move pointed at', () => {
  test('Nim 2,3,3: the last counter of the third heap takes from the third heap, not the second', async () => {
    await withPage('#game=nim&heaps=2,3,3&mode=play&opponent=person&paused=1', async (page) => {
      await plies(page, 0);
      await page.click('#board [data-part="2:2"]');
      assert.equal(await plies(page, 1), '2,3,2');
      await page.click('#board [data-part="1:0"]');
      assert.equal(await plies(page, 2), '2,0,2');
      // The rules and who wins, in words, above the board.
      assert.match(await page.locator('#board .board-rules').innerText(), /Take any number of counters.*whoever makes the last move wins/s);
    });
  });

  test('Kayles: pins are knocked down where they are clicked, one or two at a time', async () => {
    await withPage('#game=octal&code=0.77&heaps=10&mode=play&opponent=person&paused=1', async (page) => {
      await plies(page, 0);
      assert.equal(await page.locator('#board').getAttribute('data-kind'), 'pins');
      assert.match(await page.locator('#board .board-rules').innerText(), /Knock down pins in one row: 1 pin .* or 2 adjacent pins/);
      await page.click('#board [data-part="0:1"]'); // pin 1 of 10: rows of 8 and 1
      assert.equal(await plies(page, 1), '8,1');
      await page.click('#board .take-bar button[data-take="2"]');
      await page.waitForSelector('#board .take-bar button[data-take="2"][aria-pressed="true"]');
      await page.click('#board [data-part="0:3"]'); // pins 3 and 4 of 8: rows of 3 and 3
      assert.equal(await plies(page, 2), '3,3,1');
      await page.click('#board .take-bar button[data-take="1"]');
      await page.click('#board [data-part="1:1"]'); // the middle pin of the second row of 3
      assert.equal(await plies(page, 3), '3,1,1,1');
    });
  });
});

/**
 * Each row's label and its first counter or pin on the board: the gap between them, in units of
 * the counter's or pin's width (a label crowding its row reads as one of its counters); on a
 * touch screen the label stands over its row, and the gap is counted downwards.
 */
const labelGaps = (page, board) => page.evaluate((board) => {
  const svg = document.querySelector(`#${board} svg`);
  return [...svg.querySelectorAll(':scope > text')].map((t, row) => {
    const part = svg.querySelector(`[data-part="${row}:0"]`);
    const body = (part.querySelector('ellipse, circle') ?? part).getBoundingClientRect();
    const label = t.getBoundingClientRect();
    const above = label.bottom <= body.top;
    return above ? (body.top - label.bottom) / body.height : (body.left - label.right) / body.width;
  });
}, board);

describe('boards a phone can use', () => {
  test('a heap of 30 is wrapped in lines that fit the screen, each counter at least 44 px; the last line takes a tap', async () => {
    await withPage('#game=subtraction&moves=1,3,4&heap=30&mode=play&opponent=person&paused=1', async (page) => {
      await plies(page, 0);
      const boxes = await page.$$eval('#board [data-part]', (cs) => cs.map((c) => c.getBoundingClientRect()).map((r) => ({ w: r.width, h: r.height, top: Math.round(r.top), right: r.right })));
      assert.equal(boxes.length, 30);
      assert.ok(Math.min(...boxes.map((b) => Math.min(b.w, b.h))) >= 44, `counters ${Math.min(...boxes.map((b) => b.w)).toFixed(1)} px wide`);
      assert.ok(Math.max(...boxes.map((b) => b.right)) <= 390, 'every counter on the screen');
      const lines = new Set(boxes.map((b) => b.top)).size;
      // Seven 44 px slots fit the board's 330 px: five lines of at most seven.
      assert.ok(lines >= 4 && lines <= 5, `${lines} lines of counters`);
      for (const gap of await labelGaps(page, 'board')) assert.ok(gap >= 0, `the label is ${gap.toFixed(2)} counters from the first`);
      assert.match(await page.locator('#board .board-help').innerText(), /^Tap /, 'a phone taps');
      await page.tap('#board [data-part="0:29"]'); // the last counter: take 1
      assert.equal(await plies(page, 1), '29');
    }, { viewport: { width: 390, height: 844 }, context: { hasTouch: true, isMobile: true } });
  });

  test('Kayles: a row’s label stays clear of its first pin; a click in a pin’s slot beside its body knocks it down', async () => {
    await withPage('#game=octal&code=0.77&heaps=10&mode=play&opponent=person&paused=1&present=1', async (page) => {
      await plies(page, 0);
      for (const gap of await labelGaps(page, 'board')) assert.ok(gap >= 0.5, `the label is ${gap.toFixed(2)} pins from the first`);
    }, { viewport: { width: 1920, height: 1080 } });
    await withPage('#game=octal&code=0.77&heaps=12&mode=puzzle&seed=2&paused=1', async (page) => {
      await page.waitForFunction(() => document.getElementById('puzzle-panel').dataset.position === '5,4,1');
      // Low in pin 3's slot of the first row, beside its body: the slot, not only the outline,
      // takes it (a mouse: no touch adjustment to find the pin for it).
      const box = await page.locator('#puzzle-board [data-part="0:2"]').boundingBox();
      const ellipse = await page.locator('#puzzle-board [data-part="0:2"] ellipse').boundingBox();
      await page.mouse.click(ellipse.x - 2, box.y + box.height - 1);
      // A touch screen: the first press selects the move, a second confirms it (phone.test.mjs);
      // the page has scrolled Make this move into view, so the pin is found again.
      await page.waitForSelector('#confirm-move:not([hidden])');
      const again = await page.locator('#puzzle-board [data-part="0:2"]').boundingBox();
      const body = await page.locator('#puzzle-board [data-part="0:2"] ellipse').boundingBox();
      await page.mouse.click(body.x - 2, again.y + again.height - 1);
      await page.waitForFunction(() => document.getElementById('puzzle-panel').dataset.result !== '');
      assert.match(await page.locator('#puzzle-explain').innerText(), /5,4,1 → 4,2,2,1/);
    }, { viewport: { width: 390, height: 844 }, context: { hasTouch: true, isMobile: true } });
  });
});

describe('one focused view per mode', () => {
  test('the learner runs only in its own mode: its clock stands still elsewhere and goes on when it is back', async () => {
    await withPage('#game=chomp&rows=4&cols=4&mu=20&gamma=0.03&speed=1', async (page) => {
      const generation = () => page.evaluate(() => Number(window.impartial.controller.session.generation()));
      await page.waitForFunction(() => window.impartial.controller.session.generation() >= 3);
      // Every mode of the registry but the learner's.
      const others = await page.evaluate(async () => (await import('./www/modes/index.js')).MODES.filter((m) => !m.learner).map((m) => m.name));
      assert.ok(others.length >= 6 && !others.includes('learn'), others.join());
      for (const mode of others) {
        await page.click(`#mode-${mode}`);
        await page.waitForFunction((m) => document.body.dataset.mode === m, mode);
        assert.equal(await page.isVisible('#chart'), false, `no chart in ${mode}`);
        assert.equal(await page.isVisible('#play'), false, `no learner's Play button in ${mode}`);
        assert.equal(await page.isVisible('#generation'), false, `no learner's stats in ${mode}`);
        const before = await generation();
        // Frames go by (the graph's frame loop counts them); the learner's clock does not move.
        const frames = await page.evaluate(() => window.impartial.controller.frameTimes.length);
        await page.evaluate(() => new Promise((done) => {
          let n = 0;
          const tick = () => (++n >= 30 ? done() : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }));
        assert.equal(await generation(), before, `the learner stands still in ${mode}`);
        assert.equal(await page.evaluate(() => window.impartial.controller.frameTimes.length), frames);
      }
      await page.click('#mode-learn');
      const back = await generation();
      await page.waitForFunction((g) => window.impartial.controller.session.generation() > g, back);
      assert.equal(await page.isVisible('#chart'), true);
    });
  });

  test('the title and the tabs come from the modes\' registry; the share link leaves presentation out', async () => {
    await withPage('#game=nim&heaps=2,3,3&mode=play&present=1&paused=1', async (page) => {
      assert.match(await page.title(), /^Impartial games/);
      const tabs = await page.$$eval('#mode-tab-list button', (bs) => bs.map((b) => b.id));
      const names = await page.evaluate(async () => (await import('./www/modes/index.js')).MODES.map((m) => m.name));
      assert.deepEqual(tabs, names.map((name) => `mode-${name}`));
      for (const name of ['learn', 'play', 'duel', 'steps', 'quiz', 'puzzle', 'experiment']) assert.ok(names.includes(name), name);
      assert.match(await page.evaluate(() => location.hash), /present=1/);
      const link = await page.inputValue('#share-link');
      assert.match(link, /mode=play/);
      assert.doesNotMatch(link, /present=/);
      await page.waitForFunction(() => document.getElementById('qr').dataset.link);
      assert.doesNotMatch(await page.getAttribute('#qr', 'data-link'), /present=/);
      // The QR code enlarged to most of the screen.
      await page.click('#qr-enlarge');
      const box = await page.locator('#qr-large').boundingBox();
      assert.ok(box.height >= 0.7 * 1000, `the large QR code is ${box.height} px high`);
      await page.keyboard.press('Escape');
    });
  });
});

/**
 * Every visible text of the page with a rendered size under `min` px (SVG text at the size it is
 * drawn), as "size tag#id: text" lines; hidden and visually-hidden (1 px clipped) text is skipped.
 */
function smallTexts(min) {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest('script, style, dialog:not([open]), .visually-hidden')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    if (![...range.getClientRects()].some((r) => r.width > 1 && r.height > 1)) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    let size = parseFloat(style.fontSize);
    if (el instanceof SVGElement) size *= (el.ownerSVGElement ?? el).getScreenCTM().a;
    if (size < min) out.push(`${size.toFixed(1)} ${el.tagName}#${el.id}: ${n.textContent.trim().slice(0, 40)}`);
  }
  return out;
}

describe('presentation mode', () => {
  for (const viewport of [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }]) {
    test(`${viewport.width}×${viewport.height}: each mode's teaching panel is on the first screen and every text is at least 18 px`, async () => {
      await withPage('#game=nim&heaps=2,3,3&present=1&paused=1', async (page) => {
        const modes = await page.evaluate(async () => (await import('./www/modes/index.js')).MODES.map((m) => [m.name, m.teach]));
        for (const [mode, teach] of modes) {
          await page.click(`#mode-${mode}`);
          await page.waitForFunction((m) => document.body.dataset.mode === m, mode);
          const box = await page.locator(`#${teach}`).boundingBox();
          assert.ok(box && box.height > 0, `${mode}: #${teach} is shown`);
          assert.ok(box.y >= 0 && box.y + Math.min(box.height, 120) <= viewport.height, `${mode}: #${teach} at ${box.y}–${box.y + box.height} px`);
          assert.deepEqual(await page.evaluate(smallTexts, 18), [], `${mode}: texts under 18 px`);
        }
        // The exercises' question, answer field and verdict stay larger than the text around
        // them, as they are outside presentation mode (the 18 px floor had flattened them).
        for (const [mode, ids] of [['quiz', ['quiz-score', 'quiz-question', 'quiz-answer', 'quiz-message']], ['puzzle', ['puzzle-score', 'puzzle-question', 'puzzle-explain']]]) {
          await page.click(`#mode-${mode}`);
          await page.waitForFunction((m) => document.body.dataset.mode === m, mode);
          const ratios = await page.evaluate((ids) => {
            const root = parseFloat(getComputedStyle(document.documentElement).fontSize);
            return Object.fromEntries(ids.map((id) => [id, parseFloat(getComputedStyle(document.getElementById(id)).fontSize) / root]));
          }, ids);
          for (const [id, ratio] of Object.entries(ratios)) assert.ok(ratio >= 1.1, `${mode}: #${id} is ${ratio.toFixed(2)} × the body text`);
          assert.ok(ratios[ids[1]] >= 1.3, `${mode}: the question is ${ratios[ids[1]].toFixed(2)} × the body text`);
        }
        // Who wins is said on the board (play mode).
        await page.click('#mode-play');
        assert.match(await page.locator('#board .board-rules').innerText(), /Normal play: the player who cannot move loses/);
      }, { viewport });
    });
  }
});

describe('lesson 3: the parameters at work', () => {
  test('lesson 3’s words: the paper’s γ as the settings write it (not twenty digits), Π as Prop 2.2 defines it', async () => {
    await withPage('#game=chomp&rows=4&cols=4&mu=200&gamma=paper&seed=1&paused=1', async (page) => {
      await page.waitForFunction(() => document.getElementById('lost-note').textContent !== '');
      assert.equal(await page.textContent('#lost-note'), 'Every move keeps p ≥ γ = 0.00004831, so no winning move is lost for good.');
      assert.match(await page.textContent('#gamma-value'), /^0\.00004831$/);
      // Π is named as Prop 2.2 defines it, a lower bound, wherever the page names it.
      const key = 'plays a winning move at every critical position';
      assert.match(await page.locator('#chart-legend').innerText(), new RegExp(`Π: a sample ${key} \\(≤ P\\(optimal\\), Prop 2\\.2\\)`));
      assert.match(await page.locator('.stat-label[title^="Π"]').getAttribute('title'), new RegExp(`${key} \\(Prop 2\\.2\\), a lower bound`));
    });
  });

  test('Chomp 4×4, μ = 20: with γ = 0 critical positions lose their winning moves for good; the preset with γ = 0.03 learns', async () => {
    await withPage('#game=chomp&rows=4&cols=4&mu=20&gamma=0&speed=50', async (page) => {
      await page.waitForFunction(() => Number(document.getElementById('lost-note').dataset.lost) > 0);
      assert.match(await page.textContent('#lost-note'), /^\d+ of 57 critical positions have p = 0 on every winning move/);
      // Π = 0 then, drawn on the chart's 0 row (a logarithm would have no point to draw).
      await page.waitForFunction(() => document.getElementById('chart').dataset.piZero === 'true');
      // The lesson's example with γ = 0.03, from the list of examples: found after 4,640 games
      // (as `impartial umda --game 'game=chomp&rows=4&cols=4' --mu 20 --gamma 0.03 --seed 1`).
      const value = await page.$$eval('#preset option', (os) => os.find((o) => o.textContent.includes('γ = 0.03')).value);
      const index = await page.$$eval('#preset option', (os) => os.findIndex((o) => o.textContent.includes('γ = 0.03')));
      assert.equal(value, 'game=chomp&rows=4&cols=4');
      await page.selectOption('#preset', { index });
      await page.waitForFunction(() => location.hash.includes('gamma=0.03'));
      await page.waitForFunction(() => document.getElementById('found').dataset.found, null, { timeout: 60_000 });
      assert.equal(await page.getAttribute('#found', 'data-found'), '4640');
      assert.equal(await page.getAttribute('#lost-note', 'data-lost'), '0');
    });
  });
});

describe('phones and a slow start', () => {
  test('on a touch phone a one-finger swipe over the graph scrolls the page; the graph stays put', async () => {
    await withPage('#game=nim&heaps=3,4,5&paused=1', async (page) => {
      await page.locator('#graph').scrollIntoViewIfNeeded();
      const box = await page.locator('#graph').boundingBox();
      // The graph leaves most of a phone's screen to the page (45vh and its border; it took 62% before).
      assert.ok(box.height <= 0.45 * 844 + 4, `the graph is ${box.height} px high on a 844 px screen`);
      const before = await page.evaluate(() => ({ scroll: window.scrollY, pan: [window.impartial.graphView.panX, window.impartial.graphView.panY] }));
      const cdp = await page.context().newCDPSession(page);
      const x = box.x + box.width / 2;
      let y = box.y + box.height * 0.8;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let k = 0; k < 10; k++) {
        y -= 25;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.waitForFunction((s) => window.scrollY > s + 50, before.scroll);
      const after = await page.evaluate(() => [window.impartial.graphView.panX, window.impartial.graphView.panY]);
      assert.deepEqual(after, before.pan, 'one finger does not pan the graph');
    }, { viewport: { width: 390, height: 844 }, context: { hasTouch: true, isMobile: true } });
  });

  test('nothing moves while the page loads: the app first shows laid out for its mode, and the progress line leaves no gap', async () => {
    const held = {};
    const hold = (name) => new Promise((resolve) => (held[name] = resolve));
    const script = hold('script');
    const core = hold('core');
    const boxes = (page) => page.evaluate(() => ['view-panel', 'mode-play', 'play-panel'].map((id) => Math.round(document.getElementById(id).getBoundingClientRect().top)));
    await withPage('#game=nim&heaps=2,3,3&mode=play&paused=1', async (page) => {
      // Before the page's script has run (one of its modules held back), the app is not shown
      // half laid out (every mode's panels, no tabs); the title and the progress line are.
      await page.waitForFunction(() => document.getElementById('status') && document.querySelector('link[rel=stylesheet]').sheet?.cssRules.length > 0);
      assert.equal(await page.evaluate(() => document.body.dataset.mode), undefined);
      assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('main.app')).visibility), 'hidden');
      assert.equal(await page.isVisible('#load-progress'), true);
      held.script();
      await page.waitForFunction(() => document.body.dataset.mode === 'play');
      assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('main.app')).visibility), 'visible');
      const loading = await boxes(page);
      held.core();
      await page.waitForFunction(() => document.body.dataset.state === 'ready');
      assert.equal(await page.isVisible('#status'), false);
      assert.deepEqual(await boxes(page), loading, 'the panels stay where they were while the core loaded');
    }, {
      ready: false,
      beforeGoto: async (page) => {
        await page.route('**/www/modes.js', async (route) => {
          await script;
          await route.continue();
        });
        await page.route('**/impartial_bg.wasm', async (route) => {
          await core;
          await route.continue();
        });
      },
    });
  });

  test('on a phone the lead is painted before the script runs, the footer waits with the app, and a play link then hides the lead', async () => {
    const { release, beforeGoto } = holdBack('**/www/modes.js');
    const shown = (page) =>
      page.evaluate(() => ['header .lead', 'body > footer'].map((q) => {
        const e = document.querySelector(q);
        return e.checkVisibility({ visibilityProperty: true });
      }));
    await withPage('#game=nim&heaps=2,3,3&mode=play&paused=1', async (page) => {
      await page.waitForFunction(() => document.querySelector('body > footer') && document.querySelector('link[rel=stylesheet]').sheet?.cssRules.length > 0);
      assert.equal(await page.evaluate(() => document.body.dataset.mode), undefined);
      assert.deepEqual(await shown(page), [true, false], 'the lead shows, the footer waits');
      release();
      await page.waitForFunction(() => document.body.dataset.mode === 'play');
      assert.deepEqual(await shown(page), [false, true], 'a play link on a phone opens on its board, not the lead');
    }, {
      viewport: { width: 390, height: 844 },
      ready: false,
      beforeGoto,
    });
  });

  test('a play link shows its tab and layout while the core is still loading, with a progress line', async () => {
    const { release, beforeGoto } = holdBack('**/impartial_bg.wasm');
    await withPage('#game=nim&heaps=2,3,3&mode=play&paused=1', async (page) => {
      await page.waitForFunction(() => document.getElementById('mode-play')?.getAttribute('aria-pressed') === 'true');
      assert.equal(await page.evaluate(() => document.body.dataset.state), 'loading');
      assert.equal(await page.getAttribute('#mode-learn', 'aria-pressed'), 'false');
      assert.equal(await page.isVisible('#play-panel'), true, 'the play panel is laid out');
      assert.equal(await page.isVisible('#chart'), false, 'no learner chart in play mode');
      assert.match(await page.textContent('#status'), /Loading the game engine/);
      assert.equal(await page.isVisible('#load-progress'), true);
      release();
      await page.waitForFunction(() => document.body.dataset.state === 'ready');
      assert.equal(await page.isVisible('#load-progress'), false);
      assert.equal(await page.getAttribute('#mode-play', 'aria-pressed'), 'true');
    }, {
      ready: false,
      beforeGoto,
    });
  });
});

describe('links restore what a class needs; bad input is one notice and the nearest working state', () => {
  test('hint and the moves played come back with a link, and Undo works after it is re-opened', async () => {
    let link;
    await withPage('#game=nim&heaps=2,3,3&mode=play&opponent=person&paused=1', async (page) => {
      await plies(page, 0);
      await page.click('#hint');
      await page.click('#board [data-part="2:2"]');
      await plies(page, 1);
      await page.click('#board [data-part="0:0"]');
      assert.equal(await plies(page, 2), '0,3,2');
      link = await page.inputValue('#share-link');
      assert.match(link, /hint=1/);
      assert.match(link, /played=2%2C3%2C3~2%2C3%2C2~0%2C3%2C2|played=2,3,3~2,3,2~0,3,2/);
    });
    await withPage(link.slice(link.indexOf('#')), async (page) => {
      assert.equal(await plies(page, 2), '0,3,2');
      assert.equal(await page.getAttribute('#hint', 'aria-pressed'), 'true');
      assert.equal(await page.isVisible('#hint-text'), true);
      await page.click('#undo');
      assert.equal(await plies(page, 1), '2,3,2');
      assert.equal(await page.isVisible('#notice'), false);
    });
  });

  test('an impossible move list, present and hint that are not 0 or 1: a notice each, and a game to play', async () => {
    await withPage('#game=nim&heaps=2,3,3&mode=play&opponent=person&present=yes&hint=2&played=2,3,3~2,3,2~2,3,3~1,1,1', async (page) => {
      assert.equal(await plies(page, 1), '2,3,2', 'replayed up to the last legal move');
      const notice = await page.locator('#notice').innerText();
      assert.match(notice, /'yes' is not a valid value for present: use 0 or 1\. Using present=0\./);
      assert.match(notice, /'2' is not a valid value for hint: use 0 or 1\. Using hint=0\./);
      assert.match(notice, /played: '2,3,3' is not a move from '2,3,2' in game=nim&heaps=2,3,3&play=normal; the game is restored up to '2,3,2'\./);
      await page.click('#board [data-part="1:0"]');
      assert.equal(await plies(page, 2), '2,0,2');
    });
    // A position of another game (pins in a Nim link): the start, with a notice.
    await withPage('#game=nim&heaps=2,3,3&mode=play&played=10~8,1', async (page) => {
      assert.equal(await plies(page, 0), '2,3,3');
      assert.match(await page.locator('#notice').innerText(), /played='10' does not start at a position of game=nim/);
    });
  });
});

describe('the theory beside the board', () => {
  test('step by step: a multi-heap position is also the XOR of its heaps’ values', async () => {
    await withPage('#game=nim&heaps=1,2,3&mode=steps&step=24&paused=1', async (page) => {
      await page.waitForFunction(() => document.getElementById('steps-xor').textContent !== '');
      assert.equal(
        await page.textContent('#steps-xor'),
        'The same value by Sprague–Grundy, one heap at a time: g(1,2,3) = g(1) ⊕ g(2) ⊕ g(3) = 1 ⊕ 2 ⊕ 3 = 0.',
      );
    });
  });

  test('play mode: the nim-sum table follows every move, lights odd columns, and the strip marks the heaps on the board', async () => {
    await withPage('#game=nim&heaps=5,7,2&mode=play&opponent=person&paused=1', async (page) => {
      await plies(page, 0);
      assert.equal(await page.getAttribute('#nim-sum', 'data-total'), '0');
      assert.equal(await page.textContent('#nim-sum-move'), '', 'at s = 0 only the sentence under the table speaks');
      assert.match(await page.textContent('#nim-sum-text'), /^s = 0: a P-position/);
      await page.click('#board [data-part="1:5"]'); // 5,7,2 → 5,5,2: s = 2
      await plies(page, 1);
      assert.equal(await page.getAttribute('#nim-sum', 'data-total'), '2');
      assert.equal(await page.$$eval('#nim-sum tr.total td.odd', (tds) => tds.length), 1, 'one column with an odd number of 1s');
      assert.match(await page.textContent('#nim-sum-move'), /heap 3 \(2, value 2\) → 2 ⊕ 2 = 0/);
      assert.equal(await page.evaluate(() => document.getElementById('nim-sum').parentElement.id), 'play-theory');
    });
    await withPage('#game=octal&code=0.77&heaps=10&mode=play&opponent=person&paused=1', async (page) => {
      await plies(page, 0);
      assert.equal(await page.getAttribute('#grundy-strip', 'data-marked'), '10');
      await page.click('#board [data-part="0:3"]');
      await plies(page, 1);
      assert.equal(await page.getAttribute('#grundy-strip', 'data-marked'), '3,6');
      // Beside the board, under the nim-sum table that adds the rows' values it gives.
      assert.deepEqual(await page.evaluate(() => [...document.getElementById('play-theory').children].map((e) => e.id)), ['nim-sum', 'grundy-strip']);
    });
  });

  for (const viewport of [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }]) {
    test(`${viewport.width}×${viewport.height}, lesson 2's “the sequence repeats”: the board and the whole strip on the first screen, the heap outlined as it moves`, async () => {
      await withPage('#game=subtraction&moves=1,3,4&heap=30&mode=play&opponent=person&present=1&paused=1', async (page) => {
        await plies(page, 0);
        for (const id of ['board', 'grundy-strip']) {
          const box = await page.locator(`#${id}`).boundingBox();
          assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `#${id} at ${box.y}–${box.y + box.height} px`);
        }
        assert.equal(await page.$$eval('#grundy-strip .strip-cell.heap', (cs) => cs.map((c) => c.dataset.n).join()), '30');
        await page.click('#board [data-part="0:26"]'); // take 4
        await plies(page, 1);
        assert.equal(await page.$$eval('#grundy-strip .strip-cell.heap', (cs) => cs.map((c) => c.dataset.n).join()), '26');
      }, { viewport });
    });
  }
});

describe('docs/teaching.md', () => {
  const links = [...readFileSync(join(ROOT, 'docs', 'teaching.md'), 'utf8').matchAll(/\]\(\.\.\/index\.html(#(?:[^()\s]|\([^()\s]*\))+)\)/g)].map((m) => m[1]);
  test('has the lessons’ links', () => assert.ok(links.length >= 12, `${links.length} links`));
  // A lesson's link (#lesson=nim&slide=2) opens its slide's state (www/lesson.js).
  const lessons = JSON.parse(readFileSync(join(ROOT, 'www', 'lessons.json'), 'utf8'));
  for (const hash of links) {
    test(`${hash} opens on a fresh page in its mode, with no notice`, async () => {
      const state = resolve(hash, lessons).state;
      await withPage(hash, async (page) => {
        const mode = new URLSearchParams(state).get('mode') ?? 'learn';
        assert.equal(await page.evaluate(() => document.body.dataset.mode), mode);
        assert.equal(await page.isVisible('#notice'), false, await page.locator('#notice').innerText());
        assert.equal(await page.getAttribute(`#mode-${mode}`, 'aria-pressed'), 'true');
        if (!hash.includes('present=1')) return;
        // A lesson's link, as projected (1280×720, the smaller projector): no text under 18 px,
        // and what the lesson points at on the first screen (play mode: the board and the
        // teaching panels beside it).
        assert.deepEqual(await page.evaluate(smallTexts, 18), [], 'texts under 18 px');
        const teach = await page.evaluate(async (m) => (await import('./www/modes/index.js')).modeOf(m).teach, mode);
        // A step-by-step link naming a heap of the strip opens scrolled to the strip and its stepper.
        const strip = mode === 'steps' && new URLSearchParams(state).has('strip');
        if (strip) await page.waitForFunction(() => document.body.dataset.scrolled === 'strip');
        const panels = mode === 'play' ? ['board', 'nim-sum', 'grundy-strip'] : strip ? ['grundy-strip', 'strip-next', 'strip-mex'] : [teach];
        const boxes = await Promise.all(panels.map(async (id) => [id, await page.locator(`#${id}`).boundingBox()]));
        const shown = boxes.filter(([, box]) => box && box.height > 0);
        assert.ok(shown.length > 0, `one of ${panels.join(', ')} is shown`);
        const height = page.viewportSize().height;
        for (const [id, box] of shown) assert.ok(box.y >= 0 && box.y + Math.min(box.height, 120) <= height, `#${id} at ${box.y}–${box.y + box.height} px`);
      }, hash.includes('present=1') ? { viewport: { width: 1280, height: 720 } } : {});
    });
  }
});

test('building another game drops the moves played in the old one (no notice about them)', async () => {
  await withPage('#game=nim&heaps=2,3,3&mode=play&opponent=person&played=2,3,3~2,3,2&paused=1', async (page) => {
    assert.equal(await plies(page, 1), '2,3,2');
    await page.fill('#spec-input', 'game=nim&heaps=4,5');
    await page.click('#build');
    assert.equal(await plies(page, 0), '4,5');
    assert.equal(await page.isVisible('#notice'), false);
    assert.doesNotMatch(await page.evaluate(() => location.hash), /played=/);
  });
});
