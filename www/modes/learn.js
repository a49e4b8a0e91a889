// Watch it learn: UMDA (Benford & Lehre) or one of Böhme's rules learns the game, its run drawn on
// the graph and the chart. The run itself (frame loop, worker, controls) is the controller's, as
// it goes on in the background; this mode shows it and takes its keys.

export default {
  name: 'learn',
  tab: 'Watch it learn',
  keys: [],
  acyclic: false,
  learner: true,
  shows: ['graph', 'run', 'settings'],
  panel: null,
  theory: {},
  teach: 'chart',
  /** `host` is the controller: Space plays or pauses the run, → steps it, R resets it. */
  create(host) {
    return {
      key(key) {
        if (key === ' ') host.togglePlay();
        else if (key === 'ArrowRight') host.step();
        else if (key === 'r' || key === 'R') host.reset();
        else return false;
        return true;
      },
    };
  },
};
