// Step by step along the Grundy strip of a heap game (subtraction and octal games, Grundy's
// game, Lasker's Nim): g(0), g(1), … of a single heap, one heap at a time. A step shows heap n,
// what each move from it leaves as the game's heap rule states it (the core's `heap_options`:
// nothing, one heap a, or two heaps a + b, worth g(a) ⊕ g(b) by Sprague–Grundy, Winning Ways
// ch. 4), their values and the mex line, with strip cell n lit. Once the start's heaps are all
// revealed, the start's value is the XOR of theirs (Fenner & Rogers §2.5 Theorem 2.28). The
// sentences are pure functions (tests/www/); the class owns #strip-stepper.

import { heapOptions, messageOf } from './core.js';
import { revealStrip } from './grundy-strip.js';
import { count } from './panels.js';
import { quoted } from './link-text.js';
import { FOLLOWERS_SHOWN, mexLine, xorWords } from './steps-mode.js';

const $ = (id) => document.getElementById(id);

/** One move from a heap of `n` in words: "take 1, split → 3 + 1: g(3) ⊕ g(1) = 3 ⊕ 1 = 2". */
export function optionText(n, option) {
  const { removed, heaps, values, value } = option;
  const take = removed === n ? `take all ${n}` : `take ${removed}`;
  if (heaps.length === 0) return `${take} → nothing left: 0`;
  if (heaps.length === 1) return `${take} → ${heaps[0]}: g(${heaps[0]}) = ${value}`;
  const split = removed === 0 ? 'split' : `${take}, split`;
  return `${split} → ${heaps[0]} + ${heaps[1]}: g(${heaps[0]}) ⊕ g(${heaps[1]}) = ${values[0]} ⊕ ${values[1]} = ${value}`;
}

/** The mex line of heap n: "g(5) = mex{0, 1, 2, 3} = 4". */
export const heapMexLine = (n, options) => `g(${n}) = ${mexLine(options.map((o) => o.value))}`;

/** What the step means, in one sentence; `unit` is the board's word for a heap ("row" for pins). */
export function heapWords(step, unit = 'heap') {
  const { heap: n, grundy, options } = step;
  if (options.length === 0) return `A ${unit} of ${n} has no moves: its value is 0, a P-position.`;
  const zeros = options.filter((o) => o.value === 0).length;
  return grundy === 0
    ? `No move from a ${unit} of ${n} leaves value 0, so g(${n}) = 0: a ${unit} of ${n} alone is a P-position.`
    : `g(${n}) = ${grundy} ≠ 0: a ${unit} of ${n} alone is an N-position (${count(zeros)} ${zeros === 1 ? 'move leaves' : 'moves leave'} value 0).`;
}

/**
 * The start's value from the strip once its heaps are revealed: the XOR of its heaps' values
 * for two or more (`sum` is the core's nim-sum of the start), else the one heap's value.
 */
export function startWords(label, sum) {
  const rows = sum?.rows ?? [];
  if (rows.length >= 2) return xorWords(label, sum);
  if (rows.length === 1) return `The start is one ${sum.kind}: g(${label}) = ${rows[0].grundy}, ${rows[0].grundy === 0 ? 'a P-position' : 'an N-position'}.`;
  return '';
}

export class StripStepper {
  /** `onChange(strip)` keeps the address (the heap shown, '' for none). */
  constructor({ onChange }) {
    this.onChange = onChange;
    this.session = null;
    this.active = false;
    this.heap = -1;
    const on = (id, f) => $(id).addEventListener('click', f);
    on('strip-next', () => this.go(this.heap + 1));
    on('strip-back', () => this.go(this.heap - 1));
    on('strip-reset', () => this.go(-1));
    on('strip-start', () => this.go(this.largestStartHeap()));
  }

  /** Another game: the link's `strip` (a heap, or '') is checked against its strip. */
  setSession(session, page, notices) {
    this.session = session;
    this.strip = session.info.grundy_strip ?? null;
    this.heap = -1;
    // The board's word for a heap ("row" for rows of pins), on the buttons and in the sentences.
    this.unit = this.strip?.unit ?? 'heap';
    const Unit = this.unit.charAt(0).toUpperCase() + this.unit.slice(1);
    $('strip-back').textContent = `◀ ${Unit}`;
    $('strip-next').textContent = `${Unit} ▶`;
    if (page.strip === '') return;
    if (!this.strip) {
      notices.push(`strip=${quoted(page.strip)} applies only to heap games with a Grundy strip (subtraction and octal games, Grundy's game, Lasker's Nim); ignored.`);
      page.strip = '';
      return;
    }
    const last = this.strip.values.length - 1;
    this.heap = Number(page.strip);
    if (this.heap > last) {
      notices.push(`strip=${quoted(page.strip)} is past this game's Grundy strip: use 0 to ${last}. Showing heap ${last}.`);
      this.heap = last;
      page.strip = String(last);
    }
  }

