import { needsLandValue, PROPERTY_TYPE_LABELS } from '@rent/shared/core/properties';
import type { ReactNode } from 'react';
import type { Property } from '../../api/properties';
import { PhoneList } from '../../components/PhoneList';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';

/** What the properties page shows its rows with: this list on a phone, the table (PropertiesTable) on a desktop. */
export interface PropertyRowsProps {
  items: readonly Property[];
  /** The first answer is on its way: shown instead of the rows. */
  loading: boolean;
  /** Shown when there are no rows: none yet, none matching, or the load failed. */
  empty: ReactNode;
  /** The page header (counter, actions), the search and picker, pagination and preferences: the table's. */
  header: ReactNode;
  filter: ReactNode;
  pagination: ReactNode;
  preferences: ReactNode;
  /** Staff select a property for the header's actions and open it to edit; a tenant only reads. */
  selectable: boolean;
  /** The role is not known yet. */
  roleLoading: boolean;
  selected: Property | null;
  onSelect: (property: Property) => void;
  openEdit: (property: Property) => void;
}

/**
 * The properties on a phone: a row per property, the address (which opens it to edit, as the table's link does)
 * over its type, units and acquisition date, the monthly rent at the end, and a radio button that selects it for the
 * header's actions. The table's columns do not fit 390 px, and its code and first render cost a phone several times
 * this list's (docs/performance.md "Parts").
 */
export function PropertyList({
  items,
  loading,
  empty,
  header,
  filter,
  pagination,
  preferences,
  selectable,
  selected,
  onSelect,
  openEdit,
}: PropertyRowsProps) {
  return (
    <PhoneList
      testId="properties-table"
      label="Properties"
      header={header}
      filter={filter}
      pagination={pagination}
      preferences={preferences}
      loading={loading}
      loadingText="Loading properties"
      empty={empty}
      rows={items.map((p) => (
        <PropertyItem
          key={p.id}
          p={p}
          selectable={selectable}
          selected={selected?.id === p.id}
          onSelect={onSelect}
          openEdit={openEdit}
        />
      ))}
    />
  );
}

function PropertyItem({
  p,
  selectable,
  selected,
  onSelect,
  openEdit,
}: {
  p: Property;
  selectable: boolean;
  selected: boolean;
  onSelect: (property: Property) => void;
  openEdit: (property: Property) => void;
}) {
  const details = [
    p.propertyType ? PROPERTY_TYPE_LABELS[p.propertyType] : null,
    p.numberOfUnits ? `${p.numberOfUnits} ${p.numberOfUnits === 1 ? 'unit' : 'units'}` : null,
    p.acquisitionDate ? `Acquired ${formatIsoDate(p.acquisitionDate)}` : null,
    needsLandValue(p) ? 'No land value: building not depreciated' : null,
  ].filter(Boolean);
  return (
    <li className={selectable ? 'rt-list-item' : 'rt-list-item rt-list-item-plain'} data-testid="property-item">
      {selectable ? (
        <input
          type="radio"
          name="property-selection"
          checked={selected}
          onChange={() => onSelect(p)}
          aria-label={p.address}
        />
      ) : null}
      <div className="rt-list-item-main">
        {selectable ? (
          <button
            type="button"
            className="rt-list-open"
            onClick={() => openEdit(p)}
            aria-label={`Edit ${p.address}`}
            data-testid="property-row-link"
          >
            {p.address}
          </button>
        ) : (
          <span className="rt-list-title">{p.address}</span>
        )}
        {details.length ? <div className="rt-list-meta">{details.join(' · ')}</div> : null}
      </div>
      <div className="rt-list-end">
        {p.monthlyRent !== null ? (
          <>
            {formatMoney(p.monthlyRent)}
            <span className="rt-list-meta"> / month</span>
          </>
        ) : null}
      </div>
    </li>
  );
}
