/**
 * "Today" for a service: the caller's own calendar day when a request gave one (runtime/http.ts, docs/people.md "The
 * caller's day"), else the UTC date (a job, which acts for nobody).
 */
export const todayOf = (caller?: { today?: string } | null): string =>
  caller?.today ?? new Date().toISOString().slice(0, 10);

/**
 * The day a person's write posts a lease's charges and late fees as of: their day, never ahead of the UTC date, so a
 * writer east of UTC (or a clock set ahead) never ends a tenant's grace period early.
 */
export function postingDayOf(caller?: { today?: string } | null): string {
  // ISO dates sort as the days they name.
  return [todayOf(caller), todayOf()].sort()[0]!;
}
