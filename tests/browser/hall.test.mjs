// Browser tests of type for a hall (presentation mode, read from 15 m): at 1920 × 1080 every text
// of each mode's teaching panel is at least 32 px (text in the DOM, and text drawn on a teaching
// canvas, recorded from fillText), board labels at least 40 px, a graph of up to 60 positions
// drawn with nodes at least 40 px across, critical rings at least 6 px and its legend in 32 px
// type, each entry inside the canvas (the canvas's data-node-px, data-ring-px, data-legend-px), the teaching panel wholly on the first screen at 1920 × 1080 and
// 1280 × 720, and at 150% zoom (1280 × 720 CSS px at 1.5 device pixels per px) the graph keeps
// every label. They wait for what the page exposes, never for time.
// Run: node --test tests/browser/hall.test.mjs

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserHarness } from './harness.mjs';

const withPage = browserHarness();

/** Records the font of every fillText on a canvas (the chart's text is the learn mode's teaching panel). */
function recordCanvas() {
  globalThis.drawnFonts = [];
  const proto = CanvasRenderingContext2D.prototype;
  const fillText = proto.fillText;
  proto.fillText = function (text, ...rest) {
    globalThis.drawnFonts.push({ canvas: this.canvas?.id ?? '', text: String(text), px: parseFloat(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? '0') });
    return fillText.call(this, text, ...rest);
  };
}

// One link per mode, each a game of at most 60 positions with a board, as a lesson opens it.
const LINKS = {
  learn: 'game=chomp&rows=3&cols=4&mu=20&gamma=0.03&seed=1',
  play: 'game=nim&heaps=2,3,3&mode=play&hint=1',
  duel: 'game=subtraction&moves=1,2&heap=6&mode=duel',
  steps: 'game=nim&heaps=1,2,3&mode=steps&step=12',
  quiz: 'game=subtraction&moves=1,3,4&heap=10&mode=quiz&quiz=0:0~1:1~2:0~3:1~4:2',
  puzzle: 'game=nim&heaps=2,3,3&mode=puzzle',
  experiment: 'game=chomp&rows=3&cols=3&mode=experiment',
  compare: 'game=nim&heaps=2,3,3&mode=compare&right=1,2,3',
};

/**
 * The teaching panel of the mode shown (its descriptor's `teach`, and the teaching panels it
 * moves beside its own, `theory`): each visible text's size (px), the panel's box, and the
 * board's labels (SVG text: its font size times the drawing's scale).
 */
async function measure(page) {
  return page.evaluate(async () => {
    const { modeOf } = await import('./www/modes/index.js');
    const mode = modeOf(document.body.dataset.mode);
    const roots = [mode.teach, ...Object.keys(mode.theory)].map((id) => document.getElementById(id)).filter((el) => el && el.checkVisibility());
    const texts = [];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!node.textContent.trim() || !el.checkVisibility() || el.closest('svg')) continue;
        texts.push({ id: el.id || el.closest('[id]').id, text: node.textContent.trim().slice(0, 30), px: parseFloat(getComputedStyle(el).fontSize) });
      }
    }
    // A field or a canvas as the panel: its own type (a canvas's drawn text is recorded apart).
    const panel = document.getElementById(mode.teach);
    if (panel.matches('input, textarea')) texts.push({ id: panel.id, text: panel.value || panel.placeholder, px: parseFloat(getComputedStyle(panel).fontSize) });
    const box = panel.getBoundingClientRect();
    const boards = [...document.querySelectorAll('.board:not(.card-board) svg')].filter((svg) => svg.checkVisibility());
    const labels = boards.flatMap((svg) =>
      [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent, px: parseFloat(t.getAttribute('font-size') ?? getComputedStyle(t).fontSize) * (t.getScreenCTM()?.a ?? 1) })),
    );
    const canvas = document.getElementById('graph').dataset;
    return { teach: mode.teach, texts, top: box.top, bottom: box.bottom, labels, node: Number(canvas.nodePx), ring: Number(canvas.ringPx), legend: Number(canvas.legendPx), n: window.impartial.controller.session.n };
  });
}

