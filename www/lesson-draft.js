// Making a lesson of one's own on the page: "Add this view to my lesson" (#lesson-add) puts the
// page's state as it is now (without presentation mode, the projector's setting) at the end of a
// draft kept in localStorage; the draft (#lesson-draft, one li per slide) has an editable
// caption and speaker note per slide, ↑ ↓ to reorder and Delete; Copy lesson link (#lesson-link)
// and a QR code give the lesson's link (lesson.js's `lesson=custom&slides=…`).

import { addSlide, deleteSlide, draftFrom, draftLink, editSlide, moveSlide, MAX_CAPTION, MAX_NOTE, MAX_TITLE } from './lesson.js';
import { copyText } from './panels.js';
import { renderQr } from './share.js';

const $ = (id) => document.getElementById(id);
const STORE = 'impartial.lesson-draft';

const make = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

export class LessonDraft {
  /** `view()`: the page's state now, as { state (a hash without `#`), caption (a default caption) }. */
  constructor(view) {
    this.view = view;
    this.draft = draftFrom(this.read());
    $('lesson-add').addEventListener('click', () => this.add());
    $('lesson-link').addEventListener('click', () => this.copy());
    $('lesson-clear').addEventListener('click', () => this.update({ title: this.draft.title, slides: [] }, 'The draft is empty.'));
    $('lesson-draft-title').maxLength = MAX_TITLE;
    $('lesson-draft-title').addEventListener('input', (e) => this.update({ ...this.draft, title: e.target.value }, null, false));
    this.render();
  }

  read() {
    try {
      return localStorage.getItem(STORE) ?? '';
    } catch {
      return ''; // storage refused (a private window): the draft lives as long as the page
    }
  }

  add() {
    try {
      this.update(addSlide(this.draft, this.view()), `Slide ${this.draft.slides.length + 1} added.`);
    } catch (err) {
      this.say(err.message);
    }
  }

  /** Keeps `draft` (stored, redrawn unless `redraw` is false: a field being typed in keeps its focus). */
  update(draft, message = null, redraw = true) {
    this.draft = draft;
    try {
      localStorage.setItem(STORE, JSON.stringify(draft));
    } catch {
      // Not stored: see read().
    }
    if (redraw) this.render();
    else this.renderLink();
    if (message !== null) this.say(message);
  }

  say(message) {
    $('lesson-status').textContent = message;
  }

  /** The lesson's link (an absolute address), or '' while the draft is empty. */
  get link() {
    return this.draft.slides.length ? `${location.href.split('#')[0]}#${draftLink(this.draft)}` : '';
  }

  async copy() {
    if (!this.link) return;
    const ok = await copyText(this.link, $('lesson-link-text'));
    this.say(ok ? 'Lesson link copied.' : 'Select the lesson link above and copy it.');
  }

  render() {
    const { slides } = this.draft;
    $('lesson-draft-title').value = this.draft.title;
    $('lesson-draft').replaceChildren(
      ...slides.map((slide, i) => {
        const button = (text, label, action, disabled = false) =>
          make('button', { type: 'button', textContent: text, title: label, disabled, onclick: action });
        const field = (name, max, label, placeholder) => {
          const input = make('input', { type: 'text', value: slide[name], maxLength: max, spellcheck: true, placeholder });
          input.setAttribute('aria-label', `${label} of slide ${i + 1}`);
          input.dataset.field = name;
          input.addEventListener('input', () => this.update(editSlide(this.draft, i, name, input.value), null, false));
          return input;
        };
        const li = make(
          'li',
          {},
          make('a', { href: `#${slide.state}`, textContent: `Slide ${i + 1}` }),
          field('caption', MAX_CAPTION, 'Caption', 'Caption'),
          field('note', MAX_NOTE, 'Speaker note', 'Speaker note'),
          make(
            'span',
            { className: 'buttons' },
            button('↑', 'Move this slide up', () => this.update(moveSlide(this.draft, i, -1)), i === 0),
            button('↓', 'Move this slide down', () => this.update(moveSlide(this.draft, i, 1)), i === slides.length - 1),
            button('Delete', 'Delete this slide', () => this.update(deleteSlide(this.draft, i), `Slide ${i + 1} deleted.`)),
          ),
        );
        li.dataset.state = slide.state;
        return li;
      }),
    );
    this.renderLink();
  }

  /** The link field, its Open link and its QR code (the canvas' data-link says which link it shows). */
  renderLink() {
    const link = this.link;
    $('lesson-count-draft').textContent = `${this.draft.slides.length} slide${this.draft.slides.length === 1 ? '' : 's'}`;
    $('lesson-link-text').value = link;
    $('lesson-link').disabled = !link;
    $('lesson-link').dataset.link = link;
    $('lesson-open').hidden = !link;
    $('lesson-open').href = link || '#';
    $('lesson-qr-box').hidden = !link;
    if (link) renderQr($('lesson-qr'), link, $('lesson-qr-note'));
  }
}
