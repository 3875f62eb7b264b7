import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http } from '../runtime/http.js';
import { listConnections } from '../services/banking/links.js';

export const handler = http(bankingRoutes.listBankConnections, ({ caller }) => listConnections(caller.orgId));
