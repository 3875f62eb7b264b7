import {
  compilePattern,
  compilePatternOrThrow,
  escapePattern,
  MAX_PATTERN_LENGTH,
  normalizePattern,
  PatternError,
  patternError,
} from '@rent/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const INVALID = 'That pattern is not a valid regular expression: ';
const ENGINE =
  'which is not supported: patterns are matched by a linear-time engine (RE2), which has no lookahead, lookbehind or backreferences.';

describe('compilePattern', () => {
  it('finds the pattern anywhere in the name, ignoring case', () => {
    const pattern = compilePatternOrThrow('home\\s*depot');
    expect(pattern.source).toBe('home\\s*depot');
    expect(pattern.test('THE HOME DEPOT #4521')).toBe(true);
    expect(pattern.test('HomeDepot.com')).toBe(true);
    expect(pattern.test('LOWES #01234')).toBe(false);
  });

  it('keeps anchors, classes and alternation with their usual meaning', () => {
    const zelle = compilePatternOrThrow('^zelle (from|to) [a-z]+$');
    expect(zelle.test('ZELLE FROM SMITH')).toBe(true);
    expect(zelle.test('PAYMENT ZELLE FROM SMITH')).toBe(false);
    expect(zelle.test('ZELLE FROM SMITH 123')).toBe(false);
    expect(compilePatternOrThrow('\\d{4}$').test('CHECK 1234')).toBe(true);
  });

  it('folds case beyond ASCII', () => {
    expect(compilePatternOrThrow('café').test('CAFÉ DU MONDE')).toBe(true);
  });

  it.each([
    ['(abc', `${INVALID}an opening "(" has no closing ")".`],
    ['abc)', `${INVALID}a closing ")" has no opening "(".`],
    ['[abc', `${INVALID}an opening "[" has no closing "]".`],
    ['*rent', `${INVALID}"*" has nothing before it to repeat (write \\* to match the character itself).`],
    ['a**', `${INVALID}"**" repeats a repetition; use a single operator such as * or +, or a group like (ab)+.`],
    ['a++', `${INVALID}"++" repeats a repetition; use a single operator such as * or +, or a group like (ab)+.`],
    ['[z-a]', `${INVALID}the range "z-a" runs backwards or is not a range of characters.`],
    ['rent\\', `${INVALID}it ends with a single "\\" (write \\\\ to match a backslash).`],
    ['\\q', `${INVALID}"\\q" is not a known escape sequence.`],
    ['(?<n>a)(?<n>b)', `${INVALID}the group name "n" is used twice.`],
  ])('explains why %j is not a valid regular expression', (source, message) => {
    expect(compilePattern(source)).toEqual({ ok: false, message });
    expect(patternError(source)).toBe(message);
  });

  it('explains impossible repeat counts', () => {
    for (const source of ['a{1001}', 'a{5,2}', '(a{100}){100}']) {
      expect(patternError(source)).toMatch(
        /^That pattern is not a valid regular expression: the repeat count ".*" is not allowed/,
      );
    }
  });

  it.each([
    ['(?=home)depot', `That pattern uses a lookahead ("(?=...)"), ${ENGINE}`],
    ['home(?!depot)', `That pattern uses a lookahead ("(?!...)"), ${ENGINE}`],
    ['(?<=home )depot', `That pattern uses a lookbehind ("(?<=...)"), ${ENGINE}`],
    ['(?<!home )depot', `That pattern uses a lookbehind ("(?<!...)"), ${ENGINE}`],
    ['(ab)\\1', `That pattern uses a backreference ("\\1"), ${ENGINE}`],
    ['(?<x>ab)\\k<x>', `That pattern uses a backreference ("\\k"), ${ENGINE}`],
  ])('says plainly that %j is unsupported rather than malformed', (source, message) => {
    expect(patternError(source)).toBe(message);
  });

  it('refuses flag groups that would turn case-insensitivity off, and only those', () => {
    const message =
      'That pattern turns off case-insensitive matching ("(?-i)"), which is not supported: names are always matched ignoring case.';
    for (const source of ['(?-i)HOME', 'home (?s-i:depot)', '(?i-i)x', '[]](?-i)x']) {
      expect(patternError(source), source).toBe(message);
    }
    // The same characters as plain text, and flags that leave case alone, are fine.
    for (const source of ['[(?-i)]', '\\Q(?-i)\\E', '[[:alpha:](?-i)]', '(?i)home', '(?s)a.b', '(?U)a+']) {
      expect(patternError(source), source).toBeNull();
    }
  });

  it(`refuses patterns longer than ${MAX_PATTERN_LENGTH} characters`, () => {
    expect(patternError('a'.repeat(MAX_PATTERN_LENGTH))).toBeNull();
    expect(patternError('a'.repeat(MAX_PATTERN_LENGTH + 1))).toBe(
      `That pattern is too long: use at most ${MAX_PATTERN_LENGTH} characters (it has ${MAX_PATTERN_LENGTH + 1}).`,
    );
  });

  it('refuses patterns whose compiled program is too large to stay fast', () => {
    const message =
      'That pattern is too complex to match quickly: use smaller repeat counts such as {1,50}, or split it into several rules.';
    expect(patternError('.{1000}|.{999}')).toBe(message);
    expect(patternError('(([a-z]{10}){10}){9}z')).toBe(message);
    // Plain text stays far below the limit even at the maximum length.
    expect(
      patternError(Array.from({ length: 50 }, (_, i) => `shop${String(i).padStart(4, '0')}`).join('|')),
    ).toBeNull();
  });

  it('compilePatternOrThrow throws a PatternError carrying the message', () => {
    expect(() => compilePatternOrThrow('(')).toThrow(PatternError);
    expect(() => compilePatternOrThrow('(')).toThrow(`${INVALID}an opening "(" has no closing ")".`);
  });
});

