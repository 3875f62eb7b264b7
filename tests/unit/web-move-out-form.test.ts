import { describe, expect, it } from 'vitest';
import { positiveCents, validateMoveOut } from '../../web/src/pages/properties/moveOutForm';

describe('move-out form', () => {
  const lease = { leaseStart: '2026-01-01' };
  it('a date in the lease and not ahead, named deductions over $0.00', () => {
    expect(validateMoveOut(lease, '2026-03-15', [{ label: 'Cleaning', amount: '$1,120.50' }], '2026-03-20')).toEqual(
      {},
    );
    expect(validateMoveOut(lease, '', [], '2026-03-20')).toEqual({ date: 'Choose the move-out date' });
    expect(validateMoveOut(lease, '2025-12-31', [], '2026-03-20').date).toMatch(/on or after the lease start/);
    expect(validateMoveOut(lease, '2026-03-21', [], '2026-03-20').date).toMatch(/future/);
    expect(
      validateMoveOut(
        lease,
        '2026-03-15',
        [
          { label: ' ', amount: '0' },
          { label: 'x'.repeat(61), amount: 'ten' },
        ],
        '2026-03-20',
      ),
    ).toEqual({
      'label.0': 'Name the deduction',
      'amount.0': 'Enter an amount over $0.00',
      'label.1': 'At most 60 characters',
      'amount.1': 'Enter an amount over $0.00',
    });
  });

  it('reads dollars as integer cents', () => {
    expect(positiveCents('120.1')).toBe(12010);
    expect(positiveCents(' $0.20 ')).toBe(20);
    expect(positiveCents('-5')).toBeNull();
    expect(positiveCents('')).toBeNull();
  });
});
