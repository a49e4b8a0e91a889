// "Tap" on a touch screen (issue 45): the page's words say "click", "hover" and "Enter", and some
// come from the core (the boards' words). On a screen whose main pointer is a finger they are
// said as a phone user does them, and keyboard-only hints (.keys-only) are hidden by the
// stylesheet (body[data-touch='true']).

/** The media query, made once (each render asks it). */
let finger = null;

/** Whether the main pointer is a finger (no hover, coarse). */
export const isTouch = () => (finger ??= globalThis.matchMedia?.('(hover: none) and (pointer: coarse)') ?? null)?.matches ?? false;

const VERBS = { Click: 'Tap', click: 'tap', clicks: 'taps', clicked: 'tapped', clicking: 'tapping', Hover: 'Tap', hover: 'tap' };

/** `text` with "click" and "hover" said as "tap". */
export const tapWords = (text) => text.replace(/\b(Click|click|clicks|clicked|clicking|Hover|hover)\b/g, (w) => VERBS[w]).replace(/\btap or tap\b/g, 'tap');

/** On a touch screen, every text under `root` said with "tap"; `body[data-touch]` set. */
export function touchText(root) {
  const touch = isTouch();
  document.body.dataset.touch = String(touch);
  if (!touch || !root) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const said = tapWords(node.nodeValue);
    if (said !== node.nodeValue) node.nodeValue = said;
  }
}
