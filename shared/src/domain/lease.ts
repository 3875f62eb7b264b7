import { z } from 'zod';
import { GRACE_DAYS_DEFAULT, GRACE_DAYS_MAX, RENT_DUE_DAY_DEFAULT, RENT_DUE_DAY_MAX } from '../core/leases.js';
import { Id, IsoDate, optionalLine, Timestamp } from './common.js';
import { MAX_ABS_CENTS, moneyField } from './money.js';

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
const endNotBeforeStart = {
  error: 'The lease end must be on or after its start',
  path: ['leaseEnd'],
};

export const LeaseInput = z
  .strictObject({
    userId: Id,
    unitLabel: optionalLine('Unit', 40),
    leaseStart: IsoDate,
    leaseEnd,
    monthlyRent: rent(),
    securityDeposit: rent()
      .nullish()
      .transform((v) => v ?? 0),
    rentDueDay: dueDay.default(RENT_DUE_DAY_DEFAULT),
    graceDays: graceDays.default(GRACE_DAYS_DEFAULT),
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
    leaseStart: IsoDate.optional(),
    leaseEnd: IsoDate.nullable().optional(),
    monthlyRent: rent().optional(),
    securityDeposit: rent().optional(),
    rentDueDay: dueDay.optional(),
    graceDays: graceDays.optional(),
    version: z
      .number({ error: 'version is required: send the version of the lease you loaded' })
      .int({ error: 'version must be a whole number' })
      .min(1, { error: 'version must be a whole number' }),
  })
  .refine(({ version: _, ...terms }) => Object.values(terms).some((v) => v !== undefined), {
    error: 'Change at least one term of the lease',
  });
export type LeaseUpdate = z.output<typeof LeaseUpdate>;

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
  state: LeaseStateEnum,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** What a change sends back (PATCH /api/leases/{id}): the change is saved only while the lease is at it. */
  version: z.number().int(),
});
export type Lease = z.infer<typeof Lease>;
export const LeaseList = z.object({ leases: z.array(Lease) });
export const LeaseResult = z.object({ lease: Lease });
export const LeaseParams = z.strictObject({ id: Id });

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
});
export type RentalLease = z.infer<typeof RentalLease>;
export const RentalHistory = z.object({ leases: z.array(RentalLease) });
export type RentalHistory = z.infer<typeof RentalHistory>;
