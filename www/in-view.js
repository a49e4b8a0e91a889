// A phone's screen is small and its keyboard takes half of it: what the student just got (a
// verdict) must be on screen, and with it what it answers (issue 45). The visual viewport is the
// part of the page not under the keyboard (window.visualViewport where there is one).

/** The visible band of the page, in client coordinates: { top, bottom }. */
function band() {
  const vv = window.visualViewport;
  return vv ? { top: vv.offsetTop, bottom: vv.offsetTop + vv.height } : { top: 0, bottom: window.innerHeight };
}

/**
 * Scrolls the least that brings `last` (the verdict) fully into view, keeping `first` (the
 * question) in view too when both fit, also when the student had scrolled past the question (to
 * a move low in the list); nothing when they already are.
 */
export function keepInView(first, last = first) {
  if (!first?.getClientRects().length || !last?.getClientRects().length) return;
  const { top, bottom } = band();
  const a = first.getBoundingClientRect();
  const b = last.getBoundingClientRect();
  const margin = 8;
  let by = 0;
  if (b.bottom > bottom - margin) by = b.bottom - (bottom - margin);
  // Not past the question's top (back up to it when it is above the screen), as far as the
  // verdict stays in view.
  if (a.top - by < top + margin) by = Math.max(a.top - (top + margin), b.bottom - (bottom - margin));
  if (b.top - by < top) by = b.top - (top + margin);
  if (Math.abs(by) >= 1) window.scrollBy({ top: by, behavior: 'instant' });
}

/**
 * While the keyboard comes and goes (the visual viewport resizes), `what()` → [first, last] of
 * the exercise being answered stays in view, when the focus is in `within()`.
 */
export function followKeyboard(within, what) {
  window.visualViewport?.addEventListener('resize', () => {
    const box = within();
    if (box && !box.hidden && box.contains(document.activeElement)) keepInView(...what());
  });
}

/**
 * The height of the page's header where it stays at the top of the screen when the page is
 * scrolled (a lesson in presentation, style.css), else 0: what scrolling to a part must leave
 * above it.
 */
export function stuckAbove() {
  const header = document.querySelector('header');
  return header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().height : 0;
}
