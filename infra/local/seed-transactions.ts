import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWrite, putRequests } from '@rent/functions/data/batchWrite';
import { keys } from '@rent/functions/data/keys';
import { propertiesReferenced, type TransactionRecord, transactionItem } from '@rent/functions/data/ledger/items';
import { computeRollups, rollupItems } from '@rent/functions/data/ledger/rollupDeltas';
import type { ReceiptRecord } from '@rent/functions/data/receipts/receipts';
import { type Category, type SplitPart, splitHome, TRANSFER_CATEGORY, transferSideLabel } from '@rent/shared';
import { CAPEX, LATE_FEE, PLANS, REPAIRS, TARA_LEASE_ID } from './seed-plans.js';
import { receiptPng } from './seed-receipts.js';

/**
 * Two years of believable bookkeeping for the demo organization, up to today: rents (a few late,
 * with late fees), mortgages, insurance, property taxes, utilities, HOA and management fees,
 * repairs, a few capital expenditures, transfers (owner distributions and contributions, security
 * deposits, card payments), a few ignored and a few uncategorized items, and receipts (small real
 * PNG files) on repairs and improvements. Deterministic for a given day (seeded random numbers).
 * Rollups and property transaction counts are computed from the same records, so they agree.
 */

export interface DemoLedger {
  transactions: TransactionRecord[];
  receipts: { record: ReceiptRecord; bytes: Buffer }[];
  /** transactionCount per property id (what the property items must carry). */
  propertyCounts: Map<string, number>;
  /** The first day of the history: every demo lease starts on it. */
  historyStart: string;
  /** Months (YYYY-MM) the demo tenant paid late, with the late fee in the same payment. */
  taraLateMonths: string[];
}

