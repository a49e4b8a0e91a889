// Strategy against strategy: two whole strategies play each other from the start (duel-mode.js
// draws the panel). The link keeps x and y.

import { DuelMode } from '../duel-mode.js';

const duel = {
  name: 'duel',
  tab: 'Strategy against strategy',
  // Strategies x and y, each `perfect`, `first`, `learned` or one move per position as Benford &
  // Lehre §1 writes them (the core checks it).
  keys: [
    { key: 'x', default: 'perfect', parse: (t) => t },
    { key: 'y', default: 'first', parse: (t) => t },
  ],
  acyclic: true,
  cyclic: 'This graph has cycles, and strategies mode needs an acyclic game (Benford & Lehre §2), so it is hidden: showing learn mode instead.',
  learner: false,
  shows: ['graph'],
  panel: 'duel-panel',
  theory: {},
  teach: 'duel-board',
  /** The play shown goes on the graph; x and y into the address. */
  create(host) {
    const view = new DuelMode({
      onChange: ({ x, y, path, current, active }) => {
        if (active) host.graph.setMarks({ current, path });
        host.keep({ x, y });
      },
    });
    return {
      view,
      // Two whole strategies are built only when this mode is open.
      setSession: (session, page, notices) => view.setSession(session, page, notices, page.mode === duel.name),
      setActive: (on) => view.setActive(on),
    };
  },
};
export default duel;
