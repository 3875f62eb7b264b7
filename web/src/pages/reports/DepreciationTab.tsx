import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { RouterButton } from '../../components/RouterButton';
import { DepreciationView } from './DepreciationView';
import type { useReports } from './use-reports';

const ALL = '';

/** The reports page's Depreciation tab: a tax year, a property (or all), one table per property, CSV. */
export function DepreciationTab({ r }: { r: ReturnType<typeof useReports> }) {
  const d = r.depreciation;
  const options = [
    { value: ALL, label: 'All properties' },
    ...(d.data?.properties ?? []).map((p) => ({ value: p.propertyId, label: p.address })),
  ];
  return (
    <SpaceBetween size="l">
      <SpaceBetween direction="horizontal" size="s">
        <FormField label="Tax year" controlId="depreciation-year">
          <Select
            controlId="depreciation-year"
            data-testid="depreciation-year"
            selectedOption={{ value: r.year, label: r.year }}
            options={r.years.map((y) => ({ value: y, label: y }))}
            onChange={({ detail }) => r.setYear(detail.selectedOption.value ?? r.year)}
          />
        </FormField>
        <FormField label="Property" controlId="depreciation-property">
          <Select
            controlId="depreciation-property"
            data-testid="depreciation-property"
            selectedOption={options.find((o) => o.value === (r.depreciationPropertyId ?? ALL)) ?? options[0]!}
            options={options}
            onChange={({ detail }) => r.setDepreciationPropertyId(detail.selectedOption.value || null)}
          />
        </FormField>
      </SpaceBetween>
      {d.isError && !d.data ? (
        <Alert
          type="error"
          header="Failed to load the report"
          action={<Button onClick={() => void d.refetch()}>Retry</Button>}
        >
          {errorMessage(d.error, 'Please try again.')}
        </Alert>
      ) : null}
      <Container
        header={
          <Header
            variant="h2"
            description={`Tax year ${r.year}. Buildings over 27.5 years (mid-month); capital spending by class from the month it was spent. ${d.data?.notice ?? ''}`}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  iconName="download"
                  onClick={r.downloadDepreciation}
                  disabled={r.depreciationShown.length === 0}
                  data-testid="depreciation-csv"
                >
                  Download CSV
                </Button>
                <Button
                  iconName="download"
                  onClick={r.downloadDepreciationPdf}
                  disabled={r.depreciationShown.length === 0}
                  loading={r.pdf.busy}
                  data-testid="depreciation-pdf"
                >
                  Download PDF
                </Button>
              </SpaceBetween>
            }
          >
            Depreciation
          </Header>
        }
      >
        <div className="rt-reserve-table">
          {!d.data ? (
            <StatusIndicator type="loading">Loading the depreciation schedule</StatusIndicator>
          ) : r.depreciationShown.length === 0 ? (
            <EmptyState
              title="No properties"
              action={<RouterButton href="/properties?new=1">Add a property</RouterButton>}
            >
              Each property's building and capital spending are depreciated.
            </EmptyState>
          ) : (
            <SpaceBetween size="xl">
              {r.depreciationShown.map((p) => (
                <DepreciationView key={p.propertyId} property={p} year={r.year} />
              ))}
            </SpaceBetween>
          )}
        </div>
      </Container>
    </SpaceBetween>
  );
}
