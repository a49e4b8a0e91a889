// The page's modes besides watching a learner: play (play-mode.js), strategy against strategy
// (duel-mode.js) and Grundy values step by step (steps-mode.js). This module switches between
// them and passes what they change to the address and the graph; `host` is the controller.

import { DuelMode } from './duel-mode.js';
import { renderNimSum } from './nim-sum-view.js';
import { PlayMode } from './play-mode.js';
import { MODES } from './state.js';
import { StepsMode } from './steps-mode.js';

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
      onChange: (step) => {
        host.page.step = step;
        host.updateUrl();
      },
    });
  }

  /** Another (acyclic) game: each mode reads its part of the page's values. */
  setSession(session, page, notices) {
    this.play.setSession(session, page, notices);
    this.duel.setSession(session, page, notices);
    this.steps.setSession(session, page, notices);
  }

  /** Shows the panel of `mode` and hides the others' (the run is not touched). */
  setMode(mode) {
    const { host } = this;
    host.page.mode = mode;
    document.body.dataset.mode = mode;
    for (const m of MODES) $(`mode-${m}`).setAttribute('aria-pressed', String(m === mode));
    // A graph with cycles has none of these modes (their setSession was not called).
    if (host.session.cyclic) {
      for (const id of ['play-panel', 'duel-panel', 'steps-panel']) $(id).hidden = true;
      return;
    }
    // Step by step lets go of the graph first, so that the mode shown next can mark it.
    if (mode !== 'steps') this.steps.setActive(false);
    this.play.setActive(mode === 'play');
    this.duel.setActive(mode === 'duel');
    if (mode === 'steps') this.steps.setActive(true);
  }

  /** The game in play mode has changed: the address keeps its position, the graph its path. */
  gameChanged({ at, path, active }) {
    const { host } = this;
    host.page.at = at;
    renderNimSum(host.session.nimSum(active ? path.at(-1) : host.session.info.root));
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
