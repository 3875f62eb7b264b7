import { LeaseInput, LeaseUpdate } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import type { Lease } from '../../web/src/api/leases';
import {
  emptyLeaseForm,
  type LeaseFormValues,
  leaseFormValues,
  leaseTermsBody,
  newFeeRow,
  serverIssues,
  validateLease,
} from '../../web/src/pages/properties/leaseForm';

/** The lease form (web/src/pages/properties/leaseForm.ts): the server's checks said first, and a body it accepts. */
const filled = (over: Partial<LeaseFormValues> = {}): LeaseFormValues => ({
  ...emptyLeaseForm(),
  userId: 'u-1',
  leaseStart: '2025/01/01',
  monthlyRent: '1,250',
  ...over,
});

const lease: Lease = {
  id: 'l-1',
  propertyId: 'p-1',
  userId: 'u-1',
  tenant: { name: 'Tara', email: 'tara@example.com' },
  unitLabel: 'Apt 2',
  leaseStart: '2025-01-01',
  leaseEnd: null,
  monthlyRent: 1250.5,
  securityDeposit: 0,
  rentDueDay: 3,
  graceDays: 5,
  prorate: true,
  fees: [{ id: 'fee-a', label: 'Parking', amount: 75, frequency: 'monthly', dueDate: null }],
  lateFee: { mode: 'percent', amount: 5, daily: true, cap: 200 },
  state: 'active',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version: 4,
};

describe('the lease form', () => {
  it('accepts a filled form and sends a body the server schema takes: no fees, no late fee', () => {
    expect(validateLease(filled(), 'add')).toEqual({});
    const body = leaseTermsBody(filled());
    expect(body).toEqual({
      unitLabel: null,
      leaseStart: '2025-01-01',
      leaseEnd: null,
      monthlyRent: 1250,
      securityDeposit: 0,
      rentDueDay: 1,
      graceDays: 5,
      prorate: false,
      fees: [],
      lateFee: null,
    });
    expect(LeaseInput.safeParse({ ...body, userId: 'u-1' }).success).toBe(true);
  });

  it('fills from a saved lease and sends it back unchanged, fee ids kept and the percentage as typed', () => {
    const values = leaseFormValues(lease);
    expect(values).toMatchObject({
      monthlyRent: '1250.50',
      securityDeposit: '',
      lateFeeMode: 'percent',
      lateFeePercent: '5',
      lateFeeDaily: true,
      lateFeeCap: '200.00',
    });
    expect(validateLease(values, 'edit')).toEqual({});
    const body = leaseTermsBody(values);
    expect(body.fees).toEqual([{ id: 'fee-a', label: 'Parking', amount: 75, frequency: 'monthly', dueDate: null }]);
    expect(body.lateFee).toEqual({ mode: 'percent', percent: 5, daily: true, cap: 200 });
    const parsed = LeaseUpdate.safeParse({ ...body, version: 4 });
    expect(parsed.success).toBe(true);
    // Inside: cents, and basis points for the percentage.
    expect(parsed.data?.lateFee).toEqual({ mode: 'percent', amount: 500, daily: true, cap: 20_000 });
  });

  it('says what a fee row and the late fee need, at their fields', () => {
    const fee = { ...newFeeRow(), frequency: 'once' as const };
    const errors = validateLease(
      filled({ fees: [fee], lateFeeMode: 'fixed', lateFeeAmount: '0', lateFeeDaily: true }),
      'add',
    );
    expect(errors).toEqual({
      'fees.0.label': 'Name the fee',
      'fees.0.amount': 'An amount such as 50',
      'fees.0.dueDate': 'A one-time fee needs its due date',
      lateFeeAmount: 'Enter the late fee, such as 50',
      lateFeeCap: 'A daily late fee needs a cap',
    });
    expect(validateLease(filled({ userId: '' }), 'edit')).toEqual({});
    expect(validateLease(filled({ userId: '' }), 'add')).toEqual({ userId: 'Choose a tenant' });
    expect(validateLease(filled({ lateFeeMode: 'percent', lateFeePercent: '101' }), 'add')).toEqual({
      lateFeePercent: 'A percentage from 0.01 to 100, such as 5',
    });
  });

  it('refuses a start more than twenty years ago, as the server does (a mistyped century would charge every month since)', () => {
    const today = new Date().toISOString().slice(0, 10);
    const yearsAgo = (n: number) => `${Number(today.slice(0, 4)) - n}${today.slice(4)}`;
    const tooEarly = yearsAgo(21);
    expect(validateLease(filled({ leaseStart: tooEarly.replaceAll('-', '/') }), 'add')).toEqual({
      leaseStart: 'A lease can start at most 20 years ago',
    });
    const body = leaseTermsBody(filled({ leaseStart: tooEarly.replaceAll('-', '/') }));
    expect(LeaseInput.safeParse({ ...body, userId: 'u-1' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['leaseStart'], message: 'A lease can start at most 20 years ago' }),
    ]);
    expect(LeaseUpdate.safeParse({ version: 1, leaseStart: '1926-03-01' }).error?.issues[0]?.message).toBe(
      'A lease can start at most 20 years ago',
    );
    expect(validateLease(filled({ leaseStart: yearsAgo(19).replaceAll('-', '/') }), 'add')).toEqual({});
    expect(LeaseInput.safeParse({ ...body, leaseStart: yearsAgo(19), userId: 'u-1' }).success).toBe(true);
  });

  it('a one-time fee sends its date; a monthly one none', () => {
    const once = { ...newFeeRow(), label: ' Key ', amount: '25', frequency: 'once' as const, dueDate: '2025/02/10' };
    const body = leaseTermsBody(filled({ fees: [once, { ...newFeeRow(), label: 'Pet', amount: '30.5' }] }));
    expect(body.fees).toEqual([
      { label: 'Key', amount: 25, frequency: 'once', dueDate: '2025-02-10' },
      { label: 'Pet', amount: 30.5, frequency: 'monthly', dueDate: null },
    ]);
    expect(LeaseInput.safeParse({ ...body, userId: 'u-1' }).success).toBe(true);
  });

  it("puts the server's issues at their fields and says the rest", () => {
    expect(
      serverIssues([
        { path: 'fees.1.label', message: 'Name the fee' },
        { path: 'lateFee.cap', message: 'A daily late fee needs a cap' },
        { path: 'monthlyRent', message: 'Too much' },
        { path: '', message: 'Change at least one term of the lease' },
      ]),
    ).toEqual({
      fields: {
        'fees.1.label': 'Name the fee',
        lateFeeCap: 'A daily late fee needs a cap',
        monthlyRent: 'Too much',
      },
      other: ['Change at least one term of the lease'],
    });
  });
});
