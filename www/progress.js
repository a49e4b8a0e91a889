// Progress never lost (issue 45): the exercises' answers live in the link, and also in this
// browser's storage per exercise (the game and the seed), so that the same exercise link opened
// again brings the score back, with a notice; a note in the panel says the score is in the link,
// with Copy link; and one link keeps at most MAX_ANSWERS answers (a longer one is cut, said).

import { copyText } from './panels.js';

const $ = (id) => document.getElementById(id);

/** The most answers (attempts) one link keeps: enough for any exercise, bounded for the address. */
export const MAX_ANSWERS = 1000;

const PREFIX = 'impartial.progress:';

/** The exercise an answer belongs to: the game (canonical) and the seed of its puzzles. */
export const exerciseOf = (session) => `${session.info.game}&seed=${session.params().seed}`;

function read(exercise) {
  try {
    const kept = JSON.parse(localStorage.getItem(PREFIX + exercise) ?? '{}');
    return kept && typeof kept === 'object' ? kept : {};
  } catch {
    return {}; // storage refused (private mode) or spoilt: nothing kept
  }
}

/** Keeps `value` (a mode's answers, '' for none) as the exercise's `field`. */
export function saveProgress(exercise, field, value) {
  const kept = read(exercise);
  if (kept[field] === value || (!value && !(field in kept))) return;
  if (value) kept[field] = value;
  else delete kept[field];
  try {
    if (Object.keys(kept).length) localStorage.setItem(PREFIX + exercise, JSON.stringify(kept));
    else localStorage.removeItem(PREFIX + exercise);
  } catch {
    // Storage full or refused: the link still holds the answers.
  }
}

/**
 * When the page opens (not on Back, nor a hand-edited address: those restore their own answers)
 * on an exercise whose link has no answers (`inLink` is '') or the first answers of those kept (a
 * teacher's link that hands out an exercise half done, docs/teaching.md), the answers this
 * browser kept as its `field` come back, with a notice. Returns them, or null. Both modes join
 * answers with '~' (quiz-mode.js, puzzle-mode.js).
 */
export function restoredProgress(inLink, exercise, field, notices) {
  const opening = document.body.dataset.opened === undefined;
  const kept = read(exercise)[field];
  if (!opening || typeof kept !== 'string' || kept === '') return null;
  if (inLink !== '' && !kept.startsWith(`${inLink}~`)) return null;
  notices.push('Your answers to this exercise were kept in this browser and are back, with your score (Start again clears them).');
  return kept;
}

/**
 * What the quiz and the puzzles do first on another game: take the session, its play and its
 * board, and the exercise; returns the answers this browser kept as `field` (the mode's panel
 * id, marked data-restored) when they replace `inLink`, the link's, else null.
 */
export function openExercise(mode, session, inLink, field, notices) {
  mode.session = session;
  mode.misere = session.info.play === 'misere';
  mode.mask = null;
  mode.board.setGame(session);
  mode.exercise = exerciseOf(session);
  const kept = restoredProgress(inLink, mode.exercise, field, notices);
  $(field).dataset.restored = String(kept !== null);
  return kept;
}

/** The first MAX_ANSWERS of a link's answers, with a notice when there were more. */
export function capAnswers(answers, notices) {
  if (answers.length <= MAX_ANSWERS) return answers;
  notices.push(`The link has ${answers.length} answers; a link keeps at most ${MAX_ANSWERS}, so the first ${MAX_ANSWERS} are used.`);
  return answers.slice(0, MAX_ANSWERS);
}

/** The words when an exercise's link is full. */
export const FULL = `This link holds ${MAX_ANSWERS} answers, the most one link keeps: Start again (or choose another game) to go on.`;

/** "Your score is in this link" with Copy link, moved into the practice panel shown. */
export function showProgressNote(panel) {
  let note = $('practice-progress');
  if (!note) {
    note = Object.assign(document.createElement('p'), { id: 'practice-progress', className: 'note' });
    const words = document.createElement('span');
    words.textContent = 'Your score is in this link (and kept in this browser): bookmark or copy it to carry on later. ';
    const copy = Object.assign(document.createElement('button'), { type: 'button', id: 'practice-copy', textContent: 'Copy link' });
    const status = Object.assign(document.createElement('span'), { id: 'practice-copy-status' });
    status.setAttribute('aria-live', 'polite');
    copy.addEventListener('click', async () => {
      const ok = await copyText(location.href, $('share-link'));
      status.textContent = ok ? ' Link copied.' : ' Select the link in the Share panel and copy it.';
    });
    note.append(words, copy, status);
  }
  if (note.parentElement !== panel) panel.append(note);
}
