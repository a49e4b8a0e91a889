// The page: reads a game spec from the address (after '#'), asks the wasm core to analyse it and
// shows the summary and, for small games, every position. All game logic is in the Rust core;
// this file only moves text between the core's JSON report and the DOM.

const DEFAULT_SPEC = 'game=subtraction&moves=1,2&heap=6';
/** Above this many positions the table is omitted (and positions are not even requested). */
const MAX_TABLE_ROWS = 2000;

const $ = (id) => document.getElementById(id);

const els = {
  form: $('spec-form'),
  input: $('game-spec-input'),
  button: $('analyse-button'),
  notice: $('notice'),
  status: $('status'),
  summary: $('summary'),
  positions: $('positions'),
  positionsNote: $('positions-note'),
  tableBody: $('positions-table').tBodies[0],
  fictitiousNote: $('fictitious-note'),
};

/** The wasm module's exports once loaded. */
let core = null;
/** Bumped on every analysis so that a stale run never overwrites a newer one. */
let generation = 0;

function specFromHash() {
  const spec = location.hash.replace(/^#/, '').trim();
  // The core decodes %XX escapes itself, so the hash is passed on as it is.
  return spec === '' ? DEFAULT_SPEC : spec;
}

function showNotice(message) {
  els.notice.textContent = message;
  els.notice.hidden = false;
}

function clearNotice() {
  els.notice.textContent = '';
  els.notice.hidden = true;
}

function setStatus(text) {
  els.status.textContent = text;
}

/** For tests and styling: loading, analysing, done, error (bad spec) or unavailable (no wasm). */
function setState(state) {
  document.body.dataset.state = state;
}

function hideResults() {
  els.summary.hidden = true;
  els.positions.hidden = true;
  els.tableBody.replaceChildren();
}

const count = (n) => Number(n).toLocaleString('en');

function outcomeText(outcome) {
  return outcome === 'P'
    ? 'P-position (the second player wins)'
    : 'N-position (the first player wins)';
}

function badge(outcome) {
  const span = document.createElement('span');
  span.className = `badge ${outcome}`;
  span.textContent = outcome;
  return span;
}

function renderSummary(report) {
  $('game-spec').textContent = report.game;
  $('positions-count').textContent = count(report.positions);
  $('edges-count').textContent = count(report.edges);
  $('max-degree').textContent = count(report.max_degree);
  $('root-label').textContent = report.root;
  $('root-grundy').textContent =
    report.root_grundy === null ? '— (misère play has no Grundy values)' : String(report.root_grundy);
  const outcome = $('root-outcome');
  outcome.replaceChildren(badge(report.root_outcome), ' ', outcomeText(report.root_outcome));
  outcome.dataset.outcome = report.root_outcome;
  $('critical-count').textContent = count(report.critical);
  els.fictitiousNote.hidden = !report.fictitious_start;
  els.summary.hidden = false;
}

function renderPositions(report) {
  const rows = [];
  for (const node of report.nodes ?? []) {
    const tr = document.createElement('tr');
    tr.dataset.label = node.label;
    tr.dataset.grundy = node.grundy === null ? '' : String(node.grundy);
    tr.dataset.outcome = node.outcome;
    tr.dataset.critical = String(node.critical);

    const label = document.createElement('td');
    label.className = 'label';
    label.textContent = node.label;
    const grundy = document.createElement('td');
    grundy.className = 'num';
    grundy.textContent = node.grundy === null ? '—' : String(node.grundy);
    const outcome = document.createElement('td');
    outcome.className = 'outcome';
    outcome.textContent = node.outcome;
    const critical = document.createElement('td');
    critical.textContent = node.critical ? 'yes' : '';
    const moves = document.createElement('td');
    moves.className = 'moves';
    moves.textContent =
      node.moves.length === 0 ? '(no moves)' : node.optimal_moves.length === 0 ? '—' : node.optimal_moves.join('  ');

    tr.append(label, grundy, outcome, critical, moves);
    rows.push(tr);
  }
  els.tableBody.replaceChildren(...rows);
}

/** Lets the browser paint (e.g. "Analysing…") before a long synchronous call. */
const nextPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** A refused spec arrives as the core's message (a string); anything else is a bug. */
function errorMessage(err) {
  if (typeof err === 'string') return err;
  const detail = err instanceof Error ? err.message : String(err);
  return `Internal error in the analysis (${detail}). Please report it with the spec above.`;
}

async function run(spec) {
  const mine = ++generation;
  els.input.value = spec;
  if (!core) return;
  setState('analysing');
  setStatus('Analysing…');
  await nextPaint();
  if (mine !== generation) return;

  let report;
  try {
    report = JSON.parse(core.analyse(spec, false));
    if (report.positions <= MAX_TABLE_ROWS) report = JSON.parse(core.analyse(spec, true));
  } catch (err) {
    if (mine !== generation) return;
    hideResults();
    setStatus('');
    showNotice(errorMessage(err));
    setState('error');
    return;
  }
  if (mine !== generation) return;

  clearNotice();
  renderSummary(report);
  if (report.nodes) {
    els.positionsNote.textContent =
      `One row per position (${count(report.positions)}); winning moves are the moves to P-positions.`;
    renderPositions(report);
  } else {
    els.positionsNote.textContent =
      `This game has ${count(report.positions)} positions; the table is omitted above ${count(MAX_TABLE_ROWS)}.`;
    els.tableBody.replaceChildren();
  }
  els.positions.hidden = false;
  setStatus('');
  setState('done');
}

function onSubmit(event) {
  event.preventDefault();
  const spec = els.input.value.trim() || DEFAULT_SPEC;
  // replaceState changes the address without a hashchange event, so run() is called here.
  history.replaceState(null, '', `#${spec}`);
  run(spec);
}

async function main() {
  setState('loading');
  els.form.addEventListener('submit', onSubmit);
  window.addEventListener('hashchange', () => run(specFromHash()));
  els.input.value = specFromHash();

  try {
    const url = new URL('./pkg/impartial.js', document.baseURI).href;
    const mod = await import(url);
    await mod.default();
    core = mod;
  } catch (err) {
    hideResults();
    setStatus('');
    showNotice(
      'Could not load the WebAssembly module (pkg/impartial.js). Build it and serve the page with ' +
        `scripts/serve. (${err instanceof Error ? err.message : err})`,
    );
    setState('unavailable');
    return;
  }
  $('core-version').textContent = `Core version ${core.version()}.`;
  els.button.disabled = false;
  await run(specFromHash());
}

main().catch((err) => {
  // Last resort: main() handles its own errors, but the page must never fail silently.
  setStatus('');
  showNotice(errorMessage(err));
  setState('error');
});
