import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { closeBooks } from '../services/ledger/closedPeriods.js';

export const handler = http(routes.setClosedPeriod, ({ caller, body }) => closeBooks(caller, body.closedThrough));
