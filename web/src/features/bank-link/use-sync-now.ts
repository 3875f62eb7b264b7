import { SYNC_FAILED_TEXT, syncResultWords } from '@rent/shared/core/banks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type BankConnection, banksKey, connectionsKey } from '../../api/banks';
import { callRoute, errorMessage } from '../../api/client';
import { transactionsKey } from '../../api/transactions';
import { toast } from '../../components/toast/store';

/** How often the connection is read while its sync runs, and for how long before the toast says it is still going. */
const POLL_MS = 1500;
const WAIT_MS = 120_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "Sync now" on a bank connection (docs/banking.md "Sync now"): queue the sync, read the connection until a
 * `lastSync` that began at or after the request has ended, then say how it went (how many added, updated, removed, or why it failed) and
 * refresh what shows the bank: the connections, the banner, the dashboard's needs-attention list and the ledger.
 * `syncing` holds the ids of the connections whose sync runs.
 */
export function useSyncNow() {
  const client = useQueryClient();
  const [syncing, setSyncing] = useState<ReadonlySet<string>>(new Set());
  const mark = (id: string, on: boolean) =>
    setSyncing((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const waitFor = async (id: string, requestedAt: string) => {
    for (const until = Date.now() + WAIT_MS; Date.now() < until; ) {
      await pause(POLL_MS);
      const { connections } = await callRoute('listBankConnections');
      client.setQueryData(connectionsKey, connections);
      const connection = connections.find((c) => c.id === id);
      if (!connection) return 'gone' as const;
      // The first round that began at or after the request answers it (one already running did not see what the
      // request asked for; a later one may have found nothing new since).
      const answer = connection.recentSyncs.filter((s) => s.startedAt >= requestedAt).at(-1);
      if (answer) return answer;
    }
    return null;
  };

  const syncNow = async (connection: Pick<BankConnection, 'id' | 'institutionName'>) => {
    if (syncing.has(connection.id)) return;
    mark(connection.id, true);
    const name = connection.institutionName;
    try {
      const { requestedAt } = await callRoute('syncBankConnection', { params: { id: connection.id } });
      const result = await waitFor(connection.id, requestedAt);
      if (result === null) {
        toast.info(`${name} is still syncing`, {
          description: 'The bank is taking a while. Its transactions appear here when it is done.',
        });
      } else if (result === 'gone') {
        toast.info(`${name} was disconnected`, { description: 'The connection was removed while it synced.' });
      } else if (result.status === 'synced') {
        toast.success(`${name} synced`, { description: syncResultWords(result), duration: 4000 }); // as apply results
      } else {
        toast.error(`${name} did not sync`, { description: result.message ?? SYNC_FAILED_TEXT });
      }
    } catch (error) {
      toast.error(`Failed to sync ${name}`, { description: errorMessage(error) });
    } finally {
      mark(connection.id, false);
      void client.invalidateQueries({ queryKey: banksKey });
      void client.invalidateQueries({ queryKey: transactionsKey });
    }
  };

  return { syncNow, syncing };
}
