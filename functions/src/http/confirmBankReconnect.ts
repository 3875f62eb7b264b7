import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http } from '../runtime/http.js';
import { confirmReconnect } from '../services/banking/links.js';

export const handler = http(bankingRoutes.confirmBankReconnect, ({ caller, params }) =>
  confirmReconnect(caller.orgId, params.id),
);
