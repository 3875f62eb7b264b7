// The client log (docs/people.md "Client log"): level, code, message, sent with navigator.sendBeacon (a POST that
// survives the page closing) to the public route /api/client-log, or fetch with keepalive where beacons are
// unavailable. Loaded on first use (main.tsx, auth/session.ts), so the first page load does not carry it. Throttled:
// one report per code per 30 seconds, 10 per page load.
import manifest from 'virtual:rent/route-manifest';
import { CLIENT_LOG_PATH_MAX, CLIENT_SESSION_ERROR, CLIENT_UNHANDLED_ERROR } from '@rent/shared/core/account';

type Level = 'error' | 'warn' | 'info';
const lastSent = new Map<string, number>();
let sentThisPage = 0;
const MAX_PER_PAGE = 10;
const SAME_CODE_GAP_MS = 30_000;

/** An error nothing caught (an error event or an unhandled rejection). */
export const reportUnhandled = (message: string) => sendClientLog('error', CLIENT_UNHANDLED_ERROR, message);
/** The session could not be read or refreshed. */
export const reportSessionError = (message: string) => sendClientLog('error', CLIENT_SESSION_ERROR, message);

export function sendClientLog(level: Level, code: string, message: string): boolean {
  const now = Date.now();
  if (sentThisPage >= MAX_PER_PAGE || now - (lastSent.get(code) ?? -SAME_CODE_GAP_MS) < SAME_CODE_GAP_MS) return false;
  lastSent.set(code, now);
  sentThisPage++;
  // Only the path: a query string may carry ids or search text.
  const body = JSON.stringify({
    level,
    code,
    message: message.slice(0, 500),
    path: window.location.pathname.slice(0, CLIENT_LOG_PATH_MAX),
  });
  const url = manifest.postClientLog.path;
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return true;
    void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(
      () => undefined,
    );
    return true;
  } catch {
    return false;
  }
}
