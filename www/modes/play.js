// Play the game: a person plays on the board against the perfect player, UMDA's model, a random
// player or another person (play-mode.js draws the panel and explains each move). The link keeps
// the opponent, who moves first, the position and the moves played; the graph shows the game's
// path, the nim-sum table and the Grundy strip the position on the board.

import { heapsOf, markHeaps } from '../grundy-strip.js';
import { oneOf } from '../link-text.js';
import { nimSumOf, renderNimSum } from '../nim-sum-view.js';
import { PlayMode } from '../play-mode.js';
import { ALL_OPPONENTS, FIRSTS, isRule } from '../players.js';

export default {
  name: 'play',
  tab: 'Play the game',
  keys: [
    // Who plays the computer's side; the same key names a rule's opponent while a rule learns
    // (players.js), so it is written then too.
    { key: 'opponent', default: 'perfect', parse: (t) => oneOf(t, 'opponent', ALL_OPPONENTS), written: (page, on) => on || isRule(page.learner) },
    { key: 'first', default: 'person', parse: (t) => oneOf(t, 'first', FIRSTS) },
    // The label of the position on the board (the core checks it against the game).
    { key: 'at', default: '', parse: (t) => t, perGame: true },
    // Hints shown (written only when on).
    { key: 'hint', default: '0', parse: (t) => oneOf(t, 'hint', ['0', '1']), written: 'mode-set' },
    // The moves played from `at`, as position labels joined by `~` (the core checks each is a
    // move of the one before), so that Undo works after a link is re-opened.
    { key: 'played', default: '', parse: (t) => t, written: 'mode-set', perGame: true },
  ],
  acyclic: true,
  cyclic: 'This graph has cycles, and play mode needs an acyclic game (Benford & Lehre §2), so it is hidden: showing learn mode instead.',
  learner: false,
  shows: ['graph'],
  panel: 'play-panel',
  // Beside the board: the nim-sum of the position on it (heap games), else the Grundy strip.
  theory: { 'nim-sum': 'play-theory', 'grundy-strip': 'play-theory' },
  teach: 'nim-sum',
  create(host) {
    const view = new PlayMode({
      // The address keeps the position and the moves; the graph the game's path; the nim-sum
      // table and the Grundy strip the position on the board.
      onChange: ({ at, path, active, played, hint }) => {
        const s = host.session;
        renderNimSum(nimSumOf(s, active ? path.at(-1) : s.info.root));
        if (s.info.grundy_strip) markHeaps(active ? heapsOf(s.view(path.at(-1))) : null);
        // Out of play mode, a rule's last play keeps the graph's path.
        if (active || !host.rules.active) host.graph.setMarks(active ? { current: path.at(-1), path } : null);
        host.keep({ at, played, hint });
      },
      onOptions: (options) => {
        // While a rule learns, the link's `opponent` is the rule's: play mode's stays unwritten.
        const { opponent, ...rest } = options;
        host.keep(host.rules.active ? rest : options);
      },
    });
    return {
      view,
      setSession: (session, page, notices) => view.setSession(session, page, notices),
      setActive: (on) => view.setActive(on),
      // A position tapped on the graph is shown on the board, to play from.
      pick: (id, at) => {
        if (at.sticky) view.showPreview(id ?? -1);
      },
    };
  },
};
