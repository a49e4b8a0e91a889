// The modes are modules (www/modes/, listed by www/modes/index.js): no other page module names a
// mode, so adding one is its module and one line of the registry (docs/architecture.md).
// Run: node --test tests/www/

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';

import { MODES, modeOf } from '../../www/modes/index.js';

const WWW = new URL('../../www/', import.meta.url);

/**
 * Words that are also a mode's name but mean something else where they are written: the core's
 * methods `puzzle` and `duel` (core.js), the spec's `play` key (normal or misère) and a rule's
 * `play`, the learner's Play button (`#play`).
 */
const OTHER_MEANINGS = new Map([
  ['core.js', ['puzzle', 'duel']],
  ['state.js', ['play']],
  ['game-form.js', ['play']],
  ['draw-edits.js', ['play']],
  ['chart-view.js', ['play']],
  ['controls-view.js', ['play']],
]);

/** Where a page module outside www/modes/ writes a mode's name: as a string, `mode=name`, `mode-name` or `mode === 'name'`. */
function namings() {
  const found = [];
  const names = MODES.map((m) => m.name);
  for (const file of readdirSync(WWW, { recursive: true })) {
    if (!String(file).endsWith('.js') || String(file).startsWith('modes')) continue;
    const text = readFileSync(new URL(String(file), WWW), 'utf8');
    const allowed = OTHER_MEANINGS.get(String(file)) ?? [];
    for (const name of names) {
      // A word with another meaning here is still a mode's name in `mode=…`, `mode-…` or a comparison.
      const literal = allowed.includes(name) ? [] : [`(['"])${name}\\1`];
      const pattern = new RegExp([...literal, `mode[=-]${name}\\b`, `mode [!=]== ['"]${name}['"]`].join('|'), 'g');
      for (const match of text.matchAll(pattern)) found.push(`${file}: ${match[0]}`);
    }
  }
  return found;
}

test('no page module outside www/modes/ names a mode', () => {
  assert.deepEqual(namings(), []);
});

test('index.html lists no modes: its shared parts say what they are, the modes which they show', () => {
  const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  assert.doesNotMatch(html, /data-modes=/);
  const shared = new Set([...html.matchAll(/data-shared="([^"]+)"/g)].map((m) => m[1]));
  assert.deepEqual([...shared].sort(), ['graph', 'run', 'settings']);
  for (const m of MODES) for (const part of m.shows) assert.ok(shared.has(part), `${m.name} shows ${part}, which index.html has`);
});

test('the registry: names unique, the first the default, every descriptor complete', () => {
  const names = MODES.map((m) => m.name);
  assert.equal(new Set(names).size, names.length);
  assert.equal(modeOf('no such mode'), MODES[0]);
  for (const m of MODES) {
    assert.match(m.name, /^[a-z]+$/);
    for (const field of ['tab', 'teach']) assert.equal(typeof m[field], 'string', `${m.name}.${field}`);
    assert.equal(typeof m.acyclic, 'boolean', `${m.name}.acyclic`);
    assert.ok(m.panel === null || typeof m.panel === 'string', `${m.name}.panel`);
    for (const k of m.keys) assert.ok(k.key && typeof k.default === 'string' && typeof k.parse === 'function', `${m.name}: ${k.key}`);
  }
});

test('the controller only wires: at most 250 lines', () => {
  const lines = readFileSync(new URL('controller.js', WWW), 'utf8').split('\n').length - 1;
  assert.ok(lines <= 250, `controller.js has ${lines} lines`);
});

/** The text of a file of the repository. */
const repoText = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

test('the hall test has one link per mode, so a new mode is measured at 32 px', () => {
  const hall = repoText('tests/browser/hall.test.mjs');
  const table = hall.slice(hall.indexOf('const LINKS = {'), hall.indexOf('};', hall.indexOf('const LINKS = {')));
  const names = [...table.matchAll(/^ {2}([a-z]+): '/gm)].map((m) => m[1]);
  assert.deepEqual([...names].sort(), MODES.map((m) => m.name).sort());
});

test("docs/page.md's mode table is the registry: name, tab and acyclic, in the tabs' order", () => {
  const page = repoText('docs/page.md');
  const start = page.indexOf('| mode | tab | shows |');
  assert.ok(start >= 0, 'the mode table');
  const rows = page
    .slice(start)
    .split('\n')
    .slice(2)
    .filter((line, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('|')))
    .map((line) => line.slice(1, -1).split(' | ').map((cell) => cell.trim()));
  assert.deepEqual(
    rows.map((r) => [r[0], r[1], r.at(-1)]),
    MODES.map((m) => [`\`${m.name}\``, m.tab, m.acyclic ? 'yes' : 'no']),
  );
});

test('docs/architecture.md\'s "Adding a mode" names every descriptor field and every part the page calls', () => {
  const doc = repoText('docs/architecture.md');
  const recipe = doc.slice(doc.indexOf('## Adding a mode'), doc.indexOf('\n## ', doc.indexOf('## Adding a mode') + 1));
  const fields = new Set(MODES.flatMap((m) => [...Object.keys(m), ...m.keys.flatMap((k) => Object.keys(k))]));
  const modesJs = readFileSync(new URL('modes.js', WWW), 'utf8');
  const parts = new Set([...modesJs.matchAll(/\.(\w+)\?\.\(/g)].map((m) => m[1]));
  assert.ok(parts.has('setSession') && parts.has('create'), [...parts].join());
  for (const name of [...fields, ...parts]) assert.match(recipe, new RegExp(`\`${name}[\`(]`), `the recipe names \`${name}\``);
});
