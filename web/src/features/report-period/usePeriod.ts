import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ReportPeriod, readPeriod, todayLocal, writePeriod } from './period';

/** The page's period and property, kept in the URL (shareable, back button works). */
export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const today = todayLocal();
  const period = useMemo(() => readPeriod(params, today), [params, today]);
  // Stable, so the period controls (memoized) do not draw again when the page's data arrives.
  const setPeriod = useCallback(
    (change: Partial<ReportPeriod>) =>
      setParams((current) => writePeriod(current, { ...readPeriod(current, today), ...change }), { replace: true }),
    [setParams, today],
  );
  return { period, setPeriod, today };
}
