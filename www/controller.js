// The controller: the only module that wires state, core and views together. It owns the game
// session and the page's values (mirrored in the address); the frame loop (scheduler.js), the
// controls, the hover card and sharing are modules of their own that it connects.

import { CardView, reserveTop } from './card-view.js';
import { ControlsView } from './controls-view.js';
import { messageOf } from './core.js';
import { DrawMode } from './draw-mode.js';
import { EDGE_BUDGET } from './graph-view.js';
import { ExperimentView } from './experiment-view.js';
import { count, renderFacts, renderStats, renderSummary, renderTable } from './panels.js';
import { KnownValues } from './known.js';
import { RemoteRun } from './learn-remote.js';
import { DEFAULT_INSTEAD, LearnerChoice, openLinked, openSession, prepareCyclic } from './learners.js';
import { Modes } from './modes.js';
import { renderNimSum } from './nim-sum-view.js';
import { RulesMode } from './rules-mode.js';
import { RunSettings, applySettings } from './run-settings.js';
import { Scheduler } from './scheduler.js';
import { Share } from './share.js';
import { modeOf, parseHash } from './state.js';

const $ = (id) => document.getElementById(id);

/** The positions table lists at most this many rows. */
export const TABLE_LIMIT = 2000;
/**
 * While a worker's generations stream in, the stats row is written at most once per this many
 * ms (each write costs the page a layout, every frame on a small game); at once when it stops.
 */
const STATS_MS = 50;

export class Controller {
  constructor({ graphView, chartView, notices }) {
    this.graph = graphView;
    this.chart = chartView;
    this.notices = notices;
    this.session = null;
    this.page = null;
    this.card = new CardView($('hover-card'));
    // The hover card keeps off the graph's legend (presentation mode).
    reserveTop(() => graphView.legendSpace());
    this.share = new Share();
    this.rules = new RulesMode({ graph: graphView, card: this.card });
    // Play, strategies and step by step (modes.js).
    this.modes = new Modes(this);
    // The controls call the run's settings (run-settings.js) and this controller's run controls.
    this.settings = new RunSettings(this);
    this.controls = new ControlsView(this.settings.actions());
    this.learners = new LearnerChoice(this);
    this.experiment = new ExperimentView(this);
    this.draw = new DrawMode(this);
    this.known = new KnownValues();
    this.openings = 0;
    // The worker's last stats not yet written, and when they were last written.
    this.pendingStats = null;
    this.statsAt = -Infinity;
    this.scheduler = new Scheduler({
      draw: () => {
        this.rules.flush();
        return this.graph.draw();
      },
      drawAfter: () => {
        this.flushStats();
        this.chart.draw();
      },
      onGeneration: () => this.recordGeneration(),
      status: $('run-status'),
      onSummary: () => this.describeCanvas(),
    });
    // UMDA learns in a worker; the page draws what it posts.
    this.remote = new RemoteRun({
      onGenerations: (progresses) => this.recordGenerations(progresses),
      onModel: () => {
        this.graph.dirty = true;
        this.card.generationDone(this.session.generation());
      },
      onState: () => this.renderStats(),
      onError: (message) => {
        this.notices.show([message]);
        this.reset();
      },
      // A model is asked for only once the last one is drawn, and so seldom that drawing stays a
      // small share of the page's time.
      drawing: () => ({ busy: this.graph.building, ms: this.graph.pictureMs }),
    });
  }

  // Whether the run plays; the chart's history (tests read it); frame costs (the benchmark's).
  get playing() { return this.scheduler.playing; }
  get points() { return this.chart.points; }
  get frameTimes() { return this.scheduler.frameTimes; }
  // The modes (tests read play mode's history and moves).
  get play() { return this.modes.play; }
  get steps() { return this.modes.steps; }

  // --- Opening a game -------------------------------------------------------------------------

