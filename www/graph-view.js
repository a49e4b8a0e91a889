// The game graph on a canvas: a layered drawing (the core's layout: x = longest path to a sink,
// y = slot in the layer), P/N in colour and shape, p_t per move as width and opacity, critical
// positions with a ring showing their mass on optimal moves. Pan, zoom, pinch, fit; level of
// detail keeps big graphs drawable. Draws from the session's typed-array views only.

import { download } from './panels.js';
import { onReveal, shows } from './reveal.js';

/** Okabe–Ito colours (safe for the common colour-vision deficiencies). */
export const COLOURS = {
  P: '#0072B2', // blue squares
  N: '#E69F00', // orange circles
  D: '#F0E442', // yellow diamonds: draws, in graphs with cycles
  optimal: '#009E73', // moves to P-positions, and the mass rings
  other: '#888888', // moves to N-positions
  critical: '#D55E00', // ring of a critical position
  root: '#000000',
  path: '#CC79A7', // the game in play mode and a rule's last play (Okabe–Ito reddish purple)
  strategy: '#000000', // a rule's learner: its one move per position
  changed: '#D55E00', // a rule's moves that the last play changed (Okabe–Ito vermillion)
  move: '#c8c8c8', // the other moves while a rule learns
  hidden: '#f2f2f2', // a position whose value is not revealed yet (step by step)
  followers: '#1d1d1d', // the moves of the position being computed (step by step)
};

const OPTIMAL_RGB = [0x00, 0x9e, 0x73];
const OTHER_RGB = [0x88, 0x88, 0x88];
/** `rgb` mixed with white: strength 1 is the colour itself. */
const shade = (rgb, strength) => `rgb(${rgb.map((c) => Math.round(255 - (255 - c) * strength)).join(',')})`;

/** Far-out colours of critical positions by mass on optimal moves: vermillion → green. */
const MASS_COLOURS = ['#D55E00', '#B86A1A', '#8C7A33', '#52894D', '#009E73'];
const massLevel = (m) => Math.min(MASS_COLOURS.length - 1, Math.floor((m > 0 ? m : 0) * MASS_COLOURS.length));

/** Below this node radius (px), positions are drawn as small squares (rings cost too much). */
const FAR_RADIUS = 4;
/** Above this many moves on screen, lines are thin and opaque (cheaper to rasterise). */
const HEAVY_EDGES = 4_000;
/** Above this many moves, each position shows only its most likely move. */
export const EDGE_BUDGET = 25_000;
// Room around the drawing (px): at the sides for the labels of the first and last layers, on
// top for the word "start", below for the labels under the bottom row.
const PAD_X = 36;
const PAD_TOP = 34;
const PAD_BOTTOM = 40;
/** Labels go under the nodes when layers and rows are at least this far apart (px). */
const LABEL_ROOM = 34;
/** Px under a node for its label (its ring, a gap, 11 px text), kept free of the node below. */
const LABEL_SPACE = 30;
/** Nodes are not shrunk below this radius (px) to make room for labels. */
const MIN_LABELLED_RADIUS = 8;
/**
 * Long moves are checked for passing through a node (and bent around it) in graphs of up to
 * this many moves: in denser graphs lines cross nodes everywhere and bows would only add clutter.
 */
const ROUTE_LIMIT = 300;
const WIDTH_LEVELS = 6; // p_t is drawn in this many width/opacity steps
/**
 * A picture of more lines and squares than this is drawn off screen, at most SLICE_MS of it a
 * frame, and shown once complete. At 10⁵ positions a whole picture costs a few hundred
 * milliseconds of path building and rasterising (drawn on the screen, most of it in the commit
 * after the frame's script), all on the page's thread: drawn at once, it stops the frames.
 */
const DIRECT_LIMIT = 6_000;
const SLICE_MS = 6;
/** Lines or squares per path in a picture drawn in slices: a slice ends between two paths. */
const PATH_CHUNK = 1_000;

/** The ring around a critical position of radius r: its radius and line width (up to `widest`:
 * 4 px, 8 in presentation mode, so that a 40 px node's ring is 6 px, seen from 15 m). The board's
 * halo and the start's outline are drawn just outside it. */
const criticalRing = (r, widest = 4) => ({ ringR: Math.max(r + 2.5, 3.5), ringW: Math.max(1.5, Math.min(widest, r * 0.3)) });
/** The legend's long entries as a hall's type says them (each must fit one row of the canvas). */
const SHORT_LEGEND = {
  'P-position: the player to move loses with best play': 'P-position: the mover loses',
  'N-position: the player to move wins with best play': 'N-position: the mover wins',
  'D-position: a draw with best play': 'D-position: a draw',
  'critical: a winning move can be missed': 'critical: a win can be missed',
};
/** Largest node radius (px). */
const MAX_RADIUS = 20;
/** In presentation mode a graph of at most this many positions keeps nodes ≥ 40 px across. */
const HALL_POSITIONS = 60;

export class GraphView {
  /** `onPick(id | null, {x, y, sticky})` is called on hover (sticky = false) and tap/click. */
  /** `onSession()` is called when another game is shown. */
  constructor(canvas, { onPick, onSession }) {
    this.canvas = canvas;
    // Opaque: cheaper to clear and to composite.
    this.screen = canvas.getContext('2d', { alpha: false });
    // Where the drawing code draws: the screen, or a picture being drawn off screen.
    this.ctx = this.screen;
    // The picture under way: { steps (a generator), ctx, offscreen, view, frame, ms } or null.
    this.job = null;
    // The last picture drawn off screen, { canvas, frame }, shown moved while the next is drawn
    // after a pan or zoom; and a canvas of the same size for the next one.
    this.front = null;
    this.back = null;
    // What the last whole picture cost (ms, summed over its slices): the learner's worker is
    // asked for models only so often (learn-remote.js).
    this.pictureMs = 0;
    this.onPick = onPick;
    this.onSession = onSession;
    this.session = null;
    this.zoom = 1;
    this.panX = 0;
    this.panY = 0;
    this.dirty = true;
    this.hovered = -1;
    this.pointers = new Map();
    this.sx = new Float32Array(0); // screen x per position (CSS px), from the last draw
    this.sy = new Float32Array(0);
    this.mode = 'all';
    this.marks = null; // { current, path }: the game being played, drawn over the graph
    // A rule learning (Böhme): { strategy (Int32Array: the learner's move per position, -1
    // at a sink), changed ([{position, to}] of the last play) }, or null for UMDA's model.
    this.rules = null;
    // Grundy values step by step (and the exercises): { outcome (the revealed outcomes, 3 = not
    // yet), current (the position being computed, or -1), followers (its followers' ids), words
    // (optional: the legend's { hidden, current }) }, or null.
    this.reveal = null;
    this.fontScale = 1; // text on the canvas, larger in presentation mode
    this.legend = false; // a legend on the canvas (presentation mode)
    // Draw mode (draw-mode.js): takes one pointer's presses and drags ({ down, move, up,
    // cancel }) and draws over the graph (overlay(ctx)); two fingers still pan and zoom.
    this.editor = null;
    this.listen();
    // What a link hides (reveal.js) is drawn again when revealed.
    onReveal(() => {
      this.dirty = true;
    });
    new ResizeObserver(() => this.resize()).observe(canvas);
    this.resize();
  }

