/**
 * Which lease a rent payment that is linked to none most likely pays (docs/tenants-and-maintenance.md "Linking past
 * rent"). Zod-free and pure: the review's preview and its apply decide with it. A suggestion always fits the lease
 * (income on its property, in a month it runs in) and says why it was made; anything less certain is no suggestion.
 */
import { leaseMisfit } from './leaseLinks.js';

export const RENT_MATCH_REASONS = {
  onlyLease: 'The only lease on the property that month',
  samePayer: "This payer's earlier payments are linked to this lease",
  tenantName: "The tenant's name is in the description",
  amount: "The amount is this lease's rent",
  rentsAdd: 'The amount is the rent of these leases together',
} as const;
export type RentMatchReason = keyof typeof RENT_MATCH_REASONS;

export interface MatchableLease {
  id: string;
  propertyId: string;
  leaseStart: string;
  leaseEnd: string | null;
  /** Cents. */
  monthlyRent: number;
  tenantName: string | null;
}

export interface MatchablePayment {
  name: string;
  /** Cents. */
  amount: number;
  date: string;
  category: string | null;
  propertyId: string | null;
}

/** A description as words: lower case, letters and digits. */
export const payerKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Words too common in names of people and businesses to tell one tenant from another. */
const COMMON = new Set(['llc', 'inc', 'co', 'corp', 'ltd', 'the', 'and', 'rent', 'unit', 'suite', 'apt']);
const nameWords = (name: string | null) =>
  payerKey(name ?? '')
    .split(' ')
    .filter((w) => w.length >= 3 && !COMMON.has(w));

const only = <T>(items: T[]): T | null => (items.length === 1 ? items[0]! : null);

/**
 * The lease a payment pays, with the reason, or null. `learned`: per payer key, how many payments of that payer are
 * linked to each lease already (what earlier links taught).
 */
export function suggestLease(
  payment: MatchablePayment,
  leases: readonly MatchableLease[],
  learned: ReadonlyMap<string, ReadonlyMap<string, number>>,
): { leaseId: string; reason: RentMatchReason } | null {
  const fitting = leases.filter((l) => leaseMisfit(payment, l) === null);
  if (fitting.length === 0) return null;
  if (fitting.length === 1) return { leaseId: fitting[0]!.id, reason: 'onlyLease' };
  const counts = learned.get(payerKey(payment.name));
  if (counts) {
    const best = Math.max(...fitting.map((l) => counts.get(l.id) ?? 0));
    const lease = best > 0 ? only(fitting.filter((l) => (counts.get(l.id) ?? 0) === best)) : null;
    if (lease) return { leaseId: lease.id, reason: 'samePayer' };
  }
  const words = new Set(payerKey(payment.name).split(' '));
  const named = only(fitting.filter((l) => nameWords(l.tenantName).some((w) => words.has(w))));
  if (named) return { leaseId: named.id, reason: 'tenantName' };
  const priced = only(fitting.filter((l) => l.monthlyRent === payment.amount));
  if (priced) return { leaseId: priced.id, reason: 'amount' };
  return null;
}

/** The most leases one payment is split across by a suggestion. */
export const SPLIT_SUGGESTION_LEASES_MAX = 4;

/**
 * The leases one payment pays together (one deposit for two units): the one set of 2 to SPLIT_SUGGESTION_LEASES_MAX
 * fitting leases whose rents add up to the amount exactly, each part its lease's rent; null when none or several do.
 */
export function suggestSplit(
  payment: MatchablePayment,
  leases: readonly MatchableLease[],
): { parts: { leaseId: string; amount: number }[]; reason: 'rentsAdd' } | null {
  const fitting = leases.filter((l) => leaseMisfit(payment, l) === null && l.monthlyRent > 0);
  const found: MatchableLease[][] = [];
  const walk = (start: number, chosen: MatchableLease[], sum: number) => {
    if (found.length > 1 || sum > payment.amount) return;
    if (chosen.length >= 2 && sum === payment.amount) {
      found.push(chosen);
      return;
    }
    if (chosen.length === SPLIT_SUGGESTION_LEASES_MAX) return;
    for (let i = start; i < fitting.length; i++) {
      walk(i + 1, [...chosen, fitting[i]!], sum + fitting[i]!.monthlyRent);
    }
  };
  walk(0, [], 0);
  if (found.length !== 1) return null;
  return { parts: found[0]!.map((l) => ({ leaseId: l.id, amount: l.monthlyRent })), reason: 'rentsAdd' };
}
