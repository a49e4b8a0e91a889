// Böhme's learning rules on the page: when the learner is a rule, one
// step is one play of the learner against its opponent from the start. The last play's trace
// is drawn on the graph, the learner's strategy as one highlighted move per position, the moves
// the play changed flash, and the stats row counts plays, lost, drawn and when the strategy
// entered Opt(G). The run is the core's (the one `impartial learn` drives), so a seed gives
// the CLI's plays. No DOM outside its own panel and stats; the controller wires it.

import { RulesRun, messageOf } from './core.js';
import { count } from './panels.js';
import { RULE_OPPONENTS, isRule, quoted } from './state.js';

const $ = (id) => document.getElementById(id);

/** The rules as the learner menu names them (Böhme's sections). */
export const RULE_NAMES = {
  lnwt: 'LNWT: after a play not won, every own position on the trace moves on (§4.2)',
  lnwp: 'LNWP: after a play not won, the last own position that can moves on (§4.3)',
  llt: 'LLT: LNWT after a lost play only (§4.4)',
  llp: 'LLP: LNWP after a lost play only (§4.4)',
  rlnwt: 'rLNWT: LNWT with random moves (§5(d))',
  rllt: 'rLLT: LLT with random moves (§5(d))',
};

const RESULT_WORDS = { won: 'won', lost: 'lost', drawn: 'drew (a position repeated with the same player to move)' };

export class RulesMode {
  /** `graph` is the GraphView it draws on, `card` the hover card (it marks the learner's move). */
  constructor({ graph, card }) {
    this.graph = graph;
    this.card = card;
    this.run = null;
    this.last = null;
  }

  get active() {
    return this.run !== null;
  }

  /**
   * The learner and opponent of `page` on the game of `session` (a GameSession). A rule's
   * opponent that is not one (e.g. play mode's `learned`) falls back to `perfect` with a notice;
   * so does a seed the core refuses. Returns whether a rule now learns.
   */
  configure(session, page, notices) {
    this.stop();
    if (!isRule(page.learner)) return false;
    if (!RULE_OPPONENTS.includes(page.opponent)) {
      notices.push(
        `${quoted(page.opponent)} is not an opponent for a learning rule: use ${RULE_OPPONENTS.slice(0, -1).join(', ')} or ${RULE_OPPONENTS.at(-1)}. Using opponent=perfect.`,
      );
      page.opponent = 'perfect';
    }
    try {
      this.run = new RulesRun(session.info.game, page.learner, page.opponent, page.seed);
    } catch (err) {
      notices.push(`${messageOf(err)} Using seed=1.`);
      page.seed = '1';
      this.run = new RulesRun(session.info.game, page.learner, page.opponent, '1');
    }
    this.last = null;
    this.show();
    return true;
  }

  /** Back to UMDA: the graph shows the model again. */
  stop() {
    this.run?.free();
    this.run = null;
    this.last = null;
    this.graph.setRules(null);
    this.graph.setMarks(null);
    this.card?.setStrategy(null);
    document.body.dataset.learner = 'umda';
  }

  // The scheduler drives a rule as it drives UMDA: `work` finishes one play at a time.
  work() {
    if (this.run.counts().plays >= this.run.info.max_plays) return false;
    this.last = this.run.play();
    this.pending = true;
    return true;
  }

  /**
   * Shows the last play once per frame (the frame loop calls this before drawing): at many
   * plays per frame, drawing each would cost O(positions) per play.
   */
  flush() {
    if (!this.pending || !this.run) return;
    this.pending = false;
    this.show();
  }

  inProgress() {
    return null;
  }

  reset() {
    this.run.reset();
    this.last = null;
    this.show();
  }

  /** A new seed (text, checked by the core; its refusal is thrown). */
  reseed(text) {
    this.run.reseed(text);
    this.last = null;
    this.show();
    return this.run.seed();
  }

  /** The graph and the stats after a play (or a reset). */
  show() {
    const run = this.run;
    document.body.dataset.learner = 'rule';
    const changed = this.last?.changed ?? [];
    this.pending = false;
    this.graph.setRules({ strategy: run.strategyNow(), changed });
    this.card?.setStrategy(() => run.strategyNow());
    this.graph.setMarks(this.last ? { current: -1, path: this.last.trace } : null);
    const c = this.last?.counts ?? run.counts();
    $('rule-plays').textContent = count(c.plays);
    $('rule-lost').textContent = count(c.lost);
    $('rule-drawn').textContent = count(c.drawn);
    $('rule-optimal').textContent = this.optimalText(c);
    const stats = $('rule-stats');
    Object.assign(stats.dataset, {
      plays: String(c.plays),
      won: String(c.won),
      lost: String(c.lost),
      drawn: String(c.drawn),
      optimalAfter: c.optimal_after === null ? '' : String(c.optimal_after),
    });
    $('rule-last').textContent = this.lastText(changed);
    $('rule-bounds').textContent = this.boundsText();
  }

  /** "in Opt(G) after k plays", or why not (yet). */
  optimalText(c) {
    if (!this.run.info.has_opt) return 'not defined';
    if (c.optimal_after === null) return 'not yet';
    return `after ${count(c.optimal_after)} plays`;
  }

  lastText(changed) {
    const run = this.run;
    const who = `${run.info.rule.toUpperCase().replace(/^R/, 'r')} against the ${run.info.opponent === 'same' ? 'same rule (self-play)' : `${run.info.opponent} opponent`}`;
    if (!this.last) return `${who}: no play yet. The learner moves first from the start; Step plays one play.`;
    const label = (v) => this.graph.session.label(v);
    const trace = this.last.trace.map(label).join(' → ');
    const moves =
      changed.length === 0
        ? 'its strategy did not change'
        : `it changed ${changed.length === 1 ? 'one move' : `${changed.length} moves`}: ${changed
            .slice(0, 6)
            .map((m) => `${label(m.position)} now to ${label(m.to)}`)
            .join(', ')}${changed.length > 6 ? ', …' : ''}`;
    return `${who}. Play ${count(this.last.number)}: ${trace} — the learner ${RESULT_WORDS[this.last.result]}; ${moves}.`;
  }

  boundsText() {
    const b = this.run.bounds;
    if (!b.winning) {
      const draw = b.drawing
        ? ` It is a draw for the learner, so LLP loses fewer than M_p = ${count(b.theorem_4_6)} plays (Theorem 4.8).`
        : '';
      return `The start is not a win for the learner, so Corollary 4.4 and Theorem 4.6 do not bound its plays not won.${draw}`;
    }
    const cor =
      b.corollary_4_4 !== null ? count(b.corollary_4_4) : `10^${b.corollary_4_4_log10.toFixed(1)}`;
    return `Böhme's bounds on the plays not won: LNWT fewer than (d+1)^h = (${b.d}+1)^${b.h} = ${cor} (Corollary 4.4), LNWP fewer than M_p = ${count(b.theorem_4_6)} (Theorem 4.6).`;
  }
}
