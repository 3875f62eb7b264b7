import * as accountRoutes from '@rent/shared/api/routes/account';
import { http } from '../runtime/http.js';
import * as clientLog from '../services/people/clientLog.js';

/** Public: the client log (beacon or POST; docs/people.md "Client log"); one structured log line. */
export const handler = http(accountRoutes.postClientLog, ({ body, event }) =>
  clientLog.record(body, { ip: event.requestContext.http.sourceIp, userAgent: event.headers?.['user-agent'] ?? null }),
);
