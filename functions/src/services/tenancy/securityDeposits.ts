import { fromCents, leaseCoversMonth, type SecurityDepositsReport } from '@rent/shared';
import { summarizeCell } from '../../data/ledger/rollupSums.js';
import { readRollupCells } from '../../data/ledger/rollups.js';
import { nameAndEmail, profilesOf } from '../../data/people/members.js';
import { listProperties } from '../../data/tenancy/properties.js';
import { leasesByPropertyOf } from '../../data/tenancy/tenancies.js';

/** The category a deposit received or returned is booked in: a transfer, so it is never income or expense. */
export const SECURITY_DEPOSIT_CATEGORY = 'security_deposit';

/**
 * Security deposits held per property at the end of `month` (docs/tenants-and-maintenance.md "Security deposits"):
 * received and returned per the ledger (the category's in and out in every rollup cell up to that month, one Query),
 * beside what the leases running then ask for. A property with neither is left out.
 */
export async function securityDepositsReport(orgId: string, month: string): Promise<SecurityDepositsReport> {
  const [properties, leases, { cells }] = await Promise.all([
    listProperties(orgId),
    leasesByPropertyOf(orgId),
    readRollupCells(orgId, { from: null, to: month }),
  ]);
  const ledger = new Map<string, { in: number; out: number }>();
  for (const cell of cells) {
    if (cell.propertyId === null) continue;
    const deposit = summarizeCell(cell).byCategory[SECURITY_DEPOSIT_CATEGORY];
    if (deposit === undefined) continue;
    const sums = ledger.get(cell.propertyId) ?? { in: 0, out: 0 };
    sums.in += deposit.in;
    sums.out += deposit.out;
    ledger.set(cell.propertyId, sums);
  }
  const running = [...leases.values()].flat().filter((l) => leaseCoversMonth(l, month) && l.securityDeposit > 0);
  const profiles = await profilesOf([...new Set(running.map((l) => l.userId))]);
  const totals = { received: 0, returned: 0, held: 0, required: 0 };
  const rows = [];
  for (const property of [...properties].sort((a, b) => a.address.localeCompare(b.address))) {
    const sums = ledger.get(property.id) ?? { in: 0, out: 0 };
    const mine = running.filter((l) => l.propertyId === property.id);
    if (sums.in === 0 && sums.out === 0 && mine.length === 0) continue;
    let required = 0;
    for (const l of mine) required += l.securityDeposit;
    // A rollup's `out` is the sum of the negative amounts (<= 0).
    const returned = -sums.out;
    const held = sums.in - returned;
    totals.received += sums.in;
    totals.returned += returned;
    totals.held += held;
    totals.required += required;
    rows.push({
      propertyId: property.id,
      address: property.address,
      received: fromCents(sums.in),
      returned: fromCents(returned),
      held: fromCents(held),
      required: fromCents(required),
      leases: mine.map((l) => ({
        leaseId: l.id,
        tenant: nameAndEmail(profiles.get(l.userId)),
        unitLabel: l.unitLabel,
        deposit: fromCents(l.securityDeposit),
      })),
    });
  }
  return {
    month,
    properties: rows,
    totals: {
      received: fromCents(totals.received),
      returned: fromCents(totals.returned),
      held: fromCents(totals.held),
      required: fromCents(totals.required),
    },
  };
}
