import {
  capRateOnCost,
  capRateOnValue,
  cashOnCash,
  dscr,
  type Kpi,
  type KpiProperty,
  monthsBetween,
} from '@rent/shared/core/books';
import { toCents } from '@rent/shared/core/money';
import type { Property } from '../../api/properties';
import type { CashFlowReport } from '../../api/reports';
import type { KpiCell } from './KeyFigures';

const cents = (value: number | null) => (value === null ? null : toCents(value));
const kpiInputs = (p: Property): KpiProperty => ({
  currentMarketValue: cents(p.currentMarketValue),
  acquisitionPrice: cents(p.acquisitionPrice),
  downPayment: cents(p.downPayment),
  closingCosts: cents(p.closingCosts),
  initialRepairs: cents(p.initialRepairs),
  otherInitialCosts: cents(p.otherInitialCosts),
});

export interface ShownKpi {
  id: 'capRateValue' | 'capRateCost' | 'cashOnCash' | 'dscr';
  label: string;
  kpi: Kpi;
}

export const KPI_LABELS: Record<ShownKpi['id'], string> = {
  capRateValue: 'Cap rate (on value)',
  capRateCost: 'Cap rate (on cost)',
  cashOnCash: 'Cash-on-cash',
  dscr: 'DSCR',
};

/**
 * The period's KPIs for the chosen properties (all, one, or none for money with no property). Cap rates and
 * cash-on-cash are yearly ratios: they need a 12-month period; DSCR works for any period.
 */
export function periodKpis(
  report: Pick<CashFlowReport, 'from' | 'to' | 'figures'>,
  properties: readonly Property[],
  propertyId: string | undefined,
): ShownKpi[] {
  const noi = toCents(report.figures.noi) ?? 0;
  const cashFlow = toCents(report.figures.cashFlow) ?? 0;
  const yearly = monthsBetween(report.from, report.to).length === 12;
  const chosen = propertyId === undefined ? properties : properties.filter((p) => p.id === propertyId);
  const inputs = chosen.map(kpiInputs);
  const needYear = (): Kpi => ({ value: null, text: '—', reason: 'Choose a 12-month period' });
  const noProperty = (): Kpi => ({ value: null, text: '—', reason: 'Money with no property has no value or cost' });
  const ratio = (compute: () => Kpi): Kpi => (propertyId === 'none' ? noProperty() : yearly ? compute() : needYear());
  const kpis: Record<ShownKpi['id'], Kpi> = {
    capRateValue: ratio(() => capRateOnValue(noi, inputs)),
    capRateCost: ratio(() => capRateOnCost(noi, inputs)),
    cashOnCash: ratio(() => cashOnCash(cashFlow, inputs)),
    dscr: dscr(noi, toCents(report.figures.debtService) ?? 0),
  };
  return (Object.keys(KPI_LABELS) as ShownKpi['id'][]).map((id) => ({ id, label: KPI_LABELS[id], kpi: kpis[id] }));
}

/** The KPI cells in their fixed order, each undefined while loading (KeyFigures holds its place). */
export const kpiCells = (kpis: readonly ShownKpi[] | null): KpiCell[] =>
  (Object.keys(KPI_LABELS) as ShownKpi['id'][]).map((id) => ({
    id,
    label: KPI_LABELS[id],
    kpi: kpis?.find((k) => k.id === id)?.kpi,
  }));
