import { routes } from '@rent/shared';
import { receiptToApi } from '../data/repositories/receipts.js';
import { http } from '../runtime/http.js';
import { confirmReceiptUpload } from '../services/receipts.js';

export const handler = http(routes.confirmReceiptUpload, async ({ caller, params }) => {
  const receipt = receiptToApi(await confirmReceiptUpload(caller, params.id));
  return { reference: receipt.reference, receipt };
});
