import { useCollection } from '@cloudscape-design/collection-hooks';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { PROPERTIES_FETCH_ERROR, type Property } from '../../api/properties';
import { partOr } from '../../app/pageLoader';
import { EmptyState } from '../../components/EmptyState';
import { PageSizeMenu } from '../../components/PageSizeMenu';
import { PropertyPicker } from '../../components/PropertyPicker';
import { DesktopPreferences } from '../../components/preferences';
import { lazyWhenShown } from '../../lib/lazyWhenShown';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { COLUMN_LABELS, matchesText, PAGE_SIZES } from './columns';
import { PropertyList, type PropertyRowsProps } from './PropertyList';
import { propertiesTable } from './parts';
import { usePropertiesPage } from './use-properties-page';

const PropertyFormDrawer = lazyWhenShown(() => import('./PropertyFormDrawer').then((m) => m.PropertyFormDrawer));
const LeasesDrawer = lazyWhenShown(() => import('./LeasesDrawer').then((m) => m.LeasesDrawer));
const LoansDrawer = lazyWhenShown(() => import('./LoansDrawer').then((m) => m.LoansDrawer));
const DeletePropertyModal = lazyWhenShown(() => import('./DeletePropertyModal').then((m) => m.DeletePropertyModal));

/** The table on a desktop (it comes with the page there); the list until then, and on a phone, which never loads it. */
const DesktopRows = partOr(propertiesTable, PropertyList);

export default function PropertiesPage() {
  useDocumentTitle('Properties');
  const page = usePropertiesPage();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { canEdit, tenant, query, all, source, pickedId, setPickedId, prefs, drawer, openAdd, openEdit } = page;
  const { toDelete, setToDelete, leasesOf, setLeasesOf, loansOf, setLoansOf } = page;
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

  const counter = query.isSuccess ? (selected ? `(1/${all.length})` : `(${all.length})`) : undefined;

  const loading = query.isPending && query.fetchStatus !== 'idle';

  const preferencesProps = {
    preferences: prefs,
    onConfirm: page.savePrefs,
    pageSizes: PAGE_SIZES,
    itemsLabel: 'properties',
  };
  const rowsProps: PropertyRowsProps = {
    items,
    loading,
    empty: collectionProps.empty,
    header: (
      <Header
        variant={desktop ? 'awsui-h1-sticky' : 'h1'}
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
                onClick={() => selected && setLeasesOf(selected)}
                data-testid="property-leases"
              >
                Tenants and leases
              </Button>
              <Button
                disabled={!selected}
                onClick={() => selected && setLoansOf(selected)}
                data-testid="property-loans"
              >
                Loans
              </Button>
              <Button disabled={!selected} onClick={() => selected && openEdit(selected)} data-testid="property-edit">
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
          ) : page.roleLoading ? (
            // Until the role is known, hold the buttons' place (unseen, unreachable) so the table does not move.
            <div className="rt-placeholder" aria-hidden="true" inert>
              <SpaceBetween direction="horizontal" size="xs">
                <Button disabled>Tenants and leases</Button>
                <Button disabled>Loans</Button>
                <Button disabled>Edit</Button>
                <Button disabled>Delete</Button>
                <Button variant="primary" disabled>
                  Add property
                </Button>
              </SpaceBetween>
            </div>
          ) : undefined
        }
      >
        Properties
      </Header>
    ),
    filter: (
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
    ),
    pagination: <Pagination {...paginationProps} />,
    preferences: desktop ? (
      <DesktopPreferences {...preferencesProps} columnLabels={COLUMN_LABELS} alwaysVisible={['address']} />
    ) : (
      <PageSizeMenu {...preferencesProps} />
    ),
    selectable: canEdit,
    roleLoading: page.roleLoading,
    selected,
    onSelect: (property) => actions.setSelectedItems([property]),
    openEdit,
  };

  return (
    <>
      {desktop ? (
        <DesktopRows {...rowsProps} collectionProps={collectionProps} prefs={prefs} />
      ) : (
        <PropertyList {...rowsProps} />
      )}
      {canEdit ? (
        <>
          <PropertyFormDrawer
            shown={drawer.open}
            open={drawer.open}
            property={drawer.property}
            onClose={page.closeDrawer}
            onSaved={(saved) => actions.setSelectedItems([saved])}
          />
          <LeasesDrawer shown={!!leasesOf} property={leasesOf} onClose={() => setLeasesOf(null)} />
          <LoansDrawer shown={!!loansOf} property={loansOf} onClose={() => setLoansOf(null)} />
          <DeletePropertyModal
            shown={!!toDelete}
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
