// Grundy values step by step: the values hidden, then revealed one position at a time, each by
// the mex of its followers' (steps-mode.js draws the panel); for heap games also along the
// Grundy strip, one heap at a time (strip-stepper.js). The link keeps how many positions are
// revealed, or the order picked, and the heap shown on the strip.

import { stuckAbove } from '../in-view.js';
import { wholeNumber } from '../link-text.js';
import { StepsMode } from '../steps-mode.js';
import { StripStepper } from '../strip-stepper.js';

const steps = {
  name: 'steps',
  tab: 'Grundy values step by step',
  keys: [
    // How many positions are revealed (the game's size is the mode's to check).
    { key: 'step', default: '0', parse: (t) => wholeNumber(t, 'step', 'the number of positions revealed, from 0 to the number of positions'), perGame: true },
    // In an order of the student's choosing (written only when it is not the page's order): the
    // positions revealed, as labels joined by `~`, in the order picked (the mode checks each).
    { key: 'order', default: '', parse: (t) => t, written: 'mode-set', perGame: true },
    // The stepper along the Grundy strip: the heap shown (written only when one is).
    { key: 'strip', default: '', parse: (t) => (t === '' ? '' : wholeNumber(t, 'strip', 'the heap shown on the Grundy strip')), written: 'mode-set', perGame: true },
  ],
  acyclic: true,
  cyclic: 'This graph has cycles, so its values cannot be computed one position at a time with every follower first: there is no step-by-step mode for it.',
  learner: false,
  shows: ['graph'],
  panel: 'steps-panel',
  // The Grundy strip under the graph, with its stepper.
  theory: { 'grundy-strip': 'graph-theory' },
  teach: 'steps-mex',
  create(host) {
    const view = new StepsMode({ graph: host.graph, card: host.card, onChange: ({ step, order }) => host.keep({ step, order }) });
    const strip = new StripStepper({ onChange: (heap) => host.keep({ strip: heap }) });
    return {
      view,
      strip,
      setSession(session, page, notices) {
        view.setSession(session, page, notices);
        strip.setSession(session, page, notices);
      },
      setActive(on) {
        view.setActive(on);
        strip.setActive(on);
      },
      // A click on a position computes it next, when its followers are known.
      pick(id, at) {
        if (at.sticky && id !== null) view.choose(id);
      },
      // A presenter's clicker sends ← →: to the stepper along the strip when it is on screen.
      key: (key) => (strip.onScreen() ? strip.key(key) : view.key(key)),
      /**
       * A link naming a heap of the strip, with no position revealed above the graph, is about
       * the strip (teaching.md, lesson 2): it opens scrolled to the strip and its stepper, under
       * the graph, unless a notice at the top has something to say. <body>'s data-scrolled is
       * `strip` once it has. `current()`: no other game or mode came first meanwhile.
       */
      opened(page, notices, current) {
        if (page.strip === '' || page.step !== '0' || page.order !== '' || notices.length > 0) return;
        requestAnimationFrame(() => {
          if (!current()) return;
          document.getElementById('grundy-strip').scrollIntoView({ block: 'start' });
          // Not under a lesson's bar, which stays at the top in presentation.
          if (stuckAbove() > 0) window.scrollBy({ top: -stuckAbove(), behavior: 'instant' });
          document.body.dataset.scrolled = 'strip';
        });
      },
    };
  },
};
export default steps;