  setSession(session) {
    this.session = session;
    this.job = null;
    this.front = null;
    this.marks = null;
    this.rules = null;
    this.reveal = null;
    this.plain = null;
    this.sx = new Float32Array(session.n);
    this.sy = new Float32Array(session.n);
    this.hovered = -1;
    // Positions by layer, for routing long moves around positions in between (small graphs).
    this.byLayer = null;
    // Moves both ways between two positions (a cycle of two, in graphs with cycles): u * n + w.
    this.twoWay = null;
    if (session.m <= ROUTE_LIMIT) {
      const { x, offsets, targets } = session.views();
      this.byLayer = Array.from({ length: session.info.layers }, () => []);
      for (let i = 0; i < session.n; i++) this.byLayer[x[i]]?.push(i);
      if (session.cyclic) {
        const moves = new Set();
        for (let u = 0; u < session.n; u++) for (let e = offsets[u]; e < offsets[u + 1]; e++) moves.add(u * session.n + targets[e]);
        this.twoWay = new Set([...moves].filter((k) => moves.has((k % session.n) * session.n + Math.floor(k / session.n))));
      }
    }
    this.onSession?.();
    this.fitHall();
    this.fit();
  }

  /**
   * Presentation mode: larger text (scaled with the page's type, which is 1/60 of the screen's
   * width there: 32 px at 1920, so ×2), thicker rings, larger nodes and a legend on the canvas.
   */
  setPresentation(on) {
    this.present = on;
    this.legend = on;
    this.restyle();
  }

  restyle() {
    const root = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    this.fontScale = this.present ? Math.max(1.4, root / 16) : 1;
    this.fitHall();
    this.dirty = true;
  }

  /**
   * In presentation mode a graph of at most HALL_POSITIONS positions gets a canvas tall enough
   * for rows of 40 px nodes with their labels beneath (and room for the legend); otherwise the
   * stylesheet's height.
   */
  fitHall() {
    const s = this.session;
    const hall = this.present && s && s.n <= HALL_POSITIONS && s.info.widest > 1 && this.width;
    const row = Math.max(2 * MAX_RADIUS + LABEL_SPACE + (this.labelPx() - 11) + 2, (2 * MAX_RADIUS) / 0.45);
    const height = hall ? Math.ceil(PAD_TOP + this.legendSpace() + this.padBottom() + (s.info.widest - 1) * row) : 0;
    // (A custom property the stylesheet reads on screen only: paper keeps print.css's height.)
    const wanted = height > 0 ? `${height}px` : '';
    if (this.canvas.style.getPropertyValue('--hall-height') !== wanted) this.canvas.style.setProperty('--hall-height', wanted);
  }

  /**
   * The type size (px) of the positions' labels under the nodes: 11, and in presentation mode
   * 10 × the type's scale (20 px at 1920), so that the labels of a 60-position graph still fit
   * between its layers at 150% zoom.
   */
  labelPx() {
    return this.present ? Math.round(10 * this.fontScale) : 11;
  }

  /** The critical ring of nodes of radius r, thicker in presentation mode. */
  ring(r) {
    return criticalRing(r, this.present ? 8 : 4);
  }

  /** The game in play mode (the ids of its positions so far; the last is on the board), or null. */
  setMarks(marks) {
    this.marks = marks;
    this.dirty = true;
  }

  /** A rule's strategy and its last changes (see the constructor), or null to show UMDA's model. */
  setRules(rules) {
    this.rules = rules;
    // Tests wait for this: how many moves the last play changed, drawn flashing.
    this.canvas.dataset.flash = rules ? String(rules.changed.length) : '';
    this.dirty = true;
  }

  /** What step by step has revealed (see the constructor), or null to show every value. */
  setReveal(reveal) {
    this.reveal = reveal;
    this.dirty = true;
  }

  /**
   * The arrays to draw: the session's, or while values are being revealed, the revealed
   * outcomes and nothing that gives the others away (no winning-move colour, no critical
   * rings, every move drawn alike).
   */
  drawnViews() {
    const v = this.session.views();
    if (!this.masked()) return v;
    const { n, m } = this.session;
    this.plain ??= { optimal: new Uint8Array(m), model: new Float64Array(m).fill(0.5), critical: new Uint8Array(n), unknown: new Uint8Array(n).fill(3) };
    const { optimal, model, critical, unknown } = this.plain;
    // A mode that reveals values one at a time draws what it has revealed. Outcomes hidden by the
    // link (reveal.js): every position pale and unnamed, no critical ring
    // (critical positions are N-positions); the winning move hidden: no move coloured as one.
    const outcome = this.reveal ? this.reveal.outcome : shows('outcomes') ? v.outcome : unknown;
    if (this.reveal) return { ...v, outcome, optimal, model, critical };
    return { ...v, outcome, optimal, critical: shows('outcomes') ? v.critical : critical };
  }

  /** Whether the drawing hides something: values step by step, or what the link hides. */
  masked() {
    return Boolean(this.reveal) || !shows('outcomes') || !shows('winning');
  }

  fit() {
    this.zoom = 1;
    this.panX = 0;
    this.panY = 0;
    this.dirty = true;
  }

  resize() {
    const dpr = window.devicePixelRatio || 1;
    const { clientWidth: w, clientHeight: h } = this.canvas;
    if (w === 0 || h === 0) return;
    this.width = w;
    this.height = h;
    this.dpr = dpr;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    // The page's type follows the width in presentation mode: the canvas's text with it.
    if (this.present) this.restyle();
    this.dirty = true;
  }

  /** Base scales (px per layer, px per slot) that fit the drawing at zoom 1. */
  scales() {
    const { layers, widest } = this.session.info;
    const kx = (this.width - 2 * this.padX()) / Math.max(1, layers - 1);
    const top = PAD_TOP + this.legendSpace();
    const ky = widest > 1 ? (this.height - top - this.padBottom()) / (widest - 1) : kx;
    return [kx * this.zoom, ky * this.zoom];
  }

  /** Room under the lowest row: its labels grow with the font (presentation mode), so it does. */
  padBottom() {
    return PAD_BOTTOM + (this.labelPx() - 11) + 2;
  }

