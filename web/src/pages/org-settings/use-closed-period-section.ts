import { OWNERS, type Role } from '@rent/shared/core/roles';
import { useEffect, useState } from 'react';
import { useClosedPeriod, useSetClosedPeriod } from '../../api/activity';
import { errorMessage } from '../../api/client';
import { toast } from '../../components/toast/store';

/**
 * Org Settings "Closed period" (docs/ledger.md "Closed periods"): ADMIN and LANDLORD close the books through a date;
 * moving it earlier or clearing it reopens a period, which only an ADMIN may (the server says so with a 403 otherwise).
 * Read once the section is `shown`.
 */
export function useClosedPeriodSection(myRole: Role | null, shown: boolean) {
  const visible = !!myRole && OWNERS.includes(myRole);
  const period = useClosedPeriod(visible && shown);
  const save = useSetClosedPeriod();
  const saved = period.data?.closedThrough ?? null;
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The change waiting for its confirmation: closing (or moving the close later), reopening after a date, or all. */
  const [confirming, setConfirming] = useState<ClosedPeriodConfirmation | null>(null);
  useEffect(() => setDate(saved ?? ''), [saved]);

  const submit = async (closedThrough: string | null) => {
    setError(null);
    try {
      const result = await save.mutateAsync(closedThrough);
      setConfirming(null);
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
    /** Close the books (or move the close): asks first, in words that say what closes or opens again. */
    close: () => {
      if (!date) return;
      setError(null);
      setConfirming(
        saved && date < saved ? { kind: 'reopen_after', date, from: saved } : { kind: 'close', date, from: saved },
      );
    },
    reopen: () => {
      if (!saved) return;
      setError(null);
      setConfirming({ kind: 'reopen_all', date: null, from: saved });
    },
    confirming,
    confirm: () => void (confirming ? submit(confirming.date) : undefined),
    cancelConfirm: () => !save.isPending && setConfirming(null),
  };
}

export interface ClosedPeriodConfirmation {
  kind: 'close' | 'reopen_after' | 'reopen_all';
  /** The new closed-through date (null: nothing closed). */
  date: string | null;
  /** The date the books are closed through now. */
  from: string | null;
}

/** What a close or reopen does, for its confirmation (header, text, the button). */
export function closedPeriodConfirmationTexts(c: ClosedPeriodConfirmation) {
  if (c.kind === 'close') {
    return {
      header: `Close the books through ${c.date}?`,
      body: `Transactions dated on or before ${c.date} can then no longer be created, changed or deleted — by hand, in bulk, by rules, imports or bank sync. The bank's changes to them are held back until the period is reopened; only an admin can reopen it.`,
      confirm: 'Close the books',
    };
  }
  if (c.kind === 'reopen_after') {
    return {
      header: `Reopen the books after ${c.date}?`,
      body: `They are closed through ${c.from}. Transactions dated after ${c.date} can be changed again, and the bank's changes held back for them are applied.`,
      confirm: `Reopen after ${c.date}`,
    };
  }
  return {
    header: 'Reopen all periods?',
    body: `The books are closed through ${c.from}. Every transaction can be changed again, and the bank's changes held back are applied.`,
    confirm: 'Reopen all periods',
  };
}

export type ClosedPeriodSectionModel = ReturnType<typeof useClosedPeriodSection>;
