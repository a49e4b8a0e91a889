// The move log of play mode (#move-log): one `li` per move, `data-who` = `person` or `computer`,
// with who moved where, the reason in words (move-reasons.js) and, for games with a nim-sum,
// the nim-sum table as it was after the move (a compact line that opens to the table). It
// stays on screen after the computer's reply, so a class can read the computer's reasoning
// (issue 44: it used to vanish with the 300 ms highlight). The log is made again from the
// game's positions on every change (undo, a new game, a replayed link need no bookkeeping);
// each move's reason is computed once per game.

import { isMisereNim } from './misere-rule.js';
import { moveReason } from './move-reasons.js';
import { nimSumOf, nimSumTable } from './nim-sum-view.js';

const $ = (id) => document.getElementById(id);

export class MoveLog {
  constructor(list = $('move-log')) {
    this.list = list;
    this.session = null;
    this.cache = new Map(); // "from>to" → { reason, sum }
  }

  /** What one move of `session`'s game says: its reason, and the nim-sum after it (or null). */
  entry(from, to, session = this.session) {
    if (session !== this.session) {
      this.session = session;
      this.cache.clear();
    }
    const key = `${from}>${to}`;
    let found = this.cache.get(key);
    if (!found) {
      const s = this.session;
      const sums = { from: nimSumOf(s, from), to: nimSumOf(s, to) };
      // Sums of Nim heaps under a translation (Turning Turtles, Silver Dollar) are no
      // components with values of their own: their moves are given in Grundy terms.
      const components = sums.from && !sums.from.translation ? sums : null;
      const reason = moveReason({
        from: s.position(from),
        moves: s.moves(from),
        to,
        sums: components,
        play: s.info.play,
        misereNim: isMisereNim(s.info),
      });
      found = { reason, sum: sums.to };
      this.cache.set(key, found);
    }
    return found;
  }

  /**
   * Writes the log of the game `history` (position ids from its start) played by `movers`
   * (per ply, 0 = side 0, 1 = side 1); `names` are the sides' names, `computer` whether side 1
   * is the computer; `shown`: whether the reasons and the nim-sums are shown (what the link
   * hides is not, reveal.js).
   */
  render(session, history, movers, names, computer, shown = { reasons: true, sums: true }) {
    const items = movers.map((side, k) => {
      const [from, to] = [history[k], history[k + 1]];
      const { reason, sum } = this.entry(from, to, session);
      const li = document.createElement('li');
      li.dataset.who = computer && side === 1 ? 'computer' : 'person';
      li.dataset.from = session.label(from);
      li.dataset.to = session.label(to);
      const head = Object.assign(document.createElement('strong'), { textContent: `${names[side]}: ${li.dataset.from} → ${li.dataset.to}` });
      const why = Object.assign(document.createElement('span'), { className: 'reason', textContent: shown.reasons ? reason : '' });
      li.append(head, ' ', why);
      if (sum && shown.sums) {
        const details = document.createElement('details');
        details.className = 'log-sum';
        details.dataset.total = String(sum.total);
        const values = sum.rows.map((r) => r.grundy);
        const line = values.length ? `${values.join(' ⊕ ')} = ${sum.total}` : '0 (nothing left)';
        details.append(Object.assign(document.createElement('summary'), { textContent: `nim-sum after: ${line}` }), nimSumTable(sum));
        li.append(details);
      }
      return li;
    });
    this.list.replaceChildren(...items);
    return items.length;
  }
}
