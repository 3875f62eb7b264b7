import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type BulkSet, type Transaction, useBulkUpdate } from '../../api/transactions';
import { toast } from '../../components/toast/store';
import type { BulkKind } from './BulkModals';
import { plural } from './columns';

/** Ledger success toasts last 3000ms (errors keep the 5000ms default). */
const SUCCESS_TOAST_MS = 3000;

/** Ignore / Unignore of this many rows or more asks first (fewer apply at once, and are as easily undone). */
const BULK_CONFIRM_FROM = 10;

/** A bulk change that asks first: what it does and to how many of the selected rows. */
export interface BulkConfirmation {
  action: 'ignore' | 'unignore' | 'accept';
  /** The rows it changes (accept: the uncategorized ones with a suggestion). */
  count: number;
  selected: number;
}

/** A row whose category the bank suggests and nobody chose (a split's parts have their own). */
const hasOpenSuggestion = (t: Transaction) => !t.category && !!t.suggestedCategory && !t.parts;

/**
 * Bulk actions on the selected rows: Categorize / Assign property through a modal (`kind`); Ignore / Unignore at
 * once, or after a confirmation from BULK_CONFIRM_FROM rows; Accept suggested categories after a confirmation that
 * says how many rows it files (`confirming`). A failure shows in the open modal, or as a toast when there is none.
 */
export function useBulkActions(selected: readonly Transaction[], clearSelection: () => void) {
  const bulk = useBulkUpdate();
  const [kind, setKind] = useState<BulkKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<BulkConfirmation | null>(null);

  const run = async (set: BulkSet, what: string) => {
    setError(null);
    const ids = selected.map((t) => t.id);
    try {
      const result = await bulk.mutateAsync({ ids, set });
      setKind(null);
      setConfirming(null);
      clearSelection();
      const changed = result.updatedIds.length;
      toast.success('Success', {
        description: `${what}: ${plural(changed, 'transaction')} updated${
          result.unchangedIds.length ? `, ${plural(result.unchangedIds.length, 'was', 'were')} already set` : ''
        }.`,
        duration: SUCCESS_TOAST_MS,
      });
    } catch (failure) {
      const text = `Error: ${errorMessage(failure, 'Failed to update transactions')}`;
      if (kind || confirming) setError(text);
      else toast.error('Error', { description: text });
    }
  };

  const ask = (action: BulkConfirmation['action'], count: number) => {
    setError(null);
    setConfirming({ action, count, selected: selected.length });
  };

  return {
    busy: bulk.isPending,
    /** The open confirmation, if any (Ignore / Unignore of many rows, Accept suggested categories). */
    confirming,
    confirm: () => {
      if (confirming?.action === 'accept') void run({ acceptSuggestedCategory: true }, 'Suggested categories accepted');
      else if (confirming?.action === 'ignore') void run({ isIgnored: true }, 'Ignored');
      else if (confirming?.action === 'unignore') void run({ isIgnored: false }, 'Unignored');
    },
    cancelConfirm: () => setConfirming(null),
    /** The open modal, if any. */
    kind,
    error,
    /** A menu item of "Bulk actions". */
    choose: (id: string) => {
      if (id === 'categorize' || id === 'property') {
        setError(null);
        setKind(id);
      } else if (id === 'accept') ask('accept', selected.filter(hasOpenSuggestion).length);
      else if (id === 'ignore' || id === 'unignore') {
        if (selected.length >= BULK_CONFIRM_FROM) ask(id, selected.length);
        else void run({ isIgnored: id === 'ignore' }, id === 'ignore' ? 'Ignored' : 'Unignored');
      }
    },
    cancel: () => setKind(null),
    /** The modal's choice: a category or a property id, null to clear it. */
    apply: (value: string | null) =>
      void run(
        kind === 'categorize' ? { category: value } : { propertyId: value },
        kind === 'categorize' ? 'Categorized' : 'Property assigned',
      ),
  };
}
