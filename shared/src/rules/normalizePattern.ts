/**
 * A blank pattern is no pattern; anything else is kept exactly, spaces included (they are part of the regex). A module
 * of its own, without the RE2 engine: the criteria in words (describe.ts) need only this, and a page that shows rules
 * should not download the engine to say what they match.
 */
export function normalizePattern(pattern: string | null | undefined): string | null {
  return typeof pattern === 'string' && pattern.trim() !== '' ? pattern : null;
}
