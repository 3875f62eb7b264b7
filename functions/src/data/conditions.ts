import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/** True when a write failed only because its condition did not hold. */
export function isConditionFailure(error: unknown): error is ConditionalCheckFailedException {
  return (
    error instanceof ConditionalCheckFailedException ||
    (error as { name?: string })?.name === 'ConditionalCheckFailedException'
  );
}

/** True when a TransactWriteItems was cancelled by a failed condition (not by throttling or conflicts). */
export function isTransactionConditionFailure(error: unknown): error is TransactionCanceledException {
  const name = (error as { name?: string })?.name;
  if (!(error instanceof TransactionCanceledException) && name !== 'TransactionCanceledException') return false;
  const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
  return reasons.some((r) => r.Code === 'ConditionalCheckFailed');
}

/** True when a TransactWriteItems was cancelled by contention or throttling: worth a retry, not a 500. */
export function isTransactionBusy(error: unknown): boolean {
  if ((error as { name?: string })?.name !== 'TransactionCanceledException') return false;
  return ((error as TransactionCanceledException).CancellationReasons ?? []).some((r) =>
    ['ThrottlingError', 'TransactionConflict', 'ProvisionedThroughputExceeded'].includes(r.Code ?? ''),
  );
}
