import { ListTransactionsQuery, missingReceiptFilter, parseTransactionFilters } from '@rent/shared';
import { describe, expect, it } from 'vitest';

describe('missingReceiptFilter: the dashboard link and count of expenses over $75 without a receipt', () => {
  it('is money out, not ignored, without a receipt, over $75 in cents, for the period and property', () => {
    expect(missingReceiptFilter({ from: '2025-12', to: '2026-02', propertyId: null })).toEqual({
      from: '2025-12-01',
      to: '2026-02-28',
      propertyId: 'none',
      direction: 'out',
      ignored: 'false',
      hasReceipt: 'false',
      minAmount: '75.01',
    });
    expect(missingReceiptFilter({ from: '2024-02', to: '2024-02' })).not.toHaveProperty('propertyId');
  });

  it('survives the ledger page reading its URL and the server parsing it (the link is the count)', () => {
    const link = missingReceiptFilter({ from: '2024-01', to: '2024-12', propertyId: 'prop-1' });
    expect(parseTransactionFilters(new URLSearchParams(link))).toEqual(link);
    expect(ListTransactionsQuery.parse(link)).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
      propertyId: 'prop-1',
      direction: 'out',
      ignored: false,
      hasReceipt: false,
      minAmount: 7501,
    });
  });
});
