import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { closedPeriod } from '../services/ledger/closedPeriods.js';

export const handler = http(routes.getClosedPeriod, ({ caller }) => closedPeriod(caller));
