import type { RentalHistory } from '../../api/leases';

/** What a tenant's lease card is drawn from, and the words its months and ledger share on a phone and a desktop. */
export type RentalLease = RentalHistory['leases'][number];
export type Ledger = RentalLease['ledger'];

export const EMPTY_MONTHS = "Your first month's rent shows here once the lease starts.";
export const EMPTY_LEDGER = "Your charges show here from the lease's first due date.";
