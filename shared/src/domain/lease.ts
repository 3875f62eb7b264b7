import * as z from 'zod';
import { LEASE_FEES_MAX } from '../core/charges.js';
import {
  earliestLeaseStart,
  GRACE_DAYS_DEFAULT,
  GRACE_DAYS_MAX,
  LEASE_START_TOO_EARLY,
  RENT_DUE_DAY_DEFAULT,
  RENT_DUE_DAY_MAX,
} from '../core/leases.js';
import { formatCount } from '../core/money.js';
import { Id, IsoDate, optionalLine, Timestamp } from './common.js';
import { MAX_ABS_CENTS, moneyField } from './money.js';
import { MoveOutStatement } from './moveOut.js';
import { Month } from './reports.js';

/** Leases (a tenant assignment plus its rent terms). Money: decimals on the wire, cents inside. */
const rent = () => moneyField({ min: 0, max: MAX_ABS_CENTS });
const dueDay = z
  .number({ error: 'Rent due day must be a whole number from 1 to 28' })
  .int({ error: 'Rent due day must be a whole number from 1 to 28' })
  .min(1, { error: 'Rent due day must be a whole number from 1 to 28' })
  .max(RENT_DUE_DAY_MAX, { error: 'Rent due day must be a whole number from 1 to 28' });
const graceDays = z
  .number({ error: `Grace days must be a whole number from 0 to ${GRACE_DAYS_MAX}` })
  .int({ error: `Grace days must be a whole number from 0 to ${GRACE_DAYS_MAX}` })
  .min(0, { error: `Grace days must be a whole number from 0 to ${GRACE_DAYS_MAX}` })
  .max(GRACE_DAYS_MAX, { error: `Grace days must be a whole number from 0 to ${GRACE_DAYS_MAX}` });
const leaseEnd = IsoDate.nullish().transform((v) => v ?? null);
const leaseStart = IsoDate.refine((v) => v >= earliestLeaseStart(new Date().toISOString().slice(0, 10)), {
  error: LEASE_START_TOO_EARLY,
});

/** A fee on the lease: monthly beside the rent, or once on its date. Cents inside; `id` kept across edits. */
const LeaseFeeInput = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, { error: 'A fee id is lowercase letters, digits and dashes' })
      .optional(),
    label: z
      .string({ error: 'Name the fee' })
      .trim()
      .min(1, { error: 'Name the fee' })
      .max(60, { error: 'A fee name is at most 60 characters' }),
    amount: moneyField({ min: 1, max: MAX_ABS_CENTS }),
    frequency: z.enum(['monthly', 'once'], { error: 'A fee is monthly or once' }),
    dueDate: IsoDate.nullish().transform((v) => v ?? null),
  })
  .refine((f) => f.frequency === 'monthly' || f.dueDate !== null, {
    error: 'A one-time fee needs its due date',
    path: ['dueDate'],
  });
/**
 * A fee's charges are named by its id (`fee-<id>-<month>` monthly, `fee-<id>` once), so two fees may not share an
 * id, nor may a one-time fee's id be another's followed by a month: their charges would be one charge.
 */
const fees = z
  .array(LeaseFeeInput)
  .max(LEASE_FEES_MAX, { error: `A lease has at most ${LEASE_FEES_MAX} fees` })
  .superRefine((list, ctx) => {
    const ids = list.map((fee) => fee.id).filter((id): id is string => id !== undefined);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'id'],
          message: `Two fees have the id "${id}": each fee needs its own`,
        });
      } else if (/-\d{4}-\d{2}$/.test(id)) {
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'A fee id may not end in a month (-YYYY-MM)' });
      }
    });
  });

/**
 * A late fee: fixed dollars (`amount`) or a percentage of the month's rent (`percent`, up to 2 decimals), once or
 * daily after the grace days; a daily fee needs a cap. Inside: cents, and basis points for a percentage.
 */
