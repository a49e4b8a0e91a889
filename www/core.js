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
export const qrModules = (text) => wasm.qr_modules(text);
export const coreVersion = () => wasm.version();

/** A game and a UMDA run on it (the core's Session) plus views of its arrays. */
export class GameSession {
  constructor(spec) {
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
