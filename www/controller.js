// The controller: the only module that wires state, core and views together. It owns the game
// session and the page's values (mirrored in the address); the frame loop (scheduler.js), the
// controls, the hover card and sharing are modules of their own that it connects.

import { CardView } from './card-view.js';
import { ControlsView } from './controls-view.js';
import { GameSession, LoopyGameSession, catalogue, hasCycle, messageOf, tooLargeButKnown } from './core.js';
import { EDGE_BUDGET } from './graph-view.js';
import { count, renderFacts, renderStats, renderSummary, renderTable } from './panels.js';
import { PlayMode } from './play-mode.js';
import { RULE_NAMES, RulesMode } from './rules-mode.js';
import { Scheduler } from './scheduler.js';
import { Share } from './share.js';
import { PAGE_KEYS, isRule, knownKeysOnly, parseHash } from './state.js';

const $ = (id) => document.getElementById(id);

/** The positions table lists at most this many rows. */
export const TABLE_LIMIT = 2000;

/**
 * A game for the page: a graph with cycles has no UMDA run (seed 000 §2 needs an acyclic game),
 * so it is built as a LoopyGameSession, which seed 003's rules learn; anything else as a
 * GameSession. Throws the core's sentence.
 */
function openSession(spec) {
  return hasCycle(spec) ? new LoopyGameSession(spec) : new GameSession(spec);
}

