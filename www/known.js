// What theory knows of a game too large to draw (core.js's tooLargeButKnown), asked of a module
// worker (known-worker.js): growing an octal game's Grundy sequence to a large heap can take
// many seconds, and the page must keep drawing meanwhile. A new question cancels the one under
// way by ending its worker, so typing never queues up work.

export class KnownValues {
  constructor() {
    this.worker = null;
    this.pending = null; // { id, resolve } of the question under way
    this.next = 0;
    /** How many questions were put to a worker (the tests count them). */
    this.asked = 0;
  }

  /**
   * What theory says of `spec` (core.js's tooLargeButKnown: { line, sentence }), or null when
   * it says nothing; `undefined` when a newer question (or `cancel`) replaced this one before
   * it was answered.
   */
  ask(spec) {
    this.cancel();
    this.asked += 1;
    this.worker ??= this.spawn();
    const id = ++this.next;
    return new Promise((resolve) => {
      this.pending = { id, resolve };
      this.worker.postMessage({ id, spec });
    });
  }

  /** Ends the question under way, if any (its worker with it). */
  cancel() {
    if (!this.pending) return;
    this.worker?.terminate();
    this.worker = null;
    const { resolve } = this.pending;
    this.pending = null;
    resolve(undefined);
  }

  spawn() {
    const worker = new Worker(new URL('./known-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (e) => {
      if (this.pending?.id !== e.data.id) return;
      const { resolve } = this.pending;
      this.pending = null;
      resolve(e.data.known);
    };
    worker.onerror = (e) => {
      // A worker that cannot run says nothing: the page has already said why the game is not shown.
      e.preventDefault();
      const pending = this.pending;
      this.pending = null;
      this.worker = null;
      pending?.resolve(null);
    };
    return worker;
  }
}
