// Why a move in play mode was made, in the lesson's words, from the core's values: the move
// log (move-log.js) keeps one reason per move, the computer's and the person's alike.
//   - Nim, octal games and sums (the core gives a nim-sum of components, Fenner & Rogers §2.5
//     Theorem 2.28): the component that changed, its value x → x ⊕ s, and s after the move:
//     "heap 2: 7 → 7 ⊕ 3 = 4, back to s = 0".
//   - Any other game under normal play: the move in Grundy terms, with the followers' values
//     (Sprague–Grundy: g = mex of the followers' values; a winning move goes to value 0).
//   - Misère Nim: Bouton's misère rule (misere-rule.js); any other misère game: its outcomes.
// Pure functions of the core's records: tests/www/move-reasons.test.mjs checks them against
// the core's values at every position of the lessons' games.

import { heapsOf, misereRule, ruleMoveLabel } from './misere-rule.js';

/** Every value when there are at most this many, as a student checks a mex. */
export const VALUES_LISTED = 16;

/** "{0, 1, 3}" (sorted, distinct); more than VALUES_LISTED: the first ones and how many more. */
export function valueSet(values) {
  const set = [...new Set(values)].sort((a, b) => a - b);
  if (set.length <= VALUES_LISTED) return `{${set.join(', ')}}`;
  return `{${set.slice(0, VALUES_LISTED).join(', ')}, and ${set.length - VALUES_LISTED} more}`;
}

/**
 * The component a move changed, from the nim-sums before and after it: { i (its row before,
 * 0-based), x (its value before), y (the value of what it became), before (its label), after
 * (labels of what it became) }, or null when no single component explains the move. Rows
 * stand in the same places before and after (Nim's heaps, a sum's parts), or, for octal games
 * whose heaps are kept sorted and may split, as a multiset: one heap goes, up to two come.
 */
export function changedComponent(from, to) {
  if (from.rows.length === to.rows.length) {
    const differ = from.rows.map((r, i) => i).filter((i) => from.rows[i].label !== to.rows[i].label);
    if (differ.length === 1) {
      const i = differ[0];
      return { i, x: from.rows[i].grundy, y: to.rows[i].grundy, before: from.rows[i].label, after: [to.rows[i].label] };
    }
  }
  const left = [...to.rows];
  const gone = [];
  from.rows.forEach((r, i) => {
    const k = left.findIndex((t) => t.label === r.label);
    if (k >= 0) left.splice(k, 1);
    else gone.push(i);
  });
  if (gone.length !== 1) return null;
  const i = gone[0];
  return { i, x: from.rows[i].grundy, y: left.reduce((v, r) => v ^ r.grundy, 0), before: from.rows[i].label, after: left.map((r) => r.label) };
}

/** Whether a component's label is its value (Nim's heaps): the reason then needs no labels. */
const sizes = (sum) => sum.rows.every((r) => r.label === String(r.grundy));

/**
 * The reason for a move in terms of the nim-sum (`sums`: the core's nim-sums before and after
 * it), or null when the components do not explain it.
 */
export function nimSumReason(sums) {
  const { from, to } = sums;
  const c = changedComponent(from, to);
  if (!c) return null;
  const s = from.total;
  const t = to.total;
  const bare = sizes(from) && sizes(to) && c.after.length === 1;
  const name = `${from.kind} ${c.i + 1}`;
  const what = bare ? `${name}: ${c.x} → ` : `${name}: ${c.before} → ${c.after.length ? c.after.join(' + ') : 'nothing'}, value ${c.x} → `;
  if (s !== 0 && t === 0) return `${what}${c.x} ⊕ ${s} = ${c.y}, back to s = 0.`;
  if (s === 0) return `${what}${c.y}: s was 0, so no move keeps it 0; now s = ${t}.`;
  return `${what}${c.y}, s = ${s} → ${t}, not 0: the winning move turns a value x with s’s leading bit into x ⊕ ${s}.`;
}

/**
 * The reason for a move in Grundy terms: `from` the core's record of where it was made ({ label,
 * grundy, outcome }), `moves` all its moves ({ to, label, grundy, outcome, optimal }), `to` the
 * id moved to. Normal play uses values, misère play outcomes.
 */
export function grundyReason(from, moves, to, play) {
  const move = moves.find((m) => m.to === to);
  if (play === 'misere') {
    if (move.outcome === 'P') return `To ${move.label}, a misère P-position: the player to move there loses against best play.`;
    if (from.outcome === 'P') return `No move to a misère P-position: ${from.label} is one, every move goes to an N-position; this one to ${move.label}.`;
    const winning = moves.filter((m) => m.optimal).map((m) => m.label);
    return `To ${move.label}, a misère N-position; the winning move${winning.length === 1 ? ' was' : 's were'} to ${winning.join(', ')}.`;
  }
  const values = valueSet(moves.map((m) => m.grundy));
  const g = from.grundy;
  if (move.grundy === 0) {
    return `To a P-position (value 0): the followers of ${from.label} have values ${values}, so g(${from.label}) = mex = ${g}, and the move to 0 leaves the opponent no move to 0.`;
  }
  if (g === 0) return `No move to 0: the followers of ${from.label} have values ${values}, none 0; any move, here to ${move.label}, value ${move.grundy}.`;
  return `To ${move.label}, value ${move.grundy} (not 0): the followers of ${from.label} have values ${values}, and a move to value 0 would have won.`;
}

/**
 * The reason for the move from `from` to `to` (see the module's comment). `sums` is null or the
 * core's { from, to } nim-sums; `misereNim` whether the game is misère Nim.
 */
export function moveReason({ from, moves, to, sums, play, misereNim = false }) {
  const move = moves.find((m) => m.to === to);
  if (!move) return '';
  if (misereNim) {
    const heaps = heapsOf(from.label);
    const rule = misereRule(heaps);
    const head = `Bouton’s misère rule at ${from.label}: ${rule.words}`;
    if (!rule.move) return head;
    return ruleMoveLabel(heaps, rule.move) === move.label ? head : `${head} This move went to ${move.label} instead.`;
  }
  if (play !== 'misere' && sums?.from && sums?.to) {
    const reason = nimSumReason(sums);
    if (reason) return reason;
  }
  return grundyReason(from, moves, to, play);
}
