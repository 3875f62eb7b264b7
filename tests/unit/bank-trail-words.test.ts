import { auditWords, bankEventOf } from '@rent/shared';
import { describe, expect, it } from 'vitest';

/** What the trail says a bank sync did (docs/banking.md "What the trail says"). */
describe('bankEventOf', () => {
  const pending = { externalId: 'p-1', pending: true, removedByBank: false, amount: -4000 };

  it('tells posted (same bank id), merged (a posted id took the pending over), removed and changed apart', () => {
    expect(bankEventOf(pending, { ...pending, pending: false })).toBe('posted');
    expect(bankEventOf(pending, { ...pending, pending: false, externalId: 'posted-1' })).toBe('merged');
    expect(bankEventOf(pending, { ...pending, removedByBank: true, isIgnored: true })).toBe('removed');
    expect(bankEventOf({ ...pending, pending: false }, { ...pending, pending: false, amount: -4250 })).toBe('changed');
    // A record with no pending field at all is not posted by a change.
    expect(bankEventOf({ externalId: 'x' }, { externalId: 'x', amount: 1 })).toBe('changed');
  });
});

describe('auditWords for the bank', () => {
  const ctx = { actor: null };
  const amount = { field: 'amount' as const, from: -4000, to: -4250 };

  it('says what the bank did, not a generic update', () => {
    expect(auditWords({ action: 'updated', via: 'bank_sync', bankEvent: 'posted', changes: [] }, ctx)).toBe(
      'The bank posted this transaction',
    );
    expect(auditWords({ action: 'updated', via: 'bank_sync', bankEvent: 'posted', changes: [amount] }, ctx)).toBe(
      'The bank posted this transaction and changed the amount from -$40.00 to -$42.50',
    );
    expect(auditWords({ action: 'updated', via: 'bank_sync', bankEvent: 'merged', changes: [] }, ctx)).toBe(
      'The bank merged its posted version into this pending transaction',
    );
    expect(
      auditWords(
        {
          action: 'updated',
          via: 'bank_sync',
          bankEvent: 'removed',
          changes: [
            { field: 'isIgnored', from: false, to: true },
            { field: 'removedByBank', from: false, to: true },
          ],
        },
        ctx,
      ),
    ).toBe(
      'The bank removed this transaction. It is kept, because something was attached to it, and left out of every total',
    );
    expect(auditWords({ action: 'updated', via: 'bank_sync', bankEvent: 'changed', changes: [amount] }, ctx)).toBe(
      'The bank changed the amount from -$40.00 to -$42.50',
    );
    expect(auditWords({ action: 'updated', via: 'bank_sync', bankEvent: 'changed', changes: [] }, ctx)).toBe(
      'The bank refreshed its details of this transaction',
    );
  });

  it('keeps the older wording for entries written before the bank event was recorded', () => {
    expect(auditWords({ action: 'updated', via: 'bank_sync', changes: [amount] }, ctx)).toBe(
      'The bank sync changed the amount from -$40.00 to -$42.50',
    );
  });
});
