// The page's state and its URL form. The hash is one query string: the game spec's own keys
// (the CLI's --game grammar, passed to the core untouched) followed by the page's keys: those
// below, shared by every mode, then each mode's own (www/modes/, in the registry's order).
// Parsing never throws: a bad page value falls back to its default with a notice. No DOM here,
// so tests/www/ runs it in Node.

import { decode, oneOf, quoted } from './link-text.js';
import { MODES } from './modes/index.js';
import { LEARNERS, isRule } from './players.js';
import { parseHide } from './reveal.js';

export { decode, quoted } from './link-text.js';
export { FIRSTS, LEARNERS, OPPONENTS, RULES, RULE_OPPONENTS, isRule } from './players.js';

/**
 * Generations per frame, as the speed slider offers them: below 1, a generation every few
 * frames (0.2 at 60 frames/s is 12 generations a second, slow enough to watch).
 */
export const SPEEDS = [0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/**
 * The keys every mode shares, in the order they are written. `parse` turns the text into a value
 * or throws a one-sentence reason. μ, γ, the seed and the engine are the core's to check
 * (against the game, with the CLI's rules and messages), so they pass here as text. `written`
 * says when a key is in the link: always (the default), 'on' (a switch, only when '1'), or a
 * function of the page's values.
 */
const SHARED_KEYS = [
  { key: 'mu', default: '20', parse: (t) => t },
  { key: 'gamma', default: 'paper', parse: (t) => t },
  { key: 'seed', default: '1', parse: (t) => t },
  { key: 'engine', default: 'fast', parse: (t) => t },
  { key: 'speed', default: '0.2', parse: (t) => speed(t) },
  { key: 'expected', default: '0', parse: (t) => oneOf(t, 'expected', ['0', '1']), written: 'on' },
  { key: 'paused', default: '0', parse: (t) => oneOf(t, 'paused', ['0', '1']), written: 'on' },
  // Presentation mode for a projector.
  { key: 'present', default: '0', parse: (t) => oneOf(t, 'present', ['0', '1']), written: 'on' },
  // The parts hidden until revealed on cue (reveal.js), in every mode.
  { key: 'hide', default: '', parse: (t) => parseHide(t), written: 'set' },
  // The mode (www/modes/index.js); the first is the page's default, not written.
  { key: 'mode', default: MODES[0].name, parse: (t) => oneOf(t, 'mode', MODES.map((m) => m.name)), written: (page) => page.mode !== MODES[0].name && MODES.some((m) => m.name === page.mode) },
  // Who learns: UMDA (Benford & Lehre) or one of Böhme's rules (written only when a rule).
  { key: 'learner', default: 'umda', parse: (t) => oneOf(t, 'learner', LEARNERS), written: (page) => isRule(page.learner) },
];

/**
 * The page's keys, in the order they are written: the shared ones, then each mode's (its
 * module's `keys`, each marked with its `mode`). A mode's key is written only in its mode: always
 * (`written: 'mode'`, the default), only when not its default ('mode-set'), or when a function of
 * the page's values and whether its mode is on says so; 'set' keys whenever not their default.
 */
export const PAGE_KEYS = [...SHARED_KEYS, ...MODES.flatMap((m) => m.keys.map((k) => ({ written: 'mode', ...k, mode: m.name })))];

const PAGE_KEY_NAMES = new Set(PAGE_KEYS.map((k) => k.key));

/**
 * The keys whose change is a step the Back button undoes (a history entry): the mode, and each
 * mode key marked `history` (an answer given). Other changes (a slider) replace the address.
 */
export const HISTORY_KEYS = ['mode', ...PAGE_KEYS.filter((k) => k.history).map((k) => k.key)];

/** Whether going from address `before` to page values `page` is a step for the Back button. */
export const isHistoryStep = (before, page) => {
  if (!before.includes('=')) return false;
  const was = parseHash(before).page;
  return HISTORY_KEYS.some((k) => (was[k] ?? '') !== (page[k] ?? ''));
};

function speed(text) {
  const value = Number(text);
  if (!/^\d*\.?\d+$/.test(text) || value < SPEEDS[0] || value > SPEEDS[SPEEDS.length - 1]) {
    throw new Error(
      `${quoted(text)} is not a valid value for speed: use a number of generations per frame from ${SPEEDS[0]} to ${SPEEDS[SPEEDS.length - 1]}.`,
    );
  }
  return String(value);
}

/**
 * The page's values a new game starts without (the keys its modes mark `perGame`: the position on
 * the board, the values revealed, the answers given), each at its default.
 */
export const perGameDefaults = () => Object.fromEntries(PAGE_KEYS.filter((k) => k.perGame).map((k) => [k.key, k.default]));

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
  // Each page key's count: a repeated key gets one notice, however often it is repeated.
  const seen = new Map();
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
      seen.set(key, seen.get(key) + 1);
      continue;
    }
    seen.set(key, 1);
    try {
      page[key] = spec.parse(value);
    } catch (err) {
      notices.push(`${err.message} Using ${key}=${spec.default}.`);
    }
  }
  for (const [key, count] of seen) {
    if (count > 1) notices.push(`${key} is given ${count === 2 ? 'twice' : `${count} times`} in the link; using the first.`);
  }
  return { spec: gamePairs.join('&'), page, notices };
}

/**
 * A value as the hash writes it: percent-encoded, but with `/`, `:` and `~` as they are (legal in
 * a fragment, RFC 3986 §3.5), so that answers joined by `~` and fractions stay short and readable.
 */
export const encodeValue = (value) => encodeURIComponent(value).replace(/%2F/gi, '/').replace(/%3A/gi, ':');

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

/**
 * The hash for a canonical game spec and the page's values, in PAGE_KEYS order, each key when its
 * `written` says so (a mode's keys only in that mode).
 */
export function formatHash(spec, page) {
  const shown = (k) => {
    const value = page[k.key] ?? k.default;
    const inMode = k.mode !== undefined && page.mode === k.mode;
    if (typeof k.written === 'function') return k.written(page, inMode);
    if (k.written === 'on') return value === '1';
    if (k.written === 'mode') return inMode;
    if (k.written === 'mode-set') return inMode && value !== k.default;
    if (k.written === 'set') return value !== k.default;
    return true;
  };
  const parts = PAGE_KEYS.filter(shown).map(
    (k) => `${k.key}=${encodeValue(page[k.key] ?? k.default)}`,
  );
  return `#${spec}&${parts.join('&')}`;
}
