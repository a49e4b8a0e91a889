// The game form: a family with its parameters (or a spec typed whole), presets for the paper's
// examples, and the size of the instance shown before it is built. Validation is the core's:
// the form only composes spec text and shows the core's sentence beside the field.

import { estimate, messageOf } from './core.js';

/**
 * Each family's parameters: key, label, example value. A Map, because it is looked up by text
 * from the address: a plain object would also "have" `__proto__`, `constructor`, `toString`…
 */
export const FAMILIES = new Map([
  ['subtraction', { name: 'Subtraction game', params: [['moves', 'Moves (amounts to take)', '1,2'], ['heap', 'Heap', '7']] }],
  ['nim', { name: 'Nim', params: [['heaps', 'Heaps', '3,4,5']] }],
  ['silver-dollar', { name: 'Silver Dollar', params: [['coins', 'Coins', '3'], ['squares', 'Squares', '8']] }],
  ['turning-turtles', { name: 'Turning Turtles', params: [['coins', 'Coins', '6']] }],
  ['chomp', { name: 'Chomp', params: [['rows', 'Rows', '4'], ['cols', 'Columns', '4']] }],
  ['wythoff', { name: "Wythoff's game", params: [['heaps', 'Heaps (two)', '5,8']] }],
  ['poset', { name: 'Poset game', params: [['poset', 'Poset expression', '(C2+A2)/C1']] }],
  ['dag', { name: 'Custom graph', params: [['edges', 'Moves (from-to, comma separated)', 'v0-a,v0-b,a-c,b-c,b-e,c-e'], ['root', 'Start position', 'v0']] }],
]);

/** The paper's examples (seed 000 §6) and a few more. The first is the page's default. */
export const PRESETS = [
  ['SubtractionNim²₇ (the paper’s running example)', 'game=subtraction&moves=1,2&heap=7'],
  ['SilverDollar: 3 coins on 8 squares', 'game=silver-dollar&coins=3&squares=8'],
  ['TurningTurtles with 6 coins', 'game=turning-turtles&coins=6'],
  ['Chomp 4 × 4', 'game=chomp&rows=4&cols=4'],
  ['Nim 3, 4, 5', 'game=nim&heaps=3,4,5'],
  ['Wythoff 5, 8', 'game=wythoff&heaps=5,8'],
  ['A poset: (C2 + A2) / C1', 'game=poset&poset=(C2+A2)/C1'],
  ['A custom graph', 'game=dag&edges=v0-a,v0-b,v0-d,a-c,b-c,b-e,c-e&root=v0'],
  ['Misère Nim 1, 2, 3', 'game=nim&heaps=1,2,3&play=misere'],
  ['Subtraction {1, 3, 4}, heap 30', 'game=subtraction&moves=1,3,4&heap=30'],
];

function pairsOf(spec) {
  const map = new Map();
  for (const pair of spec.split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0) map.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return map;
}

export class GameForm {
  /** `onBuild(spec)` is called with the spec to build; it returns an error message or null. */
  constructor(els, { onBuild }) {
    this.els = els;
    this.onBuild = onBuild;
    for (const [key, family] of FAMILIES) els.family.add(new Option(family.name, key));
    els.preset.add(new Option('Choose an example…', ''));
    for (const [label, spec] of PRESETS) els.preset.add(new Option(label, spec));
    els.family.addEventListener('change', () => {
      this.renderParams(els.family.value, new Map());
      this.composeSpec();
    });
    els.play.addEventListener('change', () => this.composeSpec());
    els.preset.addEventListener('change', () => {
      if (els.preset.value === '') return;
      this.show(els.preset.value);
      this.submit();
    });
    els.specInput.addEventListener('input', () => this.showEstimate(els.specInput.value.trim()));
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
    if (FAMILIES.has(family)) {
      this.els.family.value = family;
      this.renderParams(family, pairs);
    }
    this.els.play.value = pairs.get('play') === 'misere' ? 'misere' : 'normal';
    this.showEstimate(spec);
  }

  renderParams(family, pairs) {
    const box = this.els.params;
    box.replaceChildren();
    for (const [key, label, example] of FAMILIES.get(family).params) {
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
      input.value = pairs.has(key) ? decodeSafe(pairs.get(key)) : example;
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

  /** Item 2: the size, against the page's budget, before building. */
  showEstimate(spec) {
    const { estimateOut, specError } = this.els;
    if (spec === '') {
      estimateOut.textContent = '';
      return;
    }
    try {
      const size = estimate(spec);
      const bound = size.bound === 'exact' ? '' : `${size.bound} `;
      estimateOut.textContent =
        `${bound}${size.positions_text} positions and ${size.edges_text} moves ` +
        `(the page builds up to ${size.max_positions.toLocaleString('en')} positions and ${size.max_edges.toLocaleString('en')} moves).`;
      this.setError(size.refused);
    } catch (err) {
      estimateOut.textContent = '';
      this.setError(messageOf(err));
    }
  }

  setError(message) {
    this.els.specError.textContent = message ?? '';
    this.els.specError.hidden = !message;
    this.els.specInput.setAttribute('aria-invalid', message ? 'true' : 'false');
  }

  submit() {
    const spec = this.els.specInput.value.trim();
    if (spec === '') {
      this.setError('Type a game spec, e.g. game=nim&heaps=3,4,5, or choose an example.');
      return;
    }
    const error = this.onBuild(spec);
    this.setError(error);
  }
}

function decodeSafe(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
