// Browser tests of the stepper along the Grundy strip (step by step, heap games): Kayles and
// 0.14 (its second digit, 4, only splits a heap) are stepped heap by heap, and at each heap the
// moves listed are those the code's digits allow (enumerated here from the digits, independently
// of the core), each move's value and the mex line agree with `impartial sequence`, the strip
// shows exactly the values revealed with the heap lit, and once the start's heaps are revealed
// its value is the XOR of theirs. Then the link's `strip` (kept, restored, refused, clamped) and
// presentation mode (every text of the strip at least 18 px). They wait for what the page
// exposes (data attributes), never for time.
// Run: node --test tests/browser/

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';

import { CLI, NEEDS_CLI, browserHarness } from './harness.mjs';

const withPage = browserHarness({ needs: [NEEDS_CLI] });

/** g(0..to) of a single heap, as the CLI computes it. */
function sequence(code, to) {
  const out = execFileSync(CLI, ['sequence', '--game', `game=octal&code=${code}`, '--to', String(to), '--json'], { encoding: 'utf8' });
  return JSON.parse(out).values;
}

/**
 * What a move from a heap of n leaves under octal code `code` (Winning Ways ch. 4): removing k
 * counters is allowed when digit d_k is not 0; bit 1 of d_k takes the whole heap, bit 2 leaves
 * one heap, bit 4 leaves two non-empty heaps. Each as "a,b" (larger first), "a" or "".
 */
function octalLeaves(code, n) {
  const out = [];
  code.split('.')[1].split('').map(Number).forEach((d, i) => {
    const left = n - (i + 1);
    if (left < 0) return;
    if (d & 1 && left === 0) out.push('');
    if (d & 2 && left > 0) out.push(String(left));
    if (d & 4) for (let b = 1; 2 * b <= left; b++) out.push(`${left - b},${b}`);
  });
  return out.sort();
}

const stepper = (page) => page.evaluate(() => ({ ...document.getElementById('strip-stepper').dataset }));

async function atHeap(page, n) {
  await page.waitForFunction((n) => document.getElementById('strip-stepper').dataset.heap === String(n), n);
  return stepper(page);
}

/** Steps from nothing to heap `last` with Heap ▶ and checks every heap against the CLI's values. */
async function stepAlong(page, code, last, g) {
  assert.equal((await stepper(page)).heap, '');
  assert.deepEqual([...new Set(await page.locator('#grundy-strip .strip-cell').allInnerTexts())], ['?']);
  for (let n = 0; n <= last; n++) {
    await page.click('#strip-next');
    const shown = await atHeap(page, n);
    const what = `${code}, heap ${n}`;
    const leaves = octalLeaves(code, n);
    assert.equal(Number(shown.options), leaves.length, `${what}: the moves`);
    const heapsListed = await page.locator('#strip-options li[data-value]').evaluateAll((lis) => lis.map((li) => li.dataset.heaps));
    assert.equal(heapsListed.length, Math.min(leaves.length, 24), what);
    for (const h of heapsListed) assert.ok(leaves.includes(h), `${what}: ${h} is not a move of ${code}`);
    // Every move's value from the CLI's sequence: g(a) ⊕ g(b), g(a) or 0.
    const valueOf = (leave) => (leave === '' ? 0 : leave.split(',').reduce((x, h) => x ^ g[Number(h)], 0));
    const values = shown.mexOf === '' ? [] : shown.mexOf.split(',').map(Number);
    assert.deepEqual([...values].sort((a, b) => a - b), leaves.map(valueOf).sort((a, b) => a - b), `${what}: the values of the moves`);
    for (const li of await page.locator('#strip-options li[data-value]').evaluateAll((lis) => lis.map((li) => ({ heaps: li.dataset.heaps, value: Number(li.dataset.value), text: li.textContent })))) {
      assert.equal(li.value, valueOf(li.heaps), `${what}: ${li.text}`);
    }
    assert.equal(Number(shown.grundy), g[n], `${what}: g(${n}) is the CLI's`);
    const set = [...new Set(values)].sort((a, b) => a - b);
    const mexLine = await page.locator('#strip-mex').innerText();
    assert.match(mexLine, new RegExp(`^g\\(${n}\\) = mex\\{.*\\} = ${g[n]}$`), what);
    if (set.length < 4) assert.equal(mexLine, `g(${n}) = mex{${set.join(', ')}} = ${g[n]}`, what);
    // The strip: g(0..n) as the CLI has them, '?' after, cell n lit.
    const cells = await page.locator('#grundy-strip .strip-cell').evaluateAll((cs) => cs.map((c) => ({ text: c.textContent, lit: c.classList.contains('lit') })));
    cells.forEach((c, i) => {
      assert.equal(c.text, i <= n ? String(g[i]) : '?', `${what}: cell ${i}`);
      assert.equal(c.lit, i === n, `${what}: cell ${i} lit`);
    });
    await page.waitForFunction((n) => location.hash.endsWith(`&strip=${n}`), n);
  }
}

