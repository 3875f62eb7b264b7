import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IncomeExpenseBars } from '../../web/src/components/charts/IncomeExpenseBars';
import { chartStatus } from '../../web/src/components/charts/status';

const months = ['2026-10', '2026-11'];
const render = (status: Parameters<typeof IncomeExpenseBars>[0]['status']) =>
  renderToStaticMarkup(
    h(IncomeExpenseBars, {
      testId: 'cf-bars',
      months,
      income: { '2026-10': 200_000, '2026-11': 100_000 },
      expenses: { '2026-10': 50_000 },
      net: { '2026-10': 150_000, '2026-11': 100_000 },
      status,
      ariaLabel: 'Income and expenses by month',
      netTitle: 'Cash flow',
    }),
  );
const bars = (html: string) => html.match(/class="rt-bar"/g)?.length ?? 0;

describe('IncomeExpenseBars (web/src/components/charts/IncomeExpenseBars.tsx): a phone’s months while they load, fail or show', () => {
  it('shows each month’s two bars and net once the report is there, and says them', () => {
    const html = render('finished');
    expect(bars(html)).toBe(4);
    expect(html).toContain('$1,500');
    expect(html).toContain(
      'aria-label="Income and expenses by month: Oct 2026 income $2,000, expenses $500, cash flow $1,500; Nov 2026 income $1,000, expenses $0, cash flow $1,000."',
    );
    expect(html).not.toContain('aria-busy');
  });

  it('while loading: the months’ rows without bars or amounts, under “Loading chart”', () => {
    const html = render('loading');
    expect(bars(html)).toBe(0);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading chart');
    expect(html).toContain('Oct 2026');
    expect(html).not.toContain('$1,500');
  });

  it('a failed report stops the spinner and says the chart could not be loaded', () => {
    const html = render('error');
    expect(bars(html)).toBe(0);
    expect(html).not.toContain('Loading chart');
    expect(html).not.toContain('aria-busy');
    expect(html).toContain('aria-label="The chart could not be loaded."');
    expect(html).toContain('Oct 2026');
  });

  it('reads the status from the report’s query: figures win over a later failed refetch', () => {
    expect(chartStatus({ data: undefined, isError: false })).toBe('loading');
    expect(chartStatus({ data: undefined, isError: true })).toBe('error');
    expect(chartStatus({ data: {}, isError: true })).toBe('finished');
  });
});
