// The nim-sum panel (Rees & Thomas; Fenner & Rogers §2.5 Theorem 2.28): for the position shown, each heap's
// or part's Grundy value in binary, one column per bit; the XOR row s; its leading bit d; the
// rows whose bit d is set; and the winning moves, each turning a value x into x ⊕ s < x. The
// core gives the values (heaps of Nim, octal heaps by their sequence, a sum's parts by their
// own graphs); this module only writes them out.

import { nimTranslation } from './nim-translation.js';
import { onReveal, shows } from './reveal.js';

const $ = (id) => document.getElementById(id);

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
/** 2 to the power k as it is printed: 2³. */
export const power = (k) => `2${String(k).replace(/\d/g, (d) => SUPERSCRIPTS[d])}`;

/** The winning moves of a nim-sum: for each row whose bit d is set, x → x ⊕ s. */
export function winningMoves(rows, total) {
  if (total === 0) return [];
  const d = 2 ** Math.floor(Math.log2(total));
  return rows
    .map((row, i) => ({ i, from: row.grundy, to: row.grundy ^ total }))
    .filter(({ from }) => Math.floor(from / d) % 2 === 1);
}

/** The sentence under the table (`winning` false: without the winning moves, which the link hides). */
export function explain(sum, winning = true) {
  const noun = sum.kind;
  if (sum.rows.length === 0) return 'Nothing is left: the player to move has lost (s = 0).';
  if (sum.total === 0) {
    return `s = 0: a P-position. Every move changes one ${noun}'s value and so makes s ≠ 0; the player to move loses against best play.`;
  }
  const d = Math.floor(Math.log2(sum.total));
  if (!winning) return `s = ${sum.total} ≠ 0: an N-position. Its leading bit is ${power(d)}: which move brings s back to 0?`;
  const moves = winningMoves(sum.rows, sum.total)
    .map(({ i, from, to }) => `${noun} ${i + 1} (value ${from}) to value ${to}`)
    .join('; ');
  return `s = ${sum.total} ≠ 0: an N-position. Its leading bit is ${power(d)}; a ${noun} whose value has that bit can be moved to value x ⊕ s < x, leaving s = 0: ${moves}.`;
}

/**
 * The winning move in words, x → x ⊕ s for the first row that has s's leading bit:
 * "Move heap 2 (value 5) to 5 ⊕ 6 = 3." ('' when s = 0 or nothing is left: the sentence under
 * the table already says the player to move loses).
 */
export function moveWords(sum) {
  const [first] = winningMoves(sum.rows, sum.total);
  if (!first) return '';
  const row = sum.rows[first.i];
  return `Winning move: ${sum.kind} ${first.i + 1} (${row.label}, value ${first.from}) → ${first.from} ⊕ ${sum.total} = ${first.to}, which makes s = 0.`;
}

/**
 * What the nim-sum panel shows at position `v`: its components (Nim, octal games, sums, from
 * the core) or, for Nim in disguise under normal play (Turning Turtles, Silver Dollar), its Nim
 * heaps (nim-translation.js), which carry the translation's sentence; null for other games.
 */
export function nimSumOf(session, v) {
  const sum = session.nimSum(v);
  if (sum || session.info.play === 'misere') return sum;
  return nimTranslation(session.view(v));
}

/**
 * The table of `sum`: one row per component (its value in binary, one column per bit), then s;
 * columns with an odd number of 1s lit, s's leading bit marked. The panel shows it, and the move
 * log keeps one per move (move-log.js).
 */
export function nimSumTable(sum) {
  const values = [...sum.rows.map((r) => r.grundy), sum.total];
  const bits = Math.max(1, ...values.map((v) => (v === 0 ? 1 : Math.floor(Math.log2(v)) + 1)));
  const lead = sum.total === 0 ? -1 : Math.floor(Math.log2(sum.total));
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  for (const text of [sum.kind, 'value', ...Array.from({ length: bits }, (_, k) => power(bits - 1 - k))]) {
    head.append(Object.assign(document.createElement('th'), { textContent: text }));
  }
  const body = table.createTBody();
  const addRow = (name, label, value, className) => {
    const row = body.insertRow();
    row.className = className;
    row.dataset.grundy = String(value);
    row.insertCell().textContent = name;
    row.insertCell().textContent = label;
    for (let k = bits - 1; k >= 0; k--) {
      const cell = row.insertCell();
      cell.textContent = String(Math.floor(value / 2 ** k) % 2);
      // A column with an odd number of 1s is a 1 of s: lit, the leading one marked too.
      const odd = Math.floor(sum.total / 2 ** k) % 2 === 1;
      cell.className = [odd ? 'odd' : '', k === lead ? 'lead' : ''].join(' ').trim();
    }
  };
  sum.rows.forEach((r, i) => {
    const hasLead = lead >= 0 && Math.floor(r.grundy / 2 ** lead) % 2 === 1;
    addRow(`${i + 1}: ${r.label}`, String(r.grundy), r.grundy, `component${hasLead ? ' has-lead' : ''}`);
  });
  addRow('s (XOR)', String(sum.total), sum.total, 'total');
  return table;
}

// The position shown, drawn again when the link's hidden parts are revealed (reveal.js).
let last = null;
onReveal(() => {
  if (last !== null) renderNimSum(last);
});

/**
 * Writes `sum` (or hides the panel when it is null) into #nim-sum. While the link hides the
 * table (hide=nimsum, or the values it is made of) the panel says so and holds nothing of it;
 * while it hides the winning move, the table stays without it.
 */
export function renderNimSum(sum) {
  last = sum;
  const box = $('nim-sum');
  box.hidden = !sum;
  if (!sum || !shows('nimsum')) {
    delete box.dataset.total;
    if (sum) {
      $('nim-sum-table').replaceChildren();
      $('nim-sum-move').textContent = '';
      $('nim-sum-translation').hidden = true;
      $('nim-sum-text').textContent = `The nim-sum table is hidden for now (${shows('values') ? 'N' : 'V'} reveals it).`;
    }
    return;
  }
  box.dataset.total = String(sum.total);
  // A translation into Nim says what its heaps are on the board, above the table.
  const translation = $('nim-sum-translation');
  translation.hidden = !sum.translation;
  translation.textContent = sum.translation ?? '';
  const table = nimSumTable(sum);
  $('nim-sum-table').replaceChildren(table);
  $('nim-sum-text').textContent = explain(sum, shows('winning'));
  $('nim-sum-move').textContent = shows('winning') ? moveWords(sum) : '';
}
