import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys.js';
import {
  newTransaction,
  toTransactionRecord,
  transactionIndexKeys,
  transactionItem,
  transactionToApi,
} from '../../functions/src/data/ledger/items.js';

/** The ledger's access patterns in functions/src/data/keys.ts, pinned string by string. */
describe('ledger key shapes', () => {
  it('transaction: ORG#o / TXN#t, GSI1 ORG#o#TXN / date#createdAt#t, GSI2 by property or NOPROP', () => {
    expect(keys.transaction('o1', 't1')).toEqual({ PK: 'ORG#o1', SK: 'TXN#t1' });
    expect(keys.transactionByDate('o1', '2026-02-01', '2026-02-02T06:00:00.000Z', 't1')).toEqual({
      GSI1PK: 'ORG#o1#TXN',
      GSI1SK: '2026-02-01#2026-02-02T06:00:00.000Z#t1',
    });
    expect(keys.transactionByProperty('o1', 'p1', '2026-02-01', '2026-02-02T06:00:00.000Z', 't1')).toEqual({
      GSI2PK: 'ORG#o1#PROP#p1',
      GSI2SK: 'TXN#2026-02-01#2026-02-02T06:00:00.000Z#t1',
    });
    expect(keys.transactionByProperty('o1', null, '2026-02-01', 'c', 't1').GSI2PK).toBe('ORG#o1#NOPROP');
    expect(keys.transactionsOfProperty('o1', 'p1')).toEqual({ GSI2PK: 'ORG#o1#PROP#p1', GSI2SKPrefix: 'TXN#' });
    expect(keys.transactionsByDate('o1')).toEqual({ GSI1PK: 'ORG#o1#TXN' });
  });

  it('rollup: ORG#o / ROLLUP#yyyy-mm#PROP#p or #NOPROP; a month range spans every property of those months', () => {
    expect(keys.rollup('o1', '2026-02', 'p1')).toEqual({ PK: 'ORG#o1', SK: 'ROLLUP#2026-02#PROP#p1' });
    expect(keys.rollup('o1', '2026-02', null)).toEqual({ PK: 'ORG#o1', SK: 'ROLLUP#2026-02#NOPROP' });
    const range = keys.rollupMonths('o1', '2026-01', '2026-02');
    const inRange = (sk: string) => sk >= range.SKFrom && sk <= range.SKTo;
    expect(inRange(keys.rollup('o1', '2026-01', 'zzz').SK)).toBe(true);
    expect(inRange(keys.rollup('o1', '2026-02', null).SK)).toBe(true);
    expect(inRange(keys.rollup('o1', '2026-02', 'p_-Z9').SK)).toBe(true);
    expect(inRange(keys.rollup('o1', '2025-12', null).SK)).toBe(false);
    expect(inRange(keys.rollup('o1', '2026-03', 'a').SK)).toBe(false);
    expect(keys.rollup('o1', '2026-02', 'p1').SK.startsWith(keys.rollupsPrefix('o1').SKPrefix)).toBe(true);
  });

  it('receipt: ORG#o / RCPT#r, listed under its transaction or its uploader on GSI1', () => {
    expect(keys.receipt('o1', 'r1')).toEqual({ PK: 'ORG#o1', SK: 'RCPT#r1' });
    expect(keys.receiptOfTransaction('o1', 't1', '2026-01-01T00:00:00.000Z', 'r1')).toEqual({
      GSI1PK: 'ORG#o1#TXN#t1#RCPT',
      GSI1SK: '2026-01-01T00:00:00.000Z#r1',
    });
    expect(keys.unattachedReceipt('o1', 'u1', 'at', 'r1')).toEqual({ GSI1PK: 'ORG#o1#USER#u1#RCPT', GSI1SK: 'at#r1' });
    expect(keys.receiptsOfTransaction('o1', 't1').GSI1PK).toBe(keys.receiptOfTransaction('o1', 't1', 'a', 'r').GSI1PK);
    expect(keys.unattachedReceiptsOf('o1', 'u1').GSI1PK).toBe(keys.unattachedReceipt('o1', 'u1', 'a', 'r').GSI1PK);
  });
});

