import { z } from 'zod';
import { Id } from '../../domain/common.js';
import { StatementMonth } from '../../domain/reconciliation.js';
import type { Role } from '../../domain/roles.js';

/** Undoing a finished reconciliation is an ADMIN's alone (docs/reconciliation.md "Who may do what"). */
export const ADMIN_ONLY: readonly Role[] = ['ADMIN'];

export const byStatementLine = z.strictObject({
  id: Id,
  month: StatementMonth,
  lineId: z.string().regex(/^s\d{1,5}$/, { error: 'That statement line is not valid' }),
});
