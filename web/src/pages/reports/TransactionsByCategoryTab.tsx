import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { TransactionsByCategoryReport } from '../../api/reports';
import { EmptyState } from '../../components/EmptyState';
import { PropertyPicker } from '../../components/PropertyPicker';
import { ReportFrame } from '../../components/ReportFrame';
import { PeriodControls } from '../../features/report-period/PeriodControls';
import { periodLabel } from '../../features/report-period/period';
import { formatMoney } from '../../lib/money';
import type { useReports } from './use-reports';

interface Row {
  id: string;
  kind: 'transaction' | 'subtotal' | 'total';
  line: string;
  category: string;
  date: string;
  name: string;
  property: string;
  amount: number;
}

/** One table row per transaction, a subtotal row per category, then the grand total and what counts nowhere. */
function rowsOf(report: TransactionsByCategoryReport): Row[] {
  const rows: Row[] = [];
  for (const c of report.categories) {
    for (const t of c.transactions) {
      rows.push({ kind: 'transaction', line: c.lineLabel, category: c.label, ...t });
    }
    const n = c.transactions.length;
    rows.push({
      id: `subtotal:${c.category}`,
      kind: 'subtotal',
      line: c.lineLabel,
      category: `${c.label} subtotal`,
      date: '',
      name: `${n} ${n === 1 ? 'transaction' : 'transactions'}`,
      property: '',
      amount: c.subtotal,
    });
  }
  rows.push({
    id: 'total',
    kind: 'total',
    line: 'Total',
    category: 'Counted categories (cash flow)',
    date: '',
    name: `${report.count} transactions in all`,
    property: '',
    amount: report.total,
  });
  rows.push({
    id: 'not-counted',
    kind: 'total',
    line: 'Not counted',
    category: 'Transfers and uncategorized',
    date: '',
    name: '',
    property: '',
    amount: report.notCounted,
  });
  return rows;
}

const strong = (row: Row, text: string) => (row.kind === 'transaction' ? text : <Box fontWeight="bold">{text}</Box>);

/** The reports page's Transactions by category tab: a period and property, each category's transactions and subtotal. */
export function TransactionsByCategoryTab({ r }: { r: ReturnType<typeof useReports> }) {
  const d = r.detail;
  const scope = r.detailScope;
  return (
    <ReportFrame
      variant="section"
      title="Transactions by category"
      description={`${periodLabel(r.period.from, r.period.to)}, ${scope}. Money out is negative; ignored transactions are left out, transfers and uncategorized are listed but not counted. At most ${(d.data?.limit ?? 10_000).toLocaleString('en-US')} transactions.`}
      downloads={{
        testId: 'detail',
        csv: () => r.downloadDetail(scope),
        pdf: () => r.downloadDetailPdf(scope),
        disabled: !d.data,
        pdfBusy: r.pdf.busy,
      }}
      controls={
        <SpaceBetween direction="horizontal" size="s">
          <PeriodControls
            period={r.period}
            onChange={r.setPeriod}
            today={r.today}
            withProperty={false}
            idPrefix="detail"
          />
          <FormField label="Property" controlId="detail-property">
            <PropertyPicker
              controlId="detail-property"
              testId="detail-property"
              value={r.period.propertyId ?? ''}
              onChange={(id) => r.setPeriod({ propertyId: id || undefined })}
            />
          </FormField>
        </SpaceBetween>
      }
      query={d}
    >
      {!d.data ? (
        <StatusIndicator type="loading">Loading the transactions</StatusIndicator>
      ) : d.data.count === 0 ? (
        <EmptyState title="No transactions in this period">
          Choose another period or property; ignored transactions are not listed.
        </EmptyState>
      ) : (
        <div data-testid="detail-table">
          <Table
            variant="embedded"
            wrapLines
            items={rowsOf(d.data)}
            trackBy="id"
            ariaLabels={{ tableLabel: 'Transactions by category' }}
            columnDefinitions={[
              { id: 'category', header: 'Category', cell: (row) => strong(row, row.category), isRowHeader: true },
              { id: 'date', header: 'Date', cell: (row) => row.date },
              { id: 'name', header: 'Name', cell: (row) => strong(row, row.name) },
              { id: 'property', header: 'Property', cell: (row) => row.property },
              {
                id: 'amount',
                header: 'Amount',
                cell: (row) => <span className="rt-nowrap">{strong(row, formatMoney(row.amount, 2))}</span>,
              },
            ]}
          />
        </div>
      )}
    </ReportFrame>
  );
}
