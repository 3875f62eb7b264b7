import { type AuditEntry, auditDiff, type TransactionActivity } from '@rent/shared';
import { importOfTransaction } from '../../data/banking/imports.js';
import type { AuditEntryRecord } from '../../data/ledger/audit.js';
import { readActivityPartition } from '../../data/ledger/audit.js';
import type { TransactionRecord } from '../../data/ledger/items.js';
import { getTransaction } from '../../data/ledger/read.js';
import type { MessageRecord, ReviewRecord } from '../../data/ledger/reviews.js';
import type { Caller } from '../../runtime/identity.js';
import { messageToApi, people, person, reviewToApi } from './reviews.js';

/**
 * The Messages tab's Activity (docs/ledger.md "Review requests and messages"): a transaction's review requests,
 * messages and audit entries, read with ONE Query of its Activity partition (beside a GetItem that says the transaction
 * is the caller's organization's, else 404), each list oldest first.
 */
export async function transactionActivity(caller: Caller, transactionId: string): Promise<TransactionActivity> {
  const [record, items] = await Promise.all([
    getTransaction(caller.orgId, transactionId),
    readActivityPartition(caller.orgId, transactionId),
  ]);
  const byType = (type: string) =>
    items.filter((item) => item.type === type).map(({ type: _, ...rest }) => rest) as unknown[];
  const reviews = byType('ReviewRequest') as ReviewRecord[];
  const messages = byType('Message') as MessageRecord[];
  const audits = (byType('AuditEntry') as AuditEntryRecord[]).sort((a, b) => a.at.localeCompare(b.at));
  if ((record.source === 'plaid' || record.source === 'import') && !audits.some((a) => a.action === 'created')) {
    audits.unshift(arrivalEntry(record, audits));
  }
  const all = await people([
    ...new Set([
      ...reviews.flatMap((r) => [r.requesterId, r.reviewerId]),
      ...messages.map((m) => m.authorId),
      ...audits.flatMap((a) => (a.actorId ? [a.actorId] : [])),
    ]),
  ]);
  return {
    reviewRequests: reviews.map((r) => reviewToApi(r, all)),
    messages: messages.map((m) => messageToApi(m, all)),
    auditEntries: audits.map(
      (a): AuditEntry => ({
        id: a.id,
        transactionId: a.transactionId,
        at: a.at,
        actorId: a.actorId,
        actor: a.actorId ? person(all, a.actorId) : null,
        via: a.via,
        ref: a.ref ?? null,
        action: a.action,
        changes: a.changes,
        override: a.override === true,
        // An import's entry names its file (the transaction keeps the name of the file it came from).
        ...(a.via === 'import' && record.importFileName ? { fileName: record.importFileName } : {}),
        bankEvent: a.bankEvent ?? null,
      }),
    ),
  };
}

/**
 * An arrival from the bank or from a file writes no creation entry (data/ledger/audit.ts `writesAuditEntry`): it is
 * rebuilt here from the transaction as it is now, each later entry's change undone newest first (every change has
 * its entry), so it says what arrived, as a written one would. A bank arrival has no person and names its bank link;
 * an imported one names the person who imported the file (the transaction's `userId`) and the import.
 */
function arrivalEntry(record: TransactionRecord, later: AuditEntryRecord[]): AuditEntryRecord {
  const original: Record<string, unknown> = { ...record };
  for (const entry of [...later].reverse()) {
    for (const change of entry.changes) {
      // The transfer is read from the pair's fields (auditDiff): undo those, not a field named "transfer".
      if (change.field === 'transfer') {
        original.transferPairId = change.from === null ? null : (original.transferPairId ?? 'paired');
        original.transferWith = change.from;
      } else original[change.field] = change.from;
    }
  }
  const imported = record.source === 'import';
  return {
    id: 'created',
    transactionId: record.id,
    organizationId: record.organizationId,
    at: record.createdAt,
    actorId: imported ? record.userId : null,
    via: imported ? 'import' : 'bank_sync',
    ref: imported ? importOfTransaction(record.id) : record.institutionId,
    action: 'created',
    changes: auditDiff(null, original),
  };
}
