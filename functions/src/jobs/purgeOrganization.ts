import type { Context } from 'aws-lambda';
import { runPurge } from '../services/people/orgPurge.js';

/**
 * The organization purge job (services/people/orgPurge.ts). Lambda: invoked asynchronously by account deletion with
 * { organizationId }. It stops a minute before its timeout and throws, so Lambda's async retry runs it again,
 * continuing from the saved progress; an operator may re-invoke it with the same payload at any time.
 * Offline the local stack runs this very handler in-process (lib/jobs.ts).
 */
export async function handler(
  event: { organizationId?: unknown },
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
) {
  if (typeof event?.organizationId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(event.organizationId)) {
    throw new Error('Invoke with {"organizationId": "<id>"}: one organization per call.');
  }
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - 60_000 : Number.POSITIVE_INFINITY;
  const state = await runPurge(event.organizationId, deadline);
  if (state.status !== 'DONE' && state.status !== 'CANCELLED') {
    throw new Error(`Purge of ${event.organizationId} not finished (${state.status}); the retry continues it.`);
  }
  return state;
}
