import { routes } from '@rent/shared';
import { toReceiptWire } from '../data/repositories/receipts.js';
import { http } from '../lib/http.js';
import { confirmReceiptUpload } from '../lib/receipts.js';

export const handler = http(routes.confirmReceiptUpload, async ({ caller, params }) => {
  const receipt = toReceiptWire(await confirmReceiptUpload(caller, params.id));
  return { reference: receipt.reference, receipt };
});
