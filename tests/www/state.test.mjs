// Unit tests of www/state.js, the page's address ⇄ values (no DOM, no wasm: runs in Node).
// Run: node --test tests/www/

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { MODES } from '../../www/modes/index.js';
import { PAGE_KEYS, SPEEDS, encodeValue, formatHash, knownKeysOnly, parseHash, quoted } from '../../www/state.js';

const DEFAULTS = Object.fromEntries(PAGE_KEYS.map((k) => [k.key, k.default]));
const SPEC = 'game=g&a=1,2&b=7&play=normal';

describe('parseHash', () => {
  test('an empty address has no game (the caller picks the default) and every page default', () => {
    for (const hash of ['', '#', '#  ', '#&&']) {
      assert.deepEqual(parseHash(hash), { spec: '', page: DEFAULTS, notices: [] }, hash);
    }
  });

  test('separates the game spec (kept as written, in order) from the page keys', () => {
    const { spec, page, notices } = parseHash('#b=7&mu=200&game=g&gamma=0.005&a=1%2C2&seed=7&engine=naive&speed=1&expected=1&paused=1');
    assert.equal(spec, 'b=7&game=g&a=1%2C2');
    assert.deepEqual(page, { ...DEFAULTS, mu: '200', gamma: '0.005', seed: '7', engine: 'naive', speed: '1', expected: '1', paused: '1' });
    assert.deepEqual(notices, []);
  });

  test('page values are decoded and trimmed; the core checks μ, γ, seed and engine, so they pass as text', () => {
    const { page, notices } = parseHash('#mu=%32%30&gamma=%20paper%20&seed=007&engine=whatever');
    assert.deepEqual([page.mu, page.gamma, page.seed, page.engine], ['20', 'paper', '007', 'whatever']);
    assert.deepEqual(notices, []);
  });

  test('a value with parentheses, + and ; (a sum of games, a poset) passes to the core as written', () => {
    // The core keeps + literal (the poset and sum grammars use it) and decodes %-escapes itself.
    const hash = '#game=g&parts=x(a=1,2;b=3)+y(c=(A+B)/C)%20z(d=4)&mu=5';
    const { spec, page, notices } = parseHash(hash);
    assert.equal(spec, 'game=g&parts=x(a=1,2;b=3)+y(c=(A+B)/C)%20z(d=4)');
    assert.equal(page.mu, '5');
    assert.deepEqual(notices, []);
    assert.equal(parseHash(formatHash(spec, page)).spec, spec);
  });

  test('a bad %-escape is kept as text rather than thrown', () => {
    assert.equal(parseHash('#mu=%zz').page.mu, '%zz');
    assert.equal(parseHash('#game=g&a=%E0%A4%A').spec, 'game=g&a=%E0%A4%A');
  });

  test('speed is normalised and bounded by SPEEDS', () => {
    assert.equal(parseHash('#speed=.5').page.speed, '0.5');
    assert.equal(parseHash('#speed=1000').page.speed, '1000');
    assert.equal(parseHash('#speed=0.05').page.speed, String(SPEEDS[0]));
    for (const bad of ['0.01', '1001', 'fast', '-1', '1e2', '', '1,5']) {
      const { page, notices } = parseHash(`#speed=${bad}`);
      assert.equal(page.speed, DEFAULTS.speed, bad);
      assert.equal(notices.length, 1, bad);
      assert.match(notices[0], /is not a valid value for speed: use a number of generations per frame from 0\.05 to 1000\. Using speed=0\.2\.$/);
    }
  });

  test('expected and paused take 0 or 1; anything else is a notice and the default', () => {
    const { page, notices } = parseHash('#expected=yes&paused=2');
    assert.equal(page.expected, '0');
    assert.equal(page.paused, '0');
    assert.deepEqual(notices, [
      "'yes' is not a valid value for expected: use 0 or 1. Using expected=0.",
      "'2' is not a valid value for paused: use 0 or 1. Using paused=0.",
    ]);
  });

  test('a key repeated 200 times gives one notice, not 199', () => {
    const { page, notices } = parseHash(`#game=nim&heaps=1,2&${Array.from({ length: 200 }, (_, i) => `mu=${i + 3}`).join('&')}`);
    assert.equal(page.mu, '3');
    assert.deepEqual(notices, ['mu is given 200 times in the link; using the first.']);
  });

  test('the hash writes /, : and ~ unescaped, and reads them back', () => {
    assert.equal(encodeValue('1/2:3~4 5&6'), '1/2:3~4%205%266');
    const hash = formatHash('game=nim&heaps=1,2', { ...parseHash('#').page, gamma: '1/4' });
    assert.match(hash, /gamma=1\/4/);
    assert.equal(parseHash(hash).page.gamma, '1/4');
  });

  test('a page key given twice keeps the first, with a notice', () => {
    const { page, notices } = parseHash('#mu=5&mu=6&speed=1&speed=oops');
    assert.equal(page.mu, '5');
    assert.equal(page.speed, '1');
    assert.deepEqual(notices, ['mu is given twice in the link; using the first.', 'speed is given twice in the link; using the first.']);
  });

  test('a key without = is a game key (the core refuses it), and a page key without = is empty', () => {
    assert.equal(parseHash('#game=g&oops').spec, 'game=g&oops');
    const { page, notices } = parseHash('#paused');
    assert.equal(page.paused, '0');
    assert.equal(notices.length, 1);
  });

  test("JavaScript's property names are only text: they go to the spec and touch no object", () => {
    const hash = '#__proto__=1&constructor=2&toString=3&hasOwnProperty=4&__proto__%5Bmu%5D=5&valueOf=6&game=g';
    const { spec, page, notices } = parseHash(hash);
    assert.equal(spec, '__proto__=1&constructor=2&toString=3&hasOwnProperty=4&__proto__%5Bmu%5D=5&valueOf=6&game=g');
    assert.deepEqual(page, DEFAULTS);
    assert.equal(Object.getPrototypeOf(page), Object.prototype);
    assert.deepEqual(notices, []);
    assert.equal({}.mu, undefined, 'Object.prototype is untouched');
    // Encoded, they are still not page keys.
    assert.equal(parseHash('#%5F%5Fproto%5F%5F=1').spec, '%5F%5Fproto%5F%5F=1');
  });
});