/** Why UMDA and play mode are hidden on a graph with cycles. */
const CYCLIC_WORDS =
  'This graph has cycles: a play can go round for ever, which is a draw. UMDA, its runtime bounds and play mode ' +
  'need an acyclic game (seed 000 §2), so they are hidden; seed 003’s rules learn it, and LLP and LLT (§4.4) learn to draw where they cannot win. ' +
  'Yellow diamonds are D-positions (neither player can force a win); the numbers are generalised Grundy values (∞ where none is finite).';

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
    // The controls call this controller's methods of the same names (see ControlsView).
    this.controls = new ControlsView(this);
    for (const [name, words] of Object.entries(RULE_NAMES)) $('learner').add(new Option(`${words}`, name));
    $('learner').addEventListener('change', (e) => this.setLearner(e.target.value));
    $('rule-opponent').addEventListener('change', (e) => this.setRuleOpponent(e.target.value));
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
    // No game in the link: the first example, the page's default.
    const { families, presets } = catalogue();
    const wanted = knownKeysOnly(spec || presets[0].spec, notices, families);
    let session;
    try {
      session = openSession(wanted);
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
    // A value the core refuses for this game (e.g. γ ≥ 1/Δ) falls back to its default, which
    // every game accepts.
    const attempt = (key, apply) => {
      try {
        apply(page[key]);
      } catch (err) {
        page[key] = PAGE_KEYS.find((k) => k.key === key).default;
        notices.push(`${messageOf(err)} Using ${key}=${page[key]}.`);
        apply(page[key]);
      }
    };
    const cyclic = Boolean(session.cyclic);
    document.body.dataset.cyclic = String(cyclic);
    $('cyclic-note').textContent = cyclic ? CYCLIC_WORDS : '';
    $('mode-play').disabled = cyclic;
    $('learner').options[0].disabled = cyclic;
    if (cyclic) {
      // No UMDA here: a rule learns (the seed is the rule's, checked by the core there).
      if (!isRule(page.learner)) {
        if (location.hash.includes('learner=umda')) {
          notices.push('UMDA needs an acyclic game (seed 000 §2) and this graph has cycles: LLP (seed 003 §4.4) learns it instead.');
        }
        page.learner = 'llp';
      }
      page.mode = 'learn';
      // UMDA's values are not used here, and no run can check them against a game: those that
      // could never be valid fall back to their defaults, so the link stays well-formed.
      const plausible = {
        mu: (t) => /^\d{1,9}$/.test(t),
        gamma: (t) => t === 'paper' || /^\d*\.?\d+(e-?\d+)?$/.test(t),
        engine: (t) => ['fast', 'naive', 'expected'].includes(t),
      };
      for (const [key, ok] of Object.entries(plausible)) {
        if (!ok(page[key])) page[key] = PAGE_KEYS.find((k) => k.key === key).default;
      }
    } else {
      attempt('mu', (t) => session.setMu(t));
      attempt('gamma', (t) => session.setGamma(t));
      attempt('engine', (t) => session.setEngine(t));
      attempt('seed', (t) => session.reseed(t));
    }
    // The values in force, as the core reads them (e.g. γ = 1e-400 is 0, seed 007 is 7).
    const params = this.params(session);
    page.mu = String(params.mu);
    if (page.gamma !== 'paper') page.gamma = String(params.gamma);
    page.seed = params.seed;
    if (!cyclic) session.setExpected(page.expected === '1');
    this.scheduler.session = session;
    this.scheduler.speed = Number(page.speed);
    this.scheduler.clear();
    renderFacts(session.info);
    renderTable(session.rows(TABLE_LIMIT), session.n, TABLE_LIMIT);
    this.card.setSession(session);
    // The old game's rule run goes first: its strategy belongs to the old graph.
    this.rules.stop();
    this.graph.setSession(session);
    if (!cyclic) {
      this.controls.configure(session.info);
      this.restartHistory();
      this.play.setSession(session, page, notices);
    }
    this.controls.show(params, page);
    this.startLearner(notices);
    this.setMode(page.mode);
    this.setPresent(page.present === '1');
    // The text summary names this game at once (the frame loop refreshes it twice a second).
    this.describeCanvas();
    this.updateUrl();
    $('edge-mode').textContent =
      session.m > EDGE_BUDGET ? `This game has ${count(session.m)} moves: each position shows only its most likely move.` : '';
  }

  /**
   * UMDA or one of seed 003's rules learns: the frame loop drives the one chosen, and what
   * belongs to the other learner is hidden.
   */
  /** UMDA's values in force; for a graph with cycles (no UMDA) the page's, as the rule reads the seed. */
  params(session = this.session) {
    if (!session.cyclic) return session.params();
    return { mu: Number(this.page.mu) || 20, gamma: 0, seed: this.page.seed, engine: this.page.engine };
  }

  startLearner(notices) {
    const ruleOn = this.rules.configure(this.session, this.page, notices);
    // The seed as the rule's run reads it (e.g. 007 is 7), as UMDA's is written.
    if (ruleOn) this.page.seed = this.rules.run.seed();
    this.scheduler.session = ruleOn ? this.rules : this.session;
    this.scheduler.clear();
    $('learner').value = this.page.learner;
    $('rule-opponent').value = this.page.opponent;
    if (!ruleOn) this.graph.dirty = true;
  }

  setLearner(learner) {
    this.page.learner = learner;
    this.relearn();
  }

  setRuleOpponent(opponent) {
    this.page.opponent = opponent;
    this.relearn();
  }

  relearn() {
    const notices = [];
    this.startLearner(notices);
    if (!this.rules.active) this.restartHistory();
    this.notices.show(notices);
    this.updateUrl();
  }

  // --- Modes --------------------------------------------------------------------------------------

  /** `learn` (watch UMDA) or `play` (play the game on the board); the run is not touched. */
  setMode(mode) {
    this.page.mode = mode;
    for (const m of ['learn', 'play']) $(`mode-${m}`).setAttribute('aria-pressed', String(m === mode));
    // A graph with cycles has no play mode (its play.setSession was not called).
    if (this.session.cyclic) $('play-panel').hidden = true;
    else this.play.setActive(mode === 'play');
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
    // Out of play mode, a rule's last play keeps the graph's path.
    if (active || !this.rules.active) this.graph.setMarks(active ? { current: path.at(-1), path } : null);
    this.updateUrl();
  }

  // --- Page values (live on the running run) ---------------------------------------------------

  setMu(text) {
    this.tryParam(() => (this.page.mu = String(this.session.setMu(String(text).trim()))));
  }

  setGamma(text) {
    this.tryParam(() => {
      const value = String(text).trim();
      const gamma = this.session.setGamma(value);
      // The exact value in force (not a rounded one), so a copied link replays the same run.
      this.page.gamma = value === 'paper' ? 'paper' : String(gamma);
    });
  }

  setEngine(text) {
    this.tryParam(() => {
      this.session.setEngine(text);
      this.page.engine = text;
    });
  }

  setSeed(text) {
    this.tryParam(() => {
      if (this.session.cyclic) {
        this.page.seed = this.rules.reseed(String(text).trim());
        return;
      }
      this.session.reseed(String(text).trim());
      this.page.seed = this.session.params().seed;
      if (this.rules.active) this.rules.reseed(this.page.seed);
      this.afterReset();
    });
  }

  /** Generations per frame (one of state.js's SPEEDS, as text). */
  setSpeed(text) {
    this.page.speed = text;
    this.scheduler.speed = Number(text);
    this.scheduler.credit = 0;
    this.controls.show(this.params(), this.page);
    this.updateUrl();
  }

  /** The chart keeps its history; the expected curve starts at the current generation. */
  setExpected(on) {
    this.page.expected = on ? '1' : '0';
    this.session.setExpected(on);
    this.renderStats();
    this.updateUrl();
  }

  /** Runs a change; a refusal becomes a notice and the controls show the values in force. */
  tryParam(change) {
    try {
      change();
      this.notices.clear();
    } catch (err) {
      this.notices.show([messageOf(err)]);
    }
    this.controls.show(this.params(), this.page);
    this.updateUrl();
    this.renderStats();
    this.graph.dirty = true;
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

  newSeed() {
    const [seed] = crypto.getRandomValues(new Uint32Array(1));
    this.setSeed(String(seed));
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
