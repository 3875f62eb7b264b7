import { RE2JS, RE2JSSyntaxException } from 're2js';

/**
 * Merchant-name patterns (docs/product.md "Rule matching": a regular expression matched
 * case-insensitively).
 *
 * Patterns are typed by users and run on the API (a Lambda applying rules to thousands of
 * transactions) and in the browser (the live preview). A backtracking engine such as JavaScript's
 * RegExp can take exponential time on patterns like `(a+)+$`, so every pattern is compiled with
 * RE2 semantics (re2js): matching time is linear in the length of the name, whatever the pattern.
 *
 * RE2 leaves out lookahead, lookbehind and backreferences to guarantee linear time, so those are
 * refused with a plain explanation rather than a parser error.
 *
 * Linear is not the same as cheap: the constant factor grows with the compiled program, and
 * counted repetition multiplies it (`.{1000}` alone is ~1000 instructions). The program size is
 * capped so the worst case stays in milliseconds even on a 50,000-character name.
 */

/** Longest pattern accepted, in characters. */
export const MAX_PATTERN_LENGTH = 500;

/**
 * Largest compiled RE2 program accepted. Plain text and alternations of merchant names stay near
 * one instruction per character (a 500-character literal is ~510), so only large repeat counts
 * reach this.
 */
export const MAX_PATTERN_PROGRAM_SIZE = 1000;

/** A pattern compiled once, tested many times. `test` is true when the pattern occurs anywhere in the text. */
export interface CompiledPattern {
  readonly source: string;
  test(text: string): boolean;
}

export type PatternResult = { ok: true; pattern: CompiledPattern } | { ok: false; message: string };

const INVALID = 'That pattern is not a valid regular expression';
const ENGINE_NOTE =
  'patterns are matched by a linear-time engine (RE2), which has no lookahead, lookbehind or backreferences';

/** Compiles a user pattern (case-insensitive, RE2 semantics) or explains, in words, why it cannot be used. */
export function compilePattern(source: string): PatternResult {
  if (typeof source !== 'string') return { ok: false, message: `${INVALID}: it must be text.` };
  if (source.length > MAX_PATTERN_LENGTH) {
    return {
      ok: false,
      message: `That pattern is too long: use at most ${MAX_PATTERN_LENGTH} characters (it has ${source.length}).`,
    };
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    return { ok: false, message: explainCompileError(error) };
  }
  if (re.programSize() > MAX_PATTERN_PROGRAM_SIZE) return { ok: false, message: TOO_COMPLEX };
  if (turnsOffIgnoreCase(source)) {
    return {
      ok: false,
      message:
        'That pattern turns off case-insensitive matching ("(?-i)"), which is not supported: names are always matched ignoring case.',
    };
  }
  return { ok: true, pattern: { source, test: (text: string) => re.test(text) } };
}

/** The person-readable reason a pattern cannot be used, or null when it is fine. */
export function patternError(source: string): string | null {
  const result = compilePattern(source);
  return result.ok ? null : result.message;
}

/** Thrown by compilePatternOrThrow; `message` is the person-readable reason. */
export class PatternError extends Error {
  override readonly name = 'PatternError';
}

export function compilePatternOrThrow(source: string): CompiledPattern {
  const result = compilePattern(source);
  if (!result.ok) throw new PatternError(result.message);
  return result.pattern;
}

/**
 * A pattern that matches `text` literally (for "Create Rule" prefilled from a transaction name).
 * Kept free of re2js so a caller that only prefills does not pull the engine into its bundle.
 * Surrounding whitespace is dropped: bank names often carry trailing padding, and a pattern that
 * demands it would miss the same merchant elsewhere.
 */
