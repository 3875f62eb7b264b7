import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { categoryGroupOf, categoryLabel } from '@rent/shared/core/categories';
import { type Cents, formatCount, formatCurrency } from '@rent/shared/core/money';
import type { PartFilter } from '@rent/shared/core/splits';
import { transactionSourceLabel } from '@rent/shared/core/transactions';
import type { ReactNode } from 'react';
import type { Transaction } from '../../api/transactions';
import { formatIsoDate } from '../../lib/dates';
import { withRememberedCells } from '../../lib/rememberedCells';
import { shownAmount, splitCategoryList, splitCategoryText, splitPropertyList, splitPropertyText } from './splitRows';

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
  // Long names and addresses wrap between words rather than end in an ellipsis (docs/product.md "Words and columns").
  wrapLines: true,
  stripedRows: false,
  contentDisplay: COLUMN_IDS.map((id) => ({ id, visible: !DEFAULT_HIDDEN.includes(id) })),
};
/** A phone starts at 25 rows a page (a few screens to scroll, half the first render); a saved choice wins. */
export const PHONE_DEFAULT_PREFS: CollectionPreferencesProps.Preferences = { ...DEFAULT_PREFS, pageSize: 25 };

/**
 * Rows show cents (summaries use 0 decimals; a single amount is exact). Colour and sign give the direction.
 * Ledger cells draw with plain elements and the theme's tokens (rt-cell-* in app.css): a page has hundreds of them,
 * and Cloudscape's Box costs several hooks each, which a phone's first render feels. `of` is the whole transaction
 * when the amount is only its parts that a filter matches.
 */
export function Amount({ cents, of = null }: { cents: Cents; of?: Cents | null }) {
  const text = formatCurrency(cents, 2);
  const direction = cents < 0 ? 'out' : 'in';
  return (
    <div className={`rt-cell-amount rt-cell-${direction}`} data-direction={direction}>
      <span className="rt-amount">{cents > 0 ? `+${text}` : text}</span>
      {of === null ? null : <span className="rt-amount-of"> of {formatCurrency(of, 2)}</span>}
    </div>
  );
}

/** A ledger row's amount: the transaction's, or under a part filter its matching parts' of the whole. */
export function RowAmount({ t, partFilter }: { t: Transaction; partFilter: PartFilter | null }) {
  const { cents, of } = shownAmount(t, partFilter);
  return <Amount cents={cents} of={of} />;
}

/** A row's category: "Split (N)" (the parts' categories in its tooltip) or the one category. */
export function CategoryText({ t }: { t: Transaction }) {
  const split = splitCategoryText(t);
  if (split && t.parts) return <span title={splitCategoryList(t.parts)}>{split}</span>;
  // The bank's suggestion is shown, never counted: select the rows and "Accept suggested categories" to take it.
  if (!t.category && t.suggestedCategory) {
    return (
      <Muted>
        <span data-testid="suggested-category">Uncategorized · bank suggests {categoryLabel(t.suggestedCategory)}</span>
      </Muted>
    );
  }
  if (!t.category) return <Muted>Uncategorized</Muted>;
  const group = categoryGroupOf(t.category);
  return (
    <span title={group && group !== t.category ? categoryLabel(group) : undefined}>{categoryLabel(t.category)}</span>
  );
}

/** A row's property: "N properties" when a split's parts name several, else the one address or "No property". */
export function PropertyText({ t, addressOf }: { t: Transaction; addressOf: (propertyId: string) => string }) {
  const several = splitPropertyText(t);
  if (several && t.parts) return <span title={splitPropertyList(t.parts, addressOf)}>{several}</span>;
  return t.propertyId ? addressOf(t.propertyId) : <Muted>No property</Muted>;
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
 * The ledger's columns; `openRow` opens the flyout on a row, `addressOf` names a row's property, `partFilter` (the
 * filters' look inside splits) picks the parts a split row's amount shows. Build them once per `addressOf` and
 * `partFilter` (useMemo): their cells are remembered per row.
 */
export function ledgerColumns(
  openRow: (t: Transaction) => void,
  addressOf: (propertyId: string) => string,
  partFilter: PartFilter | null,
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
    {
      id: 'amount',
      header: <Box textAlign="right">Amount</Box>,
      cell: (t) => <RowAmount t={t} partFilter={partFilter} />,
      width: 140,
    },
    { id: 'category', header: 'Category', width: 190, cell: (t) => <CategoryText t={t} /> },
    { id: 'property', header: 'Property', width: 260, cell: (t) => <PropertyText t={t} addressOf={addressOf} /> },
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
      width: 120,
      minWidth: 120,
    },
    // Wide enough for "Pending" beside "Needs review"; more badges wrap onto a second line, each whole.
    { id: 'status', header: 'Status', cell: (t) => <Status t={t} />, width: 240, minWidth: 200 },
    { id: 'source', header: 'Source', cell: (t) => transactionSourceLabel(t) },
    { id: 'notes', header: 'Notes', cell: (t) => t.notes ?? '' },
  ];
  return withRememberedCells(columns);
}

/** "1 transaction", "1,204 transactions". */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
