import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { listAccounts } from '../services/bankLinks.js';

export const handler = http(routes.listBankAccounts, ({ caller }) => listAccounts(caller.orgId));
