import { partLoader, withDesktopParts } from '../../app/pageLoader';
import type { LeaseCard as LeaseCardComponent } from './LeaseCard';

export const rentalMonthsTable = partLoader(() => import('./LeaseTables').then((m) => m.RentalMonthsTable));
export const leaseLedgerTable = partLoader(() => import('./LeaseTables').then((m) => m.LeaseLedgerTable));

/**
 * A lease's card in a chunk of its own: only a tenant's page shows leases, so staff never download it; a tenant's
 * loads as soon as their role is known, while their history loads. Its months and ledger are tables on a desktop,
 * whose code comes with the card there, and lists on a phone, which never loads a table.
 */
export const leaseCard = partLoader<Parameters<typeof LeaseCardComponent>[0]>(() =>
  withDesktopParts(import('./LeaseCard'), [rentalMonthsTable, leaseLedgerTable]).then((m) => m.LeaseCard),
);
