import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import type { TransactionsByCategoryReport } from '../../api/reports';
import { formatMoney } from '../../lib/money';

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

/**
 * Transactions by category on a desktop: a row per transaction, a subtotal row per category, then the grand total and
 * what counts nowhere. Its own chunk: a phone shows the list (CategoryDetailList) and never loads Cloudscape's table.
 */
export function CategoryDetailTable({ report }: { report: TransactionsByCategoryReport }) {
  return (
    <div data-testid="detail-table">
      <Table
        variant="embedded"
        wrapLines
        items={rowsOf(report)}
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
  );
}
