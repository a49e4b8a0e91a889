// Browser tests of reveal on cue (www/reveal.js): a link's `hide=` leaves no hidden value readable
// anywhere on the page — in the text shown, in the attributes (title, aria-label, data-*), or
// drawn on the graph's canvas (every fillText and fill recorded by an init script) — in every
// mode, until the Reveal control or its key shows it; the share link keeps hide=; a bad value is
// one notice. They wait for what the page exposes (body[data-hidden], data attributes), never
// for time.
// Run: node --test tests/browser/reveal.test.mjs

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserHarness } from './harness.mjs';
import { MODES } from '../../www/modes/index.js';

const withPage = browserHarness();

/**
 * Records what the page draws on any 2D canvas: each fillText's string, font and canvas, and the
 * colour of each fill() on the graph's canvas (its P and N colours are fills).
 */
function recordCanvas() {
  globalThis.drawn = { texts: [], fills: new Set() };
  const proto = CanvasRenderingContext2D.prototype;
  const fillText = proto.fillText;
  proto.fillText = function (text, ...rest) {
    globalThis.drawn.texts.push({ text: String(text), font: this.font, canvas: this.canvas?.id ?? '' });
    return fillText.call(this, text, ...rest);
  };
  const fill = proto.fill;
  proto.fill = function (...args) {
    if (this.canvas?.id === 'graph') globalThis.drawn.fills.add(String(this.fillStyle).toLowerCase());
    return fill.apply(this, args);
  };
}

/** Redraws the graph from scratch and returns what it drew (texts with font, fill colours). */
async function drawGraph(page) {
  return page.evaluate(() => {
    globalThis.drawn.texts = [];
    globalThis.drawn.fills = new Set();
    const g = window.impartial.graphView;
    g.draw(true);
    return { texts: globalThis.drawn.texts.filter((t) => t.canvas === 'graph'), fills: [...globalThis.drawn.fills], numbers: g.numbersDrawn };
  });
}

/**
 * Everything a person or a screen reader can read on the page now: the text of every visible
 * text node, and the title, aria-label, alt, placeholder and data-* attributes of every element
 * (visible or not: an attribute is readable in the inspector and by scripts).
 */
function readable() {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('script, style, template')) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const text = node.textContent.trim();
    if (text) texts.push({ where: el.id || el.closest('[id]')?.id || el.tagName, text });
  }
  const attrs = [];
  for (const el of document.body.querySelectorAll('*')) {
    for (const a of el.attributes) {
      if (['title', 'aria-label', 'alt', 'placeholder'].includes(a.name) || a.name.startsWith('data-')) {
        attrs.push({ where: el.id || el.closest('[id]')?.id || el.tagName, name: a.name, value: a.value });
      }
    }
  }
  return { texts, attrs };
}

/**
 * What tells a Grundy value of this game: "g = 3", "g(5) = 2", "Grundy value 2", "value 3",
 * "mex{…} = 2", "3 ⊕ 1", "s = 3".
 */
const TELLS_VALUE = [/\bg\s*=\s*\d/, /\bg\(\d+\)\s*=\s*\d/, /Grundy value:?\s*\d/i, /\bvalue \d/i, /mex\s*\{[^}]*\}\s*=\s*\d/, /\d\s*⊕|⊕\s*\d/, /\bs\s*=\s*\d/, /γ:\s*\d/];
/** Attributes that carry a value (or the winning move, hidden with the values): any non-empty one is a leak. */
const VALUE_ATTRS = ['data-grundy', 'data-g', 'data-total', 'data-winning'];
/** Attributes that carry an outcome. */
const OUTCOME_ATTRS = ['data-outcome', 'data-critical'];

/**
 * The page's fixed text, the same with any game (index.html as served: the general rules, such
 * as "a P-position: Grundy value 0"): not a value of this game.
 */
function fixedText() {
  return fetch(location.pathname)
    .then((r) => r.text())
    .then((html) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
      const texts = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent.trim());
      for (const el of doc.body.querySelectorAll('[title], [aria-label]')) texts.push(el.title, el.getAttribute('aria-label') ?? '');
      return texts;
    });
}

