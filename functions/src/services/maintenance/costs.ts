import { fromCents, type MaintenanceCosts } from '@rent/shared';
import { readTransactions } from '../../data/ledger/read.js';
import { costTransactionIdsOf } from '../../data/maintenance/costs.js';
import type { Caller } from '../../runtime/identity.js';

/**
 * A maintenance request's repair costs (docs/tenants-and-maintenance.md "Repair costs"): the transactions that still
 * name it, oldest first, and their total in integer cents (money out less refunds; ignored ones listed, not counted).
 * Staff only (the route).
 */
export async function maintenanceCosts(caller: Caller, requestId: string): Promise<MaintenanceCosts> {
  const ids = await costTransactionIdsOf(caller.orgId, requestId);
  const found = await readTransactions(caller.orgId, ids);
  const costs = [...found.values()]
    .filter((t) => t.maintenanceRequestId === requestId)
    .sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt));
  let spent = 0;
  for (const t of costs) if (!t.isIgnored) spent -= t.amount;
  return {
    costs: costs.map((t) => ({
      id: t.id,
      date: t.date,
      name: t.name,
      amount: fromCents(t.amount),
      isIgnored: t.isIgnored,
    })),
    total: fromCents(spent),
  };
}
