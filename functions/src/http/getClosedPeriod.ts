import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { closedPeriod } from '../services/ledger/closedPeriods.js';

export const handler = http(ledgerRoutes.getClosedPeriod, ({ caller }) => closedPeriod(caller));
