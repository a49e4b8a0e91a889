// The page's modes, in the order of their tabs; the first is the page's default. Adding a mode is
// one module in this folder and one line here: the hash (state.js), the tabs and the layout
// (modes.js), the controller, main.js and the learner's choice read this list and the
// descriptors, and name no mode.
//
// A mode's module exports one descriptor:
// - `name`: its `mode=` in the link; `tab`: its tab's words.
// - `keys`: its page keys, written after the shared ones (state.js): { key, default, parse(text)
//   → value or throws a sentence, written?: 'mode' (the default: in this mode) | 'mode-set' (in
//   this mode, when not the default) | 'set' (in any mode, when not the default) | (page, on) →
//   bool, perGame?: a new game starts without it, history?: its change is a step Back undoes (an
//   answer given) }.
// - `acyclic`: it needs an acyclic game (on a graph with cycles its tab is disabled, and a link to
//   it opens the default mode with the notice `cyclic`); `everyGame`: its setSession is called for
//   a graph with cycles too.
// - `learner`: the learner runs in it (elsewhere it stands still).
// - `shows`: the shared parts of the page it shows (`data-shared` in index.html: graph, run,
//   settings); `panel`: the id of its own section (index.html's, or made by `create`), or null.
// - `theory`: teaching panel id → the slot it is moved to in this mode (else its home).
// - `teach`: the element a class must see on the first screen (presentation mode).
// - `create(host)`: made once the core has loaded (`host` is the controller), returns its parts,
//   each optional: setSession(session, page, notices), setActive(on), pick(id, at) (a position
//   hovered or tapped on the graph), key(key) → whether it took the key, opened(page, notices,
//   current) (after a link is opened in this mode).

import compare from './compare.js';
import duel from './duel.js';
import experiment from './experiment.js';
import learn from './learn.js';
import play from './play.js';
import puzzle from './puzzle.js';
import quiz from './quiz.js';
import steps from './steps.js';

export const MODES = [learn, play, duel, steps, quiz, puzzle, compare, experiment];

/** The descriptor of mode `name` (the default mode's when there is none). */
export const modeOf = (name) => MODES.find((m) => m.name === name) ?? MODES[0];
