import * as accountRoutes from '@rent/shared/api/routes/account';
import { http } from '../runtime/http.js';
import * as account from '../services/people/account.js';

/** What deleting the caller's account would do (or what blocks it), for the confirmation. */
export const handler = http(accountRoutes.getAccountDeletion, ({ caller }) => account.preview(caller));
