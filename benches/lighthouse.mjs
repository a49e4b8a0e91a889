// Lighthouse on the page's links (on demand, not part of scripts/test): the default page and a
// lesson's link on mobile and desktop (issue 44), the quiz, puzzle and steps exercise links on
// mobile (issue 45). Serves the repository with `scripts/serve --no-build` (pkg/ as it is built),
// runs Lighthouse's CLI RUNS times per link and form factor, and prints a Markdown table of the
// medians: each category's score, the largest contentful paint (and its element), the total
// blocking time and the layout shift. Lighthouse throttles by simulation (mobile: 4× slower CPU,
// 1.6 Mbit/s, 150 ms round trips), from the trace of a real load, so a machine busy with other
// work moves the figures: read the medians, and the largest paint's element.
//
//   node benches/lighthouse.mjs                 every link, 3 runs each
//   RUNS=1 node benches/lighthouse.mjs '#lesson=nim&slide=1'      (hashes: those links, both forms)
//   FORMS=mobile node benches/lighthouse.mjs
//
// Needs pkg/ (scripts/build-wasm), Chromium ($CHROME_PATH, /usr/bin/chromium by default) and
// Lighthouse, which this bench installs when node_modules lacks it: `npm install --no-save
// lighthouse@12.8.2` (LIGHTHOUSE_VERSION), which leaves package.json and package-lock.json as
// they are. It is not a dev dependency: its 190 packages tripled what `npm ci` installs for every
// scripts/test run, which never uses them (the next `npm ci` removes it again). The JSON reports
// stay in $LH_OUT (a temporary folder by default) for a closer look.

import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { ROOT } from '../tests/browser/server.mjs';

const run = promisify(execFile);
const RUNS = Number(process.env.RUNS ?? 3);
const FORMS = (process.env.FORMS ?? 'mobile,desktop').split(',');
const OUT = process.env.LH_OUT ?? mkdtempSync(join(tmpdir(), 'impartial-lighthouse-'));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_VERSION = process.env.LIGHTHOUSE_VERSION ?? '12.8.2';
const LIGHTHOUSE = join(ROOT, 'node_modules', '.bin', 'lighthouse');

/** [hash, form factors]: the issues' links (the exercise links are docs/teaching.md's). */
const DEFAULT_LINKS = [
  ['', ['mobile', 'desktop']],
  ['#lesson=nim&slide=1', ['mobile', 'desktop']],
  ['#game=nim&heaps=1,2,3&mode=quiz&seed=1', ['mobile']],
  ['#game=octal&code=0.77&heaps=12&mode=puzzle&seed=2', ['mobile']],
  ['#game=subtraction&moves=1,3,4&heap=10&mode=steps', ['mobile']],
];
const links = process.argv.length > 2 ? process.argv.slice(2).map((hash) => [hash, ['mobile', 'desktop']]) : DEFAULT_LINKS;

/** Starts scripts/serve on a free port from 8790 on; resolves to { url, stop }. */
function serve() {
  const child = spawn(join(ROOT, 'scripts', 'serve'), ['--no-build'], {
    cwd: ROOT,
    env: { ...process.env, PORT: process.env.PORT ?? '8790' },
    // Its stderr is one line per request: dropped.
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((ok, fail) => {
    let text = '';
    child.once('exit', (code) => fail(new Error(`scripts/serve exited (${code}) before serving`)));
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const url = /serving the page at (http:\/\/\S+)/.exec(text)?.[1];
      if (url) {
        child.removeAllListeners('exit');
        ok({ url, stop: () => child.kill('SIGINT') });
      }
    });
  });
}

/** One Lighthouse run: the figures this table shows, from its JSON report. */
async function lighthouse(url, form, path) {
  const args = [
    url,
    form === 'desktop' ? '--preset=desktop' : '--form-factor=mobile',
    '--output=json',
    `--output-path=${path}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--quiet',
  ];
  await run(LIGHTHOUSE, args, { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 1 << 26 });
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const score = (key) => Math.round(report.categories[key].score * 100);
  const audit = (key) => report.audits[key];
  const element = audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node?.selector ?? '?';
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    element,
  };
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mostOften = (values) => [...new Set(values)].sort((a, b) => values.filter((v) => v === b).length - values.filter((v) => v === a).length)[0];

if (!existsSync(LIGHTHOUSE)) {
  console.error(`[lighthouse] installing lighthouse@${LIGHTHOUSE_VERSION} into node_modules (npm install --no-save)`);
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`], { cwd: ROOT, stdio: ['ignore', 2, 2] });
}
const server = await serve();
// Stopped with the benchmark, also when it is interrupted.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.stop();
    process.exit(130);
  });
}
const rows = [];
try {
  for (const [hash, forms] of links) {
    for (const form of forms.filter((f) => FORMS.includes(f))) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const name = `${hash.replace(/[^a-z0-9]+/gi, '-') || 'default'}-${form}-${i + 1}.json`;
        runs.push(await lighthouse(server.url + hash, form, join(OUT, name)));
        console.error(`[lighthouse] ${hash || '(default page)'} ${form} run ${i + 1}: performance ${runs.at(-1).performance}`);
      }
      const m = (key) => median(runs.map((r) => r[key]));
      rows.push(
        `| \`${hash || '(default page)'}\` | ${form} | ${m('performance')} (${runs.map((r) => r.performance).join(', ')}) | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ` +
          `${(m('lcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | \`${mostOften(runs.map((r) => r.element))}\` |`,
      );
    }
  }
} finally {
  server.stop();
}
console.log(`Lighthouse, median of ${RUNS} run${RUNS > 1 ? 's' : ''} (load average ${(await import('node:os')).loadavg()[0].toFixed(1)} at the end); reports in ${OUT}\n`);
console.log('| link | form | performance (runs) | accessibility | best practices | SEO | largest paint | blocking | layout shift | largest paint\'s element |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
