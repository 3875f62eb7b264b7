import { auditDiff, auditWords, closedPeriodChangeWords } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { timeline } from '../../web/src/features/transaction-flyout/use-activity';

describe('auditDiff', () => {
  it('lists the changed audited fields only, with old and new values', () => {
    const before = { name: 'A', amount: -100, category: 'repairs', version: 1, updatedAt: 'x', isIgnored: false };
    const after = { ...before, category: 'supplies', version: 2, updatedAt: 'y', isIgnored: true };
    expect(auditDiff(before, after)).toEqual([
      { field: 'category', from: 'repairs', to: 'supplies' },
      { field: 'isIgnored', from: false, to: true },
    ]);
  });

  it('lists what a new transaction was created with, leaving out empty fields', () => {
    expect(auditDiff(null, { name: 'A', amount: -100, category: null, notes: '', isIgnored: false })).toEqual([
      { field: 'name', from: null, to: 'A' },
      { field: 'amount', from: null, to: -100 },
    ]);
  });
});

describe('auditWords', () => {
  it('says a change in words, with category labels, money and property names', () => {
    const names = { actor: 'Lena', propertyName: (id: string) => (id === 'p1' ? '12 Elm St' : undefined) };
    expect(
      auditWords(
        { action: 'updated', via: 'manual', changes: [{ field: 'category', from: 'repairs', to: 'supplies' }] },
        names,
      ),
    ).toBe('Lena changed the category from Repairs to Supplies');
    expect(
      auditWords(
        {
          action: 'updated',
          via: 'bulk',
          changes: [
            { field: 'amount', from: -1250, to: -1375 },
            { field: 'propertyId', from: null, to: 'p1' },
            { field: 'isIgnored', from: false, to: true },
          ],
        },
        names,
      ),
    ).toBe(
      'Lena changed the amount from -$12.50 to -$13.75, changed the property from no property to 12 Elm St and ignored it in a bulk edit',
    );
    expect(
      auditWords(
        { action: 'updated', via: 'rule_undo', changes: [{ field: 'category', from: 'repairs', to: null }] },
        names,
      ),
    ).toBe('Lena changed the category from Repairs to Uncategorized by undoing a rule');
    expect(
      auditWords(
        { action: 'updated', via: 'lease_change', changes: [{ field: 'leaseId', from: 'l1', to: null }] },
        names,
      ),
    ).toBe('Lena changed the lease from l1 to no lease by changing a lease');
    expect(
      auditWords(
        { action: 'created', via: 'bank_sync', changes: [{ field: 'name', from: null, to: 'Coffee' }] },
        { actor: null },
      ),
    ).toBe('The bank sync created this transaction with the description Coffee');
    expect(auditWords({ action: 'created', via: 'import', changes: [] }, { actor: 'Pat' })).toBe(
      'Pat imported this transaction',
    );
  });

  it('says when a change overrode the closed period, and a close or reopen of the books', () => {
    expect(
      auditWords(
        {
          action: 'updated',
          via: 'manual',
          override: true,
          changes: [{ field: 'notes', from: null, to: 'Late fee' }],
        },
        { actor: 'Ada' },
      ),
    ).toBe('Ada changed the notes from nothing to Late fee, overriding the closed period');
    const change = (from: string | null, to: string | null, reopened: boolean) =>
      closedPeriodChangeWords({ from, to, reopened, byName: 'Ada' });
    expect(change(null, '2026-01-31', false)).toBe('Ada closed the books through 2026-01-31');
    expect(change('2026-01-31', '2026-03-31', false)).toBe('Ada moved the close from 2026-01-31 to 2026-03-31');
    expect(change('2026-03-31', '2026-01-31', true)).toBe(
      'Ada reopened the books after 2026-01-31 (they were closed through 2026-03-31)',
    );
    expect(change('2026-03-31', null, true)).toBe('Ada reopened all periods (they were closed through 2026-03-31)');
  });
});

describe('the Activity timeline', () => {
  it('puts audit entries among messages and requests, in time order', () => {
    const person = { id: 'u', name: 'U', email: 'u@x' };
    const audit = (id: string, at: string) => ({
      id,
      transactionId: 't',
      at,
      actorId: 'u',
      actor: person,
      via: 'manual' as const,
      ref: null,
      action: 'updated' as const,
      changes: [],
      override: false,
    });
    const message = {
      id: 'm',
      transactionId: 't',
      organizationId: 'o',
      authorId: 'u',
      reviewRequestId: null,
      body: 'hi',
      createdAt: '2026-01-01T11:00:00.000Z',
      updatedAt: '2026-01-01T11:00:00.000Z',
      author: person,
    };
    const entries = timeline(
      [],
      [message],
      [audit('late', '2026-01-01T12:00:00.000Z'), audit('early', '2026-01-01T10:00:00.000Z')],
    );
    expect(entries.map((e) => e.kind)).toEqual(['audit', 'message', 'audit']);
    expect(entries[0]).toMatchObject({ audit: { id: 'early' } });
  });
});
