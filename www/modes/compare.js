// Two positions side by side: A and B, any two positions of the game, each on its board with its
// Grundy value, and the value of their sum A + B (two games side by side, a move is a move in one
// of them) by the Sprague–Grundy theorem, g(A + B) = g(A) ⊕ g(B) (Fenner & Rogers Theorem 2.28),
// with the XOR worked out in binary and what it says about who wins. Under misère play the rule
// does not hold, and the panel says so. The link keeps both positions (`left`, `right`: labels).
// The panel is made here; its words are a pure function (tests/www/compare-mode.test.mjs).

import { BoardMoves } from '../board-moves.js';
import { quoted } from '../link-text.js';
import { onReveal, shows } from '../reveal.js';

const $ = (id) => document.getElementById(id);
const SIDES = ['left', 'right'];
/** The labels offered in the fields' list (every position can still be typed). */
const LISTED = 2000;

/** A value in binary, padded to `width` digits. */
const binary = (x, width) => x.toString(2).padStart(width, '0');

/**
 * What the two positions add up to. `a`, `b`: { label, grundy (null under misère), outcome }.
 * Returns { sum (null under misère), outcome of the sum ('P'/'N', null under misère), line (the
 * XOR worked out), binary, words }.
 */
export function compareWords(a, b, misere) {
  if (misere || a.grundy === null || b.grundy === null) {
    return {
      sum: null,
      outcome: null,
      line: `A = ${a.label} is a misère ${a.outcome}-position, B = ${b.label} a misère ${b.outcome}-position.`,
      binary: '',
      words:
        'Under misère play (who cannot move wins) values do not add: the XOR rule g(A + B) = g(A) ⊕ g(B) holds under ' +
        'normal play only, and the outcome of A + B is not decided by the outcomes of A and B.',
    };
  }
  const sum = a.grundy ^ b.grundy;
  const width = Math.max(1, binary(Math.max(a.grundy, b.grundy), 0).length);
  const outcome = sum === 0 ? 'P' : 'N';
  const same = a.grundy === b.grundy;
  const who =
    sum === 0
      ? `so A + B is a P-position: the player to move loses, since every move changes one part and leaves a non-zero XOR, which the other player can bring back to 0${same ? ' (equal values cancel: x ⊕ x = 0)' : ''}`
      : `so A + B is an N-position: the player to move wins by a move in one part that makes the XOR 0`;
  return {
    sum,
    outcome,
    line: `g(A + B) = g(A) ⊕ g(B) = ${a.grundy} ⊕ ${b.grundy} = ${sum}`,
    binary: `In binary: ${binary(a.grundy, width)} ⊕ ${binary(b.grundy, width)} = ${binary(sum, width)} (each digit is 1 when exactly one of the two has it).`,
    words:
      'A + B is the two games side by side: a move is a move in one of them, and who cannot move loses. By the ' +
      `Sprague–Grundy theorem its value is the XOR (nim-sum) of the parts' values: ${sum === 0 ? '0' : `${sum} ≠ 0`}, ${who}.`,
  };
}

/** The panel: two sides, each a field, a board and a value, then the sum. */
function makePanel() {
  const el = (tag, props = {}, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };
  const side = (name, letter) => {
    const input = el('input', { id: `compare-${name}`, type: 'text', spellcheck: false, autocomplete: 'off' });
    input.setAttribute('list', 'compare-labels');
    return el(
      'div',
      { className: 'compare-side' },
      el('label', {}, `Position ${letter} `, input),
      el('div', { id: `compare-${name}-board`, className: 'board' }),
      el('p', { id: `compare-${name}-value` }),
    );
  };
  const grid = el('div', {}, side('left', 'A'), side('right', 'B'));
  grid.style.cssText = 'display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr)); gap: 1rem; align-items: start;';
  const panel = el(
    'section',
    { id: 'compare-panel', hidden: true },
    el('h2', { id: 'compare-heading', className: 'visually-hidden', textContent: 'Two positions side by side' }),
    el('p', { className: 'note', textContent: 'Two positions of this game and their sum. Type a position (as the positions table writes it) or tap one on the graph: it becomes A, the next one B, in turn.' }),
    // The sum first: it is what the mode is for, and a class sees it on the first screen.
    el('p', { id: 'compare-sum', className: 'theory' }),
    el('p', { id: 'compare-binary' }),
    el('p', { id: 'compare-words' }),
    el('p', { id: 'compare-error', className: 'field-error', role: 'alert' }),
    grid,
    el('datalist', { id: 'compare-labels' }),
  );
  panel.setAttribute('aria-labelledby', 'compare-heading');
  return panel;
}

