/**
 * Which lease a rent payment that is linked to none most likely pays (docs/tenants-and-maintenance.md "Linking past
 * rent"). Zod-free and pure: the review's preview and its apply decide with it. A suggestion always fits the lease
 * (income on its property, in a month it runs in) and says why it was made; anything less certain is no suggestion.
 */
import { leaseMisfit } from './leases.js';

export const RENT_MATCH_REASONS = {
  onlyLease: 'The only lease on the property that month',
  samePayer: "This payer's earlier payments are linked to this lease",
  tenantName: "The tenant's name is in the description",
  amount: "The amount is this lease's rent",
  rentsAdd: 'The amount is the rent of these leases together',
} as const;
export type RentMatchReason = keyof typeof RENT_MATCH_REASONS;
/** Why a payment was linked to one lease (a split across several is only ever suggested). */
export type AutoLinkReason = Exclude<RentMatchReason, 'rentsAdd'>;
export const AUTO_LINK_REASONS = ['onlyLease', 'samePayer', 'tenantName', 'amount'] as const satisfies AutoLinkReason[];

export interface MatchableLease {
  id: string;
  propertyId: string;
  leaseStart: string;
  leaseEnd: string | null;
  /** Cents; absent = not known here (no match by amount). */
  monthlyRent?: number;
  tenantName?: string | null;
  /** Payers (payerKey of their descriptions) a person linked to this lease: what earlier links taught. */
  payerKeys?: readonly string[];
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
/** Words too common in names of people and businesses to tell one tenant from another. */
const COMMON = new Set([
  ...['llc', 'inc', 'co', 'corp', 'ltd', 'the', 'and', 'rent', 'unit', 'suite', 'apt'],
  // the words banks put around a payer's name
  ...['ach', 'credit', 'deposit', 'payment', 'transfer', 'from', 'zelle', 'venmo', 'online', 'mobile', 'check'],
]);
/**
 * A description as the payer it names: lower-case words of letters and digits, without reference numbers (a word
 * with 5 or more digits, such as a Zelle confirmation or check number, differs on every payment); '' when no word
 * tells one payer from another ("RENT 0425"), so nothing is learned from it.
 */
export function payerKey(name: string): string {
  const words = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && (word.match(/[0-9]/g)?.length ?? 0) < 5);
  return words.some((word) => /[a-z]{3}/.test(word) && !COMMON.has(word)) ? words.join(' ') : '';
}

const nameWords = (name: string | null) =>
  payerKey(name ?? '')
    .split(' ')
    .filter((w) => w.length >= 3 && !COMMON.has(w));

const only = <T>(items: T[]): T | null => (items.length === 1 ? items[0]! : null);

/** Per payer key, how many payments of that payer each lease was given: `learned` of chooseLease. */
export type LearnedPayers = ReadonlyMap<string, ReadonlyMap<string, number>>;

/**
 * Which of the leases that fit a payment it pays, with the reason, or null: the only one; else the one its payer was
 * linked to most (`learned`, plus each lease's own payerKeys); else the one whose tenant's name is in the
 * description or the memo; else the one whose rent is the amount. Each step decides only when exactly one lease qualifies.
 */
export function chooseLease(
  payment: { name: string; amount: number; notes?: string | null },
  fitting: readonly MatchableLease[],
  learned: LearnedPayers = new Map(),
): { leaseId: string; reason: AutoLinkReason } | null {
  if (fitting.length === 0) return null;
  if (fitting.length === 1) return { leaseId: fitting[0]!.id, reason: 'onlyLease' };
  const key = payerKey(payment.name);
  const counts = key === '' ? undefined : learned.get(key);
  const taught = (l: MatchableLease) =>
    key === '' ? 0 : (counts?.get(l.id) ?? 0) + (l.payerKeys?.includes(key) ? 1 : 0);
  const best = Math.max(...fitting.map(taught));
  const payer = best > 0 ? only(fitting.filter((l) => taught(l) === best)) : null;
  if (payer) return { leaseId: payer.id, reason: 'samePayer' };
  // The tenant's name may be in the description or in the memo the bank or file carried (kept as the notes).
  const words = new Set(`${payment.name} ${payment.notes ?? ''}`.toLowerCase().split(/[^a-z0-9]+/));
  const named = only(fitting.filter((l) => nameWords(l.tenantName ?? null).some((w) => words.has(w))));
  if (named) return { leaseId: named.id, reason: 'tenantName' };
  const priced = only(fitting.filter((l) => l.monthlyRent === payment.amount));
  if (priced) return { leaseId: priced.id, reason: 'amount' };
  return null;
}

/** The lease a payment linked to none pays, among the leases it fits (any day of a month they run in), or null. */
export const suggestLease = (payment: MatchablePayment, leases: readonly MatchableLease[], learned: LearnedPayers) =>
  chooseLease(
    payment,
    leases.filter((l) => leaseMisfit(payment, l) === null),
    learned,
  );

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
  const fitting = leases.filter((l) => leaseMisfit(payment, l) === null && (l.monthlyRent ?? 0) > 0);
  const found: MatchableLease[][] = [];
  const walk = (start: number, chosen: MatchableLease[], sum: number) => {
    if (found.length > 1 || sum > payment.amount) return;
    if (chosen.length >= 2 && sum === payment.amount) {
      found.push(chosen);
      return;
    }
    if (chosen.length === SPLIT_SUGGESTION_LEASES_MAX) return;
    for (let i = start; i < fitting.length; i++) {
      walk(i + 1, [...chosen, fitting[i]!], sum + fitting[i]!.monthlyRent!);
    }
  };
  walk(0, [], 0);
  if (found.length !== 1) return null;
  return { parts: found[0]!.map((l) => ({ leaseId: l.id, amount: l.monthlyRent! })), reason: 'rentsAdd' };
}
