import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { transferInfo } from '../services/ledger/transfers.js';

export const handler = http(ledgerRoutes.getTransactionTransfer, ({ caller, params }) =>
  transferInfo(caller, params.id),
);
