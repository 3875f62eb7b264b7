import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as clientLog from '../services/people/clientLog.js';

/** Public: SPEC §7's client log (beacon or POST); one structured log line. */
export const handler = http(routes.postClientLog, ({ body, event }) =>
  clientLog.record(body, { ip: event.requestContext.http.sourceIp, userAgent: event.headers?.['user-agent'] ?? null }),
);
