import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import type { PropertyDepreciationRow } from '../../api/reports';

const money = (value: number | null) => (value === null ? '—' : formatCurrency(toCents(value) ?? 0, 2));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2024-03" -> "Mar 2024". */
const monthLabel = (month: string | null) =>
  month ? `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}` : '—';

type Asset = PropertyDepreciationRow['assets'][number];

/** One property's depreciation for a tax year: its flags, then every asset with this year, accumulated and remaining. */
export function DepreciationView({ property, year }: { property: PropertyDepreciationRow; year: string }) {
  const id = property.propertyId;
  return (
    <SpaceBetween size="s">
      <Box variant="h3" tagOverride="h3">
        {property.address}
      </Box>
      {property.flags.length > 0 ? (
        <Alert type="warning" header="Needs your attention" data-testid={`depreciation-flags-${id}`}>
          <ul>
            {property.flags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Table<Asset>
        data-testid={`depreciation-${id}`}
        variant="embedded"
        trackBy={(a) => `${a.asset}:${a.placedInService ?? ''}`}
        items={property.assets}
        ariaLabels={{ tableLabel: `Depreciation for ${property.address}` }}
        wrapLines
        empty={<Box color="text-body-secondary">Nothing to depreciate in {year}.</Box>}
        columnDefinitions={[
          {
            id: 'asset',
            header: 'Asset',
            isRowHeader: true,
            cell: (a) => (
              <>
                {a.label}
                {a.flag ? (
                  <Box variant="small" color="text-body-secondary" display="block">
                    {a.flag}
                  </Box>
                ) : null}
              </>
            ),
          },
          { id: 'class', header: 'Class', cell: (a) => a.classLabel ?? '—' },
          { id: 'placed', header: 'Placed in service', cell: (a) => monthLabel(a.placedInService) },
          { id: 'basis', header: 'Basis', cell: (a) => money(a.basis) },
          { id: 'thisYear', header: year, cell: (a) => money(a.thisYear) },
          { id: 'accumulated', header: 'Accumulated', cell: (a) => money(a.accumulated) },
          { id: 'remaining', header: 'Remaining', cell: (a) => money(a.remaining) },
        ]}
        footer={
          <Box textAlign="right">
            Depreciation in {year}: <span data-testid={`depreciation-total-${id}`}>{money(property.total)}</span>
          </Box>
        }
      />
    </SpaceBetween>
  );
}
