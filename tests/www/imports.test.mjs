// The page's modules import each other without cycles: a cycle would make module start-up order
// matter and blur who owns what. Reads the `import … from './x.js'` lines of every www/**/*.js
// (the modes are in www/modes/).
// Run: node --test tests/www/

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { posix } from 'node:path';
import { test } from 'node:test';

const WWW = new URL('../../www/', import.meta.url);

/** The page's modules, as paths under www/ (`modes/play.js`). */
const modules = () => readdirSync(WWW, { recursive: true }).filter((f) => f.endsWith('.js')).map((f) => f.split('\\').join('/'));

/** Module path → the www/ modules it imports (static imports, also multi-line ones), as paths under www/. */
function importGraph() {
  const graph = new Map();
  for (const file of modules()) {
    const text = readFileSync(new URL(file, WWW), 'utf8');
    const deps = [...text.matchAll(/^\s*import\s[^;]*?from\s+'(\.\.?\/[^']+\.js)'/gms)]
      .map((m) => posix.normalize(posix.join(posix.dirname(file), m[1])))
      // The wasm core's glue (pkg/) is not a page module.
      .filter((dep) => !dep.startsWith('../'));
    graph.set(file, deps);
  }
  return graph;
}

/** A cycle as a list of modules (first = last), or null. Depth-first search with colours. */
function findCycle(graph) {
  const state = new Map(); // undefined: not seen, 1: on the current path, 2: done
  const path = [];
  const visit = (node) => {
    state.set(node, 1);
    path.push(node);
    for (const dep of graph.get(node) ?? []) {
      if (state.get(dep) === 1) return [...path.slice(path.indexOf(dep)), dep];
      if (state.get(dep) === undefined) {
        const cycle = visit(dep);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(node, 2);
    return null;
  };
  for (const node of graph.keys()) {
    if (state.get(node) === undefined) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return null;
}

test('the import lines are read (main.js imports the controller; every import names a www/ module)', () => {
  const graph = importGraph();
  assert.ok(graph.get('main.js').includes('controller.js'));
  assert.ok(graph.get('controller.js').includes('state.js'));
  assert.ok(graph.get('state.js').includes('modes/index.js'), 'the hash reads the modes\' registry');
  assert.ok(graph.get('modes/play.js').includes('play-mode.js'), 'a path up from www/modes/ is read');
  for (const [file, deps] of graph) for (const dep of deps) assert.ok(graph.has(dep), `${file} imports ${dep}, which is not in www/`);
});

test('the cycle finder finds a cycle when there is one', () => {
  const cyclic = new Map([['a.js', ['b.js']], ['b.js', ['c.js']], ['c.js', ['a.js']], ['d.js', []]]);
  assert.deepEqual(findCycle(cyclic), ['a.js', 'b.js', 'c.js', 'a.js']);
  assert.equal(findCycle(new Map([['a.js', ['b.js']], ['b.js', []]])), null);
});

test('no import cycles between www/ modules', () => {
  const cycle = findCycle(importGraph());
  assert.equal(cycle, null, `import cycle: ${cycle?.join(' → ')}`);
});

/**
 * Compiles each source as an ES module in one Node process (vm.SourceTextModule parses it and
 * reports its early errors, as a browser would before running it); the files that fail, with
 * their first error. One process for all, not one `node --check` each (70 processes, 4 CPU-s).
 */
function unparsable(sources) {
  const checker = `
    import vm from 'node:vm';
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    const sources = JSON.parse(text);
    const bad = [];
    for (const [name, source] of sources) {
      try { new vm.SourceTextModule(source, { identifier: name }); } catch (e) { bad.push(name + ': ' + e.message); }
    }
    process.stdout.write(JSON.stringify(bad));`;
  const run = spawnSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', '--input-type=module', '-e', checker], {
    input: JSON.stringify(sources),
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

test('every page module parses as an ES module (a syntax error would leave the page blank)', () => {
  const sources = modules().map((file) => [file, readFileSync(new URL(file, WWW), 'utf8')]);
  assert.ok(sources.length > 50, `${sources.length} modules read`);
  assert.deepEqual(unparsable(sources), []);
});

test('the module check sees an early error and a syntax error', () => {
  const bad = unparsable([
    ['early.js', "import { a } from './x.js';\nfunction a() {}\n"],
    ['syntax.js', 'export const = 1;\n'],
    ['fine.js', "import { a } from './x.js';\nexport const b = a;\n"],
  ]);
  assert.deepEqual(bad.map((line) => line.split(':')[0]), ['early.js', 'syntax.js']);
});
