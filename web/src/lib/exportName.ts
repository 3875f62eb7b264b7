import { NO_PROPERTY } from '@rent/shared/core/filters';

/**
 * The file names of the CSV and PDF downloads (docs/reports-and-tax.md "Export file names"): the report, then the
 * filters that shaped it (property, period), each made safe for any file system, so two exports of different
 * filters never share a name and a folder of them reads like a list of what they hold.
 */

/** Lower-case ASCII words joined by hyphens: accents dropped, anything else a separator; at most `max` characters. */
export function slugify(text: string, max = 40): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= max) return slug;
  // Cut at a word's end when there is one, so no word is left half.
  const cut = slug.slice(0, max + 1);
  const end = cut.lastIndexOf('-');
  return (end > 0 ? cut.slice(0, end) : slug.slice(0, max)).replace(/-+$/, '');
}

const lastDayOf = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * A range of days ("2026-03-05") or of months ("2026-03") as a name part: a whole month "2026-03", a whole year
 * "2026", otherwise "2026-03-05-to-2026-04-10"; one end only "from-…" or "through-…"; no range at all
 * "as-of-<today>" (the file is what the books held that day).
 */
export function periodPart(from: string | undefined, to: string | undefined, today: string): string {
  if (from && to) {
    const year = from.slice(0, 4);
    const firstOfYear = from === `${year}-01` || from === `${year}-01-01`;
    if (firstOfYear && (to === `${year}-12` || to === `${year}-12-31`)) return year;
    const month = from.slice(0, 7);
    const firstOfMonth = from === month || from === `${month}-01`;
    if (firstOfMonth && (to === month || to === lastDayOf(month))) return month;
    return from === to ? from : `${from}-to-${to}`;
  }
  if (from) return `from-${from}`;
  if (to) return `through-${to}`;
  return `as-of-${today}`;
}

/** A property filter as a name part: its address, "no-property", or nothing for every property. */
export function propertyPart(propertyId: string | null | undefined, addressOf: (id: string) => string | undefined) {
  if (propertyId === undefined) return '';
  if (propertyId === null || propertyId === NO_PROPERTY) return 'no-property';
  return slugify(addressOf(propertyId) ?? '') || 'property';
}

/** "transactions-12-elm-street-2026-03.csv": the report's name, then each non-empty part. */
export function exportFileName(report: string, parts: readonly (string | undefined)[], extension: 'csv' | 'pdf') {
  return `${[report, ...parts.map((part) => (part ? slugify(part, 60) : ''))].filter(Boolean).join('-')}.${extension}`;
}
