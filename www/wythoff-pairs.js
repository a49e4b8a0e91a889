// Wythoff's game and the golden ratio, beside the queen's board in play mode: the P-positions
// are the pairs (⌊kφ⌋, ⌊kφ⌋ + k), k = 0, 1, 2, … and their mirror images, φ = (1 + √5)/2
// (Wythoff 1907; Berlekamp, Conway & Guy, Winning Ways, ch. 3). #wythoff-pairs lists those on the
// board (one `tr` per pair, `data-a`, `data-b`); "Mark the P-squares" gives each P-square of the
// board `data-p="true"`. The pairs come from the formula, computed in whole numbers, not from the
// core: tests/browser/lesson-bits.test.mjs checks them against the core's P-positions.

const $ = (id) => document.getElementById(id);

/** ⌊√n⌋ for a whole number n ≥ 0, exactly (BigInt Newton steps). */
function isqrt(n) {
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x;
}

/**
 * ⌊kφ⌋ = ⌊(k + √(5k²))/2⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋ (k is whole, so flooring √ first changes
 * nothing): no floating-point φ, so no rounding error for large k.
 */
export function floorPhi(k) {
  const K = BigInt(k);
  return Number((K + isqrt(5n * K * K)) / 2n);
}

/** The P-pairs (a, b) = (⌊kφ⌋, ⌊kφ⌋ + k) with a ≤ `limit`, from k = 0. */
export function wythoffPairs(limit) {
  const pairs = [];
  for (let k = 0; floorPhi(k) <= limit; k++) {
    const a = floorPhi(k);
    pairs.push({ k, a, b: a + k });
  }
  return pairs;
}

/** Whether (x, y) is a P-position of Wythoff's game: (x, y) or (y, x) is a pair. */
export function isWythoffP(x, y) {
  const [a, b] = x <= y ? [x, y] : [y, x];
  const k = b - a;
  return floorPhi(k) === a;
}

/**
 * The panel for a queen's board of `frame` (the start's view: the board's size), or hidden
 * (`frame` null: not a queen's board, or not play mode); marks the board's P-squares in `board`
 * when the box is ticked.
 */
export function renderWythoffPairs(frame, board = $('board')) {
  const box = $('wythoff-box');
  if (!box) return;
  const shown = frame?.kind === 'queen';
  box.hidden = !shown;
  const mark = shown && $('wythoff-mark').checked;
  for (const square of board.querySelectorAll('rect.square[data-part]')) {
    if (!mark) {
      delete square.dataset.p;
      continue;
    }
    const [x, y] = square.dataset.part.split(',').map(Number);
    if (isWythoffP(x, y)) square.dataset.p = 'true';
    else delete square.dataset.p;
  }
  if (!shown) return;
  const [cols, rows] = frame.heaps;
  const key = `${cols},${rows}`;
  const table = $('wythoff-pairs');
  if (table.dataset.board === key) return;
  table.dataset.board = key;
  // Pairs with a square on the board, in either order.
  const on = wythoffPairs(Math.max(cols, rows)).filter(({ a, b }) => (a <= cols && b <= rows) || (b <= cols && a <= rows));
  const body = document.createElement('tbody');
  for (const { k, a, b } of on) {
    const tr = body.insertRow();
    tr.dataset.k = String(k);
    tr.dataset.a = String(a);
    tr.dataset.b = String(b);
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: `k = ${k}` }));
    tr.insertCell().textContent = `(${a}, ${b})`;
    tr.insertCell().textContent = `${b} − ${a} = ${k}`;
  }
  table.querySelector('tbody')?.remove();
  table.append(body);
}
