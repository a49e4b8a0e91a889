// The learner's worker (a module worker): runs the page's UMDA run (Benford & Lehre Algorithm 1,
// the core's Session) off the page's thread, so that frames never wait for a generation. The
// page (learn-remote.js) owns the run's settings; this worker only steps the run and reports.
//
// Messages in:
//   { type: 'open', epoch, spec, mu, gamma, engine, seed, expected }  a new run at generation 0
//   { type: 'set', method, value }       setMu, setGamma, setEngine or setExpected, as GameSession
//   { type: 'restart', epoch, seed }     back to generation 0 with this seed (acknowledged)
//   { type: 'tick', playing, speed, steps, model }  one per frame while the learner runs: another
//                                        frame's worth of generations (`speed` per frame), steps asked
//                                        for, and whether the page can draw a new model now
//   { type: 'playing', on }              the learner stops (or may run) at once (acknowledged)
//   { type: 'close' }                    the run is dropped
// Out: { type: 'state', epoch, progresses, inProgress, stepsDone, busy, model?, mass? }: at most
// one per tick received (so at most once a frame), and one when the run falls idle; the model
// (flat arrays, transferred) only when it changed and the page asked for it or the run is idle.
// { type: 'error', message } when the run cannot go on.

import { GameSession, loadCore, messageOf } from './core.js';

/** A slice of work between looks at the messages (ms). */
const SLICE_MS = 8;

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
    if (dt > 0.05) unitsPerMs = Math.max(50, 0.7 * unitsPerMs + 0.3 * Math.min(units / dt, 1e8));
    if (finished) finishedOne();
  }
  if (replyDue || !wantsWork()) reply();
  schedule();
}

function finishedOne() {
  progresses.push(session.progress());
  modelStale = true;
  if (playing) credit = Math.max(0, credit - 1);
  else if (steps > 0) {
    steps -= 1;
    stepsDone += 1;
  }
}

/**
 * One state message; the model goes with it when it changed and is wanted (or the run is idle).
 * The fast engine rewrites p position by position once a generation's games are played, so a
 * model is never sent from the middle of that pass: the pass is finished first (its result does
 * not depend on where it was cut, and it is short beside the games).
 */
function reply(current = null) {
  let busy = wantsWork();
  const under = session.inProgress();
  if (modelStale && (wantModel || !busy) && under && under.played === under.mu) {
    while (!session.work(1e9));
    finishedOne();
    busy = wantsWork();
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
  if (modelStale && (wantModel || !busy)) {
    const v = session.views();
    message.model = v.model.slice();
    message.mass = v.mass.slice();
    transfer.push(message.model.buffer, message.mass.buffer);
    modelStale = false;
    wantModel = false;
  }
  self.postMessage(message, transfer);
  progresses = [];
  stepsDone = 0;
  replyDue = false;
}
