import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http } from '../runtime/http.js';
import { listAccounts } from '../services/banking/links.js';

export const handler = http(bankingRoutes.listBankAccounts, ({ caller }) => listAccounts(caller.orgId));
