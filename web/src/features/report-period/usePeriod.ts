import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ReportPeriod, readPeriod, todayLocal, writePeriod } from './period';

/** The page's period and property, kept in the URL (shareable, back button works). */
export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const today = todayLocal();
  const period = useMemo(() => readPeriod(params, today), [params, today]);
  const setPeriod = (change: Partial<ReportPeriod>) =>
    setParams((current) => writePeriod(current, { ...readPeriod(current, today), ...change }), { replace: true });
  return { period, setPeriod, today };
}
