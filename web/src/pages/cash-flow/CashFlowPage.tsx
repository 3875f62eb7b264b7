import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { BelowTheFold } from '../../components/BelowTheFold';
import { IncomeExpenseByMonth } from '../../components/charts/IncomeExpenseByMonth';
import { chartStatus } from '../../components/charts/status';
import { ReportFrame } from '../../components/ReportFrame';
import { ShowCentsToggle } from '../../components/ShowCentsToggle';
import { Books } from '../../features/books/Books';
import { KeyFigures } from '../../features/books/KeyFigures';
import { PeriodControls } from '../../features/report-period/PeriodControls';
import { periodLabel } from '../../features/report-period/period';
import { useShowCents } from '../../lib/showCents';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useCashFlow } from './use-cash-flow';

/** docs/product.md "Cash flow": month by month and property by property, from the monthly rollups. */
export default function CashFlowPage() {
  useDocumentTitle('Cash Flow');
  const cf = useCashFlow();
  const figures = cf.report.data?.figures;
  const cents = useShowCents();

  return (
    <ReportFrame
      variant="page"
      title="Cash Flow"
      description="What came in and what went out, month by month. Transfers, ignored and uncategorized transactions are not counted."
      forbidden={
        cf.forbidden ? { testId: 'cash-flow-forbidden', title: 'Cash flow is not available for your role' } : null
      }
      downloads={{
        testId: 'cash-flow',
        csv: cf.downloadCsv,
        pdf: cf.downloadPdf,
        disabled: !cf.report.data,
        pdfBusy: cf.pdf.busy,
      }}
      pdfError={cf.pdf}
      controls={
        <SpaceBetween direction="horizontal" size="l" alignItems="end">
          <PeriodControls period={cf.period} onChange={cf.setPeriod} today={cf.today} idPrefix="cash-flow" />
          <ShowCentsToggle show={cents.show} onChange={cents.setShow} testId="cash-flow-show-cents" />
        </SpaceBetween>
      }
      query={cf.report}
      loadErrorTitle="Failed to load the cash flow"
    >
      <Container
        header={
          <Header variant="h2" description={periodLabel(cf.period.from, cf.period.to)}>
            Summary
          </Header>
        }
      >
        <KeyFigures
          figures={figures}
          kpis={cf.kpiCells}
          testIdPrefix="cash-flow"
          stale={cf.stale}
          decimals={cents.decimals}
        />
      </Container>
      <Container header={<Header variant="h2">Income and expenses</Header>}>
        <IncomeExpenseByMonth
          testId="cash-flow-chart"
          {...cf.chart}
          netTitle="Cash flow"
          height={380}
          status={chartStatus(cf.report)}
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
          <Books
            rows={cf.rows}
            columns={cf.columns}
            linkFor={cf.linkFor}
            loading={!cf.report.data}
            label="Cash flow by month"
            columnName="Month"
            testId="cf"
            decimals={cents.decimals}
          />
        </BelowTheFold>
      </Container>
    </ReportFrame>
  );
}