describe('presentation mode at 1920 × 1080: type for a hall', () => {
  for (const [mode, link] of Object.entries(LINKS)) {
    test(`${mode}: teaching text ≥ 32 px, board labels ≥ 40 px, nodes ≥ 40 px and rings ≥ 6 px, the panel on the first screen`, async () => {
      await withPage(
        `#${link}&present=1&paused=1`,
        async (page) => {
          await page.evaluate(() => window.impartial.graphView.draw(true));
          await page.evaluate(() => window.impartial.controller.chart.draw());
          const m = await measure(page);
          if (m.teach !== 'chart') assert.ok(m.texts.length > 0, `#${m.teach} has text`);
          const small = m.texts.filter((t) => t.px < 32 - 0.01);
          assert.deepEqual(small, [], `${mode}: teaching texts under 32 px`);
          assert.ok(m.top >= 0 && m.bottom <= 1080, `${mode}: #${m.teach} at ${m.top}–${m.bottom} px`);
          if (mode !== 'experiment') {
            const smallLabels = m.labels.filter((l) => l.px < 40 - 0.01);
            assert.deepEqual(smallLabels, [], `${mode}: board labels under 40 px`);
            assert.ok(m.n <= 60, `${link} has ${m.n} positions`);
            assert.ok(m.node >= 40, `${mode}: nodes ${m.node} px across`);
            assert.ok(m.ring >= 6, `${mode}: rings ${m.ring} px`);
            assert.ok(m.legend >= 32, `${mode}: the graph's legend ${m.legend} px`);
            // Every legend entry fits its row of the canvas (none runs off its right edge).
            const over = await page.evaluate(() => {
              const g = window.impartial.graphView;
              const { places, size } = g.legendLayout();
              return places.filter((p) => p.x + size * 1.9 + g.ctx.measureText(p.item[2]).width > g.width).map((p) => p.item[2]);
            });
            assert.deepEqual(over, [], `${mode}: legend entries wider than the graph`);
          }
          if (m.teach === 'chart') {
            const fonts = await page.evaluate(() => globalThis.drawnFonts.filter((f) => f.canvas === 'chart'));
            assert.ok(fonts.length > 0, 'the chart draws its text');
            assert.deepEqual(fonts.filter((f) => f.px < 32), [], 'the chart’s text under 32 px');
          }
        },
        { viewport: { width: 1920, height: 1080 }, init: recordCanvas },
      );
    });
  }
});

describe('presentation mode at 1280 × 720 and at 150% zoom', () => {
  for (const [mode, link] of Object.entries(LINKS)) {
    test(`${mode}: the teaching panel wholly on the first screen; the graph keeps its labels at 150% zoom`, async () => {
      await withPage(
        `#${link}&present=1&paused=1`,
        async (page) => {
          const m = await measure(page);
          assert.ok(m.top >= 0 && m.bottom <= 720, `${mode}: #${m.teach} at ${m.top}–${m.bottom} px`);
          if (mode === 'experiment') return; // no graph in this mode
          const drawn = await page.evaluate(() => {
            const g = window.impartial.graphView;
            g.draw(true);
            return { labels: g.labelBoxes.length, node: Number(g.canvas.dataset.nodePx), n: g.session.n };
          });
          assert.equal(drawn.labels, drawn.n, `${mode}: ${drawn.labels} of ${drawn.n} labels drawn at 150% zoom`);
        },
        { viewport: { width: 1280, height: 720 }, context: { deviceScaleFactor: 1.5 } },
      );
    });
  }
});

test('play mode in a hall: each opponent and who moves first reads whole in its menu', async () => {
  await withPage(
    '#game=nim&heaps=3,4,5&mode=play&present=1',
    async (page) => {
      // Each option's width as its menu would need it (a copy sized to its content), against the
      // menu's own width: a narrower menu cuts the option's words ("another person (pas").
      const cut = await page.evaluate(() =>
        ['opponent', 'first'].flatMap((id) => {
          const menu = document.getElementById(id);
          const copy = menu.cloneNode(true);
          copy.removeAttribute('id');
          copy.style.cssText = 'field-sizing: content; width: auto; max-width: none; position: absolute; visibility: hidden';
          menu.parentElement.append(copy);
          const words = [...menu.options].map((option, k) => {
            copy.selectedIndex = k;
            return { text: option.text, needs: copy.getBoundingClientRect().width, has: menu.getBoundingClientRect().width };
          });
          copy.remove();
          return words.filter((w) => w.needs > w.has + 0.5).map((w) => `${id}: "${w.text}" needs ${Math.ceil(w.needs)} px of ${Math.floor(w.has)}`);
        }),
      );
      assert.deepEqual(cut, []);
    },
    { viewport: { width: 1920, height: 1080 } },
  );
});
