// The game form: a family with its parameters (or a spec typed whole), the paper's examples, and
// the size of the instance shown before it is built. The families, their keys and the examples
// come from the core (catalogue()), and so does validation: the form only composes spec text
// and shows the core's sentence beside the field.

import { catalogue, estimate, messageOf } from './core.js';
import { KnownValues } from './known.js';
import { count } from './panels.js';
import { decode } from './state.js';

/** Typing pauses this long (ms) before the spec's size is worked out: not once per keystroke. */
export const TYPING_PAUSE = 200;

function pairsOf(spec) {
  const map = new Map();
  for (const pair of spec.split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0) map.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return map;
}

export class GameForm {
  /**
   * `onBuild(spec)` is called with the spec to build; it returns an error message or null.
   * `onPreset(preset)` is called before an example is built, with its learner and opponent
   * (Böhme's examples come with the rule they show).
   */
  constructor(els, { onBuild, onPreset }) {
    this.els = els;
    this.onBuild = onBuild;
    this.known = new KnownValues();
    this.typing = null;
    const { families, presets } = catalogue();
    // A Map, because it is looked up by text from the address: a plain object would also "have"
    // `__proto__`, `constructor`, `toString`…
    this.families = new Map(families.map((f) => [f.name, f]));
    // The shortest example is the hint for an empty spec field.
    this.hint = presets.map((p) => p.spec).reduce((a, b) => (b.length < a.length ? b : a));
    for (const family of families) els.family.add(new Option(family.title, family.name));
    els.preset.add(new Option('Choose an example…', ''));
    for (const { title, spec } of presets) els.preset.add(new Option(title, spec));
    els.family.addEventListener('change', () => {
      this.renderParams(els.family.value, new Map());
      this.composeSpec();
    });
    els.play.addEventListener('change', () => this.composeSpec());
    els.preset.addEventListener('change', () => {
      if (els.preset.value === '') return;
      // By position: several examples share a game and differ in the learner's settings.
      onPreset?.(presets[els.preset.selectedIndex - 1]);
      this.show(els.preset.value);
      this.submit();
    });
    els.specInput.addEventListener('input', () => {
      clearTimeout(this.typing);
      els.estimateOut.dataset.spec = '';
      this.typing = setTimeout(() => this.showEstimate(els.specInput.value.trim()), TYPING_PAUSE);
    });
    els.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
  }

  /** Fills the fields from a spec (as far as it can be read) without building. */
  show(spec) {
    const pairs = pairsOf(spec);
    const family = pairs.get('game');
    this.els.specInput.value = spec;
    if (this.families.has(family)) {
      this.els.family.value = family;
      this.renderParams(family, pairs);
    }
    this.els.play.value = pairs.get('play') === 'misere' ? 'misere' : 'normal';
    this.showEstimate(spec);
  }

  renderParams(family, pairs) {
    const box = this.els.params;
    box.replaceChildren();
    for (const { key, label, example } of this.families.get(family).keys) {
      const id = `param-${key}`;
      const wrap = document.createElement('div');
      wrap.className = 'field';
      const lab = document.createElement('label');
      lab.htmlFor = id;
      lab.textContent = label;
      const input = document.createElement('input');
      input.id = id;
      input.type = 'text';
      input.spellcheck = false;
      input.dataset.key = key;
      input.value = pairs.has(key) ? decode(pairs.get(key)) : example;
      input.addEventListener('input', () => this.composeSpec());
      wrap.append(lab, input);
      box.append(wrap);
    }
  }

  /** The spec the fields describe, into the spec field, with its size. */
  composeSpec() {
    const parts = [`game=${this.els.family.value}`];
    for (const input of this.els.params.querySelectorAll('input')) parts.push(`${input.dataset.key}=${input.value.trim()}`);
    if (this.els.play.value === 'misere') parts.push('play=misere');
    const spec = parts.join('&');
    this.els.specInput.value = spec;
    this.showEstimate(spec);
  }

  /**
   * The size, against the page’s budget, before building. `#estimate`'s data-spec names the
   * spec it is for (the tests wait for it), data-known is `pending` while what theory knows of
   * a game too large to build is worked out, then `done`; data-estimates and data-asked count
   * the sizes worked out and the questions put to the worker.
   */
  showEstimate(spec) {
    const { estimateOut } = this.els;
    clearTimeout(this.typing);
    this.known.cancel();
    estimateOut.dataset.spec = spec;
    estimateOut.dataset.known = '';
    estimateOut.dataset.estimates = String(Number(estimateOut.dataset.estimates ?? 0) + 1);
    if (spec === '') {
      estimateOut.textContent = '';
      return;
    }
    try {
      const size = estimate(spec);
      const bound = size.bound === 'exact' ? '' : `${size.bound} `;
      estimateOut.textContent =
        `${bound}${size.positions_text} positions and ${size.edges_text} moves ` +
        `(the page builds up to ${count(size.max_positions)} positions and ${count(size.max_edges)} moves).`;
      this.setError(size.refused);
      if (size.refused) this.showKnown(spec);
    } catch (err) {
      estimateOut.textContent = '';
      this.setError(messageOf(err));
      this.showKnown(spec);
    }
  }

  /** A game too large to build may still have a value by theory: said beside the size when the worker has it. */
  showKnown(spec) {
    const out = this.els.estimateOut;
    out.dataset.known = 'pending';
    const answer = this.known.ask(spec);
    out.dataset.asked = String(this.known.asked);
    answer.then((known) => {
      if (known === undefined || out.dataset.spec !== spec) return; // another spec since
      if (known) out.textContent = known.line;
      out.dataset.known = 'done';
    });
  }

  setError(message) {
    this.els.specError.textContent = message ?? '';
    this.els.specError.hidden = !message;
    this.els.specInput.setAttribute('aria-invalid', message ? 'true' : 'false');
  }

  submit() {
    clearTimeout(this.typing); // the build's own message stands, not a late size line
    const spec = this.els.specInput.value.trim();
    if (spec === '') {
      this.setError(`Type a game spec, e.g. ${this.hint}, or choose an example.`);
      return;
    }
    const error = this.onBuild(spec);
    this.setError(error);
  }
}

