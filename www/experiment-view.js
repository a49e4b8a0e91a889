// The experiment panel: R runs of the page's game with its μ, γ and engine,
// made in a Web Worker (experiment-worker.js) so the page keeps drawing; the distribution of T
// as a histogram with its percentiles, the runs' Π curves, the CLI command that makes the same
// runs, and the figure of a `runtime --json` file; with μ or γ values listed, a μ × γ grid of
// such experiments drawn as a heat map of median T. Its settings are page keys (KEYS, which
// its mode, www/modes/experiment.js, owns); the mode hands it the session with setSession.
// Its plans, runs and figures are the core's lab module (core.js's loadLab), loaded when the
// panel is first shown, a grid is asked for or a file is read; its settings are checked by the
// page's own module on every link. `data-lab` says where that loading is: loading, ready or failed.

import { experimentGrid, experimentPlan, experimentSetting, labLoaded, loadLab, messageOf, runtimeFigure } from './core.js';
import { drawCurves, drawHeat, drawHistogram, drawSweep, isGrid } from './experiment-plots.js';
import { count } from './panels.js';

const $ = (id) => document.getElementById(id);

/** The panel's inputs: the element and page key (the same id) and the core's setting. */
/** The grid's axes (page keys and elements): comma-separated μ and γ values. */
const GRID_KEYS = ['exp-mu', 'exp-gamma'];

const FIELDS = [
  { key: 'exp-runs', setting: 'runs' },
  { key: 'exp-seed', setting: 'seed' },
  { key: 'exp-n', setting: 'size' },
  { key: 'exp-budget', setting: 'budget' },
];

/** The largest file read as a runtime summary: the core draws at most 2,000 cells, about
 * 1 MB of JSON, and a larger file is refused before it is read or parsed. */
const MAX_FILE_BYTES = 8 << 20;

/**
 * The panel's page keys (written only when not their default; the core checks them): R runs, the
 * sweep's base seed, N (empty: the game's largest number) and the budget of games per run; a
 * μ × γ grid, each axis comma-separated (empty: the learner's μ or γ alone).
 */
export const KEYS = [
  { key: 'exp-runs', default: '20', parse: (t) => t, written: 'set' },
  { key: 'exp-seed', default: '1', parse: (t) => t, written: 'set' },
  { key: 'exp-n', default: '', parse: (t) => t, written: 'set' },
  { key: 'exp-budget', default: '1000000', parse: (t) => t, written: 'set' },
  { key: 'exp-mu', default: '', parse: (t) => t, written: 'set' },
  { key: 'exp-gamma', default: '', parse: (t) => t, written: 'set' },
];

export class ExperimentView {
  /** `host` is the controller: its session, page values, notices and address; `root` the panel. */
  constructor(host, root) {
    this.host = host;
    this.root = root;
    this.worker = null;
    this.reports = [];
    this.summary = null;
    this.figure = null;
    for (const { key, setting } of FIELDS) {
      $(key).addEventListener('change', (e) => this.change(key, setting, e.target.value));
    }
    for (const key of GRID_KEYS) $(key).addEventListener('change', (e) => this.changeGrid(key, e.target.value));
    $('exp-start').addEventListener('click', () => this.start());
    $('exp-stop').addEventListener('click', () => this.stop());
    $('exp-file').addEventListener('change', (e) => this.load(e.target.files[0]));
    // Pictures are drawn at the width they are shown (legible on a phone), again on resizing.
    let width = 0;
    new ResizeObserver(() => {
      if (this.root.clientWidth === width) return;
      width = this.root.clientWidth;
      this.render();
      if (this.figure) this.drawFigure();
    }).observe(this.root);
    this.setState('idle');
    this.root.dataset.lab = labLoaded() ? 'ready' : '';
  }

  /**
   * Resolves once the lab module has loaded (at once when it has), then shows what needs it; a
   * failure is a notice (the panel stays as it was, and a later call tries again).
   */
  needLab() {
    if (labLoaded()) return Promise.resolve(true);
    this.root.dataset.lab = 'loading';
    this.labLoading ??= loadLab().then(
      () => {
        this.root.dataset.lab = 'ready';
        this.labArrived();
        return true;
      },
      (err) => {
        this.labLoading = null;
        this.root.dataset.lab = 'failed';
        this.host.notices.show([messageOf(err)]);
        return false;
      },
    );
    return this.labLoading;
  }

  /** The lab module has loaded: a grid asked for by the link is checked now, and the plan shown. */
  labArrived() {
    const { host } = this;
    if (!host.session) return;
    if (this.gridAsked() && !host.session.cyclic) {
      try {
        this.gridPlan();
      } catch (err) {
        for (const key of GRID_KEYS) host.page[key] = '';
        host.notices.show([`${messageOf(err)} Using no grid (the learner's μ and γ alone).`]);
        host.updateUrl();
      }
    }
    this.showSettings();
    this.render();
  }