describe('the stepper along the Grundy strip', () => {
  // Octal games are rows of pins on the board, and the strip says so (one word for a row).
  test('Kayles, heap by heap, against impartial sequence; its start, one row of 10', async () => {
    const g = sequence('0.77', 40);
    await withPage('#game=octal&code=0.77&heaps=10&mode=steps', async (page) => {
      await stepAlong(page, '0.77', 12, g);
      assert.equal(await page.locator('#strip-xor').innerText(), `The start is one row: g(10) = ${g[10]}, an N-position.`);
      assert.equal((await stepper(page)).startValue, String(g[10]));
      // Back hides the last value again; Up to the start's heaps goes to heap 10.
      await page.click('#strip-back');
      await atHeap(page, 11);
      assert.equal(await page.locator('#grundy-strip .strip-cell[data-n="12"]').innerText(), '?');
      await page.click('#strip-reset');
      await page.waitForFunction(() => document.getElementById('strip-stepper').dataset.heap === '');
      await page.click('#strip-start');
      await atHeap(page, 10);
      // The position stepper is independent of the strip's.
      assert.equal(await page.evaluate(() => document.getElementById('steps-panel').dataset.step), '0');
    });
  });

  test('0.14 (a split-only digit) from a start of two heaps: each mex line, then the XOR of the heaps', async () => {
    const g = sequence('0.14', 40);
    await withPage('#game=octal&code=0.14&heaps=6,4&mode=steps', async (page) => {
      await stepAlong(page, '0.14', 7, g);
      assert.equal(await page.locator('#strip-xor').innerText(), `The same value by Sprague–Grundy, one row at a time: g(6,4) = g(6) ⊕ g(4) = ${g[6]} ⊕ ${g[4]} = ${g[6] ^ g[4]}.`);
      const shown = await stepper(page);
      assert.equal(shown.startValue, String(g[6] ^ g[4]));
      // The same value the position stepper finds for the start, from its followers.
      await page.click('#steps-finish');
      await page.waitForFunction(() => document.getElementById('steps-panel').dataset.position === '6,4');
      assert.equal((await page.evaluate(() => document.getElementById('steps-panel').dataset.grundy)), shown.startValue);
    });
  });

  test('the link keeps the heap shown; a strip past the end is clamped, one on a game without a strip ignored', async () => {
    const g = sequence('0.77', 120);
    await withPage('#game=octal&code=0.77&heaps=10&mode=steps&strip=15', async (page) => {
      const shown = await atHeap(page, 15);
      assert.equal(shown.grundy, String(g[15]));
      assert.equal(await page.locator('#grundy-strip .strip-cell.lit').innerText(), String(g[15]));
      assert.equal(await page.locator('#notice').isVisible(), false);
      // Out of the mode the strip shows every value and the link forgets the heap.
      await page.click('#mode-play');
      await page.waitForFunction(() => !location.hash.includes('strip='));
      assert.equal(await page.locator('#grundy-strip .strip-cell.unknown').count(), 0);
      await page.click('#mode-steps');
      await atHeap(page, 15);
    });
    await withPage('#game=octal&code=0.77&heaps=10&mode=steps&strip=9999', async (page) => {
      const cells = await page.locator('#grundy-strip .strip-cell').count();
      assert.equal(await page.locator('#notice').innerText(), `strip='9999' is past this game's Grundy strip: use 0 to ${cells - 1}. Showing heap ${cells - 1}.`);
      assert.equal((await atHeap(page, cells - 1)).grundy, String(g[cells - 1]));
    });
    await withPage('#game=chomp&rows=2&cols=3&mode=steps&strip=3', async (page) => {
      assert.match(await page.locator('#notice').innerText(), /^strip='3' applies only to heap games with a Grundy strip/);
      assert.equal(await page.locator('#strip-stepper').isVisible(), false);
      assert.doesNotMatch(page.url(), /strip=/);
    });
    await withPage('#game=octal&code=0.77&heaps=10&mode=steps&strip=x', async (page) => {
      assert.match(await page.locator('#notice').innerText(), /^'x' is not a valid value for strip: use a whole number/);
      assert.equal((await stepper(page)).heap, '');
    });
  });

  test('presentation mode: every text of the strip and its stepper at least 18 px, at 1920 × 1080 and 1280 × 720', async () => {
    for (const viewport of [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }]) {
      await withPage('#game=octal&code=0.07&heaps=6,4&mode=steps&present=1', async (page) => {
        await page.click('#strip-next');
        await page.click('#strip-next');
        await page.click('#strip-start');
        await atHeap(page, 6);
        const small = await page.evaluate(() => {
          const out = [];
          for (const el of document.querySelectorAll('#grundy-strip *')) {
            if (el.offsetParent === null || ![...el.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim())) continue;
            const size = parseFloat(getComputedStyle(el).fontSize);
            if (size < 18) out.push(`${el.tagName}#${el.id}.${el.className} "${el.textContent.slice(0, 30)}" ${size}px`);
          }
          return out;
        });
        assert.deepEqual(small, [], `at ${viewport.width} × ${viewport.height}`);
        assert.ok(parseFloat(await page.locator('#strip-mex').evaluate((e) => getComputedStyle(e).fontSize)) >= 28);
      }, { viewport });
    }
  });
});

