import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ReportFrame, type ReportFrameProps, YearSelect } from '../../web/src/components/ReportFrame';

const noop = () => {};
const downloads = { testId: 'pnl', csv: noop, pdf: noop, disabled: false, pdfBusy: false };
const loaded = { isError: false, data: {}, error: null, refetch: noop };
const failed = { isError: true, data: undefined, error: new Error('The network is down'), refetch: noop };

const render = (props: ReportFrameProps, children: ReactNode = h('p', { 'data-testid': 'body' }, 'The report')) =>
  renderToStaticMarkup(h(MemoryRouter, null, h(ReportFrame, props, children)));
/** The button carrying a test id, as rendered. */
const button = (html: string, testId: string) =>
  html.match(new RegExp(`<button[^>]*data-testid="${testId}"[^>]*>`))?.[0];

describe('ReportFrame (web/src/components/ReportFrame.tsx): the frame the cash flow page and each report tab share', () => {
  it('a section: the title as an h2 with both downloads in its box, the pickers above, the report at a table height', () => {
    const html = render({
      variant: 'section',
      title: 'Profit and loss',
      description: 'This year.',
      downloads,
      controls: h('div', { 'data-testid': 'pickers' }),
      query: loaded,
    });
    expect(html).toMatch(/<h2[^>]*>.*Profit and loss.*<\/h2>/);
    expect(html).not.toContain('<h1');
    expect(html).toContain('This year.');
    expect(button(html, 'pnl-csv')).toBeDefined();
    expect(html).toContain('Download CSV');
    expect(html).toContain('Download PDF');
    expect(html.indexOf('data-testid="pickers"')).toBeLessThan(html.indexOf('Profit and loss'));
    expect(html).toMatch(/<div class="rt-reserve-table"><p data-testid="body">The report<\/p><\/div>/);
    expect(html).not.toContain('Failed to load');
  });

  it('disables both downloads while there is nothing to download, and the PDF spins while it is made', () => {
    const idle = render({ variant: 'section', title: 'T', downloads: { ...downloads, disabled: true } });
    expect(button(idle, 'pnl-csv')).toContain('disabled');
    expect(button(idle, 'pnl-pdf')).toContain('disabled');
    const busy = render({ variant: 'section', title: 'T', downloads: { ...downloads, pdfBusy: true } });
    expect(button(busy, 'pnl-csv')).not.toContain('disabled');
    expect(button(busy, 'pnl-pdf')).toContain('aria-disabled="true"');
  });

  it('a failed first load says so with the reason and Retry; a failed refetch over data already shown does not', () => {
    const html = render({ variant: 'section', title: 'T', query: failed });
    expect(html).toContain('Failed to load the report');
    expect(html).toContain('The network is down');
    expect(html).toContain('Retry');
    expect(render({ variant: 'section', title: 'T', query: { ...failed, data: {} } })).not.toContain('Failed to load');
    expect(
      render({ variant: 'page', title: 'Cash Flow', query: failed, loadErrorTitle: 'Failed to load the cash flow' }),
    ).toContain('Failed to load the cash flow');
  });

  it('a page: the title as the h1 with the downloads beside it, the PDF error first, the report boxes as given', () => {
    const html = render(
      {
        variant: 'page',
        title: 'Cash Flow',
        downloads: { ...downloads, testId: 'cash-flow' },
        pdfError: { error: 'The PDF could not be made.', dismiss: noop },
        controls: h('div', { 'data-testid': 'pickers' }),
      },
      [h('section', { key: 'a', 'data-testid': 'box-a' }), h('section', { key: 'b', 'data-testid': 'box-b' })],
    );
    expect(html).toMatch(/<h1[^>]*>.*Cash Flow.*<\/h1>/);
    expect(button(html, 'cash-flow-csv')).toBeDefined();
    expect(button(html, 'cash-flow-pdf')).toBeDefined();
    const order = [
      'Failed to make the PDF',
      'The PDF could not be made.',
      'data-testid="pickers"',
      'data-testid="box-a"',
      'data-testid="box-b"',
    ];
    const at = order.map((text) => html.indexOf(text));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(html).not.toContain('rt-reserve-table');
    expect(render({ variant: 'page', title: 'Cash Flow', pdfError: { error: null, dismiss: noop } })).not.toContain(
      'Failed to make the PDF',
    );
  });

  it('a role that may not see the books gets the page title and the way to its own page, never the report', () => {
    const html = render({
      variant: 'page',
      title: 'Reports',
      downloads,
      forbidden: { testId: 'reports-forbidden', title: 'Reports are not available for your role' },
    });
    expect(html).toMatch(/<h1[^>]*>.*Reports.*<\/h1>/);
    expect(html).toContain('data-testid="reports-forbidden"');
    expect(html).toContain('Reports are not available for your role');
    expect(html).toContain('href="/rental-history"');
    expect(html).toContain('Go to Rental History');
    expect(html).not.toContain('data-testid="body"');
    expect(html).not.toContain('Download CSV');
  });
});

describe('YearSelect: the reports\' "Tax year" picker', () => {
  it('labels the field and shows the year chosen; its id is the control id and the test id', () => {
    const html = renderToStaticMarkup(
      h(YearSelect, { id: 'schedule-e-year', year: '2025', years: ['2026', '2025'], onChange: noop }),
    );
    expect(html).toContain('Tax year');
    expect(html).toContain('data-testid="schedule-e-year"');
    expect(html).toMatch(/<label[^>]*for="schedule-e-year"/);
    expect(html).toContain('2025');
  });
});
