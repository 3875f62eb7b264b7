import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import type { PropertyDepreciationRow } from '../../api/reports';
import { monthLabel as shortMonth } from '../../features/report-period/period';

/** What one property's depreciation table (a desktop) and list (a phone) both show. */
export interface DepreciationSheetProps {
  property: PropertyDepreciationRow;
  year: string;
  /** Opens an asset's choices (owners); absent, the schedule is read only. */
  onEdit?: (asset: Asset) => void;
}

export type Asset = PropertyDepreciationRow['assets'][number];

export const money = (value: number | null) => (value === null ? '—' : formatCurrency(toCents(value) ?? 0, 2));

/** "2024-03" -> "Mar 2024". */
export const monthLabel = (month: string | null) => (month ? shortMonth(month) : '—');

/** The bonus: taken (amount and rate), the rate it could take, or nothing for a class that cannot. */
export const bonusText = (a: Asset) =>
  a.bonus === null
    ? '—'
    : a.bonus.taken
      ? `${money(a.bonus.amount)} (${a.bonus.percent}%)`
      : `Not taken (${a.bonus.percent}%)`;

/** The depreciation earlier returns deducted, and through which year. */
export const priorText = (a: Asset) => (a.prior ? `${money(a.prior.entered)} through ${a.prior.throughYear}` : '—');

/** Opens an asset's choices: the building once it has a basis, and capital spending with a class. */
export function EditAssetButton({ asset, onEdit }: { asset: Asset; onEdit: (asset: Asset) => void }) {
  return asset.classId === null ? null : (
    <Button
      variant="inline-link"
      onClick={() => onEdit(asset)}
      data-testid={`depreciation-edit-${asset.key}`}
      ariaLabel={`Edit depreciation of ${asset.label}, ${monthLabel(asset.placedInService)}`}
    >
      Edit
    </Button>
  );
}

/** The property's depreciation for the year, under its assets. */
export function DepreciationTotal({ property, year }: DepreciationSheetProps) {
  return (
    <Box textAlign="right">
      Depreciation in {year}:{' '}
      <span data-testid={`depreciation-total-${property.propertyId}`}>{money(property.total)}</span>
    </Box>
  );
}
