import { payerKey, suggestLease, suggestSplit } from '@rent/shared';
import { describe, expect, it } from 'vitest';

const lease = (id: string, monthlyRent: number, tenantName: string | null, extra = {}) => ({
  id,
  propertyId: 'p',
  leaseStart: '2026-01-01',
  leaseEnd: null,
  monthlyRent,
  tenantName,
  ...extra,
});
const pay = (name: string, amount: number, date = '2026-03-03') => ({
  name,
  amount,
  date,
  category: 'rental_income',
  propertyId: 'p',
});
const none = new Map<string, Map<string, number>>();

describe('which lease a rent payment pays', () => {
  const kim = lease('kim', 120_000, 'Grace Kim');
  const ortiz = lease('ortiz', 135_000, 'Luis Ortiz LLC');

  it('the only lease running in its month; a lease of another property or month never', () => {
    expect(suggestLease(pay('Zelle', 99), [kim], none)).toEqual({ leaseId: 'kim', reason: 'onlyLease' });
    expect(suggestLease(pay('Zelle', 99), [{ ...kim, propertyId: 'q' }], none)).toBeNull();
    expect(suggestLease(pay('Zelle', 99, '2025-12-30'), [kim, ortiz], none)).toBeNull();
    expect(suggestLease({ ...pay('Zelle', -99) }, [kim], none)).toBeNull();
  });

  it("the payer's earlier links first, then the tenant's name, then the rent; a tie is no suggestion", () => {
    const learned = new Map([[payerKey('ACH  Deposit Northside Holdings #1'), new Map([['ortiz', 2]])]]);
    expect(suggestLease(pay('ach deposit northside holdings 1', 120_000), [kim, ortiz], learned)).toEqual({
      leaseId: 'ortiz',
      reason: 'samePayer',
    });
    expect(suggestLease(pay('Rent from G. KIM', 135_000), [kim, ortiz], none)).toEqual({
      leaseId: 'kim',
      reason: 'tenantName',
    });
    // "LLC" names no one.
    expect(suggestLease(pay('Acme LLC', 1), [kim, ortiz], none)).toBeNull();
    expect(suggestLease(pay('Check', 135_000), [kim, ortiz], none)).toEqual({ leaseId: 'ortiz', reason: 'amount' });
    expect(suggestLease(pay('Check', 135_000), [kim, ortiz, lease('x', 135_000, null)], none)).toBeNull();
    const tie = new Map([
      [
        payerKey('northside'),
        new Map([
          ['kim', 1],
          ['ortiz', 1],
        ]),
      ],
    ]);
    expect(suggestLease(pay('Northside', 7), [kim, ortiz], tie)).toBeNull();
    // Bank words and reference numbers name no payer: nothing is learned from them.
    expect(payerKey('ACH CREDIT 88213077')).toBe('');
    expect(payerKey('ZELLE FROM PAT QUINN 88213077')).toBe('zelle from pat quinn');
  });

  it('a payment of several rents together is split, one part per lease, only when one set adds up', () => {
    const third = lease('third', 15_000, null);
    expect(suggestSplit(pay('Check', 255_000), [kim, ortiz, third])).toEqual({
      parts: [
        { leaseId: 'kim', amount: 120_000 },
        { leaseId: 'ortiz', amount: 135_000 },
      ],
      reason: 'rentsAdd',
    });
    // Both {kim, ortiz, third} and {ortiz, y} add up to 270,000: two answers are no answer.
    expect(suggestSplit(pay('Check', 270_000), [kim, ortiz, third, lease('y', 135_000, null)])).toBeNull();
    expect(suggestSplit(pay('Check', 120_000), [kim, ortiz])).toBeNull();
  });
});