/** The sum's words while the link hides values: the theorem, no value. */
const HIDDEN_WORDS = {
  sum: null,
  outcome: null,
  line: 'g(A + B) = g(A) ⊕ g(B)',
  binary: '',
  words: 'A + B is the two games side by side: a move is a move in one of them. Its value is the XOR (nim-sum) of the parts’ values, hidden for now (V reveals them).',
};

const compare = {
  name: 'compare',
  tab: 'Compare two',
  keys: [
    // The two positions, as labels ('' is the start; the mode checks them against the game).
    { key: 'left', default: '', parse: (t) => t, written: 'mode-set', perGame: true },
    { key: 'right', default: '', parse: (t) => t, written: 'mode-set', perGame: true },
  ],
  acyclic: true,
  cyclic: 'This graph has cycles, and two positions side by side need an acyclic game (their Grundy values), so it is hidden: showing learn mode instead.',
  learner: false,
  shows: ['graph'],
  panel: 'compare-panel',
  theory: {},
  teach: 'compare-sum',
  create(host) {
    const panel = makePanel();
    $('view-panel').insertBefore(panel, document.querySelector('#view-panel > .view'));
    const boards = Object.fromEntries(SIDES.map((s) => [s, new BoardMoves($(`compare-${s}-board`))]));
    let session = null;
    let ids = { left: -1, right: -1 };
    let next = 'left'; // the side a tap on the graph sets
    let active = false;
    let listed = null; // the session whose labels the fields' list holds

    const render = () => {
      if (!active) return;
      if (listed !== session) {
        listed = session;
        $('compare-labels').replaceChildren(...session.rows(LISTED).map((row) => Object.assign(document.createElement('option'), { value: row.label })));
      }
      const info = (id) => session.position(id);
      const telling = shows('values') && shows('outcomes');
      const [a, b] = SIDES.map((s) => info(ids[s]));
      for (const [s, p] of [['left', a], ['right', b]]) {
        $(`compare-${s}`).value = p.label;
        boards[s].load(ids[s]);
        boards[s].show({ help: false });
        $(`compare-${s}-value`).textContent = !telling
          ? 'Its value is hidden for now (V reveals the values).'
          : p.grundy === null
            ? `A misère ${p.outcome}-position.`
            : `g = ${p.grundy}: ${p.outcome === 'P' ? 'a P-position' : 'an N-position'}.`;
      }
      // While the link hides the values (reveal.js), the rule without them.
      const words = telling ? compareWords(a, b, session.info.play === 'misere') : HIDDEN_WORDS;
      $('compare-sum').textContent = words.line;
      $('compare-binary').textContent = words.binary;
      $('compare-words').textContent = words.words;
      Object.assign(panel.dataset, {
        left: a.label,
        right: b.label,
        leftGrundy: a.grundy === null || !telling ? '' : String(a.grundy),
        rightGrundy: b.grundy === null || !telling ? '' : String(b.grundy),
        sum: words.sum === null ? '' : String(words.sum),
        outcome: words.outcome ?? '',
      });
      host.graph.setMarks({ current: ids.left, path: [ids.left] });
    };

    onReveal(render);

    const keep = () => host.keep({ left: ids.left === session.info.root ? '' : session.label(ids.left), right: ids.right === session.info.root ? '' : session.label(ids.right) });

    /** Side `s` shows position `id`; the other side is the next a tap sets. */
    const set = (s, id) => {
      ids[s] = id;
      next = s === 'left' ? 'right' : 'left';
      $('compare-error').textContent = '';
      keep();
      render();
    };

    for (const s of SIDES) {
      $(`compare-${s}`).addEventListener('change', (e) => {
        const id = session.find(e.target.value.trim());
        if (id >= 0) set(s, id);
        else $('compare-error').textContent = `${quoted(e.target.value)} is not a position of ${session.info.game}: use a label as the positions table writes it.`;
      });
    }

    return {
      setSession(s, page, notices) {
        session = s;
        next = 'left';
        ids = {};
        for (const side of SIDES) {
          boards[side].setGame(s);
          const id = page[side] === '' ? s.info.root : s.find(page[side]);
          if (id < 0) {
            notices.push(`${side}=${quoted(page[side])} is not a position of ${s.info.game}: use the label of one of its positions as the table below lists them. Showing the start.`);
            page[side] = '';
          }
          ids[side] = id < 0 ? s.info.root : id;
        }
      },
      setActive(on) {
        const was = active;
        active = on;
        if (on) render();
        else if (was) host.graph.setMarks(null);
      },
      // A position tapped on the graph goes to A, the next to B, in turn.
      pick(id, at) {
        if (at.sticky && id !== null && id >= 0) set(next, id);
      },
    };
  },
};
export default compare;
