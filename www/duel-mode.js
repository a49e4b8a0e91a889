// Strategies mode: two whole strategies, written as Benford & Lehre §1 writes them or picked (the
// perfect player's, one sampled from the model UMDA has learned, the first listed move), play
// each other from the start, once with x moving first (Path_G(x, y), §2) and once with y; the
// page shows both plays as lists of moves, the chosen one on the board and on the graph, and
// says who wins and why. "Intransitive cycle" finds, by trying every strategy, triples each
// beating the next whoever starts, the example of §1 whose third strategy lost a digit in the
// seed's text. The sentences are pure functions in duel.js.

import { BoardView } from './board-view.js';
import { messageOf } from './core.js';
import { PAPER_GAME, PAPER_TRIPLE, cyclesThrough, explainDuel, verdictBoth, withOneDigitBack } from './duel.js';
import { quoted } from './link-text.js';
import { onReveal, shows } from './reveal.js';

const $ = (id) => document.getElementById(id);

/** Words a strategy field (and the x=, y= keys) also takes. */
export const STRATEGY_WORDS = ['perfect', 'first', 'learned'];

/** Triples listed at most. */
const TRIPLE_CAP = 5000;

export class DuelMode {
  /** `onChange({ x, y, path, current, active })` after every change, for the address and the graph. */
  constructor({ onChange }) {
    this.onChange = onChange;
    this.session = null;
    this.active = false;
    this.report = null;
    this.game = 'x'; // which play is shown: the one x starts or the one y starts
    this.ply = 0; // moves shown on the board
    this.draws = 0;
    this.board = new BoardView($('duel-board'), { onKey: () => {} });
    onReveal(() => this.render());
    $('duel-play').addEventListener('click', () => this.play());
    $('duel-cycle').addEventListener('click', () => this.showCycle());
    $('duel-back').addEventListener('click', () => this.step(-1));
    $('duel-forward').addEventListener('click', () => this.step(1));
    for (const box of document.querySelectorAll('#duel-panel .buttons[data-for]')) {
      box.addEventListener('click', (e) => {
        const button = e.target instanceof Element && e.target.closest('button[data-kind]');
        if (button) this.pick(box.dataset.for, button.dataset.kind);
      });
    }
    for (const id of ['duel-x', 'duel-y']) {
      $(id).addEventListener('keydown', (e) => {
        if (e.key === 'Enter') this.play();
      });
    }
    $('duel-games').addEventListener('click', (e) => {
      const item = e.target instanceof Element && e.target.closest('[data-game][data-ply]');
      if (item) this.show(item.dataset.game, Number(item.dataset.ply));
    });
    $('duel-cycle-text').addEventListener('click', (e) => {
      const button = e.target instanceof Element && e.target.closest('button[data-x]');
      if (button) this.play(button.dataset.x, button.dataset.y);
    });
  }

  /**
   * Another game: x and y from the link (a word or a move string); a refused one gets a notice
   * and its default. `open`: this mode is the one shown.
   */
  setSession(session, page, notices, open) {
    this.session = session;
    this.draws = 0;
    this.report = null;
    // Two whole strategies cost O(positions) to build and check (0.12 s on Nim with 120,960
    // positions): only when strategies mode is opened, not on every game load.
    this.linked = { x: page.x, y: page.y };
    if (open) this.load(notices);
  }

  /** Reads the link's x and y for this game (see setSession), and plays them. */
  load(notices) {
    const { session, linked } = this;
    this.linked = null;
    $('duel-grammar').textContent = session.strategyGrammar();
    $('duel-cycle-text').hidden = true;
    $('duel-error').textContent = '';
    const read = (name, fallback) => {
      const text = linked[name];
      try {
        const resolved = STRATEGY_WORDS.includes(text) ? this.resolve(text) : text;
        // Checked against a strategy that is always valid, so the core's message names this side.
        const other = session.strategy('first', 0);
        if (name === 'x') session.duel(resolved, other);
        else session.duel(other, resolved);
        return resolved;
      } catch (err) {
        notices.push(
          `${messageOf(err)} The link's ${name}=${quoted(text)} was not used: ${name} takes ${STRATEGY_WORDS.join(', ')} or a strategy as above. Using ${name}=${fallback}.`,
        );
        return this.resolve(fallback);
      }
    };
    $('duel-x').value = read('x', 'perfect');
    $('duel-y').value = read('y', 'first');
    this.play();
  }

