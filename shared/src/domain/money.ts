import { z } from 'zod';
import { centsToString, MAX_ABS_CENTS, toCents } from '../core/money.js';

export * from '../core/money.js';

/** A zod field for wire money: a finite decimal with at most 2 places, returned as cents. */
export function moneyField(opts: { min?: number; max?: number; label?: string } = {}) {
  const min = opts.min ?? -MAX_ABS_CENTS;
  const max = opts.max ?? MAX_ABS_CENTS;
  return z
    .union([z.number(), z.string()], { error: 'Enter an amount such as 1250 or 1250.50' })
    .transform((value, ctx) => {
      const cents = toCents(value);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter an amount with at most 2 decimal places' });
        return z.NEVER;
      }
      if (cents < min || cents > max) {
        ctx.addIssue({
          code: 'custom',
          message: `Amount must be between ${centsToString(min)} and ${centsToString(max)}`,
        });
        return z.NEVER;
      }
      return cents;
    });
}
