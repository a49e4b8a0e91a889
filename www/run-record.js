// The learner's run as the page records it: each generation on the chart, the stats row of the
// last, the hover card's and the graph's refresh. Generations come one at a time from the page's
// own run (or a rule's plays), or in batches from UMDA's worker, whose stats row is written at
// most every STATS_MS. `host` is the controller (its session, rules, chart, card, graph).

import { renderStats } from './panels.js';

/**
 * While a worker's generations stream in, the stats row is written at most once per this many
 * ms (each write costs the page a layout, every frame on a small game); at once when it stops.
 */
const STATS_MS = 50;

export class RunRecord {
  constructor(host) {
    this.host = host;
    // The worker's last stats not yet written, and when they were last written.
    this.pending = null;
    this.writtenAt = -Infinity;
    /** The last generation's measures written (the canvas summary and the tests read them). */
    this.latest = null;
  }

  /**
   * At generation 0 of a run, and after each generation the page's own run finished (only when
   * the worker could not start): chart, stats, card.
   */
  generation() {
    const { host } = this;
    // A rule's play is shown by the frame loop (RulesMode.flush), once per frame; the chart
    // takes its counts after every play.
    if (host.rules?.active) {
      host.chart.pushPlay(host.rules.last?.counts ?? host.rules.run.counts());
      return;
    }
    const progress = host.session.progress();
    host.chart.push(progress);
    this.stats(progress);
    host.card.generationDone(progress.generation);
    host.graph.dirty = true;
  }

  /**
   * The generations UMDA's worker finished since its last message: every one on the chart, the
   * stats of the last (the graph and the card follow the worker's model).
   */
  generations(progresses, settled) {
    if (this.host.rules?.active) return;
    for (const progress of progresses) this.host.chart.push(progress);
    this.pending = progresses.at(-1);
    this.flush(settled);
  }

  /** The stats of the last generations the worker sent, when due (or `now`). */
  flush(now = false) {
    if (this.pending && (now || performance.now() - this.writtenAt >= STATS_MS)) this.stats(this.pending);
  }

  /** The chart afresh, from the run's generation 0. */
  restart() {
    this.host.chart.clear();
    this.generation();
  }

  /** The stats row of `progress` (by default the run's own now). */
  stats(progress = this.host.session?.cyclic ? null : this.host.session?.progress()) {
    if (!progress) return;
    this.pending = null;
    this.writtenAt = performance.now();
    this.latest = progress;
    renderStats(progress, this.host.session.info);
  }
}
