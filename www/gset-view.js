// How the g-set algebra of Fenner & Rogers §3.1 finds a poset's value without its graph, on request:
// the steps as a list (parts before their union) and a Hasse diagram of the start drawn from
// the expression's structure (parallel parts side by side, series parts stacked, top part
// above), on which the chosen step's part is outlined and the parts its rule combines are boxed
// with their values. The core gives each step its kind, its parts and its run of elements
// (GsetStep in src/games/poset.rs); nothing here knows a rule but by those.

import { svgElement as el } from './board-view.js';

const $ = (id) => document.getElementById(id);
/** Space between the parts of a union, in element cells; boxes sit inside it. */
const GAP = 1;
const FONT = { 'font-family': 'system-ui, sans-serif' };
/** The rule behind each kind of step, as the diagram labels it. */
const RULE = { chain: 'a chain', antichain: 'an antichain', parallel: 'Fact 3.1', series: 'Lemma 3.2', same: 'written out' };

/**
 * Fills the g-set box for `info` (hidden unless the core gave steps); `startView()` gives the
 * start's board view (a poset), asked only when there are steps.
 */
export function renderGsetSteps(info, startView) {
  const box = $('gset-steps');
  const steps = info.gset_steps;
  box.hidden = !steps;
  if (!steps) return;
  box.dataset.grundy = String(steps.at(-1).grundy);
  const view = startView();
  const list = $('gset-step-list');
  const buttons = steps.map((step, i) => {
    const button = Object.assign(document.createElement('button'), { type: 'button', className: 'gset-step' });
    button.dataset.step = String(i);
    const part = Object.assign(document.createElement('code'), { textContent: step.part });
    button.append(part, ` — ${step.rule}. g-set {${step.gset.join(', ')}}, value mex = ${step.grundy}.`);
    button.addEventListener('click', () => choose(i));
    const item = document.createElement('li');
    item.append(button);
    return item;
  });
  list.replaceChildren(...buttons);
  const choose = (i) => {
    for (const item of buttons) {
      const button = item.firstChild;
      button.setAttribute('aria-pressed', String(button.dataset.step === String(i)));
    }
    drawDiagram($('gset-diagram'), view, steps, i);
    $('gset-diagram-caption').textContent = caption(steps, i);
  };
  // The whole poset first: its rule is the last one applied.
  choose(steps.length - 1);
}

/** One sentence on the chosen step: which rule combines which parts, and the result. */
function caption(steps, i) {
  const step = steps[i];
  const values = (list) => list.map((j) => `${steps[j].part} (g = ${steps[j].grundy})`).join(', ');
  const result = `g-set {${step.gset.join(', ')}}, so g(${step.part}) = mex = ${step.grundy}.`;
  switch (step.kind) {
    case 'parallel':
      return `Fact 3.1 combines the boxed parts side by side, ${values(step.parts)}: ${result}`;
    case 'series':
      return `Lemma 3.2 puts each boxed part over the next, top first, ${values(step.parts)}: ${result}`;
    case 'same':
      return `${step.part} is ${steps[step.parts[0]].part}, boxed: ${result}`;
    default:
      return `${step.part} is ${step.kind === 'chain' ? 'a chain' : 'an antichain'}: ${result}`;
  }
}

/**
 * Places every step's part in a box of element cells, by the expression's structure: returns
 * per step { x, y, w, h } and per element its cell centre. Steps come children first, so the
 * last is the whole poset.
 */
