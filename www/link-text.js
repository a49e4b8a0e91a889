// Text from the link: how a notice quotes it, and the checks every key's value goes through.
// A leaf module (no imports), so the mode modules (www/modes/) and the hash (state.js) share it
// without importing each other.

/** At most this many characters of text from the link are quoted back, as shown (the core's limit). */
const QUOTE_CHARS = 40;

/**
 * Text from the link as a notice quotes it, like the core's messages: in single quotes, cut to
 * 40 characters as shown (an escape counts as its length), with control and invisible (e.g.
 * right-to-left override) characters, quotes and backslashes escaped, so a link cannot fill
 * the page or garble the sentence.
 */
export function quoted(text) {
  let out = '';
  let shown = 0;
  for (const ch of text) {
    let piece = ch;
    if (ch === '\\' || ch === "'") piece = `\\${ch}`;
    else if (ch === '\n' || ch === '\r' || ch === '\t') piece = JSON.stringify(ch).slice(1, -1);
    else if (/[\p{Cc}\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/u.test(ch)) {
      piece = `\\u{${ch.codePointAt(0).toString(16)}}`;
    }
    const width = piece === ch ? 1 : piece.length; // an escape is ASCII; ch may be astral
    if (shown + width > QUOTE_CHARS) return `'${out}…'`;
    shown += width;
    out += piece;
  }
  return `'${out}'`;
}

/** A whole number of at most 9 digits, else the reason (`meaning` says what it counts). */
export function wholeNumber(text, key, meaning) {
  if (!/^\d{1,9}$/.test(text)) throw new Error(`${quoted(text)} is not a valid value for ${key}: use a whole number, ${meaning}.`);
  return String(Number(text));
}

/** One of `allowed`, else the reason listing them. */
export function oneOf(text, key, allowed) {
  if (!allowed.includes(text)) {
    const list = allowed.length > 2 ? `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}` : allowed.join(' or ');
    throw new Error(`${quoted(text)} is not a valid value for ${key}: use ${list}.`);
  }
  return text;
}

/** URI-decoded text, or the text itself when it is not valid percent-encoding. */
export function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
