import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http } from '../runtime/http.js';
import { previewDefaultProperty } from '../services/banking/defaultProperty.js';

/** What filing an account's past transactions under its default property would do; another org's account: 404. */
export const handler = http(bankingRoutes.previewAccountDefaultProperty, ({ caller, params }) =>
  previewDefaultProperty(caller.orgId, params.id),
);