describe('normalizePattern', () => {
  it('treats blank patterns as no pattern and keeps every other pattern exactly', () => {
    expect(normalizePattern(undefined)).toBeNull();
    expect(normalizePattern(null)).toBeNull();
    expect(normalizePattern('')).toBeNull();
    expect(normalizePattern('  \t ')).toBeNull();
    expect(normalizePattern(' rent ')).toBe(' rent ');
  });
});

describe('catastrophic patterns cannot stall a Lambda or a tab', () => {
  const inputs = {
    'a…ab (50,001 chars)': `${'a'.repeat(50_000)}b`,
    'a… (50,000 chars)': 'a'.repeat(50_000),
    'ab… (50,001 chars)': `${'ab'.repeat(25_000)}!`,
    'spaced words (50,000 chars)': 'aaaa '.repeat(10_000),
  };
  const classics = ['(a+)+$', '(a|aa)+$', '(.*a){20}', '^(a+)+$', '(a*)*b', '(x+x+)+y', '(\\w+\\s?)+$', '(a|a)*$'];

  // No stopwatch (timings belong in `npm run bench`): a backtracking engine needs more than 2^50,000 steps on these,
  // so it would never return and the test would fail on vitest's timeout; linear-time matching returns at once.
  it.each(classics)('%j gives an answer on every 50,000-character input', (source) => {
    // RE2 accepts all of these; with linear-time matching there is nothing to refuse.
    expect(compilePattern(source).ok).toBe(true);
    const pattern = compilePatternOrThrow(source);
    for (const [label, text] of Object.entries(inputs)) {
      expect(typeof pattern.test(text), `${source} on ${label}`).toBe('boolean');
    }
  });

  it('agrees with what a backtracking engine would eventually answer, on inputs short enough for it', () => {
    const short = `${'a'.repeat(16)}b`;
    for (const source of classics) {
      expect(compilePatternOrThrow(source).test(short), source).toBe(new RegExp(source, 'i').test(short));
    }
  });

  it('the largest programs allowed still answer on a 50,000-character adversarial name', () => {
    const text = 'a'.repeat(50_000);
    for (const source of ['[a-z]{990}z', '(.{50}|.{49}|.{48}|.{47}|.{46}|.{45}|.{44}|.{43}|.{42}|.{41})z']) {
      // Bank names are a few dozen characters; this guards the 1,000x worst case (timed in `npm run bench`).
      expect(compilePatternOrThrow(source).test(text), source).toBe(false);
    }
  });
});

describe('escapePattern', () => {
  it('escapes every metacharacter and trims the name', () => {
    expect(escapePattern('  HOME DEPOT #4521 ')).toBe('HOME DEPOT #4521');
    expect(escapePattern('AMZN*MKTP (US) $5.00 [x] {y} a|b ^ \\ ?+')).toBe(
      'AMZN\\*MKTP \\(US\\) \\$5\\.00 \\[x\\] \\{y\\} a\\|b \\^ \\\\ \\?\\+',
    );
  });

  it('always yields a valid pattern that finds exactly the literal name, ignoring case', () => {
    const alphabet = fc.constantFrom(...'aAbZ09 .*+?()[]{}|^$\\-#&/,\'"'.split(''));
    fc.assert(
      fc.property(
        fc.string({ unit: alphabet, minLength: 1, maxLength: 40 }),
        fc.string({ unit: alphabet, maxLength: 60 }),
        (literal, name) => {
          fc.pre(literal.trim() !== '');
          const pattern = compilePatternOrThrow(escapePattern(literal));
          expect(pattern.test(name)).toBe(name.toLowerCase().includes(literal.trim().toLowerCase()));
          expect(pattern.test(literal.toUpperCase())).toBe(true);
        },
      ),
    );
  });

  it('compiles for any Unicode text and matches the text it came from', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), (name) => {
        fc.pre(name.trim() !== '');
        expect(compilePattern(escapePattern(name)).ok).toBe(true);
        expect(compilePatternOrThrow(escapePattern(name)).test(name)).toBe(true);
      }),
    );
  });
});
