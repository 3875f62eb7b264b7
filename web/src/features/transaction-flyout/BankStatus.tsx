import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { categoryLabel } from '@rent/shared/core/categories';
import { errorMessage } from '../../api/client';
import {
  saveErrorText,
  TRANSACTION_ERRORS,
  type Transaction,
  useBulkUpdate,
  useResolveMergeSuggestion,
} from '../../api/transactions';
import { toast } from '../../components/toast/store';
import { openTransactionFlyout } from './store';

/**
 * What the bank says about a transaction (bank sync): pending (counted in no total until it posts),
 * removed by the bank, a suggested match to accept or dismiss, the bank's category suggestion.
 */
export function BankStatus({
  transaction: t,
  onAccepted,
}: {
  transaction: Transaction;
  /** The suggested category was accepted (the flyout takes the saved transaction's category and version). */
  onAccepted?: () => void;
}) {
  const resolve = useResolveMergeSuggestion();
  const bulk = useBulkUpdate();
  // Accepting goes through the bulk edit (closed periods, the trail and rules behave as for any category by hand).
  const accept = () =>
    bulk.mutate(
      { ids: [t.id], set: { acceptSuggestedCategory: true } },
      {
        onSuccess: () => {
          toast.success('Category accepted', {
            description: `Filed under ${categoryLabel(t.suggestedCategory ?? null)}.`,
            duration: 3000,
          });
          onAccepted?.();
        },
        onError: (error) => toast.error('Error', { description: `Error: ${errorMessage(error)}` }),
      },
    );
  const decide = (accept: boolean) =>
    resolve.mutate(
      { id: t.id, accept },
      { onSuccess: (kept) => (kept.id !== t.id ? openTransactionFlyout(kept.id, kept) : undefined) },
    );
  const parts = [];
  if (t.pending)
    parts.push(
      <Alert key="pending" type="info" header="Pending" data-testid="transaction-pending">
        The bank has not posted this charge yet. It counts in no total or report until it does.
      </Alert>,
    );
  if (t.removedByBank)
    parts.push(
      <Alert key="removed" type="warning" header="Removed by the bank" data-testid="transaction-removed-by-bank">
        The bank no longer lists this transaction. It is kept because something was attached to it, and ignored.
      </Alert>,
    );
  if (t.suggestedMatchId)
    parts.push(
      <Alert
        key="match"
        type="info"
        header="Possibly the same charge"
        data-testid="transaction-merge-suggestion"
        action={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" onClick={() => decide(false)} disabled={resolve.isPending}>
              Keep both
            </Button>
            <Button formAction="none" onClick={() => decide(true)} loading={resolve.isPending}>
              Merge
            </Button>
          </SpaceBetween>
        }
      >
        A posted charge with a different amount (a tip?) may be this pending one. Merge keeps one transaction, with the
        posted amount and everything attached to the pending one.
        {resolve.isError ? ` ${saveErrorText(resolve.error, TRANSACTION_ERRORS.update)}` : ''}
      </Alert>,
    );
  // A split has no category of its own: its parts have theirs.
  if (t.suggestedCategory && !t.category && !t.parts)
    parts.push(
      <Alert
        key="suggestion"
        type="info"
        header="Bank's suggestion"
        data-testid="transaction-category-suggestion"
        action={
          <Button
            formAction="none"
            onClick={accept}
            loading={bulk.isPending}
            ariaLabel={`Accept the suggested category ${categoryLabel(t.suggestedCategory)}`}
            data-testid="transaction-accept-suggestion"
          >
            Accept
          </Button>
        }
      >
        The bank files this under {categoryLabel(t.suggestedCategory)} (low confidence). Accept it, or choose a category
        to decide.
      </Alert>,
    );
  return parts.length > 0 ? <SpaceBetween size="s">{parts}</SpaceBetween> : null;
}