  /** The panel is shown (its mode chosen): its plan needs the lab module. */
  setActive(on) {
    if (on) this.needLab();
  }

  /** A new game or address: the settings from `page` (a bad one is a notice and its default), no runs. */
  setSession(session, page, notices) {
    this.stop('idle');
    this.reports = [];
    this.summary = null;
    this.grid = null;
    for (const { key, setting } of FIELDS) {
      try {
        page[key] = experimentSetting(setting, page[key]);
      } catch (err) {
        page[key] = KEYS.find((k) => k.key === key).default;
        notices.push(`${messageOf(err)} Using ${key}=${page[key] || '(the game’s largest number)'}.`);
      }
    }
    // A grid is checked by the lab module: now if it has loaded, else once it has (labArrived).
    if (this.gridAsked() && !session.cyclic && labLoaded()) {
      try {
        this.gridPlan();
      } catch (err) {
        for (const key of GRID_KEYS) page[key] = '';
        notices.push(`${messageOf(err)} Using no grid (the learner's μ and γ alone).`);
      }
    } else if (this.gridAsked() && !session.cyclic) {
      this.needLab();
    }
    this.showSettings();
    this.render();
  }

  /** A setting typed in the panel: the core's reading, or a notice and the value in force. */
  change(key, setting, text) {
    const { host } = this;
    try {
      host.page[key] = experimentSetting(setting, text);
      host.notices.clear();
    } catch (err) {
      host.notices.show([messageOf(err)]);
    }
    this.showSettings();
    host.updateUrl();
  }

  /** The grid's μ or γ values typed: checked by the core at once (a refusal keeps the values in force). */
  changeGrid(key, text) {
    const { host } = this;
    const before = host.page[key];
    host.page[key] = text.trim();
    if (!labLoaded()) {
      // Checked when the lab module arrives (labArrived).
      this.needLab();
      this.showSettings();
      host.updateUrl();
      return;
    }
    try {
      if (this.gridAsked() && !host.session.cyclic) this.gridPlan();
      host.notices.clear();
    } catch (err) {
      host.page[key] = before;
      host.notices.show([messageOf(err)]);
    }
    this.showSettings();
    host.updateUrl();
  }

  /** Whether the settings ask for a grid (a μ or γ value listed). */
  gridAsked() {
    const { page } = this.host;
    return GRID_KEYS.some((key) => (page[key] ?? '').trim() !== '');
  }

  /** The grid's axes and CLI command, checked by the core before any run (throws a sentence). */
  gridPlan() {
    const { session, page } = this.host;
    return experimentGrid(session.info.game, {
      mus: page['exp-mu'],
      gammas: page['exp-gamma'],
      runs: page['exp-runs'],
      seed: page['exp-seed'],
      size: page['exp-n'],
      budget: page['exp-budget'],
      mu: page.mu,
      gamma: page.gamma,
      engine: page.engine,
    });
  }

  /** The experiment's settings with the page's μ, γ and engine, checked by the core (throws a sentence). */
  plan() {
    const { session, page } = this.host;
    const values = { runs: page['exp-runs'], seed: page['exp-seed'], size: page['exp-n'], budget: page['exp-budget'] };
    return experimentPlan(session.info.game, { ...values, mu: page.mu, gamma: page.gamma, engine: page.engine });
  }

  showSettings() {
    const { page, session } = this.host;
    for (const { key } of FIELDS) $(key).value = page[key];
    for (const key of GRID_KEYS) $(key).value = page[key];
    if (!session || session.cyclic) return;
    if (!labLoaded()) {
      // The plan (N and the CLI command) is the lab module's: shown once it has loaded.
      $('exp-command').textContent = this.root.dataset.lab === 'failed' ? '' : 'Loading the experiment’s part of the core…';
      this.root.dataset.command = '';
      return;
    }
    const plan = this.plan();
    let command = plan.command;
    if (this.gridAsked()) {
      try {
        command = this.gridPlan().command;
      } catch {
        // Refused: its notice is shown where it was typed or started.
      }
    }
    $('exp-n').placeholder = plan.size;
    $('exp-command').textContent =
      command ??
      `No value of this game is N = ${plan.size}, so impartial runtime cannot sweep it as it is; the runs are seeded as size ${plan.size} all the same.`;
    this.root.dataset.command = command ?? '';
  }

