import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { cognitoUsername } from '../runtime/token-freshness.js';
import * as account from '../services/people/account.js';

/** Deletes the caller's account (refused while they are a blocking last admin). */
export const handler = http(routes.deleteAccount, ({ caller, body, event }) =>
  account.deleteAccount(caller, body, cognitoUsername(event)),
);