  radius() {
    const [kx, ky] = this.scales();
    const { widest } = this.session.info;
    const room = widest > 1 ? Math.min(kx, ky) : kx;
    // In a hall a small graph's nodes are 40 px across as soon as the room allows (0.45 of the
    // spacing, so neighbours never touch); fitHall gives its canvas that room.
    const hall = this.present && this.session.n <= HALL_POSITIONS;
    const r = Math.max(1, Math.min(MAX_RADIUS, room * (hall ? 0.45 : 0.38)));
    // With labels under the nodes, a node leaves room below it for its label, unless that would
    // make it too small for its Grundy value (then the labels are left out).
    const withLabels = (ky - LABEL_SPACE - (this.labelPx() - 11)) / 2;
    const least = hall ? MAX_RADIUS : MIN_LABELLED_RADIUS;
    return widest > 1 && room >= LABEL_ROOM && withLabels >= least ? Math.min(r, withLabels) : r;
  }

  /** Screen position (CSS px within the canvas) of position `id` as last drawn. */
  screenPosition(id) {
    return { x: this.sx[id], y: this.sy[id], r: this.radius() };
  }

  /** The position drawn nearest to (x, y), within reach of a finger, or -1. */
  hit(x, y) {
    // A hidden graph (hide=graph) has nothing to pick.
    if (!this.session || !shows('graph')) return -1;
    const reach = Math.max(this.radius() + 3, 8);
    let best = -1;
    let bestD = reach * reach;
    for (let v = 0; v < this.session.n; v++) {
      const dx = this.sx[v] - x;
      const dy = this.sy[v] - y;
      const d = dx * dx + dy * dy;
      if (d <= bestD) {
        bestD = d;
        best = v;
      }
    }
    return best;
  }

  listen() {
    const c = this.canvas;
    const local = (e) => {
      const rect = c.getBoundingClientRect();
      return { x: e.clientX - rect.left, y: e.clientY - rect.top };
    };
    c.addEventListener('wheel', (e) => {
      e.preventDefault();
      const { x, y } = local(e);
      this.zoomAt(x, y, Math.exp(-e.deltaY * 0.0015));
    }, { passive: false });
    c.addEventListener('pointerdown', (e) => {
      c.setPointerCapture(e.pointerId);
      const p = local(e);
      // A second finger while drawing a move: the drawing gives way to pan and zoom.
      if (this.editor && this.pointers.size === 1) this.editor.cancel();
      const edit = Boolean(this.editor) && this.pointers.size === 0 && e.button === 0 && this.editor.down(p, e);
      this.pointers.set(e.pointerId, { ...p, startX: p.x, startY: p.y, edit });
    });
    c.addEventListener('pointermove', (e) => {
      const p = local(e);
      const prev = this.pointers.get(e.pointerId);
      if (prev?.edit && this.pointers.size === 1) {
        this.editor.move(p);
        return;
      }
      if (!prev) {
        const id = this.hit(p.x, p.y);
        if (id !== this.hovered) {
          this.hovered = id;
          this.onPick(id < 0 ? null : id, { ...p, sticky: false });
        }
        return;
      }
      if (this.pointers.size === 2) {
        // Two fingers: the midpoint pans, the spread zooms.
        const [a, b] = [...this.pointers.values()];
        const before = Math.hypot(a.x - b.x, a.y - b.y);
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        prev.x = p.x;
        prev.y = p.y;
        const [a2, b2] = [...this.pointers.values()];
        const after = Math.hypot(a2.x - b2.x, a2.y - b2.y);
        const mid2 = { x: (a2.x + b2.x) / 2, y: (a2.y + b2.y) / 2 };
        this.panX += mid2.x - mid.x;
        this.panY += mid2.y - mid.y;
        if (before > 0) this.zoomAt(mid2.x, mid2.y, after / before);
        this.dirty = true;
        return;
      }
      // One finger on a touch screen scrolls the page (touch-action: pan-y), never the graph:
      // the graph covers much of a phone's screen. Its position is kept for a tap.
      if (e.pointerType === 'touch') {
        prev.x = p.x;
        prev.y = p.y;
        return;
      }
      this.panX += p.x - prev.x;
      this.panY += p.y - prev.y;
      prev.x = p.x;
      prev.y = p.y;
      this.dirty = true;
    });
    const end = (e) => {
      const prev = this.pointers.get(e.pointerId);
      this.pointers.delete(e.pointerId);
      if (prev?.edit && this.editor) {
        if (e.type === 'pointerup' && this.pointers.size === 0) this.editor.up(local(e));
        else this.editor.cancel();
        return;
      }
      if (prev && Math.hypot(prev.x - prev.startX, prev.y - prev.startY) < 5 && e.type === 'pointerup') {
        const id = this.hit(prev.x, prev.y);
        this.onPick(id < 0 ? null : id, { x: prev.x, y: prev.y, sticky: true });
      }
    };
    c.addEventListener('pointerup', end);
    c.addEventListener('pointercancel', end);
    c.addEventListener('pointerleave', () => {
      if (this.hovered >= 0 && this.pointers.size === 0) {
        this.hovered = -1;
        this.onPick(null, { x: 0, y: 0, sticky: false });
      }
    });
  }

  zoomAt(x, y, factor) {
    const zoom = Math.min(4000, Math.max(0.2, this.zoom * factor));
    const f = zoom / this.zoom;
    // Keep the point under the cursor fixed: screen = origin + world·scale + pan.
    const [ox, oy] = this.origin();
    this.panX = x - ox - (x - ox - this.panX) * f;
    this.panY = y - oy - (y - oy - this.panY) * f;
    this.zoom = zoom;
    this.dirty = true;
  }

  origin() {
    const top = PAD_TOP + this.legendSpace();
    return [this.padX(), top + (this.height - top - this.padBottom()) / 2];
  }

  /** Room at the sides: for the labels of the first and last layers, shifted in as needed; in a hall, just the nodes and their rings. */
  padX() {
    return this.present ? MAX_RADIUS + 14 : PAD_X;
  }

  /** Offers the whole drawing, as it is now, as a PNG file. */
  savePng() {
    this.draw(true);
    this.canvas.toBlob((blob) => blob && download(blob, 'impartial-graph.png'));
  }

  /** Whether a picture is being drawn (off screen, over the next frames). */
  get building() {
    return this.job !== null;
  }

  /** The position under the pointer changed: redrawn only where it is drawn (not far out). */
  hoverChanged() {
    if (this.radius() >= FAR_RADIUS) this.dirty = true;
  }

  /**
   * Draws what changed (or, `force`, everything now, on the screen). A small picture is drawn on
   * the screen at once; a large one (DIRECT_LIMIT) off screen a slice a frame, then shown, the
   * last one staying meanwhile (moved with the view after a pan or zoom). A new view makes a
   * picture under way useless, so it starts again; other changes wait for it to finish (it read
   * its data when it began), so that a stream of changes cannot keep every picture unfinished.
   * Returns whether it drew.
   */
  draw(force = false) {
    if (!this.session || !this.width) return false;
    if (force) {
      this.job = null;
      this.dirty = false;
      const steps = this.picture();
      while (!steps.next().done);
      this.front = null;
      return true;
    }
    if (this.dirty && (!this.job || this.job.view !== this.viewKey())) {
      this.dirty = false;
      this.start();
    }
    if (!this.job) return false;
    this.advance();
    return true;
  }

