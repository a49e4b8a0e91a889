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

/** A refused input arrives from the core as its one-sentence message (a string). */
export function messageOf(err) {
  if (typeof err === 'string') return err;
  const detail = err instanceof Error ? err.message : String(err);
  return `Internal error (${detail}). Please report it with the link of this page.`;
}

export const estimate = (spec) => wasm.estimate(spec);
/** The start's value when a theorem gives it without a graph, or null; throws a bad spec's sentence. */
export const knownValue = (spec) => wasm.known_value(spec);

/**
 * For a game the page refuses as too large: what theory says of it, in words ("2.1·10⁴³
 * positions — too many to draw; Grundy value 53 by …, so the first player wins."), or null.
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
  return `${count} to draw; ${known.summary}.`;
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
 * The experiment's settings for a game with the page's μ, γ and engine, checked:
 * { runs, seed, size, budget, template, command } (template and command null when no value of
 * the game is the size N).
 */
export const experimentPlan = (spec, s) => wasm.experiment_plan(spec, s.runs, s.seed, s.size, s.budget, s.mu, s.gamma, s.engine);
/** The lines of a `runtime --json` summary's figure (the parsed JSON); throws a sentence for anything else. */
export const runtimeFigure = (value) => wasm.runtime_figure(value);
/** A single heap of `n` in the heap game `spec`: its moves as the rule states them, their values and g(n) (null for other games); throws a sentence past the strip. */
export const heapOptions = (spec, n) => wasm.heap_options(spec, n);
/** A μ × γ grid checked by the core before any run: { mus, gammas, command } or a thrown sentence. */
export const experimentGrid = (spec, s) =>
  wasm.experiment_grid(spec, s.mus, s.gammas, s.runs, s.seed, s.size, s.budget, s.mu, s.gamma, s.engine);
export const coreVersion = () => wasm.version();

/** A game and a UMDA run on it (the core's Session) plus views of its arrays. */
export class GameSession {
  constructor(spec) {
    // The core's Session. The page's modules use the methods below; tests and the benchmark
    // may reach in.
    this.inner = new wasm.Session(spec);
    this.info = this.inner.info();
    this.n = this.info.positions;
    this.m = this.info.edges;
    this.buffer = null;
    this.views();
  }

  /** Typed arrays over wasm memory, re-made only when the memory has grown (or the model moved). */
  views() {
    const s = this.inner;
    const modelPtr = s.model_ptr();
    if (this.buffer === memory.buffer && this.modelPtr === modelPtr && this.cached) return this.cached;
    this.modelPtr = modelPtr;
    const b = (this.buffer = memory.buffer);
    const { n, m } = this;
    this.cached = {
      offsets: new Uint32Array(b, s.offsets_ptr(), n + 1),
      targets: new Uint32Array(b, s.targets_ptr(), m),
      optimal: new Uint8Array(b, s.optimal_ptr(), m),
      outcome: new Uint8Array(b, s.outcome_ptr(), n),
      grundy: new Uint32Array(b, s.grundy_ptr(), n),
      critical: new Uint8Array(b, s.critical_ptr(), n),
      x: new Float32Array(b, s.x_ptr(), n),
      y: new Float32Array(b, s.y_ptr(), n),
      model: new Float64Array(b, modelPtr, m),
      mass: new Float32Array(b, s.mass_ptr(), n),
    };
    return this.cached;
  }

  // The run's parameters. Setters take text, as the core parses it (its refusal is thrown as its
  // sentence), and return the value in force.
  setMu(text) {
    return this.inner.set_mu(text);
  }

  setGamma(text) {
    return this.inner.set_gamma(text);
  }

  setEngine(text) {
    this.inner.set_engine(text);
  }

  reseed(text) {
    this.inner.reseed(text);
  }

  setExpected(on) {
    this.inner.set_expected(on);
  }

  /** The values in force: { mu, gamma (a number), seed (text), engine }. */
  params() {
    const s = this.inner;
    return { mu: s.mu(), gamma: s.gamma(), seed: s.seed(), engine: s.engine() };
  }

