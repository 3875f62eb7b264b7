import { addDays, RECONCILED_CODE, reconciledMessage } from '@rent/shared';
import { Conflict, Invalid } from '../../domain-errors.js';
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
 * Even an override keeps a reconciled line within RECONCILED_REACH_DAYS of its statement's last day.
 */
export function assertReconciledKept(
  before: TransactionRecord | null,
  after: TransactionRecord | null,
  actor: LedgerActor,
): void {
  if (!before?.reconciliationId || actor.via === 'bank_sync') return;
  if (after && (after.reconciliationId ?? null) !== before.reconciliationId) return;
  if (actor.override) {
    assertWithinReach(before, after);
    return;
  }
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

/**
 * How far from its statement's last day a reconciled line may be re-dated, on either side, even by an ADMIN's
 * override. An undo looks exactly this far for the lines whose mark it releases (one Query of the ledger's date index,
 * not the whole ledger), so a line moved further would keep a stale mark.
 */
export const RECONCILED_REACH_DAYS = 366;

function assertWithinReach(before: TransactionRecord, after: TransactionRecord | null): void {
  if (!after || after.date === before.date) return;
  const through = before.reconciled ?? before.date;
  const earliest = addDays(through, -RECONCILED_REACH_DAYS);
  const latest = addDays(through, RECONCILED_REACH_DAYS);
  if (after.date >= earliest && after.date <= latest) return;
  const message = `This line is reconciled through ${through}: it can move only to a date from ${earliest} to ${latest}. Undo the reconciliation to move it further.`;
  throw new Invalid(message, [{ path: 'date', message }]);
}
