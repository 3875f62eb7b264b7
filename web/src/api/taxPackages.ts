import type { RouteResponse, Routes } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';

/**
 * The CPA tax package (docs/reports-and-tax.md "Tax package"): the year's builds (polled while one runs), starting one,
 * its download link.
 */
export type TaxPackage = RouteResponse<Routes['listTaxPackages']>['packages'][number];

const key = (year: string) => ['tax-packages', year] as const;
const POLL_MS = 1_500;
const inFlight = (p: TaxPackage | undefined) => p?.status === 'queued' || p?.status === 'running';

export function useTaxPackages(year: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: key(year ?? ''),
    queryFn: () => callRoute('listTaxPackages', { query: { year: year! } }),
    enabled: session.status === 'authenticated' && year !== null,
    refetchInterval: (query) => (inFlight(query.state.data?.packages[0]) ? POLL_MS : false),
  });
}

export function useStartTaxPackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (year: string) => callRoute('startTaxPackage', { body: { year } }),
    onSuccess: (result, year) => {
      client.setQueryData(key(year), (old: { packages: TaxPackage[] } | undefined) => ({
        packages: [result.package, ...(old?.packages ?? []).filter((p) => p.id !== result.package.id)],
      }));
    },
  });
}

/** A 5-minute link, asked for on the click (never kept): the browser then downloads the zip from S3. */
export const taxPackageLink = (id: string) => callRoute('getTaxPackageDownload', { params: { id } });
