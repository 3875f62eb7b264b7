import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import {
  type Asset,
  bonusText,
  type DepreciationSheetProps,
  DepreciationTotal,
  EditAssetButton,
  money,
  monthLabel,
  priorText,
} from './depreciationSheet';

/**
 * One property's assets on a desktop, a column per figure. Its own chunk: a phone lists them (DepreciationView)
 * and never loads Cloudscape's table.
 */
export function DepreciationTable({ property, year, onEdit }: DepreciationSheetProps) {
  return (
    <Table<Asset>
      data-testid={`depreciation-${property.propertyId}`}
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
        { id: 'prior', header: 'Before the books', cell: priorText },
        { id: 'bonus', header: 'Bonus', cell: bonusText },
        { id: 'thisYear', header: year, cell: (a) => money(a.thisYear) },
        { id: 'accumulated', header: 'Accumulated', cell: (a) => money(a.accumulated) },
        { id: 'remaining', header: 'Remaining', cell: (a) => money(a.remaining) },
        ...(onEdit
          ? [{ id: 'edit', header: 'Choices', cell: (a: Asset) => <EditAssetButton asset={a} onEdit={onEdit} /> }]
          : []),
      ]}
      footer={<DepreciationTotal property={property} year={year} />}
    />
  );
}
