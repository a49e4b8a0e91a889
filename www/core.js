// The wasm core, loaded once, and a game session with typed-array views on wasm memory.
// Views are made from pointers the core hands out and re-made whenever wasm memory has grown
// (growth detaches the old ArrayBuffer); nothing is copied element by element.

let wasm = null; // the module's JS exports
let memory = null; // WebAssembly.Memory

/** Loads pkg/impartial.js and its .wasm; throws with a readable message when it cannot. */
export async function loadCore() {
  const url = new URL('../pkg/impartial.js', import.meta.url).href;
  const mod = await import(url);
  const exports = await mod.default();
  wasm = mod;
  memory = exports.memory;
  return mod;
}

let lab = null; // the lab module's JS exports, once loaded
let labLoading = null; // its loading, under way or done

/**
 * Loads the lab module (pkg/impartial_lab.js and its .wasm: the same core with the experiment
 * panel's runs, plans and sweep figures and the value theory gives a game too large to draw),
 * once, when the page first needs one of those: the module every page loads at start is smaller
 * without them. Resolves to its exports; rejects with one sentence (and a later call tries again).
 */
export function loadLab() {
  labLoading ??= (async () => {
    const mod = await import(new URL('../pkg/impartial_lab.js', import.meta.url).href);
    await mod.default();
    lab = mod;
    return mod;
  })().catch(() => {
    labLoading = null;
    throw 'Could not load the second part of the WebAssembly core (pkg/impartial_lab.js), which this needs; check the connection and try again.';
  });
  return labLoading;
}

/** Whether the lab module has loaded (the calls that need it may then be made at once). */
export const labLoaded = () => lab !== null;

/** A refused input arrives from the core as its one-sentence message (a string). */
export function messageOf(err) {
  if (typeof err === 'string') return err;
  const detail = err instanceof Error ? err.message : String(err);
  return `Internal error (${detail}). Please report it with the link of this page.`;
}

export const estimate = (spec) => wasm.estimate(spec);
/**
 * The start's value when a theorem gives it without a graph, or null; throws a bad spec's
 * sentence. In the lab module: call it once loadLab() has resolved.
 */
export const knownValue = (spec) => lab.known_value(spec);

/**
 * For a game the page refuses as too large: what theory says of it, or null. `line` says it
 * with the size, for the size line under the spec ("2.1·10⁴³ positions — too many to draw;
 * Grundy value 53 by …, so the first player wins."); `sentence` without it, for the notice
 * whose first sentence, the refusal, has given the size already ("Its value is known all the
 * same: Grundy value 53 by …, so the first player wins.").
 */
export function tooLargeButKnown(spec) {
  let known = null;
  try {
    known = knownValue(spec);
  } catch {
    return null;
  }
  if (!known) return null;
  const count = known.positions_text ? `${known.positions_text} positions — too many` : 'Far too many positions';
  return { line: `${count} to draw; ${known.summary}.`, sentence: `Its value is known all the same: ${known.summary}.` };
}
/**
 * The grammar's families ({ name, title, keys: [{ key, label, example }] }) and the examples
 * ({ title, spec }; the first is the default game), from the core: the page writes none itself.
 */
export const catalogue = () => (cachedCatalogue ??= wasm.families());
let cachedCatalogue = null;
export const qrModules = (text) => wasm.qr_modules(text);
/** One experiment setting (`runs`, `seed`, `size`, `budget`) as the core reads it, as text; throws its sentence. */
export const experimentSetting = (key, text) => wasm.experiment_setting(key, text);
/**
 * The experiment's settings for a game with the page's μ, γ and engine, checked (the lab
 * module's, like experimentGrid and runtimeFigure: call them once loadLab() has resolved):
 * { runs, seed, size, budget, template, command } (template and command null when no value of
 * the game is the size N).
 */
export const experimentPlan = (spec, s) => lab.experiment_plan(spec, s.runs, s.seed, s.size, s.budget, s.mu, s.gamma, s.engine);
/** The lines of a `runtime --json` summary's figure (the parsed JSON); throws a sentence for anything else. */
export const runtimeFigure = (value) => lab.runtime_figure(value);
/** A single heap of `n` in the heap game `spec`: its moves as the rule states them, their values and g(n) (null for other games); throws a sentence past the strip. */
export const heapOptions = (spec, n) => wasm.heap_options(spec, n);
/** A μ × γ grid checked by the core before any run: { mus, gammas, command } or a thrown sentence. */
export const experimentGrid = (spec, s) =>
  lab.experiment_grid(spec, s.mus, s.gammas, s.runs, s.seed, s.size, s.budget, s.mu, s.gamma, s.engine);
export const coreVersion = () => wasm.version();

/**
 * What every game the page draws shares, over the core's object `inner` (a Session or a
 * LoopyGame): its facts, the typed arrays the views read, labels (cached) and the calls that
 * read a position.
 */
class CoreGraph {
  constructor(inner) {
    this.inner = inner;
    this.info = inner.info();
    this.n = this.info.positions;
    this.m = this.info.edges;
    this.buffer = null;
    this.cached = null;
    this.views();
  }

