// Find the winning move: seeded puzzles, each a position to move from or to call lost
// (puzzle-mode.js draws the panel and explains each answer). The link keeps the answers.

import { PuzzleMode } from '../puzzle-mode.js';
import { renderWorksheet } from '../worksheet.js';

const puzzle = {
  name: 'puzzle',
  tab: 'Find the winning move',
  // Each puzzle's answer, the label moved to or `none` (puzzle-mode.js checks them against the seed's puzzles).
  keys: [{ key: 'puzzles', default: '', parse: (t) => t, written: 'set', perGame: true, history: true }],
  acyclic: true,
  cyclic: 'This graph has cycles, and “find the winning move” needs an acyclic game (Benford & Lehre §2), so it is hidden: showing learn mode instead.',
  learner: false,
  shows: ['graph'],
  panel: 'puzzle-panel',
  theory: {},
  teach: 'puzzle-board',
  create(host) {
    const view = new PuzzleMode({
      graph: host.graph,
      card: host.card,
      onChange: (puzzles) => host.keep({ puzzles }),
      // Another game's puzzles: the same seed and presentation, no answers yet.
      link: (spec) => host.link(spec, { mode: puzzle.name, puzzles: '' }),
    });
    return {
      view,
      setSession: (session, page, notices) => view.setSession(session, page, notices),
      setActive: (on) => {
        view.setActive(on);
        // The printed worksheet of these puzzles (print.css shows it on paper only).
        if (on) renderWorksheet(host.session, host.session.info.game);
      },
      // → or N: the next puzzle once one is answered.
      key: (key) => view.key(key),
    };
  },
};
export default puzzle;
