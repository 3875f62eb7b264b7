import {
  BULK_UPDATE_MAX,
  DEFAULT_PROPERTY_PREVIEW_LISTED,
  type DefaultPropertyApplied,
  type DefaultPropertyPreview,
  type DefaultPropertySkipReason,
  fromCents,
  inClosedPeriod,
  NO_DEFAULT_PROPERTY_MESSAGE,
} from '@rent/shared';
import { getBankAccount } from '../../data/banking/banks.js';
import { listAccountTransactions } from '../../data/ledger/accountTransactions.js';
import type { TransactionRecord } from '../../data/ledger/items.js';
import { Invalid } from '../../domain-errors.js';
import type { LedgerCaller } from '../ledger/actors.js';
import { closedThroughFor } from '../ledger/periods.js';
import { bulkUpdateTransactions } from '../ledger/transactions.js';

/**
 * "Apply this account's default property to its past transactions" (docs/banking.md "Default property for past
 * transactions"): a preview says which transactions it files and which it leaves and why; the apply files them
 * through the ledger's bulk edit (its audit entries, lease links, rollups and closed-period check), in bulk-sized
 * chunks. A transaction is left when it already has a property (a person's or a rule's choice stands), is dated in
 * the closed period (even for an ADMIN: closed books are changed one by one, with an override), or is split (its
 * parts carry their own properties).
 */

type Plan = { apply: TransactionRecord[]; skipped: { record: TransactionRecord; reason: DefaultPropertySkipReason }[] };

function reasonToSkip(t: TransactionRecord, closedThrough: string | null): DefaultPropertySkipReason | null {
  if (t.parts) return 'split';
  if (t.propertyId !== null) return 'has_property';
  if (inClosedPeriod(t.date, closedThrough)) return 'closed_period';
  return null;
}

async function planFor(orgId: string, accountId: string) {
  // The account first, not beside the transactions: their Query reads the whole ledger, which a 404 or an account
  // without a default property should not cost, and next to it the account's read is a small wait.
  const account = await getBankAccount(orgId, accountId); // another organization's: 404
  if (!account.propertyId) throw new Invalid(NO_DEFAULT_PROPERTY_MESSAGE);
  const [records, closedThrough] = await Promise.all([
    listAccountTransactions(orgId, accountId),
    closedThroughFor(orgId, { override: false }),
  ]);
  const plan: Plan = { apply: [], skipped: [] };
  for (const record of records) {
    const reason = reasonToSkip(record, closedThrough);
    if (reason) plan.skipped.push({ record, reason });
    else plan.apply.push(record);
  }
  return { account: { id: account.id, propertyId: account.propertyId }, closedThrough, plan };
}

const byReason = (skipped: Plan['skipped']) => {
  const counts: Record<DefaultPropertySkipReason, number> = { has_property: 0, closed_period: 0, split: 0 };
  for (const { reason } of skipped) counts[reason]++;
  return counts;
};

const shown = (t: TransactionRecord) => ({ id: t.id, date: t.date, name: t.name, amount: fromCents(t.amount) });

/** Newest first, as the ledger lists them. */
const newestFirst = <T extends { date: string }>(rows: T[]) => [...rows].sort((a, b) => b.date.localeCompare(a.date));

export async function previewDefaultProperty(orgId: string, accountId: string): Promise<DefaultPropertyPreview> {
  const { account, closedThrough, plan } = await planFor(orgId, accountId);
  return {
    accountId: account.id,
    propertyId: account.propertyId,
    closedThrough,
    apply: {
      count: plan.apply.length,
      transactions: newestFirst(plan.apply).slice(0, DEFAULT_PROPERTY_PREVIEW_LISTED).map(shown),
    },
    skipped: {
      count: plan.skipped.length,
      byReason: byReason(plan.skipped),
      transactions: newestFirst(plan.skipped.map(({ record, reason }) => ({ ...shown(record), reason }))).slice(
        0,
        DEFAULT_PROPERTY_PREVIEW_LISTED,
      ),
    },
  };
}

/**
 * Files the account's unfiled past transactions under its default property, planned again now (what changed since
 * the preview counts). Each chunk is one bulk edit: all its transactions or none; running it again finishes a
 * stopped one, since the filed ones are then skipped as having a property.
 */
export async function applyDefaultProperty(caller: LedgerCaller, accountId: string): Promise<DefaultPropertyApplied> {
  const { account, plan } = await planFor(caller.orgId, accountId);
  const ids = plan.apply.map((t) => t.id);
  // Never an override: closed books are left out above, and the bulk edit must not reach into them either.
  const asPerson: LedgerCaller = { orgId: caller.orgId, userId: caller.userId };
  let updatedCount = 0;
  for (let i = 0; i < ids.length; i += BULK_UPDATE_MAX) {
    const result = await bulkUpdateTransactions(asPerson, ids.slice(i, i + BULK_UPDATE_MAX), {
      propertyId: account.propertyId,
    });
    updatedCount += result.updatedIds.length;
  }
  return { accountId: account.id, propertyId: account.propertyId, updatedCount, skipped: byReason(plan.skipped) };
}