describe('formatHash', () => {
  test('writes the spec, then every page key in PAGE_KEYS order; expected and paused only when on', () => {
    assert.equal(formatHash(SPEC, DEFAULTS), `#${SPEC}&mu=20&gamma=paper&seed=1&engine=fast&speed=0.2`);
    assert.equal(
      formatHash(SPEC, { ...DEFAULTS, expected: '1', paused: '1', mu: '7' }),
      `#${SPEC}&mu=7&gamma=paper&seed=1&engine=fast&speed=0.2&expected=1&paused=1`,
    );
  });

  test('a missing page value is written as its default; values are %-encoded', () => {
    assert.equal(formatHash(SPEC, { gamma: '1e-7' }), `#${SPEC}&mu=20&gamma=1e-7&seed=1&engine=fast&speed=0.2`);
    assert.equal(formatHash(SPEC, { ...DEFAULTS, engine: 'a&b=c' }), `#${SPEC}&mu=20&gamma=paper&seed=1&engine=a%26b%3Dc&speed=0.2`);
  });

  test('round trips: parse(format(spec, page)) gives the spec and the page back', () => {
    const pages = [
      DEFAULTS,
      { ...DEFAULTS, mu: '100000000', gamma: '0.0003571', seed: '18446744073709551615', engine: 'expected', speed: '1000', expected: '1', paused: '1' },
      { ...DEFAULTS, gamma: '5e-324', speed: '0.05', paused: '1' },
      { ...DEFAULTS, engine: 'a&b=c %', seed: '__proto__' },
    ];
    for (const page of pages) {
      const parsed = parseHash(formatHash(SPEC, page));
      assert.deepEqual(parsed, { spec: SPEC, page, notices: [] });
      // And formatting again gives the same address.
      assert.equal(formatHash(parsed.spec, parsed.page), formatHash(SPEC, page));
    }
  });
});

