// Lessons: a title and an ordered list of slides, each a page state (a hash: the game spec and
// the page's keys) with an optional caption and speaker note. This module is the model and its
// link form, pure (no DOM), so tests/www/ runs it in Node:
//
// - `#lesson=NAME&slide=K` opens built-in lesson NAME (www/lessons.json) at slide K (from 1);
// - `#lesson=custom&title=T&slides=S&slide=K` a lesson of one's own, its slides in one key;
// - either followed by a state (`game=…`) is that slide as it was left (the address the page
//   keeps while a lesson is on, so a reload or Back returns to it); followed by page keys only
//   (`present=1`), the slide's own state with those keys.
//
// `slides=` is compact and escaped: slides joined by `!`, a slide's fields (state, caption, note;
// empty trailing ones left out) by `~`, each field percent-encoded except the characters a state
// is mostly made of (= , : ; /), with `!` and `~` always escaped. Bounded: at most MAX_SLIDES
// slides and MAX_SLIDES_CHARS characters, refused before anything is split.

import { quoted } from './link-text.js';

/** The keys of the address that belong to the lesson, not to the page state. */
export const LESSON_KEYS = ['lesson', 'slide', 'slides', 'title'];
/** A lesson has at most this many slides. */
export const MAX_SLIDES = 30;
/** `slides=` is at most this long (a link of about this length still opens in every browser). */
export const MAX_SLIDES_CHARS = 8000;
/** Captions, notes and titles are cut to these lengths. */
export const MAX_CAPTION = 200;
export const MAX_NOTE = 1000;
export const MAX_TITLE = 120;
/** The name of a lesson that travels in its link. */
export const CUSTOM = 'custom';

const LIMITS = `at most ${MAX_SLIDES} slides and ${MAX_SLIDES_CHARS} characters`;