/** The texts and attributes of the page that tell a value (see TELLS_VALUE, VALUE_ATTRS), not in its fixed text. */
async function leaks(page, { outcomes = false } = {}) {
  const attrNames = outcomes ? [...VALUE_ATTRS, ...OUTCOME_ATTRS] : VALUE_ATTRS;
  const baseline = new Set(await page.evaluate(fixedText));
  const { texts, attrs } = await page.evaluate(readable);
  const found = [];
  for (const { where, text } of texts) {
    if (!baseline.has(text) && TELLS_VALUE.some((re) => re.test(text))) found.push(`${where}: ${text.slice(0, 160)}`);
  }
  for (const { where, name, value } of attrs) {
    if (attrNames.includes(name) && value !== '') found.push(`${where}[${name}=${value}]`);
    else if (!name.startsWith('data-') && !baseline.has(value) && TELLS_VALUE.some((re) => re.test(value))) found.push(`${where}[${name}]: ${value.slice(0, 160)}`);
  }
  // The positions table's value column: '?' in every row.
  const column = await page.$$eval('#positions-table tbody td.num', (tds) => tds.map((td) => td.textContent));
  for (const text of column) if (text !== '?') found.push(`positions table value ${text}`);
  return found;
}

/** The canvas's value labels: the bold text drawn in the nodes (the word "start" is bold too). */
const valueTexts = (drawn) => drawn.texts.filter((t) => /^600 /.test(t.font) && t.text !== 'start').map((t) => t.text);

/** Waits for the page to have read the link's hidden parts. */
const hiddenIs = (page, parts) => page.waitForFunction((p) => document.body.dataset.hidden === p, parts);

// Nim 1,2,3 (24 positions, values 0 to 3), and Kayles of 8 (a strip and octal values).
const NIM = 'game=nim&heaps=1,2,3';
const KAYLES = 'game=octal&code=0.77&heaps=8';

