// Who plays: play mode's opponents and who moves first, the learners (UMDA or one of Böhme's
// rules, the core's names) and a rule's opponents. A leaf module, shared by the hash (state.js),
// the modes and the learner.

export const OPPONENTS = ['perfect', 'learned', 'random', 'person'];
export const FIRSTS = ['person', 'computer'];
/** Who learns: UMDA or Böhme's rules (the core's names), and a rule's opponents. */
export const RULES = ['lnwt', 'lnwp', 'llt', 'llp', 'rlnwt', 'rllt'];
export const LEARNERS = ['umda', ...RULES];
export const RULE_OPPONENTS = ['first', 'perfect', 'random', 'same'];
/**
 * One key for two opponents (the link's `opponent`): the rule's when the learner is a rule
 * (RULE_OPPONENTS), else play mode's (OPPONENTS). Both lists are accepted by the hash; the part
 * that reads it refuses a value that is not its own, with a notice.
 */
export const ALL_OPPONENTS = [...OPPONENTS, ...RULE_OPPONENTS.filter((o) => !OPPONENTS.includes(o))];
/** Whether the page's learner is one of Böhme's rules. */
export const isRule = (learner) => RULES.includes(learner);
