import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useTenantLedger, useWaiveCharge } from '../../api/leases';
import { toast } from '../../components/toast/store';
import type { LedgerLine } from '../../features/rent/ledgerParts';
import { formatMoney } from '../../lib/money';

/**
 * One lease's ledger in the Tenants and leases drawer, and waiving a late fee on it (ADMIN and LANDLORD: the server
 * refuses managers). A waiver is asked for, then confirmed: it gives up income and cannot be taken back.
 */
export function useLeaseLedger(leaseId: string | null, canWaive: boolean) {
  const query = useTenantLedger(leaseId);
  const waive = useWaiveCharge();
  const [asking, setAsking] = useState<LedgerLine | null>(null);
  const [waiveError, setWaiveError] = useState<string | null>(null);

  const confirmWaive = async () => {
    if (!leaseId || !asking?.code) return;
    setWaiveError(null);
    try {
      await waive.mutateAsync({ leaseId, code: asking.code });
      toast.success('Late fee waived', {
        description: `${asking.label}, ${formatMoney(asking.amount, 2)}. The tenant no longer owes it.`,
        duration: 3000,
      });
      setAsking(null);
    } catch (error) {
      setWaiveError(errorMessage(error, 'Failed to waive the late fee'));
    }
  };

  return {
    data: query.data ?? null,
    loading: query.isPending && query.fetchStatus !== 'idle',
    failed: query.isError,
    retry: () => void query.refetch(),
    /** Late fees still charged may be waived, by owners. */
    canWaive: (line: LedgerLine) => canWaive && line.kind === 'late_fee' && !line.waived && line.code !== null,
    asking,
    ask: (line: LedgerLine) => {
      setWaiveError(null);
      setAsking(line);
    },
    cancelWaive: () => setAsking(null),
    confirmWaive: () => void confirmWaive(),
    waiving: waive.isPending,
    waiveError,
  };
}
