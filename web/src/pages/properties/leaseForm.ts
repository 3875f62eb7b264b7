import { LEASE_FEES_MAX } from '@rent/shared/core/charges';
import {
  earliestLeaseStart,
  GRACE_DAYS_DEFAULT,
  GRACE_DAYS_MAX,
  LEASE_START_TOO_EARLY,
  RENT_DUE_DAY_DEFAULT,
  RENT_DUE_DAY_MAX,
} from '@rent/shared/core/leases';
import { centsToString, MAX_ABS_CENTS, toCents } from '@rent/shared/core/money';
import type { ApiIssue } from '../../api/client';
import type { LateFeeBody, Lease, LeaseTermsBody } from '../../api/leases';
import { todayIso } from '../../lib/dates';

/**
 * The lease form (add and edit, docs/tenants-and-maintenance.md "Charges and the tenant ledger"): its values as typed,
 * the checks the server makes said before a round trip, and the body it sends. Pure, so a unit test can hold it.
 */

export type LateFeeMode = 'none' | 'fixed' | 'percent';

/** A fee row as typed. `key` tells rows apart while editing; `id` is the saved fee's, sent back to keep it. */
export interface FeeRow {
  key: string;
  id?: string;
  label: string;
  amount: string;
  frequency: 'monthly' | 'once';
  dueDate: string;
}

export interface LeaseFormValues {
  userId: string;
  unitLabel: string;
  leaseStart: string;
  leaseEnd: string;
  monthlyRent: string;
  securityDeposit: string;
  rentDueDay: string;
  graceDays: string;
  prorate: boolean;
  fees: FeeRow[];
  lateFeeMode: LateFeeMode;
  lateFeeAmount: string;
  lateFeePercent: string;
  lateFeeDaily: boolean;
  lateFeeCap: string;
}

/** The fields typed as text (each has its own error). */
export type LeaseTextField = {
  [K in keyof LeaseFormValues]: LeaseFormValues[K] extends string ? K : never;
}[keyof LeaseFormValues];

export type FeeField = 'label' | 'amount' | 'dueDate';

/** Errors by field: a text field's name, or `fees.<row>.<field>` for a fee row's. */
export type LeaseFormErrors = Partial<Record<string, string>>;
export const feeErrorKey = (index: number, field: FeeField) => `fees.${index}.${field}`;

export const emptyLeaseForm = (): LeaseFormValues => ({
  userId: '',
  unitLabel: '',
  leaseStart: '',
  leaseEnd: '',
  monthlyRent: '',
  securityDeposit: '',
  rentDueDay: String(RENT_DUE_DAY_DEFAULT),
  graceDays: String(GRACE_DAYS_DEFAULT),
  prorate: false,
  fees: [],
  lateFeeMode: 'none',
  lateFeeAmount: '',
  lateFeePercent: '',
  lateFeeDaily: false,
  lateFeeCap: '',
});

let rowCount = 0;
export const newFeeRow = (): FeeRow => ({
  key: `new-${++rowCount}`,
  label: '',
  amount: '',
  frequency: 'monthly',
  dueDate: '',
});

/** Wire dollars as an input shows them: "1250.00" (exact, through cents). */
const dollars = (value: number | null | undefined) => {
  const cents = value === null || value === undefined ? null : toCents(value);
  return cents === null ? '' : centsToString(cents);
};

/** The form filled with a saved lease, to edit it. */
export function leaseFormValues(lease: Lease): LeaseFormValues {
  const fee = lease.lateFee;
  return {
    userId: lease.userId,
    unitLabel: lease.unitLabel ?? '',
    leaseStart: lease.leaseStart,
    leaseEnd: lease.leaseEnd ?? '',
    monthlyRent: dollars(lease.monthlyRent),
    securityDeposit: lease.securityDeposit ? dollars(lease.securityDeposit) : '',
    rentDueDay: String(lease.rentDueDay),
    graceDays: String(lease.graceDays),
    prorate: lease.prorate,
    fees: lease.fees.map((f) => ({
      key: f.id,
      id: f.id,
      label: f.label,
      amount: dollars(f.amount),
      frequency: f.frequency,
      dueDate: f.dueDate ?? '',
    })),
    lateFeeMode: fee === null ? 'none' : fee.mode,
    // On the wire a late fee's `amount` is dollars when fixed and the percentage when a percentage.
    lateFeeAmount: fee?.mode === 'fixed' ? dollars(fee.amount) : '',
    lateFeePercent: fee?.mode === 'percent' ? String(fee.amount) : '',
    lateFeeDaily: fee?.daily ?? false,
    lateFeeCap: dollars(fee?.cap),
  };
}

/** DatePicker speaks YYYY/MM/DD or YYYY-MM-DD; the API speaks YYYY-MM-DD. */
const isoDate = (value: string) => value.replaceAll('/', '-');
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(isoDate(value));
const wholeIn = (value: string, min: number, max: number) =>
  /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;
/** Cents of a typed amount when it is exact money from `min` cents, else null. */
const amountFrom = (value: string, min: number) => {
  const cents = toCents(value.trim().replace(/^\$/, '').replaceAll(',', ''));
  return cents !== null && cents >= min && cents <= MAX_ABS_CENTS ? cents : null;
};
const wire = (value: string) => Number(centsToString(amountFrom(value, 0) ?? 0));
const percentOk = (value: string) =>
  /^\d+(\.\d{1,2})?$/.test(value.trim()) && Number(value) >= 0.01 && Number(value) <= 100;