  /**
   * The arrays both kinds of game have, plus `extra(buffer, { n, m })`'s; re-made only when wasm
   * memory has grown (which detaches every view) or a subclass dropped the cache.
   */
  graphViews(extra) {
    if (this.buffer === memory.buffer && this.cached) return this.cached;
    const s = this.inner;
    const b = (this.buffer = memory.buffer);
    const { n, m } = this;
    this.cached = {
      offsets: new Uint32Array(b, s.offsets_ptr(), n + 1),
      targets: new Uint32Array(b, s.targets_ptr(), m),
      optimal: new Uint8Array(b, s.optimal_ptr(), m),
      outcome: new Uint8Array(b, s.outcome_ptr(), n),
      grundy: new Uint32Array(b, s.grundy_ptr(), n),
      x: new Float32Array(b, s.x_ptr(), n),
      y: new Float32Array(b, s.y_ptr(), n),
      ...extra(b, this),
    };
    return this.cached;
  }

  /** A position's label (cached: the view asks for the same labels every frame). */
  label(id) {
    this.labels ??= new Array(this.n);
    return (this.labels[id] ??= this.inner.label(id));
  }

  free() {
    this.inner.free();
    this.inner = null;
    this.cached = null;
  }
}

/**
 * Methods that call the core's method of the same name in snake_case with the same arguments
 * (their docs are the facade's, in src/web/).
 */
function forward(cls, names) {
  for (const name of names) {
    const core = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    Object.defineProperty(cls.prototype, name, {
      value(...args) {
        return this.inner[core](...args);
      },
      writable: true,
      configurable: true,
    });
  }
}

// The first `limit` positions' rows for the table; what the hover card shows about a position;
// the id of the position labelled `label` (or -1).
forward(CoreGraph, ['rows', 'position', 'find']);

/** A game and a UMDA run on it (the core's Session) plus views of its arrays. */
export class GameSession extends CoreGraph {
  constructor(spec) {
    // The core's Session. The page's modules use the methods below; tests and the benchmark
    // may reach in.
    super(new wasm.Session(spec));
    // A worker's run of this game (learn-remote.js), when one learns it: then the run's state
    // below is the worker's, mirrored, and this session's own run stays at generation 0.
    this.remote = null;
    this.mirrored = null;
  }

  /**
   * Position `id` as a board draws it: the core's PositionView (`kind` and its fields) with the
   * words of its board, `how` (how a move is made) and `next` (what the click after a first one
   * does, or null); null for no such id.
   */
  view(id) {
    const out = this.inner.view(id);
    return out && { ...out.view, how: out.how, next: out.next };
  }

  /** Typed arrays over wasm memory, re-made only when the memory has grown or the model moved. */
  views() {
    const s = this.inner;
    const modelPtr = s.model_ptr();
    if (this.modelPtr !== modelPtr) this.cached = null;
    this.modelPtr = modelPtr;
    return this.graphViews((b, { n, m }) => ({
      critical: new Uint8Array(b, s.critical_ptr(), n),
      model: new Float64Array(b, modelPtr, m),
      mass: new Float32Array(b, s.mass_ptr(), n),
    }));
  }

  // The run's parameters. Setters take text, as the core parses it (its refusal is thrown as its
  // sentence), and return the value in force.
  // A worker's run gets each value once this session has accepted it (so it never refuses one).
  setMu(text) {
    const mu = this.inner.set_mu(text);
    this.remote?.send('setMu', text);
    return mu;
  }

  setGamma(text) {
    const gamma = this.inner.set_gamma(text);
    this.remote?.send('setGamma', text);
    return gamma;
  }

  setEngine(text) {
    this.inner.set_engine(text);
    this.remote?.send('setEngine', text);
  }

  reseed(text) {
    this.inner.reseed(text);
    this.mirrored = null;
    this.remote?.restart(this.inner.seed());
  }

  setExpected(on) {
    this.inner.set_expected(on);
    this.expected = on;
    this.remote?.send('setExpected', on);
  }

  /** The values in force: { mu, gamma (a number), seed (text), engine }. */
  params() {
    const s = this.inner;
    return { mu: s.mu(), gamma: s.gamma(), seed: s.seed(), engine: s.engine() };
  }

  /** Back to generation 0 with the same seed. */
  reset() {
    this.inner.reset();
    this.mirrored = null;
    this.remote?.restart(this.inner.seed());
  }

  /**
   * The state a worker's run posted (learn-remote.js): `progress` after its last finished
   * generation (null before the first), `inProgress` as below, and, when the worker sent them,
   * its model and masses, copied into this session's arrays so that the graph, the hover card,
   * play mode and strategies read what the worker learned.
   */
  mirror({ progress, inProgress, model, mass }) {
    this.mirrored ??= { progress: null, inProgress: null };
    if (progress) this.mirrored.progress = progress;
    this.mirrored.inProgress = inProgress;
    if (model) {
      const v = this.views();
      v.model.set(model);
      v.mass.set(mass);
      this.inner.model_written();
    }
  }

