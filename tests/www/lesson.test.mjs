// Unit tests of www/lesson.js, lessons and their links (no DOM, no wasm: runs in Node), and of the
// built-in lessons' data (www/lessons.json).
// Run: node --test tests/www/lesson.test.mjs

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import {
  MAX_SLIDES,
  MAX_SLIDES_CHARS,
  addSlide,
  decodeSlides,
  deleteSlide,
  draftFrom,
  draftLink,
  editSlide,
  encodeSlides,
  escapeField,
  lessonKeys,
  moveSlide,
  overlay,
  resolve,
  splitHash,
} from '../../www/lesson.js';
import { parseHash } from '../../www/state.js';

const LESSONS = JSON.parse(readFileSync(new URL('../../www/lessons.json', import.meta.url), 'utf8'));
const CATALOGUE = { a: { title: 'A', slides: [{ state: 'game=nim&heaps=1,2', caption: 'one' }, { state: 'game=nim&heaps=3', caption: 'two' }] } };

const SLIDES = [
  { state: 'game=nim&heaps=3,4,5&mode=play&opponent=person', caption: 'The rules, by playing!', note: 'Two students ~ play & pass; 100% fun' },
  { state: 'game=sum&parts=nim(heaps=2)+chomp(rows=2;cols=2)&mode=play&played=3,4~2,4', caption: '', note: '' },
  { state: 'game=nim&heaps=1&quiz=0:0~1:1', caption: 'Ünïcode → φ ⊕ s = 0', note: 'a#b?c=d/e' },
];