export function escapePattern(text: string): string {
  // Every character RE2 treats specially outside a class; escaping punctuation is always legal in RE2.
  return text.trim().replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

const TOO_COMPLEX =
  'That pattern is too complex to match quickly: use smaller repeat counts such as {1,50}, or split it into several rules.';

function explainCompileError(error: unknown): string {
  if (!(error instanceof RE2JSSyntaxException)) {
    const detail = error instanceof Error && error.message ? error.message : 'it could not be read';
    return `${INVALID}: ${detail}.`;
  }
  const code = error.error ?? '';
  const at = error.input ?? '';
  const unsupported = unsupportedConstruct(code, at);
  if (unsupported) return `That pattern uses ${unsupported}, which is not supported: ${ENGINE_NOTE}.`;
  switch (code) {
    case 'missing closing )':
      return `${INVALID}: an opening "(" has no closing ")".`;
    case 'unexpected )':
      return `${INVALID}: a closing ")" has no opening "(".`;
    case 'missing closing ]':
      return `${INVALID}: an opening "[" has no closing "]".`;
    case 'missing argument to repetition operator':
      return `${INVALID}: "${at}" has nothing before it to repeat (write \\${at.charAt(0)} to match the character itself).`;
    case 'invalid nested repetition operator':
      return `${INVALID}: "${at}" repeats a repetition; use a single operator such as * or +, or a group like (ab)+.`;
    case 'invalid repeat count':
      return `${INVALID}: the repeat count "${at}" is not allowed (counts go up to 1000, the minimum may not exceed the maximum, and repeats inside repeats may not multiply past 1000).`;
    case 'invalid character class range':
      return `${INVALID}: the range "${at}" runs backwards or is not a range of characters.`;
    case 'invalid escape sequence':
      return `${INVALID}: "${at}" is not a known escape sequence.`;
    case 'trailing backslash at end of expression':
      return `${INVALID}: it ends with a single "\\" (write \\\\ to match a backslash).`;
    case 'invalid named capture':
      return `${INVALID}: the group name in "${at}" is not valid.`;
    case 'duplicate capture group name':
      return `${INVALID}: the group name "${at}" is used twice.`;
    case 'invalid or unsupported Perl syntax':
      return `${INVALID}: "${at}" is not supported syntax.`;
    case 'expression nests too deeply':
    case 'expression too large':
      return TOO_COMPLEX;
    default:
      return `${INVALID}: ${code || error.message}${at ? ` at "${at}"` : ''}.`;
  }
}

/**
 * True when a flag group such as "(?-i)" or "(?s-i:...)" switches case-insensitivity off: names
 * are matched ignoring case, so a rule may not opt out. Runs on patterns RE2 has already
 * accepted, so it only has to skip escapes and character classes, where "(?-i)" is plain text.
 */
function turnsOffIgnoreCase(source: string): boolean {
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\' && source[i + 1] === 'Q') {
      // \Q...\E quotes everything up to \E (or the end) as literal text.
      const end = source.indexOf('\\E', i + 2);
      i = end === -1 ? source.length : end + 2;
    } else if (c === '\\') {
      i += 2;
    } else if (c === '[') {
      // A "]" right after "[" or "[^" is a literal member, not the end of the class.
      i += source[i + 1] === '^' ? 2 : 1;
      if (source[i] === ']') i++;
      while (i < source.length && source[i] !== ']') {
        if (source[i] === '[' && source[i + 1] === ':') {
          const end = source.indexOf(':]', i + 2); // a POSIX class such as [:alpha:]
          i = end === -1 ? i + 1 : end + 2;
        } else {
          i += source[i] === '\\' ? 2 : 1;
        }
      }
      i++;
    } else {
      if (c === '(' && source[i + 1] === '?') {
        const flags = /^\(\?([a-zA-Z]*)-([a-zA-Z]*)[:)]/.exec(source.slice(i));
        if (flags?.[2]?.includes('i')) return true;
      }
      i++;
    }
  }
  return false;
}

/** Names the construct when a parse failure is really "RE2 deliberately lacks this feature". */
function unsupportedConstruct(code: string, at: string): string | null {
  if (code === 'invalid or unsupported Perl syntax' && (at.startsWith('(?=') || at.startsWith('(?!'))) {
    return `a lookahead ("${at.slice(0, 3)}...)")`;
  }
  // RE2 reads "(?<" as the start of a group name, so a lookbehind surfaces as a bad group name.
  if (code === 'invalid named capture' && (at.startsWith('(?<=') || at.startsWith('(?<!'))) {
    return `a lookbehind ("${at.slice(0, 4)}...)")`;
  }
  if (code === 'invalid escape sequence' && (/^\\[1-9]/.test(at) || at.startsWith('\\k'))) {
    return `a backreference ("${at}")`;
  }
  return null;
}
