// Nim in disguise: the Nim heaps of a Turning Turtles row or a Silver Dollar strip, from the
// board view the core gives (kinds `turtles` and `strip`, which only those families draw), in
// the nim-sum panel's shape { kind, rows: [{ label, grundy }], total, translation }. Normal play
// only: misère play has no nim-sum rule.
//
// - Turning Turtles (Berlekamp, Conway & Guy, Winning Ways, ch. 14 "Turn and turn about"):
//   with the coins numbered 1, 2, … from the left, each head on coin k is a Nim heap of k.
//   Turning coin k to tails takes heap k away; turning coin j < k over as well adds a heap of j
//   or takes one away (two heaps of j cancel): heap k becomes heap j, a Nim move. The XOR of the
//   heads' numbers is the Grundy value.
// - Silver Dollar without the dollar (Winning Ways, "the Silver Dollar Game without the
//   Dollar"; coins slide towards square 0) is staircase Nim. Count the coins from the right
//   end; coin r's gap is the empty squares between it and the next coin to its left (or the
//   end). Sliding coin r left shrinks its gap and widens coin r − 1's. The heaps are the gaps
//   of the odd-numbered coins: moving such a coin takes from its heap; moving an even coin adds
//   to the heap of the odd coin to its right, which the next player can take straight back.
//   So a position is a P-position exactly when their nim-sum is 0 (it is not the Grundy value).
//
// The translation is computed here rather than in the core to keep the wasm within its size
// budget (docs/page.md); tests/www/nim-translation.test.mjs checks it against brute force and
// tests/browser/lesson-bits.test.mjs against the core's outcomes at every position.

export const TRANSLATIONS = {
  turtles:
    "Nim in disguise: number the coins 1, 2, 3, … from the left; each head on coin k is a Nim heap of k counters (turning coin k to tails, and coin j < k over, turns heap k into heap j: two heaps of j cancel), so the position's value is the XOR of its heads' numbers.",
  strip:
    'Staircase Nim in disguise: count the coins from the right end; the empty squares just left of the 1st, 3rd, 5th … coin are the Nim heaps (sliding such a coin takes from its heap; sliding any other coin only widens the gap of the coin to its right, which the next player can narrow straight back), so a position is a P-position exactly when their nim-sum is 0.',
};

const sum = (kind, rows, translation) => ({ kind, rows, total: rows.reduce((x, r) => x ^ r.grundy, 0), translation });

/** The Nim heaps of board view `view`, or null when it is no disguised Nim. */
export function nimTranslation(view) {
  if (view?.kind === 'turtles') {
    const rows = view.heads.flatMap((head, i) => (head ? [{ label: `coin ${i + 1}`, grundy: i + 1 }] : []));
    return sum('head', rows, TRANSLATIONS.turtles);
  }
  if (view?.kind === 'strip') {
    const coins = [...view.coins].sort((a, b) => a - b);
    const k = coins.length;
    const rows = [];
    coins.forEach((c, i) => {
      // Coin i from the left is coin k − i from the right.
      if ((k - i) % 2 === 1) rows.push({ label: `left of ${c}`, grundy: c - (i === 0 ? 0 : coins[i - 1] + 1) });
    });
    return sum('gap', rows, TRANSLATIONS.strip);
  }
  return null;
}
