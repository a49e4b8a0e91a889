// The controller: the only module that wires state, core and views together. It owns the game
// session, the page's values (mirrored in the URL hash) and the frame loop that runs UMDA in
// slices so that every frame stays within its budget, whatever μ and the graph's size.

import { GameSession, messageOf } from './core.js';
import { FAMILIES } from './game-form.js';
import { EDGE_BUDGET } from './graph-view.js';
import { DEFAULT_SPEC, PAGE_KEYS, SPEEDS, formatHash, parseHash, quoted } from './state.js';
import {
  copyText, count, download, gammaText, measuresCsv, prob, renderFacts, renderQr, renderStats, renderTable,
} from './panels.js';

const $ = (id) => document.getElementById(id);
/** Sets an element's text only when it changes (a change costs a layout). */
const setText = (id, text) => {
  const el = $(id);
  if (el.textContent !== text) el.textContent = text;
};

/**
 * A frame's budget (ms) for UMDA plus drawing: UMDA gets what the last drawing left of it, at
 * least MIN_WORK_MS (so big graphs still progress) and at most MAX_WORK_MS.
 */
const FRAME_MS = 13;
const MIN_WORK_MS = 2;
const MAX_WORK_MS = 10;
/** The positions table lists at most this many rows. */
export const TABLE_LIMIT = 2000;
/** The chart keeps at most this many points (then every other one is dropped). */
const MAX_POINTS = 4000;
/** μ slider: 10^0.3 ≈ 2 up to 10^6 in log steps. */
const MU_SLIDER = { min: Math.log10(2), max: 6 };
/**
 * γ slider: 1000 steps from 0 to just below 1/Δ on a quadratic scale, γ = (k/1000)²/Δ, so the
 * small values around the paper's 1/(20Δn) get room on the track.
 */
const GAMMA_STEPS = 1000;

export class Controller {
  constructor({ graphView, chartView, notices }) {
    this.graph = graphView;
    this.chart = chartView;
    this.notices = notices;
    this.session = null;
    this.page = null;
    this.playing = false;
    this.pendingSteps = 0;
    this.points = [];
    this.unitsPerMs = 20_000;
    this.frameTimes = [];
    this.lastSummary = 0;
    this.credit = 0;
    this.drawMs = 4;
    this.statusShown = 0;
    this.loop = this.loop.bind(this);
    requestAnimationFrame(this.loop);
  }

  // --- Opening a game -------------------------------------------------------------------------

