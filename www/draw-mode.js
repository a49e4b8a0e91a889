// Draw mode: the student draws a game on the graph canvas. A press on empty canvas adds a
// position, a drag from one position to another draws a move (to empty canvas: a move to a new
// position there), a tap selects a position or a move to delete or rename. Every edit goes
// through the pure edits of draw-edits.js; its spec is built by the controller like a typed one,
// so the analysis, the address and every mode follow it, and a spec the core refuses leaves the
// last working graph in place with the core's sentence. Pointer events, so mouse and touch
// alike (the canvas takes one finger in this mode: touch-action none, see style.css).

import {
  DrawRefusal,
  MAX_DRAWN,
  addMove,
  addPosition,
  fromGraph,
  fromSpec,
  newDrawing,
  nextName,
  quoteName,
  removeMove,
  removePosition,
  renamePosition,
  specOf,
} from './draw-edits.js';
import { MODES, modeOf } from './modes/index.js';
import { count } from './panels.js';

const $ = (id) => document.getElementById(id);

/** A press that moves less than this (px) is a tap. */
const TAP = 6;
const INK = '#1d1d1d';
const SELECTED = '#CC79A7'; // Okabe–Ito reddish purple, as the game in play mode

export class DrawMode {
  /** `host` is the controller: its session, build(spec), notices and modes. */
  constructor(host) {
    this.host = host;
    this.graph = host.graph;
    this.on = false;
    this.drawing = null;
    this.ids = new Map(); // name → id in the session shown
    this.where = new Map(); // name → {x, y} (canvas px) for positions not in the game
    this.selected = null; // { position } or { from, to }
    this.drag = null;
    this.onBuilt = () => {};
    $('draw-mode').addEventListener('click', () => this.setOn(!this.on));
    $('draw-new').addEventListener('click', () => this.startNew());
    $('draw-delete').addEventListener('click', () => this.deleteSelected());
    $('draw-rename').addEventListener('click', () => this.rename($('draw-name').value));
    $('draw-name').addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      this.rename(e.target.value);
    });
    document.addEventListener('keydown', (e) => {
      if (!this.on || (e.target instanceof HTMLElement && e.target.closest('input, textarea, select'))) return;
      if (e.key === 'Delete' || e.key === 'Backspace') this.deleteSelected();
      else if (e.key === 'Escape') this.select(null);
      else return;
      e.preventDefault();
    });
  }

  /** Draw mode on (the drawing starts from the game shown) or off (every mode works on the drawn game). */
  setOn(on) {
    const { host } = this;
    // Drawing needs the graph: from a mode without it, the default mode's.
    if (on && !modeOf(host.page.mode).shows.includes('graph')) host.setMode(MODES[0].name);
    this.on = on;
    this.drag = null;
    this.selected = null;
    document.body.dataset.drawing = String(on);
    $('draw-mode').setAttribute('aria-pressed', String(on));
    $('draw-panel').hidden = !on;
    this.graph.editor = on ? this : null;
    this.graph.dirty = true;
    host.applyPlaying();
    if (on) this.startFrom(host.session);
    this.render();
  }

  /**
   * The drawing of the game shown: a graph's own edges, a small game of another family as its
   * graph (built at once as a graph spec, so the names drawn are the spec's), else a new drawing.
   */
  startFrom(session) {
    this.where.clear();
    const own = fromSpec(session.info.game);
    if (own && own.names.length <= MAX_DRAWN) {
      this.drawing = own;
      this.indexSession(session);
      return;
    }
    if (!own && session.n <= MAX_DRAWN) {
      const { offsets, targets } = session.views();
      const labels = Array.from({ length: session.n }, (_, i) => session.label(i));
      const moves = (i) => Array.from(targets.subarray(offsets[i], offsets[i + 1]));
      this.replace(fromGraph({ labels, moves, root: session.info.root, play: session.info.play }));
      return;
    }
    this.replace(newDrawing());
    this.host.notices.show([
      `This game has ${count(own ? own.names.length : session.n)} positions, more than the ${MAX_DRAWN} a drawing holds: a new drawing starts with a → b.`,
    ]);
  }

  startNew() {
    this.where.clear();
    this.selected = null;
    this.replace(newDrawing());
  }

  /** Shows `drawing` whatever the game shown (its spec is built; a refusal keeps the old one). */
  replace(drawing) {
    const previous = this.drawing;
    this.drawing = null;
    if (!this.apply(drawing)) this.drawing = previous;
  }

  /** The controller opened a game: a link or a typed spec while drawing starts the drawing afresh. */
  sessionChanged(session) {
    if (this.building) return;
    this.indexSession(session);
    if (this.on && specOf(this.drawing ?? { edges: [] }) !== session.info.game) this.startFrom(session);
    this.render();
  }

  indexSession(session) {
    this.ids.clear();
    for (let i = 0; i < session.n && i <= MAX_DRAWN; i++) this.ids.set(session.label(i), i);
  }

  /**
   * Makes `next` the drawing: its spec built when it changed (a refusal is a notice and the
   * drawing stays as it was). Returns whether it was taken.
   */
  apply(next) {
    const spec = specOf(next);
    if (!this.drawing || spec !== specOf(this.drawing)) {
      this.remember();
      this.building = true;
      const error = this.host.build(spec);
      this.building = false;
      if (error) {
        this.host.notices.show([`${error} The last working graph is kept.`]);
        return false;
      }
      this.indexSession(this.host.session);
      this.onBuilt();
    }
    this.drawing = next;
    this.render();
    return true;
  }

  /** Runs one edit; a refused one is a notice and changes nothing. */
  edit(change) {
    try {
      return this.apply(change(this.drawing));
    } catch (err) {
      if (!(err instanceof DrawRefusal)) throw err;
      this.host.notices.show([err.message]);
      return false;
    }
  }

  /** Where the positions are drawn now, kept for those that leave the game at the next edit. */
  remember() {
    for (const [name, id] of this.ids) this.where.set(name, { x: this.graph.sx[id], y: this.graph.sy[id] });
  }

  inGame(name) {
    return this.ids.has(name);
  }

  /** Where `name` is drawn (canvas px): its node, or where it was placed; positions never placed wait in a row at the foot. */
  place(name) {
    const id = this.ids.get(name);
    if (id !== undefined) return { x: this.graph.sx[id], y: this.graph.sy[id] };
    if (!this.where.has(name)) {
      const k = [...this.drawing.names].filter((n) => !this.inGame(n)).indexOf(name);
      this.where.set(name, { x: 30 + 44 * Math.max(0, k), y: this.graph.height - 30 });
    }
    return this.where.get(name);
  }

  nodeRadius(r = this.graph.radius()) {
    return Math.max(10, Math.min(20, r));
  }

  /** The position under (x, y) within reach of a finger, or null. */
  positionAt(p, reach = this.nodeRadius() + 8) {
    let best = null;
    let bestD = reach;
    for (const name of this.drawing.names) {
      const q = this.place(name);
      const d = Math.hypot(q.x - p.x, q.y - p.y);
      if (d <= bestD) [best, bestD] = [name, d];
    }
    return best;
  }

  /** The points of the move a → b as drawn (the graph's curve when both are in the game). */
  curve(a, b) {
    const p = this.place(a);
    const q = this.place(b);
    const control = this.inGame(a) && this.inGame(b) ? this.graph.route(this.ids.get(a), this.ids.get(b)) : null;
    const c = control ?? { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
    return Array.from({ length: 17 }, (_, k) => {
      const t = k / 16;
      return { x: (1 - t) ** 2 * p.x + 2 * t * (1 - t) * c.x + t * t * q.x, y: (1 - t) ** 2 * p.y + 2 * t * (1 - t) * c.y + t * t * q.y };
    });
  }

  /** The move drawn under (x, y), or null. */
  moveAt(p) {
    let best = null;
    let bestD = 9;
    for (const [a, b] of this.drawing.edges) {
      const points = this.curve(a, b);
      for (let k = 1; k < points.length; k++) {
        const d = segmentDistance(p, points[k - 1], points[k]);
        if (d < bestD) [best, bestD] = [{ from: a, to: b }, d];
      }
    }
    return best;
  }

  // --- The pointer, from graph-view.js ---------------------------------------------------------

  down(p, e) {
    const reach = this.nodeRadius() + (e.pointerType === 'touch' ? 14 : 6);
    this.drag = { from: this.positionAt(p, reach), x0: p.x, y0: p.y, x: p.x, y: p.y, reach };
    return true;
  }

  move(p) {
    if (!this.drag) return;
    Object.assign(this.drag, { x: p.x, y: p.y });
    this.graph.dirty = true;
  }

  up(p) {
    const drag = this.drag;
    this.drag = null;
    this.graph.dirty = true;
    if (!drag) return;
    if (Math.hypot(p.x - drag.x0, p.y - drag.y0) < TAP) {
      this.tap(p, drag.from);
      return;
    }
    if (!drag.from) return;
    const to = this.positionAt(p, drag.reach);
    if (to === drag.from) return;
    if (to) {
      if (this.edit((d) => addMove(d, drag.from, to))) this.select({ from: drag.from, to });
      return;
    }
    // A move to empty canvas: a new position there.
    const name = nextName(this.drawing);
    this.where.set(name, { x: p.x, y: p.y });
    if (this.edit((d) => addMove(addPosition(d, name), drag.from, name))) this.select({ position: name });
  }

  cancel() {
    this.drag = null;
    this.graph.dirty = true;
  }

  tap(p, position) {
    if (position) return this.select({ position });
    const move = this.moveAt(p);
    if (move) return this.select(move);
    const name = nextName(this.drawing);
    this.where.set(name, { x: p.x, y: p.y });
    if (this.edit((d) => addPosition(d, name))) this.select({ position: name });
  }

  // --- The panel's buttons -------------------------------------------------------------------

  select(selected) {
    this.selected = selected;
    this.graph.dirty = true;
    this.render();
    if (selected?.position) $('draw-name').value = selected.position;
  }

  deleteSelected() {
    const s = this.selected;
    if (!s) return;
    const done = s.position ? this.edit((d) => removePosition(d, s.position)) : this.edit((d) => removeMove(d, s.from, s.to));
    if (done) {
      if (s.position) this.where.delete(s.position);
      this.select(null);
    }
  }

  rename(text) {
    const old = this.selected?.position;
    if (!old) return;
    const name = text.trim();
    const place = this.where.get(old);
    if (!this.edit((d) => renamePosition(d, old, name))) return;
    if (place) this.where.set(name, place);
    this.select({ position: name });
  }

  /** The panel's words and the hooks tests read. */
  render() {
    const panel = $('draw-panel');
    const d = this.drawing;
    const s = this.selected;
    panel.dataset.positions = d ? String(d.names.length) : '0';
    panel.dataset.moves = d ? String(d.edges.length) : '0';
    panel.dataset.selected = !s ? '' : s.position ?? `${s.from}-${s.to}`;
    panel.dataset.outside = d ? d.names.filter((n) => !this.inGame(n)).join(',') : '';
    $('draw-selected').textContent = !s
      ? 'Nothing selected: tap a position or a move to delete it, or a position to rename it.'
      : s.position
        ? `Selected: position ${quoteName(s.position)}${s.position === d?.root ? ' (the start)' : ''}.`
        : `Selected: the move ${quoteName(s.from)} → ${quoteName(s.to)}.`;
    $('draw-name').disabled = !s?.position;
    $('draw-rename').disabled = !s?.position;
    $('draw-delete').disabled = !s;
    const outside = panel.dataset.outside;
    $('draw-outside').textContent = outside
      ? `Not in the game yet (no moves lead to ${outside.includes(',') ? 'them' : 'it'} from the start): ${outside.split(',').join(', ')}.`
      : '';
  }

  /** Drawn over the graph: positions outside the game, their moves, the selection, the move being drawn. */
  overlay(ctx, r) {
    if (!this.drawing) return;
    const R = this.nodeRadius(r);
    const line = (points) => {
      ctx.beginPath();
      ctx.moveTo(points[0].x, points[0].y);
      for (const q of points.slice(1)) ctx.lineTo(q.x, q.y);
      ctx.stroke();
    };
    // Every move's direction: an arrowhead at the position it leads to (a drawn game is small).
    ctx.fillStyle = '#555';
    ctx.beginPath();
    for (const [a, b] of this.drawing.edges) {
      const points = this.curve(a, b);
      const tip = points.at(-1);
      // The point of the curve where it enters b's node, and the direction it comes from.
      const k = points.findLastIndex((q) => Math.hypot(q.x - tip.x, q.y - tip.y) > R + 2);
      if (k < 0) continue;
      const [p0, p1] = [points[k], points[Math.min(points.length - 1, k + 1)]];
      const len = Math.hypot(p1.x - p0.x, p1.y - p0.y) || 1;
      const [ux, uy] = [(p1.x - p0.x) / len, (p1.y - p0.y) / len];
      const size = 9;
      ctx.moveTo(p0.x, p0.y);
      ctx.lineTo(p0.x - ux * size - uy * size * 0.5, p0.y - uy * size + ux * size * 0.5);
      ctx.lineTo(p0.x - ux * size + uy * size * 0.5, p0.y - uy * size - ux * size * 0.5);
      ctx.closePath();
    }
    ctx.fill();
    ctx.setLineDash([5, 4]);
    ctx.strokeStyle = '#888';
    ctx.lineWidth = 1.5;
    for (const [a, b] of this.drawing.edges) if (!this.inGame(a) || !this.inGame(b)) line(this.curve(a, b));
    ctx.font = `${Math.round(11 * this.graph.fontScale)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const name of this.drawing.names) {
      if (this.inGame(name)) continue;
      const q = this.place(name);
      ctx.fillStyle = '#fff';
      ctx.beginPath();
      ctx.arc(q.x, q.y, R, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = INK;
      ctx.fillText(name, q.x, q.y, 2 * R - 2);
    }
    ctx.setLineDash([]);
    ctx.strokeStyle = SELECTED;
    ctx.lineWidth = 4;
    if (this.selected?.position && this.drawing.names.includes(this.selected.position)) {
      const q = this.place(this.selected.position);
      ctx.beginPath();
      ctx.arc(q.x, q.y, R + 9, 0, 2 * Math.PI);
      ctx.stroke();
    } else if (this.selected?.from) line(this.curve(this.selected.from, this.selected.to));
    if (this.drag?.from && Math.hypot(this.drag.x - this.drag.x0, this.drag.y - this.drag.y0) >= TAP) {
      const q = this.place(this.drag.from);
      line([q, { x: this.drag.x, y: this.drag.y }]);
      ctx.beginPath();
      ctx.arc(this.drag.x, this.drag.y, 5, 0, 2 * Math.PI);
      ctx.fillStyle = SELECTED;
      ctx.fill();
    }
  }
}

function segmentDistance(p, a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = dx || dy ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy))) : 0;
  return Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
}
