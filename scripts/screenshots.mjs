// Screenshots of each mode of the page for docs/page.md: at 1920×1080 in presentation mode,
// at 1280×720 and on a 390×844 phone, written to docs/screenshots/MODE-SIZE.png (the first
// screen only, as a class or a phone sees it). Needs pkg/ (scripts/build-wasm) and Debian's full
// Chromium (the browser people use; the tests run in its headless shell).
//
//   node scripts/screenshots.mjs              every mode
//   node scripts/screenshots.mjs quiz puzzle  only these modes
//   node scripts/screenshots.mjs lessons      every slide of every built-in lesson, given with
//                                             PageDown at 1920×1080 in presentation, written to
//                                             docs/screenshots/lessons/NAME-K.png
//   node scripts/screenshots.mjs lessons nim  only these lessons
//   node scripts/screenshots.mjs --present    only the 1920×1080 presentation pictures

import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { FULL_CHROMIUM, launchChromium } from '../tests/browser/chromium.mjs';
import { ROOT, startServer } from '../tests/browser/server.mjs';

/**
 * Each mode's link, what a student does first (`act`, optional) and what to wait for before the
 * picture (a condition the page exposes).
 */
const SHOTS = [
  { mode: 'learn', hash: '#game=chomp&rows=3&cols=4&mu=20&gamma=0.03&speed=20', ready: () => document.getElementById('found').dataset.found },
  { mode: 'play', hash: '#game=nim&heaps=5,7,2&mode=play&hint=1&paused=1', ready: () => document.getElementById('play-status').dataset.turn === 'person' },
  { mode: 'duel', hash: '#game=subtraction&moves=1,2&heap=6&mode=duel&paused=1', ready: () => document.getElementById('duel-board').dataset.position !== '' },
  { mode: 'steps', hash: '#game=octal&code=0.07&heaps=6,4&mode=steps&step=20&strip=6&paused=1', ready: () => document.getElementById('steps-xor').textContent !== '' && document.getElementById('strip-xor').textContent !== '' },
  {
    mode: 'quiz',
    hash: '#game=subtraction&moves=1,3,4&heap=10&mode=quiz&quiz=0:0~1:1~2:0~3:1~4:2&paused=1',
    // g(5) = mex{2, 1, 0} = 3: a wrong answer shows what the mex sees.
    act: async (page) => {
      await page.fill('#quiz-answer', '2');
      await page.press('#quiz-answer', 'Enter');
    },
    ready: () => document.getElementById('quiz-panel').dataset.result === 'wrong',
  },
  {
    mode: 'puzzle',
    hash: '#game=nim&heaps=7,5,3&mode=puzzle&puzzles=4,5,1&paused=1',
    act: (page) => page.click('#puzzle-moves button[data-to="3,0,2"]'),
    ready: () => document.getElementById('puzzle-panel').dataset.result === 'wrong',
  },
  { mode: 'compare', hash: '#game=nim&heaps=2,3,3&mode=compare&right=1,2,3&paused=1', ready: () => document.getElementById('compare-sum')?.textContent !== '' },
  { mode: 'experiment', hash: '#game=chomp&rows=3&cols=3&mode=experiment&paused=1', ready: () => document.getElementById('exp-command').textContent !== '' },
  {
    mode: 'grid',
    // The μ × γ grid of lesson 3's exercise, run in the worker, drawn as a heat map.
    hash: '#game=chomp&rows=3&cols=3&mode=experiment&paused=1&exp-runs=6&exp-seed=7&exp-budget=3000&exp-mu=10,40&exp-gamma=0,0.03',
    act: (page) => page.click('#exp-start'),
    ready: () => document.getElementById('experiment').dataset.state === 'done',
  },
  {
    mode: 'draw',
    // A drawn graph with a cycle: b and c move to each other, so both are draws (D).
    hash: '#game=graph&edges=a-b,b-c,c-b,a-d&root=a&paused=1',
    act: (page) => page.click('#draw-mode'),
    ready: () => document.getElementById('draw-mode').getAttribute('aria-pressed') === 'true',
  },
];
const SIZES = [
  { name: '1920x1080-present', viewport: { width: 1920, height: 1080 }, present: true },
  { name: '1280x720', viewport: { width: 1280, height: 720 } },
  { name: '390x844', viewport: { width: 390, height: 844 }, context: { hasTouch: true, isMobile: true } },
];

const lessons = process.argv[2] === 'lessons';
// `--present`: only the presentation size (docs/screenshots/*-1920x1080-present.png).
const presentOnly = process.argv.includes('--present');
const only = process.argv.slice(lessons ? 3 : 2).filter((a) => a !== '--present');
const out = join(ROOT, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchChromium(process.env.CHROMIUM || FULL_CHROMIUM);

/** Two frames, so the canvases have drawn what the page now holds. */
const frames = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Every slide of each built-in lesson as a class sees it: opened with `#lesson=NAME&present=1`
 * and given with PageDown alone, each picture once the page has opened the slide (data-slide,
 * data-opened), scrolled where the link says and its canvases drawn.
 */
async function lessonShots() {
  const catalogue = JSON.parse(readFileSync(join(ROOT, 'www', 'lessons.json'), 'utf8'));
  const dir = join(out, 'lessons');
  mkdirSync(dir, { recursive: true });
  for (const [name, lesson] of Object.entries(catalogue)) {
    if (only.length > 0 && !only.includes(name)) continue;
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    // The computer answers at once (play-mode.js's pause is for a person's eyes).
    await page.addInitScript(() => {
      globalThis.impartialReplyDelayMs = 0;
    });
    await page.goto(`${server.url}#lesson=${name}&present=1`);
    for (let k = 1; k <= lesson.slides.length; k++) {
      if (k > 1) await page.keyboard.press('PageDown');
      await page.waitForFunction(
        (k) => document.body.dataset.state === 'ready' && document.body.dataset.slide === String(k) && Number(document.body.dataset.opened) >= k,
        k,
      );
      if (lesson.slides[k - 1].state.includes('strip=')) await page.waitForFunction(() => document.body.dataset.scrolled === 'strip');
      await page.waitForFunction(() => document.getElementById('qr').dataset.link);
      await frames(page);
      const file = join(dir, `${name}-${k}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    await context.close();
  }
}

try {
  if (lessons) await lessonShots();
  for (const size of lessons ? [] : SIZES.filter((s) => !presentOnly || s.present)) {
    for (const shot of SHOTS.filter((s) => only.length === 0 || only.includes(s.mode))) {
      const context = await browser.newContext({ viewport: size.viewport, ...size.context });
      const page = await context.newPage();
      await page.goto(server.url + shot.hash + (size.present ? '&present=1' : ''));
      await page.waitForFunction(() => document.body.dataset.state === 'ready');
      await shot.act?.(page);
      await page.waitForFunction(shot.ready, null, { timeout: 60_000 });
      await page.waitForFunction(() => document.getElementById('qr').dataset.link);
      // The learner's picture is of a run that has found its strategy: it stops there.
      if (shot.mode === 'learn') await page.evaluate(() => window.impartial.controller.setPlaying(false));
      // Two frames so the canvases have drawn what the page now holds.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const file = join(out, `${shot.mode}-${size.name}.png`);
      await page.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
