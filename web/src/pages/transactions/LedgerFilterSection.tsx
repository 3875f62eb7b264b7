import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { memo, useState } from 'react';
import type { TransactionFilters } from '../../api/transactions';
import { useLoadedPart } from '../../app/pageLoader';
import { ledgerFilterFields } from './parts';

/**
 * The ledger's filters in an expandable section: open on a desktop, closed on a phone. The filter fields (a dozen
 * dropdowns and pickers) are mounted, and on a phone downloaded, when the section first opens, not while it is
 * closed; the section draws again only when the filters change, not with every answer the ledger receives.
 */
export const LedgerFilterSection = memo(function LedgerFilterSection({
  filters,
  onChange,
  filtered,
  activeCount,
  defaultExpanded,
}: {
  filters: TransactionFilters;
  onChange: (next: TransactionFilters) => void;
  /** Any filter set (the end date alone included). */
  filtered: boolean;
  /** The counter: filters set, the end date not counted on its own. */
  activeCount: number;
  defaultExpanded: boolean;
}) {
  const [opened, setOpened] = useState(defaultExpanded);
  return (
    <ExpandableSection
      variant="container"
      defaultExpanded={defaultExpanded}
      onChange={({ detail }) => {
        if (detail.expanded) setOpened(true);
      }}
      headerText="Filters"
      headerCounter={activeCount ? `(${activeCount})` : undefined}
      headerActions={
        filtered ? (
          <Button onClick={() => onChange({})} data-testid="transactions-clear-filters">
            Clear filters
          </Button>
        ) : undefined
      }
      data-testid="transactions-filter-section"
    >
      {opened ? <FilterFields filters={filters} onChange={onChange} /> : null}
    </ExpandableSection>
  );
});

function FilterFields(props: { filters: TransactionFilters; onChange: (next: TransactionFilters) => void }) {
  const Fields = useLoadedPart(ledgerFilterFields);
  return Fields ? <Fields {...props} /> : <StatusIndicator type="loading">Loading filters</StatusIndicator>;
}
