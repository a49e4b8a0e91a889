// Switching between the page's modes (www/modes/, one module each, listed by its registry): the
// tabs, the layout of the mode shown (showMode, which needs no core, so main.js shows a link's
// mode before the core loads), and the modes' parts once it has loaded (Modes), to which the
// controller hands a new game, the graph's taps and the keys. No mode is named here.

import { makeModeMenu } from './mode-menu.js';
import { MODES, modeOf } from './modes/index.js';

const $ = (id) => document.getElementById(id);

/** The teaching panels some mode moves beside its own panel (their home is #theory-home). */
const THEORY = [...new Set(MODES.flatMap((m) => Object.keys(m.theory)))];

export class Modes {
  /** Each mode's parts, made now (`host` is the controller). */
  constructor(host) {
    this.host = host;
    this.parts = new Map(MODES.map((m) => [m.name, m.create?.(host) ?? {}]));
  }

  /** The parts of mode `name` (tests read play mode's `view`). */
  get(name) {
    return this.parts.get(name);
  }

  /** The parts of the mode shown. */
  get current() {
    return this.parts.get(modeOf(this.host.page.mode).name);
  }

  /** Another game: each mode reads its part of the page's values (a graph with cycles: only the modes that take one). */
  setSession(session, page, notices) {
    for (const m of MODES) if (!session.cyclic || !m.acyclic || m.everyGame) this.parts.get(m.name).setSession?.(session, page, notices);
  }

  /**
   * Shows mode `name`: its layout, then its parts, once every other mode has let go (the modes
   * that hide values let go of the graph first, so that the mode shown next can mark it). A graph
   * with cycles has none of the acyclic modes (their setSession was not called).
   */
  setMode(name) {
    const { host } = this;
    const entry = modeOf(name);
    host.page.mode = entry.name;
    showMode(entry);
    if (host.session.cyclic) {
      for (const m of MODES) if (m.acyclic && m.panel) $(m.panel).hidden = true;
      return;
    }
    for (const m of MODES) if (m !== entry) this.parts.get(m.name).setActive?.(false);
    this.current.setActive?.(true);
  }

  /** A position hovered or tapped on the graph, for the mode shown. */
  pick(id, at) {
    this.current.pick?.(id, at);
  }

  /** A key pressed (not in a field): whether the mode shown took it. */
  key(key) {
    return Boolean(this.current.key?.(key));
  }

  /** A link was opened: the mode shown may act on it (`current()`: nothing else came first since). */
  opened(notices, current) {
    const name = this.host.page.mode;
    this.current.opened?.(this.host.page, notices, () => current() && this.host.page.mode === name);
  }
}

/**
 * The layout of one mode, from its descriptor: the tab pressed, its panel shown (the others'
 * hidden), the shared parts of the page (`data-shared`) shown only when it lists them, and the
 * teaching panels (`theory`) moved into the slots it names (back home otherwise).
 * Needs no core: main.js calls it before the core has loaded, so a link opens in its mode.
 */
export function showMode(entry) {
  document.body.dataset.mode = entry.name;
  for (const m of MODES) {
    $(`mode-${m.name}`)?.setAttribute('aria-pressed', String(m === entry));
    if (m.panel && $(m.panel)) $(m.panel).hidden = m !== entry;
  }
  for (const node of document.querySelectorAll('[data-shared]')) {
    node.classList.toggle('off-mode', !entry.shows.includes(node.dataset.shared));
  }
  for (const id of THEORY) {
    const slot = $(entry.theory[id] ?? 'theory-home');
    if (slot && $(id) && $(id).parentElement !== slot) slot.append($(id));
  }
}

/** The mode tabs, one button per mode, before the Presentation button. */
export function makeTabs(onMode) {
  const list = $('mode-tab-list');
  list.replaceChildren(
    ...MODES.map((m) => {
      const b = Object.assign(document.createElement('button'), { type: 'button', id: `mode-${m.name}`, textContent: m.tab });
      b.setAttribute('aria-pressed', 'false');
      b.addEventListener('click', () => onMode(m.name));
      return b;
    }),
  );
  makeModeMenu(onMode);
}
