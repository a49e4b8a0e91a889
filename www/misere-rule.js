// Bouton's rule for misère Nim (the player who cannot move wins), stated under misère Nim play
// with the move it gives from the position shown: #misere-rule. The rule (Bouton 1901; the
// seeds' 004 with its error put right, see /work/shared/seeds/INDEX.md):
//   - every heap ≤ 1: the player to move loses iff the number of 1-heaps is odd;
//   - otherwise play as in normal Nim (a P-position iff the nim-sum is 0), except that when
//     the move would leave only heaps ≤ 1, it leaves an odd number of 1-heaps.
// `misereRule` is pure (tests/www/misere-rule.test.mjs checks it against the core's misère
// outcomes at every position of the lessons' games); the panel only writes it out.

const $ = (id) => document.getElementById(id);

/** The rule in words, as the panel states it. */
export const RULE_WORDS = [
  'Bouton’s rule for misère Nim. When every heap has at most 1 counter, the player to move loses exactly when the number of 1-heaps is odd.',
  'Otherwise play as in normal Nim (move to nim-sum 0), except for one move: when your move would leave only heaps of 0 or 1, leave an odd number of 1-heaps instead.',
];

/** Whether the session is misère Nim, the game the rule is about. */
export function isMisereNim(info) {
  return info.play === 'misere' && /^game=nim&/.test(info.game);
}

/** Nim's heaps from a position's label ("3,0,5"). */
export const heapsOf = (label) => label.split(',').map(Number);

/**
 * The rule at `heaps`: { outcome: 'P' | 'N' (for the player to move), move: { heap (0-based),
 * from, to } | null (none from a P-position, or nothing left to move), words }.
 */
export function misereRule(heaps) {
  const ones = heaps.filter((h) => h === 1).length;
  const big = heaps.map((h, i) => ({ h, i })).filter(({ h }) => h >= 2);
  const s = heaps.reduce((x, h) => x ^ h, 0);
  if (big.length === 0) {
    if (ones % 2 === 1) {
      return { outcome: 'P', move: null, words: `Every heap has at most 1 counter and there ${ones === 1 ? 'is 1 one-heap' : `are ${ones} one-heaps`} (odd): the player to move loses against best play.` };
    }
    if (ones === 0) return { outcome: 'N', move: null, words: 'No counter is left: the player to move cannot move, and under misère play wins.' };
    const heap = heaps.indexOf(1);
    return {
      outcome: 'N',
      move: { heap, from: 1, to: 0 },
      words: `Every heap has at most 1 counter and there are ${ones} one-heaps (even): take heap ${heap + 1}, leaving ${ones - 1} (odd).`,
    };
  }
  if (big.length === 1) {
    // Every move of the big heap leaves only heaps ≤ 1: leave an odd number of 1-heaps. (Here
    // s ≠ 0, since only this heap has a bit above 2⁰.)
    const { h, i } = big[0];
    const to = ones % 2 === 0 ? 1 : 0;
    return {
      outcome: 'N',
      move: { heap: i, from: h, to },
      words:
        `Only heap ${i + 1} has more than 1 counter: reduce it to ${to}, leaving ${ones + to} one-heap${ones + to === 1 ? '' : 's'} (odd) ` +
        '(normal Nim would leave an even number).',
    };
  }
  if (s === 0) {
    return { outcome: 'P', move: null, words: `${big.length} heaps have more than 1 counter, so play as in normal Nim: s = 0, the player to move loses against best play.` };
  }
  const d = 2 ** Math.floor(Math.log2(s));
  const i = heaps.findIndex((h) => Math.floor(h / d) % 2 === 1);
  const to = heaps[i] ^ s;
  return {
    outcome: 'N',
    move: { heap: i, from: heaps[i], to },
    words: `${big.length} heaps have more than 1 counter, so play as in normal Nim: s = ${s}, move heap ${i + 1}: ${heaps[i]} → ${heaps[i]} ⊕ ${s} = ${to}, back to s = 0.`,
  };
}

/** The position after the rule's move, as a label ("" when it gives none). */
export function ruleMoveLabel(heaps, move) {
  return move ? heaps.map((h, i) => (i === move.heap ? move.to : h)).join(',') : '';
}

/**
 * Writes the rule and what it says at `label` into #misere-rule, or hides it (`label` null: not
 * misère Nim, or not play mode).
 */
export function renderMisereRule(label, telling = true) {
  const box = $('misere-rule');
  if (!box) return;
  box.hidden = label === null;
  if (label === null) return;
  const heaps = heapsOf(label);
  const rule = misereRule(heaps);
  // `telling` false (the link hides outcomes or the winning move, reveal.js): the rule alone.
  if (telling) Object.assign(box.dataset, { outcome: rule.outcome, move: ruleMoveLabel(heaps, rule.move) });
  else for (const key of ['outcome', 'move']) delete box.dataset[key];
  const words = telling ? rule.words : 'what the rule says here is hidden for now (W reveals it).';
  const now = Object.assign(document.createElement('p'), { className: 'misere-now', textContent: `Now, at ${label}: ${words}` });
  box.replaceChildren(
    Object.assign(document.createElement('h3'), { textContent: 'Misère Nim: the rule' }),
    ...RULE_WORDS.map((t) => Object.assign(document.createElement('p'), { textContent: t })),
    now,
  );
}
