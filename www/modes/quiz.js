// Your turn to compute: the student types each position's Grundy value (or P/N under misère
// play) once its followers are known (quiz-mode.js draws the panel and checks the answers). The
// link keeps the answers.

import { QuizMode } from '../quiz-mode.js';

export default {
  name: 'quiz',
  tab: 'Your turn to compute',
  // The answers typed, position by position (quiz-mode.js reads and checks them against the game).
  keys: [{ key: 'quiz', default: '', parse: (t) => t, written: 'set', perGame: true, history: true }],
  acyclic: true,
  cyclic: 'This graph has cycles, and “your turn to compute” needs an acyclic game (Benford & Lehre §2), so it is hidden: showing learn mode instead.',
  learner: false,
  shows: ['graph'],
  panel: 'quiz-panel',
  theory: {},
  teach: 'quiz-answer',
  create(host) {
    const view = new QuizMode({ graph: host.graph, card: host.card, onChange: (quiz) => host.keep({ quiz }) });
    return {
      view,
      setSession: (session, page, notices) => view.setSession(session, page, notices),
      setActive: (on) => view.setActive(on),
      // A position tapped on the graph is the one to compute next, when it can be.
      pick(id, at) {
        if (at.sticky && id != null) view.ask(id);
      },
    };
  },
};
