import { useParams } from 'react-router';
import { useConfirmSubscription, useSubscriptionLink, useUnsubscribe, useUnsubscribeLink } from '../../api/account';
import { errorMessage } from '../../api/client';

/** A subscription confirmation link's page: the GET shows it, the button's POST confirms (mail scanners open links). */
export function useSubscribePage() {
  const token = useParams().token ?? '';
  const link = useSubscriptionLink(token);
  const confirm = useConfirmSubscription();
  return {
    loading: link.isPending,
    linkError: link.isError ? errorMessage(link.error) : null,
    maskedEmail: link.data?.maskedEmail ?? null,
    done: confirm.data?.message ?? null,
    busy: confirm.isPending,
    actionError: confirm.isError ? errorMessage(confirm.error) : null,
    act: () => confirm.mutate(token),
  };
}

/** An unsubscribe link's page: the GET shows which emails; the button's POST turns them off. No sign-in. */
export function useUnsubscribePage() {
  const token = useParams().token ?? '';
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe();
  const view = unsubscribe.data ?? link.data;
  return {
    loading: link.isPending,
    linkError: link.isError ? errorMessage(link.error) : null,
    label: view?.label ?? null,
    maskedEmail: view?.maskedEmail ?? null,
    enabled: view?.enabled ?? true,
    busy: unsubscribe.isPending,
    actionError: unsubscribe.isError ? errorMessage(unsubscribe.error) : null,
    act: () => unsubscribe.mutate(token),
  };
}
