// The experiment's worker (a module worker): makes the R runs of one experiment with the wasm
// core, one after another, off the page's thread, so the page keeps drawing. Each run is the
// run `impartial runtime` makes for the same seed (the core's ExperimentRuns).
//
// Messages in: { spec, size, mu, gamma, engine, budget, seed, runs, grid } (one experiment per
// worker; the page stops one by terminating the worker). Out: { type: 'run', report } after
// each run, then { type: 'done', summary }, or { type: 'error', message } (one sentence).
// With `grid` ({ mus, gammas }, checked by the core first), the experiment is one per cell, μ
// outer and γ inner as `runtime` orders them, each seeded by the same base seed (run r of every
// cell has runtime's seed for run r): reports carry `cell` ({ mu, gamma }).

// The runs are the lab module's (core.js's loadLab): the page's own module leaves them out.
import init, { ExperimentRuns } from '../pkg/impartial_lab.js';

/** A refusal from the core is its sentence; anything else is a bug, said as one. */
const messageOf = (err) =>
  typeof err === 'string' ? err : `Internal error in the experiment (${err instanceof Error ? err.message : err}).`;

const loaded = init().catch(() => {
  throw 'Could not load the WebAssembly core in the experiment’s worker; reload the page.';
});
// Set before the core has loaded (nothing above waits), or a message sent meanwhile would be lost.
self.onmessage = (event) => {
  loaded.then(() => experiment(event.data)).catch((err) => self.postMessage({ type: 'error', message: messageOf(err) }));
};

function experiment({ spec, size, mu, gamma, engine, budget, seed, runs, grid }) {
  const cells = grid ? grid.mus.flatMap((m) => grid.gammas.map((g) => ({ mu: m, gamma: g }))) : [{ mu, gamma }];
  let summary = null;
  for (const cell of cells) {
    // One cell's game at a time: a grid holds one built game, not one per cell.
    const runner = new ExperimentRuns(spec, size, cell.mu, cell.gamma, engine, budget, seed);
    try {
      for (let run = 0; run < runs; run++) self.postMessage({ type: 'run', report: { ...runner.run(run), cell: grid ? cell : undefined } });
      summary = runner.summary();
    } finally {
      runner.free();
    }
  }
  self.postMessage({ type: 'done', summary: grid ? null : summary });
}
