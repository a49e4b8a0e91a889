// Browser tests of lessons (www/lesson.js, lesson-bar.js, lesson-draft.js): each built-in lesson
// given with the clicker's keys alone (PageDown / PageUp) in presentation mode, every slide on its
// own first screen with its teaching panel wholly visible in large type; B blanks the screen;
// Back returns to the slide before; a lesson authored on the page from four views round-trips
// through its link; bad lesson links give one notice and a working page. They wait for what the
// page exposes (data-slide, data-opened, data-scrolled), never for time.
// Run: node --test tests/browser/lessons.test.mjs

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { browserHarness } from './harness.mjs';
import { ROOT } from './server.mjs';

const withPage = browserHarness();
const LESSONS = JSON.parse(readFileSync(join(ROOT, 'www', 'lessons.json'), 'utf8'));
const HD = { width: 1920, height: 1080 };
const SMALL = { width: 1280, height: 720 };
/** The smallest text of a slide's teaching panel on a 1920 × 1080 projector (the figure). */
const HALL_PX = 32;

/** Waits until the page has acted on its `opened`-th address and shows slide `k`. */
async function slideShown(page, k, opened) {
  await page.waitForFunction(
    ([k, opened]) => document.body.dataset.slide === String(k) && Number(document.body.dataset.opened) >= opened && document.body.dataset.state === 'ready',
    [k, opened],
  );
}

/**
 * What the slide on screen shows a class: its teaching panel (the mode's `teach` element; the
 * Grundy strip and its stepper when the link opens scrolled to it; when the game has no nim-sum
 * table, the teaching panels its mode's panel shows instead (`.theory`: misère Nim's rule,
 * Wythoff's pairs), else its board), where it is, the page's scroll, and its texts under `min` px.
 */
function slideView(min) {
  return import('./www/modes/index.js').then(({ modeOf }) => {
    const { mode } = document.body.dataset;
    const shown = (el) => el && el.getClientRects().length > 0 && el.getBoundingClientRect().height > 0;
    let ids = [modeOf(mode).teach];
    const panel = document.getElementById(modeOf(mode).panel);
    if (document.body.dataset.scrolled === 'strip') ids = ['grundy-strip'];
    else if (!shown(document.getElementById(ids[0]))) {
      ids = [...(panel?.querySelectorAll('.theory') ?? [])].filter(shown).map((el) => el.id);
      if (ids.length === 0) ids = [panel?.querySelector('.board')?.id];
    }
    const small = [];
    const boxes = ids.map((id) => {
      const panel = document.getElementById(id);
      if (!shown(panel)) return { id, missing: true };
      const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!n.textContent.trim() || el.closest('.visually-hidden, [hidden]')) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        if (![...range.getClientRects()].some((r) => r.width > 1 && r.height > 1)) continue;
        let size = parseFloat(getComputedStyle(el).fontSize);
        if (el instanceof SVGElement) size *= (el.ownerSVGElement ?? el).getScreenCTM().a;
        if (size < min) small.push(`${size.toFixed(1)} px ${el.tagName}#${el.id}: ${n.textContent.trim().slice(0, 30)}`);
      }
      const r = panel.getBoundingClientRect();
      return { id, top: r.top, bottom: r.bottom };
    });
    return { mode, boxes, small, scrollY: window.scrollY, scrolled: document.body.dataset.scrolled ?? '', count: document.getElementById('lesson-count').textContent };
  });
}

/** Gives lesson `name` with PageDown then back with PageUp, checking each slide's first screen. */
async function giveLesson(page, name, viewport, min) {
  const n = LESSONS[name].slides.length;
  let opened = 1;
  assert.equal(await page.evaluate(() => document.body.dataset.lesson), name);
  assert.equal(await page.locator('#lesson-title').innerText(), LESSONS[name].title);
  const check = async (k) => {
    await slideShown(page, k, opened);
    const state = LESSONS[name].slides[k - 1].state;
    // A link that names a heap of the strip opens scrolled to it, the others at the top.
    if (state.includes('strip=')) await page.waitForFunction(() => document.body.dataset.scrolled === 'strip');
    // The slide's state is in the address, with the lesson's keys after it.
    const hash = await page.evaluate(() => decodeURIComponent(location.hash));
    for (const pair of state.split('&')) assert.ok(hash.includes(pair), `${name} ${k}: ${pair} in ${hash}`);
    assert.ok(hash.endsWith(`lesson=${name}&slide=${k}`), hash);
    // Two frames: the panels have been laid out and drawn.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const view = await page.evaluate(slideView, min);
    const where = `${name} slide ${k} (${view.mode}, ${viewport.width}×${viewport.height})`;
    assert.equal(view.count, `${k} / ${n}`, where);
    if (view.scrolled === 'strip') assert.ok(view.scrollY > 0, `${where}: scrolled to the strip`);
    else assert.equal(view.scrollY, 0, `${where}: opens at the top`);
    for (const box of view.boxes) {
      assert.ok(!box.missing, `${where}: #${box.id} is shown`);
      assert.ok(box.top >= 0 && box.bottom <= viewport.height + 0.5, `${where}: #${box.id} at ${box.top.toFixed(0)}–${box.bottom.toFixed(0)} px`);
    }
    if (min) assert.deepEqual(view.small, [], `${where}: texts under ${min} px`);
  };
  for (let k = 1; k <= n; k++) {
    await check(k);
    // A scroll the lecturer made on this slide does not carry to the next one.
    await page.evaluate(() => window.scrollBy(0, 300));
    if (k < n) {
      await page.keyboard.press('PageDown');
      opened += 1;
    }
  }
  // The last slide: PageDown stays (no address change), and PageUp goes back one by one.
  await page.keyboard.press('PageDown');
  assert.equal(await page.evaluate(() => document.body.dataset.slide), String(n));
  for (let k = n - 1; k >= Math.max(1, n - 2); k--) {
    await page.keyboard.press('PageUp');
    opened += 1;
    await check(k);
  }
}

