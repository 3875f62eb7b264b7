import { ledgerFilterFor } from '@rent/shared/core/books';
import { NO_PROPERTY } from '@rent/shared/core/filters';
import { isTenant } from '@rent/shared/core/roles';
import { agingTable } from '@rent/shared/reports/agingTable';
import { bookRows, bookRowsCsv, bookRowsTable } from '@rent/shared/reports/bookRows';
import { depreciationCsv, depreciationTable } from '@rent/shared/reports/depreciationTable';
import { profitAndLossColumns, profitAndLossRows } from '@rent/shared/reports/profitAndLossTable';
import { rentRollCsv, rentRollTable } from '@rent/shared/reports/rentRollTable';
import { scheduleECsv, scheduleETable } from '@rent/shared/reports/scheduleETable';
import { securityDepositsTable } from '@rent/shared/reports/securityDepositsTable';
import { tableCsv } from '@rent/shared/reports/table';
import {
  transactionsByCategoryCsv,
  transactionsByCategoryTable,
} from '@rent/shared/reports/transactionsByCategoryTable';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage, isForbiddenError } from '../../api/client';
import { useOrganization } from '../../api/organization';
import { useAddressOf } from '../../api/properties';
import {
  type ScheduleEChoicesBody,
  useAgingReport,
  useDepreciationReport,
  useProfitAndLossReport,
  useRentRollReport,
  useSaveScheduleEChoices,
  useScheduleEReport,
  useSecurityDepositsReport,
  useTransactionsByCategoryReport,
} from '../../api/reports';
import type { LinkFor } from '../../features/books/bookAmount';
import { monthLabel, periodLabel } from '../../features/report-period/period';
import { usePeriod } from '../../features/report-period/usePeriod';
import { downloadText } from '../../lib/csv';
import { exportFileName, periodPart, propertyPart, slugify } from '../../lib/exportName';
import { usePdfDownload } from '../../lib/pdf/usePdfDownload';

export type ReportTab =
  | 'profit-and-loss'
  | 'schedule-e'
  | 'depreciation'
  | 'rent-roll'
  | 'aging'
  | 'deposits'
  | 'transactions-by-category';
const TABS: ReportTab[] = [
  'profit-and-loss',
  'schedule-e',
  'depreciation',
  'rent-roll',
  'aging',
  'deposits',
  'transactions-by-category',
];

