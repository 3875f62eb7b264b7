import { CLIENT_LOG_PER_HOUR } from '@rent/shared';
import { countPublicRequest } from '../../data/people/publicForms.js';
import { withoutLinkTokens } from '../../lib/linkTokens.js';
import { logger } from '../../lib/logger.js';

/**
 * The client log (docs/people.md "Client log"): one structured log line per report, public (a failed session fetch has
 * no token), size-limited by the route (4 KB) and counted per client address. Only what was sent (level, code, a
 * message cut to 1000 characters, the page's path without its query) plus the user agent; no address, no token.
 * The links mailed to people carry a secret in their path (an invitation, a subscription to confirm, an unsubscribe
 * link), so the path and the message are logged with that segment replaced.
 */
export async function record(
  input: { level: 'error' | 'warn' | 'info'; code: string; message: string; path?: string },
  client: { ip: string; userAgent: string | null },
): Promise<null> {
  await countPublicRequest('CLIENTLOG', client.ip, CLIENT_LOG_PER_HOUR);
  const line = {
    source: 'client',
    code: input.code,
    message: withoutLinkTokens(input.message),
    path: input.path === undefined ? null : withoutLinkTokens(input.path.split(/[?#]/)[0]!),
    userAgent: client.userAgent?.slice(0, 200) ?? null,
  };
  if (input.level === 'error') logger.error('client log', line);
  else if (input.level === 'warn') logger.warn('client log', line);
  else logger.info('client log', line);
  return null;
}