describe('built-in lessons given with PageDown and PageUp alone', () => {
  for (const name of Object.keys(LESSONS)) {
    test(`${name}: at 1920×1080 in presentation, every slide opens on its own first screen, its teaching panel wholly visible, its text ≥ ${HALL_PX} px`, async () => {
      await withPage(`#lesson=${name}&present=1`, async (page) => {
        await giveLesson(page, name, HD, HALL_PX);
      }, { viewport: HD });
    });
  }

  test('at 1280×720 in presentation, every slide of every lesson has its teaching panel wholly on the first screen', async () => {
    for (const name of Object.keys(LESSONS)) {
      await withPage(`#lesson=${name}&present=1`, async (page) => {
        await giveLesson(page, name, SMALL, 0);
      }, { viewport: SMALL });
    }
  });
});

describe('the clicker and the address', () => {
  test('→ stays with the mode, B blanks the screen and any key shows it again, Back returns to the slide before as it was left', async () => {
    await withPage('#lesson=mex&present=1', async (page) => {
      await slideShown(page, 1, 1);
      assert.equal(await page.isVisible('#lesson-bar'), true);
      assert.equal(await page.evaluate(() => document.body.dataset.slides), String(LESSONS.mex.slides.length));
      // → steps the mex, on the same slide.
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => /step=1/.test(location.hash));
      assert.equal(await page.evaluate(() => document.body.dataset.slide), '1');
      await page.keyboard.press('b');
      await page.waitForFunction(() => document.body.dataset.blank === 'true');
      assert.equal(await page.isVisible('#lesson-blank'), true);
      await page.keyboard.press('x');
      await page.waitForFunction(() => document.body.dataset.blank === 'false');
      assert.equal(await page.isVisible('#lesson-blank'), false);
      // The un-blanking key did nothing else: still slide 1, one step shown.
      assert.match(await page.evaluate(() => location.hash), /step=1&.*slide=1$/);
      // The buttons of the bar do what the keys do.
      await page.click('#lesson-next');
      await slideShown(page, 2, 2);

      await page.evaluate(() => window.scrollTo(0, 500));
      await page.goBack();
      await slideShown(page, 1, 3);
      // Back: slide 1 as it was left (one step shown), at the top.
      assert.match(await page.evaluate(() => location.hash), /step=1&.*slide=1$/);
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      // The speaker notes are folded until opened.
      assert.equal(await page.evaluate(() => document.getElementById('lesson-notes').open), false);
      await page.click('#lesson-notes summary');
      assert.match(await page.locator('#lesson-note-text').innerText(), /least number not among its followers/);
      // A plain link ends the lesson.
      await page.evaluate(() => (location.hash = '#game=nim&heaps=2,2'));
      await page.waitForFunction(() => Number(document.body.dataset.opened) >= 4);
      assert.equal(await page.evaluate(() => document.body.dataset.lesson), undefined);
      assert.equal(await page.isVisible('#lesson-bar'), false);
      // PageDown goes to the next slide even from a slider that would take it (here μ's, on a
      // slide in the learner's mode), which keeps its value.
      await page.evaluate(() => (location.hash = '#lesson=learning&slide=1&present=1'));
      await slideShown(page, 1, 5);
      await page.focus('#mu-slider');
      await page.keyboard.press('PageDown');
      await slideShown(page, 2, 6);
      assert.equal(await page.evaluate(() => document.body.dataset.lesson), 'learning');
      assert.match(await page.evaluate(() => location.hash), /mu=20&/);
      await page.focus('#mu-slider');
      await page.keyboard.press('PageUp');
      await slideShown(page, 1, 7);
      assert.match(await page.evaluate(() => location.hash), /mu=20&/);
    }, { viewport: HD });
  });

  test('bad lesson links: one notice each and a working page', async () => {
    const cases = [
      ['#lesson=nope', /There is no lesson 'nope': the built-in lessons are nim, mex, learning, disguise and wythoff/, null],
      ['#lesson=nim&slide=99', /'99' is not a slide of this lesson: use slide=1 to 5\. Showing slide 1\./, '1'],
      ['#lesson=custom&slides=game%3Dnim!%ZZ', /Slide 2 of this lesson link is not valid percent-encoding/, null],
      [`#lesson=custom&slides=${'game=nim!'.repeat(31)}game=nim`, /has 32 slides: a lesson has at most 30 slides/, null],
    ];
    for (const [hash, reason, slide] of cases) {
      await withPage(hash, async (page) => {
        const notices = await page.$$eval('#notice p', (ps) => ps.map((p) => p.textContent));
        assert.equal(notices.length, 1, `${hash}: ${notices.join(' | ')}`);
        assert.match(notices[0], reason);
        assert.equal(await page.evaluate(() => document.body.dataset.slide), slide ?? undefined);
        // A working page: a game is open and its play mode takes a move.
        await page.click('#mode-play');
        await page.waitForFunction(() => document.getElementById('play-status').dataset.turn === 'person');
        if (slide) {
          await page.keyboard.press('PageDown');
          await slideShown(page, 2, 2);
        }
      });
    }
  });
});

