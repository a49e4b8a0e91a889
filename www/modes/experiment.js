// Many runs: R runs of the learner on this game in a worker, their T and Π, a μ × γ grid, and a
// sweep's figure (experiment-view.js draws the panel). The learner's settings stay beside it.

import { ExperimentView, KEYS } from '../experiment-view.js';

export default {
  name: 'experiment',
  tab: 'Many runs',
  keys: KEYS,
  acyclic: true,
  // Its settings are read from every link, a graph with cycles' too (where its tab is disabled).
  everyGame: true,
  learner: false,
  shows: ['settings'],
  panel: 'experiment',
  theory: {},
  teach: 'exp-start',
  create(host) {
    const view = new ExperimentView(host, document.getElementById('experiment'));
    return { view, setSession: (session, page, notices) => view.setSession(session, page, notices), setActive: (on) => view.setActive(on) };
  },
};
