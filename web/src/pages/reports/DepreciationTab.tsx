import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { EmptyState } from '../../components/EmptyState';
import { ReportFrame, YearSelect } from '../../components/ReportFrame';
import { RouterButton } from '../../components/RouterButton';
import { lazyWhenShown } from '../../lib/lazyWhenShown';
import { DepreciationView } from './DepreciationView';
import { useAssetChoice } from './use-asset-choice';
import type { useReports } from './use-reports';

const ALL = '';

/** An asset's choices, loaded and mounted when first opened (a hidden Modal is no first render's). */
const AssetChoiceModal = lazyWhenShown(() => import('./AssetChoiceModal').then((m) => m.AssetChoiceModal));

/** The reports page's Depreciation tab: a tax year, a property (or all), one table (a list on a phone) per property, CSV. */
export function DepreciationTab({ r }: { r: ReturnType<typeof useReports> }) {
  const d = r.depreciation;
  const choice = useAssetChoice();
  const options = [
    { value: ALL, label: 'All properties' },
    ...(d.data?.properties ?? []).map((p) => ({ value: p.propertyId, label: p.address })),
  ];
  return (
    <ReportFrame
      variant="section"
      title="Depreciation"
      description={`Tax year ${r.year}. Residential buildings over 27.5 years and commercial ones over 39 (mid-month); capital spending by class from the month it was spent. ${d.data?.notice ?? ''}`}
      downloads={{
        testId: 'depreciation',
        csv: r.downloadDepreciation,
        pdf: r.downloadDepreciationPdf,
        disabled: r.depreciationShown.length === 0,
        pdfBusy: r.pdf.busy,
      }}
      controls={
        <SpaceBetween direction="horizontal" size="s">
          <YearSelect id="depreciation-year" year={r.year} years={r.years} onChange={r.setYear} />
          <FormField label="Property" controlId="depreciation-property" className="rt-report-picker">
            <Select
              controlId="depreciation-property"
              data-testid="depreciation-property"
              selectedOption={options.find((o) => o.value === (r.depreciationPropertyId ?? ALL)) ?? options[0]!}
              options={options}
              onChange={({ detail }) => r.setDepreciationPropertyId(detail.selectedOption.value || null)}
            />
          </FormField>
        </SpaceBetween>
      }
      query={d}
    >
      {!d.data ? (
        <StatusIndicator type="loading">Loading the depreciation schedule</StatusIndicator>
      ) : r.depreciationShown.length === 0 ? (
        <EmptyState title="No properties" action={<RouterButton href="/properties?new=1">Add a property</RouterButton>}>
          Each property's building and capital spending are depreciated.
        </EmptyState>
      ) : (
        <SpaceBetween size="xl">
          {r.depreciationShown.map((p) => (
            <DepreciationView
              key={p.propertyId}
              property={p}
              year={r.year}
              onEdit={choice.canEdit ? (asset) => choice.edit(p.propertyId, p.address, asset) : undefined}
            />
          ))}
          <AssetChoiceModal
            shown={choice.editing !== null}
            address={choice.editing?.address ?? ''}
            asset={choice.editing?.asset ?? null}
            draft={choice.draft}
            busy={choice.busy}
            error={choice.error}
            onChange={choice.setDraft}
            onCancel={choice.cancel}
            onSave={choice.submit}
          />
        </SpaceBetween>
      )}
    </ReportFrame>
  );
}