  /**
   * Key presses in step by step while this stepper is the one on screen (main.js): → and ←
   * step the heaps, Home (or R) hides them all, End goes up to the start's heaps; true when the
   * key was one of these.
   */
  key(key) {
    const actions = {
      ArrowRight: () => this.go(this.heap + 1),
      ArrowLeft: () => this.go(this.heap - 1),
      Home: () => this.go(-1),
      r: () => this.go(-1),
      R: () => this.go(-1),
      End: () => this.go(this.largestStartHeap()),
    };
    // Own keys only: a key name must not find Object's methods.
    if (!this.active || !Object.hasOwn(actions, key)) return false;
    actions[key]();
    return true;
  }

  /** Whether this stepper's buttons are on screen and the position stepper's are not. */
  onScreen() {
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
    };
    return this.active && shown($('strip-next')) && !shown($('steps-step'));
  }

  /** The largest heap of the start that the strip holds. */
  largestStartHeap() {
    return Math.min(Math.max(0, ...this.strip.heaps), this.strip.values.length - 1);
  }

  setActive(on) {
    this.active = on && this.strip !== null;
    $('strip-stepper').hidden = !this.active;
    if (!this.strip) return;
    if (!this.active) {
      revealStrip(null);
      return;
    }
    this.render();
  }

  /** Shows heap `n` (clamped to −1 … the strip's last heap; −1: nothing revealed). */
  go(n) {
    this.heap = Math.max(-1, Math.min(this.strip.values.length - 1, n));
    this.render();
  }

  render() {
    const n = this.heap;
    const box = $('strip-stepper');
    revealStrip(n, n >= 0 ? n : null);
    $('strip-back').disabled = n < 0;
    $('strip-reset').disabled = n < 0;
    $('strip-next').disabled = n >= this.strip.values.length - 1;
    $('strip-start').disabled = n === this.largestStartHeap();
    const misere = this.session.info.play === 'misere';
    let step = null;
    if (n >= 0) {
      try {
        step = heapOptions(this.session.info.game, n);
      } catch (err) {
        $('strip-mex').textContent = messageOf(err);
      }
    }
    Object.assign(box.dataset, {
      heap: n >= 0 ? String(n) : '',
      grundy: step ? String(step.grundy) : '',
      mexOf: step ? step.options.map((o) => o.value).join(',') : '',
      options: step ? String(step.options.length) : '',
    });
    const list = $('strip-options');
    if (!step) {
      if (n < 0) {
        const u = this.unit;
        $('strip-mex').textContent = `g(n) = mex{values of what the moves from a ${u} of n leave}`;
        $('strip-words').textContent =
          `${$('strip-next').textContent} computes g(0), g(1), … one ${u} at a time: each move from a ${u} of n leaves smaller ${u}s, whose values are known by then; two ${u}s left are worth the XOR of their values.`;
      }
      list.replaceChildren();
      $('strip-xor').textContent = '';
      box.dataset.startValue = '';
      this.onChange(n >= 0 ? String(n) : '');
      return;
    }
    $('strip-mex').textContent = heapMexLine(n, step.options);
    $('strip-words').textContent = heapWords(step, this.unit) + (misere ? ' (Normal-play values: under misère play they do not add across heaps.)' : '');
    const items = step.options.slice(0, FOLLOWERS_SHOWN).map((o) => {
      const li = document.createElement('li');
      li.className = o.value === 0 ? 'p' : 'n';
      li.dataset.heaps = o.heaps.join(',');
      li.dataset.value = String(o.value);
      li.textContent = optionText(n, o);
      return li;
    });
    if (step.options.length === 0) items.push(Object.assign(document.createElement('li'), { className: 'none', textContent: 'no moves' }));
    if (step.options.length > FOLLOWERS_SHOWN) {
      items.push(Object.assign(document.createElement('li'), { className: 'more', textContent: `and ${count(step.options.length - FOLLOWERS_SHOWN)} more (their values are in the set above)` }));
    }
    list.replaceChildren(...items);
    // The start's value once every heap of it is on the revealed part of the strip.
    const root = this.session.info.root;
    const ready = !misere && this.strip.heaps.every((h) => h <= n);
    const sum = ready ? this.session.nimSum(root) : null;
    $('strip-xor').textContent = sum ? startWords(this.session.info.root_label, sum) : '';
    box.dataset.startValue = sum ? String(sum.total) : '';
    this.onChange(String(n));
  }
}
