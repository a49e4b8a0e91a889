// The page's modes besides watching a learner: play (play-mode.js), strategy against strategy
// (duel-mode.js), Grundy values step by step (steps-mode.js), your turn to compute
// (quiz-mode.js) and find the winning move (puzzle-mode.js). This module switches between
// them and passes what they change to the address and the graph; `host` is the controller.
// The layout of every mode (tabs, panels, what shows where) comes from state.js's MODE_TABLE
// through showMode, which needs no core, so main.js shows a link's mode before the core loads.

import { DuelMode } from './duel-mode.js';
import { heapsOf, markHeaps } from './grundy-strip.js';
import { renderNimSum } from './nim-sum-view.js';
import { PlayMode } from './play-mode.js';
import { PuzzleMode } from './puzzle-mode.js';
import { QuizMode } from './quiz-mode.js';
import { MODE_TABLE, formatHash, modeOf } from './state.js';
import { StepsMode } from './steps-mode.js';
import { StripStepper } from './strip-stepper.js';

const $ = (id) => document.getElementById(id);

export class Modes {
  constructor(host) {
    this.host = host;
    this.play = new PlayMode({
      onChange: (game) => this.gameChanged(game),
      onOptions: (options) => {
        // While a rule learns, the link's `opponent` is the rule's: play mode's stays unwritten.
        const { opponent, ...rest } = options;
        Object.assign(host.page, host.rules.active ? rest : options);
        host.updateUrl();
      },
    });
    this.duel = new DuelMode({ onChange: (duel) => this.duelChanged(duel) });
    this.steps = new StepsMode({
      graph: host.graph,
      card: host.card,
      onChange: ({ step, order }) => {
        Object.assign(host.page, { step, order });
        host.updateUrl();
      },
    });
    // Heap games: step by step along the Grundy strip too.
    this.strip = new StripStepper({
      onChange: (strip) => {
        host.page.strip = strip;
        host.updateUrl();
      },
    });
    const keep = (key) => (value) => {
      host.page[key] = value;
      host.updateUrl();
    };
    this.quiz = new QuizMode({ graph: host.graph, card: host.card, onChange: keep('quiz') });
    this.puzzle = new PuzzleMode({
      graph: host.graph,
      card: host.card,
      onChange: keep('puzzles'),
      // Another game's puzzles: the same seed and presentation, no answers yet.
      link: (spec) => formatHash(spec, { ...host.page, mode: 'puzzle', puzzles: '' }),
    });
  }

  /** Another (acyclic) game: each mode reads its part of the page's values. */
  setSession(session, page, notices) {
    this.play.setSession(session, page, notices);
    this.duel.setSession(session, page, notices);
    this.steps.setSession(session, page, notices);
    this.strip.setSession(session, page, notices);
    this.quiz.setSession(session, page, notices);
    this.puzzle.setSession(session, page, notices);
  }

  /**
   * Shows the panel of `mode` and what its table entry lists, hides the others' (the learner's
   * run is the controller's to pause).
   */
  setMode(mode) {
    const { host } = this;
    host.page.mode = mode;
    showMode(modeOf(mode));
    // A graph with cycles has none of these modes (their setSession was not called).
    if (host.session.cyclic) {
      for (const m of MODE_TABLE) if (m.acyclic && m.panel) $(m.panel).hidden = true;
      return;
    }
    // The modes that hide values let go of the graph first, so that the mode shown next can mark it.
    const hiders = [['steps', this.steps], ['steps', this.strip], ['quiz', this.quiz], ['puzzle', this.puzzle]];
    for (const [name, hider] of hiders) if (mode !== name) hider.setActive(false);
    this.play.setActive(mode === 'play');
    this.duel.setActive(mode === 'duel');
    if (mode === 'steps') {
      this.steps.setActive(true);
      this.strip.setActive(true);
    }
    if (mode === 'quiz') this.quiz.setActive(true);
    if (mode === 'puzzle') this.puzzle.setActive(true);
  }

  /** The game in play mode has changed: the address keeps its position, the graph its path. */
  gameChanged({ at, path, active, played, hint }) {
    const { host } = this;
    host.page.at = at;
    host.page.played = played;
    host.page.hint = hint;
    renderNimSum(host.session.nimSum(active ? path.at(-1) : host.session.info.root));
    if (host.session.info.grundy_strip) markHeaps(active ? heapsOf(host.session.view(path.at(-1))) : null);
    // Out of play mode, a rule's last play keeps the graph's path.
    if (active || !host.rules.active) host.graph.setMarks(active ? { current: path.at(-1), path } : null);
    host.updateUrl();
  }

  /** The strategies mode's play has changed: the address keeps x and y, the graph the play shown. */
  duelChanged({ x, y, path, current, active }) {
    const { host } = this;
    host.page.x = x;
    host.page.y = y;
    if (active) host.graph.setMarks({ current, path });
    host.updateUrl();
  }
}

/**
 * The layout of one mode, from its table entry: the tab pressed, its panel shown (the others'
 * hidden), parts marked `data-modes` shown only in the modes they list, and the teaching panels
 * (`theory`) moved into the slots the table names (back into the game panel otherwise).
 * Needs no core: main.js calls it before the core has loaded, so a link opens in its mode.
 */
export function showMode(entry) {
  document.body.dataset.mode = entry.name;
  for (const m of MODE_TABLE) {
    $(`mode-${m.name}`)?.setAttribute('aria-pressed', String(m.name === entry.name));
    if (m.panel) $(m.panel).hidden = m.name !== entry.name;
  }
  for (const node of document.querySelectorAll('[data-modes]')) {
    node.classList.toggle('off-mode', !node.dataset.modes.split(' ').includes(entry.name));
  }
  for (const id of ['nim-sum', 'grundy-strip']) {
    const slot = $(entry.theory[id] ?? 'theory-home');
    if (slot && $(id).parentElement !== slot) slot.append($(id));
  }
}

/** The mode tabs, one button per entry of the table, before the Presentation button. */
export function makeTabs(onMode) {
  const list = $('mode-tab-list');
  list.replaceChildren(
    ...MODE_TABLE.map((m) => {
      const b = Object.assign(document.createElement('button'), { type: 'button', id: `mode-${m.name}`, textContent: m.tab });
      b.setAttribute('aria-pressed', 'false');
      b.addEventListener('click', () => onMode(m.name));
      return b;
    }),
  );
}
