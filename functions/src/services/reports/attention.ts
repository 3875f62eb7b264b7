import { needsAttention, needsLandValue, type PropertyRecord } from '@rent/shared';
import { listInstitutions } from '../../data/banking/banks.js';
import { NO_RECEIPT_COUNTER, type RollupCell } from '../../data/ledger/rollupDeltas.js';

/**
 * The dashboard's newer "Needs attention" counts (docs/reports-and-tax.md "Needs attention"), each equal to the list
 * its link opens: bank connections someone must reconnect (the ones Org Settings → Bank connections and the bank banner
 * flag), and the period's expenses over $75 without a receipt, from the x#noreceipt counters of the period's rollup
 * cells (kept by every ledger and receipt write with the same test as the ledger filter the link carries,
 * core/attention.ts).
 */
export async function attentionCounts(
  orgId: string,
  periodCells: Promise<RollupCell[]>,
  propertyId: string | null | undefined,
) {
  const [institutions, cells] = await Promise.all([listInstitutions(orgId), periodCells]);
  let expensesWithoutReceipt = 0;
  for (const cell of cells) {
    if (propertyId === undefined || cell.propertyId === propertyId) {
      expensesWithoutReceipt += cell.counters[NO_RECEIPT_COUNTER] ?? 0;
    }
  }
  return {
    connectionsToReconnect: institutions.filter((i) => needsAttention(i.status)).length,
    expensesWithoutReceipt,
  };
}

/**
 * The properties whose building cannot be depreciated for want of a land value (core/properties.ts
 * `needsLandValue`: an acquisition price and no land value), of the dashboard's property choice (every one, the one
 * chosen, or none for money with no property), in the property list's order. Each links to its property's form.
 */
export function propertiesWithoutLandValue(
  properties: readonly PropertyRecord[],
  propertyId: string | null | undefined,
): { propertyId: string; address: string }[] {
  return properties
    .filter((p) => (propertyId === undefined || p.id === propertyId) && needsLandValue(p))
    .map((p) => ({ propertyId: p.id, address: p.address }));
}
