import type { Lease, RentalHistory } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';

export type { Lease, RentalHistory };

export const leasesKey = ['leases'] as const;
export const rentalHistoryKey = ['rental-history'] as const;

/** The leases of one property (staff only). */
export function usePropertyLeases(propertyId: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...leasesKey, propertyId],
    queryFn: async () => (await callRoute('listLeases', { params: { id: propertyId! } })).leases,
    enabled: session.status === 'authenticated' && !!propertyId,
  });
}

export interface NewLease {
  userId: string;
  unitLabel: string | null;
  leaseStart: string;
  leaseEnd: string | null;
  monthlyRent: number;
  securityDeposit: number;
  rentDueDay: number;
  graceDays: number;
}

export function useAddLease(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewLease) => callRoute('createLease', { params: { id: propertyId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: leasesKey }),
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
    onSettled: () => client.invalidateQueries({ queryKey: leasesKey }),
  });
}

export function useDeleteLease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute('deleteLease', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: leasesKey }),
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
