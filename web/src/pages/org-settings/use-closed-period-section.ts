import { OWNERS, type Role } from '@rent/shared/core/roles';
import { useEffect, useState } from 'react';
import { useClosedPeriod, useSetClosedPeriod } from '../../api/activity';
import { errorMessage } from '../../api/client';
import { toast } from '../../components/toast/store';

/**
 * Org Settings "Closed period" (docs/ledger.md "Closed periods"): ADMIN and LANDLORD close the books through a date;
 * moving it earlier or clearing it reopens a period, which only an ADMIN may (the server says so with a 403 otherwise).
 */
export function useClosedPeriodSection(myRole: Role | null) {
  const visible = !!myRole && OWNERS.includes(myRole);
  const period = useClosedPeriod(visible);
  const save = useSetClosedPeriod();
  const saved = period.data?.closedThrough ?? null;
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDate(saved ?? ''), [saved]);

  const submit = async (closedThrough: string | null) => {
    setError(null);
    try {
      const result = await save.mutateAsync(closedThrough);
      toast.success('Closed period saved', {
        description: result.closedThrough
          ? `The books are closed through ${result.closedThrough}.`
          : 'No period is closed.',
        duration: 3000,
      });
    } catch (e) {
      setError(errorMessage(e, 'Unable to save the closed period.'));
    }
  };

  return {
    visible,
    loading: period.isPending && period.fetchStatus !== 'idle',
    saved,
    history: period.data?.history ?? [],
    date,
    setDate,
    error,
    saving: save.isPending,
    canReopen: myRole === 'ADMIN',
    close: () => void submit(date || null),
    reopen: () => void submit(null),
  };
}

export type ClosedPeriodSectionModel = ReturnType<typeof useClosedPeriodSection>;
