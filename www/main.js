// Entry point: loads the wasm core, makes the views and the controller, and connects the
// page's keys, links, address changes and remaining buttons to them (the controls and sharing
// wire their own). No game logic here.

import { ChartView, SERIES } from './chart-view.js';
import { Controller } from './controller.js';
import { coreVersion, loadCore, messageOf } from './core.js';
import { GameForm } from './game-form.js';
import { GraphView } from './graph-view.js';
import { nextTask } from './in-parts.js';
import { resolve } from './lesson.js';
import { LESSONS, drawBar } from './lesson-bar.js';
import { LessonDraft } from './lesson-draft.js';
import { reducedMotion } from './motion.js';
import { makeTabs, showMode } from './modes.js';
import { copyText } from './panels.js';
import { modeOf } from './modes/index.js';
import { revealKey } from './reveal.js';
import { parseHash } from './state.js';

const $ = (id) => document.getElementById(id);

/** Messages for the person at the page: one `role=alert` box. */
const notices = {
  show(messages) {
    const box = $('notice');
    if (messages.length === 0) {
      notices.clear();
      return;
    }
    box.replaceChildren(...messages.map((m) => Object.assign(document.createElement('p'), { textContent: m })));
    box.hidden = false;
  },
  clear() {
    $('notice').replaceChildren();
    $('notice').hidden = true;
  },
};

function setState(state) {
  document.body.dataset.state = state;
}

/**
 * Counts the addresses the page has acted on (the one it opened with, then each hashchange) in
 * `data-opened` on <body>, so that a test that changes the address can wait for the page to
 * have read it.
 */
function opened() {
  document.body.dataset.opened = String(Number(document.body.dataset.opened ?? 0) + 1);
}

function wire(controller, form) {
  const on = (id, event, handler) => $(id).addEventListener(event, handler);
  on('fit', 'click', () => controller.graph.fit());
  on('present', 'click', () => controller.setPresent(document.body.dataset.present !== 'true'));
  on('export-png', 'click', () => controller.graph.savePng());
  on('qr-enlarge', 'click', () => controller.share.enlarge());
  on('export-csv', 'click', () => controller.chart.saveCsv());
  on('copy-bibtex', 'click', async () => {
    const ok = await copyText($('bibtex').textContent, $('bibtex-fallback'));
    $('bibtex-status').textContent = ok ? 'BibTeX copied.' : 'Select the BibTeX above and copy it.';
  });
  // The mode shown takes its keys (watching the learner: Space play/pause, → step, R reset) — not
  // while typing in a field or using a control.
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    const typing = t instanceof HTMLElement && Boolean(t.isContentEditable || t.closest('input, textarea, select'));
    // A lesson's PageDown / PageUp (a clicker) go to its next / previous slide wherever the focus
    // is (a slider or a menu would take them); B blanks the screen.
    if (controller.lesson.key(e.key, typing)) {
      e.preventDefault();
      return;
    }
    // Typing in a field (or moving a slider) is not a shortcut; on a button, Space and Enter
    // press the button.
    if (typing) return;
    if (t instanceof HTMLElement && t.closest('button, summary, a') && (e.key === ' ' || e.key === 'Enter')) return;
    // Not before the first opening has finished (it runs in parts: a mode may not have its game yet).
    if (document.body.dataset.state !== 'ready') return;
    // V, O, N, W, G reveal a part the link hid (reveal.js), before the mode's own keys.
    if (revealKey(e.key) || controller.modes.key(e.key)) e.preventDefault();
  });
  // In-page links scroll without touching the address, which holds the state.
  document.addEventListener('click', (e) => {
    const link = e.target instanceof Element && e.target.closest('a[data-scroll]');
    if (!link) return;
    e.preventDefault();
    document.getElementById(link.dataset.scroll)?.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth' });
  });
  // Editing the address by hand restores that state; a bare anchor (no key=value) is not a
  // state, so the address is put back.
  window.addEventListener('hashchange', (event) => {
    // The address the edit went to: the page may have rewritten its own since (a run that ends,
    // a slider), and that must not undo the edit.
    const wanted = new URL(event.newURL).hash;
    if (location.hash !== wanted) history.replaceState(null, '', wanted || location.href.split('#')[0]);
    if (!location.hash.includes('=')) {
      controller.updateUrl();
    } else {
      controller.lesson.open();
      form.show(controller.session.info.game);
    }
    opened();
  });
}

function legend() {
  const list = $('chart-legend');
  for (const series of SERIES) {
    const li = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.borderTop = `3px ${series.dash.length ? 'dashed' : 'solid'} ${series.colour}`;
    li.append(swatch, series.label);
    // A rule's line shows only while a rule learns, UMDA's only while UMDA does.
    li.className = series.learner === 'rule' ? 'rule-only' : 'umda-only';
    list.append(li);
  }
}

