import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Tabs from '@cloudscape-design/components/tabs';
import { NO_PROPERTY } from '@rent/shared/core/filters';
import { errorMessage } from '../../api/client';
import { BelowTheFold } from '../../components/BelowTheFold';
import { EmptyState } from '../../components/EmptyState';
import { RouterButton } from '../../components/RouterButton';
import { BookTable } from '../../features/books/parts';
import { PeriodControls } from '../../features/report-period/PeriodControls';
import { periodLabel } from '../../features/report-period/period';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DepreciationTab, RentRollTab, ScheduleEView, TransactionsByCategoryTab } from './parts';
import { TaxPackagePanel } from './TaxPackagePanel';
import { type ReportTab, useReports } from './use-reports';
import { useTaxPackage } from './use-tax-package';

/**
 * SPEC §2 /reports: profit and loss per property, a Schedule E worksheet per property for a tax year, and the
 * depreciation schedule for a tax year, the rent roll (issue 10), transactions by category and the CPA tax package.
 */
export default function ReportsPage() {
  useDocumentTitle('Reports');
  const r = useReports();
  const taxPackage = useTaxPackage(r.years, String(Number(r.today.slice(0, 4)) - 1), !r.forbidden);

  if (r.forbidden) {
    return (
      <ContentLayout header={<Header variant="h1">Reports</Header>}>
        <Container data-testid="reports-forbidden">
          <EmptyState
            title="Reports are not available for your role"
            action={<RouterButton href="/rental-history">Go to Rental History</RouterButton>}
          >
            The books are kept by the landlords, property managers and administrators of your organization.
          </EmptyState>
        </Container>
      </ContentLayout>
    );
  }

  const failed = (error: unknown, retry: () => void) => (
    <Alert type="error" header="Failed to load the report" action={<Button onClick={retry}>Retry</Button>}>
      {errorMessage(error, 'Please try again.')}
    </Alert>
  );

  const pnl = (
    <SpaceBetween size="l">
      <PeriodControls period={r.period} onChange={r.setPeriod} today={r.today} withProperty={false} idPrefix="pnl" />
      {r.pnl.isError && !r.pnl.data ? failed(r.pnl.error, () => void r.pnl.refetch()) : null}
      <Container
        header={
          <Header
            variant="h2"
            description={`${periodLabel(r.period.from, r.period.to)}. Money out is negative; transfers, ignored and uncategorized transactions are not counted.`}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button iconName="download" onClick={r.downloadPnl} disabled={!r.pnl.data} data-testid="pnl-csv">
                  Download CSV
                </Button>
                <Button
                  iconName="download"
                  onClick={r.downloadPnlPdf}
                  disabled={!r.pnl.data}
                  loading={r.pdf.busy}
                  data-testid="pnl-pdf"
                >
                  Download PDF
                </Button>
              </SpaceBetween>
            }
          >
            Profit and loss
          </Header>
        }
      >
        <div className="rt-reserve-table">
          <BookTable
            rows={r.rows}
            columns={r.columns}
            linkFor={r.linkFor}
            loading={!r.pnl.data}
            label="Profit and loss by property"
            testId="pnl"
          />
        </div>
      </Container>
    </SpaceBetween>
  );

  const sheetOptions = r.worksheets.map((w) => ({ value: w.propertyId ?? NO_PROPERTY, label: w.address }));
  const scheduleE = (
    <SpaceBetween size="l">
      <SpaceBetween direction="horizontal" size="s">
        <FormField label="Tax year" controlId="schedule-e-year">
          <Select
            controlId="schedule-e-year"
            data-testid="schedule-e-year"
            selectedOption={{ value: r.year, label: r.year }}
            options={r.years.map((y) => ({ value: y, label: y }))}
            onChange={({ detail }) => r.setYear(detail.selectedOption.value ?? r.year)}
          />
        </FormField>
        <FormField label="Property" controlId="schedule-e-property">
          <Select
            controlId="schedule-e-property"
            data-testid="schedule-e-property"
            selectedOption={r.sheet ? { value: r.sheet.propertyId ?? NO_PROPERTY, label: r.sheet.address } : null}
            options={sheetOptions}
            placeholder="Select property"
            onChange={({ detail }) => r.setSheetId(detail.selectedOption.value ?? null)}
          />
        </FormField>
      </SpaceBetween>
      {r.scheduleE.isError && !r.scheduleE.data ? failed(r.scheduleE.error, () => void r.scheduleE.refetch()) : null}
      <Container
        header={
          <Header
            variant="h2"
            description={r.sheet ? `${r.sheet.address}, tax year ${r.year}. Schedule E (Form 1040) Part I.` : undefined}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  iconName="download"
                  onClick={r.downloadScheduleE}
                  disabled={!r.sheet}
                  data-testid="schedule-e-csv"
                >
                  Download CSV
                </Button>
                <Button
                  iconName="download"
                  onClick={r.downloadScheduleEPdf}
                  disabled={!r.sheet}
                  loading={r.pdf.busy}
                  data-testid="schedule-e-pdf"
                >
                  Download PDF
                </Button>
              </SpaceBetween>
            }
          >
            Schedule E worksheet
          </Header>
        }
      >
        <div className="rt-reserve-table">
          {r.sheet && r.scheduleE.data ? (
            <ScheduleEView sheet={r.sheet} notice={r.scheduleE.data.notice} />
          ) : r.scheduleE.data ? (
            <EmptyState
              title="No properties"
              action={<RouterButton href="/properties?new=1">Add a property</RouterButton>}
            >
              A worksheet is made for each property.
            </EmptyState>
          ) : (
            <StatusIndicator type="loading">Loading the worksheet</StatusIndicator>
          )}
        </div>
      </Container>
    </SpaceBetween>
  );

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="What the books say, by category and property, from your categorized transactions."
        >
          Reports
        </Header>
      }
    >
      <SpaceBetween size="l">
        {r.pdf.error ? (
          <Alert type="error" dismissible onDismiss={r.pdf.dismiss} header="Failed to make the PDF">
            {r.pdf.error}
          </Alert>
        ) : null}
        <Tabs
          activeTabId={r.tab}
          onChange={({ detail }) => r.setTab(detail.activeTabId as ReportTab)}
          tabs={[
            { id: 'profit-and-loss', label: 'Profit and loss', content: pnl },
            { id: 'schedule-e', label: 'Schedule E', content: scheduleE },
            { id: 'depreciation', label: 'Depreciation', content: <DepreciationTab r={r} /> },
            { id: 'rent-roll', label: 'Rent roll', content: <RentRollTab r={r} /> },
            {
              id: 'transactions-by-category',
              label: 'Transactions by category',
              content: <TransactionsByCategoryTab r={r} />,
            },
          ]}
        />
        <BelowTheFold>
          <TaxPackagePanel t={taxPackage} />
        </BelowTheFold>
      </SpaceBetween>
    </ContentLayout>
  );
}
