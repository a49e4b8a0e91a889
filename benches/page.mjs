// The page's browser benchmark (on demand, not part of scripts/test): generations per second and
// frames per second while UMDA learns in its worker on graphs of about 10^3, 10^4 and 10^5
// positions (timed from generation 20 on, after the first generations' dense work), and the cost
// of a generation in wasm against the native CLI on the same game, seed and μ (the model hashes
// must agree: the same run). A second table splits the worker's time per generation (its own
// counts: engine, stats, hash, model copy, post, waiting) and gives the whole Chromium's CPU and
// the load average, since the machine may be shared.
//
//   scripts/bench-page            (builds pkg/ and the CLI first)
//   node benches/page.mjs [seconds-per-game]
//   PAGE_BENCH_SIZES=10^5 node benches/page.mjs    (only some of the sizes)
//
// Needs pkg/, target/release/impartial and Chromium, like the browser tests.

import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { chromium } from 'playwright-core';

import { ROOT, startServer } from '../tests/browser/server.mjs';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CLI = process.env.IMPARTIAL ?? join(ROOT, 'target', 'release', 'impartial');
const SECONDS = Number(process.argv[2] ?? 6);
const MU = 100;
const SEED = 1;
/** Generations are counted from here on: the first ones sample every move (the issue's targets start at 20). */
const FROM = 20;

const GAMES = [
  ['10^3', 'game=nim&heaps=9,9,9'],
  ['10^4', 'game=nim&heaps=21,21,21'],
  ['10^5', 'game=nim&heaps=1,2,2,3,4,5,6,7'],
].filter(([size]) => !process.env.PAGE_BENCH_SIZES || process.env.PAGE_BENCH_SIZES.split(',').includes(size));

/** The marker that finds this benchmark's Chromium among the machine's processes. */
const MARKER = `--impartial-bench=${process.pid}`;

/**
 * CPU time (ms, user + system, from /proc at 10 ms resolution) of this Chromium's renderer main
 * threads and of its dedicated workers (the learner's worker): the machine may be shared, and
 * wall-clock rates then measure the other jobs as much as the page.
 */
function threadCpu() {
  const procs = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      procs.push({ pid, ppid: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1], cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8') });
    } catch {
      // A process that ended meanwhile.
    }
  }
  const mine = new Set(procs.filter((p) => p.cmd.includes(MARKER) && !p.cmd.includes('--type=')).map((p) => p.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) if (!mine.has(p.pid) && mine.has(p.ppid)) grew = mine.add(p.pid) && true;
  }
  // `all`: every thread of this Chromium (rasterising, compositing and the GPU process's
  // software drawing too): what the page takes from the machine's other jobs.
  const out = { main: 0, worker: 0, all: 0 };
  for (const p of procs.filter((q) => mine.has(q.pid))) {
    const renderer = p.cmd.includes('--type=renderer');
    try {
      for (const tid of readdirSync(`/proc/${p.pid}/task`)) {
        const comm = readFileSync(`/proc/${p.pid}/task/${tid}/comm`, 'utf8').trim();
        const stat = readFileSync(`/proc/${p.pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ms = (Number(fields[11]) + Number(fields[12])) * 10;
        out.all += ms;
        if (renderer && tid === p.pid) out.main += ms;
        else if (renderer && comm.startsWith('DedicatedWorker')) out.worker += ms;
      }
    } catch {
      // A process that ended meanwhile.
    }
  }
  return out;
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
const fmt = (x) => (Number.isFinite(x) ? x.toFixed(2) : '—');
/** The 1-minute load average: on a shared machine the rates are the share of a core the page got. */
const load = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** Native: wall time of the CLI for `generations` generations minus that of one (build, startup). */
function native(spec, generations) {
  const run = (gens) => {
    const t0 = performance.now();
    const out = execFileSync(CLI, ['umda', '--game', spec, '--mu', String(MU), '--seed', String(SEED), '--engine', 'fast', '--max-evals', String(MU * gens), '--json'], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const ms = performance.now() - t0;
    const json = JSON.parse(out);
    return { ms, generation: json.generation ?? json.generations, hash: json.model_hash };
  };
  const one = run(1);
  const many = run(generations);
  return { perGeneration: (many.ms - one.ms) / (many.generation - 1), generations: many.generation, hash: many.hash };
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [MARKER, '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const rows = [];
try {
  for (const [size, spec] of GAMES) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}#${spec}&mu=${MU}&seed=${SEED}&engine=fast&speed=1000&paused=1`);
    await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 60_000 });
    const info = await page.evaluate(() => window.impartial.controller.session.info);
    // Frames while playing, from generation 20 on: the controller records the page's work per
    // frame (ticking the worker, drawing); rAF intervals and the generations the worker posted.
    const marks = [];
    await page.exposeFunction('benchMark', () => {
      marks.push({ ...threadCpu(), load: load() });
    });
    const frames = await page.evaluate(async ({ seconds, from }) => {
      const c = window.impartial.controller;
      c.setPlaying(true);
      while (c.session.generation() < from) await new Promise((r) => setTimeout(r, 20));
      c.frameTimes.length = 0;
      const intervals = [];
      let last = performance.now();
      let running = true;
      const tick = (now) => {
        intervals.push(now - last);
        last = now;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const g0 = c.session.generation();
      // The worker's own counts of where its time went (learn-worker.js) and the page's copying
      // in of its models.
      const split = () => ({ ...c.remote.timing.worker, mirror: c.remote.timing.mirror, models: c.remote.timing.models });
      await window.benchMark();
      const s0 = split();
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, seconds * 1000));
      const elapsed = (performance.now() - t0) / 1000;
      const generations = c.session.generation() - g0;
      const s1 = split();
      await window.benchMark();
      const worker = {};
      for (const k of Object.keys(s1)) worker[k] = s1[k] - s0[k];
      running = false;
      c.setPlaying(false);
      while (!c.remote.settled) await new Promise((r) => setTimeout(r, 20));
      const picture = window.impartial.graphView.pictureMs;
      return { work: [...c.frameTimes], intervals: intervals.slice(1), generations, elapsed, framesPerSecond: intervals.length / elapsed, from: g0, picture, worker };
    }, { seconds: SECONDS, from: FROM });
    // A generation in wasm, without drawing, from p_0: as many as the native run makes.
    const target = Math.max(20, Math.min(400, Math.round(2000 / Math.max(1, info.edges / 20000))));
    const nat = native(spec, target);
    const wasm = await page.evaluate((gens) => {
      const s = window.impartial.controller.session.inner;
      s.reset();
      const t0 = performance.now();
      for (let i = 0; i < gens; i++) s.step();
      return { ms: (performance.now() - t0) / gens, hash: s.progress().model_hash };
    }, nat.generations);
    const draws = await page.evaluate(() => {
      const g = window.impartial.graphView;
      const t = [];
      for (let i = 0; i < 10; i++) {
        const t0 = performance.now();
        g.draw(true);
        t.push(performance.now() - t0);
      }
      return t;
    });
    rows.push({
      size,
      spec,
      positions: info.positions,
      edges: info.edges,
      frameMedian: quantile(frames.work, 0.5),
      frameP90: quantile(frames.work, 0.9),
      intervalMedian: quantile(frames.intervals, 0.5),
      intervalP90: quantile(frames.intervals, 0.9),
      intervalP99: quantile(frames.intervals, 0.99),
      intervalMax: Math.max(...frames.intervals),
      generationsPerSecond: frames.generations / frames.elapsed,
      workerMsPerGeneration: (marks[1].worker - marks[0].worker) / Math.max(1, frames.generations),
      mainMsPerFrame: (marks[1].main - marks[0].main) / Math.max(1, frames.intervals.length),
      workerShare: (marks[1].worker - marks[0].worker) / (1000 * frames.elapsed),
      chromiumShare: (marks[1].all - marks[0].all) / (1000 * frames.elapsed),
      load: [marks[0].load, marks[1].load],
      split: frames.worker,
      elapsed: frames.elapsed,
      perGeneration: frames.generations,
      framesPerSecond: frames.framesPerSecond,
      drawMedian: quantile(draws, 0.5),
      picture: frames.picture,
      wasmGeneration: wasm.ms,
      nativeGeneration: nat.perGeneration,
      ratio: wasm.ms / nat.perGeneration,
      generations: nat.generations,
      sameRun: wasm.hash === nat.hash,
      errors: errors.length,
    });
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}

