// The lesson being given: it resolves the address (lesson.js) into the page state the controller
// opens, draws the slide bar ("k / n", the title, the caption, the speaker notes), keeps the
// lesson's keys at the end of the address the controller writes, and takes the clicker's keys:
// PageDown / PageUp the next / previous slide, B (or .) blanks the screen and any key un-blanks
// it. → and ← stay with the mode. <body> carries data-lesson, data-slide (from 1), data-slides.

import { lessonKeys, overlay, resolve } from './lesson.js';

const $ = (id) => document.getElementById(id);

/**
 * The built-in lessons, by name: data (www/lessons.json), read once as this module loads (a
 * top-level await, so every importer has them; an empty table if they cannot be read, and a
 * lesson link then says so).
 */
export const LESSONS = await fetch(new URL('./lessons.json', import.meta.url))
  .then((response) => (response.ok ? response.json() : {}))
  .catch(() => ({}));

export class LessonBar {
  /** `controller`: opens a state (openFromHash) and keeps the page's values (page.present). */
  constructor(controller) {
    this.controller = controller;
    this.current = null; // { lesson, index }
    $('lesson-next').addEventListener('click', () => this.go(1));
    $('lesson-prev').addEventListener('click', () => this.go(-1));
    $('lesson-blank').addEventListener('click', () => this.blank(false));
  }

  /**
   * Opens the address: its lesson (or none) and the state it names, scrolled to the top (the
   * controller's opening may scroll on to what the link names, such as the Grundy strip).
   * `pause`: the controller's opening in parts (openFromHash), a promise then.
   */
  open(hash = location.hash, pause = null) {
    const { state, lesson, index, notices } = resolve(hash, LESSONS);
    this.current = lesson ? { lesson, index } : null;
    this.render();
    return this.controller.openFromHash(`#${state}`, notices, pause);
  }

  /** The lesson's keys the address keeps after the state ('' outside a lesson). */
  keys() {
    return this.current ? lessonKeys(this.current.lesson, this.current.index) : '';
  }

  /**
   * Slide `index + by`, in its own state (a new entry in the history, so Back returns to this
   * slide as it was left); presentation mode stays as it is.
   */
  go(by) {
    if (!this.current) return;
    const index = this.current.index + by;
    if (index < 0 || index >= this.current.lesson.slides.length) return;
    const present = this.controller.page?.present === '1' ? 'present=1' : '';
    // The slide's own state in the address, not the bare lesson keys: the page's rewrite of the
    // address once the slide is open then replaces this entry instead of adding a second one
    // (a change of mode is a step for Back), so Back goes to the slide before.
    const state = overlay(this.current.lesson.slides[index].state, present);
    location.hash = `#${state}&${lessonKeys(this.current.lesson, index)}`;
  }

  /**
   * A key pressed: whether the lesson took it. PageDown / PageUp wherever the focus is; B (or .)
   * not while `typing` in a field; while blanked, any key shows the page again (and does nothing else).
   */
  key(key, typing = false) {
    if (!$('lesson-blank').hidden) {
      this.blank(false);
      return true;
    }
    if (!this.current) return false;
    if (key === 'PageDown') this.go(1);
    else if (key === 'PageUp') this.go(-1);
    else if (!typing && (key === 'b' || key === 'B' || key === '.')) this.blank(true);
    else return false;
    return true;
  }

  /** A black screen over the page (the class looks at the lecturer), or the page again. */
  blank(on) {
    $('lesson-blank').hidden = !on;
    document.body.dataset.blank = String(on);
  }

  render() {
    drawBar(this.current);
  }
}

/**
 * Draws the bar for `current` ({ lesson, index }, or null: no bar, and no lesson keys on
 * <body>). main.js calls it as soon as the modules have loaded, before the core, so that a
 * lesson's link shows its title and caption while the engine loads (data-lesson is then the
 * lesson's name, no longer `pending`).
 */
export function drawBar(current) {
  const body = document.body.dataset;
  $('lesson-bar').hidden = !current;
  if (!current) {
    for (const key of ['lesson', 'slide', 'slides']) delete body[key];
    return;
  }
  const { lesson, index } = current;
  const slide = lesson.slides[index];
  // Another slide: its notes start folded (opened, they would be projected, slide after slide).
  const key = `${lesson.name} ${index}`;
  if ($('lesson-bar').dataset.drawn !== key) $('lesson-notes').open = false;
  $('lesson-bar').dataset.drawn = key;
  const n = lesson.slides.length;
  Object.assign(body, { lesson: lesson.name, slide: String(index + 1), slides: String(n) });
  $('lesson-count').textContent = `${index + 1} / ${n}`;
  $('lesson-title').textContent = lesson.title;
  $('lesson-caption').textContent = slide.caption ?? '';
  $('lesson-note-text').textContent = slide.note || 'No speaker notes for this slide.';
  $('lesson-prev').disabled = index === 0;
  $('lesson-next').disabled = index === n - 1;
}
