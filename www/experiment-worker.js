// The experiment's worker (a module worker): makes the R runs of one experiment with the wasm
// core, one after another, off the page's thread, so the page keeps drawing. Each run is the
// run `impartial runtime` makes for the same seed (the core's ExperimentRuns).
//
// Messages in: { spec, size, mu, gamma, engine, budget, seed, runs } (one experiment per
// worker; the page stops one by terminating the worker). Out: { type: 'run', report } after
// each run, then { type: 'done', summary }, or { type: 'error', message } (one sentence).

import init, { ExperimentRuns } from '../pkg/impartial.js';

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

function experiment({ spec, size, mu, gamma, engine, budget, seed, runs }) {
  const runner = new ExperimentRuns(spec, size, mu, gamma, engine, budget, seed);
  try {
    for (let run = 0; run < runs; run++) self.postMessage({ type: 'run', report: runner.run(run) });
    self.postMessage({ type: 'done', summary: runner.summary() });
  } finally {
    runner.free();
  }
}
