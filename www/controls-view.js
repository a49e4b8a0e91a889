// The UMDA controls: Play/Step/Reset/New seed, μ and γ (a slider and a field each), the seed,
// the engine, the speed and the expected-dynamics switch. It turns input into calls on its
// handlers and shows the values in force; the sliders' scales are its own.

import { gammaText } from './panels.js';
import { SPEEDS } from './state.js';

const $ = (id) => document.getElementById(id);

/** μ slider: 10^0.3 ≈ 2 up to 10^6 in log steps. */
const MU_SLIDER = { min: Math.log10(2), max: 6 };
/**
 * γ slider: 1000 steps from 0 to just below 1/Δ on a quadratic scale, γ = (k/1000)²/Δ, so the
 * small values around the paper's 1/(20Δn) get room on the track.
 */
const GAMMA_STEPS = 1000;

/** μ from the log slider: 2 … 10^6, rounded to 2 significant digits. */
export function muFromSlider(value) {
  const mu = 10 ** Number(value);
  const digits = 10 ** Math.max(0, Math.floor(Math.log10(mu)) - 1);
  return Math.max(2, Math.round(mu / digits) * digits);
}

/** γ from the slider's step k (below `limit` = 1/Δ even at the last step). */
export function gammaFromSlider(k, limit) {
  const share = Math.min(GAMMA_STEPS - 1, Number(k)) / GAMMA_STEPS;
  return Number((share * share * limit).toPrecision(4));
}

/** The index in `list` nearest to `value` on a log scale. */
export function nearestIndex(list, value) {
  let best = 0;
  for (let i = 1; i < list.length; i++) if (Math.abs(Math.log(list[i] / value)) < Math.abs(Math.log(list[best] / value))) best = i;
  return best;
}

export class ControlsView {
  /**
   * `actions` has togglePlay(), step(), reset() and newSeed(); setMu, setGamma, setSeed,
   * setEngine and setSpeed, each with text; setExpected(boolean).
   */
  constructor(actions) {
    this.limit = 1;
    const on = (id, event, handler) => $(id).addEventListener(event, handler);
    on('play', 'click', () => actions.togglePlay());
    on('step', 'click', () => actions.step());
    on('reset', 'click', () => actions.reset());
    on('new-seed', 'click', () => actions.newSeed());
    on('mu', 'change', (e) => actions.setMu(e.target.value));
    on('mu-slider', 'input', (e) => actions.setMu(String(muFromSlider(e.target.value))));
    on('gamma', 'change', (e) => actions.setGamma(e.target.value));
    on('gamma-slider', 'input', (e) => actions.setGamma(String(gammaFromSlider(e.target.value, this.limit))));
    on('gamma-use-paper', 'click', () => actions.setGamma('paper'));
    on('seed', 'change', (e) => actions.setSeed(e.target.value));
    on('engine', 'change', (e) => actions.setEngine(e.target.value));
    on('speed', 'input', (e) => {
      const speed = SPEEDS[Math.round(Number(e.target.value))];
      if (speed !== undefined) actions.setSpeed(String(speed));
    });
    on('show-expected', 'change', (e) => actions.setExpected(e.target.checked));
  }

  /** A new game: γ's range is 0 ≤ γ < 1/Δ, with the paper's 1/(20Δn) marked on the track. */
  configure({ gamma_limit: limit, paper_gamma: paper }) {
    this.limit = limit;
    $('gamma-slider').max = String(GAMMA_STEPS - 1);
    $('gamma-limit').textContent = gammaText(limit);
    $('gamma-paper').textContent = gammaText(paper);
    const mark = $('gamma-paper-mark');
    mark.style.left = `${100 * Math.sqrt(paper / limit)}%`;
    mark.title = `1/(20Δn) = ${gammaText(paper)}`;
  }

  /**
   * Puts the values in force into the inputs and sliders: the session's { mu, gamma, seed,
   * engine } and the page's { gamma ('paper' or text), speed, expected }.
   */
  show(params, page) {
    $('mu').value = String(params.mu);
    $('mu-slider').value = String(Math.min(MU_SLIDER.max, Math.max(MU_SLIDER.min, Math.log10(params.mu))));
    $('gamma').value = page.gamma === 'paper' ? 'paper' : String(params.gamma);
    $('gamma-value').textContent = gammaText(params.gamma);
    $('gamma-slider').value = String(Math.round(Math.sqrt(params.gamma / this.limit) * GAMMA_STEPS));
    $('seed').value = params.seed;
    $('engine').value = params.engine;
    $('speed').value = String(nearestIndex(SPEEDS, Number(page.speed)));
    $('speed-value').textContent = page.speed;
    $('show-expected').checked = page.expected === '1';
  }

  showPlaying(on) {
    const button = $('play');
    button.textContent = on ? 'Pause' : 'Play';
    button.setAttribute('aria-pressed', String(on));
  }
}
