import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { desktopPartOr } from '../../app/pageLoader';
import {
  bonusText,
  type DepreciationSheetProps,
  DepreciationTotal,
  EditAssetButton,
  money,
  monthLabel,
  priorText,
} from './depreciationSheet';
import { depreciationTable } from './parts';

/**
 * One property's assets on a phone: each asset a row with its class and month placed in service, its basis,
 * accumulated and remaining, what came before the books and the bonus where they apply, and this year's amount at
 * the end. The table's ten columns do not fit 390 px.
 */
function DepreciationList({ property, year, onEdit }: DepreciationSheetProps) {
  return (
    <SpaceBetween size="xs">
      {property.assets.length === 0 ? (
        <Box color="text-body-secondary">Nothing to depreciate in {year}.</Box>
      ) : (
        <ul
          className="rt-list-list"
          aria-label={`Depreciation for ${property.address}`}
          data-testid={`depreciation-${property.propertyId}`}
        >
          {property.assets.map((a) => (
            <li
              key={a.key}
              className="rt-list-item rt-list-item-plain rt-list-item-flush"
              data-testid="depreciation-asset"
            >
              <div className="rt-list-item-main">
                <span className="rt-list-title">{a.label}</span>
                <span className="rt-list-meta">
                  {a.classLabel ?? 'No class'} · placed in service {monthLabel(a.placedInService)}
                </span>
                <span className="rt-list-meta">
                  Basis {money(a.basis)} · accumulated {money(a.accumulated)} · remaining {money(a.remaining)}
                </span>
                {a.prior ? <span className="rt-list-meta">Before the books: {priorText(a)}</span> : null}
                {a.bonus ? <span className="rt-list-meta">Bonus: {bonusText(a)}</span> : null}
                {a.flag ? <span className="rt-list-meta">{a.flag}</span> : null}
                {onEdit ? <EditAssetButton asset={a} onEdit={onEdit} /> : null}
              </div>
              <div className="rt-list-end">
                <div>{money(a.thisYear)}</div>
                <div className="rt-list-meta">{year}</div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <DepreciationTotal property={property} year={year} />
    </SpaceBetween>
  );
}

/** The assets: the table on a desktop, the list on a phone. */
const DepreciationAssets = desktopPartOr(depreciationTable, DepreciationList);

/**
 * One property's depreciation for a tax year: its flags, then every asset with the depreciation taken before the
 * books, its bonus, this year, accumulated and remaining; `onEdit` (owners) opens an asset's choices.
 */
export function DepreciationView(props: DepreciationSheetProps) {
  const { property } = props;
  return (
    <SpaceBetween size="s">
      <Box variant="h3" tagOverride="h3">
        {property.address}
      </Box>
      {property.flags.length > 0 ? (
        <Alert type="warning" header="Needs your attention" data-testid={`depreciation-flags-${property.propertyId}`}>
          <ul>
            {property.flags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <DepreciationAssets {...props} />
    </SpaceBetween>
  );
}
