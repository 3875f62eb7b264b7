import { useCollection } from '@cloudscape-design/collection-hooks';
import Button from '@cloudscape-design/components/button';
import CollectionPreferences, {
  type CollectionPreferencesProps,
} from '@cloudscape-design/components/collection-preferences';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { PROPERTY_TYPE_LABELS } from '@rent/shared';
import { isTenant, STAFF } from '@rent/shared/core/roles';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOrganization } from '../../api/organization';
import { PROPERTIES_FETCH_ERROR, type Property, useProperties } from '../../api/properties';
import { EmptyState } from '../../components/EmptyState';
import { PropertyPicker } from '../../components/PropertyPicker';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useTablePreferences } from '../../lib/useTablePreferences';
import { DeletePropertyModal } from './DeletePropertyModal';
import { PropertyFormDrawer } from './PropertyFormDrawer';

const PREFS_KEY = 'rent.properties.table';

type ColumnId =
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
  | 'otherInitialCosts';

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

const COLUMN_LABELS: Record<ColumnId, string> = {
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
};

const DEFAULT_PREFS: CollectionPreferencesProps.Preferences = {
  pageSize: 20,
  wrapLines: false,
  stripedRows: false,
  contentDisplay: (Object.keys(COLUMN_LABELS) as ColumnId[]).map((id) => ({
    id,
    visible: DEFAULT_VISIBLE.includes(id),
  })),
};

function matchesText(p: Property, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const type = p.propertyType ? PROPERTY_TYPE_LABELS[p.propertyType] : '';
  return [p.address, type, p.acquisitionDate ?? ''].some((v) => v.toLowerCase().includes(needle));
}