  /** Restores everything from the address; bad parts become notices and defaults. */
  openFromHash() {
    const { spec, page, notices } = parseHash(location.hash);
    const opening = ++this.openings;
    let tooLarge = null;
    this.known.cancel();
    this.install(openLinked(spec, notices, (wanted) => (tooLarge = wanted)), page, notices);
    this.setPlaying(page.paused !== '1');
    this.notices.show(notices);
    if (tooLarge !== null) this.tellKnown(tooLarge, opening, notices);
    // A step-by-step link naming a heap of the Grundy strip, with no position revealed by the
    // stepper above the graph, is about the strip (teaching.md, lesson 2): it opens scrolled to
    // the strip and its stepper, under the graph, unless a notice at the top has something to
    // say. <body>'s data-scrolled is `strip` once it has.
    delete document.body.dataset.scrolled;
    const { mode, strip, step, order } = this.page;
    if (mode === 'steps' && strip !== '' && step === '0' && order === '' && notices.length === 0) {
      requestAnimationFrame(() => {
        // Not if another game or mode (a tab pressed while the core loaded) came first.
        if (opening !== this.openings || this.page.mode !== 'steps') return;
        $('grundy-strip').scrollIntoView({ block: 'start' });
        document.body.dataset.scrolled = 'strip';
      });
    }
  }

  /**
   * Adds what theory knows of a link's game too large to draw to the notice saying it cannot be
   * shown, when the worker has it and the page still shows that notice. <body>'s data-known is
   * `pending` meanwhile, then `done`.
   */
  tellKnown(spec, opening, notices) {
    document.body.dataset.known = 'pending';
    this.known.ask(spec).then((known) => {
      if (known === undefined || opening !== this.openings) return;
      document.body.dataset.known = 'done';
      if (!known || $('notice').hidden) return;
      notices[0] = notices[0].replace(DEFAULT_INSTEAD, `${known.sentence} ${DEFAULT_INSTEAD}`);
      this.notices.show(notices);
    });
  }

  /** Builds a game typed in the form; returns an error message (kept beside the field) or null. */
  build(spec) {
    let session;
    try {
      session = openSession(spec);
    } catch (err) {
      return messageOf(err);
    }
    const notices = [];
    this.openings += 1; // a link's late notice is not shown over this game's
    // The board's position and the values revealed belonged to the old game: the new one starts afresh.
    this.install(session, { ...this.page, at: '', step: '0', order: '', strip: '', played: '', quiz: '', puzzles: '' }, notices);
    this.notices.show(notices);
    return null;
  }

  install(session, page, notices) {
    this.session?.free();
    this.session = session;
    this.page = page;
    prepareCyclic(session, page, notices);
    const params = applySettings(session, page, notices);
    this.remote.attach(session.cyclic ? null : session);
    this.scheduler.session = session;
    this.scheduler.speed = Number(page.speed);
    this.scheduler.clear();
    renderFacts(session.info, () => session.view(session.info.root));
    renderNimSum(session.cyclic ? null : session.nimSum(session.info.root));
    renderTable(session.rows(TABLE_LIMIT), session.n, TABLE_LIMIT);
    this.card.setSession(session);
    // The old game's rule run goes first: its strategy belongs to the old graph.
    this.rules.stop();
    this.graph.setSession(session);
    if (!session.cyclic) {
      this.controls.configure(session.info);
      this.restartHistory();
      this.modes.setSession(session, page, notices);
    }
    this.controls.show(params, page);
    this.experiment.setSession(session, page, notices);
    this.learners.start(notices);
    this.setMode(page.mode);
    this.setPresent(page.present === '1');
    // The text summary names this game at once (the frame loop refreshes it twice a second).
    this.describeCanvas();
    this.updateUrl();
    $('edge-mode').textContent =
      session.m > EDGE_BUDGET ? `This game has ${count(session.m)} moves: each position shows only its most likely move.` : '';
    this.draw.sessionChanged(session);
  }

  // --- Modes --------------------------------------------------------------------------------------

  /**
   * `learn` (watch UMDA), `play` (play the game on the board), `duel` (strategy against
   * strategy) or `steps` (Grundy values step by step); the run is not touched.
   */
  setMode(mode) {
    this.modes.setMode(mode);
    // The learner runs only in its own mode: elsewhere it stands still (its chart and model
    // as they were) and goes on from there when its mode comes back, unless it was paused.
    this.applyPlaying();
    this.updateUrl();
  }

