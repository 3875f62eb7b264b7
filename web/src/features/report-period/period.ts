import {
  isMonth,
  MAX_REPORT_MONTHS,
  monthsBetween,
  type PeriodPreset,
  presetMonths,
  shiftMonth,
} from '@rent/shared/core/books';
import { isPropertyFilter } from '@rent/shared/core/filters';
import { monthName } from '../../lib/dates';

/**
 * A report's period and property as the URL keeps them: `period` (trailing12 default, ytd, lastYear, custom),
 * `from` and `to` (yyyy-mm, custom only) and `propertyId` (an id or "none"). Anything the server would refuse
 * falls back to the default, so a link never turns into an error.
 */
export interface ReportPeriod {
  preset: PeriodPreset;
  from: string;
  to: string;
  /** undefined = every property. */
  propertyId: string | undefined;
}

export function readPeriod(params: URLSearchParams, today: string): ReportPeriod {
  const raw = params.get('period');
  const preset: PeriodPreset =
    raw === 'ytd' || raw === 'lastYear' || raw === 'custom' || raw === 'trailing12' ? raw : 'trailing12';
  const property = params.get('propertyId') ?? '';
  const propertyId = isPropertyFilter(property) ? property : undefined;
  if (preset === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    if (isMonth(from) && isMonth(to) && from <= to && monthsBetween(from, to).length <= MAX_REPORT_MONTHS) {
      return { preset, from, to, propertyId };
    }
  }
  const fallback = preset === 'custom' ? 'trailing12' : preset;
  return { preset: fallback, ...presetMonths(fallback, today), propertyId };
}

export function writePeriod(params: URLSearchParams, period: Partial<ReportPeriod>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['period', 'from', 'to', 'propertyId']) next.delete(key);
  if (period.preset && period.preset !== 'trailing12') next.set('period', period.preset);
  if (period.preset === 'custom' && period.from && period.to) {
    next.set('from', period.from);
    next.set('to', period.to);
  }
  if (period.propertyId) next.set('propertyId', period.propertyId);
  return next;
}

/** The months a custom period may start or end on: the last ten years up to this month, newest first. */
export function monthChoices(today: string): string[] {
  const to = today.slice(0, 7);
  return monthsBetween(shiftMonth(to, -MAX_REPORT_MONTHS + 1), to).reverse();
}

/** "Jan 2026" for 2026-01. */
export function monthLabel(month: string): string {
  return `${monthName(Number(month.slice(5, 7)), true)} ${month.slice(0, 4)}`;
}

/** "Dec 2025 – Nov 2026" (one month: "Nov 2026"). */
export function periodLabel(from: string, to: string): string {
  return from === to ? monthLabel(from) : `${monthLabel(from)} – ${monthLabel(to)}`;
}

export function todayLocal(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
