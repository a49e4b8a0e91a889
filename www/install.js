// A game put on the page (controller.js's openings and builds): its session installed with the
// page's values, in three parts that the page's first opening runs in tasks of their own
// (in-parts.js): the game's own panels and the graph; every mode's share of the page's values;
// the mode shown, presentation and the address.

import { EDGE_BUDGET } from './graph-view.js';
import { prepareCyclic } from './learners.js';
import { nimSumOf, renderNimSum } from './nim-sum-view.js';
import { count, renderFacts, renderTable } from './panels.js';
import { setAbsent, setHidden } from './reveal.js';
import { applySettings } from './run-settings.js';

const $ = (id) => document.getElementById(id);

/** The positions table lists at most this many rows. */
export const TABLE_LIMIT = 2000;

/**
 * The parts (functions, in order) that install the session `get()` returns (the part before may
 * make it) on `host`, the controller, with the page's values `page`; notices go to `notices`.
 */
export function installParts(host, get, page, notices) {
  let params = null;
  return [
    () => {
      const session = get();
      setHidden(page.hide); // what the link hides, before anything is drawn and while views hold the old game (reveal.js)
      host.session?.free();
      host.session = session;
      host.page = page;
      prepareCyclic(session, page, notices);
      params = applySettings(session, page, notices);
      host.remote.attach(session.cyclic ? null : session);
      host.scheduler.session = session;
      host.scheduler.speed = Number(page.speed);
      host.scheduler.clear();
      renderFacts(session.info, () => session.view(session.info.root));
      const sum = session.cyclic ? null : nimSumOf(session, session.info.root);
      renderNimSum(sum);
      setAbsent(sum ? [] : ['nimsum']);
      renderTable(session.rows(TABLE_LIMIT), session.n, TABLE_LIMIT);
      host.card.setSession(session);
      // The old game's rule run goes first: its strategy belongs to the old graph.
      host.rules.stop();
      host.graph.setSession(session);
      if (!session.cyclic) {
        host.controls.configure(session.info);
        host.restartHistory();
      }
    },
    () => host.modes.setSession(host.session, page, notices),
    () => {
      const session = host.session;
      host.controls.show(params, page);
      host.learners.start(notices);
      host.setMode(page.mode);
      host.setPresent(page.present === '1');
      // The text summary names this game at once (the frame loop refreshes it twice a second).
      host.describeCanvas();
      host.updateUrl();
      $('edge-mode').textContent =
        session.m > EDGE_BUDGET ? `This game has ${count(session.m)} moves: each position shows only its most likely move.` : '';
      host.draw.sessionChanged(session);
    },
  ];
}
