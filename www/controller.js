// The controller: the only module that wires state, core and views together. It owns the game
// session and the page's values (mirrored in the address); the frame loop (scheduler.js), the
// controls, the hover card and sharing are modules of their own that it connects.

import { CardView } from './card-view.js';
import { ControlsView } from './controls-view.js';
import { messageOf } from './core.js';
import { EDGE_BUDGET } from './graph-view.js';
import { ExperimentView } from './experiment-view.js';
import { count, renderFacts, renderStats, renderSummary, renderTable } from './panels.js';
import { DuelMode } from './duel-mode.js';
import { LearnerChoice, openLinked, openSession, prepareCyclic } from './learners.js';
import { renderNimSum } from './nim-sum-view.js';
import { PlayMode } from './play-mode.js';
import { RulesMode } from './rules-mode.js';
import { RunSettings, applySettings } from './run-settings.js';
import { Scheduler } from './scheduler.js';
import { Share } from './share.js';
import { MODES, parseHash } from './state.js';

const $ = (id) => document.getElementById(id);

/** The positions table lists at most this many rows. */
export const TABLE_LIMIT = 2000;

export class Controller {
  constructor({ graphView, chartView, notices }) {
    this.graph = graphView;
    this.chart = chartView;
    this.notices = notices;
    this.session = null;
    this.page = null;
    this.card = new CardView($('hover-card'));
    this.share = new Share();
    this.play = new PlayMode({
      onChange: (game) => this.gameChanged(game),
      onOptions: (options) => {
        // While a rule learns, the link's `opponent` is the rule's: play mode's stays unwritten.
        const { opponent, ...rest } = options;
        Object.assign(this.page, this.rules.active ? rest : options);
        this.updateUrl();
      },
    });
    this.rules = new RulesMode({ graph: graphView, card: this.card });
    this.duel = new DuelMode({ onChange: (duel) => this.duelChanged(duel) });
    // The controls call the run's settings (run-settings.js) and this controller's run controls.
    this.settings = new RunSettings(this);
    this.controls = new ControlsView(this.settings.actions());
    this.learners = new LearnerChoice(this);
    this.experiment = new ExperimentView(this);
    this.scheduler = new Scheduler({
      draw: () => {
        this.rules.flush();
        return this.graph.draw();
      },
      drawAfter: () => this.chart.draw(),
      onGeneration: () => this.recordGeneration(),
      status: $('run-status'),
      onSummary: () => this.describeCanvas(),
    });
  }

  // Whether the run plays; the chart's history (tests read it); frame costs (the benchmark's).
  get playing() { return this.scheduler.playing; }
  get points() { return this.chart.points; }
  get frameTimes() { return this.scheduler.frameTimes; }

  // --- Opening a game -------------------------------------------------------------------------

  /** Restores everything from the address; bad parts become notices and defaults. */
  openFromHash() {
    const { spec, page, notices } = parseHash(location.hash);
    this.install(openLinked(spec, notices), page, notices);
    this.setPlaying(page.paused !== '1');
    this.notices.show(notices);
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
    // The board's position belonged to the old game: the new one starts at its start.
    this.install(session, { ...this.page, at: '' }, notices);
    this.notices.show(notices);
    return null;
  }

  install(session, page, notices) {
    this.session?.free();
    this.session = session;
    this.page = page;
    prepareCyclic(session, page, notices);
    const params = applySettings(session, page, notices);
    this.scheduler.session = session;
    this.scheduler.speed = Number(page.speed);
    this.scheduler.clear();
    renderFacts(session.info);
    renderNimSum(session.cyclic ? null : session.nimSum(session.info.root));
    renderTable(session.rows(TABLE_LIMIT), session.n, TABLE_LIMIT);
    this.card.setSession(session);
    // The old game's rule run goes first: its strategy belongs to the old graph.
    this.rules.stop();
    this.graph.setSession(session);
    if (!session.cyclic) {
      this.controls.configure(session.info);
      this.restartHistory();
      this.play.setSession(session, page, notices);
      this.duel.setSession(session, page, notices);
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
  }

  // --- Modes --------------------------------------------------------------------------------------

  /**
   * `learn` (watch UMDA), `play` (play the game on the board) or `duel` (strategy against
   * strategy); the run is not touched.
   */
  setMode(mode) {
    this.page.mode = mode;
    for (const m of MODES) $(`mode-${m}`).setAttribute('aria-pressed', String(m === mode));
    // A graph with cycles has no play or strategies mode (their setSession was not called).
    if (this.session.cyclic) {
      $('play-panel').hidden = true;
      return this.updateUrl();
    }
    this.play.setActive(mode === 'play');
    this.duel.setActive(mode === 'duel');
    this.updateUrl();
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
    this.updateUrl();
  }

  /** A position hovered or tapped on the graph: the card shows it; a tap in play mode, the board. */
  pick(id, at) {
    this.card.pick(id, at);
    if (at.sticky && this.page.mode === 'play') this.play.showPreview(id ?? -1);
    this.graph.dirty = true;
  }

  /** The game in play mode has changed: the address keeps its position, the graph its path. */
  gameChanged({ at, path, active }) {
    this.page.at = at;
    renderNimSum(this.session.nimSum(active ? path.at(-1) : this.session.info.root));
    // Out of play mode, a rule's last play keeps the graph's path.
    if (active || !this.rules.active) this.graph.setMarks(active ? { current: path.at(-1), path } : null);
    this.updateUrl();
  }

  /** The strategies mode's play has changed: the address keeps x and y, the graph the play shown. */
  duelChanged({ x, y, path, current, active }) {
    this.page.x = x;
    this.page.y = y;
    if (active) this.graph.setMarks({ current, path });
    this.updateUrl();
  }

  // --- Run controls -----------------------------------------------------------------------------

  setPlaying(on) {
    this.scheduler.playing = on;
    this.controls.showPlaying(on);
    this.page.paused = on ? '0' : '1';
    this.updateUrl();
  }

  togglePlay() {
    this.setPlaying(!this.playing);
  }

  step() {
    if (this.playing) this.setPlaying(false);
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

  /** After each finished generation (and at generation 0 of a run): chart, stats, card. */
  recordGeneration() {
    // A rule's play is shown by the frame loop (RulesMode.flush), once per frame.
    if (this.rules?.active) return;
    const progress = this.session.progress();
    this.chart.push(progress);
    this.renderStats(progress);
    this.card.generationDone(progress.generation);
    this.graph.dirty = true;
  }

  restartHistory() {
    this.chart.clear();
    this.recordGeneration();
  }

  renderStats(progress = this.session?.cyclic ? null : this.session?.progress()) {
    if (!progress) return;
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
