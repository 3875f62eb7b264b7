/**
 * The standard Helvetica font encodes WinAnsi only: text outside it (emoji, CJK, arrows) would make pdf-lib throw.
 * Characters are kept when WinAnsi has them, mapped to a near equivalent when one exists, else replaced with "?".
 */

/** WinAnsi's 0x80–0x9F block (Unicode code points); with 0x20–0x7E and 0xA0–0xFF it is the whole encoding. */
const WIN_ANSI_EXTRA = new Set(
  '\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178',
);

const NEAR: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2032': "'",
  '\u2033': '"',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u202f': ' ',
  '\u2007': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2713': 'v',
  '\u2714': 'v',
};

/** Zero-width joiners and spaces, word joiner, variation selectors: nothing to draw. */
const INVISIBLE = new Set([0x200b, 0x200c, 0x200d, 0x2060, ...Array.from({ length: 16 }, (_, i) => 0xfe00 + i)]);

function encodable(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/** Text Helvetica can draw: tabs and line breaks become spaces, zero-width marks go, the rest is kept or mapped. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    if (encodable(ch)) out += ch;
    else if (ch === '\t' || ch === '\n' || ch === '\r') out += ' ';
    else if (NEAR[ch] !== undefined) out += NEAR[ch];
    else if (INVISIBLE.has(ch.codePointAt(0)!)) continue;
    else {
      // Accented letters outside Latin-1 (e.g. "ő", "ł" has no decomposition) lose their accent when they can.
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += base !== ch && [...base].every(encodable) ? base : '?';
    }
  }
  return out;
}