const LateFeeInput = z
  .strictObject({
    mode: z.enum(['fixed', 'percent'], { error: 'A late fee is a fixed amount or a percentage of the rent' }),
    amount: moneyField({ min: 1, max: MAX_ABS_CENTS }).optional(),
    percent: z
      .number({ error: 'The late fee percentage is a number from 0.01 to 100' })
      .min(0.01, { error: 'The late fee percentage is a number from 0.01 to 100' })
      .max(100, { error: 'The late fee percentage is a number from 0.01 to 100' })
      .optional(),
    daily: z.boolean().default(false),
    cap: moneyField({ min: 1, max: MAX_ABS_CENTS }).nullish(),
  })
  .superRefine((f, ctx) => {
    if (f.mode === 'fixed' && f.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the late fee amount' });
    if (f.mode === 'percent' && f.percent === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Enter the late fee percentage' });
    if (f.daily && (f.cap ?? null) === null)
      ctx.addIssue({ code: 'custom', path: ['cap'], message: 'A daily late fee needs a cap' });
  })
  .transform((f) => ({
    mode: f.mode,
    amount: f.mode === 'fixed' ? f.amount! : Math.round(f.percent! * 100),
    daily: f.daily,
    cap: f.cap ?? null,
  }));
const lateFee = LateFeeInput.nullable();
const endNotBeforeStart = {
  error: 'The lease end must be on or after its start',
  path: ['leaseEnd'],
};

export const LeaseInput = z
  .strictObject({
    userId: Id,
    unitLabel: optionalLine('Unit', 40),
    leaseStart,
    leaseEnd,
    monthlyRent: rent(),
    securityDeposit: rent()
      .nullish()
      .transform((v) => v ?? 0),
    rentDueDay: dueDay.default(RENT_DUE_DAY_DEFAULT),
    graceDays: graceDays.default(GRACE_DAYS_DEFAULT),
    prorate: z.boolean().default(false),
    fees: fees.default([]),
    lateFee: lateFee.default(null),
  })
  .refine((l) => l.leaseEnd === null || l.leaseEnd >= l.leaseStart, endNotBeforeStart);
export type LeaseInput = z.output<typeof LeaseInput>;

/**
 * PATCH /api/leases/{id}: any of a lease's terms, never its tenant or property (end one and add another), and always
 * the `version` of the lease the person loaded: the change is saved only if the lease is still at it, else 409 with
 * the lease as it is now (docs/tenants-and-maintenance.md "Changing a lease").
 */
export const LeaseUpdate = z
  .strictObject({
    // optionalLine turns an absent value into null (clear); absent must mean "unchanged" here.
    unitLabel: optionalLine('Unit', 40).optional(),
    leaseStart: leaseStart.optional(),
    leaseEnd: IsoDate.nullable().optional(),
    monthlyRent: rent().optional(),
    securityDeposit: rent().optional(),
    rentDueDay: dueDay.optional(),
    graceDays: graceDays.optional(),
    prorate: z.boolean().optional(),
    fees: fees.optional(),
    lateFee: lateFee.optional(),
    version: z
      .number({ error: 'version is required: send the version of the lease you loaded' })
      .int({ error: 'version must be a whole number' })
      .min(1, { error: 'version must be a whole number' }),
  })
  .refine(({ version: _, ...terms }) => Object.values(terms).some((v) => v !== undefined), {
    error: 'Change at least one term of the lease',
  });
export type LeaseUpdate = z.output<typeof LeaseUpdate>;

export const LeaseFeeView = z.object({
  id: z.string(),
  label: z.string(),
  amount: z.number(),
  frequency: z.enum(['monthly', 'once']),
  dueDate: z.string().nullable(),
});
export const LateFee = z.object({
  mode: z.enum(['fixed', 'percent']),
  /** Dollars when fixed, a percentage of the rent when percent. */
  amount: z.number(),
  daily: z.boolean(),
  cap: z.number().nullable(),
});

export const LeaseStateEnum = z.enum(['active', 'upcoming', 'past']);

export const Lease = z.object({
  id: z.string(),
  propertyId: z.string(),
  userId: z.string(),
  tenant: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  unitLabel: z.string().nullable(),
  leaseStart: z.string(),
  leaseEnd: z.string().nullable(),
  monthlyRent: z.number(),
  securityDeposit: z.number(),
  rentDueDay: z.number(),
  graceDays: z.number(),
  prorate: z.boolean(),
  fees: z.array(LeaseFeeView),
  lateFee: LateFee.nullable(),
  state: LeaseStateEnum,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** What a change sends back (PATCH /api/leases/{id}): the change is saved only while the lease is at it. */
  version: z.number().int(),
  /** The move-out statement once the tenant moved out through POST /api/leases/{id}/move-out. */
  moveOut: MoveOutStatement.nullable().optional(),
});
export type Lease = z.infer<typeof Lease>;
export const LeaseList = z.object({ leases: z.array(Lease) });
export const LeaseResult = z.object({ lease: Lease });
export const LeaseParams = z.strictObject({ id: Id });
export const MoveOutResult = z.object({ lease: Lease, statement: MoveOutStatement });
export type MoveOutResult = z.infer<typeof MoveOutResult>;

const RentStatusEnum = z.enum(['paid', 'partial', 'unpaid', 'late', 'upcoming']);
export const RentMonth = z.object({
  month: z.string(),
  dueDate: z.string(),
  due: z.number(),
  /** Rent received linked to this lease (docs/ledger.md "Lease links"). */
  received: z.number(),
  status: RentStatusEnum,
});
export type RentMonth = z.infer<typeof RentMonth>;

/** What a tenant sees of their own lease: the terms, the address, the months. Nothing else of the books. */
export const RentalLease = z.object({
  id: z.string(),
  address: z.string(),
  unitLabel: z.string().nullable(),
  leaseStart: z.string(),
  leaseEnd: z.string().nullable(),
  monthlyRent: z.number(),
  securityDeposit: z.number(),
  rentDueDay: z.number(),
  graceDays: z.number(),
  state: LeaseStateEnum,
  months: z.array(RentMonth),
  /** The tenant's own ledger: charges, payments and the running balance. */
  ledger: z.lazy(() => TenantLedgerBody),
});
export type RentalLease = z.infer<typeof RentalLease>;
export const RentalHistory = z.object({ leases: z.array(RentalLease) });
export type RentalHistory = z.infer<typeof RentalHistory>;

// ---- the tenant ledger and the aging report (docs/tenants-and-maintenance.md "Charges and the tenant ledger") ----

export const TenantLedgerLine = z.object({
  date: z.string(),
  kind: z.enum(['rent', 'fee', 'late_fee', 'payment']),
  label: z.string(),
  /** Charges positive, payments negative, decimals. */
  amount: z.number(),
  balance: z.number(),
  /** A charge's code (what a waiver names); null for payments. */
  code: z.string().nullable(),
  waived: z.boolean(),
  /** Who waived the charge and when ("Waived by … on …"), else null. */
  note: z.string().nullable(),
});
export const LedgerTotalsWire = z.object({
  charged: z.number(),
  paid: z.number(),
  /** charged − paid: negative is a credit. */
  balance: z.number(),
  owedNow: z.number(),
  credit: z.number(),
});
export const NextCharge = z.object({ dueDate: z.string(), amount: z.number(), label: z.string() }).nullable();
export const TenantLedgerBody = z.object({
  lines: z.array(TenantLedgerLine),
  totals: LedgerTotalsWire,
  /** The next charge not yet due (what the tenant pays next), or null. */
  next: NextCharge,
});
export type TenantLedgerBody = z.infer<typeof TenantLedgerBody>;

/** GET /api/leases/{id}/ledger (staff): the lease's ledger with who and where. */
export const TenantLedger = TenantLedgerBody.extend({
  leaseId: z.string(),
  address: z.string(),
  unitLabel: z.string().nullable(),
  tenant: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
});
export type TenantLedger = z.infer<typeof TenantLedger>;

export const ChargeParams = z.strictObject({
  id: Id,
  code: z.string().regex(/^[a-z0-9-]{1,80}$/, { error: 'That charge is not valid' }),
});

export const AgingRow = z.object({
  leaseId: z.string(),
  propertyId: z.string(),
  address: z.string(),
  unitLabel: z.string().nullable(),
  tenant: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  /** Owed now (charges already due, not yet paid), or a credit (negative). */
  balance: z.number(),
  current: z.number(),
  days1to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  over90: z.number(),
});
export const AgingReport = z.object({
  today: z.string(),
  leases: z.array(AgingRow),
  totals: AgingRow.pick({
    balance: true,
    current: true,
    days1to30: true,
    days31to60: true,
    days61to90: true,
    over90: true,
  }),
});
export type AgingReport = z.infer<typeof AgingReport>;

// ---- security deposits held (docs/tenants-and-maintenance.md "Security deposits") ----------------------------------

/** GET /api/reports/security-deposits?month=YYYY-MM: held at the end of that month (default: this month). */
export const SecurityDepositsQuery = z.strictObject({ month: Month('The month').optional() });

const DepositLease = z.object({
  leaseId: z.string(),
  tenant: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  unitLabel: z.string().nullable(),
  /** The deposit the lease asks for. */
  deposit: z.number(),
});
export const SecurityDepositsProperty = z.object({
  propertyId: z.string(),
  address: z.string(),
  /** Security deposits received, returned, and held (received − returned), per the ledger, decimals. */
  received: z.number(),
  returned: z.number(),
  held: z.number(),
  /** What the leases running at the month's end ask for. */
  required: z.number(),
  leases: z.array(DepositLease),
});
export const SecurityDepositsReport = z.object({
  month: z.string(),
  properties: z.array(SecurityDepositsProperty),
  totals: z.object({ received: z.number(), returned: z.number(), held: z.number(), required: z.number() }),
});
export type SecurityDepositsReport = z.infer<typeof SecurityDepositsReport>;

// ---- linking past rent to leases (docs/tenants-and-maintenance.md "Linking past rent") -------------------------

export const RentLinkSuggestion = z.object({
  transactionId: z.string(),
  date: z.string(),
  name: z.string(),
  amount: z.number(),
  propertyId: z.string(),
  address: z.string(),
  /** The one lease it pays, or null when it is split across `parts`. */
  leaseId: z.string().nullable(),
  tenant: z.string().nullable(),
  unitLabel: z.string().nullable(),
  /** Several leases paid together: one part per lease, its rent (decimals). */
  parts: z
    .array(
      z.object({
        leaseId: z.string(),
        tenant: z.string().nullable(),
        unitLabel: z.string().nullable(),
        amount: z.number(),
      }),
    )
    .nullable(),
  reason: z.enum(['onlyLease', 'samePayer', 'tenantName', 'amount', 'rentsAdd']),
});
export const RentLinkReview = z.object({
  suggestions: z.array(RentLinkSuggestion),
  /** Rent on a property with leases, linked to none, that no lease fits surely enough to suggest. */
  unmatched: z.number(),
});
export type RentLinkReview = z.infer<typeof RentLinkReview>;
export const RENT_LINKS_MAX = 2_000;
export const RentLinkApply = z.strictObject({
  transactionIds: z
    .array(Id, { error: 'Choose the payments to link' })
    .min(1, { error: 'Choose at least one payment to link' })
    .max(RENT_LINKS_MAX, { error: `Link at most ${formatCount(RENT_LINKS_MAX)} payments at a time` }),
});
export const RentLinkResult = z.object({ linked: z.number() });