  /** Starts R runs in a new worker with the settings in force now (once the lab module has loaded). */
  start() {
    const { session, page, notices } = this.host;
    if (session.cyclic) return;
    if (!labLoaded()) {
      this.needLab().then((ok) => ok && this.host.session === session && this.start());
      return;
    }
    let plan;
    let grid = null;
    try {
      plan = this.plan();
      // A grid over the limits (or with a bad value) is refused here, before any run.
      if (this.gridAsked()) grid = this.gridPlan();
    } catch (err) {
      notices.show([messageOf(err)]);
      return;
    }
    this.stop('idle');
    this.reports = [];
    this.summary = null;
    this.planned = plan;
    this.grid = grid && { mus: grid.mus, gammas: grid.gammas, size: plan.size, positions: session.n };
    this.settingsText = grid
      ? `${session.info.game} · μ ∈ {${grid.mus.join(', ')}} × γ ∈ {${grid.gammas.join(', ')}}, engine ${page.engine}, budget ${count(plan.budget)} games`
      : `${session.info.game} · μ = ${page.mu}, γ = ${page.gamma}, engine ${page.engine}, budget ${count(plan.budget)} games`;
    const worker = new Worker(new URL('./experiment-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (e) => this.receive(worker, e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      this.fail(worker, 'The experiment’s worker could not run; reload the page.');
    };
    this.worker = worker;
    worker.postMessage({
      spec: session.info.game,
      size: plan.size,
      mu: page.mu,
      gamma: page.gamma,
      engine: page.engine,
      budget: String(plan.budget),
      seed: plan.seed,
      runs: plan.runs,
      grid: grid && { mus: grid.mus, gammas: grid.gammas },
    });
    this.setState('running');
    this.render();
  }

  receive(worker, message) {
    if (worker !== this.worker) return; // a stopped experiment's last words
    if (message.type === 'run') {
      this.reports.push(message.report);
      // Runs can arrive faster than frames: one drawing per frame.
      this.pending ??= requestAnimationFrame(() => {
        this.pending = null;
        this.render();
      });
    } else if (message.type === 'done') {
      this.summary = message.summary;
      this.finish('done');
    } else {
      this.fail(worker, message.message);
    }
  }

  fail(worker, sentence) {
    if (worker !== this.worker) return;
    this.host.notices.show([sentence]);
    this.finish('idle');
  }

  /** Stops the runs under way (the worker is ended; the runs made so far stay shown). */
  stop(state = 'stopped') {
    if (!this.worker) return;
    this.finish(state);
  }

  finish(state) {
    this.worker?.terminate();
    this.worker = null;
    cancelAnimationFrame(this.pending);
    this.pending = null;
    this.setState(state);
    this.render();
  }

  setState(state) {
    this.root.dataset.state = state;
    $('exp-start').disabled = state === 'running';
    $('exp-stop').disabled = state !== 'running';
  }

  /** The numbers, the histogram and the curves of the runs so far; the hooks for tests. */
  render() {
    const { reports, root } = this;
    const last = reports.at(-1);
    const cells = this.grid ? this.grid.mus.length * this.grid.gammas.length : 1;
    const total = (this.planned?.runs ?? Number(this.host.page?.['exp-runs'] ?? 0)) * cells;
    root.dataset.runs = String(reports.length);
    root.dataset.t = reports.map((r) => (r.found ? String(r.games) : '-')).join(',');
    for (const k of ['p10', 'median', 'p90']) root.dataset[k] = last?.[k] ?? '';
    const state = root.dataset.state;
    $('exp-progress').textContent =
      state === 'idle' && !reports.length
        ? ''
        : `${count(reports.length)} of ${count(total)} runs${state === 'stopped' ? ' (stopped)' : ''}; ${this.settingsText ?? ''}.`;
    $('exp-grid-box').hidden = !this.grid || !reports.length;
    $('exp-results').hidden = !reports.length || Boolean(this.grid);
    if (!reports.length) return;
    if (this.grid) {
      for (const k of ['p10', 'median', 'p90']) root.dataset[k] = '';
      this.drawGrid();
      return;
    }
    const unfinished = reports.length - last.finished;
    const pct = (t) => (t === null ? 'more than the budget' : `${count(t)} games`);
    const interval =
      this.summary && this.summary.median_low !== null
        ? ` (95% bootstrap interval ${count(this.summary.median_low)} to ${this.summary.median_high === null ? 'more than the budget' : count(this.summary.median_high)})`
        : '';
    $('exp-stats').textContent =
      `Median T = ${pct(last.median)}${interval}; 10th percentile ${pct(last.p10)}, 90th percentile ${pct(last.p90)}` +
      (unfinished ? `; ${count(unfinished)} of ${count(reports.length)} runs did not finish within the budget.` : '.');
    const values = reports.filter((r) => r.found).map((r) => r.games);
    drawHistogram($('exp-histogram'), { values, unfinished, p10: last.p10, median: last.median, p90: last.p90 });
    drawCurves($('exp-curves'), reports.map((r) => ({ points: r.curve, found: r.found })));
    $('exp-histogram').setAttribute('aria-label', `Histogram of T over ${reports.length} runs: ${$('exp-stats').textContent}`);
  }

  /**
   * The grid's heat map from the runs so far (the drawing of a loaded grid summary): each cell's
   * median T over its runs so far, hatched past the budget, k/R where runs did not finish.
   */
  drawGrid() {
    const { grid, reports } = this;
    const latest = new Map();
    for (const r of reports) latest.set(`${r.cell.mu}|${r.cell.gamma}`, r);
    const lines = grid.mus.flatMap((mu) =>
      grid.gammas
        .filter((gamma) => latest.has(`${mu}|${gamma}`))
        .map((gamma) => {
          const r = latest.get(`${mu}|${gamma}`);
          const point = { size: grid.size, positions: grid.positions, runs: r.runs, finished: r.finished, median: r.median, p10: r.p10, p90: r.p90 };
          return { label: `μ = ${mu}, γ = ${gamma}`, mu, gamma, points: [point] };
        }),
    );
    const svg = $('exp-heatmap');
    drawHeat(svg, { lines });
    // Sized to what is drawn: twice as large on a projector (its smallest text, 9 px, is then
    // 18 px), never wider than the panel (a phone sees all of it, smaller).
    const box = svg.getBBox();
    const scale = document.body.dataset.present === 'true' ? 2 : 1;
    const width = Math.min(svg.parentElement.clientWidth || 600, (box.width + 8) * scale);
    svg.setAttribute('viewBox', `${box.x - 4} ${box.y - 4} ${box.width + 8} ${box.height + 8}`);
    svg.setAttribute('width', Math.round(width));
    svg.setAttribute('height', Math.round((width * (box.height + 8)) / (box.width + 8)));
    const done = lines.filter((l) => l.points[0].runs === this.planned.runs).length;
    $('exp-grid-note').textContent =
      `Median T (games until the winners include an optimal strategy) over R = ${count(this.planned.runs)} runs in each cell: ` +
      `${done} of ${grid.mus.length * grid.gammas.length} cells done. Rows: μ; columns: γ.`;
    svg.setAttribute('aria-label', $('exp-grid-note').textContent);
    svg.dataset.cells = String(done);
  }

  /** Reads a file written by `impartial runtime --json` and draws its figure; anything else is a notice. */
  async load(file) {
    if (!file) return;
    const { notices } = this.host;
    if (file.size > MAX_FILE_BYTES) {
      notices.show([`The file is larger than ${MAX_FILE_BYTES >> 20} MB; load the summary that impartial runtime --json prints.`]);
      return;
    }
    let value = null;
    try {
      value = JSON.parse(await file.text());
    } catch {
      // Not JSON: the core refuses it with the same sentence as any other non-summary.
    }
    if (!(await this.needLab())) return;
    try {
      this.figure = runtimeFigure(value);
      this.figureName = file.name;
      notices.clear();
    } catch (err) {
      notices.show([messageOf(err)]);
      return;
    }
    const notes = this.drawFigure();
    if (notes.length) notices.show(notes);
  }

  /** Draws the loaded figure; returns sentences on values drawn clamped (a median of 0, a slope off the chart). */
  drawFigure() {
    const svg = $('exp-figure');
    $('exp-figure-box').hidden = false;
    // A μ × γ grid is drawn as one heat map per size, never as a line per cell.
    const grid = isGrid(this.figure);
    const { legend, notes } = grid ? { legend: drawHeat(svg, this.figure), notes: [] } : drawSweep(svg, this.figure);
    const points = this.figure.lines.flatMap((l) => l.points);
    $('exp-figure-note').textContent = grid
      ? `${this.figureName}: median T over μ × γ at each size, ${count(points.length)} cells.`
      : `${this.figureName}: median T against positions n over ${count(points.length)} cells, with the 10th–90th percentile band.`;
    svg.setAttribute('aria-label', $('exp-figure-note').textContent);
    $('exp-figure-legend').replaceChildren(
      ...legend.map(({ colour, label, dash }) => {
        const li = document.createElement('li');
        const swatch = document.createElement('span');
        swatch.className = 'swatch';
        swatch.style.borderTop = `3px ${dash ? 'dashed' : 'solid'} ${colour}`;
        li.append(swatch, label);
        return li;
      }),
    );
    this.root.dataset.figure = String(points.length);
    return notes;
  }
}
