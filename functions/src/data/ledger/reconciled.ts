import { RECONCILED_CODE, reconciledMessage } from '@rent/shared';
import { Conflict } from '../../domain-errors.js';
import type { LedgerActor } from './audit.js';
import type { TransactionRecord } from './items.js';

/**
 * Reconciled lines (docs/reconciliation.md "Reconciled lines"): a line a finished reconciliation holds keeps what the
 * bank statement proved — its date, amount, account, ignored and pending state, and its existence. The write plan asks
 * here for every change, so no writer can move a reconciled month's figures, except:
 *   - the reconciliation itself (the change sets or clears `reconciliationId`: finish and undo),
 *   - an ADMIN's explicit override (the same header as for closed periods; recorded on the audit entry),
 *   - the bank (a bank sync's change is the bank's own correction of its line, recorded on the audit entry).
 * Category, property, lease, notes, receipts and splits stay editable: they do not change what the bank shows.
 */
export function assertReconciledKept(
  before: TransactionRecord | null,
  after: TransactionRecord | null,
  actor: LedgerActor,
): void {
  if (!before?.reconciliationId || actor.override || actor.via === 'bank_sync') return;
  if (after && (after.reconciliationId ?? null) !== before.reconciliationId) return;
  if (
    after &&
    after.date === before.date &&
    after.amount === before.amount &&
    after.bankAccountId === before.bankAccountId &&
    after.isIgnored === before.isIgnored &&
    (after.pending ?? false) === (before.pending ?? false)
  ) {
    return;
  }
  const through = before.reconciled ?? before.date;
  throw new Conflict(RECONCILED_CODE, reconciledMessage(through), {
    transactionId: before.id,
    reconciledThrough: through,
  });
}
