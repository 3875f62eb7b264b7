import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http } from '../runtime/http.js';
import { setAccountProperty } from '../services/banking/links.js';

export const handler = http(bankingRoutes.updateBankAccount, ({ caller, params, body }) =>
  setAccountProperty(caller.orgId, params.id, body.propertyId),
);
