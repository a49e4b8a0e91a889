// The learner's worker (a module worker): runs the page's UMDA run (Benford & Lehre Algorithm 1,
// the core's Session) off the page's thread, so that frames never wait for a generation. The
// page (learn-remote.js) owns the run's settings; this worker only steps the run and reports.
//
// Messages in:
//   { type: 'open', epoch, spec, mu, gamma, engine, seed, expected }  a new run at generation 0
//   { type: 'set', method, value }       setMu, setGamma, setEngine or setExpected, as GameSession
//   { type: 'restart', epoch, seed }     back to generation 0 with this seed (acknowledged)
//   { type: 'tick', playing, speed, steps, model, spare? }  one per frame while the learner runs:
//                                        another frame's worth of generations (`speed` per frame),
//                                        steps asked for, whether the page can draw a new model now,
//                                        and the arrays of a model the page has copied in (transferred
//                                        back, to be filled again instead of allocating 8 bytes a move)
//   { type: 'playing', on }              the learner stops (or may run) at once (acknowledged)
//   { type: 'close' }                    the run is dropped
// Out: { type: 'state', epoch, progresses, inProgress, stepsDone, busy, model?, mass? }: at most
// one per tick received (so at most once a frame), and one when the run falls idle; the model
// (flat arrays, transferred) only when it changed and the page asked for it or the run is idle.
// Each finished generation's progress goes to the chart; only the last one's carries the model's
// hash, and only when the run falls idle or the hash's cost stays a small share of the work.
// { type: 'error', message } when the run cannot go on.

import { GameSession, loadCore, messageOf } from './core.js';

/** A slice of work between looks at the messages (ms). */
const SLICE_MS = 8;
/**
 * While the run works, the model is hashed (one pass over every byte of p: 25 ms at 10⁵
 * positions) at most once per this many hashing costs, so that hashing takes at most a
 * twentieth of the worker's time; an idle run's last generation is always hashed.
 */
const HASHES_APART = 20;

let session = null;
let epoch = 0;
let playing = false;
let speed = 1;
let credit = 0;
let steps = 0;
let stepsDone = 0;
let wantModel = false;
let modelStale = false;
let replyDue = false;
let progresses = [];
let unitsPerMs = 20_000;
let scheduled = false;
// The last finished generation's hash has not been sent; when and at what cost the last was made.
let hashOwed = false;
let hashedAt = -Infinity;
let hashMs = 0;
// A model's arrays the page has copied in and sent back (filled again for the next model).
let spare = null;
// Where the worker's time went (ms, since the worker started; sent with every state message, so
// that the browser benchmark can tell the engine's work from the reports around it).
const timing = { work: 0, stats: 0, hash: 0, model: 0, post: 0 };

// Slices are chained through a MessageChannel: a zero-delay setTimeout is clamped to 4 ms once
// nested, which would idle the worker a third of the time.
const channel = new MessageChannel();
channel.port1.onmessage = () => pump();
const schedule = () => {
  if (scheduled || !wantsWork()) return;
  scheduled = true;
  channel.port2.postMessage(null);
};

const loaded = loadCore();
// Set before the core has loaded (nothing above waits), or messages sent meanwhile are lost;
// `then` on one promise runs in the order registered, so they are handled in order.
self.onmessage = (event) => {
  loaded.then(
    () => handle(event.data),
    () => self.postMessage({ type: 'error', message: 'Could not load the WebAssembly core in the learner’s worker; reload the page.' }),
  );
};

function handle(msg) {
  try {
    receive(msg);
  } catch (err) {
    session?.free();
    session = null;
    self.postMessage({ type: 'error', epoch, message: messageOf(err) });
    return;
  }
  schedule();
}