/** mulberry32: small, fast, good enough for demo data, and repeatable. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** A cent amount around `cents`, +/- spread (0.2 = 20%). */
    around: (cents: number, spread: number) => Math.round(cents * (1 + (next() * 2 - 1) * spread)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

const BANK = { institutionId: 'demo-inst-first-midwest', bankAccountId: 'demo-acct-operating' };
/** The savings account the operating account moves money to (docs/ledger.md "Transfers"). */
const SAVINGS = { bankAccountId: 'demo-acct-savings', label: 'Savings ••4471', operatingLabel: 'Operating ••0042' };

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

export function demoLedger(opts: {
  orgId: string;
  today: Date;
  ownerUserId: string;
  managerUserId: string;
}): DemoLedger {
  const rng = random(20240601);
  const today = isoDate(opts.today);
  const transactions: TransactionRecord[] = [];
  const withReceipt = new Set<string>();

  const add = (t: {
    date: string;
    name: string;
    amount: number;
    category: Category | null;
    propertyId: string | null;
    bank?: boolean;
    /** The bank account of a bank line (the operating account unless said). */
    account?: string;
    isIgnored?: boolean;
    notes?: string;
    receipt?: boolean;
    rule?: boolean;
    leaseId?: string;
  }) => {
    if (t.date > today) return;
    const n = transactions.length + 1;
    const id = `demo-txn-${String(n).padStart(4, '0')}`;
    const bank = t.bank ?? true;
    // Bank items arrive with the next morning's sync; hand entries the evening they happened.
    const created = new Date(`${t.date}T${bank ? '06:00' : `18:${pad(n % 60)}`}:00.000Z`);
    if (bank) created.setUTCDate(created.getUTCDate() + 1);
    const createdAt = new Date(Math.min(created.getTime(), opts.today.getTime())).toISOString();
    const categorizationSource = t.category === null ? null : !bank ? 'manual' : t.rule ? 'rule' : 'bank';
    const oldEnough = Date.parse(t.date) < opts.today.getTime() - 45 * 86_400_000;
    transactions.push({
      id,
      externalId: bank ? `demo-ext-${n}` : null,
      plaidTransactionId: bank ? `demo-plaid-${n}` : null,
      userId: bank ? opts.ownerUserId : rng.pick([opts.ownerUserId, opts.managerUserId]),
      organizationId: opts.orgId,
      institutionId: bank ? BANK.institutionId : null,
      bankAccountId: bank ? (t.account ?? BANK.bankAccountId) : null,
      amount: t.amount,
      date: t.date,
      name: t.name,
      category: t.category,
      notes: t.notes ?? null,
      categorizationSource,
      categorizationConfidence: categorizationSource === 'rule' ? 0.97 : categorizationSource === 'bank' ? 0.82 : null,
      categorizedAt: t.category === null ? null : createdAt,
      source: bank ? 'plaid' : 'user_created',
      createdAt,
      updatedAt: createdAt,
      propertyId: t.propertyId,
      isReviewed: t.category !== null && oldEnough,
      isIgnored: t.isIgnored ?? false,
      hasReceipt: false,
      receiptCount: 0,
      hasOpenReviewRequests: false,
      hasReviewHistory: false,
      // Rent linked to its unit's lease by hand: 12 Maple Street has three leases at once, which no rule decides.
      ...(t.leaseId !== undefined && { leaseId: t.leaseId, leaseLinkSource: 'manual' as const }),
      version: 1,
    });
    if (t.receipt) withReceipt.add(id);
    return id;
  };

  /** Pairs two demo lines as a transfer between own accounts, as the bank sync's pairing would. */
  const pairAsTransfer = (outId: string | undefined, inId: string | undefined) => {
    const out = transactions.find((candidate) => candidate.id === outId);
    const into = transactions.find((candidate) => candidate.id === inId);
    if (!out || !into) return; // dated after today
    const side = (t: TransactionRecord, other: TransactionRecord, otherAccount: string) =>
      Object.assign(t, {
        category: TRANSFER_CATEGORY,
        categorizationSource: 'bank',
        categorizationConfidence: null,
        categorizedAt: t.createdAt,
        transferPairId: other.id,
        transferWith: transferSideLabel(other.name, otherAccount),
      });
    side(out, into, SAVINGS.label);
    side(into, out, SAVINGS.operatingLabel);
  };

  /** Splits a demo line into parts chosen by hand (the parts add up to it; the line keeps its amount). */
  const splitAcross = (id: string | undefined, parts: Omit<SplitPart, 'leaseId'>[]) => {
    const t = transactions.find((candidate) => candidate.id === id);
    if (!t) return; // dated after today
    Object.assign(t, {
      parts: parts.map((part) => ({ ...part, leaseId: null })),
      category: null,
      categorizationSource: 'manual',
      categorizedAt: t.createdAt,
      propertyId: splitHome(parts).propertyId,
    });
  };

  const start = new Date(Date.UTC(opts.today.getUTCFullYear(), opts.today.getUTCMonth() - 24, 1));
  const historyStart = isoDate(start);
  const taraLateMonths: string[] = [];
  for (let m = 0; m <= 24; m++) {
    const first = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1));
    const year = first.getUTCFullYear();
    const month0 = first.getUTCMonth();
    const day = (d: number) => isoDate(new Date(Date.UTC(year, month0, Math.min(d, daysInMonth(year, month0)))));
    const monthNo = month0 + 1;

    for (const plan of PLANS) {
      for (const unit of plan.units) {
        const late = rng.chance(0.08);
        const paidOn = late ? rng.int(7, 14) : rng.int(1, 4);
        const monthsBack = 24 - m;
        if (monthsBack < (unit.vacantMonths ?? 0)) continue;
        // The demo tenant: last month only part of the rent; a late month's fee paid with its rent.
        const tara = unit.leaseId === TARA_LEASE_ID;
        const partial = tara && monthsBack === 1;
        const feeWithRent = tara && late && !partial;
        if (feeWithRent) taraLateMonths.push(day(1).slice(0, 7));
        add({
          date: day(paidOn),
          name: feeWithRent ? `Rent and late fee – ${unit.tenant}` : `Rent – ${unit.tenant}`,
          amount: partial ? 100_000 : unit.rent + (feeWithRent ? LATE_FEE : 0),
          category: 'rental_income',
          propertyId: plan.id,
          rule: true,
          ...(!unit.unlinked && { leaseId: unit.leaseId }),
        });
        if (late && !tara) {
          add({
            date: day(paidOn),
            name: `Late fee – ${unit.tenant}`,
            amount: 7_500,
            category: 'late_fees',
            propertyId: plan.id,
            bank: false,
          });
        }
      }
      add({
        date: day(1),
        name: `${plan.lender} mortgage payment`,
        amount: -plan.mortgage,
        category: 'mortgage',
        propertyId: plan.id,
        rule: true,
      });
      for (const utility of plan.utilities) {
        add({
          date: day(rng.int(12, 20)),
          name: utility.name,
          amount: -rng.around(utility.cents, 0.25),
          category: 'utilities',
          propertyId: plan.id,
        });
      }
      for (const extra of plan.extras) {
        if (extra.months && !extra.months.includes(monthNo)) continue;
        const cents = extra.category === 'laundry' ? rng.around(extra.cents, 0.3) : extra.cents;
        add({
          date: day(rng.int(5, 25)),
          name: extra.name,
          amount: cents,
          category: extra.category,
          propertyId: plan.id,
          rule: true,
        });
      }
      if (monthNo === plan.insurance.month) {
        add({
          date: day(rng.int(8, 15)),
          name: `${plan.insurance.carrier} insurance premium`,
          amount: -plan.insurance.cents,
          category: 'insurance',
          propertyId: plan.id,
        });
      }
      if (monthNo === 6 || monthNo === 9) {
        add({
          date: day(rng.int(1, 10)),
          name: `${plan.county} Treasurer – property tax installment`,
          amount: -plan.taxInstallment,
          category: 'taxes',
          propertyId: plan.id,
        });
      }
      if (rng.chance(0.3)) {
        const job = rng.pick(REPAIRS);
        const byHand = job.category === 'supplies' || rng.chance(0.3);
        add({
          date: day(rng.int(1, 28)),
          name: job.vendor,
          amount: -rng.around(job.cents, 0.5),
          category: job.category,
          propertyId: plan.id,
          bank: !byHand,
          receipt: rng.chance(0.4),
          notes: rng.chance(0.3)
            ? rng.pick(['Tenant reported the issue by text', 'Paid on site', 'Warranty expires next year'])
            : undefined,
        });
      }
    }

    // Organization-level money: interest, quarterly owner distributions, card payments, the CPA.
    add({
      date: day(daysInMonth(year, month0)),
      name: 'Interest paid – business checking',
      amount: rng.int(180, 420),
      category: 'misc_interest',
      propertyId: null,
    });
    if (monthNo % 3 === 0) {
      add({
        date: day(15),
        name: 'Transfer to owner – Lena Landlord',
        amount: -450_000,
        category: 'owner_distributions',
        propertyId: null,
      });
    }
    if (monthNo % 2 === 0) {
      add({
        date: day(22),
        name: 'CHASE CARD AUTOPAY',
        amount: -rng.around(91_000, 0.4),
        category: 'credit_card_payments',
        propertyId: null,
      });
    }
    if (monthNo === 3) {
      add({
        date: day(18),
        name: 'Hartley CPA – tax preparation',
        amount: -65_000,
        category: 'legal_professional',
        propertyId: null,
        bank: false,
        receipt: true,
      });
    }
  }

  for (const capex of CAPEX) {
    const d = new Date(Date.UTC(opts.today.getUTCFullYear(), opts.today.getUTCMonth() - capex.monthsAgo, 12));
    add({
      date: isoDate(d),
      name: capex.name,
      amount: -capex.cents,
      category: capex.category,
      propertyId: capex.property,
      bank: false,
      receipt: true,
    });
  }
  const monthsAgo = (n: number, d: number) =>
    isoDate(new Date(Date.UTC(opts.today.getUTCFullYear(), opts.today.getUTCMonth() - n, d)));
  add({
    date: monthsAgo(20, 3),
    name: 'Owner contribution – roof fund',
    amount: 1_000_000,
    category: 'owner_contributions',
    propertyId: null,
  });
  // Turnovers: a new tenant's deposit comes in, the old one's goes back, the listing is advertised.
  for (const [property, n] of [
    ['prop-birch-220', 15],
    ['prop-oak-48', 9],
  ] as const) {
    add({
      date: monthsAgo(n, 2),
      name: 'Zillow Rental Manager – listing',
      amount: -2_999,
      category: 'advertising',
      propertyId: property,
      bank: false,
    });
    add({
      date: monthsAgo(n, 20),
      name: 'Application fee – rental applicant',
      amount: 4_500,
      category: 'application_fees',
      propertyId: property,
    });
    add({
      date: monthsAgo(n, 28),
      name: 'Security deposit – new tenant',
      amount: 180_000,
      category: 'security_deposit',
      propertyId: property,
    });
    add({
      date: monthsAgo(n - 1, 10),
      name: 'Security deposit return – previous tenant',
      amount: -165_000,
      category: 'security_deposit',
      propertyId: property,
    });
  }
  add({
    date: monthsAgo(2, 11),
    name: 'Rent – D. Chen',
    amount: 195_000,
    category: 'rental_income',
    propertyId: 'prop-oak-48',
    isIgnored: true,
    notes: 'Duplicate of the bank deposit on the same day',
  });
  // Money moved between the organization's own accounts: both sides, paired as a transfer, counted nowhere.
  pairAsTransfer(
    add({
      date: monthsAgo(7, 3),
      name: 'Online transfer to savings ••4471',
      amount: -250_000,
      category: null,
      propertyId: null,
    }),
    add({
      date: monthsAgo(7, 4),
      name: 'Online transfer from checking ••0042',
      amount: 250_000,
      category: null,
      propertyId: null,
      account: SAVINGS.bankAccountId,
    }),
  );
  add({
    date: monthsAgo(11, 6),
    name: 'Micro-deposit verification',
    amount: 32,
    category: null,
    propertyId: null,
    isIgnored: true,
  });
  add({
    date: monthsAgo(1, 9),
    name: 'POS DEBIT MENARDS 3321 PEORIA IL',
    amount: -11_873,
    category: null,
    propertyId: null,
  });
  add({ date: monthsAgo(0, 2), name: 'ZELLE FROM K NGUYEN', amount: 25_000, category: null, propertyId: null });
  // Split across properties (docs/ledger.md "Split transactions"): one bill, three properties' books.
  splitAcross(
    add({
      date: monthsAgo(1, 14),
      name: 'THE HOME DEPOT #4410 PEORIA IL',
      amount: -48_620,
      category: null,
      propertyId: null,
      receipt: true,
    }),
    [
      { amount: -31_245, category: 'repairs', propertyId: 'prop-oak-48', memo: 'Water heater valve and fittings' },
      { amount: -9_880, category: 'supplies', propertyId: 'prop-maple-12', memo: 'Smoke detectors' },
      { amount: -7_495, category: 'supplies', propertyId: 'prop-main-301', memo: 'Light bulbs, lobby' },
    ],
  );
  splitAcross(
    add({
      date: monthsAgo(4, 20),
      name: 'Umbrella liability policy – Country Financial',
      amount: -90_000,
      category: null,
      propertyId: null,
      bank: false,
    }),
    [
      { amount: -30_000, category: 'insurance', propertyId: 'prop-oak-48', memo: null },
      { amount: -30_000, category: 'insurance', propertyId: 'prop-maple-12', memo: null },
      { amount: -30_000, category: 'insurance', propertyId: 'prop-birch-220', memo: null },
    ],
  );
  add({ date: monthsAgo(0, 1), name: 'CHECK #1042', amount: -47_500, category: null, propertyId: 'prop-main-301' });

  const receipts: DemoLedger['receipts'] = [];
  for (const t of transactions) {
    if (!withReceipt.has(t.id)) continue;
    const id = `demo-rcpt-${t.id.slice('demo-txn-'.length)}`;
    const fileName = `${t.name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()}.png`;
    const bytes = receiptPng(receipts.length);
    receipts.push({
      bytes,
      record: {
        id,
        organizationId: opts.orgId,
        userId: t.userId ?? opts.ownerUserId,
        fileName,
        contentType: 'image/png',
        size: bytes.length,
        key: `receipts/${opts.orgId}/${t.id}/${id}-${fileName}`,
        status: 'READY',
        transactionId: t.id,
        createdAt: t.createdAt,
        uploadedAt: t.createdAt,
        version: 1,
      },
    });
    t.receiptCount = 1;
    t.hasReceipt = true;
  }

  // The demo tenant's security deposit, held since the lease began: a liability, never income.
  add({
    date: historyStart,
    name: 'Security deposit – T. Tenant (Unit 2)',
    amount: 155_000,
    category: 'security_deposit',
    propertyId: 'prop-maple-12',
  });

  const propertyCounts = new Map<string, number>();
  for (const t of transactions) {
    for (const propertyId of propertiesReferenced(t)) {
      propertyCounts.set(propertyId, (propertyCounts.get(propertyId) ?? 0) + 1);
    }
  }
  return { transactions, receipts, propertyCounts, historyStart, taraLateMonths };
}

