// A game between two strategies (Benford & Lehre §1 and §2), in words: who wins the play Path_G(x, y)
// and why, in the lesson's terms (P- and N-positions). Pure functions, tested in tests/www/.

/** The paper's own intransitive triple (Benford & Lehre §1), as the extracted text has it: the third
 * strategy lost a digit ("12122" for six positions), so the page finds the cycle by search. */
export const PAPER_GAME = 'game=subtraction&moves=1,2&heap=6&play=normal';
export const PAPER_TRIPLE = ['111121', '122112', '12122'];

/** The strategies that "12122" can have been: one digit (1 or 2) put back anywhere. */
export function withOneDigitBack(text) {
  const out = new Set();
  for (let i = 0; i <= text.length; i += 1) for (const d of '12') out.add(text.slice(0, i) + d + text.slice(i));
  return [...out].sort();
}

/**
 * Of the searched triples, those through the paper's first two strategies in its order
 * (a beats b beats c beats a), whatever the rotation the search listed them in; each as
 * [a, b, c] with a and b the paper's.
 */
export function cyclesThrough(triples, a, b) {
  const out = [];
  for (const t of triples) {
    for (let r = 0; r < 3; r += 1) {
      if (t[r] === a && t[(r + 1) % 3] === b) out.push([a, b, t[(r + 2) % 3]]);
    }
  }
  return out;
}

const misereWords = (play) => (play === 'misere' ? ' under misère play' : '');

/**
 * Why the play went as it did. `game` is the core's { plies: [{ from_label, from_outcome,
 * to_label, to_outcome }], first_wins }; `names` = [first mover, second mover] ("x", "y").
 * Returns { winner, loser, verdict, why }.
 */
export function explainDuel(game, names, play) {
  const [first, second] = names;
  const winner = game.first_wins ? first : second;
  const loser = game.first_wins ? second : first;
  const plies = game.plies;
  const end = plies.length ? plies.at(-1).to_label : null;
  const stuck = plies.length % 2 === 0 ? first : second; // who is to move at the end
  const rule =
    play === 'misere'
      ? `under misère play the player who cannot move wins`
      : `the player who cannot move loses`;
  const verdict =
    plies.length === 0
      ? `The start has no moves: ${first} cannot move, and ${rule}; ${winner} wins.`
      : `${first} moves first; after ${plies.length} move${plies.length === 1 ? '' : 's'} ${stuck} is at ${end} with no move, and ${rule}: ${winner} wins.`;
  // The winner's moves from some ply on all go to P-positions: from there the loser had no
  // winning move. The loser's last chance is its last move made from an N-position before that.
  const moverOf = (i) => (i % 2 === 0 ? first : second);
  let from = plies.length;
  for (let i = plies.length - 1; i >= 0; i -= 1) {
    if (moverOf(i) !== winner) continue;
    if (plies[i].to_outcome !== 'P') break;
    from = i;
  }
  const chances = [];
  for (let i = 0; i < from; i += 1) if (moverOf(i) === loser && plies[i].from_outcome === 'N') chances.push(i);
  let why;
  if (plies.length === 0) why = '';
  else if (chances.length === 0) {
    why =
      `${loser} never had a winning move: every position it was to move at was a P-position${misereWords(play)}, ` +
      `because ${winner} always moved to one.`;
  } else {
    const j = chances.at(-1);
    const p = plies[j];
    why =
      `${loser}'s last chance was move ${j + 1}: at ${p.from_label}, an N-position${misereWords(play)}, it moved to ${p.to_label}, ` +
      `an N-position, instead of to a P-position; from then on ${winner} moved to P-positions only.`;
  }
  return { winner, loser, verdict, why };
}

/** One sentence on both plays: "x beats y whoever moves first", "x wins only when it moves first", … */
export function verdictBoth(report) {
  const xWinsFirst = report.x_first.first_wins;
  const xWinsSecond = !report.y_first.first_wins;
  if (xWinsFirst && xWinsSecond) return 'x beats y whoever moves first.';
  if (!xWinsFirst && !xWinsSecond) return 'y beats x whoever moves first.';
  if (xWinsFirst) return 'Whoever moves first wins: x when x starts, y when y starts.';
  return 'Whoever moves second wins: y when x starts, x when y starts.';
}
