import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import Link from '@cloudscape-design/components/link';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { needsLandValue, PROPERTY_TYPE_LABELS } from '@rent/shared/core/properties';
import type { Property } from '../../api/properties';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';

export const PREFS_KEY = 'rent.properties.table';

export type ColumnId =
  | 'address'
  | 'propertyType'
  | 'numberOfUnits'
  | 'monthlyRent'
  | 'currentMarketValue'
  | 'acquisitionDate'
  | 'acquisitionPrice'
  | 'approximateLoan'
  | 'downPayment'
  | 'closingCosts'
  | 'initialRepairs'
  | 'otherInitialCosts'
  | 'landValue';

/** Nulls sort last whichever way; numbers and ISO dates compare naturally. */
function compareBy<K extends keyof Property>(key: K) {
  return (a: Property, b: Property) => {
    const x = a[key];
    const y = b[key];
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return x < y ? -1 : 1;
  };
}

const money = (key: keyof Property & string, header: string): TableProps.ColumnDefinition<Property> => ({
  id: key,
  header,
  width: 170,
  cell: (p) => formatMoney(p[key] as number | null),
  sortingComparator: compareBy(key),
});

const DEFAULT_VISIBLE: ColumnId[] = [
  'address',
  'propertyType',
  'numberOfUnits',
  'monthlyRent',
  'currentMarketValue',
  'acquisitionDate',
];

export const COLUMN_LABELS: Record<ColumnId, string> = {
  address: 'Address',
  propertyType: 'Type',
  numberOfUnits: 'Units',
  monthlyRent: 'Monthly rent',
  currentMarketValue: 'Market value',
  acquisitionDate: 'Acquired',
  acquisitionPrice: 'Acquisition price',
  approximateLoan: 'Approximate loan',
  downPayment: 'Down payment',
  closingCosts: 'Closing costs',
  initialRepairs: 'Initial repairs',
  otherInitialCosts: 'Other initial costs',
  landValue: 'Land value',
};

/** The page sizes offered; 20 is the default. */
export const PAGE_SIZES = [10, 20, 50];

export const COLUMN_IDS = Object.keys(COLUMN_LABELS) as ColumnId[];

export const DEFAULT_PREFS: CollectionPreferencesProps.Preferences = {
  pageSize: 20,
  // Long names and addresses wrap between words rather than end in an ellipsis (docs/product.md "Words and columns").
  wrapLines: true,
  stripedRows: false,
  contentDisplay: COLUMN_IDS.map((id) => ({
    id,
    visible: DEFAULT_VISIBLE.includes(id),
  })),
};

export function matchesText(p: Property, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const type = p.propertyType ? PROPERTY_TYPE_LABELS[p.propertyType] : '';
  return [p.address, type, p.acquisitionDate ?? ''].some((v) => v.toLowerCase().includes(needle));
}

/**
 * The properties table's columns; with `openEdit` the address is a link that opens the edit form. Each has a width,
 * so the header keeps its place when the rows arrive (column widths would otherwise follow their content).
 */
export function propertyColumns(openEdit: ((p: Property) => void) | null): TableProps.ColumnDefinition<Property>[] {
  const canEdit = openEdit !== null;
  return [
    {
      id: 'address',
      header: 'Address',
      cell: (p) =>
        canEdit ? (
          <Link onFollow={() => openEdit?.(p)} ariaLabel={`Edit ${p.address}`} data-testid="property-row-link">
            {p.address}
          </Link>
        ) : (
          p.address
        ),
      sortingField: 'address',
      isRowHeader: true,
      width: 320,
      minWidth: 180,
    },
    {
      id: 'propertyType',
      header: 'Type',
      width: 170,
      cell: (p) => (p.propertyType ? PROPERTY_TYPE_LABELS[p.propertyType] : '—'),
      sortingComparator: (a, b) =>
        (a.propertyType ? PROPERTY_TYPE_LABELS[a.propertyType] : '\uffff').localeCompare(
          b.propertyType ? PROPERTY_TYPE_LABELS[b.propertyType] : '\uffff',
        ),
    },
    {
      id: 'numberOfUnits',
      header: 'Units',
      width: 110,
      cell: (p) => p.numberOfUnits ?? '—',
      sortingComparator: compareBy('numberOfUnits'),
    },
    money('monthlyRent', 'Monthly rent'),
    money('currentMarketValue', 'Market value'),
    {
      id: 'acquisitionDate',
      header: 'Acquired',
      width: 150,
      cell: (p) => formatIsoDate(p.acquisitionDate),
      sortingComparator: compareBy('acquisitionDate'),
    },
    money('acquisitionPrice', 'Acquisition price'),
    money('approximateLoan', 'Approximate loan'),
    money('downPayment', 'Down payment'),
    money('closingCosts', 'Closing costs'),
    money('initialRepairs', 'Initial repairs'),
    money('otherInitialCosts', 'Other initial costs'),
    {
      ...money('landValue', 'Land value'),
      // Without it the building is not depreciated (the dashboard's "Needs attention" links here).
      cell: (p) =>
        needsLandValue(p) ? (
          <StatusIndicator type="warning">Missing: building not depreciated</StatusIndicator>
        ) : (
          formatMoney(p.landValue)
        ),
    },
  ];
}
