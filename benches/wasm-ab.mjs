// Two builds of pkg/ against each other in Node: UMDA generations of the page's Session, timed
// on the process's CPU clock (the machine may be shared), in interleaved rounds (each build
// first in every other round); prints the medians, the median of the rounds' ratios B/A and
// whether both reached the same model (they must: a build flag may not change a run).
//
//   node benches/wasm-ab.mjs DIR_A DIR_B SPEC GENERATIONS ROUNDS
//   e.g. node benches/wasm-ab.mjs $PWD/pkg /tmp/other-pkg 'game=nim&heaps=21,21,21' 60 4
//
// DIR_A and DIR_B are absolute paths to folders holding impartial.js and impartial_bg.wasm.
import { readFileSync } from 'node:fs';
const [a, b, spec, gens, rounds] = process.argv.slice(2);
const load = async (dir) => {
  const m = await import(`${dir}/impartial.js`);
  m.initSync({ module: readFileSync(`${dir}/impartial_bg.wasm`) });
  return m;
};
const mods = [await load(a), await load(b)];
const times = [[], []];
let hashes = [];
for (let r = 0; r < Number(rounds); r++) {
  for (const i of r % 2 ? [1, 0] : [0, 1]) {
    const s = new mods[i].Session(spec);
    const c0 = process.cpuUsage();
    for (let g = 0; g < Number(gens); g++) s.step();
    const c = process.cpuUsage(c0);
    times[i].push((c.user + c.system) / 1000 / Number(gens));
    hashes[i] = s.progress().model_hash;
    s.free();
  }
}
const med = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const ratios = times[0].map((t, k) => times[1][k] / t);
console.log(spec, 'A', med(times[0]).toFixed(3), 'ms/gen; B', med(times[1]).toFixed(3), 'ms/gen; B/A median', med(ratios).toFixed(3), 'same hash', hashes[0] === hashes[1]);