describe('ledger access patterns agree with each other', () => {
  it("a transaction on a property shares GSI2PK with the property's reference check; one without does not", () => {
    expect(keys.transactionByProperty('o1', 'p1', 'd', 'c', 't').GSI2PK).toBe(
      keys.propertyReferences('o1', 'p1').GSI2PK,
    );
    expect(keys.transactionByProperty('o1', null, 'd', 'c', 't').GSI2PK).not.toBe(
      keys.propertyReferences('o1', 'p1').GSI2PK,
    );
    // Tenancies live in the same property partition; the TXN# prefix keeps them out of the ledger.
    expect(
      keys.tenancyByProperty('o1', 'p1', 'n1').GSI2SK.startsWith(keys.transactionsOfProperty('o1', 'p1').GSI2SKPrefix),
    ).toBe(false);
  });

  it('no other item sorts into the transactions, rollups or receipts of an organization', () => {
    const others = [
      keys.organization('o1'),
      keys.membership('o1', 'u1'),
      keys.property('o1', 'p1'),
      keys.tenancy('o1', 'n1'),
    ];
    for (const other of others) {
      for (const prefix of ['TXN#', 'ROLLUP#', 'RCPT#']) expect(other.SK.startsWith(prefix)).toBe(false);
    }
    expect(keys.transactionsByDate('o1').GSI1PK).not.toBe(keys.receiptsOfTransaction('o1', 't1').GSI1PK);
  });

  it('the ledger order is the GSI1 sort key order: date, then createdAt, then id', () => {
    const sk = (date: string, createdAt: string, id: string) => keys.transactionByDate('o', date, createdAt, id).GSI1SK;
    const newestFirst = [
      sk('2026-02-01', '2026-01-01T00:00:00.000Z', 'a'),
      sk('2026-01-31', '2026-03-01T00:00:00.000Z', 'a'),
      sk('2026-01-31', '2026-02-01T00:00:00.000Z', 'b'),
      sk('2026-01-31', '2026-02-01T00:00:00.000Z', 'a'),
    ];
    expect([...newestFirst].sort().reverse()).toEqual(newestFirst);
    // "<to>#~" bounds a date range: after every key of that day, before the next day.
    expect(sk('2026-01-31', '2026-12-31T23:59:59.999Z', 'zzzz_-') < '2026-01-31#~').toBe(true);
    expect(sk('2026-02-01', '2026-01-01T00:00:00.000Z', 'a') > '2026-01-31#~').toBe(true);
  });
});

describe('a new transaction', () => {
  const arriving = {
    id: 't9',
    organizationId: 'o1',
    amount: -4500,
    date: '2026-03-01',
    name: 'Water bill',
    source: 'import' as const,
    createdAt: '2026-03-02T00:00:00.000Z',
  };

  it('arrives uncategorized, unreviewed, unreceipted, at version 1, updated when created', () => {
    const fresh = newTransaction(arriving);
    expect(fresh).toEqual({
      ...arriving,
      externalId: null,
      plaidTransactionId: null,
      userId: null,
      institutionId: null,
      bankAccountId: null,
      category: null,
      notes: null,
      categorizationSource: null,
      categorizationConfidence: null,
      categorizedAt: null,
      propertyId: null,
      isReviewed: false,
      isIgnored: false,
      hasReceipt: false,
      receiptCount: 0,
      hasOpenReviewRequests: false,
      hasReviewHistory: false,
      version: 1,
      updatedAt: arriving.createdAt,
    });
    // Stored and read back, it is the same record: no field the reader fills differently.
    expect(toTransactionRecord(transactionItem(fresh))).toEqual(fresh);
  });

  it('keeps what the arrival path says over every default', () => {
    expect(newTransaction({ ...arriving, category: 'utilities', propertyId: 'p1', receiptCount: 2 })).toMatchObject({
      category: 'utilities',
      propertyId: 'p1',
      receiptCount: 2,
    });
  });
});

