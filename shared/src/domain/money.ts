import * as z from 'zod';
import { checkMoney, MONEY_MESSAGES } from '../core/fields.js';
import { MAX_ABS_CENTS } from '../core/money.js';

export * from '../core/money.js';

/** A zod field for wire money: a finite decimal with at most 2 places, returned as cents. */
export function moneyField(opts: { min?: number; max?: number; label?: string } = {}) {
  const min = opts.min ?? -MAX_ABS_CENTS;
  const max = opts.max ?? MAX_ABS_CENTS;
  return z.union([z.number(), z.string()], { error: MONEY_MESSAGES.type }).transform((value, ctx) => {
    const checked = checkMoney(value, { min, max });
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    }
    return checked.value;
  });
}