  /** A strategy word as the string it stands for now (a sample from the model is drawn afresh). */
  resolve(kind) {
    this.draws += 1;
    return this.session.strategy(kind, kind === 'learned' ? this.draws : 0);
  }

  pick(side, kind) {
    $(`duel-${side}`).value = this.resolve(kind);
    this.play();
  }

  setActive(on) {
    this.active = on;
    $('duel-panel').hidden = !on;
    if (on && this.linked) {
      const notices = [];
      this.load(notices);
      if (notices.length > 0) $('duel-error').textContent = notices.join(' ');
    }
    if (on) this.render();
    this.changed();
  }

  /** Plays x against y (the fields', or the given strings put in the fields). */
  play(x, y) {
    if (x !== undefined) $('duel-x').value = x;
    if (y !== undefined) $('duel-y').value = y;
    const panel = $('duel-panel');
    try {
      this.report = this.session.duel($('duel-x').value, $('duel-y').value);
      $('duel-error').textContent = '';
      panel.dataset.error = '';
    } catch (err) {
      // The last good play stays shown; the fields keep what was typed.
      $('duel-error').textContent = messageOf(err);
      panel.dataset.error = 'true';
      if (!this.report) return;
    }
    if (!panel.dataset.error) {
      this.game = 'x';
      this.ply = this.report.x_first.plies.length;
    }
    this.render();
    this.changed();
  }

  show(game, ply) {
    this.game = game;
    this.ply = ply;
    this.render();
    this.changed();
  }

  step(delta) {
    if (!this.report) return;
    const length = this.current.plies.length;
    this.show(this.game, Math.max(0, Math.min(length, this.ply + delta)));
  }

  get current() {
    return this.game === 'x' ? this.report.x_first : this.report.y_first;
  }

  /**
   * A strategy as the address keeps it: `perfect` or `first` when it is that strategy (short
   * whatever the game's size, and the same strategy when replayed), else the string itself (a
   * sample from the model is kept as drawn, so the link replays it).
   */
  linkValue(text) {
    for (const word of ['perfect', 'first']) if (text === this.session.strategy(word, 0)) return word;
    return text;
  }

  changed() {
    if (this.linked) {
      // Not opened for this game yet: the link's values stay as they were.
      this.onChange({ ...this.linked, path: [], current: undefined, active: false });
      return;
    }
    const r = this.report;
    const path = r ? this.current.path : [];
    this.onChange({
      x: this.linkValue(r ? r.x : $('duel-x').value),
      y: this.linkValue(r ? r.y : $('duel-y').value),
      path: path.slice(0, this.ply + 1),
      current: path[this.ply],
      active: this.active && !!r,
    });
  }

