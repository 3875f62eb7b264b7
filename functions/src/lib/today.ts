/**
 * "Today" for a service: the caller's own calendar day when a request gave one (runtime/http.ts, docs/people.md "The
 * caller's day"), else the UTC date (a job, which acts for nobody).
 */
export const todayOf = (caller?: { today?: string } | null): string =>
  caller?.today ?? new Date().toISOString().slice(0, 10);
