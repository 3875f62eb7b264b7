import { parseTransactionFilters, type TransactionFilters } from '@rent/shared/core/filters';
import { formatCount } from '@rent/shared/core/money';
import { isTenant } from '@rent/shared/core/roles';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isForbiddenError } from '../../api/client';
import { useOrganization } from '../../api/organization';
import { useProperties } from '../../api/properties';
import { quietUntil } from '../../api/quiet';
import { type Transaction, useTransactionPage, useTransactionTotals } from '../../api/transactions';
import { useBankAttention } from '../../features/bank-link/use-bank-attention';
import { useCursorPages } from '../../lib/useCursorPages';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { useTablePreferences } from '../../lib/useTablePreferences';
import { COLUMN_IDS, DEFAULT_PREFS, PAGE_SIZES, PHONE_DEFAULT_PREFS, PREFS_KEY } from './columns';
import { hasFilters, paramsWithFilters } from './filters';
import { partFilterOf } from './splitRows';
import { useBulkActions } from './use-bulk-actions';
import { useCsvExport } from './use-csv-export';
import { useRowSelection } from './use-row-selection';

/** The ledger's counter: the row count only when ignored rows are filtered out (totals leave them out). */
export function ledgerCounter(
  filters: TransactionFilters,
  totalCount: number | undefined,
  selected: number,
): string | undefined {
  const count = filters.ignored === 'false' ? totalCount : undefined;
  if (typeof count !== 'number') return undefined;
  const total = formatCount(count);
  return selected ? `(${formatCount(selected)}/${total})` : `(${total})`;
}

/**
 * The rows while no page has arrived (loading, or failed): one list, not a new one at every render. The page
 * defers its rows (`useDeferredValue`), and React renders a deferred value again whenever it is a new one, so a fresh
 * empty list drew the ledger over and over until the page arrived (docs/performance.md "Rendering less").
 */
const NO_ROWS: Transaction[] = [];

/**
 * Everything the ledger shows and does (docs/product.md "Transactions"): filters from the URL, table preferences, the
 * cursor pages of the filtered set, totals, the selection and its bulk actions, and the CSV export.
 */
export function useLedger() {
  const org = useOrganization();
  // The bank banner: the body waits for the status, so the banner never pushes the ledger (layout shift).
  const bank = useBankAttention(org.role);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseTransactionFilters(params), [params]);
  // Filters by property, category or direction show a split's matching parts (the server totals those).
  const partFilter = useMemo(() => partFilterOf(filters), [filters]);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [prefs, savePrefs] = useTablePreferences(PREFS_KEY, desktop ? DEFAULT_PREFS : PHONE_DEFAULT_PREFS, {
    columns: COLUMN_IDS,
    pageSizes: PAGE_SIZES,
  });
  const pageSize = prefs.pageSize ?? 50;

  const setFilters = useCallback(
    (next: TransactionFilters) => setParams((current) => paramsWithFilters(current, next), { replace: true }),
    [setParams],
  );

  // Server-side pages by cursor; the known cursors reset whenever the filters or the page size change.
  const navKey = `${JSON.stringify(filters)}|${pageSize}`;
  const pages = useCursorPages(navKey);
  // The books are staff's: a tenant (or a role not known yet, which may be a tenant's) asks nothing.
  const books = !!org.role && !isTenant(org.role);
  const page = useTransactionPage(filters, pageSize, pages.cursor, { enabled: books });
  pages.record(page);

  const totals = useTransactionTotals(filters, { enabled: books });
  const refetchTotals = totals.refetch;
  const retryTotals = useCallback(() => void refetchTotals(), [refetchTotals]);
  // The rows' addresses: alone, before the page of rows, the properties change nothing on screen.
  const properties = useProperties(quietUntil(!!page.data));
  const addressOf = useMemo(() => {
    const map = new Map((properties.data ?? []).map((p) => [p.id, p.address]));
    return (id: string) => map.get(id) ?? 'Unknown property';
  }, [properties.data]);

  const items = page.data?.transactions ?? NO_ROWS;
  const [selected, setSelected] = useRowSelection(items, `${navKey}#${pages.index}`);
  const bulk = useBulkActions(selected, () => setSelected([]));
  const csv = useCsvExport(filters, addressOf);
  const loadFailed = page.isError && !page.data;

  return {
    bank,
    filters,
    setFilters,
    filtered: hasFilters(filters),
    /** Filters set, the end date not counted on its own (it narrows the start date's range). */
    activeFilterCount: Object.keys(filters).filter((k) => k !== 'to').length,
    prefs,
    savePrefs,
    pages,
    page,
    items,
    loadFailed,
    totals,
    retryTotals,
    forbidden: isTenant(org.role) || isForbiddenError(page.error) || isForbiddenError(totals.error),
    counter: ledgerCounter(filters, totals.data?.totals.count, selected.length),
    addressOf,
    partFilter,
    selected,
    setSelected,
    bulk,
    csv,
  };
}