  /** Back to generation 0 with the same seed. */
  reset() {
    this.inner.reset();
  }

  /** Runs about `units` of work on the current generation; true when it has finished. */
  work(units) {
    return this.inner.work(units);
  }

  /** Generations finished. */
  generation() {
    return this.inner.generation();
  }

  /**
   * The generation under way, or null between generations: games played, the μ it runs with
   * and the μ set for the next one.
   */
  inProgress() {
    const played = this.inner.games_in_progress();
    return played < 0 ? null : { played, mu: this.inner.mu_in_progress(), nextMu: this.inner.mu() };
  }

  /** The measures after the last finished generation. */
  progress() {
    return this.inner.progress();
  }

  /** The first `limit` positions' rows for the positions table. */
  rows(limit) {
    return this.inner.rows(limit);
  }

  /** What the hover card shows about position `id`. */
  position(id) {
    return this.inner.position(id);
  }

  /** Every legal move of position `id` ({ to, label, grundy, outcome, optimal, probability }). */
  moves(id) {
    return this.inner.moves(id);
  }

  /**
   * The computer's move from `id` (the id it moves to, or -1 when there is none) as `player`
   * (perfect, learned or random) plays it; `draw` numbers the move in the game (seeded draws).
   */
  computerMove(id, player, draw) {
    return this.inner.computer_move(id, player, draw);
  }

  /** Puzzle `k` of "find the winning move" (seeded by the run's seed): a position's id, or -1 when none has a move. */
  puzzle(k) {
    return this.inner.puzzle(k);
  }

  /** Draw `k` of an exercise (seeded by the run's seed): a whole number below `bound`. */
  exerciseDraw(k, bound) {
    return this.inner.exercise_draw(k, bound);
  }

  /** Position `id`'s components (heaps or parts) with their Grundy values and XOR, or null. */
  nimSum(id) {
    return this.inner.nim_sum(id);
  }

  /** A whole strategy as Benford & Lehre §1 writes it: `perfect`, `first` or `learned` (sampled from p_t, seeded by `draw`). */
  strategy(kind, draw) {
    return this.inner.strategy(kind, draw);
  }

  /** How a strategy is written for this game, in words. */
  strategyGrammar() {
    return this.inner.strategy_grammar();
  }

  /** x against y, each moving first once (throws the core's message for a bad strategy). */
  duel(x, y) {
    return this.inner.duel(x, y);
  }

  /** Triples each beating the next whoever starts, found by trying every strategy; null when there are too many. */
  intransitiveTriples(cap) {
    return this.inner.intransitive_triples(cap);
  }

  /** Position `id` as a board draws it (the core's PositionView: { kind, … }). */
  view(id) {
    return this.inner.view(id);
  }

  /** The id of the position labelled `label`, or -1. */
  find(label) {
    return this.inner.find(label);
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
export class LoopyGameSession {
  constructor(spec) {
    this.inner = new wasm.LoopyGame(spec);
    this.cyclic = true;
    this.info = this.inner.info();
    this.n = this.info.positions;
    this.m = this.info.edges;
    this.buffer = null;
    this.views();
  }

  views() {
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
      // No UMDA: no critical positions, no masses, no model.
      critical: (this.zeros ??= new Uint8Array(n)),
      mass: (this.nans ??= new Float32Array(n).fill(NaN)),
      model: (this.uniform ??= new Float64Array(m).fill(1)),
    };
    return this.cached;
  }

  rows(limit) {
    return this.inner.rows(limit);
  }

  position(id) {
    return this.inner.position(id);
  }

  find(label) {
    return this.inner.find(label);
  }

  label(id) {
    this.labels ??= new Array(this.n);
    return (this.labels[id] ??= this.inner.label(id));
  }

  /** No board for a graph (play mode needs an acyclic game). */
  view() {
    return null;
  }

  free() {
    this.inner.free();
    this.inner = null;
    this.cached = null;
  }
}
