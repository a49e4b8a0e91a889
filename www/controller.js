// The controller: the only module that wires state, core and views together. It owns the game
// session and the page's values (mirrored in the address); the frame loop (scheduler.js), the
// controls, the hover card and sharing are modules of their own that it connects.

import { CardView } from './card-view.js';
import { ControlsView } from './controls-view.js';
import { GameSession, catalogue, messageOf, tooLargeButKnown } from './core.js';
import { EDGE_BUDGET } from './graph-view.js';
import { count, renderFacts, renderStats, renderSummary, renderTable } from './panels.js';
import { DuelMode } from './duel-mode.js';
import { renderNimSum } from './nim-sum-view.js';
import { PlayMode } from './play-mode.js';
import { RunSettings, applySettings } from './run-settings.js';
import { Scheduler } from './scheduler.js';
import { Share } from './share.js';
import { MODES, knownKeysOnly, parseHash } from './state.js';

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
        Object.assign(this.page, options);
        this.updateUrl();
      },
    });
    this.duel = new DuelMode({ onChange: (duel) => this.duelChanged(duel) });
    // The controls call the run's settings (run-settings.js) and this controller's run controls.
    this.settings = new RunSettings(this);
    this.controls = new ControlsView(this.settings.actions());
    this.scheduler = new Scheduler({
      draw: () => this.graph.draw(),
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
    // No game in the link: the first example, the page's default.
    const { families, presets } = catalogue();
    const wanted = knownKeysOnly(spec || presets[0].spec, notices, families);
    let session;
    try {
      session = new GameSession(wanted);
    } catch (err) {
      const known = tooLargeButKnown(wanted);
      notices.unshift(`The game in the link cannot be shown: ${messageOf(err)}${known ? ` ${known}` : ''} Showing the default game instead.`);
      session = new GameSession(presets[0].spec);
    }
    this.install(session, page, notices);
    this.setPlaying(page.paused !== '1');
    this.notices.show(notices);
  }

  /** Builds a game typed in the form; returns an error message (kept beside the field) or null. */
  build(spec) {
    let session;
    try {
      session = new GameSession(spec);
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
    const params = applySettings(session, page, notices);
    this.scheduler.session = session;
    this.scheduler.speed = Number(page.speed);
    this.scheduler.clear();
    renderFacts(session.info);
    renderNimSum(session.nimSum(session.info.root));
    renderTable(session.rows(TABLE_LIMIT), session.n, TABLE_LIMIT);
    this.card.setSession(session);
    this.graph.setSession(session);
    this.controls.configure(session.info);
    this.controls.show(params, page);
    this.restartHistory();
    this.play.setSession(session, page, notices);
    this.duel.setSession(session, page, notices);
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
    this.graph.setMarks(active ? { current: path.at(-1), path } : null);
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
    this.session.reset();
    this.afterReset();
  }

  newSeed() {
    const [seed] = crypto.getRandomValues(new Uint32Array(1));
    this.settings.setSeed(String(seed));
  }

  afterReset() {
    this.scheduler.clear();
    this.restartHistory();
    this.graph.dirty = true;
  }

  /** After each finished generation (and at generation 0 of a run): chart, stats, card. */
  recordGeneration() {
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

  renderStats(progress = this.session?.progress()) {
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
