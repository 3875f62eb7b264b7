/**
 * Lease links (docs/ledger.md "Lease links"). Zod-free and pure: every write path
 * (creation, edit, bulk edit, rule apply, file import, bank sync) decides a transaction's lease with it.
 *
 * - A person's choice (`leaseLinkSource` "manual": a lease, or none) is never changed by automation, as long
 *   as it still fits: a link to a lease of another property, to a lease that does not run in the transaction's
 *   month (the rent roll could credit it to no month), or on something that is not income, is dropped (and the
 *   transaction may be linked automatically again).
 * - Otherwise, rent received (income in a rent category on a property) is linked to a lease on that property
 *   whose dates include the transaction's date ("auto", with the reason): the only one; else the one this payer's
 *   earlier payments were linked to by a person; else the one whose tenant's name is in the description; else
 *   the one whose rent is the amount (shared/src/core/rentMatching.ts). Anything less certain stays unlinked.
 */
import { isRentIncome, leaseFits } from './leases.js';
import { type AutoLinkReason, chooseLease, type MatchableLease } from './rentMatching.js';

export const LEASE_LINK_SOURCES = ['manual', 'auto'] as const;
export type LeaseLinkSource = (typeof LEASE_LINK_SOURCES)[number];

export interface LeaseLinkFields {
  leaseId?: string | null;
  leaseLinkSource?: LeaseLinkSource | null;
  /** Why an automatic link was made; absent on links made before reasons were kept (the only lease then). */
  leaseLinkReason?: AutoLinkReason | null;
}

export interface LinkableTransaction extends LeaseLinkFields {
  amount: number;
  date: string;
  category: string | null;
  propertyId: string | null;
  /** The description and the memo (notes): how the payer is recognised. */
  name?: string;
  notes?: string | null;
  /** A split's parts: each may be linked to a lease by a person, and keeps it only while it fits. */
  parts?: readonly LinkablePart[] | null;
}

export interface LinkablePart {
  amount: number;
  propertyId: string | null;
  leaseId: string | null;
}

export type LinkableLease = MatchableLease;

const runsOn = (lease: LinkableLease, date: string) =>
  lease.leaseStart <= date && (lease.leaseEnd === null || date <= lease.leaseEnd);

type Link = { leaseId: string | null; leaseLinkSource: LeaseLinkSource | null; leaseLinkReason: AutoLinkReason | null };
const NO_LINK: Link = { leaseId: null, leaseLinkSource: null, leaseLinkReason: null };

/**
 * The lease link a transaction should carry. `leasesOnProperty` holds (at least) the leases of the
 * transaction's property; `leaseById` finds a linked lease wherever it is (undefined = no such lease).
 */
export function leaseLink(
  t: LinkableTransaction,
  leasesOnProperty: readonly LinkableLease[],
  leaseById: (id: string) => LinkableLease | undefined,
): Link {
  const current = t.leaseId ?? null;
  if (t.leaseLinkSource === 'manual' && (current === null || leaseFits(t, leaseById(current)))) {
    return { leaseId: current, leaseLinkSource: 'manual', leaseLinkReason: null };
  }
  if (t.propertyId === null || !isRentIncome(t)) return NO_LINK;
  const fitting = leasesOnProperty.filter((l) => l.propertyId === t.propertyId && runsOn(l, t.date));
  const choice = chooseLease({ name: t.name ?? '', amount: t.amount, notes: t.notes }, fitting);
  return choice ? { leaseId: choice.leaseId, leaseLinkSource: 'auto', leaseLinkReason: choice.reason } : NO_LINK;
}

/** The record with its lease link decided; the same object when nothing changes (callers compare). */
export function withLeaseLink<T extends LinkableTransaction>(
  t: T,
  leasesOnProperty: readonly LinkableLease[],
  leaseById: (id: string) => LinkableLease | undefined,
): T {
  const link = leaseLink(t, leasesOnProperty, leaseById);
  const parts = partsLinked(t, leaseById);
  const unchanged =
    (t.leaseId ?? null) === link.leaseId &&
    (t.leaseLinkSource ?? null) === link.leaseLinkSource &&
    (t.leaseLinkReason ?? null) === link.leaseLinkReason &&
    parts === t.parts;
  return unchanged ? t : { ...t, ...link, ...(parts !== t.parts && { parts }) };
}

/**
 * A split's parts with the lease links that still fit (the lease exists, is on the part's property and runs in the
 * transaction's month, and the part is income); the same array when every link fits. Parts are linked only by a
 * person (the split editor), so nothing is linked here, only what no longer fits is dropped.
 */
function partsLinked<P extends LinkablePart>(
  t: { date: string; parts?: readonly P[] | null },
  leaseById: (id: string) => LinkableLease | undefined,
): readonly P[] | null | undefined {
  const fits = (part: P) =>
    part.leaseId === null ||
    leaseFits({ amount: part.amount, propertyId: part.propertyId, date: t.date }, leaseById(part.leaseId));
  if (!t.parts || t.parts.every(fits)) return t.parts;
  return t.parts.map((part) => (fits(part) ? part : { ...part, leaseId: null }));
}
