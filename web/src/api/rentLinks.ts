import type { RentLinkReview } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';
import { reportsKey } from './reports';
import { transactionsKey } from './transactions';

export type { RentLinkReview };
export type RentLinkSuggestion = RentLinkReview['suggestions'][number];

/** Under the reports' key: a transaction write (a link made by hand) changes what is left to suggest. */
const rentLinksKey = [...reportsKey, 'rent-links'] as const;

/** The suggested links of rent to leases (staff), read when the review is opened. */
export function useRentLinkReview(open: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: rentLinksKey,
    queryFn: () => callRoute('getRentLinkReview', {}),
    enabled: session.status === 'authenticated' && open,
  });
}

/** Links the kept suggestions; the ledger, the rent roll and every lease figure follow. */
export function useApplyRentLinks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transactionIds: string[]) => callRoute('applyRentLinks', { body: { transactionIds } }),
    onSettled: () => client.invalidateQueries({ queryKey: transactionsKey }),
  });
}
