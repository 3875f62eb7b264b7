import { describe, expect, it } from 'vitest';
import { transactionsByCategory } from '../../shared/src/core/transactionsByCategory';
import { rentRollTable } from '../../shared/src/reports/rentRollTable';
import { tableCsv } from '../../shared/src/reports/table';
import {
  fileNamePart,
  receiptEntryName,
  TAX_PACKAGE_NOTICE,
  taxPackageReadme,
  uniqueName,
} from '../../shared/src/reports/taxPackage';
import { transactionsByCategoryCsv } from '../../shared/src/reports/transactionsByCategoryTable';

describe('tax package: names in the zip', () => {
  it('names a receipt by date, payee, amount and short id, with the extension of its type', () => {
    const name = receiptEntryName({
      receiptId: '3f2a9c1b-77aa-4c1e-9d2e-0123456789ab',
      contentType: 'application/pdf',
      fileName: 'scan.PDF',
      transaction: { date: '2025-03-14', name: 'Home Depot', amount: -4510 },
    });
    expect(name).toBe('receipts/2025-03-14 Home Depot -45.10 3f2a9c1b.pdf');
    expect(
      receiptEntryName({
        receiptId: 'ab',
        contentType: 'image/png',
        fileName: 'x.png',
        transaction: { date: '2025-01-02', name: 'Rent', amount: 150000 },
      }),
    ).toBe('receipts/2025-01-02 Rent 1500.00 ab.png');
  });

  it('keeps file names portable: no path or reserved characters, no leading dots, no trailing dot or space, capped', () => {
    expect(fileNamePart('Rossi: Plumbing/Heating <"A|B">?*')).toBe('Rossi Plumbing Heating A B');
    expect(fileNamePart('../../etc/passwd')).toBe('etc passwd');
    expect(fileNamePart('  Acme Inc.  ')).toBe('Acme Inc');
    expect(fileNamePart('\u0000\t')).toBe('Untitled');
    expect(fileNamePart('x'.repeat(100))).toHaveLength(60);
    expect(fileNamePart('Café 🧾 Ünïcode')).toBe('Café 🧾 Ünïcode');
  });

  it('makes a repeated name unique (case-insensitively) before its extension', () => {
    const used = new Set<string>();
    expect(uniqueName('receipts/a.pdf', used)).toBe('receipts/a.pdf');
    expect(uniqueName('receipts/A.pdf', used)).toBe('receipts/A (2).pdf');
    expect(uniqueName('receipts/a.pdf', used)).toBe('receipts/a (3).pdf');
    expect(uniqueName('reports/x', used)).toBe('reports/x');
    expect(uniqueName('reports/x', used)).toBe('reports/x (2)');
  });
});

describe('tax package: README.txt', () => {
  it('says who, which year, when, what each file is, that it is not tax advice, and what is missing', () => {
    const text = taxPackageReadme({
      organization: 'Lena Landlord LLC',
      year: '2025',
      generatedAt: '2026-01-05T10:00:00.000Z',
      files: [
        { path: 'reports/01 Profit and loss 2025.csv', description: 'Profit and loss by property (CSV)' },
        { path: 'README.txt', description: 'This file.' },
      ],
      receiptCount: 2,
      missing: ['receipts/2025-02-01 X -1.00 abcd.pdf (the file could not be read)'],
      notes: ['The PDF is left out.'],
    });
    const lines = text.split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      'Tax package 2025',
      'Organization: Lena Landlord LLC',
      'Tax year: 2025 (January 1 to December 31)',
      'Generated at: 2026-01-05T10:00:00.000Z (UTC) by Rent.Today',
    ]);
    expect(lines).toContain(TAX_PACKAGE_NOTICE);
    expect(lines).toContain('  reports/01 Profit and loss 2025.csv  Profit and loss by property (CSV)');
    expect(text).toContain('2 receipt files of the year');
    expect(lines).toContain('Receipts that could not be included');
    expect(lines).toContain('  receipts/2025-02-01 X -1.00 abcd.pdf (the file could not be read)');
    expect(lines).toContain('  The PDF is left out.');
    expect(text.endsWith('\r\n')).toBe(true);
  });
});

describe('transactions by category: grouping and its table', () => {
  const t = (id: string, date: string, amount: number, category: string | null) => ({
    id,
    date,
    name: `T ${id}`,
    propertyId: null,
    amount,
    category,
  });

  it('groups in the books order with subtotals; the total is the counted net, transfers and uncategorized apart', () => {
    const grouped = transactionsByCategory([
      t('5', '2025-02-01', -20000, 'owner_distributions'),
      t('1', '2025-03-02', -4510, 'repairs'),
      t('2', '2025-01-05', 150000, 'rental_income'),
      t('3', '2025-01-09', -1000, 'repairs'),
      t('4', '2025-04-01', -90033, 'mortgage'),
      t('6', '2025-04-02', 777, null),
      t('7', '2025-05-01', -50000, 'appliances'),
    ]);
    expect(grouped.categories.map((c) => [c.category, c.subtotal, c.counted])).toEqual([
      ['rental_income', 150000, true],
      ['repairs', -5510, true],
      ['mortgage', -90033, true],
      ['appliances', -50000, true],
      ['owner_distributions', -20000, false],
      ['uncategorized', 777, false],
    ]);
    expect(grouped.categories[1]!.transactions.map((x) => x.id)).toEqual(['3', '1']);
    expect(grouped.total).toBe(150000 - 5510 - 90033 - 50000);
    expect(grouped.notCounted).toBe(-20000 + 777);
    expect(grouped.count).toBe(7);
  });

  it('writes each transaction, a subtotal per category and the totals to CSV, text guarded', () => {
    const csv = transactionsByCategoryCsv(
      {
        from: '2025-01',
        to: '2025-12',
        limit: 10000,
        count: 1,
        total: -45.1,
        notCounted: 0,
        categories: [
          {
            category: 'repairs',
            label: 'Repairs',
            line: 'operatingExpenses',
            lineLabel: 'Operating expenses',
            counted: true,
            subtotal: -45.1,
            transactions: [
              {
                id: 'a',
                date: '2025-03-14',
                name: '=HYPERLINK()',
                propertyId: null,
                property: 'No property',
                amount: -45.1,
              },
            ],
          },
        ],
      },
      'All properties',
    );
    expect(csv.split('\r\n')).toEqual([
      'Transactions by category 2025-01 to 2025-12,All properties',
      'Line,Category,Date,Name,Property,Amount',
      `Operating expenses,Repairs,2025-03-14,"'=HYPERLINK()",No property,-45.10`,
      'Operating expenses,Repairs subtotal,,1 transaction,,-45.10',
      'Total,Counted categories (cash flow),,1 transactions in all,,-45.10',
      'Not counted,Transfers and uncategorized,,,,0.00',
      '',
    ]);
  });

  it("the rent roll table has the CSV's rows, with totals in bold for the PDF", () => {
    const totals = {
      due: 100,
      received: 100,
      balance: 0,
      collectionRate: 1,
      collectionRateText: '100.0%',
      unlinkedMonths: 0,
    };
    const table = rentRollTable({
      from: '2025-01',
      to: '2025-01',
      today: '2026-01-01',
      months: [],
      totals,
      leases: [],
    });
    expect(table.rows).toEqual([
      { cells: ['All leases', '', '', '', 'Total', '', 10000, 10000, 0, '', '100.0%', ''], style: 'bold' },
    ]);
    expect(tableCsv(table).split('\r\n')[2]).toBe('All leases,,,,Total,,100.00,100.00,0.00,,100.0%,');
  });
});
