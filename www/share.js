// Sharing: the state written into the address (history.replaceState, so the Back button is not
// filled with slider moves; pushState for an answer or a mode change, which Back undoes), the
// link field, the QR code of the link and Copy link.

import { qrModules } from './core.js';
import { copyText } from './panels.js';
import { formatHash, isHistoryStep } from './state.js';

const $ = (id) => document.getElementById(id);

/** The QR code waits until the address has been still this long (a slider sends many changes). */
const QR_DELAY_MS = 250;

export class Share {
  constructor() {
    this.qrTimer = 0;
    $('copy-link').addEventListener('click', () => this.copy());
  }

  /**
   * Writes the hash for a canonical game spec and the page's values, then the link and QR. The
   * link shared (field, Copy and QR) leaves presentation mode out: the projector's setting is
   * not the students' phones'. The address keeps it, so a reload stays in presentation mode.
   */
  write(spec, page, after = '') {
    // `after`: keys the address keeps after the state, not shared (the lesson's, lesson-bar.js).
    const hash = formatHash(spec, page) + (after && `&${after}`);
    // An answer or a mode change is a step Back undoes (pushState); anything else replaces.
    if (location.hash !== hash) history[isHistoryStep(location.hash, page) ? 'pushState' : 'replaceState'](null, '', hash);
    this.link = `${location.href.split('#')[0]}${formatHash(spec, { ...page, present: '0' })}`;
    $('share-link').value = this.link;
    // Paper shows the whole link (an input field would cut it): print.css.
    $('print-link').textContent = this.link;
    // Until the QR code is redrawn the canvas does not claim to show any link (data-link, which
    // tests wait for).
    clearTimeout(this.qrTimer);
    delete $('qr').dataset.link;
    this.qrTimer = setTimeout(() => {
      renderQr($('qr'), this.link, $('qr-note'));
      if ($('qr-dialog').open) renderQr($('qr-large'), this.link, $('qr-note'));
    }, QR_DELAY_MS);
  }

  async copy() {
    const ok = await copyText(this.link, $('share-link'));
    $('copy-status').textContent = ok ? 'Link copied.' : 'Select the link above and copy it.';
  }

  /** The QR code over most of the screen, for a room to scan (Esc or Close puts it away). */
  enlarge() {
    const side = Math.floor(Math.min(window.innerWidth, window.innerHeight) * 0.8);
    const canvas = $('qr-large');
    canvas.width = side;
    canvas.height = side;
    $('qr-dialog').showModal();
    renderQr(canvas, this.link, $('qr-note'));
  }
}

/**
 * Draws the QR code of `text` on `canvas` (or says why not), then sets the canvas'
 * `data-link` to `text`: the link it now stands for.
 */
export function renderQr(canvas, text, note) {
  const ctx = canvas.getContext('2d');
  let modules;
  try {
    modules = qrModules(text);
  } catch (err) {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    note.textContent = typeof err === 'string' ? err : 'No QR code for this link.';
    canvas.dataset.link = text;
    return;
  }
  const host = new URL(text).hostname;
  note.textContent = ['127.0.0.1', 'localhost', '[::1]'].includes(host)
    ? 'This link points to this computer; other devices can open it once the page is published (see README).'
    : 'Scan to open this exact state.';
  const side = Math.round(Math.sqrt(modules.length));
  const quiet = 4;
  const scale = Math.max(1, Math.floor(canvas.width / (side + 2 * quiet)));
  const offset = Math.floor((canvas.width - scale * side) / 2);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (modules[y * side + x]) ctx.fillRect(offset + x * scale, offset + y * scale, scale, scale);
    }
  }
  canvas.dataset.link = text;
}
