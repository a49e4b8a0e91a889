// The frame loop: once a frame, tells UMDA's worker (learn-remote.js) another frame has gone by,
// or runs a rule's learner in slices so that every frame stays within its budget, then draws.
// It learns how much work fits in a millisecond and leaves the last drawing's cost to the
// drawing. It knows the session and its callbacks, not the page.

import { count } from './panels.js';

/**
 * A frame's budget (ms) for UMDA plus drawing: UMDA gets what the last drawing left of it, at
 * least MIN_WORK_MS (so big graphs still progress) and at most MAX_WORK_MS.
 */
const FRAME_MS = 13;
const MIN_WORK_MS = 2;
const MAX_WORK_MS = 10;

export class Scheduler {
  /**
   * `draw()` draws the costly part (true when it did draw: that cost is measured), `drawAfter()`
   * the rest; `onGeneration()` follows each finished generation; `status` (an element) says how
   * far a long generation has got; `onSummary()` comes twice a second.
   */
  constructor({ draw, drawAfter, onGeneration, status, onSummary }) {
    Object.assign(this, { draw, drawAfter, onGeneration, status, onSummary });
    this.learner = null;
    this.speed = 1; // generations per frame while playing
    this.running = false;
    this.pendingSteps = 0;
    this.credit = 0;
    this.unitsPerMs = 20_000;
    this.drawMs = 4;
    this.frameTimes = []; // ms of work + drawing per frame while running (for the benchmark)
    this.lastSummary = 0;
    this.statusShown = 0;
    this.loop = this.loop.bind(this);
    requestAnimationFrame(this.loop);
  }

  /** The session the loop drives: a GameSession (its worker's run) or a rule's learner. */
  get session() {
    return this.learner;
  }

  set session(learner) {
    // A worker's run left behind stops at once.
    if (learner !== this.learner) this.learner?.remote?.setPlaying(false);
    this.learner = learner;
  }

  /** Whether the learner plays; a worker's run stops at once, not at the next frame. */
  get playing() {
    return this.running;
  }

  set playing(on) {
    this.running = on;
    if (!on) this.learner?.remote?.setPlaying(false);
  }

  /** Forgets steps asked for and the credit towards the next generation (a new run or speed). */
  clear() {
    this.pendingSteps = 0;
    this.credit = 0;
  }

  /** One more generation, computed in slices (so a huge μ never freezes the page). */
  step() {
    this.pendingSteps += 1;
  }

  loop(now) {
    requestAnimationFrame(this.loop);
    if (!this.session) return;
    const start = performance.now();
    const remote = this.session.remote;
    const ran = this.playing || this.pendingSteps > 0 || Boolean(remote?.busy);
    if (remote) {
      if (ran) {
        remote.tick({ playing: this.playing, speed: this.speed, steps: this.pendingSteps });
        this.pendingSteps = 0;
        this.showProgress();
      }
    } else if (ran) {
      // The last drawing's cost is left for drawing (its rasterising lands in the next frames).
      this.work(start, Math.min(MAX_WORK_MS, Math.max(MIN_WORK_MS, FRAME_MS - this.drawMs)));
    }
    const drawStart = performance.now();
    if (this.draw()) this.drawMs = 0.8 * this.drawMs + 0.2 * (performance.now() - drawStart);
    this.drawAfter();
    if (ran) this.frameTimes.push(performance.now() - start);
    if (this.frameTimes.length > 2000) this.frameTimes.splice(0, 1000);
    if (now - this.lastSummary > 500) {
      this.lastSummary = now;
      this.onSummary();
    }
  }

  /**
   * Up to `speed` generations (or the pending steps) within `budgetMs`. Below 1 generation per
   * frame, credit accumulates until a whole generation is due.
   */
  work(start, budgetMs) {
    const session = this.session;
    let wanted = this.pendingSteps;
    if (this.playing) {
      this.credit = Math.min(this.credit + this.speed, this.speed + 1);
      wanted = Math.floor(this.credit);
      if (wanted === 0 && !session.inProgress()) return;
      wanted = Math.max(wanted, 1);
    }
    let done = 0;
    while (done < wanted) {
      const left = budgetMs - (performance.now() - start);
      if (left <= 0) break;
      const units = Math.min(5e7, Math.max(500, this.unitsPerMs * left));
      const t0 = performance.now();
      const finished = session.work(units);
      const dt = performance.now() - t0;
      if (dt > 0.05) this.unitsPerMs = Math.max(50, 0.7 * this.unitsPerMs + 0.3 * Math.min(units / dt, 1e8));
      if (!finished) continue;
      done += 1;
      if (this.playing) this.credit = Math.max(0, this.credit - 1);
      else this.pendingSteps -= 1;
      this.onGeneration();
    }
    this.showProgress();
  }

  /**
   * A long generation says how far it is, four times a second (each text change costs a page
   * layout, so not every frame).
   */
  showProgress() {
    const session = this.session;
    const now = performance.now();
    const under = session.inProgress();
    if (!under) this.setStatus('');
    else if (now - this.statusShown > 250) {
      this.statusShown = now;
      this.setStatus(
        `Generation ${count(session.generation() + 1)} under way: ${count(under.played)} of ${count(under.mu)} games played` +
          (under.mu !== under.nextMu ? ` (μ = ${count(under.nextMu)} from the next generation).` : '.'),
      );
    }
  }

  /** Sets the status text only when it changes (a change costs a layout). */
  setStatus(text) {
    if (this.status.textContent !== text) this.status.textContent = text;
  }
}
