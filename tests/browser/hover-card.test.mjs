// Browser tests of the hover card's place: hovering the positions nearest each edge and corner
// of the graph's visible part, in play mode (the nim-sum table and the board beside it) and in
// step by step (its panel and the Grundy strip), in presentation mode at 1920 × 1080 and
// 1280 × 720 and on a 390 × 844 phone, the card stays inside the window, below the graph's
// legend, and off the teaching panels, the board and the pointer. They wait for the card to
// show the position hovered, never for time.
// Run: node --test tests/browser/

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserHarness } from './harness.mjs';

const withPage = browserHarness();

const SIZES = [
  { width: 1920, height: 1080, present: true },
  { width: 1280, height: 720, present: true },
  { width: 390, height: 844, present: false },
];

/** What the card must not cover, per mode: the teaching panels and the board. */
const KEEP_CLEAR = {
  play: ['nim-sum', 'play-board', 'grundy-strip'],
  steps: ['steps-panel', 'grundy-strip'],
};

/**
 * The positions drawn nearest the edges and corners of the part of the graph on the screen
 * (the graph scrolled to the middle of the window first), as window coordinates.
 */
async function edgePositions(page) {
  return page.evaluate(() => {
    const { controller, graphView } = window.impartial;
    const canvas = document.getElementById('graph');
    canvas.scrollIntoView({ block: 'center' });
    graphView.draw(true);
    const rect = canvas.getBoundingClientRect();
    const top = Math.max(rect.top, 0) + graphView.legendSpace();
    const box = { left: Math.max(rect.left, 0), top, right: Math.min(rect.right, innerWidth), bottom: Math.min(rect.bottom, innerHeight) };
    const seen = [];
    for (let id = 0; id < controller.session.n; id++) {
      const p = graphView.screenPosition(id);
      const x = rect.left + p.x;
      const y = rect.top + p.y;
      if (x > box.left + 2 && x < box.right - 2 && y > box.top + 2 && y < box.bottom - 2) seen.push({ id, x, y, label: controller.session.label(id) });
    }
    const corners = [
      [box.left, box.top], [box.right, box.top], [box.left, box.bottom], [box.right, box.bottom],
      [(box.left + box.right) / 2, box.top], [(box.left + box.right) / 2, box.bottom], [box.left, (box.top + box.bottom) / 2], [box.right, (box.top + box.bottom) / 2],
    ];
    const picked = new Map();
    for (const [cx, cy] of corners) {
      const near = seen.reduce((a, b) => (Math.hypot(b.x - cx, b.y - cy) < Math.hypot(a.x - cx, a.y - cy) ? b : a));
      picked.set(near.id, near);
    }
    return { positions: [...picked.values()], legendBottom: top };
  });
}

const intersects = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function checkCard(page, mode, size) {
  const { positions, legendBottom } = await edgePositions(page);
  assert.ok(positions.length >= 4, `${mode} at ${size.width}: ${positions.length} positions near the edges`);
  for (const p of positions) {
    const what = `${mode} at ${size.width} × ${size.height}, hovering ${p.label} at (${Math.round(p.x)}, ${Math.round(p.y)})`;
    await page.mouse.move(p.x, p.y);
    await page.waitForFunction((label) => {
      const card = document.getElementById('hover-card');
      return !card.hidden && card.querySelector('.card-head')?.textContent.startsWith(`${label} ·`);
    }, p.label);
    const boxes = await page.evaluate((ids) => {
      const box = (el) => {
        if (!el || el.hidden || el.offsetParent === null) return null;
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      return {
        card: box(document.getElementById('hover-card')),
        clear: Object.fromEntries(ids.map((id) => [id, box(document.getElementById(id))])),
        viewport: { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight },
      };
    }, KEEP_CLEAR[mode]);
    const { card } = boxes;
    assert.ok(card.x >= 0 && card.y >= 0, `${what}: card at (${card.x}, ${card.y})`);
    assert.ok(card.x + card.width <= boxes.viewport.width && card.y + card.height <= boxes.viewport.height, `${what}: card ${JSON.stringify(card)} leaves the ${JSON.stringify(boxes.viewport)} window`);
    assert.ok(card.y >= legendBottom - 0.5, `${what}: card top ${card.y} above the legend's bottom ${legendBottom}`);
    for (const [id, b] of Object.entries(boxes.clear)) if (b) assert.ok(!intersects(card, b), `${what}: the card ${JSON.stringify(card)} covers #${id} ${JSON.stringify(b)}`);
    const pointer = { x: p.x - 1, y: p.y - 1, width: 2, height: 2 };
    assert.ok(!intersects(card, pointer), `${what}: the card ${JSON.stringify(card)} covers the pointer`);
  }
}

describe('the hover card keeps to the graph', () => {
  for (const size of SIZES) {
    test(`${size.width} × ${size.height}${size.present ? ', presentation mode' : ''}: play mode (Nim) and step by step (Kayles)`, async () => {
      const present = size.present ? '&present=1' : '';
      const viewport = { width: size.width, height: size.height };
      await withPage(`#game=nim&heaps=2,3,4&mode=play&opponent=person${present}`, (page) => checkCard(page, 'play', size), { viewport });
      await withPage(`#game=octal&code=0.77&heaps=8&mode=steps&step=20&strip=4${present}`, (page) => checkCard(page, 'steps', size), { viewport });
    });
  }
});
