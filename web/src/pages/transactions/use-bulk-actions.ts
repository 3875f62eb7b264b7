import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type BulkSet, type Transaction, useBulkUpdate } from '../../api/transactions';
import { toast } from '../../components/toast/store';
import type { BulkKind } from './BulkModals';
import { plural } from './columns';

/** Ledger success toasts last 3000ms (errors keep the 5000ms default). */
const SUCCESS_TOAST_MS = 3000;

/**
 * Bulk actions on the selected rows: Ignore / Unignore at once, Categorize / Assign property through a modal
 * (`kind`). A failure shows in the open modal, or as a toast when there is none.
 */
export function useBulkActions(selected: readonly Transaction[], clearSelection: () => void) {
  const bulk = useBulkUpdate();
  const [kind, setKind] = useState<BulkKind | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (set: BulkSet, what: string) => {
    setError(null);
    const ids = selected.map((t) => t.id);
    try {
      const result = await bulk.mutateAsync({ ids, set });
      setKind(null);
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
      if (kind) setError(text);
      else toast.error('Error', { description: text });
    }
  };

  return {
    busy: bulk.isPending,
    /** The open modal, if any. */
    kind,
    error,
    /** A menu item of "Bulk actions". */
    choose: (id: string) => {
      if (id === 'categorize' || id === 'property') {
        setError(null);
        setKind(id);
      } else if (id === 'ignore') void run({ isIgnored: true }, 'Ignored');
      else if (id === 'unignore') void run({ isIgnored: false }, 'Unignored');
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
