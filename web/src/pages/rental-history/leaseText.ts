import type { RentalHistory } from '../../api/leases';

/** What a tenant's lease card is drawn from, and the words its months and ledger share on a phone and a desktop. */
export type RentalLease = RentalHistory['leases'][number];
export type Ledger = RentalLease['ledger'];

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "October 2026". */
export const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

export const EMPTY_MONTHS = "Your first month's rent shows here once the lease starts.";
export const EMPTY_LEDGER = "Your charges show here from the lease's first due date.";
