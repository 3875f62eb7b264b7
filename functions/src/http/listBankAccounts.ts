import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { listAccounts } from '../services/banking/links.js';

export const handler = http(routes.listBankAccounts, ({ caller }) => listAccounts(caller.orgId));
