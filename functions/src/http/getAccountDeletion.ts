import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as account from '../services/people/account.js';

/** What deleting the caller's account would do (or what blocks it), for the confirmation. */
export const handler = http(routes.getAccountDeletion, ({ caller }) => account.preview(caller));
