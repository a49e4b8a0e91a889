// Reveal on cue: the parts of the analysis a link hides (`hide=values,winning`) until the
// lecturer shows them, one at a time, in front of the class (the Reveal control #reveal, or the
// keys V, O, N, W, G). One state that every view reads (`shows(part)`) and that tells them when it
// changes (`onReveal`); the parse and format of the link's key are DOM-free (state.js uses them
// in Node).
//
// A part also hides what would give it away: a Grundy value tells the outcome (g = 0 ⇔ P,
// Sprague–Grundy), the nim-sum table and the winning move tell values. So hiding `outcomes` hides
// the values, the nim-sum table and the winning move too; hiding `values` hides the nim-sum
// table and the winning move. Revealing a part reveals what it tells (the winning move
// "7 ⊕ 3 = 4" shows values; a value shows the outcome).

/** The parts, in the order the link, `body[data-hidden]` and the control list them. */
export const PARTS = ['values', 'outcomes', 'nimsum', 'winning', 'graph'];

/** The words of each part on its button, and the key that reveals it. */
export const PART_WORDS = {
  values: ['Grundy values', 'V'],
  outcomes: ['P/N outcomes', 'O'],
  nimsum: ['nim-sum table', 'N'],
  winning: ['winning move', 'W'],
  graph: ['graph', 'G'],
};

/** Parts hidden whenever `part` is (what shows `part` shows them: their key is `part`'s telling). */
const TELLS = {
  values: ['outcomes'],
  nimsum: ['values', 'outcomes'],
  winning: ['values', 'outcomes'],
  outcomes: [],
  graph: [],
};

/**
 * The link's `hide=` text → its canonical form (the parts in PARTS order, comma-separated, each
 * once); throws one sentence naming what is allowed.
 */
export function parseHide(text) {
  if (text === '') return '';
  const parts = text.split(',').map((p) => p.trim());
  const bad = parts.filter((p) => !PARTS.includes(p));
  if (bad.length > 0) {
    const shown = bad[0].length > 40 ? `${bad[0].slice(0, 40)}…` : bad[0];
    throw new Error(`“${shown}” is not a part the page can hide: use hide= with any of ${PARTS.join(', ')}, comma-separated.`);
  }
  return PARTS.filter((p) => parts.includes(p)).join(',');
}

/** The parts a `hide=` text hides, with what they tell (the effective hidden set). */
export function hiddenParts(explicit) {
  const set = new Set(explicit);
  return PARTS.filter((p) => set.has(p) || TELLS[p].some((q) => set.has(q)));
}

// The page's one state: the parts the link hid that are not revealed yet.
let explicit = new Set();
// Parts the game shown has no view of (no nim-sum table for a game that is not a sum of heaps):
// hidden all the same, but no button offers them.
let absent = new Set();
const listeners = [];

/** Whether part `part` is shown now (not hidden by the link, or revealed since). */
export function shows(part) {
  return !explicit.has(part) && !TELLS[part].some((q) => explicit.has(q));
}

/** The parts hidden now, in PARTS order. */
export const hiddenNow = () => hiddenParts(explicit);

/**
 * Calls `f(part)` after every change of what is shown: `part` the one revealed on cue (a key or
 * the control), null when a link set what is hidden.
 */
export function onReveal(f) {
  listeners.push(f);
}

function changed(part = null) {
  if (typeof document !== 'undefined') {
    const hidden = hiddenNow();
    document.body.dataset.hidden = hidden.join(' ');
    renderControl(hidden);
  }
  for (const f of listeners) f(part);
}

/** A link opened (or a new page): hides what its canonical `hide=` names, everything else shown. */
export function setHidden(hide) {
  const next = new Set(hide === '' ? [] : hide.split(','));
  const same = next.size === explicit.size && [...next].every((p) => explicit.has(p));
  explicit = next;
  if (!same || (typeof document !== 'undefined' && document.body.dataset.hidden === undefined)) changed();
}

/** The parts the game shown has no view of (install.js): the Reveal control leaves them out. */
export function setAbsent(parts) {
  absent = new Set(parts);
  if (typeof document !== 'undefined') renderControl(hiddenNow());
}

/** Shows `part` and what it tells (revealing values reveals the outcomes). Returns whether anything changed. */
export function reveal(part) {
  if (shows(part)) return false;
  explicit.delete(part);
  for (const q of TELLS[part]) explicit.delete(q);
  changed(part);
  return true;
}

/** A key pressed (not in a field): V, O, N, W or G reveals its part when it is hidden. */
export function revealKey(key) {
  const part = PARTS.find((p) => PART_WORDS[p][1] === key.toUpperCase());
  return part !== undefined && key.length === 1 && reveal(part);
}

/** The Reveal control (#reveal): one button per hidden part, hidden when nothing is. */
function renderControl(hidden) {
  const box = document.getElementById('reveal');
  if (!box) return;
  const offered = hidden.filter((part) => !absent.has(part));
  box.hidden = offered.length === 0;
  const buttons = offered.map((part) => {
    const [words, key] = PART_WORDS[part];
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: `Show ${words}` });
    b.dataset.part = part;
    b.setAttribute('aria-keyshortcuts', key);
    b.title = `Reveal the ${words} (key ${key})`;
    b.addEventListener('click', () => reveal(part));
    return b;
  });
  box.replaceChildren(Object.assign(document.createElement('span'), { className: 'reveal-label', textContent: 'Reveal:' }), ...buttons);
}