/**
 * What the page can show before the core has loaded: the mode tabs, the linked mode's tab and
 * layout, presentation mode, and a lesson's bar (k / n, title, caption), read from the address
 * and the lessons alone (the core checks the rest later). A tab pressed while the core loads is
 * remembered for when it is there.
 */
function firstPaint() {
  const { state, lesson, index } = resolve(location.hash, LESSONS);
  const { page } = parseHash(`#${state}`);
  // The bar in the place index.html kept for it (body[data-lesson='pending']); the slide's app
  // stays unseen until the core has filled it (style.css), so it appears in its place.
  drawBar(lesson ? { lesson, index } : null);
  let early = null;
  makeTabs((mode) => {
    if (window.impartial) window.impartial.controller.setMode(mode);
    else {
      early = mode;
      showMode(modeOf(mode));
    }
  });
  showMode(modeOf(page.mode));
  document.body.dataset.present = String(page.present === '1');
  return () => early;
}

async function main() {
  setState('loading');
  const earlyMode = firstPaint();
  try {
    await loadCore();
  } catch (err) {
    $('status').textContent = '';
    notices.show([
      'Could not load the WebAssembly core (pkg/impartial.js). Build it and serve the page with scripts/serve. ' +
        `(${err instanceof Error ? err.message : err})`,
    ]);
    setState('unavailable');
    return;
  }
  $('core-version').textContent = `Core version ${coreVersion()}.`;
  legend();
  let controller;
  // A pick on the graph goes to the controller (made later): the hover card, and the board.
  const graphView = new GraphView($('graph'), {
    onPick: (id, at) => document.body.dataset.state === 'ready' && controller.pick(id, at),
  });
  controller = new Controller({ graphView, chartView: new ChartView($('chart')), notices });
  const form = new GameForm(
    {
      form: $('game-form'),
      family: $('family'),
      params: $('family-params'),
      play: $('play-rule'),
      preset: $('preset'),
      specInput: $('spec-input'),
      estimateOut: $('estimate'),
      specError: $('spec-error'),
    },
    {
      onBuild: (spec) => {
        const error = controller.build(spec);
        if (!error) form.show(controller.session.info.game);
        return error;
      },
      // Böhme's examples bring their rule and its opponent, the others keep the learner; an
      // example may open in a mode of its own (step by step).
      onPreset: (preset) => {
        if (preset?.learner) Object.assign(controller.page, { learner: preset.learner, opponent: preset.opponent });
        if (preset?.mode) controller.page.mode = preset.mode;
        // Lesson examples bring the learner's settings (μ, γ, seed) as page keys.
        if (preset?.page) for (const [key, value] of new URLSearchParams(preset.page)) controller.page[key] = value;
      },
    },
  );
  // A drawn game's spec goes into the form as a built one does.
  controller.draw.onBuilt = () => form.show(controller.session.info.game);
  wire(controller, form);
  // Each address opens on its own first screen (lesson-bar.js, controller.js), not where the
  // browser last was.
  history.scrollRestoration = 'manual';
  // The first opening in parts, each its own task (controller.js): the views made above, the
  // game built, its panels, the modes, the mode shown.
  await controller.lesson.open(location.hash, nextTask);
  // Any view can become a slide of one's own lesson (without presentation mode).
  new LessonDraft(() => {
    const spec = controller.session.info.game;
    return { state: controller.link(spec, { present: '0' }).slice(1), caption: `${modeOf(controller.page.mode).tab}: ${spec.replace(/^game=/, '').replaceAll('&', ' ')}` };
  });
  if (earlyMode()) controller.setMode(earlyMode());
  form.show(controller.session.info.game);
  opened();
  $('status').textContent = '';
  setState('ready');
  // Hooks for the browser tests and the benchmark (documented in README).
  window.impartial = { controller, graphView };
}

/**
 * A published copy (scripts/publish) works offline once opened: it registers ../sw.js, which
 * sits beside index.html and so covers the whole folder. Only there: its index.html carries
 * <meta name="impartial-version">, which the repository's does not, so scripts/serve and the
 * browser tests never run a worker (see sw.js for why it answers from the network first).
 * `data-offline` on <body> says `ready` once a worker controls the page (tests wait for it).
 */
function offline() {
  const meta = document.querySelector('meta[name="impartial-version"]');
  if (!meta || !('serviceWorker' in navigator)) return;
  const controlled = () => {
    document.body.dataset.offline = 'ready';
  };
  if (navigator.serviceWorker.controller) controlled();
  navigator.serviceWorker.addEventListener('controllerchange', controlled);
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url)).catch((err) => {
    // The page works without it; only the offline copy is missing.
    document.body.dataset.offline = 'unavailable';
    console.warn(`The page will not work offline: ${err instanceof Error ? err.message : err}`);
  });
}

offline();
main().catch((err) => {
  // Last resort: the page must never fail silently.
  notices.show([messageOf(err)]);
  setState('error');
});
