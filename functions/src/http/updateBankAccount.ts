import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { setAccountProperty } from '../services/banking/links.js';

export const handler = http(routes.updateBankAccount, ({ caller, params, body }) =>
  setAccountProperty(caller.orgId, params.id, body.propertyId),
);
