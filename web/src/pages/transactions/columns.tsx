import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { categoryGroupOf, categoryLabel } from '@rent/shared/core/categories';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import type { ReactNode } from 'react';
import type { Transaction } from '../../api/transactions';
import { formatIsoDate } from '../../lib/dates';
import { withRememberedCells } from '../../lib/rememberedCells';

export const PREFS_KEY = 'rent.transactions.table';

export type ColumnId = 'date' | 'name' | 'amount' | 'category' | 'property' | 'receipt' | 'status' | 'source' | 'notes';

export const COLUMN_LABELS: Record<ColumnId, string> = {
  date: 'Date',
  name: 'Name',
  amount: 'Amount',
  category: 'Category',
  property: 'Property',
  receipt: 'Receipt',
  status: 'Status',
  source: 'Source',
  notes: 'Notes',
};
export const COLUMN_IDS = Object.keys(COLUMN_LABELS) as ColumnId[];
const DEFAULT_HIDDEN: ColumnId[] = ['source', 'notes'];
export const PAGE_SIZES = [25, 50, 100];

export const DEFAULT_PREFS: CollectionPreferencesProps.Preferences = {
  pageSize: 50,
  wrapLines: false,
  stripedRows: false,
  contentDisplay: COLUMN_IDS.map((id) => ({ id, visible: !DEFAULT_HIDDEN.includes(id) })),
};
/** A phone starts at 25 rows a page (a few screens to scroll, half the first render); a saved choice wins. */
export const PHONE_DEFAULT_PREFS: CollectionPreferencesProps.Preferences = { ...DEFAULT_PREFS, pageSize: 25 };

/**
 * Rows show cents (summaries use 0 decimals; a single amount is exact). Colour and sign give the direction.
 * Ledger cells draw with plain elements and the theme's tokens (rt-cell-* in app.css): a page has hundreds of them,
 * and Cloudscape's Box costs several hooks each, which a phone's first render feels.
 */
export function Amount({ value }: { value: number }) {
  const cents = toCents(value) ?? 0;
  const text = formatCurrency(cents, 2);
  const direction = cents < 0 ? 'out' : 'in';
  return (
    <div className={`rt-cell-amount rt-cell-${direction}`} data-direction={direction}>
      <span className="rt-amount">{cents > 0 ? `+${text}` : text}</span>
    </div>
  );
}

const Muted = ({ children }: { children: ReactNode }) => <span className="rt-cell-muted">{children}</span>;

/** Pending, removed by the bank, ignored, needs review; `none` when it is none of them (the table's dash). */
export function Status({ t, none = <Muted>—</Muted> }: { t: Transaction; none?: ReactNode }) {
  const parts = [];
  // Bank sync: a pending charge counts in no total until the bank posts it.
  if (t.pending)
    parts.push(
      <Badge key="pending" color="grey">
        Pending
      </Badge>,
    );
  if (t.removedByBank) parts.push(<Badge key="removed">Removed by bank</Badge>);
  if (t.isIgnored) parts.push(<Badge key="ignored">Ignored</Badge>);
  if (t.hasOpenReviewRequests)
    parts.push(
      <StatusIndicator key="review" type="pending">
        Needs review
      </StatusIndicator>,
    );
  if (parts.length === 0) return none;
  return (
    <SpaceBetween direction="horizontal" size="xs">
      {parts}
    </SpaceBetween>
  );
}

/**
 * The ledger's columns; `openRow` opens the flyout on a row, `addressOf` names a row's property. Build them once per
 * `addressOf` (useMemo): their cells are remembered per row.
 */
export function ledgerColumns(
  openRow: (t: Transaction) => void,
  addressOf: (propertyId: string) => string,
): TableProps.ColumnDefinition<Transaction>[] {
  const columns: TableProps.ColumnDefinition<Transaction>[] = [
    { id: 'date', header: 'Date', cell: (t) => formatIsoDate(t.date), width: 130 },
    {
      id: 'name',
      header: 'Name',
      cell: (t) => (
        <Link
          onFollow={() => openRow(t)}
          ariaLabel={`Edit ${t.name}, ${formatIsoDate(t.date)}`}
          data-testid="transaction-row-link"
        >
          {t.name}
        </Link>
      ),
      isRowHeader: true,
      width: 280,
      minWidth: 160,
    },
    { id: 'amount', header: <Box textAlign="right">Amount</Box>, cell: (t) => <Amount value={t.amount} />, width: 140 },
    {
      id: 'category',
      header: 'Category',
      width: 190,
      cell: (t) => {
        if (!t.category) return <Muted>Uncategorized</Muted>;
        const group = categoryGroupOf(t.category);
        return (
          <span title={group && group !== t.category ? categoryLabel(group) : undefined}>
            {categoryLabel(t.category)}
          </span>
        );
      },
    },
    {
      id: 'property',
      header: 'Property',
      width: 260,
      cell: (t) => (t.propertyId ? addressOf(t.propertyId) : <Muted>No property</Muted>),
    },
    {
      id: 'receipt',
      header: 'Receipt',
      cell: (t) =>
        t.hasReceipt ? (
          <span className="rt-receipt-flag">
            <Icon name="file" ariaLabel="Has a receipt" />
          </span>
        ) : (
          <Muted>
            <span className="rt-sr-only">No receipt</span>
            <span aria-hidden="true">—</span>
          </Muted>
        ),
      width: 100,
    },
    { id: 'status', header: 'Status', cell: (t) => <Status t={t} />, width: 170 },
    { id: 'source', header: 'Source', cell: (t) => (t.source === 'user_created' ? 'Manual' : 'Bank') },
    { id: 'notes', header: 'Notes', cell: (t) => t.notes ?? '' },
  ];
  return withRememberedCells(columns);
}

/** "1 transaction", "1,204 transactions". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