describe('quoted', () => {
  test('single quotes, with quotes and backslashes escaped', () => {
    assert.equal(quoted('abc'), "'abc'");
    assert.equal(quoted(''), "''");
    assert.equal(quoted("it's"), "'it\\'s'");
    assert.equal(quoted('a\\b'), "'a\\\\b'");
  });

  test('control and invisible characters are escaped, so they cannot garble the sentence', () => {
    assert.equal(quoted('a\nb\tc\rd'), "'a\\nb\\tc\\rd'");
    assert.equal(quoted('\u0000\u001b\u007f'), "'\\u{0}\\u{1b}\\u{7f}'");
    assert.equal(quoted('abc\u202edef'), "'abc\\u{202e}def'", 'right-to-left override');
    assert.equal(quoted('\u200b\u2066\ufeff'), "'\\u{200b}\\u{2066}\\u{feff}'");
    assert.equal(quoted('é ✓ 😀'), "'é ✓ 😀'", 'visible text is kept');
  });

  test('cut to 40 characters (code points, not UTF-16 units) with an ellipsis', () => {
    assert.equal(quoted('x'.repeat(40)), `'${'x'.repeat(40)}'`);
    assert.equal(quoted('x'.repeat(41)), `'${'x'.repeat(40)}…'`);
    assert.equal(quoted('😀'.repeat(41)), `'${'😀'.repeat(40)}…'`);
    assert.equal(quoted('y'.repeat(100_000)).length, 43);
  });

  test('an escape counts as what it shows, as in the core', () => {
    assert.equal(quoted('\u202e'.repeat(6)), `'${'\\u{202e}'.repeat(5)}…'`);
    assert.equal(quoted(`${'x'.repeat(39)}\n`), `'${'x'.repeat(39)}…'`);
  });
});

describe('strategies mode keys', () => {
  test('x and y are read as text (the core checks them) and written only in strategies mode', () => {
    const { page, notices } = parseHash('#game=g&mode=duel&x=111121&y=learned');
    assert.deepEqual([page.mode, page.x, page.y, notices], ['duel', '111121', 'learned', []]);
    const hash = formatHash('game=g', { ...DEFAULTS, mode: 'duel', x: '1,2', y: 'perfect' });
    assert.match(hash, /&mode=duel&x=1%2C2&y=perfect$/);
    assert.doesNotMatch(formatHash('game=g', { ...DEFAULTS, mode: 'play', x: '1' }), /x=/);
    assert.doesNotMatch(formatHash('game=g', { ...DEFAULTS, x: '1' }), /x=|mode=/);
    assert.deepEqual(parseHash(hash.replace('#', '')).page.x, '1,2');
  });
});

describe('play mode keys', () => {
  test('mode, opponent, first and at are read; at is passed as text (the core checks it against the game)', () => {
    const { page, notices } = parseHash('#game=g&mode=play&opponent=learned&first=computer&at=1%2C2');
    assert.deepEqual([page.mode, page.opponent, page.first, page.at], ['play', 'learned', 'computer', '1,2']);
    assert.deepEqual(notices, []);
  });

  test('an unknown mode, opponent or first gets a notice naming what is allowed, and its default', () => {
    const { page, notices } = parseHash('#mode=teach&opponent=god&first=me');
    assert.deepEqual([page.mode, page.opponent, page.first], ['learn', 'perfect', 'person']);
    assert.deepEqual(notices, [
      `'teach' is not a valid value for mode: use ${MODES.map((m) => m.name).slice(0, -1).join(', ')} or ${MODES.at(-1).name}. Using mode=learn.`,
      "'god' is not a valid value for opponent: use perfect, learned, random, person, first or same. Using opponent=perfect.",
      "'me' is not a valid value for first: use person or computer. Using first=person.",
    ]);
  });

  test('play keys are written only in play mode (a learning link is unchanged), and read back', () => {
    assert.equal(formatHash(SPEC, DEFAULTS), `#${SPEC}&mu=20&gamma=paper&seed=1&engine=fast&speed=0.2`);
    const page = { ...DEFAULTS, mode: 'play', opponent: 'random', first: 'computer', at: 'HT,{0}&x' };
    const hash = formatHash(SPEC, page);
    assert.equal(hash, `#${SPEC}&mu=20&gamma=paper&seed=1&engine=fast&speed=0.2&mode=play&opponent=random&first=computer&at=HT%2C%7B0%7D%26x`);
    assert.deepEqual(parseHash(hash).page, page);
  });
});