  /** What the screen positions depend on: a picture begun under another view is useless. */
  viewKey() {
    return [this.zoom, this.panX, this.panY, this.width, this.height, this.dpr, this.fontScale, this.legendSpace()].join();
  }

  start() {
    const began = performance.now();
    const steps = this.picture();
    // At most this many lines and squares (far out, every position and one move each).
    const size = this.session.n + Math.min(this.session.m, this.session.m <= EDGE_BUDGET ? EDGE_BUDGET : this.session.n);
    const offscreen = size > DIRECT_LIMIT;
    const frame = { zoom: this.zoom, panX: this.panX, panY: this.panY, width: this.width, height: this.height, dpr: this.dpr, top: this.legendSpace() };
    this.job = { steps, offscreen, frame, view: this.viewKey(), ctx: offscreen ? this.backContext() : this.screen, ms: performance.now() - began };
    if (offscreen) this.preview(frame);
  }

  /** A canvas the size of the screen's to draw the next picture on. */
  backContext() {
    const w = Math.round(this.width * this.dpr);
    const h = Math.round(this.height * this.dpr);
    if (this.back?.width !== w || this.back?.height !== h) {
      this.back = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(w, h) : Object.assign(document.createElement('canvas'), { width: w, height: h });
    }
    // Read back (one pixel) after every path, so it is rasterised in its slice: kept in memory.
    return this.back.getContext('2d', { alpha: false, willReadFrequently: true });
  }

  /** While a picture is drawn after a pan or zoom, the last one is shown moved the same way. */
  preview(frame) {
    const last = this.front?.frame;
    if (!last || last.width !== frame.width || last.height !== frame.height || last.dpr !== frame.dpr || last.top !== frame.top) return;
    if (last.zoom === frame.zoom && last.panX === frame.panX && last.panY === frame.panY) return;
    // screen = origin + world·scale·zoom + pan, so the old picture maps to the new by a scaling
    // about the origin, f = zoom ratio, and the difference of the pans.
    const f = frame.zoom / last.zoom;
    const [ox, oy] = this.origin();
    const ctx = this.screen;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.setTransform(f, 0, 0, f, frame.dpr * (ox * (1 - f) - last.panX * f + frame.panX), frame.dpr * (oy * (1 - f) - last.panY * f + frame.panY));
    ctx.drawImage(this.front.canvas, 0, 0);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }

  /** Draws the picture under way: all of it on the screen, or a slice of it off screen. */
  advance() {
    const job = this.job;
    const began = performance.now();
    let done = false;
    this.ctx = job.ctx;
    try {
      do {
        done = job.steps.next().done;
        if (job.offscreen) job.ctx.getImageData(0, 0, 1, 1);
      } while (!done && (!job.offscreen || performance.now() - began < SLICE_MS));
    } finally {
      this.ctx = this.screen;
    }
    job.ms += performance.now() - began;
    if (!done) return;
    this.job = null;
    this.pictureMs = job.ms;
    if (!job.offscreen) {
      this.front = null;
      return;
    }
    this.screen.setTransform(1, 0, 0, 1, 0, 0);
    this.screen.drawImage(job.ctx.canvas, 0, 0);
    const shown = job.ctx.canvas;
    this.back = this.front?.canvas ?? null;
    this.front = { canvas: shown, frame: job.frame };
  }