console.log(`Page benchmark: μ = ${MU}, seed ${SEED}, fast engine, speed 1000, ${SECONDS} s of play per game from generation ${FROM} on, headless Chromium (--disable-gpu).`);
console.log('Thread CPU from /proc: the worker\'s per generation (and the share of a core it got), the page\'s main thread per frame.');
console.log('| size | game | positions | moves | generations/s | frames/s | rAF interval median / p90 / p99 / max | page work per frame median / p90 (ms) | worker CPU per generation (share of a core) | main-thread CPU per frame | picture while learning (ms, over its slices) | full redraw at once | wasm gen (ms) | native gen (ms) | wasm/native | same run |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.size} | \`${r.spec}\` | ${r.positions.toLocaleString('en')} | ${r.edges.toLocaleString('en')} | ${fmt(r.generationsPerSecond)} | ${fmt(r.framesPerSecond)} | ${fmt(r.intervalMedian)} / ${fmt(r.intervalP90)} / ${fmt(r.intervalP99)} / ${fmt(r.intervalMax)} | ${fmt(r.frameMedian)} / ${fmt(r.frameP90)} | ${fmt(r.workerMsPerGeneration)} ms (${fmt(r.workerShare)}) | ${fmt(r.mainMsPerFrame)} ms | ${fmt(r.picture)} | ${fmt(r.drawMedian)} | ${fmt(r.wasmGeneration)} | ${fmt(r.nativeGeneration)} | ${fmt(r.ratio)}× | ${r.sameRun ? `yes (${r.generations} gens)` : 'NO'} |`,
  );
}
console.log();
console.log('Where the worker\'s wall time went (its own counts, wall ms per generation, time the machine gave other jobs included; "outside": the share of the wall time spent outside these, waiting for messages), the whole Chromium\'s CPU (all processes and threads, in cores), the load average before and after, and the models the page copied in:');
console.log('| size | generations | engine (ms/gen) | stats (ms/gen) | hash (ms/gen) | model copy (ms/gen) | post (ms/gen) | outside (share of wall) | Chromium CPU (cores) | load | models/s (page copy ms each) |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const w = r.split;
  const g = Math.max(1, r.perGeneration);
  const busy = w.work + w.stats + w.hash + w.model + w.post;
  console.log(
    `| ${r.size} | ${r.perGeneration} | ${fmt(w.work / g)} | ${fmt(w.stats / g)} | ${fmt(w.hash / g)} | ${fmt(w.model / g)} | ${fmt(w.post / g)} | ${fmt(1 - busy / (1000 * r.elapsed))} | ${fmt(r.chromiumShare)} | ${r.load.map((x) => x.toFixed(1)).join(' → ')} | ${fmt(w.models / r.elapsed)} (${fmt(w.mirror / Math.max(1, w.models))}) |`,
  );
}
if (rows.some((r) => !r.sameRun || r.errors)) process.exitCode = 1;
