// docs/architecture.md against the tree: every page module and every module of the core's
// layers is named there, every path it writes exists, and every test and item it cites is
// in the code. A file added, moved or renamed without the doc fails here.
// Run: node --test tests/www/architecture-doc.test.mjs

import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { test } from 'node:test';

const ROOT = new URL('../../', import.meta.url);
const DOC = readFileSync(new URL('docs/architecture.md', ROOT), 'utf8');

/** Every file under `dir` (a path from the root), as paths from the root. */
function files(dir) {
  return readdirSync(new URL(dir, ROOT), { recursive: true })
    .map((f) => `${dir}${String(f).split('\\').join('/')}`)
    .filter((f) => statSync(new URL(f, ROOT)).isFile());
}

/** Whether the doc writes `word` as a word (not inside a longer name). */
const named = (word) => new RegExp(`(^|[^\\w-])${word.replace(/[.]/g, '\\.')}(?![\\w-])`).test(DOC);

test('every page module (www/, the modes aside) is named', () => {
  const missing = files('www/')
    .filter((f) => /\.(js|css|json)$/.test(f))
    // The modes are listed by docs/page.md's mode table (modes.test.mjs checks it), as the
    // families by spec.md's: a new one is not written here too.
    .filter((f) => !f.startsWith('www/modes/'))
    .map((f) => f.split('/').at(-1))
    .filter((name) => !named(name));
  assert.deepEqual(missing, []);
});

test('every module of the core, the facade and the CLI is named (family modules aside: the registry lists them)', () => {
  const stems = files('src/')
    .filter((f) => f.endsWith('.rs') && !f.startsWith('src/games/') && !/\/(mod|lib)\.rs$/.test(f))
    .map((f) => f.split('/').at(-1).replace(/\.rs$/, ''));
  const dirs = readdirSync(new URL('src/', ROOT), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const missing = [...new Set([...stems, ...dirs])].filter((name) => !named(name) && !named(`${name}.rs`) && !named(`${name}/`));
  assert.deepEqual(missing, []);
});

test('every path the doc writes exists', () => {
  const paths = [...DOC.matchAll(/(?<![\w/])((?:src|www|tests|docs|scripts|benches|examples)\/[\w./-]*)/g)].map((m) => m[1].replace(/[.,)]+$/, ''));
  assert.ok(paths.length > 30, `${paths.length} paths`);
  assert.deepEqual(paths.filter((p) => !existsSync(new URL(p, ROOT))), []);
});

test('every test the doc cites (a backticked snake_case name) is a test of tests/', () => {
  const tests = files('tests/').filter((f) => f.endsWith('.rs')).map((f) => readFileSync(new URL(f, ROOT), 'utf8')).join('\n');
  const cited = [...DOC.matchAll(/`([a-z]+(?:_[a-z0-9]+){3,})`/g)].map((m) => m[1]);
  assert.ok(cited.length >= 4, cited.join());
  assert.deepEqual(cited.filter((name) => !new RegExp(`fn ${name}\\(`).test(tests)), []);
});

test('every Rust item the doc writes as a path (`walk::count_above`, `heap_rule::heaps_at`) is in src/', () => {
  const src = files('src/').filter((f) => f.endsWith('.rs')).map((f) => readFileSync(new URL(f, ROOT), 'utf8')).join('\n');
  const items = [...DOC.matchAll(/`[^`]*?::(\w+)[^`]*`/g)].map((m) => m[1]);
  assert.ok(items.length >= 10, items.join());
  const defined = (name) => new RegExp(`(fn|mod|struct|enum|trait|const|type|macro_rules!) ${name}\\b|^\\s+${name}\\s*[({,]`, 'm').test(src);
  assert.deepEqual([...new Set(items.filter((name) => !defined(name)))], []);
});
