import FormField from '@cloudscape-design/components/form-field';
import Icon from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatCount } from '@rent/shared/core/money';
import { useState } from 'react';
import { addressIn, useProperties } from '../../api/properties';
import type { TransactionsByCategoryReport } from '../../api/reports';
import { desktopPartOr } from '../../app/pageLoader';
import { EmptyState } from '../../components/EmptyState';
import { PropertyPicker } from '../../components/PropertyPicker';
import { ReportFrame } from '../../components/ReportFrame';
import { PeriodControls } from '../../features/report-period/PeriodControls';
import { periodLabel } from '../../features/report-period/period';
import { formatMoney } from '../../lib/money';
import { categoryDetailTable } from './parts';
import type { useReports } from './use-reports';

type Category = TransactionsByCategoryReport['categories'][number];

/**
 * Transactions by category on a phone: a row per category with its subtotal, which opens into its transactions (the
 * date, name and property, the amount at the end), then the total and what counts nowhere. The table's five columns
 * do not fit 390 px, and a row per transaction drawn at once (up to 10,000) was most of a phone's load of the tab.
 */
function CategoryDetailList({ report }: { report: TransactionsByCategoryReport }) {
  const [open, setOpen] = useState<readonly string[]>([]);
  const toggle = (category: string) =>
    setOpen((shown) => (shown.includes(category) ? shown.filter((c) => c !== category) : [...shown, category]));
  return (
    <ul className="rt-list-list" aria-label="Transactions by category" data-testid="detail-list">
      {report.categories.map((c) => (
        <CategoryItem
          key={c.category}
          category={c}
          open={open.includes(c.category)}
          onToggle={() => toggle(c.category)}
        />
      ))}
      <TotalItem
        label="Total"
        meta={`Counted categories (cash flow) · ${report.count} transactions in all`}
        amount={report.total}
      />
      <TotalItem label="Not counted" meta="Transfers and uncategorized" amount={report.notCounted} />
    </ul>
  );
}

function CategoryItem({ category: c, open, onToggle }: { category: Category; open: boolean; onToggle: () => void }) {
  const n = c.transactions.length;
  return (
    <li className="rt-list-item rt-list-item-plain rt-list-item-flush" data-testid="detail-category">
      <div className="rt-list-item-main">
        <button type="button" className="rt-book-toggle" aria-expanded={open} onClick={onToggle}>
          <Icon name={open ? 'caret-down-filled' : 'caret-right-filled'} />
          {c.label}
        </button>
        <span className="rt-list-meta">
          {c.lineLabel} · {n} {n === 1 ? 'transaction' : 'transactions'}
        </span>
      </div>
      <div className="rt-list-end">
        <strong className="rt-nowrap">{formatMoney(c.subtotal, 2)}</strong>
      </div>
      {open ? (
        <ul className="rt-book-categories" aria-label={`${c.label} transactions`}>
          {c.transactions.map((t) => (
            <li key={t.id}>
              <div className="rt-list-item-main">
                <span>{t.name}</span>
                <span className="rt-list-meta">
                  {t.date} · {t.property}
                </span>
              </div>
              <div className="rt-list-end rt-nowrap">{formatMoney(t.amount, 2)}</div>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function TotalItem({ label, meta, amount }: { label: string; meta: string; amount: number }) {
  return (
    <li className="rt-list-item rt-list-item-plain rt-list-item-flush" data-testid="detail-total">
      <div className="rt-list-item-main">
        <span className="rt-list-title">{label}</span>
        <span className="rt-list-meta">{meta}</span>
      </div>
      <div className="rt-list-end">
        <strong className="rt-nowrap">{formatMoney(amount, 2)}</strong>
      </div>
    </li>
  );
}

/** The report's transactions: the table on a desktop, the list on a phone. */
const CategoryDetail = desktopPartOr(categoryDetailTable, CategoryDetailList);

/** The reports page's Transactions by category tab: a period and property, each category's transactions and subtotal. */
export function TransactionsByCategoryTab({ r }: { r: ReturnType<typeof useReports> }) {
  const d = r.detail;
  const propertyId = r.period.propertyId;
  const properties = useProperties({ enabled: !!propertyId });
  const scope = propertyId ? (addressIn(properties.data, propertyId) ?? 'One property') : 'All properties';
  return (
    <ReportFrame
      variant="section"
      title="Transactions by category"
      description={`${periodLabel(r.period.from, r.period.to)}, ${scope}. Money out is negative; ignored transactions are left out, transfers and uncategorized are listed but not counted. At most ${formatCount(d.data?.limit ?? 10_000)} transactions.`}
      downloads={{
        testId: 'detail',
        csv: () => r.downloadDetail(scope),
        pdf: () => r.downloadDetailPdf(scope),
        disabled: !d.data,
        pdfBusy: r.pdf.busy,
      }}
      controls={
        <SpaceBetween direction="horizontal" size="s">
          <PeriodControls
            period={r.period}
            onChange={r.setPeriod}
            today={r.today}
            withProperty={false}
            idPrefix="detail"
          />
          <FormField label="Property" controlId="detail-property">
            <PropertyPicker
              controlId="detail-property"
              testId="detail-property"
              value={r.period.propertyId ?? ''}
              onChange={(id) => r.setPeriod({ propertyId: id || undefined })}
            />
          </FormField>
        </SpaceBetween>
      }
      query={d}
    >
      {!d.data ? (
        <StatusIndicator type="loading">Loading the transactions</StatusIndicator>
      ) : d.data.count === 0 ? (
        <EmptyState title="No transactions in this period">
          Choose another period or property; ignored transactions are not listed.
        </EmptyState>
      ) : (
        <CategoryDetail report={d.data} />
      )}
    </ReportFrame>
  );
}