/** One field of `slides=`: percent-encoded, with `!` and `~` escaped and = , : ; / kept as they are. */
export function escapeField(text) {
  return encodeURIComponent(text)
    .replace(/[!~]/g, (c) => (c === '!' ? '%21' : '%7E'))
    .replace(/%(3D|2C|3A|3B|2F)/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** A lesson's slides as the value of `slides=`. */
export function encodeSlides(slides) {
  return slides
    .map((s) => {
      const fields = [s.state, s.caption ?? '', s.note ?? ''];
      while (fields.length > 1 && fields.at(-1) === '') fields.pop();
      return fields.map(escapeField).join('~');
    })
    .join('!');
}

/** The slides of a `slides=` value; throws one sentence when it is too long or malformed. */
export function decodeSlides(text) {
  if (text.length > MAX_SLIDES_CHARS) throw new Error(`This lesson's link is too long (${text.length} characters in slides=): a lesson has ${LIMITS}.`);
  if (text === '') throw new Error('This lesson link has no slides: slides= lists each slide\'s state.');
  const parts = text.split('!');
  if (parts.length > MAX_SLIDES) throw new Error(`This lesson link has ${parts.length} slides: a lesson has ${LIMITS}.`);
  return parts.map((part, i) => {
    const fields = part.split('~');
    let decoded;
    try {
      decoded = fields.map((f) => decodeURIComponent(f));
    } catch {
      throw new Error(`Slide ${i + 1} of this lesson link is not valid percent-encoding: ${quoted(part)}.`);
    }
    if (fields.length > 3) throw new Error(`Slide ${i + 1} of this lesson link has ${fields.length} parts separated by ~: a slide has a state, a caption and a note.`);
    const [state, caption = '', note = ''] = decoded;
    if (state.trim() === '') throw new Error(`Slide ${i + 1} of this lesson link has no state.`);
    return { state: withoutLessonKeys(state), caption: caption.slice(0, MAX_CAPTION), note: note.slice(0, MAX_NOTE) };
  });
}

/** The hash's pairs split into the lesson's (key → raw value, the first of each) and the rest (a state). */
export function splitHash(hash) {
  const lesson = new Map();
  const rest = [];
  for (const pair of hash.replace(/^#/, '').split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (LESSON_KEYS.includes(key)) {
      if (!lesson.has(key)) lesson.set(key, eq < 0 ? '' : pair.slice(eq + 1));
    } else rest.push(pair);
  }
  return { lesson, rest: rest.join('&') };
}

/** A state with any lesson keys taken out (a slide is a page state, not a lesson). */
export const withoutLessonKeys = (state) => splitHash(state).rest;

/** Whether a state names a game (else it is page keys only, to lay over a slide's state). */
export const namesGame = (state) => state.split('&').some((p) => p.startsWith('game='));

/** State `base` with the pairs of `over` in place of its pairs of the same key (added when new). */
export function overlay(base, over) {
  const pairs = base.split('&').filter((p) => p !== '');
  const keyOf = (p) => p.split('=')[0];
  for (const pair of over.split('&').filter((p) => p !== '')) {
    const at = pairs.findIndex((p) => keyOf(p) === keyOf(pair));
    if (at >= 0) pairs[at] = pair;
    else pairs.push(pair);
  }
  return pairs.join('&');
}

const safeDecode = (text) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * What address `hash` opens: { state (the page state to open, no `#`), lesson ({ name, title,
 * slides } or null), index (the slide, from 0), notices }. `catalogue`: the built-in lessons, by
 * name. A bad lesson link opens its state (or the default page) with one notice; a slide out of
 * range opens slide 1 with one notice.
 */
export function resolve(hash, catalogue) {
  const { lesson: keys, rest } = splitHash(hash);
  const notices = [];
  if (!keys.has('lesson')) {
    if (keys.size > 0) notices.push(`${[...keys.keys()].join(' and ')} ${keys.size > 1 ? 'belong' : 'belongs'} to a lesson, and this link names none (lesson=…): ignored.`);
    return { state: rest, lesson: null, index: 0, notices };
  }
  const name = safeDecode(keys.get('lesson'));
  let lesson = null;
  if (name === CUSTOM) {
    try {
      const title = safeDecode(keys.get('title') ?? '').slice(0, MAX_TITLE) || 'A lesson';
      lesson = { name, title, slides: decodeSlides(keys.get('slides') ?? '') };
    } catch (err) {
      notices.push(err.message);
    }
  } else if (Object.hasOwn(catalogue, name)) {
    lesson = { name, ...catalogue[name] };
  } else {
    const names = Object.keys(catalogue);
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
    notices.push(
      names.length === 0
        ? `There is no lesson ${quoted(name)}: the built-in lessons could not be loaded (www/lessons.json).`
        : `There is no lesson ${quoted(name)}: the built-in lessons are ${list} (or ${CUSTOM}, with its slides in slides=).`,
    );
  }
  if (!lesson) return { state: rest, lesson: null, index: 0, notices };
  const n = lesson.slides.length;
  let index = 0;
  if (keys.has('slide')) {
    const text = safeDecode(keys.get('slide'));
    if (/^\d{1,9}$/.test(text) && Number(text) >= 1 && Number(text) <= n) index = Number(text) - 1;
    else notices.push(`${quoted(text)} is not a slide of this lesson: use slide=1 to ${n}. Showing slide 1.`);
  }
  const state = namesGame(rest) ? rest : overlay(lesson.slides[index].state, rest);
  return { state, lesson, index, notices };
}

/**
 * The lesson's keys in the address for slide `index` (from 0): `lesson=nim&slide=2`, or for a
 * lesson of one's own `lesson=custom&title=…&slides=…&slide=2`.
 */
export function lessonKeys(lesson, index) {
  const own = lesson.name === CUSTOM ? `&title=${escapeField(lesson.title)}&slides=${encodeSlides(lesson.slides)}` : '';
  return `lesson=${encodeURIComponent(lesson.name)}${own}&slide=${index + 1}`;
}

// The draft of a lesson of one's own, as pure steps on { title, slides } (lesson-draft.js keeps
// it in localStorage and draws it). Each returns a new draft, or throws one sentence.

/** The draft with `slide` added at the end; refused past MAX_SLIDES or MAX_SLIDES_CHARS. */
export function addSlide(draft, slide) {
  const slides = [...draft.slides, { state: withoutLessonKeys(slide.state), caption: (slide.caption ?? '').slice(0, MAX_CAPTION), note: (slide.note ?? '').slice(0, MAX_NOTE) }];
  if (slides.length > MAX_SLIDES) throw new Error(`A lesson has at most ${MAX_SLIDES} slides: delete one to add this view.`);
  if (encodeSlides(slides).length > MAX_SLIDES_CHARS) throw new Error(`This view would make the lesson's link longer than ${MAX_SLIDES_CHARS} characters: shorten the captions and notes, or delete a slide.`);
  return { ...draft, slides };
}

/** The draft with slide `i` moved by `by` (−1 up, +1 down); unchanged at either end. */
export function moveSlide(draft, i, by) {
  const j = i + by;
  if (i < 0 || j < 0 || i >= draft.slides.length || j >= draft.slides.length) return draft;
  const slides = [...draft.slides];
  [slides[i], slides[j]] = [slides[j], slides[i]];
  return { ...draft, slides };
}

/** The draft without slide `i`. */
export const deleteSlide = (draft, i) => ({ ...draft, slides: draft.slides.filter((_, k) => k !== i) });

/** The draft with slide `i`'s caption or note (`field`) set to `text` (cut to its length). */
export function editSlide(draft, i, field, text) {
  const max = field === 'note' ? MAX_NOTE : MAX_CAPTION;
  return { ...draft, slides: draft.slides.map((s, k) => (k === i ? { ...s, [field]: text.slice(0, max) } : s)) };
}

/** A draft read back from storage (anything else: an empty draft). */
export function draftFrom(json) {
  try {
    const d = JSON.parse(json);
    const slides = Array.isArray(d?.slides) ? d.slides.filter((s) => typeof s?.state === 'string').slice(0, MAX_SLIDES) : [];
    return {
      title: typeof d?.title === 'string' ? d.title.slice(0, MAX_TITLE) : '',
      slides: slides.map((s) => ({ state: s.state, caption: String(s.caption ?? '').slice(0, MAX_CAPTION), note: String(s.note ?? '').slice(0, MAX_NOTE) })),
    };
  } catch {
    return { title: '', slides: [] };
  }
}

/** The hash (no `#`) of the draft as a lesson of one's own, at its first slide. */
export const draftLink = (draft) => lessonKeys({ name: CUSTOM, title: draft.title.trim() || 'A lesson', slides: draft.slides }, 0);
