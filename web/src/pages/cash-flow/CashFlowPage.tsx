import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/client';
import { BelowTheFold } from '../../components/BelowTheFold';
import { IncomeExpenseChartLazy } from '../../components/charts/IncomeExpenseChartLazy';
import { EmptyState } from '../../components/EmptyState';
import { RouterButton } from '../../components/RouterButton';
import { KeyFigures } from '../../features/books/KeyFigures';
import { BookTable } from '../../features/books/parts';
import { PeriodControls } from '../../features/report-period/PeriodControls';
import { periodLabel } from '../../features/report-period/period';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { useCashFlow } from './use-cash-flow';

/** SPEC §2 /cash-flow: month by month and property by property, from the monthly rollups. */
export default function CashFlowPage() {
  useDocumentTitle('Cash Flow');
  const cf = useCashFlow();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const figures = cf.report.data?.figures;

  if (cf.forbidden) {
    return (
      <ContentLayout header={<Header variant="h1">Cash Flow</Header>}>
        <Container data-testid="cash-flow-forbidden">
          <EmptyState
            title="Cash flow is not available for your role"
            action={<RouterButton href="/rental-history">Go to Rental History</RouterButton>}
          >
            The books are kept by the landlords, property managers and administrators of your organization.
          </EmptyState>
        </Container>
      </ContentLayout>
    );
  }

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="What came in and what went out, month by month. Transfers, ignored and uncategorized transactions are not counted."
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                iconName="download"
                onClick={cf.downloadCsv}
                disabled={!cf.report.data}
                data-testid="cash-flow-csv"
              >
                Download CSV
              </Button>
              <Button
                iconName="download"
                onClick={cf.downloadPdf}
                disabled={!cf.report.data}
                loading={cf.pdf.busy}
                data-testid="cash-flow-pdf"
              >
                Download PDF
              </Button>
            </SpaceBetween>
          }
        >
          Cash Flow
        </Header>
      }
    >
      <SpaceBetween size="l">
        {cf.pdf.error ? (
          <Alert type="error" dismissible onDismiss={cf.pdf.dismiss} header="Failed to make the PDF">
            {cf.pdf.error}
          </Alert>
        ) : null}
        <PeriodControls period={cf.period} onChange={cf.setPeriod} today={cf.today} idPrefix="cash-flow" />
        {cf.report.isError && !cf.report.data ? (
          <Alert
            type="error"
            header="Failed to load the cash flow"
            action={<Button onClick={() => void cf.report.refetch()}>Retry</Button>}
          >
            {errorMessage(cf.report.error, 'Please try again.')}
          </Alert>
        ) : null}
        <Container
          header={
            <Header variant="h2" description={periodLabel(cf.period.from, cf.period.to)}>
              Summary
            </Header>
          }
        >
          <KeyFigures figures={figures} kpis={cf.kpiCells} testIdPrefix="cash-flow" stale={cf.stale} />
        </Container>
        <Container header={<Header variant="h2">Income and expenses</Header>}>
          <IncomeExpenseChartLazy
            testId="cash-flow-chart"
            months={cf.months}
            {...cf.chart}
            netTitle="Cash flow"
            height={desktop ? 380 : 320}
            loading={!cf.report.data}
            ariaLabel="Income and expenses by month, cash flow as a line"
          />
        </Container>
        <Container
          header={
            <Header
              variant="h2"
              description="Money out is negative. Open a section to see its categories; follow an amount to its transactions."
            >
              By month
            </Header>
          }
        >
          {/* Far below the fold on a phone: its code and rows load once it is scrolled towards. */}
          <BelowTheFold className="rt-reserve-table" margin="25% 0px">
            <BookTable
              rows={cf.rows}
              columns={cf.columns}
              linkFor={cf.linkFor}
              loading={!cf.report.data}
              label="Cash flow by month"
              testId="cf"
            />
          </BelowTheFold>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
