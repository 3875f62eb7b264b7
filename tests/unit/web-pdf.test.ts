import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { tablePdf } from '../../shared/src/reports/pdf/tablePdf';
import { toWinAnsi } from '../../shared/src/reports/pdf/winAnsi';
import { type ReportTable, tableCsv } from '../../shared/src/reports/table';
import { pdfPages } from '../support/pdf-text';

const META = {
  title: 'Profit and loss',
  organization: 'Acme Rentals',
  period: 'Jan 2025 - Dec 2025',
  generated: 'November 23, 2026',
};

function bigTable(): ReportTable {
  const rows: ReportTable['rows'] = [];
  for (let i = 1; i <= 200; i++)
    rows.push({ cells: [`Row ${i}`, `Category ${i} \u{1F3E0} \u2014 done`, i * 100_000 + 1, -i] });
  const total = rows.reduce((n, r) => n + (r.cells[2] as number), 0);
  rows.push({ cells: ['Total', '', total, -20_100], style: 'bold' });
  return {
    columns: [
      { label: 'Item' },
      { label: 'Category', weight: 2 },
      { label: 'Amount', kind: 'money' },
      { label: 'Fee', kind: 'money' },
    ],
    rows,
    footer: 'A worksheet for your tax preparer, not tax advice.',
  };
}

describe('table PDF', () => {
  it('200 rows break across pages, each with the header, the header row, page numbers and the footer; totals exact', async () => {
    const table = bigTable();
    const bytes = await tablePdf(table, META, { useObjectStreams: false });
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    const count = doc.getPageCount();
    expect(count).toBeGreaterThan(1);

    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(count);
    pages.forEach((texts, i) => {
      expect(texts.slice(0, 4)).toEqual([
        'Profit and loss',
        'Generated November 23, 2026',
        'Acme Rentals',
        'Jan 2025 - Dec 2025',
      ]);
      expect(texts.slice(4, 8)).toEqual(['Item', 'Category', 'Amount', 'Fee']);
      expect(texts).toContain(`Page ${i + 1} of ${count}`);
      expect(texts).toContain('A worksheet for your tax preparer, not tax advice.');
    });
    const all = pages.flat();
    // Every row once, in order, across the pages; money grouped and signed; the total row on the last page.
    const items = all.filter((t) => /^Row \d+$/.test(t));
    expect(items).toEqual(Array.from({ length: 200 }, (_, i) => `Row ${i + 1}`));
    expect(all).toContain('200,000.01');
    expect(all).toContain('-2.00');
    const last = pages[count - 1]!;
    expect(last.slice(last.indexOf('Total'), last.indexOf('Total') + 3)).toEqual(['Total', '20,100,002.00', '-201.00']);
    // The emoji and the em dash did not stop the PDF: Helvetica draws "?" and keeps the WinAnsi dash.
    expect(all.some((t) => t.includes('Category 1 ?'))).toBe(true);
  });

  it('the CSV of the same table has the same rows and exact amounts', () => {
    const csv = tableCsv(bigTable()).split('\r\n');
    expect(csv[0]).toBe('Item,Category,Amount,Fee');
    expect(csv).toContain('Total,,20100002.00,-201.00');
    expect(csv).toHaveLength(1 + 201 + 1);
  });

  it('a long note wraps inside its column instead of running over the next', async () => {
    const note = 'Split into principal and interest: only the interest goes on line 12. '.repeat(3).trim();
    const bytes = await tablePdf(
      {
        columns: [{ label: 'Line' }, { label: 'Amount', kind: 'money' }, { label: 'Note' }],
        rows: [{ cells: ['12', 100, note] }],
      },
      META,
    );
    const texts = (await pdfPages(bytes))[0]!;
    const noteLines = texts.slice(
      texts.indexOf('1.00') + 1,
      texts.findIndex((t) => t.startsWith('Page ')),
    );
    expect(noteLines.length).toBeGreaterThan(1);
    expect(noteLines.join(' ')).toBe(note);
  });
});

it('an amount is never broken over two lines, even where a bold total sets the column width', async () => {
  const bytes = await tablePdf(
    {
      columns: [{ label: 'Asset' }, { label: '2025', kind: 'money' }],
      rows: [{ cells: ['Building', 900_000] }, { cells: ['Total', 920_000], style: 'bold' }],
    },
    META,
  );
  const texts = (await pdfPages(bytes))[0]!;
  expect(texts).toEqual(expect.arrayContaining(['9,000.00', '9,200.00']));
});

describe('WinAnsi text for the standard font', () => {
  it('keeps Latin-1 and the WinAnsi punctuation, maps near equivalents, replaces the rest', () => {
    expect(toWinAnsi('Café — “quoted” – 5 €')).toBe('Café — “quoted” – 5 €');
    expect(toWinAnsi('a \u2192 b \u2212 c\u00a0d')).toBe('a -> b - c\u00a0d');
    expect(toWinAnsi('Łódź Ősz')).toBe('?ódz Osz');
    expect(toWinAnsi('house \u{1F3E0}\uFE0F 家')).toBe('house ? ?');
    expect(toWinAnsi('line\nbreak\ttab')).toBe('line break tab');
  });
});

describe('wrapping a word too long for its column', () => {
  it('breaks an email address after "@" or ".", never inside a part of it', async () => {
    const { StandardFonts } = await import('pdf-lib');
    const { wrap } = await import('../../shared/src/reports/pdf/tablePdf');
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const email = 'tara.tenant@demo.rent.today';
    const width = font.widthOfTextAtSize('tara.tenant@demo', 9);
    const lines = wrap(email, font, 9, width);
    expect(lines.join('')).toBe(email);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/[@.]$/);
    // A run with no such character is still cut where the line ends, never wider than it.
    for (const line of wrap('x'.repeat(80), font, 9, 40)) {
      expect(font.widthOfTextAtSize(line, 9)).toBeLessThanOrEqual(40.01);
    }
  });
});
