import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
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

/** The bonus as a cell: taken (amount and rate), the rate it could take, or nothing for a class that cannot. */
const bonusText = (a: Asset) =>
  a.bonus === null
    ? '—'
    : a.bonus.taken
      ? `${money(a.bonus.amount)} (${a.bonus.percent}%)`
      : `Not taken (${a.bonus.percent}%)`;

/** An asset whose choices can be edited: the building once it has a basis, and capital spending with a class. */
const editable = (a: Asset) => a.classId !== null;

/**
 * One property's depreciation for a tax year: its flags, then every asset with the depreciation taken before the
 * books, its bonus, this year, accumulated and remaining; `onEdit` (owners) opens an asset's choices.
 */
export function DepreciationView({
  property,
  year,
  onEdit,
}: {
  property: PropertyDepreciationRow;
  year: string;
  onEdit?: (asset: Asset) => void;
}) {
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
        trackBy={(a) => a.key}
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
          {
            id: 'prior',
            header: 'Before the books',
            cell: (a) => (a.prior ? `${money(a.prior.entered)} through ${a.prior.throughYear}` : '—'),
          },
          { id: 'bonus', header: 'Bonus', cell: bonusText },
          { id: 'thisYear', header: year, cell: (a) => money(a.thisYear) },
          { id: 'accumulated', header: 'Accumulated', cell: (a) => money(a.accumulated) },
          { id: 'remaining', header: 'Remaining', cell: (a) => money(a.remaining) },
          ...(onEdit
            ? [
                {
                  id: 'edit',
                  header: 'Choices',
                  cell: (a: Asset) =>
                    editable(a) ? (
                      <Button
                        variant="inline-link"
                        onClick={() => onEdit(a)}
                        data-testid={`depreciation-edit-${a.key}`}
                        ariaLabel={`Edit depreciation of ${a.label}, ${monthLabel(a.placedInService)}`}
                      >
                        Edit
                      </Button>
                    ) : null,
                },
              ]
            : []),
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