function receive(msg) {
  switch (msg.type) {
    case 'open':
      session?.free();
      session = new GameSession(msg.spec);
      session.setMu(msg.mu);
      session.setGamma(msg.gamma);
      session.setEngine(msg.engine);
      session.reseed(msg.seed);
      session.setExpected(msg.expected);
      restart(msg.epoch);
      break;
    case 'set':
      if (!session) return;
      session[msg.method](msg.value);
      // The expected curve's Π is in the stats: the page gets it even while paused.
      if (msg.method === 'setExpected') {
        replyDue = true;
        if (!wantsWork()) reply(session.progress());
      }
      break;
    case 'restart':
      if (!session) return;
      session.reseed(msg.seed);
      restart(msg.epoch);
      reply();
      break;
    case 'tick':
      if (!session) return;
      if (msg.speed !== speed) credit = 0;
      speed = msg.speed;
      playing = msg.playing;
      if (playing) credit = Math.min(credit + speed, speed + 1);
      steps += msg.steps;
      wantModel ||= msg.model;
      if (msg.spare) spare = msg.spare;
      replyDue = true;
      if (!wantsWork()) reply();
      break;
    case 'playing':
      playing = msg.on;
      if (!playing) credit = 0;
      // Acknowledged, so the page knows when the run has stopped (and has its last model).
      replyDue = true;
      if (!wantsWork()) reply();
      break;
    case 'close':
      session?.free();
      session = null;
      break;
    default:
  }
}

function restart(newEpoch) {
  epoch = newEpoch;
  credit = 0;
  steps = 0;
  stepsDone = 0;
  progresses = [];
  modelStale = false;
  wantModel = false;
  hashOwed = false;
}

/** Playing: generations while credit lasts (a generation under way is finished); paused: steps. */
function wantsWork() {
  if (!session) return false;
  if (playing) return credit >= 1 || session.inProgress() !== null;
  return steps > 0;
}

/** Works for a slice, then reports if a tick asked for it or the run fell idle. */
function pump() {
  scheduled = false;
  if (!wantsWork()) return;
  const start = performance.now();
  while (wantsWork()) {
    const left = SLICE_MS - (performance.now() - start);
    if (left <= 0) break;
    const units = Math.min(5e7, Math.max(500, unitsPerMs * left));
    const t0 = performance.now();
    const finished = session.work(units);
    const dt = performance.now() - t0;
    timing.work += dt;
    if (dt > 0.05) unitsPerMs = Math.max(50, 0.7 * unitsPerMs + 0.3 * Math.min(units / dt, 1e8));
    if (finished) finishedOne();
  }
  if (replyDue || !wantsWork()) reply();
  schedule();
}

function finishedOne() {
  const t0 = performance.now();
  progresses.push(session.progressUnhashed());
  timing.stats += performance.now() - t0;
  hashOwed = true;
  modelStale = true;
  if (playing) credit = Math.max(0, credit - 1);
  else if (steps > 0) {
    steps -= 1;
    stepsDone += 1;
  }
}

/**
 * One state message; the model goes with it when it changed and is wanted (or the run is idle),
 * and the last generation's hash when it is due. The fast engine rewrites p position by position
 * once a generation's games are played, so a model is never sent nor hashed from the middle of
 * that pass: the pass is finished first (its result does not depend on where it was cut, and it
 * is short beside the games).
 */
function reply(current = null) {
  let busy = wantsWork();
  const modelDue = () => modelStale && (wantModel || !busy);
  const hashDue = () => hashOwed && (!busy || performance.now() - hashedAt >= HASHES_APART * hashMs);
  const under = session.inProgress();
  if ((modelDue() || hashDue()) && under && under.played === under.mu) {
    const t0 = performance.now();
    while (!session.work(1e9));
    timing.work += performance.now() - t0;
    finishedOne();
    busy = wantsWork();
  }
  if (hashDue()) {
    const start = performance.now();
    const hashed = session.progress();
    hashedAt = performance.now();
    hashMs = hashedAt - start;
    timing.hash += hashMs;
    if (progresses.length > 0) progresses[progresses.length - 1] = hashed;
    else current = hashed;
    hashOwed = false;
  }
  const message = {
    type: 'state',
    epoch,
    progresses,
    current,
    inProgress: session.inProgress(),
    stepsDone,
    busy,
  };
  const transfer = [];
  const t0 = performance.now();
  if (modelDue()) {
    const v = session.views();
    const reuse = spare?.model.length === v.model.length && spare.mass.length === v.mass.length;
    message.model = reuse ? spare.model : new Float64Array(v.model.length);
    message.mass = reuse ? spare.mass : new Float32Array(v.mass.length);
    message.model.set(v.model);
    message.mass.set(v.mass);
    spare = null;
    transfer.push(message.model.buffer, message.mass.buffer);
    modelStale = false;
    wantModel = false;
  }
  const t1 = performance.now();
  timing.model += t1 - t0;
  message.timing = timing;
  self.postMessage(message, transfer);
  timing.post += performance.now() - t1;
  progresses = [];
  stepsDone = 0;
  replyDue = false;
}