  /**
   * A picture, as a generator drawing on this.ctx: it first reads what it shows (screen
   * positions, the moves to draw, a copy of the masses, which a worker's model overwrites), then
   * sorts the positions' squares from that copy, then draws, pausing between paths of a large
   * picture (PATH_CHUNK) so that it can be drawn a slice a frame.
   */
  *picture() {
    const v = { ...this.drawnViews() };
    v.mass = v.mass.slice();
    const n = this.session.n;
    const [kx, ky] = this.scales();
    const [ox, oy] = this.origin();
    const { sx, sy, width, height } = this;
    // Which sides of the screen each position is beyond: a move is drawn unless both ends are
    // beyond the same side.
    if (this.outcode?.length !== n) this.outcode = new Uint8Array(n);
    const out = this.outcode;
    for (let i = 0; i < n; i++) {
      sx[i] = ox + v.x[i] * kx + this.panX;
      sy[i] = oy + v.y[i] * ky + this.panY;
      out[i] = (sx[i] < 0 ? 1 : sx[i] > width ? 2 : 0) | (sy[i] < 0 ? 4 : sy[i] > height ? 8 : 0);
    }
    const r = this.radius();
    // What was written on the canvas (tests read it): label boxes and how many numbers.
    this.labelBoxes = [];
    this.numbersDrawn = 0;
    this.mode = this.session.m <= EDGE_BUDGET ? 'all' : 'top';
    this.measures(r);
    if (!shows('graph')) {
      yield* this.drawHidden();
      return;
    }
    const edges = this.rules ? this.strategyPlan(v, r, kx) : yield* this.edgePlan(v, r, kx);
    yield;
    const nodes = this.nodePlan(v, r);
    yield;
    const ctx = this.ctx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, this.width, this.height);
    yield* edges.draw();
    this.drawPath(v, kx);
    this.drawFollowers(v, r, kx);
    this.drawBoardMark(r);
    yield* nodes.draw();
    this.editor?.overlay(ctx, r);
    if (this.legend) this.drawLegend();
  }

  /**
   * Sizes as drawn, on the canvas for tests and automation (docs/page.md): data-node-px (a
   * node's diameter), data-ring-px (a critical ring's line width), data-value-px (the type of
   * the values in the nodes), data-label-px (the positions' labels), data-legend-px (the
   * legend's, in presentation mode; else empty).
   */
  measures(r) {
    const { ringW } = this.ring(r);
    Object.assign(this.canvas.dataset, {
      nodePx: (2 * r).toFixed(1),
      ringPx: ringW.toFixed(1),
      valuePx: String(this.valueFont(r)),
      labelPx: String(this.labelPx()),
      legendPx: this.legend ? String(this.legendPx()) : '',
    });
  }

  /** The graph hidden by the link (hide=graph): a blank canvas and how to show it. */
  *drawHidden() {
    const ctx = this.ctx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, this.width, this.height);
    ctx.fillStyle = '#555555';
    ctx.font = `${Math.round(16 * this.fontScale)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('The graph is hidden: press G or Reveal to show it.', this.width / 2, this.height / 2);
    yield;
  }

  visible(i, margin) {
    return this.sx[i] >= -margin && this.sx[i] <= this.width + margin && this.sy[i] >= -margin && this.sy[i] <= this.height + margin;
  }

  /**
   * UMDA's model: the moves to draw with their colour and width level ([optimal?][level], a
   * bucket), as (position, move) pairs sorted by bucket, a counting sort over typed arrays (at
   * 10⁵ positions, pushing onto a list per bucket cost 9 ms). Far out on a large graph, each
   * position's most likely move and its bucket come from the core (one pass over the model's
   * moves, there); the pairs are made at the next step, the core's arrays being only rewritten
   * by the next picture.
   */
  *edgePlan(v, r, kx) {
    const n = this.session.n;
    const { offsets, targets, model, optimal } = v;
    const out = this.outcode;
    const room = this.mode === 'all' ? this.session.m : n;
    const from = new Uint32Array(room);
    const move = new Uint32Array(room);
    const bucket = new Uint8Array(room);
    const starts = new Uint32Array(2 * WIDTH_LEVELS + 1);
    let size = 0;
    const keep = (u, e, b) => {
      from[size] = u;
      move[size] = e;
      bucket[size] = b;
      starts[b + 1]++;
      size++;
    };
    // While values are revealed every move is alike (the first is drawn).
    if (this.mode === 'top' && !this.masked() && this.session.findTopMoves) {
      this.session.findTopMoves(WIDTH_LEVELS);
      yield;
      const top = this.session.topMoves();
      for (let u = 0; u < n; u++) {
        const b = top.shade[u];
        if (b !== 255 && (out[u] & out[targets[top.move[u]]]) === 0) keep(u, top.move[u], b);
      }
    } else {
      for (let u = 0; u < n; u++) {
        let e = offsets[u];
        const end = offsets[u + 1];
        if (e === end) continue;
        if (this.mode === 'top') for (let f = e + 1; f < end; f++) if (model[f] > model[e]) e = f;
        // 'all': every move from e to end; 'top': the one move e.
        for (const last = this.mode === 'all' ? end : e + 1; e < last; e++) {
          const p = model[e];
          if (!(p > 0) || (out[u] & out[targets[e]]) !== 0) continue;
          keep(u, e, (optimal[e] ? WIDTH_LEVELS : 0) + Math.min(WIDTH_LEVELS - 1, Math.floor(p * WIDTH_LEVELS)));
        }
      }
    }
    for (let b = 1; b < starts.length; b++) starts[b] += starts[b - 1];
    // (position, move) pairs, bucket by bucket, each in the order met.
    const pairs = new Uint32Array(2 * size);
    const next = starts.slice(0, -1);
    for (let k = 0; k < size; k++) {
      const at = 2 * next[bucket[k]]++;
      pairs[at] = from[k];
      pairs[at + 1] = move[k];
    }
    const plan = { v, r, kx, pairs, starts, size };
    return { draw: () => this.drawEdges(plan) };
  }

  *drawEdges({ v, r, kx, pairs, starts, size }) {
    const { ctx } = this;
    const maxWidth = Math.max(1, Math.min(6, r * 0.6));
    // Many or tiny: thin opaque lines whose shade carries p (wide translucent strokes cost the
    // compositor far more than the drawing itself). Opaque lines may be stroked a chunk at a
    // time; translucent ones (few) overlap in one path, as one stroke blends them.
    const light = this.mode === 'top' || r < 3 || size > HEAVY_EDGES;
    for (let b = 0; b < starts.length - 1; b++) {
      const [first, last] = [starts[b], starts[b + 1]];
      if (first === last) continue;
      const level = b % WIDTH_LEVELS;
      const isOptimal = b >= WIDTH_LEVELS;
      const strength = 0.25 + (0.75 * (level + 1)) / WIDTH_LEVELS;
      if (light) {
        ctx.strokeStyle = shade(isOptimal ? OPTIMAL_RGB : OTHER_RGB, strength);
        ctx.globalAlpha = 1;
        ctx.lineWidth = 1;
      } else {
        ctx.strokeStyle = isOptimal ? COLOURS.optimal : COLOURS.other;
        ctx.globalAlpha = strength;
        ctx.lineWidth = 0.5 + (maxWidth * (level + 1)) / WIDTH_LEVELS;
      }
      const chunk = light ? PATH_CHUNK : last - first;
      for (let k = first; k < last; k += chunk) {
        ctx.beginPath();
        for (let j = k; j < Math.min(last, k + chunk); j++) this.edgePath(pairs[2 * j], v.targets[pairs[2 * j + 1]], v, kx);
        ctx.stroke();
        yield;
      }
    }
    ctx.globalAlpha = 1;
  }

  /**
   * A rule's learner: every move thin and light, the learner's one move per position thick and
   * black (with an arrowhead: the strategy is a choice, not a weight), and the moves the last
   * play just changed in vermillion with a wide halo, so the eye finds what the rule did.
   * Beyond the drawing budget (UMDA's: more than EDGE_BUDGET moves) a redraw costs O(positions),
   * not O(moves): only the learner's moves on screen are drawn, straight, with arrowheads only
   * when few, and the halo does not pulse (a pulse redraws every frame). The canvas's
   * data-strategy-drawn says how many of the learner's moves were drawn.
   */
  strategyPlan(v, r, kx) {
    const n = this.session.n;
    const { strategy, changed } = this.rules;
    const heavy = this.session.m > EDGE_BUDGET;
    const out = this.outcode;
    const shown = [];
    for (let u = 0; u < n; u++) {
      const w = strategy[u];
      if (w >= 0 && (!heavy || (out[u] & out[w]) === 0)) shown.push(u);
    }
    this.canvas.dataset.strategyDrawn = String(shown.length);
    // The halo pulses while the run is paused after a step (the frame loop redraws).
    if (changed.length > 0 && !heavy) this.dirty = true;
    const plan = { v, r, kx, strategy, changed, heavy, shown };
    return { draw: () => this.drawStrategy(plan) };
  }

  *drawStrategy({ v, r, kx, strategy, changed, heavy, shown }) {
    const { ctx, sx, sy } = this;
    const n = this.session.n;
    const { offsets, targets } = v;
    const line = heavy
      ? (u, w) => {
          ctx.moveTo(sx[u], sy[u]);
          ctx.lineTo(sx[w], sy[w]);
        }
      : (u, w) => this.edgePath(u, w, v, kx);
    if (!heavy) {
      ctx.strokeStyle = COLOURS.move;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let u = 0; u < n; u++) for (let e = offsets[u]; e < offsets[u + 1]; e++) this.edgePath(u, targets[e], v, kx);
      ctx.stroke();
      yield;
    }
    if (changed.length > 0) {
      ctx.strokeStyle = COLOURS.changed;
      ctx.globalAlpha = heavy ? 0.8 : 0.35 + 0.65 * Math.abs(Math.cos(performance.now() / 250));
      ctx.lineWidth = Math.max(6, r * 0.9);
      ctx.lineCap = 'round';
      ctx.beginPath();
      for (const { position, to } of changed) line(position, to);
      ctx.stroke();
      ctx.globalAlpha = 1;
      ctx.lineCap = 'butt';
    }
    ctx.strokeStyle = COLOURS.strategy;
    ctx.fillStyle = COLOURS.strategy;
    ctx.lineWidth = heavy ? 1 : Math.max(1.5, Math.min(3.5, r * 0.3));
    // Opaque lines: a chunk at a time.
    for (let from = 0; from < shown.length; from += PATH_CHUNK) {
      ctx.beginPath();
      for (let k = from; k < Math.min(shown.length, from + PATH_CHUNK); k++) line(shown[k], strategy[shown[k]]);
      ctx.stroke();
      yield;
    }
    if (shown.length > HEAVY_EDGES) return;
    // Arrowheads just outside the target node.
    ctx.beginPath();
    for (const u of shown) {
      const w = strategy[u];
      const c = heavy ? null : this.route(u, w, v, kx);
      const fx = c ? c.x : sx[u];
      const fy = c ? c.y : sy[u];
      const len = Math.hypot(sx[w] - fx, sy[w] - fy) || 1;
      const ux = (sx[w] - fx) / len;
      const uy = (sy[w] - fy) / len;
      const tipX = sx[w] - ux * (r + 3);
      const tipY = sy[w] - uy * (r + 3);
      const size = Math.max(5, Math.min(10, r * 0.7));
      ctx.moveTo(tipX, tipY);
      ctx.lineTo(tipX - ux * size - uy * size * 0.5, tipY - uy * size + ux * size * 0.5);
      ctx.lineTo(tipX - ux * size + uy * size * 0.5, tipY - uy * size - ux * size * 0.5);
      ctx.closePath();
    }
    ctx.fill();
  }

  /** One move u → w as a line, or a curve where a line would run through a position. */
  edgePath(u, w, v, kx) {
    const { ctx, sx, sy } = this;
    ctx.moveTo(sx[u], sy[u]);
    const control = this.route(u, w, v, kx);
    if (control) ctx.quadraticCurveTo(control.x, control.y, sx[w], sy[w]);
    else ctx.lineTo(sx[w], sy[w]);
  }

  /**
   * The control point of the curve drawn for the move u → w (screen px), or null for a straight
   * line. A move skipping layers bends when it joins two positions in one row, or (in graphs of
   * up to ROUTE_LIMIT moves) when its line would pass through a position of a layer in
   * between: then it bows away from the line by enough to clear that position.
   */
  route(u, w, v = this.session.views(), kx = this.scales()[0]) {
    const { sx, sy } = this;
    if (this.twoWay?.has(u * this.session.n + w)) {
      // A move and its reverse: each bows to its own left, so the two lines are apart.
      const dx = sx[w] - sx[u];
      const dy = sy[w] - sy[u];
      const length = Math.hypot(dx, dy) || 1;
      const bow = Math.max(16, length * 0.15);
      return { x: (sx[u] + sx[w]) / 2 + (dy / length) * bow, y: (sy[u] + sy[w]) / 2 - (dx / length) * bow };
    }
    const span = v.x[u] - v.x[w];
    if (span <= 1) return null;
    const side = span % 2 === 0 ? -1 : 1;
    if (Math.abs(sy[u] - sy[w]) < 1.5) {
      const bend = Math.min(this.height * 0.45, (span - 1) * kx * 0.35 + 8) * side;
      return { x: (sx[u] + sx[w]) / 2, y: (sy[u] + sy[w]) / 2 + bend };
    }
    if (!this.byLayer) return null;
    const r = this.radius();
    const dx = sx[w] - sx[u];
    const dy = sy[w] - sy[u];
    const length = Math.hypot(dx, dy);
    let blocked = false;
    for (let layer = v.x[w] + 1; layer < v.x[u] && !blocked; layer++) {
      for (const z of this.byLayer[layer] ?? []) {
        // Distance from z to the line u → w.
        const t = ((sx[z] - sx[u]) * dx + (sy[z] - sy[u]) * dy) / (length * length);
        const d = Math.hypot(sx[u] + t * dx - sx[z], sy[u] + t * dy - sy[z]);
        if (t > 0 && t < 1 && d < r + 3) {
          blocked = true;
          break;
        }
      }
    }
    if (!blocked) return null;
    // A quadratic curve passes halfway to its control point: bow out by twice the clearance.
    const bow = Math.max(2 * (r + 8), length * 0.18) * side;
    return { x: (sx[u] + sx[w]) / 2 - (dy / length) * bow, y: (sy[u] + sy[w]) / 2 + (dx / length) * bow };
  }

  /**
   * The positions: far out (r < FAR_RADIUS) small squares grouped by colour, read now; nearer,
   * shapes, rings and labels, drawn in one step (only what is on screen, so few).
   */
  nodePlan(v, r) {
    const n = this.session.n;
    const margin = r + 6;
    if (r >= FAR_RADIUS) return { draw: () => this.drawNodes(v, r) };
    // Far out: small squares, one fill per colour; arcs are too slow for thousands of nodes.
    // Critical positions (all N) get a square whose colour goes from vermillion (no mass on
    // optimal moves) to green (all of it) in MASS_COLOURS.length steps. P-positions are drawn
    // last and larger, so they stay visible among their many N neighbours.
    const { outcome, critical, mass } = v;
    // Group by colour first: one path and one fill per colour (the Game of Life way), the
    // positions sorted by group (a counting sort over typed arrays).
    const groupCount = 4 + MASS_COLOURS.length;
    const group = new Uint8Array(n).fill(255);
    const starts = new Uint32Array(groupCount + 1);
    for (let i = 0; i < n; i++) {
      if (!this.visible(i, margin)) continue;
      const o = outcome[i];
      const g = o === 0 ? 0 : o >= 2 ? MASS_COLOURS.length + o : critical[i] ? 1 + massLevel(mass[i]) : MASS_COLOURS.length + 1;
      group[i] = g;
      starts[g + 1]++;
    }
    for (let g = 1; g <= groupCount; g++) starts[g] += starts[g - 1];
    const order = new Uint32Array(starts[groupCount]);
    const next = starts.slice(0, -1);
    for (let i = 0; i < n; i++) if (group[i] !== 255) order[next[group[i]]++] = i;
    return { draw: () => this.drawSquares(order, starts, r, margin) };
  }

  *drawSquares(order, starts, r, margin) {
    const { ctx, sx, sy } = this;
    const s = Math.max(1.5, r * 2);
    // Not yet revealed (3, step by step): light grey, drawn first, under the others.
    const colours = [COLOURS.P, ...MASS_COLOURS, COLOURS.N, COLOURS.D, '#cfcfcf'];
    for (let g = starts.length - 2; g >= 0; g--) {
      const size = g === 0 ? s + 1.5 : s;
      ctx.fillStyle = colours[g];
      // Opaque squares: a chunk at a time.
      for (let k = starts[g]; k < starts[g + 1]; k += PATH_CHUNK) {
        ctx.beginPath();
        for (let j = k; j < Math.min(starts[g + 1], k + PATH_CHUNK); j++) {
          const i = order[j];
          ctx.rect(sx[i] - size / 2, sy[i] - size / 2, size, size);
        }
        ctx.fill();
        yield;
      }
    }
    this.drawRoot(r, margin);
  }

  /** Near in: one step (only the positions on screen are drawn, and they are few). */
  // eslint-disable-next-line require-yield -- a generator like the far-out drawer, done in one step
  *drawNodes(v, r) {
    const { ctx, sx, sy } = this;
    const n = this.session.n;
    const { outcome, critical, mass, grundy } = v;
    const margin = r + 6;
    // P: squares; N: circles. One path per shape, filled and outlined at once. (Here r ≥
    // FAR_RADIUS, so there is room for the outline.)
    const shape = (code, colour, add) => {
      ctx.beginPath();
      let count = 0;
      for (let i = 0; i < n; i++) {
        if (outcome[i] === code && this.visible(i, margin)) {
          add(i);
          count++;
        }
      }
      // No position of this kind: no colour of it is painted (tests record the fills).
      if (count === 0) return;
      ctx.fillStyle = colour;
      ctx.fill();
      ctx.strokeStyle = '#1d1d1d';
      ctx.lineWidth = 1;
      ctx.stroke();
    };
    shape(0, COLOURS.P, (i) => ctx.rect(sx[i] - r * 0.9, sy[i] - r * 0.9, r * 1.8, r * 1.8));
    shape(1, COLOURS.N, (i) => {
      ctx.moveTo(sx[i] + r, sy[i]);
      ctx.arc(sx[i], sy[i], r, 0, 2 * Math.PI);
    });
    // D (a draw, only in graphs with cycles): diamonds, a third shape as well as a third colour.
    shape(2, COLOURS.D, (i) => {
      const d = r * 1.15;
      ctx.moveTo(sx[i], sy[i] - d);
      ctx.lineTo(sx[i] + d, sy[i]);
      ctx.lineTo(sx[i], sy[i] + d);
      ctx.lineTo(sx[i] - d, sy[i]);
      ctx.closePath();
    });
    // Not revealed yet (step by step): pale circles, no value.
    shape(3, COLOURS.hidden, (i) => {
      ctx.moveTo(sx[i] + r, sy[i]);
      ctx.arc(sx[i], sy[i], r, 0, 2 * Math.PI);
    });
    // Critical positions: a vermillion ring, and over it a green arc as long as the mass on
    // optimal moves (a full circle = all mass on moves to P-positions).
    const { ringR, ringW } = this.ring(r);
    ctx.lineWidth = ringW;
    ctx.strokeStyle = COLOURS.critical;
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      if (!this.rules && critical[i] && this.visible(i, margin)) {
        ctx.moveTo(sx[i] + ringR, sy[i]);
        ctx.arc(sx[i], sy[i], ringR, 0, 2 * Math.PI);
      }
    }
    ctx.stroke();
    ctx.strokeStyle = COLOURS.optimal;
    ctx.lineWidth = ringW + 0.5;
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      if (!this.rules && critical[i] && mass[i] > 0 && this.visible(i, margin)) {
        const a0 = -Math.PI / 2;
        ctx.moveTo(sx[i] + ringR * Math.cos(a0), sy[i] + ringR * Math.sin(a0));
        ctx.arc(sx[i], sy[i], ringR, a0, a0 + 2 * Math.PI * mass[i]);
      }
    }
    ctx.stroke();
    this.drawRoot(r, margin);
    if (r >= 6) this.drawLabels(r, grundy, outcome, margin);
    if (this.hovered >= 0 && this.hovered < n) {
      ctx.strokeStyle = '#000';
      ctx.lineWidth = 2;
      ctx.setLineDash([3, 3]);
      ctx.beginPath();
      ctx.arc(sx[this.hovered], sy[this.hovered], ringR + 6, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }

  /** The legend's entries for what the graph shows now: [shape, colour, text]. */
  legendItems() {
    const items = [
      ['square', COLOURS.P, 'P-position: the player to move loses with best play'],
      ['circle', COLOURS.N, 'N-position: the player to move wins with best play'],
      ['ring', COLOURS.critical, 'critical: a winning move can be missed'],
      ['line', COLOURS.optimal, 'winning move (to a P-position)'],
    ];
    if (this.session.cyclic) items.splice(2, 0, ['diamond', COLOURS.D, 'D-position: a draw with best play']);
    if (!shows('outcomes')) return [['circle', '#cfcfcf', 'outcome hidden (O reveals)'], ['line', COLOURS.other, 'a move']];
    if (this.reveal) {
      // Each mode that hides values names what its hidden and its marked positions are.
      const { hidden = 'not computed yet', current = 'the position being computed' } = this.reveal.words ?? {};
      items.splice(2, 2, ['circle', '#cfcfcf', hidden], ['circle', COLOURS.path, current], ['line', COLOURS.followers, 'its moves, to its followers']);
    } else if (this.rules) {
      items.splice(this.session.cyclic ? 3 : 2, 2, ['line', COLOURS.strategy, 'the learner’s move (its strategy)'], ['line', COLOURS.changed, 'changed by the last play']);
      items.push(['line', COLOURS.path, 'the last play']);
    } else if (this.marks) items.push(['line', COLOURS.path, 'the game being played']);
    return shows('winning') ? items : items.filter((item) => item[1] !== COLOURS.optimal);
  }

  /**
   * The legend laid out in rows across the top of the canvas (presentation mode), so that it
   * never covers a position: each entry's place and the height it takes.
   */
  legendLayout() {
    const { ctx } = this;
    const size = this.legendPx();
    ctx.font = `${size}px system-ui, sans-serif`;
    const row = size * 1.5;
    const places = [];
    let x = 6;
    let y = 4;
    for (const [shape, colour, text] of this.legendItems()) {
      // In a hall's type the long entries are said short, so that each fits a row.
      const item = [shape, colour, SHORT_LEGEND[text] ?? text];
      const w = ctx.measureText(item[2]).width + size * 2.4;
      // (Clear of the Fit button at the top right, larger with the type.)
      if (x > 6 && x + w > this.width - 60 * this.fontScale) {
        x = 6;
        y += row;
      }
      places.push({ item, x, y: y + row / 2 });
      x += w + size;
    }
    return { size, places, height: y + row + 4 };
  }

  /** The legend's type (px): the teaching panels' 1 rem in presentation mode (32 px at 1920). */
  legendPx() {
    return Math.round(16 * this.fontScale);
  }

  /** Pixels at the top kept free for the legend (0 without one). */
  legendSpace() {
    return this.legend && this.session && this.width ? this.legendLayout().height : 0;
  }

  /** The key to the drawing, in rows above it (presentation mode: a projected page has no room to read the text below). */
  drawLegend() {
    const { ctx } = this;
    const { size, places, height } = this.legendLayout();
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, this.width, height);
    ctx.strokeStyle = '#ddd';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(0, height);
    ctx.lineTo(this.width, height);
    ctx.stroke();
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    for (const { item: [shape, colour, text], x: left, y } of places) {
      const x = left + size * 0.3;
      const h = size * 0.45;
      ctx.fillStyle = colour;
      ctx.strokeStyle = colour;
      ctx.beginPath();
      if (shape === 'square') ctx.rect(x, y - h, 2 * h, 2 * h);
      else if (shape === 'circle') ctx.arc(x + h, y, h, 0, 2 * Math.PI);
      else if (shape === 'diamond') {
        ctx.moveTo(x + h, y - h);
        ctx.lineTo(x + 2 * h, y);
        ctx.lineTo(x + h, y + h);
        ctx.lineTo(x, y);
        ctx.closePath();
      }
      if (shape === 'square' || shape === 'circle' || shape === 'diamond') ctx.fill();
      if (shape === 'ring') {
        ctx.lineWidth = 3;
        ctx.arc(x + h, y, h, 0, 2 * Math.PI);
        ctx.stroke();
      }
      if (shape === 'line') {
        ctx.lineWidth = 4;
        ctx.moveTo(x, y);
        ctx.lineTo(x + 2 * h, y);
        ctx.stroke();
      }
      ctx.fillStyle = '#1d1d1d';
      ctx.fillText(text, x + size * 1.6, y);
    }
  }

  /** The game played so far: a thick dark line through its positions, under the nodes. */
  drawPath(v, kx) {
    const path = this.marks?.path;
    if (!path || path.length < 2) return;
    const { ctx } = this;
    ctx.strokeStyle = COLOURS.path;
    ctx.lineWidth = 4;
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (let k = 1; k < path.length; k++) this.edgePath(path[k - 1], path[k], v, kx);
    ctx.stroke();
    ctx.lineCap = 'butt';
  }

  /**
   * Step by step: the position being computed in a purple halo, and its moves to its followers
   * (whose values make its mex) thick and dark.
   */
  drawFollowers(v, r, kx) {
    const current = this.reveal?.current ?? -1;
    if (current < 0) return;
    const { ctx } = this;
    ctx.strokeStyle = COLOURS.followers;
    ctx.lineWidth = Math.max(2, Math.min(4, r * 0.35));
    ctx.beginPath();
    for (const w of this.reveal.followers) this.edgePath(current, w, v, kx);
    ctx.stroke();
    this.drawBoardMark(r, current);
  }

  /** The position on the board (or `current`): a purple halo behind it (under the node and its label). */
  drawBoardMark(r, current = this.marks?.current) {
    if (current === undefined || current < 0 || current >= this.session.n) return;
    const { ctx, sx, sy } = this;
    const { ringR, ringW } = this.ring(r);
    const haloR = ringR + ringW + 5;
    ctx.fillStyle = COLOURS.path;
    ctx.globalAlpha = 0.55;
    ctx.beginPath();
    ctx.arc(sx[current], sy[current], haloR, 0, 2 * Math.PI);
    ctx.fill();
    ctx.globalAlpha = 1;
  }

  /** The root: a thick black outline and the word "start". */
  drawRoot(r, margin) {
    const { ctx, sx, sy } = this;
    const root = this.session.info.root;
    if (!this.visible(root, margin)) return;
    const critical = this.ring(r);
    const ringR = critical.ringR + critical.ringW + 2;
    ctx.strokeStyle = COLOURS.root;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    ctx.arc(sx[root], sy[root], ringR, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.fillStyle = COLOURS.root;
    ctx.font = `600 ${Math.round(12 * this.fontScale)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    ctx.fillText('start', sx[root], sy[root] - ringR - 3);
  }

  /** The type size (px) of the values inside nodes of radius r. */
  valueFont(r) {
    return Math.max(9, Math.min(14 * this.fontScale, Math.round(r * 0.9 * this.fontScale)));
  }

  /** Grundy values inside the nodes and, where there is room, position labels beneath. */
  drawLabels(r, grundy, outcome, margin) {
    const { ctx, sx, sy } = this;
    const n = this.session.n;
    const misere = this.session.info.play === 'misere';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = `600 ${this.valueFont(r)}px system-ui, sans-serif`;
    // The values (misère: the outcome letters) only when the link does not hide them (reveal.js),
    // or those a mode reveals one at a time (step by step, the exercises: their own reveal).
    const numbers = this.reveal || (misere ? shows('outcomes') : shows('values'));
    for (let i = 0; i < n && numbers; i++) {
      if (!this.visible(i, margin) || outcome[i] === 3) continue;
      ctx.fillStyle = outcome[i] === 0 ? '#ffffff' : '#000000';
      // Misère play: the outcome letter; a graph with cycles: ∞ where γ is not finite.
      const text = misere ? 'PND'[outcome[i]] : grundy[i] === 0xffffffff ? '∞' : String(grundy[i]);
      ctx.fillText(text, sx[i], sy[i] + 0.5);
      this.numbersDrawn++;
    }
    const [kx, ky] = this.scales();
    const widest = this.session.info.widest;
    const room = widest > 1 ? Math.min(kx, ky) : kx;
    // One row (a heap game): labels fit under the nodes whenever they fit between them.
    const space = LABEL_SPACE + (this.labelPx() - 11);
    if (widest > 1 && (room < LABEL_ROOM || ky < 2 * r + space - 0.5)) return;
    // A label fits between the layers (clear of its neighbours' labels and nodes) and inside
    // the canvas (shifted in at the sides); below the root's ring for the root.
    const widthLimit = Math.min(room * 0.95, kx - 6, 2 * (kx - r - 3));
    const root = this.session.info.root;
    const rootGap = Math.max(1.5, Math.min(4, r * 0.3)) + 7;
    const labelSize = this.labelPx();
    ctx.font = `${labelSize}px system-ui, sans-serif`;
    ctx.fillStyle = '#333333';
    ctx.textBaseline = 'top';
    for (let i = 0; i < n; i++) {
      if (!this.visible(i, margin)) continue;
      const label = this.session.label(i);
      const w = ctx.measureText(label).width;
      if (w > widthLimit) continue;
      const x = Math.min(this.width - w / 2 - 2, Math.max(w / 2 + 2, sx[i]));
      const y = sy[i] + r + (i === root ? rootGap + 3 : 6);
      if (y + labelSize + 1 > this.height || y < 0) continue;
      ctx.fillText(label, x, y);
      this.labelBoxes.push({ id: i, x0: x - w / 2, x1: x + w / 2, y0: y, y1: y + labelSize });
    }
  }
}
