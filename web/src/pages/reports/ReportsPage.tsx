import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Tabs, { type TabsProps } from '@cloudscape-design/components/tabs';
import { NO_PROPERTY } from '@rent/shared/core/filters';
import { type ComponentType, createContext, memo, useContext, useState } from 'react';
import { BelowTheFold } from '../../components/BelowTheFold';
import { EmptyState } from '../../components/EmptyState';
import { ReportFrame, YearSelect } from '../../components/ReportFrame';
import { RouterButton } from '../../components/RouterButton';
import { ShowCentsToggle } from '../../components/ShowCentsToggle';
import { Books } from '../../features/books/Books';
import { PeriodControls } from '../../features/report-period/PeriodControls';
import { periodLabel } from '../../features/report-period/period';
import { useShowCents } from '../../lib/showCents';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import {
  AgingTab,
  DepreciationTab,
  ScheduleEView,
  SecurityDepositsTab,
  TransactionsByCategoryTab,
  useTabCodeLoaded,
} from './parts';
import { RentRollTab } from './RentRollTab';
import { TaxPackagePanel } from './TaxPackagePanel';
import { type ReportTab, useReports } from './use-reports';
import { useTaxPackage } from './use-tax-package';

/**
 * docs/product.md "Reports": profit and loss per property, a Schedule E worksheet per property for a tax year, and the
 * depreciation schedule for a tax year, the rent roll, the aging of what tenants owe, the security deposits held,
 * transactions by category and the CPA tax package.
 */
export default function ReportsPage() {
  useDocumentTitle('Reports');
  const r = useReports();
  return (
    <ReportFrame
      variant="page"
      title="Reports"
      description="What the books say, by category and property, from your categorized transactions."
      forbidden={r.forbidden ? { testId: 'reports-forbidden', title: 'Reports are not available for your role' } : null}
      pdfError={r.pdf}
    >
      <ReportsOfThePage.Provider value={r}>
        <ReportTabs tab={r.tab} onChange={r.setTab} />
      </ReportsOfThePage.Provider>
      <TaxPackageBelowTheReport
        tab={r.tab}
        reportSettled={r.reportSettled}
        years={r.years}
        defaultYear={String(Number(r.today.slice(0, 4)) - 1)}
        enabled={!r.forbidden}
      />
    </ReportFrame>
  );
}

/**
 * The tab strip, drawn again only when the tab changes: a report's answer reaches the shown tab's content through the
 * page's context, and Cloudscape's tabs (about fifty components on a phone) need not draw with it.
 */
const ReportTabs = memo(function ReportTabs({ tab, onChange }: { tab: ReportTab; onChange: (tab: ReportTab) => void }) {
  return <Tabs activeTabId={tab} onChange={({ detail }) => onChange(detail.activeTabId as ReportTab)} tabs={TABS} />;
});

/**
 * The tax package, below the reports. It asks for its builds with the page but waits, to show, for the first report to
 * settle, for the code its tab draws it with and for its own list of builds: shown earlier, it would stand on the first
 * screen under a short loading tab and be pushed off it when the report lands, or grow from its loading line when its
 * list lands, pushing the footer in view (layout shifts). Its answers and that code's arrival draw only this section.
 */
function TaxPackageBelowTheReport(props: {
  tab: ReportTab;
  reportSettled: boolean;
  years: readonly string[];
  defaultYear: string;
  enabled: boolean;
}) {
  const taxPackage = useTaxPackage(props.years, props.defaultYear, props.enabled);
  const tabCodeLoaded = useTabCodeLoaded(props.tab);
  const [shown, setShown] = useState(false);
  if (!shown && tabCodeLoaded && props.reportSettled && !taxPackage.loading) setShown(true);
  return shown ? (
    <BelowTheFold>
      <TaxPackagePanel t={taxPackage} />
    </BelowTheFold>
  ) : null;
}

type Reports = ReturnType<typeof useReports>;

const ReportsOfThePage = createContext<Reports | null>(null);

