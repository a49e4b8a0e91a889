// On a phone the mode tabs fold into one menu (a <select> made from the same registry), so the
// exercise, not nine buttons, fills the first screen (issue 45). The stylesheet shows the menu
// and hides the tabs at ≤ 760 px; both stay in step: a mode chosen either way presses its tab
// and selects its option, and a tab disabled (a graph with cycles) disables its option.

import { MODES } from './modes/index.js';

const $ = (id) => document.getElementById(id);

/** The menu, before the tabs' list; `onMode(name)` as a tab's click. */
export function makeModeMenu(onMode) {
  const label = Object.assign(document.createElement('label'), { className: 'mode-menu' });
  const words = Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: 'Mode' });
  const select = Object.assign(document.createElement('select'), { id: 'mode-menu' });
  select.append(...MODES.map((m) => new Option(m.tab, m.name)));
  select.addEventListener('change', () => onMode(select.value));
  label.append(words, select);
  $('mode-tab-list').before(label);
  // A tab disabled or pressed elsewhere (learners.js, modes.js) is mirrored in the menu.
  new MutationObserver(() => syncModeMenu()).observe($('mode-tab-list'), { subtree: true, attributes: true, attributeFilter: ['disabled', 'aria-pressed'] });
}

/** The option of the mode pressed selected, and each option enabled as its tab is. */
export function syncModeMenu() {
  const select = $('mode-menu');
  if (!select) return;
  // Written only when changed: each write restyles the menu.
  for (const option of select.options) {
    const tab = $(`mode-${option.value}`);
    if (option.disabled !== Boolean(tab?.disabled)) option.disabled = Boolean(tab?.disabled);
    if (tab?.getAttribute('aria-pressed') === 'true' && select.value !== option.value) select.value = option.value;
  }
}
