import type { Lease, MoveOutStatement, RentalHistory, TenantLedger } from '@rent/shared/types';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';
import { reportsKey } from './reports';
import { transactionsKey } from './transactions';

export type { Lease, MoveOutStatement, RentalHistory, TenantLedger };

export const leasesKey = ['leases'] as const;
export const rentalHistoryKey = ['rental-history'] as const;
/**
 * A lease's ledger lives under the reports' key, itself under the transactions' key: a payment recorded, edited or
 * linked changes the ledger as it changes the rent roll, and every transaction write already refreshes that key.
 */
const ledgerKey = (leaseId: string) => [...reportsKey, 'lease-ledger', leaseId] as const;

/**
 * A lease write re-posts its charges on the server, so what reads charges (the ledgers, the aging report, the rent
 * roll) is refreshed with the leases.
 */
const afterLeaseWrite = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: leasesKey }), client.invalidateQueries({ queryKey: reportsKey })]);

/** The leases of one property (staff only). */
export function usePropertyLeases(propertyId: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...leasesKey, propertyId],
    queryFn: async () => (await callRoute('listLeases', { params: { id: propertyId! } })).leases,
    enabled: session.status === 'authenticated' && !!propertyId,
  });
}

/** A fee as sent: dollars; `id` of a fee the lease already has keeps it (and its posted charges). */
export interface LeaseFeeBody {
  id?: string;
  label: string;
  amount: number;
  frequency: 'monthly' | 'once';
  dueDate: string | null;
}

/** A late fee as sent: fixed dollars, or a percentage of the month's rent; a daily one needs a cap (dollars). */
export type LateFeeBody =
  | { mode: 'fixed'; amount: number; daily: boolean; cap: number | null }
  | { mode: 'percent'; percent: number; daily: boolean; cap: number | null };

/** Every term of a lease the form edits (the tenant is chosen only when the lease is added). */
export interface LeaseTermsBody {
  unitLabel: string | null;
  leaseStart: string;
  leaseEnd: string | null;
  monthlyRent: number;
  securityDeposit: number;
  rentDueDay: number;
  graceDays: number;
  prorate: boolean;
  fees: LeaseFeeBody[];
  lateFee: LateFeeBody | null;
}

export interface NewLease extends LeaseTermsBody {
  userId: string;
}

export function useAddLease(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewLease) => callRoute('createLease', { params: { id: propertyId }, body }),
    onSettled: () => afterLeaseWrite(client),
  });
}

/**
 * Saves the lease's terms with the version the form loaded (docs/tenants-and-maintenance.md "Changing a lease"): a
 * 409 CONFLICT means someone saved it since; the caller shows that and offers the latest version.
 */
export function useUpdateLease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string; body: LeaseTermsBody; version: number }) =>
      callRoute('updateLease', { params: { id }, body: { ...body, version } }),
    onSettled: () => afterLeaseWrite(client),
  });
}

/** A lease's ledger (staff): its charges and payments with the running balance, totals and the next charge. */
export function useTenantLedger(leaseId: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: ledgerKey(leaseId ?? ''),
    queryFn: () => callRoute('getTenantLedger', { params: { id: leaseId! } }),
    enabled: session.status === 'authenticated' && !!leaseId,
  });
}

/** Waives a late fee (ADMIN and LANDLORD); the answer is the ledger as it is now, shown at once. */
export function useWaiveCharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ leaseId, code }: { leaseId: string; code: string }) =>
      callRoute('waiveCharge', { params: { id: leaseId, code } }),
    onSuccess: (ledger) => client.setQueryData(ledgerKey(ledger.leaseId), ledger),
    onSettled: () => client.invalidateQueries({ queryKey: [...reportsKey, 'aging'] }),
  });
}

/**
 * Ends a lease on a date: a PATCH of its end, with the version of the lease as shown (docs/tenants-and-maintenance.md
 * "Changing a lease"); if someone changed it since, the answer is a 409 and the list reloads either way.
 */
export function useEndLease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lease, leaseEnd }: { lease: Pick<Lease, 'id' | 'version'>; leaseEnd: string }) =>
      callRoute('updateLease', { params: { id: lease.id }, body: { leaseEnd, version: lease.version } }),
    onSettled: () => afterLeaseWrite(client),
  });
}

/** A move-out as sent: the day, the deductions (dollars) and whether the deposit also pays what the lease owes. */
export interface MoveOutBody {
  date: string;
  deductions: { label: string; amount: number }[];
  applyToBalance: boolean;
}

/**
 * Moves the tenant out (ADMIN and LANDLORD; docs/tenants-and-maintenance.md "Move-out"): it charges the deductions,
 * ends the lease and books the deposit applied, so the leases, the ledgers and every report are refreshed.
 */
export function useMoveOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ leaseId, body }: { leaseId: string; body: MoveOutBody }) =>
      callRoute('moveOutLease', { params: { id: leaseId }, body }),
    // It writes transactions too: the whole transactions key (the reports are under it) is refreshed.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: leasesKey }),
        client.invalidateQueries({ queryKey: transactionsKey }),
      ]),
  });
}

export function useDeleteLease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute('deleteLease', { params: { id } }),
    onSettled: () => afterLeaseWrite(client),
  });
}

/** The signed-in tenant's leases and months (tenants only: staff never ask). */
export function useRentalHistory(options: { enabled: boolean }) {
  const session = useSession();
  return useQuery({
    queryKey: [...rentalHistoryKey, session.data?.userId],
    queryFn: () => callRoute('getRentalHistory'),
    enabled: session.status === 'authenticated' && options.enabled,
  });
}