/** The reports page's data: the tab and period in the URL, the profit and loss, the Schedule E worksheets. */
export function useReports() {
  const org = useOrganization();
  const tenant = isTenant(org.role);
  const [params, setParams] = useSearchParams();
  const tab: ReportTab = TABS.find((t) => t === params.get('tab')) ?? 'profit-and-loss';
  // One function while the address stays: the tab strip is drawn again only when the tab or this changes.
  const setTab = useCallback(
    (next: ReportTab) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          if (next === 'profit-and-loss') out.delete('tab');
          else out.set('tab', next);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  const { period, setPeriod, today } = usePeriod();
  const lastYear = String(Number(today.slice(0, 4)) - 1);
  const yearParam = params.get('year') ?? '';
  const year = /^\d{4}$/.test(yearParam) && yearParam <= today.slice(0, 4) ? yearParam : lastYear;
  const setYear = (next: string) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        out.set('year', next);
        return out;
      },
      { replace: true },
    );
  // The security deposits' month (YYYY-MM, up to this month; this month by default), in the URL like the year.
  const thisMonth = today.slice(0, 7);
  const monthParam = params.get('month') ?? '';
  const depositsMonth = /^\d{4}-(0[1-9]|1[0-2])$/.test(monthParam) && monthParam <= thisMonth ? monthParam : thisMonth;
  const setDepositsMonth = (next: string) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next === thisMonth) out.delete('month');
        else out.set('month', next);
        return out;
      },
      { replace: true },
    );

  const pnl = useProfitAndLossReport(tenant || tab !== 'profit-and-loss' ? null : { from: period.from, to: period.to });
  const scheduleE = useScheduleEReport(tenant || tab !== 'schedule-e' ? null : year);
  const depreciation = useDepreciationReport(tenant || tab !== 'depreciation' ? null : year);
  const rentRoll = useRentRollReport(
    tenant || tab !== 'rent-roll'
      ? null
      : { from: period.from, to: period.to, ...(period.propertyId && { propertyId: period.propertyId }) },
  );
  const aging = useAgingReport(!tenant && tab === 'aging');
  const deposits = useSecurityDepositsReport(tenant || tab !== 'deposits' ? null : depositsMonth);
  const detail = useTransactionsByCategoryReport(
    tenant || tab !== 'transactions-by-category'
      ? null
      : { from: period.from, to: period.to, ...(period.propertyId && { propertyId: period.propertyId }) },
  );
  const shownReport = {
    'profit-and-loss': pnl,
    'schedule-e': scheduleE,
    depreciation,
    'rent-roll': rentRoll,
    aging,
    deposits,
    'transactions-by-category': detail,
  }[tab];
  // The page names a property only in a download's name, so it reads the addresses then rather than listen for them:
  // their answer would draw the whole page again.
  const addressOf = useAddressOf();
  // Each download is named after what shaped it (docs/reports-and-tax.md "Export file names").
  const months = periodPart(period.from, period.to, today);
  const rentRollFile = (extension: 'csv' | 'pdf') =>
    exportFileName('rent-roll', [propertyPart(period.propertyId, addressOf), months], extension);
  const pnlFile = (extension: 'csv' | 'pdf') => exportFileName('profit-and-loss', [months], extension);
  const detailFile = (extension: 'csv' | 'pdf') =>
    exportFileName('transactions-by-category', [propertyPart(period.propertyId, addressOf), months], extension);
  const agingFile = (asOf: string, extension: 'csv' | 'pdf') =>
    exportFileName('aging', [periodPart(undefined, undefined, asOf)], extension);
  const depositsFile = (month: string, extension: 'csv' | 'pdf') =>
    exportFileName('security-deposits', [month], extension);
  const [depreciationPropertyId, setDepreciationPropertyId] = useState<string | null>(null);
  const depreciationShown = (depreciation.data?.properties ?? []).filter(
    (p) => depreciationPropertyId === null || p.propertyId === depreciationPropertyId,
  );
  const depreciationFile = (extension: 'csv' | 'pdf') =>
    exportFileName(
      'depreciation',
      [depreciationPropertyId ? slugify(depreciationShown[0]?.address ?? '') || 'property' : undefined, year],
      extension,
    );

  const columns = useMemo(() => (pnl.data ? profitAndLossColumns(pnl.data) : []), [pnl.data]);
  const rows = useMemo(() => (pnl.data ? profitAndLossRows(pnl.data) : bookRows([])), [pnl.data]);
  const linkFor = useCallback<LinkFor>(
    (row, column) =>
      row.filter
        ? ledgerFilterFor({
            from: period.from,
            to: period.to,
            ...(column !== 'total' && { propertyId: column === NO_PROPERTY ? null : column }),
            ...row.filter,
          })
        : null,
    [period.from, period.to],
  );

  const [sheetId, setSheetId] = useState<string | null>(null);
  const worksheets = scheduleE.data?.worksheets ?? [];
  const sheet = worksheets.find((w) => (w.propertyId ?? NO_PROPERTY) === sheetId) ?? worksheets[0] ?? null;
  const sheetFile = (extension: 'csv' | 'pdf') =>
    exportFileName('schedule-e', [sheet ? slugify(sheet.address) || 'property' : undefined, year], extension);
  const pdf = usePdfDownload();
  const organization = org.organization?.name ?? '';
  // Line 1b, line 2 and QJV of the shown property: the modal is open, and why the last save failed.
  const saveChoices = useSaveScheduleEChoices();
  const [choicesOpen, setChoicesOpen] = useState(false);
  const [choicesError, setChoicesError] = useState<string | null>(null);

  return {
    forbidden:
      tenant ||
      isForbiddenError(pnl.error) ||
      isForbiddenError(scheduleE.error) ||
      isForbiddenError(depreciation.error) ||
      isForbiddenError(rentRoll.error) ||
      isForbiddenError(aging.error) ||
      isForbiddenError(deposits.error) ||
      isForbiddenError(detail.error),
    tab,
    setTab,
    reportSettled: Boolean(shownReport.data || shownReport.isError),
    period,
    setPeriod,
    today,
    pnl,
    columns,
    rows,
    linkFor,
    downloadPnl: () => downloadText(bookRowsCsv(rows, columns), pnlFile('csv')),
    year,
    setYear,
    years: Array.from({ length: 10 }, (_, i) => String(Number(today.slice(0, 4)) - i)),
    scheduleE,
    worksheets,
    sheet,
    setSheetId,
    summary: scheduleE.data?.summary ?? null,
    choices: {
      open: choicesOpen,
      busy: saveChoices.isPending,
      error: choicesError,
      edit: () => {
        setChoicesError(null);
        setChoicesOpen(true);
      },
      cancel: () => setChoicesOpen(false),
      save: (body: ScheduleEChoicesBody) => {
        const propertyId = sheet?.propertyId;
        if (!propertyId) return;
        saveChoices.mutate(
          { year, propertyId, body },
          {
            onSuccess: () => setChoicesOpen(false),
            onError: (error) => setChoicesError(errorMessage(error, 'The choices could not be saved.')),
          },
        );
      },
    },
    downloadScheduleE: () =>
      sheet && scheduleE.data && downloadText(scheduleECsv(sheet, year, scheduleE.data.notice), sheetFile('csv')),
    pdf,
    downloadPnlPdf: () =>
      void pdf.download(
        bookRowsTable(rows, columns),
        { title: 'Profit and loss', organization, period: periodLabel(period.from, period.to) },
        pnlFile('pdf'),
      ),
    downloadScheduleEPdf: () =>
      sheet &&
      scheduleE.data &&
      void pdf.download(
        scheduleETable(sheet, year, scheduleE.data.notice),
        { title: 'Schedule E worksheet', organization, period: `Tax year ${year}, ${sheet.address}` },
        sheetFile('pdf'),
      ),
    depreciation,
    depreciationPropertyId,
    setDepreciationPropertyId,
    depreciationShown,
    downloadDepreciation: () =>
      depreciation.data &&
      downloadText(depreciationCsv(depreciationShown, year, depreciation.data.notice), depreciationFile('csv')),
    downloadDepreciationPdf: () =>
      depreciation.data &&
      void pdf.download(
        depreciationTable(depreciationShown, year, depreciation.data.notice),
        {
          title: 'Depreciation schedule',
          organization,
          period: `Tax year ${year}${depreciationPropertyId ? `, ${depreciationShown[0]?.address ?? ''}` : ', all properties'}`,
        },
        depreciationFile('pdf'),
      ),
    rentRoll,
    downloadRentRoll: () => rentRoll.data && downloadText(rentRollCsv(rentRoll.data), rentRollFile('csv')),
    downloadRentRollPdf: () =>
      rentRoll.data &&
      void pdf.download(
        rentRollTable(rentRoll.data),
        { title: 'Rent roll', organization, period: periodLabel(period.from, period.to) },
        rentRollFile('pdf'),
      ),
    aging,
    downloadAging: () =>
      aging.data && downloadText(tableCsv(agingTable(aging.data)), agingFile(aging.data.today, 'csv')),
    downloadAgingPdf: () =>
      aging.data &&
      void pdf.download(
        agingTable(aging.data),
        { title: 'Aging', organization, period: `Owed as of ${aging.data.today}` },
        agingFile(aging.data.today, 'pdf'),
      ),
    deposits,
    depositsMonth,
    setDepositsMonth,
    downloadDeposits: () =>
      deposits.data &&
      downloadText(tableCsv(securityDepositsTable(deposits.data)), depositsFile(deposits.data.month, 'csv')),
    downloadDepositsPdf: () =>
      deposits.data &&
      void pdf.download(
        securityDepositsTable(deposits.data),
        { title: 'Security deposits held', organization, period: `At the end of ${monthLabel(deposits.data.month)}` },
        depositsFile(deposits.data.month, 'pdf'),
      ),
    detail,
    downloadDetail: (scope: string) =>
      detail.data && downloadText(transactionsByCategoryCsv(detail.data, scope), detailFile('csv')),
    downloadDetailPdf: (scope: string) =>
      detail.data &&
      void pdf.download(
        transactionsByCategoryTable(detail.data, scope),
        { title: 'Transactions by category', organization, period: `${periodLabel(period.from, period.to)}, ${scope}` },
        detailFile('pdf'),
      ),
  };
}