  render() {
    const r = this.report;
    if (!this.active || !r) return;
    const s = this.session;
    const play = s.info.play;
    const panel = $('duel-panel');
    panel.dataset.x = r.x;
    panel.dataset.y = r.y;
    panel.dataset.xFirstWinner = r.x_first.first_wins ? 'x' : 'y';
    panel.dataset.yFirstWinner = r.y_first.first_wins ? 'y' : 'x';
    panel.dataset.game = this.game;
    panel.dataset.ply = String(this.ply);
    $('duel-status').textContent = `x = ${r.x}, y = ${r.y}: ${verdictBoth(r)}`;
    const games = [
      ['x', r.x_first, ['x', 'y']],
      ['y', r.y_first, ['y', 'x']],
    ].map(([key, game, names]) => {
      const { verdict, why: reasons } = explainDuel(game, names, play);
      // The reasons name P- and N-positions; the plies their outcomes and values: not while the link hides them (reveal.js).
      const why = shows('outcomes') ? reasons : '';
      const box = document.createElement('div');
      box.className = 'duel-game';
      box.dataset.duelGame = key;
      box.dataset.winner = game.first_wins ? names[0] : names[1];
      const head = document.createElement('h3');
      head.textContent = `${names[0]} moves first: ${box.dataset.winner} wins`;
      const list = document.createElement('ol');
      list.start = 0;
      const item = (ply, text) => {
        const li = document.createElement('li');
        const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text, className: 'link' });
        b.dataset.game = key;
        b.dataset.ply = String(ply);
        if (key === this.game && ply === this.ply) b.setAttribute('aria-current', 'step');
        li.append(b);
        return li;
      };
      list.append(item(0, `start ${s.label(game.path[0])}`));
      game.plies.forEach((p, i) => {
        const g = p.to_grundy === null || p.to_grundy === undefined || !shows('values') ? '' : `, g = ${p.to_grundy}`;
        const value = shows('outcomes') ? ` (${p.to_outcome}${g})` : '';
        list.append(item(i + 1, `${names[i % 2]}: ${p.from_label} → ${p.to_label}${value}`));
      });
      const words = document.createElement('p');
      words.textContent = `${verdict} ${why}`;
      box.append(head, list, words);
      return box;
    });
    $('duel-games').replaceChildren(...games);
    const game = this.current;
    const at = game.path[this.ply];
    this.board.setFrame(s.view(game.path[0]), s.info.rules);
    const mover = this.ply % 2 === 0 ? this.game : this.game === 'x' ? 'y' : 'x';
    const caption =
      this.ply < game.plies.length
        ? `${this.game} moved first. After ${this.ply} move${this.ply === 1 ? '' : 's'}: ${s.label(at)}, ${mover} to move.`
        : `${this.game} moved first. The end: ${s.label(at)}, ${mover} cannot move.`;
    this.board.show(s.view(at), s.label(at), { caption, help: false });
  }

  /** The intransitive cycle, found by trying every strategy (Benford & Lehre §1). */
  showCycle() {
    const box = $('duel-cycle-text');
    box.hidden = false;
    const found = this.session.intransitiveTriples(TRIPLE_CAP);
    const panel = $('duel-panel');
    if (!found) {
      panel.dataset.cycle = 'too-many';
      box.textContent = 'This game has more than 512 strategies, too many to try every pair on the page. Try SubtractionNim²₇ (the first example).';
      return;
    }
    const { strategies, triples } = found;
    const lines = [];
    let chosen = triples[0];
    let source;
    if (this.session.info.game === PAPER_GAME) {
      const [a, b, lost] = PAPER_TRIPLE;
      const through = cyclesThrough(triples, a, b);
      const back = new Set(withOneDigitBack(lost));
      const restored = through.filter((t) => back.has(t[2]));
      chosen = restored[0] ?? through[0] ?? triples[0];
      source =
        `Benford & Lehre §1 says ${a} beats ${b}, which beats “${lost}”, which beats ${a}, whoever plays first; ` +
        `but “${lost}” has five digits for six positions: one was lost when the paper's text was extracted. ` +
        `Playing every pair of this game's ${strategies} strategies finds ${triples.length} such cycles. ` +
        `Through the paper's ${a} and ${b} (in that order) the third can be ${through.map((t) => t[2]).join(', ') || 'none'}; ` +
        `of these, “${lost}” with one digit put back gives ${restored.map((t) => t[2]).join(', ') || 'none'}. Shown: the first.`;
    } else {
      source =
        triples.length === 0
          ? `Playing every pair of this game's ${strategies} strategies finds no strategies that beat each other in a cycle whoever starts.`
          : `Playing every pair of this game's ${strategies} strategies finds ${triples.length} cycles of three strategies, each beating the next whoever starts (as Benford & Lehre §1 shows for SubtractionNim²₇). Shown: the first found.`;
    }
    panel.dataset.cycle = chosen ? chosen.join(' ') : 'none';
    const p = document.createElement('p');
    p.textContent = source;
    lines.push(p);
    if (chosen) {
      const names = ['x', 'y', 'z'];
      const list = document.createElement('ul');
      for (let i = 0; i < 3; i += 1) {
        const [a, b] = [chosen[i], chosen[(i + 1) % 3]];
        const li = document.createElement('li');
        li.textContent = `${names[i]} = ${a} beats ${names[(i + 1) % 3]} = ${b} whoever starts `;
        const button = Object.assign(document.createElement('button'), { type: 'button', textContent: 'play it' });
        button.dataset.x = a;
        button.dataset.y = b;
        li.append(button);
        list.append(li);
      }
      lines.push(list);
    }
    box.replaceChildren(...lines);
    if (chosen) this.play(chosen[0], chosen[1]);
  }
}