function layout(steps) {
  const size = new Array(steps.length);
  steps.forEach((step, i) => {
    const n = step.elements[1] - step.elements[0];
    const kids = step.parts.map((j) => size[j]);
    const gaps = Math.max(0, kids.length - 1) * GAP;
    if (step.kind === 'chain') size[i] = { w: 1, h: n };
    else if (step.kind === 'antichain') size[i] = { w: n, h: 1 };
    else if (step.kind === 'parallel') size[i] = { w: kids.reduce((s, k) => s + k.w, 0) + gaps, h: Math.max(...kids.map((k) => k.h)) };
    else if (step.kind === 'series') size[i] = { w: Math.max(...kids.map((k) => k.w)), h: kids.reduce((s, k) => s + k.h, 0) + gaps };
    else size[i] = { ...kids[0] };
  });
  const box = new Array(steps.length);
  const cell = new Map();
  const place = (i, x, y) => {
    const step = steps[i];
    const { w, h } = size[i];
    box[i] = { x, y, w, h };
    const [first, end] = step.elements;
    if (step.kind === 'chain') for (let e = first; e < end; e++) cell.set(e, { x: x + 0.5, y: y + h - (e - first) - 0.5 });
    else if (step.kind === 'antichain') for (let e = first; e < end; e++) cell.set(e, { x: x + (e - first) + 0.5, y: y + 0.5 });
    else if (step.kind === 'parallel') {
      // Side by side, minimal elements on one line.
      let at = x;
      for (const j of step.parts) {
        place(j, at, y + h - size[j].h);
        at += size[j].w + GAP;
      }
    } else if (step.kind === 'series') {
      let at = y;
      for (const j of step.parts) {
        place(j, x + (w - size[j].w) / 2, at);
        at += size[j].h + GAP;
      }
    } else place(step.parts[0], x, y);
  };
  place(steps.length - 1, 0, 0);
  return { box, cell, size: size.at(-1) };
}

/** Draws the start's Hasse diagram with step `chosen`'s part outlined and its parts boxed. */
function drawDiagram(svg, view, steps, chosen) {
  const { box, cell, size } = layout(steps);
  const margin = 0.6;
  const top = 1; // room for the chosen part's label
  const step = steps[chosen];
  const [first, end] = step.elements;
  const inside = (e) => e >= first && e < end;
  const nodes = [];
  // The chosen part's label sits above its box, its parts' labels inside theirs (top left).
  const outline = (b, pad, cls, label, index, above) => {
    nodes.push(el('rect', { x: b.x - pad, y: b.y - pad, width: b.w + 2 * pad, height: b.h + 2 * pad, rx: 0.25, class: cls, 'data-step': index }));
    const y = above ? b.y - pad - 0.1 : b.y - pad + 0.3;
    nodes.push(el('text', { x: b.x - pad + 0.08, y, 'font-size': 0.26, class: `${cls}-label`, ...FONT }, label));
  };
  outline(box[chosen], 0.5, 'gset-part', `${RULE[step.kind]}: g = ${step.grundy}`, chosen, true);
  for (const j of step.parts) outline(box[j], 0.36, 'gset-child', `g = ${steps[j].grundy}`, j, false);
  for (const [lo, hi] of view.covers) {
    const [a, b] = [cell.get(lo), cell.get(hi)];
    nodes.push(el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: `cover${inside(lo) && inside(hi) ? '' : ' faded'}` }));
  }
  view.elements.forEach((name, e) => {
    const at = cell.get(e);
    const g = el('g', { class: `element${inside(e) ? ' in-part' : ' removed'}`, 'data-part': `p${e}` });
    g.append(el('circle', { cx: at.x, cy: at.y, r: 0.28 }));
    g.append(el('text', { x: at.x, y: at.y + 0.1, 'text-anchor': 'middle', 'font-size': name.length > 2 ? 0.2 : 0.28, ...FONT }, name));
    nodes.push(g);
  });
  svg.setAttribute('viewBox', `${-margin} ${-top} ${size.w + 2 * margin} ${size.h + margin + top}`);
  svg.style.aspectRatio = `${size.w + 2 * margin} / ${size.h + margin + top}`;
  svg.dataset.step = String(chosen);
  svg.dataset.elements = `${first}-${end}`;
  svg.setAttribute('aria-label', `Hasse diagram of the start: ${caption(steps, chosen)}`);
  svg.replaceChildren(...nodes);
}
