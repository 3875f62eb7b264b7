import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http } from '../runtime/http.js';
import { disconnect } from '../services/banking/links.js';

export const handler = http(bankingRoutes.disconnectBank, ({ caller, params }) => disconnect(caller.orgId, params.id));