describe('a lesson of one\'s own', () => {
  test('authored on the page from four views, reordered and captioned, it round-trips through its link', async () => {
    const views = ['game=nim&heaps=1,2&mode=play', 'game=subtraction&moves=1,2&heap=5&mode=steps&step=2', 'game=wythoff&heaps=2,3&mode=puzzle', 'game=chomp&rows=2&cols=3&paused=1'];
    await withPage(`#${views[0]}`, async (page) => {
      for (let i = 0; i < views.length; i++) {
        if (i > 0) {
          await page.evaluate((h) => (location.hash = h), `#${views[i]}`);
          await page.waitForFunction((n) => Number(document.body.dataset.opened) >= n, i + 1);
        }
        await page.click('#lesson-add');
        await page.waitForFunction((n) => document.querySelectorAll('#lesson-draft li').length === n, i + 1);
      }
      const states = await page.$$eval('#lesson-draft li', (lis) => lis.map((li) => li.dataset.state));
      for (let i = 0; i < views.length; i++) for (const pair of views[i].split('&')) assert.ok(states[i].includes(pair), `${states[i]} has ${pair}`);
      // The last slide goes up one; captions, a note and the title typed in.
      await page.click('#lesson-draft li:nth-child(4) button[title="Move this slide up"]');
      await page.waitForFunction(() => document.querySelector('#lesson-draft li:nth-child(3)').dataset.state.includes('chomp'));
      await page.fill('#lesson-draft li:nth-child(1) input[data-field="caption"]', 'Nim & friends: φ ⊕ s ~ 0!');
      await page.fill('#lesson-draft li:nth-child(2) input[data-field="note"]', 'Ask for g(2) first.');
      await page.fill('#lesson-draft-title', 'My lesson #1');
      const order = [views[0], views[1], views[3], views[2]];
      const link = await page.locator('#lesson-link').getAttribute('data-link');
      assert.match(link, /#lesson=custom&title=My%20lesson%20%231&slides=.*&slide=1$/);
      await page.waitForFunction((l) => document.getElementById('lesson-qr').dataset.link === l, link);
      // The draft is kept: after a reload it is still there.
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.state === 'ready');
      assert.equal(await page.locator('#lesson-draft li').count(), 4);
      assert.equal(await page.locator('#lesson-draft-title').inputValue(), 'My lesson #1');
      // The link opens the lesson: four slides, in the new order, with their captions and note.
      await page.goto(link);
      await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.lesson === 'custom');
      assert.equal(await page.evaluate(() => document.body.dataset.slides), '4');
      assert.equal(await page.locator('#lesson-title').innerText(), 'My lesson #1');
      assert.equal(await page.locator('#notice').isVisible(), false);
      for (let k = 1; k <= 4; k++) {
        await slideShown(page, k, k);
        const hash = await page.evaluate(() => decodeURIComponent(location.hash));
        for (const pair of order[k - 1].split('&')) assert.ok(hash.includes(pair), `slide ${k}: ${pair} in ${hash}`);
        if (k === 1) assert.equal(await page.locator('#lesson-caption').innerText(), 'Nim & friends: φ ⊕ s ~ 0!');
        if (k === 2) assert.equal(await page.locator('#lesson-note-text').textContent(), 'Ask for g(2) first.');
        if (k < 4) await page.keyboard.press('PageDown');
      }
      // Delete: the draft loses the slide.
      await page.click('#lesson-draft li:nth-child(2) button[title="Delete this slide"]');
      await page.waitForFunction(() => document.querySelectorAll('#lesson-draft li').length === 3);
    });
  });
});