/** The same checks the server makes, said before a round trip. `userId` is only chosen when adding. */
export function validateLease(v: LeaseFormValues, mode: 'add' | 'edit'): LeaseFormErrors {
  const errors: LeaseFormErrors = {};
  if (mode === 'add' && !v.userId) errors.userId = 'Choose a tenant';
  if (!isDate(v.leaseStart)) errors.leaseStart = 'Enter the lease start as YYYY/MM/DD';
  else if (isoDate(v.leaseStart) < earliestLeaseStart(todayIso())) errors.leaseStart = LEASE_START_TOO_EARLY;
  if (v.leaseEnd && !isDate(v.leaseEnd)) errors.leaseEnd = 'Enter the lease end as YYYY/MM/DD';
  else if (v.leaseEnd && !errors.leaseStart && isoDate(v.leaseEnd) < isoDate(v.leaseStart))
    errors.leaseEnd = 'The lease end must be on or after its start';
  if (v.monthlyRent.trim() === '' || amountFrom(v.monthlyRent, 0) === null)
    errors.monthlyRent = 'Enter the monthly rent, such as 1250';
  if (v.securityDeposit.trim() !== '' && amountFrom(v.securityDeposit, 0) === null)
    errors.securityDeposit = 'Enter an amount such as 2500, or leave it empty';
  if (!wholeIn(v.rentDueDay, 1, RENT_DUE_DAY_MAX)) errors.rentDueDay = `A day from 1 to ${RENT_DUE_DAY_MAX}`;
  if (!wholeIn(v.graceDays, 0, GRACE_DAYS_MAX)) errors.graceDays = `From 0 to ${GRACE_DAYS_MAX} days`;
  if (v.unitLabel.trim().length > 40) errors.unitLabel = 'At most 40 characters';
  if (v.fees.length > LEASE_FEES_MAX) errors.fees = `A lease has at most ${LEASE_FEES_MAX} fees`;
  v.fees.forEach((fee, i) => {
    if (!fee.label.trim()) errors[feeErrorKey(i, 'label')] = 'Name the fee';
    else if (fee.label.trim().length > 60) errors[feeErrorKey(i, 'label')] = 'At most 60 characters';
    if (amountFrom(fee.amount, 1) === null) errors[feeErrorKey(i, 'amount')] = 'An amount such as 50';
    if (fee.frequency === 'once' && !isDate(fee.dueDate))
      errors[feeErrorKey(i, 'dueDate')] = 'A one-time fee needs its due date';
  });
  if (v.lateFeeMode === 'fixed' && amountFrom(v.lateFeeAmount, 1) === null)
    errors.lateFeeAmount = 'Enter the late fee, such as 50';
  if (v.lateFeeMode === 'percent' && !percentOk(v.lateFeePercent))
    errors.lateFeePercent = 'A percentage from 0.01 to 100, such as 5';
  if (v.lateFeeMode !== 'none') {
    if (v.lateFeeCap.trim() !== '' && amountFrom(v.lateFeeCap, 1) === null)
      errors.lateFeeCap = 'An amount such as 200, or leave it empty';
    else if (v.lateFeeDaily && v.lateFeeCap.trim() === '') errors.lateFeeCap = 'A daily late fee needs a cap';
  }
  return errors;
}

function lateFeeBody(v: LeaseFormValues): LateFeeBody | null {
  if (v.lateFeeMode === 'none') return null;
  const cap = v.lateFeeCap.trim() ? wire(v.lateFeeCap) : null;
  return v.lateFeeMode === 'fixed'
    ? { mode: 'fixed', amount: wire(v.lateFeeAmount), daily: v.lateFeeDaily, cap }
    : { mode: 'percent', percent: Number(v.lateFeePercent.trim()), daily: v.lateFeeDaily, cap };
}

/** The terms as the API takes them (call after `validateLease` found nothing). */
export function leaseTermsBody(v: LeaseFormValues): LeaseTermsBody {
  return {
    unitLabel: v.unitLabel.trim() || null,
    leaseStart: isoDate(v.leaseStart),
    leaseEnd: v.leaseEnd ? isoDate(v.leaseEnd) : null,
    monthlyRent: wire(v.monthlyRent),
    securityDeposit: v.securityDeposit.trim() ? wire(v.securityDeposit) : 0,
    rentDueDay: Number(v.rentDueDay),
    graceDays: Number(v.graceDays),
    prorate: v.prorate,
    fees: v.fees.map((f) => ({
      ...(f.id && { id: f.id }),
      label: f.label.trim(),
      amount: wire(f.amount),
      frequency: f.frequency,
      dueDate: f.frequency === 'once' ? isoDate(f.dueDate) : null,
    })),
    lateFee: lateFeeBody(v),
  };
}

const LATE_FEE_FIELDS: Record<string, LeaseTextField> = {
  amount: 'lateFeeAmount',
  percent: 'lateFeePercent',
  cap: 'lateFeeCap',
};
const TEXT_FIELDS: readonly string[] = [
  'userId',
  'unitLabel',
  'leaseStart',
  'leaseEnd',
  'monthlyRent',
  'securityDeposit',
  'rentDueDay',
  'graceDays',
];

function fieldOf(path: string): string | undefined {
  const [head = '', second = '', third = ''] = path.split('.');
  if (head === 'fees' && /^\d+$/.test(second) && ['label', 'amount', 'dueDate'].includes(third)) return path;
  if (head === 'lateFee') return LATE_FEE_FIELDS[second];
  return TEXT_FIELDS.includes(head) ? head : undefined;
}

/** The server's 400 issues at the fields they name ("fees.0.label", "lateFee.cap"); the rest said above the form. */
export function serverIssues(issues: readonly ApiIssue[]): { fields: LeaseFormErrors; other: string[] } {
  const fields: LeaseFormErrors = {};
  const other: string[] = [];
  for (const { path, message } of issues) {
    const key = fieldOf(path);
    if (key && !fields[key]) fields[key] = message;
    else if (!key) other.push(message);
  }
  return { fields, other };
}
