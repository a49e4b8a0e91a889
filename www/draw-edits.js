// The edits of draw mode as pure functions on a drawing: its positions (names, in the order
// drawn), its moves (from → to, each position's moves in the order drawn) and its start. Each
// edit returns a new drawing or throws a DrawRefusal (one sentence naming what is allowed); the
// spec is written from the drawing in the grammar of docs/spec.md (`game=graph&edges=…&root=…`),
// which the core parses (src/games/graph.rs). No DOM here, so tests/www/ runs it in Node.

/** The most positions a drawing holds (what a hand can draw and a canvas can label). */
export const MAX_DRAWN = 64;
/** The core's limit on a position's name (src/games/dag.rs MAX_NAME). */
export const MAX_NAME = 32;
const NAME = /^[A-Za-z0-9_.]+$/;
/** What the grammar allows as a name, in the core's words. */
export const NAME_RULE = `1 to ${MAX_NAME} letters, digits, '_' or '.'`;

/** An edit refused: `message` is the sentence the page shows. */
export class DrawRefusal extends Error {}

const refuse = (sentence) => {
  throw new DrawRefusal(sentence);
};

/** A name quoted in a sentence: cut and with control characters escaped, as the core quotes. */
export function quoteName(name) {
  const shown = [...String(name)].slice(0, 40).join('');
  const escaped = JSON.stringify(shown).slice(1, -1).replace(/'/g, "\\'");
  return `'${escaped}${[...String(name)].length > 40 ? '…' : ''}'`;
}

export const validName = (name) => typeof name === 'string' && name.length <= MAX_NAME && NAME.test(name);

/** A new drawing: the start a and one move, to b (a game needs a move). */
export function newDrawing() {
  return { names: ['a', 'b'], edges: [['a', 'b']], root: 'a', play: 'normal' };
}

/**
 * The drawing a `graph` or `dag` spec describes (its positions in the order they first appear,
 * its moves in the order listed), or null for any other spec or one that is not an edge list.
 */
export function fromSpec(spec) {
  const keys = new URLSearchParams(spec);
  if (!['graph', 'dag'].includes(keys.get('game')) || !keys.has('edges')) return null;
  const names = [];
  const edges = [];
  for (const part of keys.get('edges').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [from, to, ...rest] = part.split('-').map((p) => p.trim());
    if (rest.length || !validName(from) || !validName(to)) return null;
    for (const n of [from, to]) if (!names.includes(n)) names.push(n);
    edges.push([from, to]);
  }
  const root = keys.get('root')?.trim() || sources(names, edges)[0];
  if (!root || !names.includes(root)) return null;
  return { names, edges, root, play: keys.get('play') === 'misere' ? 'misere' : 'normal' };
}

const sources = (names, edges) => names.filter((n) => !edges.some(([, to]) => to === n));

/**
 * The drawing of any small game's graph: `labels[i]` the label of position i, `moves(i)` its
 * followers' ids, `root` the start's id. Labels the grammar refuses ("3,0,5") become names it
 * takes ("3_0_5"), distinct ones kept distinct.
 */
export function fromGraph({ labels, moves, root, play = 'normal' }) {
  const names = [];
  const taken = new Set();
  for (const label of labels) {
    const base = (String(label).replace(/[^A-Za-z0-9_.]/g, '_') || '_').slice(0, MAX_NAME - 4);
    let name = base;
    for (let k = 2; taken.has(name); k++) name = `${base}.${k}`;
    taken.add(name);
    names.push(name);
  }
  // The start first, as the grammar lists positions in the order met.
  const order = [root, ...labels.map((_, i) => i).filter((i) => i !== root)];
  const edges = order.flatMap((i) => moves(i).map((w) => [names[i], names[w]]));
  return { names: order.map((i) => names[i]), edges, root: names[root], play };
}

/**
 * The spec of a drawing in the core's canonical form, `game=graph&edges=a-b,b-a&root=a&play=normal`,
 * or null while it has no move.
 */
export function specOf(drawing) {
  if (!drawing.edges.length) return null;
  const edges = drawing.edges.map(([a, b]) => `${a}-${b}`).join(',');
  return `game=graph&edges=${edges}&root=${drawing.root}&play=${drawing.play === 'misere' ? 'misere' : 'normal'}`;
}

/** The positions that are in the game: reachable from the start by moves. */
export function reachable(drawing) {
  const seen = new Set([drawing.root]);
  const stack = [drawing.root];
  while (stack.length) {
    const u = stack.pop();
    for (const [a, b] of drawing.edges) if (a === u && !seen.has(b)) stack.push(b), seen.add(b);
  }
  return seen;
}

/** The first free name among a, b, …, z, a1, b1, … */
export function nextName(drawing) {
  for (let k = 0; ; k++) {
    for (let c = 0; c < 26; c++) {
      const name = String.fromCharCode(97 + c) + (k ? String(k) : '');
      if (!drawing.names.includes(name)) return name;
    }
  }
}

function checkName(drawing, name, verb) {
  if (!validName(name)) refuse(`${quoteName(name)} cannot ${verb} a position: a name is ${NAME_RULE}.`);
  if (drawing.names.includes(name)) refuse(`There is already a position ${quoteName(name)}: each name is used once.`);
}

function checkHas(drawing, name) {
  if (!drawing.names.includes(name)) refuse(`There is no position ${quoteName(name)} in the drawing.`);
}

/** A new position (named `name`, or the next free name). */
export function addPosition(drawing, name = nextName(drawing)) {
  checkName(drawing, name, 'name');
  if (drawing.names.length >= MAX_DRAWN) {
    refuse(`A drawn game has at most ${MAX_DRAWN} positions, and this one has ${drawing.names.length}: delete one first, or write a larger graph in the game's spec.`);
  }
  return { ...drawing, names: [...drawing.names, name] };
}

/** A move from → to, listed after from's other moves (so it keeps its place in the spec). */
export function addMove(drawing, from, to) {
  checkHas(drawing, from);
  checkHas(drawing, to);
  if (from === to) refuse(`A move from ${quoteName(from)} to itself is not allowed: draw a move to another position.`);
  if (drawing.edges.some(([a, b]) => a === from && b === to)) {
    refuse(`There is already a move from ${quoteName(from)} to ${quoteName(to)}: each move is drawn once.`);
  }
  const last = drawing.edges.findLastIndex(([a]) => a === from);
  const edges = [...drawing.edges];
  edges.splice(last < 0 ? edges.length : last + 1, 0, [from, to]);
  // A first move starts the game: its position is the start.
  return { ...drawing, edges, root: drawing.edges.length ? drawing.root : from };
}

/** The move from → to taken away; a drawing keeps at least one move (a game needs one). */
export function removeMove(drawing, from, to) {
  if (!drawing.edges.some(([a, b]) => a === from && b === to)) {
    refuse(`There is no move from ${quoteName(from)} to ${quoteName(to)} in the drawing.`);
  }
  if (drawing.edges.length === 1) refuse('A game needs at least one move: draw another move before deleting this one.');
  return { ...drawing, edges: drawing.edges.filter(([a, b]) => !(a === from && b === to)) };
}

/** A position and its moves taken away; not the start, and not the last move. */
export function removePosition(drawing, name) {
  checkHas(drawing, name);
  if (name === drawing.root) refuse(`${quoteName(name)} is the start and cannot be deleted: delete other positions or moves, or start a new drawing.`);
  const edges = drawing.edges.filter(([a, b]) => a !== name && b !== name);
  if (!edges.length && drawing.edges.length) refuse('A game needs at least one move: draw another move before deleting this position.');
  return { ...drawing, names: drawing.names.filter((n) => n !== name), edges };
}

/** A position renamed (its moves and, for the start, the start follow it). */
export function renamePosition(drawing, old, name) {
  checkHas(drawing, old);
  if (old === name) return drawing;
  checkName(drawing, name, 'rename');
  const to = (n) => (n === old ? name : n);
  return { ...drawing, names: drawing.names.map(to), edges: drawing.edges.map(([a, b]) => [to(a), to(b)]), root: to(drawing.root) };
}
