import { runChargeJob } from '../services/tenancy/charges.js';

/**
 * The daily charge job (docs/tenants-and-maintenance.md "Charges and the tenant ledger"): EventBridge once a day
 * in AWS, a timer offline (infra/local/start.ts). `today` may be given (an operator's re-run of a missed day; the
 * offline test clock); by default the UTC date.
 */
export async function handler(event: { today?: string } = {}) {
  const today = /^\d{4}-\d{2}-\d{2}$/.test(event.today ?? '') ? event.today! : new Date().toISOString().slice(0, 10);
  const result = await runChargeJob(today);
  console.log(JSON.stringify({ job: 'postCharges', today, ...result }));
  return result;
}