/** A tab's content: its component, given the page's reports. */
function TabOf({ of: Content }: { of: ComponentType<{ r: Reports }> }) {
  const r = useContext(ReportsOfThePage);
  return r ? <Content r={r} /> : null;
}

/**
 * The tabs, made once: Cloudscape's tabs measure their header (a forced layout, then three state updates) whenever
 * this list is a new one, which a list made in the page's render was on every render while the reports arrive.
 */
const TABS: TabsProps.Tab[] = [
  { id: 'profit-and-loss', label: 'Profit and loss', content: <TabOf of={ProfitAndLossTab} /> },
  { id: 'schedule-e', label: 'Schedule E', content: <TabOf of={ScheduleETab} /> },
  { id: 'depreciation', label: 'Depreciation', content: <TabOf of={DepreciationTab} /> },
  { id: 'rent-roll', label: 'Rent roll', content: <TabOf of={RentRollTab} /> },
  { id: 'aging', label: 'Aging', content: <TabOf of={AgingTab} /> },
  { id: 'deposits', label: 'Security deposits', content: <TabOf of={SecurityDepositsTab} /> },
  {
    id: 'transactions-by-category',
    label: 'Transactions by category',
    content: <TabOf of={TransactionsByCategoryTab} />,
  },
];

function ProfitAndLossTab({ r }: { r: Reports }) {
  const cents = useShowCents();
  return (
    <ReportFrame
      variant="section"
      title="Profit and loss"
      description={`${periodLabel(r.period.from, r.period.to)}. Money out is negative; transfers, ignored and uncategorized transactions are not counted.`}
      downloads={{
        testId: 'pnl',
        csv: r.downloadPnl,
        pdf: r.downloadPnlPdf,
        disabled: !r.pnl.data,
        pdfBusy: r.pdf.busy,
      }}
      controls={
        <SpaceBetween direction="horizontal" size="l" alignItems="end">
          <PeriodControls
            period={r.period}
            onChange={r.setPeriod}
            today={r.today}
            withProperty={false}
            idPrefix="pnl"
          />
          <ShowCentsToggle show={cents.show} onChange={cents.setShow} testId="pnl-show-cents" />
        </SpaceBetween>
      }
      query={r.pnl}
    >
      <Books
        rows={r.rows}
        columns={r.columns}
        linkFor={r.linkFor}
        loading={!r.pnl.data}
        label="Profit and loss by property"
        columnName="Property"
        testId="pnl"
        decimals={cents.decimals}
      />
    </ReportFrame>
  );
}

function ScheduleETab({ r }: { r: Reports }) {
  const sheetOptions = r.worksheets.map((w) => ({ value: w.propertyId ?? NO_PROPERTY, label: w.address }));
  return (
    <ReportFrame
      variant="section"
      title="Schedule E worksheet"
      // Not the property's address: it is chosen right below, and a description that waits for the data pushes down
      // everything under it when the worksheet arrives.
      description={`Tax year ${r.year}, one property at a time. Schedule E (Form 1040) Part I.`}
      downloads={{
        testId: 'schedule-e',
        csv: r.downloadScheduleE,
        pdf: r.downloadScheduleEPdf,
        disabled: !r.sheet,
        pdfBusy: r.pdf.busy,
      }}
      controls={
        <SpaceBetween direction="horizontal" size="s">
          <YearSelect id="schedule-e-year" year={r.year} years={r.years} onChange={r.setYear} />
          <FormField label="Property" controlId="schedule-e-property" className="rt-report-picker">
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
      }
      query={r.scheduleE}
    >
      {r.sheet && r.scheduleE.data ? (
        <ScheduleEView
          sheet={r.sheet}
          notice={r.scheduleE.data.notice}
          year={r.year}
          summary={r.summary}
          choices={r.choices}
        />
      ) : r.scheduleE.data ? (
        <EmptyState title="No properties" action={<RouterButton href="/properties?new=1">Add a property</RouterButton>}>
          A worksheet is made for each property.
        </EmptyState>
      ) : (
        <StatusIndicator type="loading">Loading the worksheet</StatusIndicator>
      )}
    </ReportFrame>
  );
}
