// The page's side of the learner's worker (learn-worker.js): every acyclic game's UMDA run is
// stepped there, so that frames never wait for a generation, and the page only draws what it
// posts. The page's GameSession keeps the game and validates every setting; it forwards each
// accepted one here, and mirrors the worker's state (GameSession.mirror). The worker runs the
// same seeded run as the CLI (the model hash agrees), whatever the frames.

/**
 * A new model is asked for at most once per this many drawing costs: a big graph's picture is
 * long (a few hundred ms at 10⁵ positions, drawn 6 ms a frame), and drawing for a quarter of the
 * time leaves every frame its 60 a second (at 10⁵, a picture about every second and a half).
 */
const DRAWS_PER_MODEL = 4;

export class RemoteRun {
  /**
   * `onGenerations(progresses)` follows the generations the worker finished since its last
   * message (many a frame on a small game), `onModel()` each
   * model copied in, `onState()` a change of the stats without a new generation, `onError(text)`
   * a run the worker cannot go on with; `drawing()` says whether a picture of the graph is under
   * way (`busy`) and what the last one cost (`ms`).
   */
  constructor({ onGenerations, onModel, onState, onError, drawing }) {
    Object.assign(this, { onGenerations, onModel, onState, onError, drawing });
    this.worker = null;
    this.session = null;
    this.opened = false;
    this.epoch = 0;
    this.stepsOut = 0; // steps sent whose generation has not come back
    this.playing = false;
    this.lastModel = 0; // when the last model came (performance.now())
    // The last model's arrays, once copied in: sent back to be filled again (no 8 bytes a move
    // allocated, and collected, per model).
    this.spare = null;
    // The worker has said it stopped and sent its last model, and nothing was asked of it since
    // (tests wait for this before comparing the run with the CLI's).
    this.settled = true;
    // Where the time went (ms): the worker's own counts (learn-worker.js) and the page's copying
    // in of models, for the browser benchmark.
    this.timing = { worker: null, mirror: 0, models: 0 };
  }

  /** The worker learns `session` from now on (null: no UMDA run, the worker drops its run). */
  attach(session) {
    if (this.session) this.session.remote = null;
    if (this.opened) this.post({ type: 'close' });
    this.session = session;
    this.opened = false;
    this.epoch += 1;
    this.stepsOut = 0;
    this.settled = true;
    if (session) {
      session.remote = this;
      session.mirrored = null;
    }
  }

  /** The worker is started and given the run when it first has work (a rule may learn instead). */
  open() {
    if (this.opened) return;
    this.worker ??= this.startWorker();
    const s = this.session;
    const p = s.params();
    this.epoch += 1;
    this.post({ type: 'open', epoch: this.epoch, spec: s.info.game, mu: String(p.mu), gamma: String(p.gamma), engine: p.engine, seed: p.seed, expected: Boolean(s.expected) });
    this.opened = true;
  }

  startWorker() {
    const worker = new Worker(new URL('./learn-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = () => this.fail('The learner’s worker could not start; reload the page.');
    return worker;
  }

  post(message) {
    this.worker?.postMessage(message);
  }

  /** A setting the page's session accepted (`method` of GameSession, with its value). */
  send(method, value) {
    if (this.opened) this.post({ type: 'set', method, value });
  }

  /** Back to generation 0 with `seed`: anything the worker posts of the run before is dropped. */
  restart(seed) {
    this.epoch += 1;
    this.stepsOut = 0;
    this.settled = !this.opened;
    if (this.opened) this.post({ type: 'restart', epoch: this.epoch, seed });
  }

  /** Whether the run is working or owes the page a generation. */
  get busy() {
    return this.playing || this.stepsOut > 0;
  }

  /** The learner may run or must stop, at once (not at the next frame). */
  setPlaying(on) {
    if (on === this.playing) return;
    this.playing = on;
    if (!this.opened) return;
    this.settled = false;
    this.post({ type: 'playing', on });
  }

  /**
   * One frame: `speed` more generations while playing, `steps` asked for, and whether a model may
   * come (not while the graph draws the last one, and so a big graph is redrawn only so often).
   */
  tick({ playing, speed, steps }) {
    if (!this.session) return;
    this.open();
    this.playing = playing;
    this.stepsOut += steps;
    this.settled = false;
    const drawing = this.drawing();
    const model = !drawing.busy && performance.now() - this.lastModel >= DRAWS_PER_MODEL * drawing.ms;
    const spare = this.spare;
    this.spare = null;
    this.worker?.postMessage({ type: 'tick', playing, speed, steps, model, spare }, spare ? [spare.model.buffer, spare.mass.buffer] : []);
  }

  receive(msg) {
    if (msg.type === 'error') {
      if (msg.epoch === undefined || msg.epoch === this.epoch) this.fail(msg.message);
      return;
    }
    if (msg.epoch !== this.epoch || !this.session) return;
    const last = msg.progresses.at(-1) ?? msg.current;
    const t0 = performance.now();
    this.session.mirror({ progress: last, inProgress: msg.inProgress, model: msg.model, mass: msg.mass });
    this.timing.worker = msg.timing;
    if (msg.model) {
      this.timing.mirror += performance.now() - t0;
      this.timing.models += 1;
    }
    this.stepsOut = Math.max(0, this.stepsOut - msg.stepsDone);
    this.settled = !msg.busy && !this.busy;
    if (msg.progresses.length > 0) this.onGenerations(msg.progresses);
    if (msg.current) this.onState();
    if (msg.model) {
      this.spare = { model: msg.model, mass: msg.mass };
      this.lastModel = performance.now();
      this.onModel();
    }
  }

  /** The worker cannot go on: the page's own session learns from generation 0 (the frame loop's slices). */
  fail(message) {
    this.worker?.terminate();
    this.worker = null;
    this.opened = false;
    this.attach(null);
    this.onError(message);
  }
}