  /** Whether the current mode shows the learner (its run, stats and chart). */
  get learnerShown() {
    return modeOf(this.page.mode).learner;
  }

  /**
   * Presentation mode for a projector: the graph and the board large, fonts that scale with the
   * screen, a legend on the graph, the game form put away (the run's controls stay beside).
   */
  setPresent(on) {
    this.page.present = on ? '1' : '0';
    document.body.dataset.present = String(on);
    $('present').setAttribute('aria-pressed', String(on));
    this.graph.setPresentation(on);
    // The chart's canvas changes height with the type size.
    this.chart.restyle();
    this.updateUrl();
  }

  /** A position hovered or tapped on the graph: the card shows it; a tap in play mode, the board. */
  pick(id, at) {
    this.card.pick(id, at);
    if (at.sticky && this.page.mode === 'play') this.play.showPreview(id ?? -1);
    // Step by step: a click on a position computes it next, when its followers are known.
    if (at.sticky && this.page.mode === 'steps' && id !== null) this.steps.choose(id);
    // Your turn to compute: a tapped position is the one to compute next, when it can be.
    if (at.sticky && this.page.mode === 'quiz' && id != null) this.modes.quiz.ask(id);
    this.graph.hoverChanged();
  }

  // --- Run controls -----------------------------------------------------------------------------

  /** Play or pause the learner (in its own mode it runs at once, elsewhere when it comes back). */
  setPlaying(on) {
    this.page.paused = on ? '0' : '1';
    this.controls.showPlaying(on);
    this.applyPlaying();
    this.updateUrl();
  }

  applyPlaying() {
    // While the student draws, the learner stands still (each edit starts a new game anyway).
    this.scheduler.playing = this.page.paused !== '1' && this.learnerShown && !this.draw?.on;
  }

  togglePlay() {
    this.setPlaying(this.page.paused === '1');
  }

  step() {
    if (this.page.paused !== '1') this.setPlaying(false);
    this.scheduler.step();
  }

  reset() {
    if (!this.session.cyclic) this.session.reset();
    if (this.rules.active) this.rules.reset();
    this.afterReset();
  }

  afterReset() {
    this.scheduler.clear();
    this.restartHistory();
    this.graph.dirty = true;
  }

  /**
   * At generation 0 of a run, and after each generation the page's own run finished (only when
   * the worker could not start): chart, stats, card.
   */
  recordGeneration() {
    // A rule's play is shown by the frame loop (RulesMode.flush), once per frame; the chart
    // takes its counts after every play.
    if (this.rules?.active) {
      this.chart.pushPlay(this.rules.last?.counts ?? this.rules.run.counts());
      return;
    }
    const progress = this.session.progress();
    this.chart.push(progress);
    this.renderStats(progress);
    this.card.generationDone(progress.generation);
    this.graph.dirty = true;
  }

  /**
   * The generations UMDA's worker finished since its last message: every one on the chart, the
   * stats of the last (the graph and the card follow the worker's model: `onModel`).
   */
  recordGenerations(progresses) {
    if (this.rules?.active) return;
    for (const progress of progresses) this.chart.push(progress);
    this.pendingStats = progresses.at(-1);
    this.flushStats(this.remote.settled);
  }

  /** The stats of the last generations the worker sent, when due (or `now`). */
  flushStats(now = false) {
    if (this.pendingStats && (now || performance.now() - this.statsAt >= STATS_MS)) this.renderStats(this.pendingStats);
  }

  restartHistory() {
    this.chart.clear();
    this.recordGeneration();
  }

  renderStats(progress = this.session?.cyclic ? null : this.session?.progress()) {
    if (!progress) return;
    this.pendingStats = null;
    this.statsAt = performance.now();
    this.latest = progress;
    renderStats(progress, this.session.info);
  }

  updateUrl() {
    if (this.session) this.share.write(this.session.info.game, this.page);
  }

  describeCanvas() {
    renderSummary($('graph'), this.session.info, this.latest);
  }

  /** For tests and the browser benchmark. */
  snapshot() {
    return { ...this.latest, playing: this.playing, frameTimes: [...this.frameTimes] };
  }
}
