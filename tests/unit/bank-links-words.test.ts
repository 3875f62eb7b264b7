import { syncResultWords } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { closedPeriodConfirmationTexts } from '../../web/src/pages/org-settings/use-closed-period-section';

describe('Sync now result in words', () => {
  it('counts what arrived, changed and left; says when nothing did', () => {
    expect(syncResultWords({ added: 3, modified: 1, removed: 0 })).toBe('3 transactions added, 1 updated, 0 removed.');
    expect(syncResultWords({ added: 1, modified: 0, removed: 2 })).toBe('1 transaction added, 0 updated, 2 removed.');
    expect(syncResultWords({ added: 0, modified: 0, removed: 0 })).toBe('No new or changed transactions.');
  });
});

describe('closed period confirmations', () => {
  it('say what closes, what opens again after a date, and that everything opens', () => {
    const close = closedPeriodConfirmationTexts({ kind: 'close', date: '2026-01-31', from: null });
    expect(close.header).toBe('Close the books through 2026-01-31?');
    expect(close.body).toContain('dated on or before 2026-01-31 can then no longer be created, changed or deleted');
    expect(close.confirm).toBe('Close the books');
    const after = closedPeriodConfirmationTexts({ kind: 'reopen_after', date: '2026-01-31', from: '2026-03-31' });
    expect(after.header).toBe('Reopen the books after 2026-01-31?');
    expect(after.body).toContain('They are closed through 2026-03-31. Transactions dated after 2026-01-31');
    const all = closedPeriodConfirmationTexts({ kind: 'reopen_all', date: null, from: '2026-03-31' });
    expect(all).toMatchObject({ header: 'Reopen all periods?', confirm: 'Reopen all periods' });
    expect(all.body).toContain('closed through 2026-03-31');
  });
});
