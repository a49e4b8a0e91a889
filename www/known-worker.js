// The worker behind known.js (a module worker): what theory knows of a game too large to draw,
// worked out with the lab module of the wasm core (core.js's loadLab) off the page's thread.
// Messages in: { id, spec }; out:
// { id, known } with tooLargeButKnown's { line, sentence } or null.

import { loadLab, tooLargeButKnown } from './core.js';

const loaded = loadLab();
// Set before the core has loaded (nothing above waits), or a question sent meanwhile is lost.
self.onmessage = (event) => {
  const { id, spec } = event.data;
  loaded.then(
    () => self.postMessage({ id, known: tooLargeButKnown(spec) }),
    () => self.postMessage({ id, known: null }),
  );
};
