import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { fetchAllTransactions, type TransactionFilters } from '../../api/transactions';
import { toast } from '../../components/toast/store';
import { todayIso } from '../../lib/dates';
import { exportFileName, periodPart, propertyPart } from '../../lib/exportName';
import { plural } from './columns';
import { downloadText, transactionsCsv } from './csv';
import { partFilterOf } from './splitRows';

/**
 * CSV export of the whole filtered set: pages through it (100 a call) with a running count, then downloads.
 * Cancel aborts it; leaving the page does too. `start` and `cancel` are stable (the page's header is memoized on them).
 */
export function useCsvExport(filters: TransactionFilters, addressOf: (propertyId: string) => string) {
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const exportAll = useCallback(async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const all = await fetchAllTransactions(filters, setProgress, controller.signal);
      const name = exportFileName(
        'transactions',
        [propertyPart(filters.propertyId, addressOf), periodPart(filters.from, filters.to, todayIso())],
        'csv',
      );
      downloadText(transactionsCsv(all, addressOf, partFilterOf(filters)), name);
      toast.success('Export ready', {
        description: `${plural(all.length, 'transaction')} exported to CSV.`,
        duration: 3000,
      });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        toast.error('Error', { description: `Error: ${errorMessage(error, 'Export failed')}` });
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }, [filters, addressOf]);

  return {
    /** Transactions read so far, or null when no export runs. */
    progress,
    start: useCallback(() => void exportAll(), [exportAll]),
    cancel: useCallback(() => abort.current?.abort(), []),
  };
}
