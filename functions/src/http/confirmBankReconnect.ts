import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { confirmReconnect } from '../services/banking/links.js';

export const handler = http(routes.confirmBankReconnect, ({ caller, params }) =>
  confirmReconnect(caller.orgId, params.id),
);
