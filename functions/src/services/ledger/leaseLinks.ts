import { type LinkableLease, leaseFits, withLeaseLink } from '@rent/shared';
import type { TransactionRecord } from '../../data/ledger/items.js';
import type { TransactionChange } from '../../data/ledger/plan.js';
import { leasesByPropertyOf } from '../../data/tenancy/tenancies.js';
import { InvalidReference, NotFound } from '../../domain-errors.js';

/**
 * Lease links on the ledger's write paths (docs/ledger.md "Lease links"). Each
 * write path reads the organization's leases once (`leaseBook`) and passes every record it writes through
 * `link` (the pure rule, shared/src/core/leaseLinks.ts); a person's explicit choice goes through `chosen`.
 */
export interface LeaseBook {
  onProperty(propertyId: string | null): readonly LinkableLease[];
  byId(id: string): LinkableLease | undefined;
}

export async function leaseBook(orgId: string): Promise<LeaseBook> {
  const byProperty = await leasesByPropertyOf(orgId);
  const byId = new Map([...byProperty.values()].flat().map((lease) => [lease.id, lease]));
  return {
    onProperty: (propertyId) => (propertyId === null ? [] : (byProperty.get(propertyId) ?? [])),
    byId: (id) => byId.get(id),
  };
}

/** The record with its lease link decided by the rule (a person's fitting choice stays). */
export const link = (book: LeaseBook, record: TransactionRecord): TransactionRecord =>
  withLeaseLink(record, book.onProperty(record.propertyId), book.byId);

/** Links the new states of a batch of changes (bank sync): one read of the leases, then the pure rule. */
export async function linkChanges(orgId: string, changes: TransactionChange[]): Promise<TransactionChange[]> {
  if (changes.length === 0) return changes;
  const book = await leaseBook(orgId);
  return changes.map(([current, next]) => [current, link(book, next)]);
}

/**
 * A person's choice in the flyout: `leaseId` undefined = not chosen (the rule decides), null = no lease,
 * an id = that lease, which must be the organization's (else 404), of the transaction's property and on
 * income (else 400).
 */
export function chosen(book: LeaseBook, record: TransactionRecord, leaseId: string | null | undefined) {
  if (leaseId === undefined) return link(book, record);
  if (leaseId !== null) {
    const lease = book.byId(leaseId);
    if (!lease) throw new NotFound('Lease');
    if (record.amount <= 0) throw new InvalidReference('leaseId', 'Only income can be linked to a lease');
    if (!leaseFits(record, lease)) {
      throw new InvalidReference('leaseId', "Choose a lease of the transaction's property");
    }
  }
  return { ...record, leaseId, leaseLinkSource: 'manual' as const };
}
