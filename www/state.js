// The page's state and its URL form. The hash is one query string: the game spec's own keys
// (the CLI's --game grammar, passed to the core untouched) followed by the page's keys below.
// Parsing never throws: a bad page value falls back to its default with a notice. No DOM here,
// so tests/www/ runs it in Node.

/**
 * Generations per frame, as the speed slider offers them: below 1, a generation every few
 * frames (0.2 at 60 frames/s is 12 generations a second, slow enough to watch).
 */
export const SPEEDS = [0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/**
 * The page's keys, in the order they are written. `parse` turns the text into a value or throws
 * a one-sentence reason. μ, γ, the seed and the engine are the core's to check (against the
 * game, with the CLI's rules and messages), so they pass here as text.
 */
export const PAGE_KEYS = [
  { key: 'mu', default: '20', parse: (t) => t },
  { key: 'gamma', default: 'paper', parse: (t) => t },
  { key: 'seed', default: '1', parse: (t) => t },
  { key: 'engine', default: 'fast', parse: (t) => t },
  { key: 'speed', default: '0.2', parse: (t) => speed(t) },
  { key: 'expected', default: '0', parse: (t) => oneOf(t, 'expected', ['0', '1']) },
  { key: 'paused', default: '0', parse: (t) => oneOf(t, 'paused', ['0', '1']) },
  // Presentation mode for a projector (written only when on).
  { key: 'present', default: '0', parse: (t) => oneOf(t, 'present', ['0', '1']) },
  // Play mode (written only when mode=play): who plays the computer's side, who moves first,
  // and the label of the position on the board (the core checks it against the game).
  { key: 'mode', default: 'learn', parse: (t) => oneOf(t, 'mode', MODES) },
  // One key for two opponents (the link's `opponent`): the rule's when
  // the learner is a rule (RULE_OPPONENTS), else play mode's (OPPONENTS). Both lists are
  // accepted here; the mode that reads it refuses a value that is not its own, with a notice.
  { key: 'opponent', default: 'perfect', parse: (t) => oneOf(t, 'opponent', ALL_OPPONENTS) },
  { key: 'first', default: 'person', parse: (t) => oneOf(t, 'first', FIRSTS) },
  { key: 'at', default: '', parse: (t) => t },
  // Play mode: hints shown (written only when on) and the moves played from `at`, as position
  // labels joined by `~` (the core checks each is a move of the one before), so that Undo works
  // after a link is re-opened.
  { key: 'hint', default: '0', parse: (t) => oneOf(t, 'hint', ['0', '1']) },
  { key: 'played', default: '', parse: (t) => t },
  // Strategies mode (written only when mode=duel): strategies x and y, each `perfect`, `first`,
  // `learned` or one move per position as Benford & Lehre §1 writes them (the core checks it).
  { key: 'x', default: 'perfect', parse: (t) => t },
  { key: 'y', default: 'first', parse: (t) => t },
  // Who learns: UMDA (Benford & Lehre) or one of Böhme's rules (written only when a rule).
  { key: 'learner', default: 'umda', parse: (t) => oneOf(t, 'learner', LEARNERS) },
  // Grundy values step by step (written only when mode=steps): how many positions are revealed
  // (the game's size is the mode's to check).
  { key: 'step', default: '0', parse: (t) => wholeNumber(t, 'step', 'the number of positions revealed, from 0 to the number of positions') },
  // Step by step in an order of the student's choosing (written only when it is not the page's
  // order): the positions revealed, as labels joined by `~`, in the order picked (the mode checks
  // each against the game). And the stepper along the Grundy strip: the heap shown (written only
  // when one is).
  { key: 'order', default: '', parse: (t) => t },
  { key: 'strip', default: '', parse: (t) => (t === '' ? '' : wholeNumber(t, 'strip', 'the heap shown on the Grundy strip')) },
  // Your turn to compute (written only when mode=quiz): the answers typed, position by
  // position (quiz-mode.js reads and checks them against the game).
  { key: 'quiz', default: '', parse: (t) => t },
  // Find the winning move (written only when mode=puzzle): each puzzle's answer, the label moved
  // to or `none` (puzzle-mode.js checks them against the seed's puzzles).
  { key: 'puzzles', default: '', parse: (t) => t },
  // The experiment panel (written only when not the default; the core checks them, see
  // experiment-view.js): R runs, the sweep's base seed, N (empty: the game's largest number)
  // and the budget of games per run.
  { key: 'exp-runs', default: '20', parse: (t) => t },
  { key: 'exp-seed', default: '1', parse: (t) => t },
  { key: 'exp-n', default: '', parse: (t) => t },
  { key: 'exp-budget', default: '1000000', parse: (t) => t },
  // A μ × γ grid of experiments: each axis comma-separated (empty: the learner's μ or γ alone;
  // the core checks the grid's limits and values).
  { key: 'exp-mu', default: '', parse: (t) => t },
  { key: 'exp-gamma', default: '', parse: (t) => t },
];

/**
 * The page's modes, one entry each: the hash (`mode=` and the keys written only in that mode),
 * the tabs (`tab`, in this order) and the layout (`panel`, the section shown; `learner`, whether
 * the learner runs and its panels show; `theory`, each teaching panel the mode shows and the slot
 * it is moved to) read this table and nothing else. `teach`: the element a class must see (on the first screen
 * in presentation mode; play mode's nim-sum table is there for heap games, else the board). `acyclic`: the mode needs an acyclic game (a graph with
 * cycles has only the learner). `view`: the module that owns the mode.
 */
export const MODE_TABLE = [
  { name: 'learn', teach: 'chart', tab: 'Watch it learn', panel: null, keys: [], acyclic: false, learner: true, theory: {}, view: 'controls-view.js' },
  { name: 'play', teach: 'nim-sum', tab: 'Play the game', panel: 'play-panel', keys: ['opponent', 'first', 'at', 'hint', 'played'], acyclic: true, learner: false, theory: { 'nim-sum': 'play-theory', 'grundy-strip': 'play-theory' }, view: 'play-mode.js' },
  { name: 'duel', teach: 'duel-board', tab: 'Strategy against strategy', panel: 'duel-panel', keys: ['x', 'y'], acyclic: true, learner: false, theory: {}, view: 'duel-mode.js' },
  { name: 'steps', teach: 'steps-mex', tab: 'Grundy values step by step', panel: 'steps-panel', keys: ['step', 'order', 'strip'], acyclic: true, learner: false, theory: { 'grundy-strip': 'graph-theory' }, view: 'steps-mode.js' },
  { name: 'quiz', teach: 'quiz-answer', tab: 'Your turn to compute', panel: 'quiz-panel', keys: ['quiz'], acyclic: true, learner: false, theory: {}, view: 'quiz-mode.js' },
  { name: 'puzzle', teach: 'puzzle-board', tab: 'Find the winning move', panel: 'puzzle-panel', keys: ['puzzles'], acyclic: true, learner: false, theory: {}, view: 'puzzle-mode.js' },
  { name: 'experiment', teach: 'exp-start', tab: 'Many runs', panel: 'experiment', keys: [], acyclic: true, learner: false, theory: {}, view: 'experiment-view.js' },
];
/** The modes' names, in the tabs' order. */
export const MODES = MODE_TABLE.map((m) => m.name);
/** The table's entry of `name` (the first mode when there is none). */
export const modeOf = (name) => MODE_TABLE.find((m) => m.name === name) ?? MODE_TABLE[0];
export const OPPONENTS = ['perfect', 'learned', 'random', 'person'];
export const FIRSTS = ['person', 'computer'];
/** Who learns: UMDA or Böhme's rules (the core's names), and a rule's opponents. */
export const RULES = ['lnwt', 'lnwp', 'llt', 'llp', 'rlnwt', 'rllt'];
export const LEARNERS = ['umda', ...RULES];
export const RULE_OPPONENTS = ['first', 'perfect', 'random', 'same'];
const ALL_OPPONENTS = [...OPPONENTS, ...RULE_OPPONENTS.filter((o) => !OPPONENTS.includes(o))];
/** Whether the page's learner is one of Böhme's rules. */
export const isRule = (learner) => RULES.includes(learner);
/** Keys written only in one mode (the mode table's `keys`): key → its mode. */
const MODE_KEYS = new Map(MODE_TABLE.flatMap((m) => m.keys.map((k) => [k, m.name])));
/** The experiment's keys, written only when not their default. */
export const EXPERIMENT_KEYS = ['exp-runs', 'exp-seed', 'exp-n', 'exp-budget', 'exp-mu', 'exp-gamma'];
/** Switches written only when on. */
const ONLY_WHEN_ON = new Set(['expected', 'paused', 'present']);

const PAGE_KEY_NAMES = new Set(PAGE_KEYS.map((k) => k.key));

/** At most this many characters of text from the link are quoted back, as shown (the core's limit). */
const QUOTE_CHARS = 40;

/**
 * Text from the link as a notice quotes it, like the core's messages: in single quotes, cut to
 * 40 characters as shown (an escape counts as its length), with control and invisible (e.g.
 * right-to-left override) characters, quotes and backslashes escaped, so a link cannot fill
 * the page or garble the sentence.
 */
export function quoted(text) {
  let out = '';
  let shown = 0;
  for (const ch of text) {
    let piece = ch;
    if (ch === '\\' || ch === "'") piece = `\\${ch}`;
    else if (ch === '\n' || ch === '\r' || ch === '\t') piece = JSON.stringify(ch).slice(1, -1);
    else if (/[\p{Cc}\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/u.test(ch)) {
      piece = `\\u{${ch.codePointAt(0).toString(16)}}`;
    }
    const width = piece === ch ? 1 : piece.length; // an escape is ASCII; ch may be astral
    if (shown + width > QUOTE_CHARS) return `'${out}…'`;
    shown += width;
    out += piece;
  }
  return `'${out}'`;
}

function speed(text) {
  const value = Number(text);
  if (!/^\d*\.?\d+$/.test(text) || value < SPEEDS[0] || value > SPEEDS[SPEEDS.length - 1]) {
    throw new Error(
      `${quoted(text)} is not a valid value for speed: use a number of generations per frame from ${SPEEDS[0]} to ${SPEEDS[SPEEDS.length - 1]}.`,
    );
  }
  return String(value);
}

function wholeNumber(text, key, meaning) {
  if (!/^\d{1,9}$/.test(text)) throw new Error(`${quoted(text)} is not a valid value for ${key}: use a whole number, ${meaning}.`);
  return String(Number(text));
}

function oneOf(text, key, allowed) {
  if (!allowed.includes(text)) {
    const list = allowed.length > 2 ? `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}` : allowed.join(' or ');
    throw new Error(`${quoted(text)} is not a valid value for ${key}: use ${list}.`);
  }
  return text;
}

/** URI-decoded text, or the text itself when it is not valid percent-encoding. */
export function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Splits a hash into the game spec (the non-page pairs, in order, as written; '' when there are
 * none, for the caller's default game) and the page's values. Returns { spec, page, notices }:
 * `page` has every key (defaults filled in), `notices` one sentence per value that was refused.
 */
export function parseHash(hash) {
  const text = hash.replace(/^#/, '').trim();
  const gamePairs = [];
  const page = Object.fromEntries(PAGE_KEYS.map((k) => [k.key, k.default]));
  const notices = [];
  const seen = new Set();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    if (!PAGE_KEY_NAMES.has(key)) {
      gamePairs.push(pair);
      continue;
    }
    const value = decode(eq < 0 ? '' : pair.slice(eq + 1)).trim();
    const spec = PAGE_KEYS.find((k) => k.key === key);
    if (seen.has(key)) {
      notices.push(`${key} is given twice in the link; using the first.`);
      continue;
    }
    seen.add(key);
    try {
      page[key] = spec.parse(value);
    } catch (err) {
      notices.push(`${err.message} Using ${key}=${spec.default}.`);
    }
  }
  return { spec: gamePairs.join('&'), page, notices };
}

/**
 * Drops keys the spec's family does not take (a typo such as `Mu=5` or `foo=1`), each with a
 * notice, so that one stray key does not cost the whole game. `families` is the core's table
 * ({ name, keys: [{ key }] }); an unknown family is left to the core to refuse.
 */
export function knownKeysOnly(spec, notices, families) {
  const pairs = spec.split('&').filter((p) => p !== '');
  const name = pairs.find((p) => p.startsWith('game='))?.slice(5);
  // Compared by value: a name from the link such as `__proto__` finds nothing.
  const family = families.find((f) => f.name === name);
  if (!family) return spec;
  const allowed = new Set(['game', 'play', ...family.keys.map((k) => k.key)]);
  const kept = pairs.filter((pair) => {
    const key = pair.split('=')[0];
    if (allowed.has(key)) return true;
    notices.push(
      `Unknown parameter ${quoted(key)} in the link was ignored (this game takes ${[...allowed].join(', ')}; ` +
        `the page takes ${PAGE_KEYS.map((k) => k.key).join(', ')}).`,
    );
    return false;
  });
  return kept.join('&');
}

/** The hash for a canonical game spec and the page's values (in PAGE_KEYS order; switches only when on, play keys only in play mode, strategies only in strategies mode, the step only in step-by-step mode, the quiz's and the puzzles' answers only in their modes and when there are some, the experiment's only when not their default). */
export function formatHash(spec, page) {
  const shown = (k) => {
    if (k.key === 'learner') return isRule(page.learner);
    // The rule's opponent belongs to a rule's link, play mode's to a game in play mode.
    if (k.key === 'opponent') return page.mode === 'play' || isRule(page.learner);
    if (k.key === 'mode') return MODES.includes(page.mode) && page.mode !== 'learn';
    if (k.key === 'hint') return page.mode === 'play' && page.hint === '1';
    if (k.key === 'played') return page.mode === 'play' && page.played !== '';
    if (k.key === 'order' || k.key === 'strip') return page.mode === 'steps' && page[k.key] !== '';
    if (k.key === 'quiz' || k.key === 'puzzles') return page.mode === MODE_KEYS.get(k.key) && page[k.key] !== '';
    if (MODE_KEYS.has(k.key)) return page.mode === MODE_KEYS.get(k.key);
    if (EXPERIMENT_KEYS.includes(k.key)) return (page[k.key] ?? k.default) !== k.default;
    return !ONLY_WHEN_ON.has(k.key) || page[k.key] === '1';
  };
  const parts = PAGE_KEYS.filter(shown).map(
    (k) => `${k.key}=${encodeURIComponent(page[k.key] ?? k.default)}`,
  );
  return `#${spec}&${parts.join('&')}`;
}