describe('where a link with a strip heap opens', () => {
  // Two frames after the page is ready: the scroll, when there is one, is made in the first.
  const twoFrames = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  test('no position revealed: scrolled to the strip, its stepper in view', async () => {
    await withPage('#game=octal&code=0.77&heaps=6,4&mode=steps&strip=3&paused=1', async (page) => {
      await page.waitForFunction(() => document.body.dataset.scrolled === 'strip');
      assert.ok(await page.evaluate(() => window.scrollY > 0));
      const box = await page.locator('#strip-next').boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= page.viewportSize().height, `Heap ▶ at ${box.y} px`);
    }, { viewport: { width: 1280, height: 720 } });
  });
  test('the arrows step the stepper on screen: the strip’s, then, scrolled to the top, the positions’', async () => {
    await withPage('#game=octal&code=0.77&heaps=6,4&mode=steps&strip=0&present=1&paused=1', async (page) => {
      await page.waitForFunction(() => document.body.dataset.scrolled === 'strip');
      const counter = await page.locator('#steps-counter').innerText();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.getElementById('strip-stepper').dataset.heap === '2');
      await page.keyboard.press('ArrowLeft');
      await page.waitForFunction(() => document.getElementById('strip-stepper').dataset.heap === '1');
      assert.equal(await page.locator('#steps-counter').innerText(), counter, 'the positions are not stepped');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForFunction(() => window.scrollY === 0);
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((before) => document.getElementById('steps-counter').innerText !== before, counter);
      assert.equal(await page.getAttribute('#strip-stepper', 'data-heap'), '1', 'the strip is not stepped');
    }, { viewport: { width: 1280, height: 720 } });
  });
  for (const hash of ['#game=octal&code=0.77&heaps=6,4&mode=steps&step=20&strip=3&paused=1', '#game=octal&code=0.77&heaps=6,4&mode=steps&paused=1']) {
    test(`${hash}: the stepper above the graph, not scrolled`, async () => {
      await withPage(hash, async (page) => {
        await twoFrames(page);
        assert.deepEqual(await page.evaluate(() => [window.scrollY, document.body.dataset.scrolled ?? null]), [0, null]);
      }, { viewport: { width: 1280, height: 720 } });
    });
  }
});

test('on a phone a strip of one period a row keeps its columns (the row scrolls, never wraps)', async () => {
  await withPage('#game=octal&code=0.77&heaps=6,4&mode=steps&strip=0', async (page) => {
    await page.waitForSelector('#grundy-strip .strip-rows');
    const columns = await page.evaluate(() => {
      const box = document.getElementById('grundy-strip');
      const period = Number(box.dataset.period);
      // Every cell's left edge, by its column (n mod the period): one x per column.
      const xs = new Map();
      for (const cell of box.querySelectorAll('.strip-cell')) {
        const column = Number(cell.dataset.n) % period;
        xs.set(column, [...(xs.get(column) ?? []), Math.round(cell.getBoundingClientRect().left)]);
      }
      return { period, lines: [...box.querySelectorAll('.strip-row')].map((row) => new Set([...row.children].map((c) => Math.round(c.getBoundingClientRect().top))).size), xs: [...xs.values()].map((list) => new Set(list).size) };
    });
    assert.equal(columns.period, 12);
    assert.ok(columns.lines.every((n) => n === 1), `every row on one line: ${columns.lines}`);
    assert.ok(columns.xs.every((n) => n === 1), 'every column at one x');
  }, { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true } });
});
