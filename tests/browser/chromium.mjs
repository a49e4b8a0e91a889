// Headless Chromium for the browser tests, driven by playwright-core, with nothing that reaches
// out to the network on its own: $CHROMIUM if set, else Debian's chromium-headless-shell (the
// "old" headless mode: the same Blink and V8 as Debian's chromium, without the full browser
// around them), else /usr/bin/chromium. The shell is what Playwright itself runs headless tests
// on since 1.49 (microsoft/playwright#33566); a page load costs a third less CPU in it (0.24
// against 0.36 CPU-s, measured), the whole browser suite 276 against 414 CPU-s. Every test
// passes on both: `CHROMIUM=/usr/bin/chromium node --test tests/browser/` runs them in the full
// browser, the one people use (docs/testing.md).

import { existsSync } from 'node:fs';

import { chromium } from 'playwright-core';

/** Debian's full browser: what Lighthouse and the screenshots use (scripts/screenshots.mjs). */
export const FULL_CHROMIUM = '/usr/bin/chromium';
const SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM = process.env.CHROMIUM || (existsSync(SHELL) ? SHELL : FULL_CHROMIUM);

export function launchChromium(executablePath = CHROMIUM) {
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