  /** Generations finished. */
  generation() {
    return this.mirrored?.progress ? this.mirrored.progress.generation : this.inner.generation();
  }

  /**
   * The generation under way, or null between generations: games played, the μ it runs with
   * and the μ set for the next one.
   */
  inProgress() {
    if (this.mirrored) return this.mirrored.inProgress && { ...this.mirrored.inProgress, nextMu: this.inner.mu() };
    const played = this.inner.games_in_progress();
    return played < 0 ? null : { played, mu: this.inner.mu_in_progress(), nextMu: this.inner.mu() };
  }

  /** The measures after the last finished generation (μ, γ and the engine: those in force). */
  progress() {
    const p = this.mirrored?.progress;
    if (!p) return this.inner.progress();
    return { ...p, mu: this.inner.mu(), gamma: this.inner.gamma(), engine: this.inner.engine() };
  }

  /**
   * Has the core find, per position, its most likely move under the model now (the first of
   * its largest p) and how it is drawn with `levels` width levels (see topMoves).
   */
  findTopMoves(levels) {
    this.inner.find_top_moves(levels);
  }

  /**
   * What findTopMoves found last: `move` (a Uint32Array of edge indices) and `shade` (a
   * Uint8Array: (optimal ? levels : 0) + min(levels − 1, ⌊p·levels⌋), 255 when not drawn),
   * viewed afresh (wasm memory may have grown since).
   */
  topMoves() {
    return {
      move: new Uint32Array(memory.buffer, this.inner.top_moves_ptr(), this.n),
      shade: new Uint8Array(memory.buffer, this.inner.top_shades_ptr(), this.n),
    };
  }

  /**
   * The run's own measures without the model's hash (null): a worker reports every generation,
   * and hashing p is a pass over every byte of it, so it hashes only the ones the page shows.
   */
  progressUnhashed() {
    return this.inner.progress_unhashed();
  }
}

// A position's legal moves ({ to, label, grundy, outcome, optimal, probability }); about `units`
// of work on the current generation (true when it has finished); the computer's move from a
// position as `player` plays it (`draw` numbers the move: seeded draws); puzzle `k` and draw `k`
// of an exercise (seeded by the run's seed); a position's components with their values and XOR;
// a whole strategy (`perfect`, `first` or `learned`) and how strategies are written; x against y;
// intransitive triples (a position as a board draws it: `view` above).
forward(GameSession, [
  'moves',
  'work',
  'computerMove',
  'puzzle',
  'exerciseDraw',
  'nimSum',
  'strategy',
  'strategyGrammar',
  'duel',
  'intransitiveTriples',
]);

/**
 * One of Böhme's rules learning a game against an opponent (the core's RulesSession, the
 * run `impartial learn` drives): one `play()` is one play. Bad names or seeds throw the core's
 * sentence.
 */
export class RulesRun {
  constructor(spec, rule, opponent, seed) {
    this.inner = new wasm.RulesSession(spec, rule, opponent, seed);
    this.info = this.inner.info();
    this.bounds = this.inner.bounds();
    this.strategy = this.inner.strategy();
  }

  /** One play: { number, result, trace (ids), changed: [{ position, from, to }], counts }. */
  play() {
    this.stale = true;
    return this.inner.play();
  }

  /** The learner's move per position (-1 at a sink): one O(positions) copy, made when read. */
  strategyNow() {
    if (this.stale) this.strategy = this.inner.strategy();
    this.stale = false;
    return this.strategy;
  }

  counts() {
    return this.inner.counts();
  }

  reset() {
    this.inner.reset();
    this.strategy = this.inner.strategy();
  }

  reseed(text) {
    this.inner.reseed(text);
    this.strategy = this.inner.strategy();
  }

  seed() {
    return this.inner.seed();
  }

  free() {
    this.inner.free();
    this.inner = null;
  }
}

/** Whether `spec` is a graph with cycles (built as a LoopyGameSession, not a GameSession). */
export const hasCycle = (spec) => wasm.has_cycle(spec);

/**
 * A graph game with cycles (the core's LoopyGame): what the views read from a GameSession, with
 * outcomes P, N and D and generalised Grundy values, but no UMDA run (Benford & Lehre §2 needs an
 * acyclic game); `cyclic` tells the controller to let a rule learn instead.
 */
export class LoopyGameSession extends CoreGraph {
  constructor(spec) {
    super(new wasm.LoopyGame(spec));
    this.cyclic = true;
  }

  views() {
    // No UMDA: no critical positions, no masses, no model.
    return this.graphViews((b, { n, m }) => ({
      critical: (this.zeros ??= new Uint8Array(n)),
      mass: (this.nans ??= new Float32Array(n).fill(NaN)),
      model: (this.uniform ??= new Float64Array(m).fill(1)),
    }));
  }

  /** No board for a graph (play mode needs an acyclic game). */
  view() {
    return null;
  }
}
