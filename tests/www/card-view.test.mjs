// Where the hover card goes (placeCard): beside the pointer, inside the room it has, off the
// pointer, shrunk when the room is too small.
// Run: node --test tests/www/

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { placeCard } from '../../www/card-view.js';

const area = { left: 4, top: 40, right: 796, bottom: 596 };
const inside = (b) => b.left >= area.left && b.top >= area.top && b.left + b.w <= area.right && b.top + b.h <= area.bottom;
const covers = (b, at) => at.x > b.left && at.x < b.left + b.w && at.y > b.top && at.y < b.top + b.h;

test('lower right of the pointer when there is room', () => {
  assert.deepEqual(placeCard({ x: 100, y: 100 }, { w: 200, h: 150 }, area), { left: 114, top: 114, w: 200, h: 150 });
});

test('near each edge and corner: inside the area and off the pointer', () => {
  for (const x of [6, 400, 794]) {
    for (const y of [42, 300, 594]) {
      const b = placeCard({ x, y }, { w: 300, h: 250 }, area);
      assert.ok(inside(b), `at (${x}, ${y}): ${JSON.stringify(b)}`);
      assert.ok(!covers(b, { x, y }), `at (${x}, ${y}): ${JSON.stringify(b)} covers the pointer`);
    }
  }
});

test('below the legend: a pointer just under it puts the card below, not over the legend', () => {
  const b = placeCard({ x: 700, y: 50 }, { w: 200, h: 150 }, area);
  assert.ok(b.top >= area.top && b.top > 50, JSON.stringify(b));
  assert.ok(!covers(b, { x: 700, y: 50 }));
});

test('a phone: a card as wide as the room goes under or over the pointer, shrunk to fit', () => {
  const phone = { left: 4, top: 4, right: 344, bottom: 520 };
  const b = placeCard({ x: 300, y: 400 }, { w: 340, h: 330 }, phone);
  assert.equal(b.w, 340);
  assert.ok(b.top + b.h <= 400 - 14 && b.top >= phone.top, JSON.stringify(b));
  const c = placeCard({ x: 200, y: 100 }, { w: 500, h: 900 }, phone);
  assert.ok(c.w <= 340 && c.top >= 114 && c.top + c.h <= phone.bottom, JSON.stringify(c));
});