/** Writes the ledger: receipt files to S3, then transactions, receipts and rollup cells (BatchWrite). */
export async function writeDemoLedger(
  doc: DynamoDBDocumentClient,
  tableName: string,
  ledger: DemoLedger,
  storage?: { s3Endpoint: string; bucket: string },
) {
  const orgId = ledger.transactions[0]?.organizationId;
  if (!orgId) return;
  const receipts = storage ? ledger.receipts : [];
  if (storage) {
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint: storage.s3Endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    for (const { record, bytes } of receipts) {
      await s3.send(
        new PutObjectCommand({ Bucket: storage.bucket, Key: record.key, Body: bytes, ContentType: record.contentType }),
      );
    }
  }
  // Without storage (no S3 to hold the files) the transactions simply have no receipts.
  const attached = new Set(receipts.map((r) => r.record.transactionId));
  const transactions = ledger.transactions.map((t) =>
    attached.has(t.id) ? t : { ...t, receiptCount: 0, hasReceipt: false },
  );
  const items = [
    ...transactions.map(transactionItem),
    ...receipts.map(({ record }) => ({
      ...keys.receipt(orgId, record.id),
      ...keys.receiptOfTransaction(orgId, record.transactionId!, record.uploadedAt!, record.id),
      type: 'Receipt',
      ...record,
    })),
    ...rollupItems(orgId, computeRollups(transactions)),
  ];
  await batchWrite({ client: doc, table: tableName }, putRequests(items), 4);
}
