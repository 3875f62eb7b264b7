import { MERCHANTS, type Merchant } from './catalog.js';
import { plaidId, seededId, seededRandom } from './ids.js';

/** A transaction exactly as /transactions/sync returns it (components/schemas/Transaction). */
export interface PlaidTransaction {
  account_id: string;
  account_owner: string | null;
  amount: number;
  authorized_date: string | null;
  authorized_datetime: string | null;
  category: string[] | null;
  category_id: string | null;
  check_number: string | null;
  counterparties: {
    name: string;
    type: string;
    website: string | null;
    logo_url: string | null;
    entity_id: string | null;
    confidence_level: string | null;
  }[];
  date: string;
  datetime: string | null;
  iso_currency_code: string | null;
  location: Record<'address' | 'city' | 'region' | 'postal_code' | 'country' | 'store_number', string | null> & {
    lat: number | null;
    lon: number | null;
  };
  logo_url: string | null;
  merchant_entity_id: string | null;
  merchant_name: string | null;
  name: string;
  original_description: string | null;
  payment_channel: 'online' | 'in store' | 'other';
  payment_meta: Record<
    | 'reference_number'
    | 'ppd_id'
    | 'payee'
    | 'by_order_of'
    | 'payer'
    | 'payment_method'
    | 'payment_processor'
    | 'reason',
    string | null
  >;
  pending: boolean;
  pending_transaction_id: string | null;
  personal_finance_category: { primary: string; detailed: string; confidence_level: string | null } | null;
  personal_finance_category_icon_url: string;
  transaction_code: string | null;
  transaction_id: string;
  transaction_type: 'digital' | 'place' | 'special' | 'unresolved';
  unofficial_currency_code: string | null;
  website: string | null;
}

export interface TransactionInput {
  account_id: string;
  /** Outflow-positive dollars (Plaid's sign): 12.5 = money out, -1800 = money in. */
  amount: number;
  date: string;
  name: string;
  merchant_name?: string | null;
  pending?: boolean;
  pending_transaction_id?: string | null;
  authorized_date?: string | null;
  category?: { primary: string; detailed: string } | null;
  payment_channel?: PlaidTransaction['payment_channel'];
  website?: string | null;
  transaction_id?: string;
}

export function makeTransaction(input: TransactionInput): PlaidTransaction {
  const pfc = input.category ?? {
    primary: 'GENERAL_MERCHANDISE',
    detailed: 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE',
  };
  const merchant = input.merchant_name ?? null;
  const channel = input.payment_channel ?? 'other';
  return {
    account_id: input.account_id,
    account_owner: null,
    amount: roundCents(input.amount),
    authorized_date: input.authorized_date ?? input.date,
    authorized_datetime: null,
    category: null,
    category_id: null,
    check_number: null,
    counterparties: merchant
      ? [
          {
            name: merchant,
            type: 'merchant',
            website: input.website ?? null,
            logo_url: null,
            entity_id: null,
            confidence_level: 'VERY_HIGH',
          },
        ]
      : [],
    date: input.date,
    datetime: null,
    iso_currency_code: 'USD',
    location: {
      address: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
      lat: null,
      lon: null,
      store_number: null,
    },
    logo_url: null,
    merchant_entity_id: null,
    merchant_name: merchant,
    name: input.name,
    original_description: null,
    payment_channel: channel,
    payment_meta: {
      reference_number: null,
      ppd_id: null,
      payee: null,
      by_order_of: null,
      payer: null,
      payment_method: null,
      payment_processor: null,
      reason: null,
    },
    pending: input.pending ?? false,
    pending_transaction_id: input.pending_transaction_id ?? null,
    personal_finance_category: { ...pfc, confidence_level: input.category ? 'VERY_HIGH' : 'LOW' },
    personal_finance_category_icon_url: `https://plaid-category-icons.plaid.com/PFC_${pfc.primary}.png`,
    transaction_code: null,
    transaction_id: input.transaction_id ?? plaidId(),
    transaction_type: channel === 'in store' ? 'place' : channel === 'online' ? 'digital' : 'special',
    unofficial_currency_code: null,
    website: input.website ?? null,
  };
}

export const roundCents = (amount: number) => Math.round(amount * 100) / 100;

export interface HistoryOptions {
  count: number;
  /** Inclusive ISO dates. */
  startDate: string;
  endDate: string;
  seed: number;
  /** Where the ids come from, apart from the content: a bank's history seen through another item has other ids. */
  idSeed?: number;
  /** Every Nth transaction is followed by a genuine same-day, same-amount twin (default 25; 0 = none). */
  twinEvery?: number;
}

/**
 * N posted transactions spread over a date range from a weighted list of merchants, deterministic for a
 * seed (amounts, dates, names and ids), oldest first. Every `twinEvery`th one gets a same-day,
 * same-amount twin at the same merchant: two genuine charges a sync must never collapse.
 */
export function generateHistory(
  accounts: { account_id: string; subtype: string | null }[],
  options: HistoryOptions,
): PlaidTransaction[] {
  const random = seededRandom(options.seed);
  const ids = options.idSeed === undefined ? random : seededRandom(options.idSeed);
  const start = Date.parse(`${options.startDate}T00:00:00Z`);
  const end = Date.parse(`${options.endDate}T00:00:00Z`);
  if (!(end >= start)) throw new Error('endDate must not be before startDate');
  const days = Math.round((end - start) / 86_400_000) + 1;
  const totalWeight = MERCHANTS.reduce((sum, m) => sum + m.weight, 0);
  const pick = (): Merchant => {
    let r = random() * totalWeight;
    for (const merchant of MERCHANTS) {
      r -= merchant.weight;
      if (r < 0) return merchant;
    }
    return MERCHANTS[MERCHANTS.length - 1] as Merchant;
  };
  const accountFor = (merchant: Merchant) =>
    (accounts.find((a) => a.subtype === merchant.account) ?? accounts[0])?.account_id ?? '';
  const twinEvery = options.twinEvery ?? 25;
  const out: PlaidTransaction[] = [];
  while (out.length < options.count) {
    const merchant = pick();
    const date = isoDate(start + Math.floor(random() * days) * 86_400_000);
    const cents = merchant.min + Math.floor(random() * (merchant.max - merchant.min + 1));
    const input: TransactionInput = {
      account_id: accountFor(merchant),
      amount: cents / 100,
      date,
      name: merchant.name,
      merchant_name: merchant.merchant_name,
      category: { primary: merchant.primary, detailed: merchant.detailed },
      payment_channel: merchant.channel,
      website: merchant.website,
    };
    out.push(makeTransaction({ ...input, transaction_id: seededId(ids) }));
    if (twinEvery > 0 && out.length % twinEvery === 0 && out.length < options.count) {
      out.push(makeTransaction({ ...input, transaction_id: seededId(ids) }));
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
