import * as z from 'zod';
import { isMonth, MAX_REPORT_MONTHS, monthsBetween } from '../core/books.js';
import { NO_PROPERTY } from '../core/filters.js';
import { RECOVERY_CLASS_IDS } from '../core/macrs.js';
import { ID_PATTERN } from '../core/validation.js';
import { blankAsUnset } from './common.js';

/**
 * Reports (docs/reports-and-tax.md "Report routes"): what the books say, read from the monthly rollups. Money on the
 * wire: signed decimals.
 */

export const Month = (label: string) =>
  z
    .string({ error: `${label} is required as YYYY-MM` })
    .refine(isMonth, { error: `Enter ${label.toLowerCase()} as YYYY-MM (e.g. 2026-01)` });

/** A property id, or "none" for money with no property (becomes null); absent = every property. */
const ReportProperty = blankAsUnset(
  z
    .string()
    .refine((value) => value === NO_PROPERTY || ID_PATTERN.test(value), {
      error: `Choose a property, or "${NO_PROPERTY}" for no property`,
    })
    .transform((value) => (value === NO_PROPERTY ? null : value)),
);

/** A period of whole months, from..to inclusive, at most MAX_REPORT_MONTHS long. */
export const ReportPeriodQuery = z
  .strictObject({ from: Month('The start month'), to: Month('The end month'), propertyId: ReportProperty })
  .superRefine((value, ctx) => {
    if (value.from > value.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end month must be on or after the start month' });
    } else if (monthsBetween(value.from, value.to).length > MAX_REPORT_MONTHS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${MAX_REPORT_MONTHS} months` });
    }
  });
export type ReportPeriodQuery = z.output<typeof ReportPeriodQuery>;

const Figures = z.object({
  income: z.number(),
  operatingExpenses: z.number(),
  noi: z.number(),
  debtService: z.number(),
  capitalSpending: z.number(),
  cashFlow: z.number(),
});

const ReportProperties = z.array(z.object({ id: z.string(), address: z.string() }));

/**
 * GET /api/reports/cash-flow: one cell per month x category with money or transactions, the selected properties
 * summed (the `propertyId` filter: one, "none", or all); ignored excluded.
 */
export const CashFlowReport = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(z.string()),
  /** The organization's properties (for labels). */
  properties: ReportProperties,
  cells: z.array(
    z.object({
      month: z.string(),
      /** A category value or "uncategorized". */
      category: z.string(),
      /** Signed sum of the amounts (money in positive). */
      net: z.number(),
      count: z.number().int(),
    }),
  ),
  /** The whole period's figures (transfers and uncategorised count nowhere). */
  figures: Figures,
});

/** GET /api/reports/profit-and-loss: the period's cells summed over the months, per property and category. */
export const ProfitAndLossReport = z.object({
  from: z.string(),
  to: z.string(),
  properties: ReportProperties,
  cells: z.array(
    z.object({ propertyId: z.string().nullable(), category: z.string(), net: z.number(), count: z.number().int() }),
  ),
  figures: Figures,
});

export const ScheduleEQuery = z.strictObject({
  year: z
    .string({ error: 'The tax year is required' })
    .regex(/^\d{4}$/, { error: 'Enter the tax year as YYYY' })
    .refine((year) => year >= '1900' && year <= '2200', { error: 'Enter a tax year between 1900 and 2200' }),
  propertyId: ReportProperty,
});
export type ScheduleEQuery = z.output<typeof ScheduleEQuery>;

const Item = z.object({ category: z.string(), label: z.string(), amount: z.number() });

// Schedule E's per-year choices of a property (docs/reports-and-tax.md "Schedule E"): line 1b's code, line 2's days
// and the QJV box. null means "from the books": the property's type, the leases' days.
const TypeCode = z
  .number({ error: 'Choose a type of property (1 to 8)' })
  .int({ error: 'Choose a type of property (1 to 8)' })
  .min(1, { error: 'Choose a type of property (1 to 8)' })
  .max(8, { error: 'Choose a type of property (1 to 8)' });
const Days = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of days` })
    .int({ error: `${label} must be a whole number of days` })
    .min(0, { error: `${label} cannot be negative` })
    .max(366, { error: `${label} can be at most 366` });

export const ScheduleEChoicesWire = z.object({
  /** Line 1b as chosen for the year; null = the code the property's type gives. */
  propertyTypeCode: z.number().int().nullable(),
  /** Line 2 fair rental days as entered; null = the days under a lease. */
  fairRentalDays: z.number().int().nullable(),
  personalUseDays: z.number().int(),
  qjv: z.boolean(),
  /** 0 until first saved. */
  version: z.number().int(),
});

export const ScheduleEChoicesParams = z.strictObject({
  year: ScheduleEQuery.shape.year,
  propertyId: z.string().regex(ID_PATTERN, { error: 'Choose a property' }),
});

/** PUT carries the version read (0 before the first save), so two people saving at once get a 409, not a lost edit. */
export const ScheduleEChoicesInput = z.strictObject({
  version: z.number({ error: 'version is required' }).int().min(0),
  propertyTypeCode: TypeCode.nullable(),
  fairRentalDays: Days('Fair rental days').nullable(),
  personalUseDays: Days('Personal use days'),
  qjv: z.boolean({ error: 'QJV is yes or no' }),
});
export type ScheduleEChoicesInput = z.output<typeof ScheduleEChoicesInput>;

/** A property's choices for the year, with what the books would give without them. */
export const ScheduleEChoicesResult = z.object({
  propertyId: z.string(),
  year: z.string(),
  choices: ScheduleEChoicesWire,
  defaults: z.object({ propertyTypeCode: z.number().int().nullable(), fairRentalDays: z.number().int().nullable() }),
});

export const ScheduleEWorksheetWire = z.object({
  /** null = money with no property (it belongs on no property's Schedule E until assigned). */
  propertyId: z.string().nullable(),
  address: z.string(),
  /** Line 1b: the Schedule E type code; null when the property has no type. */
  propertyType: z.object({ code: z.number().int(), label: z.string() }).nullable(),
  /**
   * Line 2: the fair rental days as entered for the year, else the days of the year under a lease (core/occupancy.ts
   * fairRentalDays); null without either.
   */
  fairRentalDays: z.number().int().nullable(),
  /** The days under a lease (what line 2 shows unless days were entered); null without a recorded lease. */
  leaseDays: z.number().int().nullable(),
  /** The year's choices (line 1b, line 2, QJV); null for money with no property or of a deleted one. */
  choices: ScheduleEChoicesWire.nullable(),
  lines: z.array(
    z.object({
      line: z.string(),
      label: z.string(),
      amount: z.number(),
      items: z.array(Item),
      flag: z.string().optional(),
    }),
  ),
  mortgage: z.object({ amount: z.number(), flag: z.string() }).nullable(),
  needsReview: z.array(Item.extend({ reason: z.string() })),
  excluded: z.array(Item.extend({ reason: z.string() })),
});

export const ScheduleEReport = z.object({
  year: z.string(),
  notice: z.string(),
  worksheets: z.array(ScheduleEWorksheetWire),
  /** Lines 23a–26 over the properties' worksheets (not "No property"); core/scheduleEForm.ts. */
  summary: z.object({
    lines: z.array(z.object({ line: z.string(), label: z.string(), amount: z.number() })),
    note: z.string(),
  }),
});

// ---------------------------------------------------------------------------------------------------------
// Depreciation schedule: core/depreciation.ts per property for a tax year.

export const DepreciationQuery = z.strictObject({
  year: ScheduleEQuery.shape.year,
  propertyId: blankAsUnset(z.string().regex(ID_PATTERN, { error: 'Choose a property' })),
});
export type DepreciationQuery = z.output<typeof DepreciationQuery>;

const DepreciationAssetWire = z.object({
  /** "building" or the capital spending category. */
  asset: z.string(),
  /** The asset's key for its choices (GET/PUT /api/reports/depreciation/properties/{propertyId}/choices). */
  key: z.string(),
  label: z.string(),
  classId: z.enum(RECOVERY_CLASS_IDS).nullable(),
  classLabel: z.string().nullable(),
  /** YYYY-MM. */
  placedInService: z.string().nullable(),
  basis: z.number().nullable(),
  thisYear: z.number(),
  accumulated: z.number(),
  remaining: z.number().nullable(),
  /** An eligible asset's bonus depreciation: its rate, the amount taken in its first year, whether taken. */
  bonus: z.object({ percent: z.number().int(), amount: z.number(), taken: z.boolean() }).nullable(),
  /** Depreciation taken before the books as entered, and what the schedule gives for the same years. */
  prior: z.object({ entered: z.number(), throughYear: z.number().int(), byTable: z.number() }).nullable(),
  flag: z.string().nullable(),
});

/** GET /api/reports/depreciation: each property's assets with the year's amount, accumulated and remaining. */
export const DepreciationReport = z.object({
  year: z.string(),
  notice: z.string(),
  properties: z.array(
    z.object({
      propertyId: z.string(),
      address: z.string(),
      assets: z.array(DepreciationAssetWire),
      total: z.number(),
      flags: z.array(z.string()),
      /**
       * The capital spending through the year's end (net, as the cash flow counts it) against the capital assets'
       * bases: basis = spending + refundsNotApplied (core/depreciation.ts CapitalReconciliation).
       */
      capital: z.object({ spending: z.number(), basis: z.number(), refundsNotApplied: z.number() }),
    }),
  ),
  total: z.number(),
});

// ---- rent roll: per lease and month, rent due, received, balance and status -------------------

const RentTotalsWire = z.object({
  due: z.number(),
  received: z.number(),
  balance: z.number(),
  collectionRate: z.number().nullable(),
  collectionRateText: z.string(),
  /** Months in which the property also received rent linked to no lease. */
  unlinkedMonths: z.number().int(),
});

export const RentRollLease = z.object({
  id: z.string(),
  propertyId: z.string(),
  address: z.string(),
  unitLabel: z.string().nullable(),
  tenant: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  leaseStart: z.string(),
  leaseEnd: z.string().nullable(),
  monthlyRent: z.number(),
  rentDueDay: z.number().int(),
  graceDays: z.number().int(),
  months: z.array(
    z.object({
      month: z.string(),
      dueDate: z.string(),
      due: z.number(),
      /** Rent received linked to this lease (docs/ledger.md "Lease links"). */
      received: z.number(),
      balance: z.number(),
      status: z.enum(['paid', 'partial', 'unpaid', 'late', 'upcoming']),
      note: z.string().nullable(),
    }),
  ),
  totals: RentTotalsWire,
});

/** GET /api/reports/rent-roll: leases of the period (months capped at this month) with portfolio totals. */
export const RentRollReport = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  leases: z.array(RentRollLease),
  /** The portfolio per month: due and received of attributable lease months. */
  months: z.array(z.object({ month: z.string(), due: z.number(), received: z.number() })),
  totals: RentTotalsWire,
});