export default function PropertiesPage() {
  useDocumentTitle('Properties');
  const org = useOrganization();
  const canEdit = !!org.role && STAFF.includes(org.role);
  const tenant = isTenant(org.role);
  const query = useProperties();
  const all = query.data ?? [];
  const [searchParams, setSearchParams] = useSearchParams();

  const [pickedId, setPickedId] = useState('');
  const [prefs, savePrefs] = useTablePreferences(PREFS_KEY, DEFAULT_PREFS, { columns: Object.keys(COLUMN_LABELS) });
  const [drawer, setDrawer] = useState<{ open: boolean; property: Property | null }>({ open: false, property: null });
  const [toDelete, setToDelete] = useState<Property | null>(null);

  // /properties?new=1 (from the dashboard) opens the add form.
  useEffect(() => {
    if (searchParams.get('new') === '1' && canEdit) {
      setDrawer({ open: true, property: null });
      const next = new URLSearchParams(searchParams);
      next.delete('new');
      setSearchParams(next, { replace: true });
    }
  }, [searchParams, setSearchParams, canEdit]);

  const source = useMemo(() => (pickedId ? all.filter((p) => p.id === pickedId) : all), [all, pickedId]);

  const openAdd = () => setDrawer({ open: true, property: null });
  const openEdit = (p: Property) => setDrawer({ open: true, property: p });

  const { items, actions, collectionProps, filterProps, paginationProps, filteredItemsCount } = useCollection(source, {
    filtering: {
      filteringFunction: matchesText,
      empty: (
        <EmptyState
          title={query.isError ? PROPERTIES_FETCH_ERROR : 'No properties'}
          action={
            query.isError ? (
              <Button onClick={() => void query.refetch()}>Retry</Button>
            ) : canEdit ? (
              <Button onClick={openAdd} data-testid="property-add-empty">
                Add property
              </Button>
            ) : undefined
          }
        >
          {query.isError
            ? 'Failed to load properties. Please try again.'
            : tenant
              ? 'No property is linked to your account yet.'
              : 'Add your first property to start tracking its rent, value and costs.'}
        </EmptyState>
      ),
      noMatch: (
        <EmptyState
          title="No matches"
          action={
            <Button
              onClick={() => {
                actions.setFiltering('');
                setPickedId('');
              }}
            >
              Clear filter
            </Button>
          }
        >
          No property matches your search.
        </EmptyState>
      ),
    },
    sorting: { defaultState: { sortingColumn: { sortingField: 'address' } } },
    pagination: { pageSize: prefs.pageSize ?? 20 },
    selection: { keepSelection: false, trackBy: 'id' },
  });

  const selected = collectionProps.selectedItems?.[0] ?? null;

  // The picker both filters the table and selects (highlights) the chosen property.
  const onPick = (id: string, property: Property | null) => {
    setPickedId(id);
    actions.setCurrentPage(1);
    actions.setSelectedItems(property && canEdit ? [property] : []);
  };

  const columns: TableProps.ColumnDefinition<Property>[] = [
    {
      id: 'address',
      header: 'Address',
      cell: (p) =>
        canEdit ? (
          <Link onFollow={() => openEdit(p)} ariaLabel={`Edit ${p.address}`} data-testid="property-row-link">
            {p.address}
          </Link>
        ) : (
          p.address
        ),
      sortingField: 'address',
      isRowHeader: true,
    },
    {
      id: 'propertyType',
      header: 'Type',
      cell: (p) => (p.propertyType ? PROPERTY_TYPE_LABELS[p.propertyType] : '—'),
      sortingComparator: (a, b) =>
        (a.propertyType ? PROPERTY_TYPE_LABELS[a.propertyType] : '\uffff').localeCompare(
          b.propertyType ? PROPERTY_TYPE_LABELS[b.propertyType] : '\uffff',
        ),
    },
    {
      id: 'numberOfUnits',
      header: 'Units',
      cell: (p) => p.numberOfUnits ?? '—',
      sortingComparator: compareBy('numberOfUnits'),
    },
    money('monthlyRent', 'Monthly rent'),
    money('currentMarketValue', 'Market value'),
    {
      id: 'acquisitionDate',
      header: 'Acquired',
      cell: (p) => formatIsoDate(p.acquisitionDate),
      sortingComparator: compareBy('acquisitionDate'),
    },
    money('acquisitionPrice', 'Acquisition price'),
    money('approximateLoan', 'Approximate loan'),
    money('downPayment', 'Down payment'),
    money('closingCosts', 'Closing costs'),
    money('initialRepairs', 'Initial repairs'),
    money('otherInitialCosts', 'Other initial costs'),
  ];

  const counter = query.isSuccess ? (selected ? `(1/${all.length})` : `(${all.length})`) : undefined;

  return (
    <>
      <Table
        {...collectionProps}
        data-testid="properties-table"
        variant="full-page"
        items={items}
        columnDefinitions={columns}
        columnDisplay={prefs.contentDisplay}
        wrapLines={prefs.wrapLines}
        stripedRows={prefs.stripedRows}
        selectionType={canEdit ? 'single' : undefined}
        ariaLabels={{
          selectionGroupLabel: 'Property selection',
          itemSelectionLabel: (_, item) => item.address,
          tableLabel: 'Properties',
        }}
        loading={query.isPending && query.fetchStatus !== 'idle'}
        loadingText="Loading properties"
        enableKeyboardNavigation
        stickyHeader
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={counter}
            description={
              tenant
                ? 'The property you rent through this organization.'
                : 'Every property in your organization: purchase, value and rent.'
            }
            actions={
              canEdit ? (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button
                    disabled={!selected}
                    onClick={() => selected && openEdit(selected)}
                    data-testid="property-edit"
                  >
                    Edit
                  </Button>
                  <Button
                    disabled={!selected}
                    onClick={() => selected && setToDelete(selected)}
                    data-testid="property-delete"
                  >
                    Delete
                  </Button>
                  <Button variant="primary" onClick={openAdd} data-testid="property-add">
                    Add property
                  </Button>
                </SpaceBetween>
              ) : undefined
            }
          >
            Properties
          </Header>
        }
        filter={
          <div className="rt-table-filters">
            <div className="rt-table-filter-text">
              <TextFilter
                {...filterProps}
                filteringPlaceholder="Search properties"
                filteringAriaLabel="Search properties by address, type or date"
                countText={filterProps.filteringText ? `${filteredItemsCount ?? 0} matches` : undefined}
                data-testid="properties-search"
              />
            </div>
            <div className="rt-table-filter-picker">
              <FormField label="Find a property" controlId="find-property">
                <PropertyPicker controlId="find-property" value={pickedId} onChange={onPick} />
              </FormField>
            </div>
          </div>
        }
        pagination={<Pagination {...paginationProps} />}
        preferences={
          <CollectionPreferences
            title="Preferences"
            confirmLabel="Confirm"
            cancelLabel="Cancel"
            preferences={prefs}
            onConfirm={({ detail }) => savePrefs(detail)}
            pageSizePreference={{
              title: 'Page size',
              options: [
                { value: 10, label: '10 properties' },
                { value: 20, label: '20 properties' },
                { value: 50, label: '50 properties' },
              ],
            }}
            wrapLinesPreference={{}}
            stripedRowsPreference={{}}
            contentDisplayPreference={{
              title: 'Column preferences',
              options: (Object.keys(COLUMN_LABELS) as ColumnId[]).map((id) => ({
                id,
                label: COLUMN_LABELS[id],
                alwaysVisible: id === 'address',
              })),
            }}
          />
        }
      />
      {canEdit ? (
        <>
          <PropertyFormDrawer
            open={drawer.open}
            property={drawer.property}
            onClose={() => setDrawer((d) => ({ ...d, open: false }))}
            onSaved={(saved) => actions.setSelectedItems([saved])}
          />
          <DeletePropertyModal
            property={toDelete}
            onClose={(deleted) => {
              setToDelete(null);
              if (!deleted) return;
              actions.setSelectedItems([]);
              if (pickedId && toDelete?.id === pickedId) setPickedId('');
            }}
          />
        </>
      ) : null}
    </>
  );
}
