import { comparisonWindow } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys.js';

describe('file import keys', () => {
  it('pins the import header, its time index and its line records', () => {
    expect(keys.fileImport('o1', 'i1')).toEqual({ PK: 'ORG#o1', SK: 'IMPORT#i1' });
    expect(keys.fileImportByTime('o1', '2026-01-02T03:04:05.000Z', 'i1')).toEqual({
      GSI1PK: 'ORG#o1#IMPORTS',
      GSI1SK: '2026-01-02T03:04:05.000Z#i1',
    });
    expect(keys.fileImportsByTime('o1')).toEqual({ GSI1PK: 'ORG#o1#IMPORTS' });
    expect(keys.fileImportRecord('o1', 'i1', 42)).toEqual({ PK: 'ORG#o1', SK: 'IMPORTREC#i1#00000042' });
    expect(keys.fileImportRecords('o1', 'i1')).toEqual({ PK: 'ORG#o1', SKPrefix: 'IMPORTREC#i1#' });
    // IMPORT# headers and IMPORTREC# records never share a begins_with prefix.
    expect(keys.fileImportRecord('o1', 'i1', 1).SK.startsWith('IMPORT#')).toBe(false);
  });

  it('the ledger is read for the file period widened by 3 days each side', () => {
    expect(comparisonWindow([{ date: '2026-03-01' }, { date: '2026-01-31' }, { date: '2026-02-10' }])).toEqual({
      from: '2026-01-28',
      to: '2026-03-04',
    });
    expect(comparisonWindow([])).toBeNull();
  });
});
