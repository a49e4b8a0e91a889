// The run's settings — μ, γ, the engine, the seed, the speed and the expected curve — changed
// live on the running run and mirrored in the page's values (the address). The controller owns
// the session and the page; this module only applies settings to them, so that the controller
// stays wiring.

import { messageOf } from './core.js';
import { PAGE_KEYS } from './state.js';

/**
 * Applies the page's settings to a new session. A value the core refuses for this game (e.g.
 * γ ≥ 1/Δ) falls back to its default, which every game accepts, with a notice. Returns the
 * parameters in force, and writes them back into `page` as the core reads them (γ = 1e-400 is
 * 0, seed 007 is 7).
 */
export function applySettings(session, page, notices) {
  const params = () => paramsOf(session, page);
  if (session.cyclic) {
    // No UMDA run on a graph with cycles (learners.js made the page's values well-formed).
    const values = params();
    page.mu = String(values.mu);
    return values;
  }
  const attempt = (key, apply) => {
    try {
      apply(page[key]);
    } catch (err) {
      page[key] = PAGE_KEYS.find((k) => k.key === key).default;
      notices.push(`${messageOf(err)} Using ${key}=${page[key]}.`);
      apply(page[key]);
    }
  };
  attempt('mu', (t) => session.setMu(t));
  attempt('gamma', (t) => session.setGamma(t));
  attempt('engine', (t) => session.setEngine(t));
  attempt('seed', (t) => session.reseed(t));
  const values = params();
  page.mu = String(values.mu);
  if (page.gamma !== 'paper') page.gamma = String(values.gamma);
  page.seed = values.seed;
  session.setExpected(page.expected === '1');
  return values;
}

/** UMDA's values in force; for a graph with cycles (no UMDA) the page's, as a rule reads the seed. */
export function paramsOf(session, page) {
  if (!session.cyclic) return session.params();
  return { mu: Number(page.mu) || 20, gamma: 0, seed: page.seed, engine: page.engine };
}

/** Live changes of the settings; `host` is the controller (session, page, views, address). */
export class RunSettings {
  constructor(host) {
    this.host = host;
  }

  /** What the controls call: these setters and the host's run controls. */
  actions() {
    const host = this.host;
    return {
      togglePlay: () => host.togglePlay(),
      step: () => host.step(),
      reset: () => host.reset(),
      newSeed: () => this.newSeed(),
      setMu: (t) => this.setMu(t),
      setGamma: (t) => this.setGamma(t),
      setEngine: (t) => this.setEngine(t),
      setSeed: (t) => this.setSeed(t),
      setSpeed: (t) => this.setSpeed(t),
      setExpected: (on) => this.setExpected(on),
    };
  }

  setMu(text) {
    const { host } = this;
    this.tryParam(() => (host.page.mu = String(host.session.setMu(String(text).trim()))));
  }

  setGamma(text) {
    const { host } = this;
    this.tryParam(() => {
      const value = String(text).trim();
      const gamma = host.session.setGamma(value);
      // The exact value in force (not a rounded one), so a copied link replays the same run.
      host.page.gamma = value === 'paper' ? 'paper' : String(gamma);
    });
  }

  setEngine(text) {
    const { host } = this;
    this.tryParam(() => {
      host.session.setEngine(text);
      host.page.engine = text;
    });
  }

  setSeed(text) {
    const { host } = this;
    this.tryParam(() => {
      if (host.session.cyclic) {
        host.page.seed = host.rules.reseed(String(text).trim());
        host.afterReset();
        return;
      }
      host.session.reseed(String(text).trim());
      host.page.seed = host.session.params().seed;
      if (host.rules.active) host.rules.reseed(host.page.seed);
      host.afterReset();
    });
  }

  /** A random seed (a new run). */
  newSeed() {
    const [seed] = crypto.getRandomValues(new Uint32Array(1));
    this.setSeed(String(seed));
  }

  /** Generations per frame (one of state.js's SPEEDS, as text). */
  setSpeed(text) {
    const { host } = this;
    host.page.speed = text;
    host.scheduler.speed = Number(text);
    host.scheduler.credit = 0;
    host.controls.show(paramsOf(host.session, host.page), host.page);
    host.updateUrl();
  }

  /** The chart keeps its history; the expected curve starts at the current generation. */
  setExpected(on) {
    const { host } = this;
    host.page.expected = on ? '1' : '0';
    host.session.setExpected(on);
    host.renderStats();
    host.updateUrl();
  }

  /** Runs a change; a refusal becomes a notice and the controls show the values in force. */
  tryParam(change) {
    const { host } = this;
    try {
      change();
      host.notices.clear();
    } catch (err) {
      host.notices.show([messageOf(err)]);
    }
    host.controls.show(paramsOf(host.session, host.page), host.page);
    host.updateUrl();
    host.renderStats();
    host.graph.dirty = true;
  }
}
