// The smaller items of issue 44: paper (www/print.css: a view on one A4 page with its theory
// panel and link; puzzle mode as a worksheet with the answer key on a page of its own, checked
// with chromium's page.pdf()), `prefers-reduced-motion` (the learner starts paused), the Grundy
// strip (pre-period cells never paler than unknown ones, rows in phase, the board's word) and
// the heat map's labelled colour key.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserHarness } from './harness.mjs';

const withPage = browserHarness();

/** Pages of a PDF from chromium (each page object is written out uncompressed). */
const pagesOf = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

const VIEWS = [
  '#game=nim&heaps=3,4,5&mode=play&played=3,4,5~1,4,5~1,4,4',
  '#game=nim&heaps=3,4,5',
  '#game=octal&code=0.77&heaps=7,4&mode=steps&strip=5',
  '#game=chomp&rows=3&cols=4&mode=steps&step=5',
  '#game=wythoff&heaps=5,8&mode=play',
  '#game=silver-dollar&coins=3&squares=8&mode=play&present=1',
  '#game=nim&heaps=2,3&mode=duel',
  '#game=nim&heaps=3,4,5&mode=quiz',
];

for (const link of VIEWS) {
  test(`${link} prints on one A4 page, with its link`, async () => {
    await withPage(link, async (page) => {
      const pdf = await page.pdf({ format: 'A4' });
      assert.equal(pagesOf(pdf), 1);
      await page.emulateMedia({ media: 'print' });
      const shown = await page.evaluate(() => {
        const visible = (id) => {
          const el = document.getElementById(id);
          return Boolean(el && el.getClientRects().length > 0);
        };
        return { link: visible('print-link') && document.getElementById('print-link').textContent === document.getElementById('share-link').value, form: visible('game-form') };
      });
      assert.deepEqual(shown, { link: true, form: false });
      // The theory panel of a Nim position prints with it (not in the quiz, which hides values).
      if (link.includes('game=nim&heaps=3,4,5') && !link.includes('quiz')) assert.ok(await page.evaluate(() => document.getElementById('nim-sum').getClientRects().length > 0));
    });
  });
}

test('puzzle mode prints a worksheet: the puzzles on one page, the answer key on the next', async () => {
  await withPage('#game=nim&heaps=3,4,5&mode=puzzle', async (page) => {
    const pdf = await page.pdf({ format: 'A4' });
    assert.equal(pagesOf(pdf), 2);
    await page.emulateMedia({ media: 'print' });
    const sheet = await page.evaluate(() => {
      const s = window.impartial.controller.session;
      const key = document.querySelector('#worksheet .worksheet-key');
      return {
        puzzles: [...document.querySelectorAll('#worksheet .worksheet-puzzles li')].map((li) => li.querySelector('.worksheet-position').textContent.replace('Position ', '')),
        first: s.label(s.puzzle(0)),
        answers: [...document.querySelectorAll('#worksheet .worksheet-answers li')].map((li) => li.textContent),
        winning: Array.from({ length: 6 }, (_, k) => s.moves(s.puzzle(k)).filter((m) => m.optimal).map((m) => m.label)),
        breakBefore: getComputedStyle(key).breakBefore,
        graphShown: document.getElementById('graph').getClientRects().length > 0,
        keys: document.querySelectorAll('#worksheet [data-key]').length,
      };
    });
    assert.equal(sheet.puzzles.length, 6);
    assert.equal(sheet.puzzles[0], sheet.first);
    assert.equal(sheet.breakBefore, 'page');
    assert.equal(sheet.graphShown, false);
    assert.equal(sheet.keys, 0, 'paper copies of the boards take no clicks');
    // Each answer names the core's winning moves, or says there is none.
    sheet.answers.forEach((text, k) => {
      if (sheet.winning[k].length === 0) assert.match(text, /no winning move/);
      else for (const label of sheet.winning[k]) assert.ok(text.includes(label), `${text} names ${label}`);
    });
    // On screen the worksheet is not there.
    await page.emulateMedia({ media: 'screen' });
    assert.equal(await page.evaluate(() => document.getElementById('worksheet').getClientRects().length), 0);
  });
});

test('prefers-reduced-motion: the learner starts paused; without it, it plays', async () => {
  await withPage('#game=nim&heaps=3,4,5', async (page) => {
    assert.equal(await page.evaluate(() => window.impartial.controller.playing), false);
    assert.equal(await page.evaluate(() => window.impartial.controller.page.paused), '1');
  }, { context: { reducedMotion: 'reduce' } });
  await withPage('#game=nim&heaps=3,4,5', async (page) => {
    assert.equal(await page.evaluate(() => window.impartial.controller.playing), true);
  }, { context: { reducedMotion: 'no-preference' } });
});

test('Kayles’ strip: pre-period cells as opaque as unknown ones, rows in phase, the board’s word', async () => {
  await withPage('#game=octal&code=0.77&heaps=7,4&mode=steps&strip=5', async (page) => {
    const strip = await page.evaluate(() => {
      const cells = [...document.querySelectorAll('#grundy-strip .strip-cell')];
      const opacity = (c) => Number(getComputedStyle(c).opacity);
      const pre = cells.find((c) => c.classList.contains('pre'));
      const unknown = cells.find((c) => c.classList.contains('unknown'));
      const box = document.getElementById('grundy-strip');
      const period = Number(box.dataset.period);
      // Cell n's left edge: every cell n ≡ m (mod p) in the same column.
      const columns = new Map();
      for (const c of cells) {
        const m = Number(c.dataset.n) % period;
        const x = Math.round(c.getBoundingClientRect().left);
        columns.set(m, [...(columns.get(m) ?? []), x]);
      }
      return {
        pre: opacity(pre),
        unknown: opacity(unknown),
        preBorder: getComputedStyle(pre).borderTopStyle,
        misaligned: [...columns.values()].filter((xs) => new Set(xs).size > 1).length,
        summary: box.querySelector('summary').textContent,
        next: document.getElementById('strip-next').textContent,
        nimSumHead: document.querySelector('#nim-sum-table th')?.textContent ?? '',
      };
    });
    assert.ok(strip.pre >= strip.unknown, `pre-period opacity ${strip.pre} < unknown ${strip.unknown}`);
    assert.equal(strip.pre, 1);
    assert.equal(strip.preBorder, 'dashed');
    assert.equal(strip.misaligned, 0);
    assert.match(strip.summary, /of one row$/);
    assert.equal(strip.next, 'Row ▶');
  });
});

test('the heat map’s colour key is labelled with values at both ends', async () => {
  await withPage('#game=nim&heaps=3,4,5&mode=experiment', async (page) => {
    const labels = await page.evaluate(async () => {
      const { drawHeat } = await import('./www/experiment-plots.js');
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      document.body.append(svg);
      const line = (mu, gamma, median) => ({ mu, gamma, label: `${mu} ${gamma}`, points: [{ size: 3, positions: 10, median, finished: 5, runs: 5 }] });
      drawHeat(svg, { lines: [line('10', '0.01', 80), line('10', '0.02', 85), line('20', '0.01', 90), line('20', '0.02', 88)] });
      const out = [...svg.querySelectorAll('.heat-key .key-value')].map((t) => t.textContent);
      svg.remove();
      return out;
    });
    assert.deepEqual(labels, ['80', '90']);
  });
});
