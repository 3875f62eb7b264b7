import * as accountRoutes from '@rent/shared/api/routes/account';
import { http } from '../runtime/http.js';
import { cognitoUsername } from '../runtime/token-freshness.js';
import * as account from '../services/people/account.js';

/** Deletes the caller's account (refused while they are a blocking last admin). */
export const handler = http(accountRoutes.deleteAccount, ({ caller, body, event }) =>
  account.deleteAccount(caller, body, cognitoUsername(event)),
);
