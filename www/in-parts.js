// Work in parts: at once (an address opened, a game built) or, given `pause`, each part after
// `await pause()`, in a task of its own, so that a long opening never holds a phone's main thread
// for long (Lighthouse counts the time of every task over 50 ms as blocking).

/**
 * Runs `parts` (functions) in order: at once (returns undefined), or with `pause` each after
 * `await pause()` (returns a promise), stopping where `current()` has become false.
 */
export function inParts(parts, pause = null, current = () => true) {
  if (!pause) {
    for (const part of parts) part();
    return undefined;
  }
  return (async () => {
    for (const part of parts) {
      await pause();
      if (!current()) return;
      part();
    }
  })();
}

/** Resolves in a later task: what was done so far is painted, and input handled, meanwhile. */
export const nextTask = () => globalThis.scheduler?.yield?.() ?? new Promise((ok) => setTimeout(ok, 0));
