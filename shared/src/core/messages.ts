/**
 * User-facing texts that both the server and the browser show. Zod-free, so the first page load may import it.
 * The server sends these as `error` messages; the web shows the same words before a request is made.
 */
export const MESSAGES = {
  /** Why a bank transaction offers Ignore instead of Delete (refused by the server, explained in the flyout). */
  bankTransactionDelete:
    'Bank transactions cannot be deleted: the next bank sync would bring them back. Ignore it instead; ignored transactions are left out of every total and report.',
} as const;