describe('hide=values: no value readable until revealed', () => {
  for (const mode of MODES.map((m) => m.name)) {
    for (const game of [NIM, KAYLES]) {
      test(`${mode}, ${game}: nothing in the DOM or on the canvas, then V shows them`, async () => {
        await withPage(
          `#${game}&mode=${mode}&paused=1&hide=values`,
          async (page) => {
            await hiddenIs(page, 'values nimsum winning');
            // Hover every position of the graph in turn: the card must not tell a value either.
            const ids = await page.evaluate(() => window.impartial.controller.session.n);
            const drawn = await drawGraph(page);
            assert.deepEqual(valueTexts(drawn), [], 'no value drawn in a node');
            assert.equal(drawn.numbers ?? 0, 0); // (many runs shows no graph: nothing drawn)
            const found = await leaks(page);
            for (const id of [0, Math.floor(ids / 2), ids - 1]) {
              // The card alone (a pick on the graph would also act in the mode: compute, ask, play).
              await page.evaluate((i) => window.impartial.controller.card.pick(i, { x: 200, y: 200, sticky: true }), id);
              await page.waitForSelector('#hover-card:not([hidden])', { state: 'attached' });
              found.push(...(await leaks(page)));
            }
            assert.deepEqual(found, [], `values readable with hide=values in ${mode}`);
            // The Reveal control offers the hidden parts; V shows the values (and keeps the link's hide=).
            assert.deepEqual(await page.$$eval('#reveal button', (bs) => bs.map((b) => b.dataset.part)), ['values', 'nimsum', 'winning']);
            await page.keyboard.press('v');
            await hiddenIs(page, '');
            // Once shown, the values are there again: the graph draws them, the table lists them.
            const after = await drawGraph(page);
            // (Step by step, the quiz and the puzzles keep their own values hidden; many runs shows no graph.)
            if (['learn', 'play', 'duel'].includes(mode)) assert.ok(after.numbers > 0, 'values drawn once revealed');
            const column = await page.$$eval('#positions-table tbody td.num', (tds) => tds.map((td) => td.textContent));
            assert.ok(column.every((t) => /^\d+$/.test(t)), 'the table lists the values once revealed');
            assert.match(await page.evaluate(() => location.hash), /[&#]hide=values(&|$)/);
          },
          { init: recordCanvas },
        );
      });
    }
  }
});

describe('the other parts', () => {
  test('hide=values,outcomes: no P or N colour on the graph, no outcome in the table, the card or the facts; O shows them, V then the values', async () => {
    await withPage(
      `#${NIM}&mode=learn&paused=1&hide=values,outcomes`,
      async (page) => {
        await hiddenIs(page, 'values outcomes nimsum winning');
        const drawn = await drawGraph(page);
        assert.ok(!drawn.fills.includes('#0072b2') && !drawn.fills.includes('#e69f00'), `P/N colours drawn: ${drawn.fills}`);
        assert.deepEqual(valueTexts(drawn), []);
        const outcomes = await page.$$eval('#positions-table tbody td.outcome', (tds) => [...new Set(tds.map((td) => td.textContent))]);
        assert.deepEqual(outcomes, ['?']);
        assert.match(await page.textContent('#root-outcome'), /hidden/);
        assert.doesNotMatch(await page.getAttribute('#graph', 'aria-label'), /P-position/);
        await page.evaluate(() => window.impartial.controller.card.pick(5, { x: 200, y: 200, sticky: true }));
        assert.doesNotMatch(await page.textContent('#hover-card'), /[PN]-position|winning move/);
        assert.deepEqual(await leaks(page, { outcomes: true }), []);
        await page.click('#reveal button[data-part="outcomes"]');
        await hiddenIs(page, 'values nimsum winning');
        const shown = await drawGraph(page);
        assert.ok(shown.fills.includes('#0072b2') && shown.fills.includes('#e69f00'));
        assert.deepEqual(valueTexts(shown), [], 'values still hidden');
        // The nim-sum table and the winning move were hidden only for the values they are made of.
        await page.keyboard.press('V');
        await hiddenIs(page, '');
        assert.ok((await drawGraph(page)).numbers > 0);
      },
      { init: recordCanvas },
    );
  });

  test('hide=nimsum,winning in play: the table and the winning move come one at a time (N, then W)', async () => {
    await withPage(`#${NIM}&mode=play&paused=1&hide=nimsum,winning&hint=1`, async (page) => {
      await hiddenIs(page, 'nimsum winning');
      assert.equal(await page.$$eval('#nim-sum-table tr', (rows) => rows.length), 0);
      assert.match(await page.textContent('#nim-sum-text'), /hidden for now \(N reveals it\)/);
      assert.ok(await page.isDisabled('#hint'), 'no hints while the winning move is hidden');
      assert.ok(await page.isHidden('#hint-text'));
      await page.keyboard.press('n');
      await hiddenIs(page, 'winning');
      await page.waitForSelector('#nim-sum[data-total="0"]');
      assert.ok((await page.$$eval('#nim-sum-table tr', (rows) => rows.length)) > 0);
      assert.equal(await page.textContent('#nim-sum-move'), '');
      assert.doesNotMatch(await page.textContent('#nim-sum-text'), /⊕/);
      await page.keyboard.press('w');
      await hiddenIs(page, '');
      assert.ok(await page.isHidden('#reveal'));
      assert.ok(await page.isEnabled('#hint'));
      await page.waitForSelector('#hint-text:not([hidden])');
    });
  });

  test('hide=graph: the canvas shows no position and takes no pick; G shows it', async () => {
    await withPage(
      `#${NIM}&paused=1&hide=graph`,
      async (page) => {
        await hiddenIs(page, 'graph');
        const drawn = await drawGraph(page);
        assert.deepEqual(drawn.texts.map((t) => t.text), ['The graph is hidden: press G or Reveal to show it.']);
        assert.equal(await page.evaluate(() => window.impartial.graphView.hit(100, 100)), -1);
        assert.match(await page.getAttribute('#graph', 'aria-label'), /hidden for now \(G reveals it\)/);
        await page.keyboard.press('g');
        await hiddenIs(page, '');
        assert.ok((await drawGraph(page)).numbers > 0);
      },
      { init: recordCanvas },
    );
  });

  test('play mode: the move log, Bouton’s misère rule, Wythoff’s pairs and the Nim translation follow hide=', async () => {
    // A game played against the computer with the values hidden: its log says the moves, not their reasons or nim-sums.
    await withPage(`#game=nim&heaps=2,3,3&mode=play&paused=1&hide=values`, async (page) => {
      await page.click('#legal-moves button[data-to="2,3,2"]');
      await page.waitForFunction(() => document.querySelectorAll('#move-log li').length === 2);
      assert.deepEqual(await page.$$eval('#move-log .reason', (rs) => rs.map((r) => r.textContent)), ['', '']);
      assert.equal(await page.$$eval('#move-log details', (ds) => ds.length), 0);
      assert.deepEqual(await leaks(page), []);
      await page.keyboard.press('v');
      await page.waitForFunction(() => document.querySelector('#move-log .reason')?.textContent !== '');
      assert.equal(await page.$$eval('#move-log details', (ds) => ds.length), 2);
    });
    // Misère Nim: the rule stays, what it says here (the outcome, the move) waits for W.
    await withPage(`#game=nim&heaps=1,2,3&play=misere&mode=play&paused=1&hide=winning`, async (page) => {
      await page.waitForSelector('#misere-rule:not([hidden])');
      assert.equal(await page.getAttribute('#misere-rule', 'data-move'), null);
      assert.equal(await page.getAttribute('#misere-rule', 'data-outcome'), null);
      assert.match(await page.textContent('#misere-rule'), /hidden for now/);
      await page.keyboard.press('w');
      await page.waitForSelector('#misere-rule[data-outcome]');
    });
    // Wythoff's P-pairs and P-squares are outcomes.
    await withPage(`#game=wythoff&heaps=5,8&mode=play&paused=1&hide=outcomes`, async (page) => {
      await hiddenIs(page, 'values outcomes nimsum winning');
      assert.ok(await page.isHidden('#wythoff-box'));
      assert.equal(await page.$$eval('#board [data-p]', (ps) => ps.length), 0);
      await page.keyboard.press('o');
      await page.waitForSelector('#wythoff-box:not([hidden])');
      await page.check('#wythoff-mark');
      await page.waitForSelector('#board [data-p="true"]');
    });
    // Turning Turtles as Nim: the translation is the nim-sum table's, hidden with it.
    await withPage(`#game=turning-turtles&coins=6&mode=play&paused=1&hide=nimsum`, async (page) => {
      await hiddenIs(page, 'nimsum');
      assert.ok(await page.isHidden('#nim-sum-translation'));
      assert.equal(await page.$$eval('#nim-sum-table tr', (rows) => rows.length), 0);
      await page.keyboard.press('n');
      await page.waitForSelector('#nim-sum-translation:not([hidden])');
    });
  });

  test('the share link keeps hide=, and a bad part is one notice naming the allowed ones', async () => {
    await withPage(`#${NIM}&paused=1&hide=winning,values`, async (page) => {
      await hiddenIs(page, 'values nimsum winning');
      // Written canonically, and kept after a reveal (the link is the slide as it opens).
      await page.waitForFunction(() => document.getElementById('share-link').value.includes('hide=values%2Cwinning') && location.hash.includes('hide=values%2Cwinning'));
      await page.keyboard.press('v');
      await hiddenIs(page, 'winning');
      assert.match(await page.evaluate(() => location.hash), /hide=values%2Cwinning/);
    });
    await withPage(`#${NIM}&paused=1&hide=values,colours`, async (page) => {
      await hiddenIs(page, '');
      const notice = await page.textContent('#notice');
      assert.match(notice, /“colours” is not a part the page can hide: use hide= with any of values, outcomes, nimsum, winning, graph/);
      assert.equal((await page.$$('#notice p')).length, 1);
    });
  });
});
