import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TotalsChart } from '../../web/src/pages/transactions/TotalsChart';

const totals = (values: { in: number; out: number; count: number }) => ({
  ...values,
  net: values.in + values.out,
  transfers: 0,
  uncategorized: 0,
  counted: values.in + values.out,
});
const render = (props: Parameters<typeof TotalsChart>[0]) => renderToStaticMarkup(h(TotalsChart, props));
/** Each bar's width, in the order drawn (money in, money out, net). */
const widths = (html: string) =>
  [...html.matchAll(/class="rt-bar" style="inline-size:(?:0;|max\(2px, ([\d.]+)%\))/g)].map((m) => Number(m[1] ?? 0));

describe("TotalsChart (web/src/pages/transactions/TotalsChart.tsx): the ledger's in, out and net as bars", () => {
  it('draws the three on one scale, the largest full width, each with its signed amount, and says all three', () => {
    const html = render({ totals: totals({ in: 2500, out: -1000, count: 2 }), stale: false });
    expect(widths(html)).toEqual([100, 40, 60]);
    expect(html).toContain(
      'aria-label="Money in, money out and net of the filtered transactions: money in $2,500, money out -$1,000, net $1,500."',
    );
    expect(html).toMatch(/Money in.*\$2,500.*Money out.*-\$1,000.*Net.*\$1,500/);
    expect(html).not.toContain('rt-stale');
  });

  it('a loss: the net is measured by its size, beside money out; nothing in draws no bar', () => {
    expect(widths(render({ totals: totals({ in: 300, out: -1200, count: 3 }), stale: false }))).toEqual([25, 100, 75]);
    const html = render({ totals: totals({ in: 0, out: -24, count: 1 }), stale: false });
    expect(html).toContain('class="rt-bar" style="inline-size:0;');
    expect(widths(html)).toEqual([0, 100, 100]);
  });

  it('dims the previous totals while new ones load, says when nothing matches, and holds its place before the first', () => {
    expect(render({ totals: totals({ in: 10, out: 0, count: 1 }), stale: true })).toContain('rt-totals-chart rt-stale');
    const empty = render({ totals: totals({ in: 0, out: 0, count: 0 }), stale: false });
    expect(empty).toContain('No transactions match');
    expect(widths(empty)).toEqual([]);
    const loading = render({ totals: undefined, stale: false });
    expect(loading).toContain('Loading totals');
    expect(loading).toMatch(/^<div class="rt-totals-chart">/);
  });
});