  /** Restores everything from the address; bad parts become notices and defaults. */
  openFromHash() {
    const parsed = parseHash(location.hash);
    const { page, notices } = parsed;
    const spec = knownKeysOnly(parsed.spec, notices);
    let session;
    try {
      session = new GameSession(spec);
    } catch (err) {
      notices.unshift(`The game in the link cannot be shown: ${messageOf(err)} Showing the default game instead.`);
      session = new GameSession(DEFAULT_SPEC);
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
    this.install(session, { ...this.page }, notices);
    this.notices.show(notices);
    return null;
  }

  install(session, page, notices) {
    this.session?.free();
    this.session = session;
    this.page = page;
    const s = session.inner;
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
    attempt('mu', (t) => s.set_mu(t));
    attempt('gamma', (t) => s.set_gamma(t));
    attempt('engine', (t) => s.set_engine(t));
    attempt('seed', (t) => s.reseed(t));
    // The values in force, as the core reads them (e.g. γ = 1e-400 is 0, seed 007 is 7).
    page.mu = String(s.mu());
    if (page.gamma !== 'paper') page.gamma = String(s.gamma());
    page.seed = s.seed();
    s.set_expected(page.expected === '1');
    this.pendingSteps = 0;
    this.credit = 0;
    renderFacts(session.info);
    renderTable(s.rows(TABLE_LIMIT), session.n, TABLE_LIMIT);
    this.graph.setSession(session);
    this.configureSliders();
    this.syncControls();
    this.restartHistory();
    // The text summary names this game at once (the frame loop refreshes it twice a second).
    this.describeCanvas();
    this.updateUrl();
    $('edge-mode').textContent =
      session.m > EDGE_BUDGET
        ? `This game has ${count(session.m)} moves: each position shows only its most likely move.`
        : '';
  }

  // --- Page values (live on the running run) ---------------------------------------------------

  setMu(text) {
    this.tryParam(() => {
      const mu = this.session.inner.set_mu(String(text).trim());
      this.page.mu = String(mu);
    });
  }

  setGamma(text) {
    this.tryParam(() => {
      const value = String(text).trim();
      const gamma = this.session.inner.set_gamma(value);
      // The exact value in force (not a rounded one), so a copied link replays the same run.
      this.page.gamma = value === 'paper' ? 'paper' : String(gamma);
    });
  }

  setEngine(text) {
    this.tryParam(() => {
      this.session.inner.set_engine(text);
      this.page.engine = text;
    });
  }

  setSeed(text) {
    this.tryParam(() => {
      this.session.inner.reseed(String(text).trim());
      this.page.seed = this.session.inner.seed();
      this.afterReset();
    });
  }

  /** Speed from the slider's index into SPEEDS. */
  setSpeedIndex(index) {
    const speed = SPEEDS[Math.round(Number(index))];
    if (speed !== undefined) this.page.speed = String(speed);
    this.credit = 0;
    this.syncControls();
    this.updateUrl();
  }

  /** The chart keeps its history; the expected curve starts at the current generation. */
  setExpected(on) {
    this.page.expected = on ? '1' : '0';
    this.session.inner.set_expected(on);
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
    this.syncControls();
    this.updateUrl();
    this.renderStats();
    this.graph.dirty = true;
  }

  // --- Run controls -----------------------------------------------------------------------------

  setPlaying(on) {
    this.playing = on;
    const button = $('play');
    button.textContent = on ? 'Pause' : 'Play';
    button.setAttribute('aria-pressed', String(on));
    this.page.paused = on ? '0' : '1';
    this.updateUrl();
  }

  togglePlay() {
    this.setPlaying(!this.playing);
  }

  /** One generation, computed in slices by the frame loop (so a huge μ never freezes the page). */
  step() {
    if (this.playing) this.setPlaying(false);
    this.pendingSteps += 1;
  }

  reset() {
    this.session.inner.reset();
    this.afterReset();
  }

  newSeed() {
    const [seed] = crypto.getRandomValues(new Uint32Array(1));
    this.setSeed(String(seed));
  }

  afterReset() {
    this.pendingSteps = 0;
    this.credit = 0;
    this.restartHistory();
    this.graph.dirty = true;
  }

  // --- The frame loop ---------------------------------------------------------------------------

  loop(now) {
    requestAnimationFrame(this.loop);
    if (!this.session) return;
    const start = performance.now();
    const ran = this.playing || this.pendingSteps > 0;
    // The last drawing's cost is left for drawing (its rasterising lands in the next frames).
    if (ran) this.work(start, Math.min(MAX_WORK_MS, Math.max(MIN_WORK_MS, FRAME_MS - this.drawMs)));
    const drawStart = performance.now();
    if (this.graph.draw()) this.drawMs = 0.8 * this.drawMs + 0.2 * (performance.now() - drawStart);
    this.chart.draw();
    if (ran) this.frameTimes.push(performance.now() - start);
    if (this.frameTimes.length > 2000) this.frameTimes.splice(0, 1000);
    if (now - this.lastSummary > 500) {
      this.lastSummary = now;
      this.describeCanvas();
    }
  }

  /**
   * Up to `speed` generations (or the pending steps) within `budgetMs`. Below 1 generation per
   * frame, credit accumulates until a whole generation is due.
   */
  work(start, budgetMs) {
    const inner = this.session.inner;
    let wanted = this.pendingSteps;
    if (this.playing) {
      this.credit = Math.min(this.credit + Number(this.page.speed), Number(this.page.speed) + 1);
      wanted = Math.floor(this.credit);
      if (wanted === 0 && inner.games_in_progress() < 0) return;
      wanted = Math.max(wanted, 1);
    }
    let done = 0;
    while (done < wanted) {
      const left = budgetMs - (performance.now() - start);
      if (left <= 0) break;
      const units = Math.min(5e7, Math.max(500, this.unitsPerMs * left));
      const t0 = performance.now();
      const finished = inner.work(units);
      const dt = performance.now() - t0;
      if (dt > 0.05) this.unitsPerMs = Math.max(50, 0.7 * this.unitsPerMs + 0.3 * Math.min(units / dt, 1e8));
      if (!finished) continue;
      done += 1;
      if (this.playing) this.credit = Math.max(0, this.credit - 1);
      else this.pendingSteps -= 1;
      this.recordGeneration();
    }
    // A long generation says how far it is, four times a second (each text change costs a
    // page layout, so not every frame).
    const now = performance.now();
    const inProgress = inner.games_in_progress();
    if (inProgress < 0) setText('run-status', '');
    else if (now - this.statusShown > 250) {
      this.statusShown = now;
      setText(
        'run-status',
        `Generation ${count(inner.generation() + 1)} under way: ${count(inProgress)} of ${count(inner.mu_in_progress())} games played` +
          (inner.mu_in_progress() !== inner.mu() ? ` (μ = ${count(inner.mu())} from the next generation).` : '.'),
      );
    }
    // The drawing changes only when a generation finishes (a long one spans several frames).
    if (done > 0) this.graph.dirty = true;
  }

  recordGeneration() {
    const progress = this.session.inner.progress();
    this.latest = progress;
    this.points.push(pointOf(progress));
    if (this.points.length > MAX_POINTS) this.points = this.points.filter((_, i) => i % 2 === 0 || i === this.points.length - 1);
    this.chart.setPoints(this.points);
    this.renderStats(progress);
    this.onGeneration?.();
  }

  restartHistory() {
    this.points = [];
    this.recordGeneration();
  }

  renderStats(progress = this.session?.inner.progress()) {
    if (!progress) return;
    this.latest = progress;
    renderStats(progress, this.session.info);
  }

  // --- The URL and the controls ----------------------------------------------------------------

  updateUrl() {
    if (!this.session) return;
    const hash = formatHash(this.session.info.game, this.page);
    if (location.hash !== hash) history.replaceState(null, '', hash);
    $('share-link').value = location.href;
    // The QR code is drawn once the address has been still for 250 ms (a slider sends many
    // changes); until then the canvas does not claim to show any link (data-link, see renderQr).
    clearTimeout(this.qrTimer);
    delete $('qr').dataset.link;
    this.qrTimer = setTimeout(() => renderQr($('qr'), location.href, $('qr-note')), 250);
  }

  configureSliders() {
    const { gamma_limit: limit, paper_gamma: paper } = this.session.info;
    const gammaSlider = $('gamma-slider');
    gammaSlider.max = String(GAMMA_STEPS - 1);
    $('gamma-limit').textContent = gammaText(limit);
    $('gamma-paper').textContent = gammaText(paper);
    // The paper's value marked on the γ slider's track.
    const mark = $('gamma-paper-mark');
    mark.style.left = `${100 * Math.sqrt(paper / limit)}%`;
    mark.title = `1/(20Δn) = ${gammaText(paper)}`;
  }

  /** Puts the values in force into the inputs and sliders. */
  syncControls() {
    const s = this.session.inner;
    const { gamma_limit: limit } = this.session.info;
    $('mu').value = String(s.mu());
    $('mu-slider').value = String(Math.min(MU_SLIDER.max, Math.max(MU_SLIDER.min, Math.log10(s.mu()))));
    $('gamma').value = this.page.gamma === 'paper' ? 'paper' : String(s.gamma());
    $('gamma-value').textContent = gammaText(s.gamma());
    $('gamma-slider').value = String(Math.round(Math.sqrt(s.gamma() / limit) * GAMMA_STEPS));
    $('seed').value = s.seed();
    $('engine').value = s.engine();
    $('speed').value = String(nearestIndex(SPEEDS, Number(this.page.speed)));
    $('speed-value').textContent = this.page.speed;
    $('show-expected').checked = this.page.expected === '1';
  }

  /** μ from the log slider: 2 … 10^6, rounded to 2 significant digits. */
  static muFromSlider(value) {
    const mu = 10 ** Number(value);
    const digits = 10 ** Math.max(0, Math.floor(Math.log10(mu)) - 1);
    return Math.max(2, Math.round(mu / digits) * digits);
  }

  /** γ from the slider's step k (below 1/Δ even at the last step). */
  gammaFromSlider(k) {
    const { gamma_limit: limit } = this.session.info;
    const share = Math.min(GAMMA_STEPS - 1, Number(k)) / GAMMA_STEPS;
    return Number((share * share * limit).toPrecision(4));
  }

  describeCanvas() {
    const info = this.session.info;
    const p = this.latest;
    $('graph').setAttribute(
      'aria-label',
      `Game graph of ${info.game}: ${count(info.positions)} positions in ${count(info.layers)} layers, ` +
        `${count(info.critical)} critical. Blue squares are P-positions, orange circles N-positions. ` +
        (p ? `Generation ${count(p.generation)}, ${count(p.games)} games played, Π = ${prob(p.prop22_probability)}.` : ''),
    );
  }

  // --- Exports ---------------------------------------------------------------------------------

  exportPng() {
    this.graph.draw(true);
    $('graph').toBlob((blob) => blob && download(blob, 'impartial-graph.png'));
  }

  exportCsv() {
    download(new Blob([measuresCsv(this.points)], { type: 'text/csv' }), 'impartial-measures.csv');
  }

  async copyLink() {
    const ok = await copyText(location.href, $('share-link'));
    $('copy-status').textContent = ok ? 'Link copied.' : 'Select the link above and copy it.';
  }

  /** For tests and the browser benchmark. */
  snapshot() {
    return { ...this.latest, playing: this.playing, frameTimes: [...this.frameTimes] };
  }
}

/**
 * Drops keys the spec's family does not take (a typo such as `Mu=5` or `foo=1`), with a notice,
 * so that one stray key does not cost the whole game. Unknown families are left to the core.
 */
function knownKeysOnly(spec, notices) {
  const pairs = spec.split('&').filter((p) => p !== '');
  const family = FAMILIES.get(pairs.find((p) => p.startsWith('game='))?.slice(5));
  if (!family) return spec;
  const allowed = new Set(['game', 'play', ...family.params.map(([key]) => key)]);
  const kept = pairs.filter((pair) => {
    const key = pair.split('=')[0];
    if (allowed.has(key)) return true;
    notices.push(`Unknown parameter ${quoted(key)} in the link was ignored (this game takes ${[...allowed].join(', ')}; the page takes ${PAGE_KEYS.map((k) => k.key).join(', ')}).`);
    return false;
  });
  return kept.join('&');
}

function nearestIndex(list, value) {
  let best = 0;
  for (let i = 1; i < list.length; i++) if (Math.abs(Math.log(list[i] / value)) < Math.abs(Math.log(list[best] / value))) best = i;
  return best;
}

function pointOf(p) {
  return {
    generation: p.generation,
    games: p.games,
    mu: p.mu,
    gamma: p.gamma,
    engine: p.engine,
    critical: p.critical,
    learned: p.critical_learned,
    learnedShare: p.critical ? p.critical_learned / p.critical : null,
    massMean: p.critical_mass_mean,
    massMin: p.critical_mass_min,
    prop22: p.prop22_probability,
    expected: p.expected_prop22,
    winnersOptimal: p.winners_optimal,
  };
}