// ---------------------------------------------------------------------------------------------------------
// Dashboard: the period's figures, this month's collection, occupancy and what needs attention.

/** GET /api/dashboard: one call for the dashboard's key figures; KPI arithmetic is core/books.ts and core/occupancy.ts. */
export const DashboardSummary = z.object({
  from: z.string(),
  to: z.string(),
  figures: Figures,
  /** Rent due and received this month on the leases of the chosen properties (decimals). */
  collection: z.object({ month: z.string(), due: z.number(), received: z.number() }),
  /** Unit-days of the period (from its first day to today or its last day) and how many were under a lease. */
  occupancy: z.object({ unitDays: z.number().int(), occupiedUnitDays: z.number().int() }),
  attention: z.object({
    /** Uncategorized transactions in the period (ignored ones left out). */
    uncategorized: z.number().int(),
    /** Transactions with a review request waiting on the caller. */
    waitingOnMe: z.number().int(),
    /** Maintenance requests not resolved (the whole organization). */
    openMaintenance: z.number().int(),
    /** Bank connections that need reconnecting (needs_reconnect or consent ending; Org Settings → Bank connections). */
    connectionsToReconnect: z.number().int(),
    /** The period's expenses over $75 without a receipt: the ledger's count for core/attention.ts's filter. */
    expensesWithoutReceipt: z.number().int(),
    /**
     * The properties with an acquisition price and no land value, whose building cannot be depreciated
     * (core/properties.ts needsLandValue), of the chosen property scope.
     */
    noLandValue: z.array(z.object({ propertyId: z.string(), address: z.string() })),
    /** Leases of the chosen properties that owe charges past their grace period, and how much (decimal). */
    overdueRent: z.object({ leases: z.number().int(), amount: z.number() }),
  }),
});

// ---- transactions by category: the ledger's transactions of a period, grouped, with subtotals ----

/** GET /api/reports/transactions-by-category: at most TRANSACTIONS_BY_CATEGORY_LIMIT transactions (else 400). */
export const TransactionsByCategoryReport = z.object({
  from: z.string(),
  to: z.string(),
  limit: z.number().int(),
  count: z.number().int(),
  categories: z.array(
    z.object({
      category: z.string(),
      label: z.string(),
      line: z.string(),
      lineLabel: z.string(),
      counted: z.boolean(),
      subtotal: z.number(),
      transactions: z.array(
        z.object({
          id: z.string(),
          date: z.string(),
          name: z.string(),
          propertyId: z.string().nullable(),
          /** The property's address, "No property" or "A deleted property". */
          property: z.string(),
          amount: z.number(),
        }),
      ),
    }),
  ),
  /** Signed net of the counted categories: the profit and loss's cash flow for the same period. */
  total: z.number(),
  /** Transfers and uncategorized: listed, counted nowhere. */
  notCounted: z.number(),
});
