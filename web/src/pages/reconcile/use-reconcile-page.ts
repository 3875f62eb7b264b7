import { STAFF } from '@rent/shared/core/roles';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBankConnections } from '../../api/banks';
import { errorMessage } from '../../api/client';
import { useOrganization } from '../../api/organization';
import { useReconciliation, useReconciliationActions } from '../../api/reconciliation';
import { toast } from '../../components/toast/store';

/** The last `count` calendar months, newest first (YYYY-MM), from the month before this one. */
export function recentMonths(today: Date, count = 24): string[] {
  const months: string[] = [];
  for (let i = 1; i <= count; i++) {
    const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - i, 1));
    months.push(at.toISOString().slice(0, 7));
  }
  return months;
}

/**
 * The Reconcile page's data and actions (docs/reconciliation.md): the account and month from the address, the
 * month's reconciliation, the statement form (typed balances or an OFX/QFX file), ticks, adding a missing line to
 * the books, Finish and (admins) Undo.
 */
export function useReconcilePage() {
  const org = useOrganization();
  const staff = !!org.role && STAFF.includes(org.role);
  const admin = org.role === 'ADMIN';
  const [params, setParams] = useSearchParams();
  const connections = useBankConnections({ enabled: staff });
  const accounts = (connections.data ?? []).flatMap((c) => c.accounts);
  const months = recentMonths(new Date());
  const accountId = params.get('account') ?? accounts[0]?.id ?? null;
  const month = params.get('month') ?? months[0]!;
  const reconciliation = useReconciliation(staff ? accountId : null, month);
  const actions = useReconciliationActions(accountId, month);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [confirmUndo, setConfirmUndo] = useState(false);
  /** The lines table's page (from 1): a busy month has thousands of lines, a phone shows them 50 at a time. */
  const [linePage, setLinePage] = useState(1);

  const choose = (next: { account?: string; month?: string }) => {
    const merged = new URLSearchParams(params);
    if (next.account) merged.set('account', next.account);
    if (next.month) merged.set('month', next.month);
    setParams(merged, { replace: true });
    setStart('');
    setEnd('');
    setFiles([]);
    setError(null);
    setLinePage(1);
  };

  async function run<T>(work: () => Promise<T>, done?: string) {
    setError(null);
    try {
      const result = await work();
      if (done) toast.success(done);
      return result;
    } catch (failure) {
      setError(errorMessage(failure));
      return null;
    }
  }

  const saveStatement = () =>
    run(async () => {
      const ofx = files[0] ? await files[0].text() : null;
      await actions.statement.mutateAsync({
        startBalance: start.trim() || null,
        endBalance: end.trim() || null,
        ofx,
      });
      setFiles([]);
    }, 'Statement saved');

  return {
    org,
    staff,
    admin,
    accounts,
    accountsLoading: connections.isPending && staff,
    accountId,
    month,
    months,
    choose,
    reconciliation,
    form: { start, setStart, end, setEnd, files, setFiles },
    saveStatement,
    saving: actions.statement.isPending,
    tick: (transactionId: string, cleared: boolean) => run(() => actions.tick.mutateAsync({ transactionId, cleared })),
    ticking: actions.tick.isPending ? actions.tick.variables?.transactionId : null,
    addToBooks: (lineId: string) => run(() => actions.add.mutateAsync(lineId), 'Added to the books'),
    adding: actions.add.isPending ? actions.add.variables : null,
    finish: () => run(() => actions.finish.mutateAsync(), 'Statement reconciled'),
    finishing: actions.finish.isPending,
    linePage,
    setLinePage,
    confirmUndo,
    setConfirmUndo,
    undo: () =>
      run(async () => {
        await actions.undo.mutateAsync();
        setConfirmUndo(false);
      }, 'Reconciliation undone'),
    undoing: actions.undo.isPending,
    error,
  };
}