describe('transaction items', () => {
  const record = {
    id: 't1',
    externalId: null,
    plaidTransactionId: null,
    userId: 'u1',
    organizationId: 'o1',
    institutionId: null,
    bankAccountId: null,
    amount: -123450,
    date: '2026-02-01',
    name: 'Rossi PLUMBING',
    category: 'repairs' as const,
    notes: null,
    categorizationSource: 'manual' as const,
    categorizationConfidence: null,
    categorizedAt: '2026-02-02T00:00:00.000Z',
    source: 'user_created' as const,
    createdAt: '2026-02-02T00:00:00.000Z',
    updatedAt: '2026-02-02T00:00:00.000Z',
    propertyId: 'p1',
    isReviewed: false,
    isIgnored: false,
    hasReceipt: true,
    receiptCount: 2,
    hasOpenReviewRequests: false,
    hasReviewHistory: false,
    version: 3,
  };

  it('carry every key, the record and a lower-cased search name', () => {
    const item = transactionItem(record);
    expect(item).toMatchObject({ PK: 'ORG#o1', SK: 'TXN#t1', type: 'Transaction', searchName: 'rossi plumbing' });
    expect(item).toMatchObject(transactionIndexKeys(record));
    expect(toTransactionRecord(item)).toEqual(record);
  });

  it('go on the wire with a decimal amount and no internal counters', () => {
    const wire = transactionToApi(record);
    expect(wire.amount).toBe(-1234.5);
    expect(wire).not.toHaveProperty('receiptCount');
    expect(wire).not.toHaveProperty('searchName');
  });

  it('put on the wire exactly: every optional field the record has, the split in decimals, nothing internal', () => {
    const { receiptCount, ...shared } = record;
    const plain = { ...shared, amount: -1234.5 };
    const defaults = { leaseId: null, maintenanceRequestId: null, transferPairId: null, transferWith: null };
    expect(transactionToApi(record)).toStrictEqual({ ...plain, ...defaults, parts: null, splitReviewFrom: null });

    const parts = [
      { amount: -100000, category: 'repairs' as const, propertyId: 'p1', leaseId: null, memo: 'Pipe' },
      { amount: -23450, category: 'utilities' as const, propertyId: 'p2', leaseId: 'l1', memo: null },
    ];
    const everything = {
      ...record,
      importFileName: 'march.csv',
      categorizedByRuleId: 'r1',
      categorizationBatchId: 'b1',
      pending: false,
      pendingTransactionId: 'pt1',
      suggestedCategory: 'utilities' as const,
      suggestionConfidence: 0.4,
      suggestedMatchId: 't9',
      removedByBank: true,
      leaseId: 'l1',
      leaseLinkSource: 'auto' as const,
      leaseLinkReason: 'samePayer' as const,
      maintenanceRequestId: 'm1',
      parts,
      splitReviewFrom: -120000,
      reconciliationId: 'rc1',
      reconciled: '2026-02-28',
      transferPairId: 't2',
      transferWith: 'ONLINE TRANSFER in Savings',
      transferRefusedIds: ['t3'],
    };
    expect(toTransactionRecord(transactionItem(everything))).toStrictEqual(everything);
    expect(transactionToApi(everything)).toStrictEqual({
      ...plain,
      importFileName: 'march.csv',
      categorizedByRuleId: 'r1',
      pending: false,
      pendingTransactionId: 'pt1',
      suggestedCategory: 'utilities',
      suggestionConfidence: 0.4,
      suggestedMatchId: 't9',
      removedByBank: true,
      leaseId: 'l1',
      leaseLinkSource: 'auto',
      leaseLinkReason: 'samePayer',
      maintenanceRequestId: 'm1',
      parts: [
        { ...parts[0], amount: -1000 },
        { ...parts[1], amount: -234.5 },
      ],
      splitReviewFrom: -1200,
      reconciliationId: 'rc1',
      reconciled: '2026-02-28',
      transferPairId: 't2',
      transferWith: 'ONLINE TRANSFER in Savings',
    });
  });
});
