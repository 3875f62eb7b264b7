import { ledgerFilterFor } from '@rent/shared/core/books';
import { isTenant } from '@rent/shared/core/roles';
import { bookRows, bookRowsCsv, bookRowsTable } from '@rent/shared/reports/bookRows';
import { useCallback, useMemo } from 'react';
import { isForbiddenError } from '../../api/client';
import { useOrganization } from '../../api/organization';
import { addressIn, useProperties } from '../../api/properties';
import { quietUntil } from '../../api/quiet';
import { useCashFlowReport } from '../../api/reports';
import type { LinkFor } from '../../features/books/bookAmount';
import { incomeExpenseSeries } from '../../features/books/incomeExpense';
import { kpiCells, periodKpis } from '../../features/books/kpis';
import { monthLabel, periodLabel } from '../../features/report-period/period';
import { usePeriod } from '../../features/report-period/usePeriod';
import { downloadText } from '../../lib/csv';
import { exportFileName, periodPart, propertyPart } from '../../lib/exportName';
import { usePdfDownload } from '../../lib/pdf/usePdfDownload';

/** The cash flow page's data: the period in the URL, the report, its rows and chart series, the CSV. */
export function useCashFlow() {
  const org = useOrganization();
  const { period, setPeriod, today } = usePeriod();
  const tenant = isTenant(org.role);
  const query = tenant ? null : { from: period.from, to: period.to, propertyId: period.propertyId };
  const report = useCashFlowReport(query);
  const data = report.data;
  const rows = useMemo(
    () => bookRows((data?.cells ?? []).map((c) => ({ column: c.month, category: c.category, net: c.net }))),
    [data],
  );
  const months = data?.months ?? [];
  // The ratios need the report too; the properties usually answer first, and alone they change nothing on screen.
  const properties = useProperties({ enabled: !tenant && !!org.role, ...quietUntil(!!data) });
  const kpis = useMemo(
    () => (data && properties.data ? periodKpis(data, properties.data, period.propertyId) : null),
    [data, properties.data, period.propertyId],
  );
  const columns = useMemo(() => months.map((m) => ({ key: m, label: monthLabel(m) })), [months]);
  const { propertyId } = period;
  const linkFor = useCallback<LinkFor>(
    (row, column) =>
      row.filter && months.length > 0
        ? ledgerFilterFor({
            from: column === 'total' ? months[0]! : column,
            to: column === 'total' ? months[months.length - 1]! : column,
            ...(propertyId !== undefined && { propertyId: propertyId === 'none' ? null : propertyId }),
            ...row.filter,
          })
        : null,
    [months, propertyId],
  );
  const pdf = usePdfDownload();
  const addressOf = (id: string) => addressIn(properties.data, id);
  const fileName = (extension: 'csv' | 'pdf') =>
    exportFileName(
      'cash-flow',
      [propertyPart(period.propertyId, addressOf), periodPart(period.from, period.to, today)],
      extension,
    );
  return {
    tenant,
    forbidden: tenant || isForbiddenError(report.error),
    period,
    setPeriod,
    today,
    report,
    rows,
    kpiCells: kpiCells(kpis),
    columns,
    linkFor,
    chart: incomeExpenseSeries(rows, period),
    stale: report.isPlaceholderData,
    downloadCsv: () => downloadText(bookRowsCsv(rows, columns), fileName('csv')),
    pdf,
    downloadPdf: () => {
      const property = period.propertyId ? addressOf(period.propertyId) : undefined;
      const scopeLabel =
        period.propertyId === 'none' ? ', no property' : period.propertyId ? `, ${property ?? 'one property'}` : '';
      void pdf.download(
        bookRowsTable(rows, columns),
        {
          title: 'Cash flow',
          organization: org.organization?.name ?? '',
          period: `${periodLabel(period.from, period.to)}${scopeLabel}`,
        },
        fileName('pdf'),
      );
    },
  };
}
