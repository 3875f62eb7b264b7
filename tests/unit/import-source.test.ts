import { auditWords } from '@rent/shared/core/auditDiff';
import { transactionSourceLabel } from '@rent/shared/core/transactions';
import { describe, expect, it } from 'vitest';
import { CSV_HEADER, transactionsCsv } from '../../web/src/pages/transactions/csv';
import { wireTransaction } from './web-fixtures';

describe('where a transaction came from', () => {
  it('names the file of an imported transaction, the bank, or a person', () => {
    expect(transactionSourceLabel({ source: 'import', importFileName: 'chase-oct.csv' })).toBe('Import: chase-oct.csv');
    expect(transactionSourceLabel({ source: 'import' })).toBe('Import');
    expect(transactionSourceLabel({ source: 'plaid' })).toBe('Bank');
    expect(transactionSourceLabel({ source: 'user_created' })).toBe('Manual');
  });

  it('the CSV export says "Import: <file>" in its Source column', () => {
    const csv = transactionsCsv(
      [
        wireTransaction({ id: 'a', source: 'import', importFileName: 'chase-oct.csv' }),
        wireTransaction({ id: 'b', source: 'user_created' }),
      ],
      () => '',
    );
    const [header, imported, typed] = csv.trim().split('\r\n');
    const column = header!.split(',').indexOf('Source');
    expect(column).toBe(CSV_HEADER.indexOf('Source'));
    expect(imported!.split(',')[column]).toBe('Import: chase-oct.csv');
    expect(typed!.split(',')[column]).toBe('Manual');
  });

  it("an import's activity entry names the file", () => {
    const entry = { action: 'created' as const, via: 'import' as const, changes: [] };
    expect(auditWords(entry, { actor: 'You', fileName: 'chase-oct.csv' })).toBe(
      'You imported this transaction from chase-oct.csv',
    );
    expect(auditWords(entry, { actor: 'You' })).toBe('You imported this transaction');
  });
});
