// The controller: the only module that wires state, core and views together. It owns the game
// session and the page's values (mirrored in the address); the frame loop (scheduler.js), the
// controls, the hover card and sharing are modules of their own that it connects.

import { CardView, reserveTop } from './card-view.js';
import { ControlsView } from './controls-view.js';
import { messageOf } from './core.js';
import { DrawMode } from './draw-mode.js';
import { inParts } from './in-parts.js';
import { installParts } from './install.js';
import { KnownValues } from './known.js';
import { LessonBar } from './lesson-bar.js';
import { RemoteRun } from './learn-remote.js';
import { LearnerChoice, openLinked, openSession, tellKnown } from './learners.js';
import { Modes } from './modes.js';
import { reducedMotion } from './motion.js';
import { renderSummary } from './panels.js';
import { RulesMode } from './rules-mode.js';
import { RunRecord } from './run-record.js';
import { RunSettings } from './run-settings.js';
import { Scheduler } from './scheduler.js';
import { Share } from './share.js';
import { modeOf } from './modes/index.js';
import { formatHash, parseHash, perGameDefaults } from './state.js';

const $ = (id) => document.getElementById(id);

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
    this.lesson = new LessonBar(this);
    this.rules = new RulesMode({ graph: graphView, card: this.card });
    // Every mode's parts (www/modes/).
    this.modes = new Modes(this);
    // The controls call the run's settings (run-settings.js) and this controller's run controls.
    this.settings = new RunSettings(this);
    this.controls = new ControlsView(this.settings.actions());
    this.learners = new LearnerChoice(this);
    this.draw = new DrawMode(this);
    this.known = new KnownValues();
    this.openings = 0;
    this.record = new RunRecord(this);
    this.scheduler = new Scheduler({
      draw: () => {
        this.rules.flush();
        return this.graph.draw();
      },
      drawAfter: () => {
        this.record.flush();
        this.chart.draw();
      },
      onGeneration: () => this.record.generation(),
      status: $('run-status'),
      onSummary: () => this.describeCanvas(),
    });
    // UMDA learns in a worker; the page draws what it posts.
    this.remote = new RemoteRun({
      onGenerations: (progresses) => this.record.generations(progresses, this.remote.settled),
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

  /**
   * Restores everything from `hash` (the lesson's notices first); bad parts become notices and
   * defaults. `pause` (main.js's first opening): in parts, a task each (in-parts.js), a promise.
   */
  openFromHash(hash = location.hash, before = [], pause = null) {
    const { spec, page, notices } = parseHash(hash);
    notices.unshift(...before);
    const opening = ++this.openings;
    let tooLarge = null;
    let session = null;
    const parts = [
      () => {
        this.known.cancel();
        session = openLinked(spec, notices, (wanted) => (tooLarge = wanted));
      },
      ...installParts(this, () => session, page, notices),
      () => {
        this.setPlaying(page.paused !== '1' && !reducedMotion()); // reduced motion: it waits for Play
        this.notices.show(notices);
        if (tooLarge !== null) tellKnown(this, tooLarge, () => opening === this.openings, notices);
        // A new address opens at the top; the mode may scroll to what its link names, unless another game came first.
        delete document.body.dataset.scrolled;
        window.scrollTo(0, 0);
        this.modes.opened(notices, () => opening === this.openings);
      },
    ];
    // An address opened meanwhile supersedes the rest.
    return inParts(parts, pause, () => opening === this.openings);
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
    inParts(installParts(this, () => session, { ...this.page, ...perGameDefaults() }, notices));
    this.notices.show(notices);
    return null;
  }

  /** Shows mode `mode` (www/modes/); the run is not touched. */
  setMode(mode) {
    this.modes.setMode(mode);
    // The learner runs only in its own mode: elsewhere it stands still (its chart and model
    // as they were) and goes on from there when its mode comes back, unless it was paused.
    this.applyPlaying();
    this.updateUrl();
  }

  /** Whether the current mode shows the learner (its run, stats and chart). */
  get learnerShown() { return modeOf(this.page.mode).learner; }

  /** Presentation mode for a projector: the graph and the board large, fonts that scale with the
   *  screen, a legend on the graph, the game form put away (the run's controls stay beside). */
  setPresent(on) {
    this.page.present = on ? '1' : '0';
    document.body.dataset.present = String(on);
    $('present').setAttribute('aria-pressed', String(on));
    this.graph.setPresentation(on);
    // The chart's canvas changes height with the type size.
    this.chart.restyle();
    this.updateUrl();
  }

  /** A position hovered or tapped on the graph: the card shows it, and the mode may act on it. */
  pick(id, at) {
    this.card.pick(id, at);
    this.modes.pick(id, at);
    this.graph.hoverChanged();
  }

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
  // The run's record (run-record.js): the chart, the stats row and what tests read.
  restartHistory() { this.record.restart(); }
  renderStats(progress) { this.record.stats(progress); }
  get latest() { return this.record.latest; }

  updateUrl() {
    if (this.session) this.share.write(this.session.info.game, this.page, this.lesson.keys());
  }

  /** A mode's values changed: the page keeps them, and the address. */
  keep(values) {
    Object.assign(this.page, values);
    this.updateUrl();
  }

  /** The hash of game `spec` with the page's values and `changes` (a link to another game). */
  link(spec, changes) {
    return formatHash(spec, { ...this.page, ...changes });
  }

  describeCanvas() { // the learner's figures only in a mode where it runs (not an exercise)
    renderSummary($('graph'), this.session.info, modeOf(this.page.mode).learner ? this.latest : null);
  }

  /** For tests and the browser benchmark. */
  snapshot() {
    return { ...this.latest, playing: this.playing, frameTimes: [...this.frameTimes] };
  }
}
