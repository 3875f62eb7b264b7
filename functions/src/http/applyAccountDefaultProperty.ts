import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http } from '../runtime/http.js';
import { applyDefaultProperty } from '../services/banking/defaultProperty.js';

/** Files an account's past transactions under its default property (through the bulk edit). */
export const handler = http(bankingRoutes.applyAccountDefaultProperty, ({ caller, params }) =>
  applyDefaultProperty(caller, params.id),
);
