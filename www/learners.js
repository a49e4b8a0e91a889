// Opening a game, and who learns it: UMDA (Benford & Lehre) or one of Böhme's rules; games with
// cycles, which only the rules can learn, open as a LoopyGameSession. The controller owns the session, the page's values and the views; this
// module decides which learner runs and what a graph with cycles hides, so the controller only
// wires.

import { GameSession, LoopyGameSession, catalogue, hasCycle, messageOf } from './core.js';
import { RULE_NAMES } from './rules-mode.js';
import { MODES, modeOf } from './modes/index.js';
import { PAGE_KEYS, isRule, knownKeysOnly } from './state.js';

const $ = (id) => document.getElementById(id);

/**
 * A game for the page: a graph with cycles has no UMDA run (Benford & Lehre §2 needs an acyclic game),
 * so it is built as a LoopyGameSession, which Böhme's rules learn; anything else as a
 * GameSession. Throws the core's sentence.
 */
export function openSession(spec) {
  return hasCycle(spec) ? new LoopyGameSession(spec) : new GameSession(spec);
}

/**
 * The game a link names (its unknown keys dropped with a notice), or, when it cannot be shown,
 * the page's default game with a notice saying why; `tooLarge(spec)` is then called with the
 * game asked for, so what theory knows of it can be worked out off the page's thread (known.js).
 */
export function openLinked(spec, notices, tooLarge = () => {}) {
  const { families, presets } = catalogue();
  // No game in the link: the first example, the page's default.
  const wanted = knownKeysOnly(spec || presets[0].spec, notices, families);
  try {
    return openSession(wanted);
  } catch (err) {
    notices.unshift(`The game in the link cannot be shown: ${messageOf(err)} ${DEFAULT_INSTEAD}`);
    tooLarge(wanted);
    return new GameSession(presets[0].spec);
  }
}

/** The end of the notice for a link whose game cannot be shown. */
export const DEFAULT_INSTEAD = 'Showing the default game instead.';

/**
 * Adds what theory knows of a link's game too large to draw (`spec`) to the notice saying it
 * cannot be shown, when the worker has it, the link is still the one shown (`current()`) and the
 * page still shows that notice. <body>'s data-known is `pending` meanwhile, then `done`. `host`
 * is the controller (its KnownValues and notices).
 */
export function tellKnown(host, spec, current, notices) {
  document.body.dataset.known = 'pending';
  host.known.ask(spec).then((known) => {
    if (known === undefined || !current()) return;
    document.body.dataset.known = 'done';
    if (!known || $('notice').hidden) return;
    notices[0] = notices[0].replace(DEFAULT_INSTEAD, `${known.sentence} ${DEFAULT_INSTEAD}`);
    host.notices.show(notices);
  });
}

/** Why UMDA and play mode are hidden on a graph with cycles. */
const CYCLIC_WORDS =
  'This graph has cycles: a play can go round for ever, which is a draw. UMDA, its runtime bounds, play mode and strategies mode ' +
  'need an acyclic game (Benford & Lehre §2), and Grundy values step by step needs an order in which every follower comes first, which a cycle does not have, so they are hidden; Böhme’s rules learn it, and LLP and LLT (§4.4) learn to draw where they cannot win. ' +
  'Yellow diamonds are D-positions (neither player can force a win); the numbers are generalised Grundy values (∞ where none is finite).';

/**
 * Shows or hides what a graph with cycles does not have, and for one makes a rule the learner
 * (LLP unless the link names another) in learn mode. UMDA's values are not used there and no run
 * can check them: those that could never be valid fall back to their defaults, so the link stays
 * well-formed.
 */
export function prepareCyclic(session, page, notices) {
  const cyclic = Boolean(session.cyclic);
  document.body.dataset.cyclic = String(cyclic);
  $('cyclic-note').textContent = cyclic ? CYCLIC_WORDS : '';
  for (const mode of MODES) if (mode.acyclic) $(`mode-${mode.name}`).disabled = cyclic;
  $('learner').options[0].disabled = cyclic;
  if (!cyclic) return;
  if (!isRule(page.learner)) {
    if (location.hash.includes('learner=umda')) {
      notices.push('UMDA needs an acyclic game (Benford & Lehre §2) and this graph has cycles: LLP (Böhme §4.4) learns it instead.');
    }
    page.learner = 'llp';
  }
  // A mode that needs an acyclic game says why it is not shown; the default mode is.
  const asked = modeOf(page.mode);
  if (asked.acyclic && asked.cyclic) notices.push(asked.cyclic);
  page.mode = MODES[0].name;
  const plausible = {
    mu: (t) => /^\d{1,9}$/.test(t),
    gamma: (t) => t === 'paper' || /^\d*\.?\d+(e-?\d+)?$/.test(t),
    engine: (t) => ['fast', 'naive', 'expected'].includes(t),
  };
  for (const [key, ok] of Object.entries(plausible)) {
    if (!ok(page[key])) page[key] = PAGE_KEYS.find((k) => k.key === key).default;
  }
}

/** The learner menus and the switch between UMDA and a rule; `host` is the controller. */
export class LearnerChoice {
  constructor(host) {
    this.host = host;
    for (const [name, words] of Object.entries(RULE_NAMES)) $('learner').add(new Option(`${words}`, name));
    $('learner').addEventListener('change', (e) => this.setLearner(e.target.value));
    $('rule-opponent').addEventListener('change', (e) => this.setRuleOpponent(e.target.value));
  }

  /** UMDA or the rule in the page's values learns: the frame loop drives the one chosen. */
  start(notices) {
    const { host } = this;
    const ruleOn = host.rules.configure(host.session, host.page, notices);
    // The seed as the rule's run reads it (e.g. 007 is 7), as UMDA's is written.
    if (ruleOn) host.page.seed = host.rules.run.seed();
    host.scheduler.session = ruleOn ? host.rules : host.session;
    host.scheduler.clear();
    // The chart follows the rule's plays from its first.
    if (ruleOn) host.restartHistory();
    $('learner').value = host.page.learner;
    $('rule-opponent').value = host.page.opponent;
    if (!ruleOn) host.graph.dirty = true;
  }

  setLearner(learner) {
    this.host.page.learner = learner;
    this.restart();
  }

  setRuleOpponent(opponent) {
    this.host.page.opponent = opponent;
    this.restart();
  }

  restart() {
    const { host } = this;
    const notices = [];
    this.start(notices);
    if (!host.rules.active) host.restartHistory();
    host.notices.show(notices);
    host.updateUrl();
  }
}