describe('present (presentation mode)', () => {
  test('written only when on; a bad value gets a notice and 0', () => {
    assert.equal(parseHash('#present=1').page.present, '1');
    assert.ok(formatHash(SPEC, { ...DEFAULTS, present: '1' }).endsWith('&present=1'));
    assert.ok(!formatHash(SPEC, DEFAULTS).includes('present'));
    assert.deepEqual(parseHash('#present=yes').notices, ["'yes' is not a valid value for present: use 0 or 1. Using present=0."]);
  });
});

describe('knownKeysOnly', () => {
  // A made-up table in the core's shape: the page's code knows no family by name.
  const FAMILIES = [
    { name: 'alpha', title: 'Alpha', keys: [{ key: 'a', label: 'A', example: '1' }, { key: 'b', label: 'B', example: '2' }] },
    { name: 'beta', title: 'Beta', keys: [{ key: 'c', label: 'C', example: '3' }] },
  ];

  test("keeps the family's keys, game and play, in order", () => {
    const notices = [];
    assert.equal(knownKeysOnly('b=2&game=alpha&play=misere&a=1', notices, FAMILIES), 'b=2&game=alpha&play=misere&a=1');
    assert.deepEqual(notices, []);
  });

  test('drops keys the family does not take, each with a notice naming what is allowed', () => {
    const notices = [];
    assert.equal(knownKeysOnly('game=beta&c=3&a=1&Mu=5&&', notices, FAMILIES), 'game=beta&c=3');
    // The page's keys: the shared ones, then each mode's in the registry's order.
    const pageKeys = PAGE_KEYS.map((k) => k.key).join(', ');
    assert.ok(pageKeys.startsWith('mu, gamma, seed, engine, speed, expected, paused, present, hide, mode, learner, opponent, first, at, hint, played, x, y, step, order, strip, quiz, puzzles, '), pageKeys);
    assert.deepEqual(notices, [
      `Unknown parameter 'a' in the link was ignored (this game takes game, play, c; the page takes ${pageKeys}).`,
      `Unknown parameter 'Mu' in the link was ignored (this game takes game, play, c; the page takes ${pageKeys}).`,
    ]);
  });

  test('an unknown family (or none) is left to the core to refuse', () => {
    for (const spec of ['game=gamma&z=1', 'z=1', 'game=__proto__&a=1', 'game=constructor&a=1', 'game=toString']) {
      const notices = [];
      assert.equal(knownKeysOnly(spec, notices, FAMILIES), spec);
      assert.deepEqual(notices, []);
    }
  });

  test("JavaScript's property names as keys are dropped like any unknown key, and quoted", () => {
    const notices = [];
    assert.equal(knownKeysOnly('game=alpha&__proto__=1&constructor=2&a=1', notices, FAMILIES), 'game=alpha&a=1');
    assert.equal(notices.length, 2);
    assert.match(notices[0], /^Unknown parameter '__proto__' in the link/);
    const evil = [];
    knownKeysOnly("game=alpha&x'\u202e=1", evil, FAMILIES);
    assert.match(evil[0], /^Unknown parameter 'x\\'\\u\{202e\}' in the link/);
  });
});

describe('learner keys (Böhme’s rules)', () => {
  test('learner is written only for a rule, with its opponent; UMDA links are unchanged', () => {
    const rule = parseHash('#game=g&learner=lnwp&opponent=same');
    assert.deepEqual([rule.page.learner, rule.page.opponent, rule.notices], ['lnwp', 'same', []]);
    const hash = formatHash('game=g', rule.page);
    assert.match(hash, /&learner=lnwp&opponent=same$/);
    assert.deepEqual(parseHash(hash).page, rule.page, 'read back');
    const umda = formatHash('game=g', DEFAULTS);
    assert.doesNotMatch(umda, /learner|opponent/);
  });

  test('an unknown learner gets a notice naming the allowed ones, and UMDA', () => {
    const { page, notices } = parseHash('#game=g&learner=lnwz');
    assert.equal(page.learner, 'umda');
    assert.deepEqual(notices, [
      "'lnwz' is not a valid value for learner: use umda, lnwt, lnwp, llt, llp, rlnwt or rllt. Using learner=umda.",
    ]);
  });
});

describe('experiment keys', () => {
  test('written only when not their default, and read back', () => {
    assert.doesNotMatch(formatHash('game=g', DEFAULTS), /exp-/);
    const page = { ...DEFAULTS, 'exp-runs': '10', 'exp-n': '20' };
    const hash = formatHash('game=g', page);
    assert.match(hash, /&exp-runs=10&exp-n=20$/);
    const back = parseHash(hash);
    assert.deepEqual([back.page, back.notices, back.spec], [page, [], 'game=g']);
  });

  test('an experiment key is a page key, not the game’s, and passes as text for the core to check', () => {
    const { spec, page } = parseHash('#game=g&exp-budget=abc&exp-seed=7');
    assert.equal(spec, 'game=g');
    assert.deepEqual([page['exp-budget'], page['exp-seed'], page['exp-runs'], page['exp-n']], ['abc', '7', '20', '']);
  });
});

describe('the modes (www/modes/, their registry)', () => {
  test('one module per mode, each with its tab, teaching panel and keys; no key belongs to two modes or to a game', () => {
    const names = MODES.map((m) => m.name);
    assert.equal(names[0], 'learn', 'the default mode');
    for (const name of ['play', 'duel', 'steps', 'quiz', 'puzzle', 'experiment']) assert.ok(names.includes(name), name);
    for (const m of MODES) assert.ok(m.tab && m.teach && Array.isArray(m.shows) && typeof m.create === 'function', m.name);
    const keys = MODES.flatMap((m) => m.keys.map((k) => k.key));
    assert.equal(new Set(keys).size, keys.length);
    const pageKeys = new Set(PAGE_KEYS.map((k) => k.key));
    assert.equal(pageKeys.size, PAGE_KEYS.length, 'no mode takes a shared key');
    for (const k of keys) assert.ok(pageKeys.has(k), k);
    // Page keys share the hash with game keys: a page key named like a family's key (subtraction's
    // `moves`) would take that key from the game.
    for (const k of ['moves', 'heap', 'heaps', 'rows', 'cols', 'code', 'coins', 'squares', 'poset', 'edges', 'root', 'parts', 'forest']) {
      assert.ok(!pageKeys.has(k), `${k} is a game key`);
    }
    assert.equal(MODES.filter((m) => m.learner).map((m) => m.name).join(), 'learn', 'the learner runs in one mode only');
    for (const m of MODES) if (m.acyclic && m.name !== 'experiment') assert.match(m.cyclic, /cycles/, `${m.name} says why a graph with cycles has it not`);
  });

  test('hint and played are written in play mode only, hint only when on', () => {
    const page = parseHash('#mode=play&hint=1&played=3,4~3,2&at=3,2').page;
    const hash = formatHash('game=nim&heaps=3,4', page);
    assert.match(hash, /&hint=1&played=3%2C4~3%2C2/);
    assert.doesNotMatch(formatHash('game=nim&heaps=3,4', { ...page, hint: '0' }), /hint=/);
    assert.doesNotMatch(formatHash('game=nim&heaps=3,4', { ...page, mode: 'learn' }), /hint=|played=/);
    assert.deepEqual(parseHash('#hint=yes').notices, ["'yes' is not a valid value for hint: use 0 or 1. Using hint=0."]);
  });
});
