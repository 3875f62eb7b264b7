import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { closeBooks } from '../services/ledger/closedPeriods.js';

export const handler = http(ledgerRoutes.setClosedPeriod, ({ caller, body }) => closeBooks(caller, body.closedThrough));
