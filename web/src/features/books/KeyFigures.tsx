import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Kpi } from '@rent/shared/core/books';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import type { CashFlowReport } from '../../api/reports';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';

const FIGURES = [
  ['income', 'Income'],
  ['operatingExpenses', 'Operating expenses'],
  ['noi', 'NOI'],
  ['debtService', 'Debt service'],
  ['capitalSpending', 'Capital spending'],
  ['cashFlow', 'Cash flow'],
] as const;

export interface KpiCell {
  id: string;
  label: string;
  /** undefined while loading. */
  kpi: Kpi | undefined;
}

/**
 * A period's figures and KPIs (cash flow page and dashboard): money in one row, ratios in the next, each
 * "…" while loading and "—" with its reason when an input is missing. Every cell keeps its height (a reason
 * line is held even when empty), so nothing moves as the numbers arrive.
 */
export function KeyFigures({
  figures,
  kpis,
  testIdPrefix,
  stale = false,
  decimals = 0,
}: {
  figures: CashFlowReport['figures'] | undefined;
  kpis: readonly KpiCell[];
  testIdPrefix: string;
  stale?: boolean;
  /** Whole dollars (0) unless the person chose "Show cents" (2). */
  decimals?: number;
}) {
  // ColumnLayout measures its width after the first paint; start with the count it will settle on (no shift).
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <div aria-busy={!figures || stale} className={stale ? 'rt-stale' : undefined}>
      <SpaceBetween size="l">
        <ColumnLayout columns={desktop ? 6 : 2} variant="text-grid" minColumnWidth={120}>
          {FIGURES.map(([key, label]) => (
            <div key={key}>
              <Box variant="awsui-key-label">{label}</Box>
              <Box fontSize="heading-m" fontWeight="bold" data-testid={`${testIdPrefix}-${key}`}>
                {figures ? formatCurrency(toCents(figures[key]) ?? 0, decimals) : '…'}
              </Box>
            </div>
          ))}
        </ColumnLayout>
        <ColumnLayout columns={desktop ? Math.min(kpis.length, 6) : 2} variant="text-grid" minColumnWidth={120}>
          {kpis.map(({ id, label, kpi }) => (
            <div key={id}>
              <Box variant="awsui-key-label">{label}</Box>
              <Box fontSize="heading-m" fontWeight="bold" data-testid={`${testIdPrefix}-kpi-${id}`}>
                {kpi ? kpi.text : '…'}
              </Box>
              <Box variant="small" color="text-body-secondary" data-testid={`${testIdPrefix}-kpi-${id}-reason`}>
                <span className="rt-kpi-reason">{kpi && kpi.value === null ? kpi.reason : '\u00a0'}</span>
              </Box>
            </div>
          ))}
        </ColumnLayout>
      </SpaceBetween>
    </div>
  );
}