describe('the slides= encoding', () => {
  test('round-trips states, captions and notes with every separator and non-ASCII character in them', () => {
    const text = encodeSlides(SLIDES);
    assert.deepEqual(decodeSlides(text), SLIDES);
  });

  test('is one URL-safe key value: no & # space, and no separator inside a field', () => {
    const text = encodeSlides(SLIDES);
    assert.doesNotMatch(text, /[&#\s]/);
    assert.equal(text.split('!').length, SLIDES.length);
    for (const slide of text.split('!')) assert.ok(slide.split('~').length <= 3);
    // A state's own = , ; are kept as they are (compact), its & escaped.
    assert.match(escapeField('game=nim&heaps=3,4'), /^game=nim%26heaps=3,4$/);
    // Empty trailing fields are left out.
    assert.equal(encodeSlides([{ state: 'game=nim', caption: '', note: '' }]), 'game=nim');
  });

  test('refuses, with one sentence, what is too long, too many, malformed or empty, before splitting', () => {
    const cases = [
      ['x'.repeat(MAX_SLIDES_CHARS + 1), /too long .* at most 30 slides and 8000 characters/],
      [Array(MAX_SLIDES + 1).fill('game=nim').join('!'), /has 31 slides: a lesson has at most 30 slides/],
      ['game=nim!%E0%A4%A', /Slide 2 of this lesson link is not valid percent-encoding/],
      ['game=nim~a~b~c', /Slide 1 .* has 4 parts/],
      ['', /has no slides/],
      ['game=nim!~caption', /Slide 2 .* has no state/],
    ];
    for (const [text, reason] of cases) {
      assert.throws(() => decodeSlides(text), reason, text.slice(0, 30));
      try {
        decodeSlides(text);
      } catch (err) {
        assert.equal(err.message.split(/[.:] [A-Z]/).length <= 2, true, err.message);
      }
    }
  });

  test('a slide that names a lesson itself keeps only its state', () => {
    assert.deepEqual(decodeSlides(escapeField('game=nim&lesson=a&slide=2&heaps=1'))[0].state, 'game=nim&heaps=1');
  });
});

describe('resolve: what an address opens', () => {
  test('no lesson: the state as it is', () => {
    assert.deepEqual(resolve('#game=nim&heaps=1', CATALOGUE), { state: 'game=nim&heaps=1', lesson: null, index: 0, notices: [] });
  });

  test('a built-in lesson at slide K opens that slide\'s state, with the link\'s page keys laid over it', () => {
    const r = resolve('#lesson=a&slide=2&present=1', CATALOGUE);
    assert.equal(r.state, 'game=nim&heaps=3&present=1');
    assert.equal(r.index, 1);
    assert.equal(r.lesson.title, 'A');
    assert.deepEqual(r.notices, []);
    // No slide: the first.
    assert.equal(resolve('#lesson=a', CATALOGUE).state, 'game=nim&heaps=1,2');
  });

  test('a lesson with a state (the address while a slide is shown) opens that state: reload and Back keep the slide as left', () => {
    const r = resolve('#game=nim&heaps=1,1&mode=play&lesson=a&slide=1', CATALOGUE);
    assert.equal(r.state, 'game=nim&heaps=1,1&mode=play');
    assert.equal(r.index, 0);
  });

  test('a lesson of one\'s own round-trips through its keys', () => {
    const lesson = { name: 'custom', title: 'Mine & yours: φ', slides: SLIDES };
    for (let i = 0; i < SLIDES.length; i++) {
      const r = resolve(`#${lessonKeys(lesson, i)}`, CATALOGUE);
      assert.deepEqual(r.lesson, lesson);
      assert.equal(r.index, i);
      assert.equal(r.state, SLIDES[i].state);
      assert.deepEqual(r.notices, []);
    }
  });

  test('bad lesson links: one notice each and a page to open', () => {
    const cases = [
      ['#lesson=nope', /^There is no lesson 'nope': the built-in lessons are a \(or custom/, null],
      ['#lesson=__proto__', /^There is no lesson '__proto__'/, null],
      ['#lesson=a&slide=3', /^'3' is not a slide of this lesson: use slide=1 to 2\. Showing slide 1\.$/, 0],
      ['#lesson=a&slide=0', /not a slide/, 0],
      ['#lesson=a&slide=x1', /not a slide/, 0],
      ['#lesson=custom&slides=%ZZ', /not valid percent-encoding/, null],
      ['#lesson=custom', /has no slides/, null],
      ['#slide=2&game=nim', /slide belongs to a lesson, and this link names none/, null],
    ];
    for (const [hash, reason, index] of cases) {
      const r = resolve(hash, CATALOGUE);
      assert.equal(r.notices.length, 1, hash);
      assert.match(r.notices[0], reason, hash);
      if (index === null) assert.equal(r.lesson, null, hash);
      else assert.equal(r.index, index, hash);
    }
    // A bad lesson keeps the state the link gives, if any.
    assert.equal(resolve('#lesson=nope&game=nim&heaps=2', CATALOGUE).state, 'game=nim&heaps=2');
  });

  test('splitHash and overlay', () => {
    const { lesson, rest } = splitHash('#game=nim&lesson=a&slide=2&slide=3&heaps=1');
    assert.deepEqual([...lesson], [['lesson', 'a'], ['slide', '2']]);
    assert.equal(rest, 'game=nim&heaps=1');
    assert.equal(overlay('game=nim&present=0&mode=play', 'present=1&hide=values'), 'game=nim&present=1&mode=play&hide=values');
  });
});

describe('the draft of a lesson of one\'s own', () => {
  const view = (n) => ({ state: `game=nim&heaps=${n}`, caption: `heap ${n}` });
  test('add, reorder, edit and delete, then its link opens the same slides', () => {
    let d = { title: 'Mine', slides: [] };
    for (const n of [1, 2, 3, 4]) d = addSlide(d, view(n));
    d = moveSlide(d, 3, -1); // 1 2 4 3
    d = moveSlide(d, 0, -1); // unchanged at the top
    d = moveSlide(d, 3, 1); // unchanged at the bottom
    d = editSlide(d, 0, 'caption', 'first');
    d = editSlide(d, 0, 'note', 'say this');
    d = deleteSlide(d, 1); // 1 4 3
    assert.deepEqual(d.slides.map((s) => s.state), ['game=nim&heaps=1', 'game=nim&heaps=4', 'game=nim&heaps=3']);
    const r = resolve(`#${draftLink(d)}`, {});
    assert.equal(r.lesson.title, 'Mine');
    assert.deepEqual(r.lesson.slides, d.slides);
    assert.deepEqual(draftFrom(JSON.stringify(d)), d);
  });

  test('is bounded: a slide past the cap or past the link\'s length is refused with one sentence', () => {
    let d = { title: '', slides: [] };
    for (let i = 0; i < MAX_SLIDES; i++) d = addSlide(d, view(i));
    assert.throws(() => addSlide(d, view(99)), /^Error: A lesson has at most 30 slides: delete one to add this view\.$/);
    const long = { title: '', slides: [] };
    assert.throws(() => addSlide(addSlide(long, { state: 'game=nim', note: 'x'.repeat(1000) }), { state: `game=nim&heaps=${'1,'.repeat(4000)}1` }), /longer than 8000 characters/);
  });

  test('anything unreadable in storage is an empty draft', () => {
    for (const text of ['', 'nonsense', 'null', '{"slides":[{"caption":1}]}', '{"title":7}']) assert.deepEqual(draftFrom(text), { title: '', slides: [] }, text);
  });
});

describe('the built-in lessons', () => {
  test('are the five named in the issue, each with a title and captioned, noted slides', () => {
    assert.deepEqual(Object.keys(LESSONS), ['nim', 'mex', 'learning', 'disguise', 'wythoff']);
    for (const [name, lesson] of Object.entries(LESSONS)) {
      assert.ok(lesson.title.length > 0, name);
      assert.ok(lesson.slides.length >= 4 && lesson.slides.length <= MAX_SLIDES, name);
      for (const s of lesson.slides) {
        assert.ok(s.caption.length > 0 && s.note.length > 0, `${name}: ${s.state}`);
        assert.match(s.state, /^game=/, `${name}: ${s.state}`);
        // Slides carry no presentation mode: the lecturer's setting carries from slide to slide.
        assert.doesNotMatch(s.state, /(^|&)(present|lesson|slide)=/, `${name}: ${s.state}`);
        // Every page key of a slide is one the page takes, with a value it takes.
        const { notices } = parseHash(`#${s.state}`);
        assert.deepEqual(notices, [], `${name}: ${s.state}`);
      }
    }
  });
});

test('without the built-in lessons (www/lessons.json not read), a lesson link says so', () => {
  const r = resolve('#lesson=nim&slide=2', {});
  assert.deepEqual(r.notices, ["There is no lesson 'nim': the built-in lessons could not be loaded (www/lessons.json)."]);
  assert.equal(r.lesson, null);
});

test('docs/teaching.md gives every built-in lesson: its link, and each slide\'s link, caption and state', () => {
  const doc = readFileSync(new URL('../../docs/teaching.md', import.meta.url), 'utf8');
  for (const [name, lesson] of Object.entries(LESSONS)) {
    assert.ok(doc.includes(`](../index.html#lesson=${name}&present=1)`), name);
    lesson.slides.forEach((s, i) => {
      assert.ok(doc.includes(`](../index.html#lesson=${name}&slide=${i + 1}&present=1)`), `${name} ${i + 1}`);
      assert.ok(doc.includes(`**${s.caption}**`), `${name} ${i + 1}: ${s.caption}`);
      assert.ok(doc.includes(`\`${s.state}\``), `${name} ${i + 1}: ${s.state}`);
    });
  }
});
