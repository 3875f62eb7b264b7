import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http } from '../runtime/http.js';
import { bankStatus } from '../services/banking/links.js';

export const handler = http(bankingRoutes.getBankStatus, ({ caller }) => bankStatus(caller.orgId));
