import { type RouteDef, type RouteId, routeList } from '@rent/shared';
import { Products } from 'plaid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { client, newAdmin } from '../support/api.js';
import { partition } from '../support/db.js';
import { joinAs } from '../support/members.js';
import { plaidApi } from '../support/plaid.js';
import { syncRunnerControl } from '../support/sync-runner.js';
import { forgeToken, tamper } from '../support/tokens.js';
import { uploadReceipt } from './receipt-upload.js';

/**
 * Bad input of every kind against EVERY route in the table: each gets the right 4xx with a
 * message a person can read, never a 500, and nothing is written.
 */
/** A valid query for a route whose query is required, so the unknown id is the only thing wrong. */
const VALID_QUERIES: Partial<Record<RouteId, string>> = { previewLoanPayment: '?transactionId=no-such-id' };

const pathFor = (route: RouteDef, id = 'no-such-id') =>
  // The maintenance update names its id in the query: PUT /api/maintenance?id={id}. A {year} is a valid year, a
  // {month} a valid month, a {lineId} a statement line's (s<n>).
  route.id === 'updateMaintenance'
    ? `${route.path}?id=${id}`
    : `${route.path
        .replace('{year}', '2025')
        .replace('{month}', '2026-03')
        .replace('{lineId}', 's1')
        .replace(/\{\w+\}/g, id)}${VALID_QUERIES[route.id as RouteId] ?? ''}`;

/** A valid body per route that takes one, so "unknown id" is the only thing wrong. */
const VALID_BODIES: Partial<Record<RouteId, unknown>> = {
  updateOrganization: { name: 'Valid Name' },
  setClosedPeriod: { closedThrough: null },
  startTaxPackage: { year: '2025' },
  updateNotificationPreferences: { preferences: { REVIEW_REQUESTED: true } },
  updateMemberRole: { role: 'TENANT' },
  createProperty: { address: '1 Valid Street' },
  updateProperty: { address: '1 Valid Street', version: 1 },
  createTransaction: { name: 'Valid payment', date: '2026-01-15', amount: -12.5 },
  updateTransaction: { name: 'Valid payment', date: '2026-01-15', amount: -12.5, version: 1 },
  setTransactionIgnored: { isIgnored: true },
  resolveMergeSuggestion: { accept: false },
  bulkUpdateTransactions: { ids: ['no-such-id'], set: { isIgnored: true } },
  createReceiptUpload: { fileName: 'receipt.png', contentType: 'image/png', size: 1024 },
  createMaintenancePhotoUpload: { fileName: 'sink.png', contentType: 'image/png', size: 1024 },
  createRule: { name: 'Valid rule', namePattern: 'valid', category: 'repairs' },
  updateRule: { name: 'Valid rule', namePattern: 'valid', category: 'repairs', version: 1 },
  previewRule: { rule: { namePattern: 'valid', category: 'repairs' } },
  postTransactionMessage: { body: 'A valid message', reviewRequestId: null },
  requestReview: { reviewerId: 'no-such-person', body: 'Please check this' },
  updateReview: { status: 'RESOLVED' },
  addMaintenanceComment: { body: 'Valid message' },
  createMaintenance: { title: 'Valid', description: 'Valid', propertyId: 'no-such-id' },
  updateMaintenance: {
    title: 'Valid',
    description: 'Valid',
    propertyId: 'no-such-id',
    issueType: 'PLUMBING',
    status: 'NEW',
    preferredContactTimes: { days: ['Monday'], timeRange: { start: '09:00', end: '17:00' } },
    version: 1,
  },
  createLease: { userId: 'no-such-person', leaseStart: '2026-01-01', monthlyRent: 1000 },
  updateLease: { monthlyRent: 1000, version: 1 },
  applyRentLinks: { transactionIds: ['3f2a9c1b-0000-4000-8000-000000000001'] },
  moveOutLease: { date: '2026-01-15', deductions: [{ label: 'Cleaning', amount: 120 }], applyToBalance: true },
  applyRuleSingle: { rule: { namePattern: 'valid', category: 'repairs' }, transactions: [{ id: 'no-such-id' }] },
  createInvitation: { email: 'valid-invitee@example.com', role: 'LANDLORD' },
  acceptInvitation: { token: 'A'.repeat(43) },
  previewImport: { bankAccountId: null, rows: [{ line: 1, date: '2026-01-15', name: 'Valid', amount: -12.5 }] },
  createImport: {
    id: 'bad-input-import',
    fileName: 'valid.csv',
    bankAccountId: null,
    propertyId: null,
    totalRows: 1,
    rows: [{ line: 1, date: '2026-01-15', name: 'Valid', amount: -12.5, include: true }],
  },
  createLinkToken: { connectionId: null },
  exchangePublicToken: { publicToken: 'public-sandbox-unknown', institution: { id: 'ins_109508', name: 'Bank' } },
  updateBankAccount: { propertyId: null },
  switchOrganization: { organizationId: 'no-such-org' },
  createOrganization: { name: 'Valid Name' },
  reopenMaintenance: { version: 1 },
  deleteAccount: { reason: 'NOT_USING', confirmation: 'DELETE' },
  sendContactMessage: { name: 'Valid Name', email: 'valid@example.com', message: 'Hello' },
  subscribe: { email: 'valid@example.com' },
  postClientLog: { level: 'error', code: 'CLIENT_SESSION_ERROR', message: 'Valid' },
  splitTransaction: {
    version: 1,
    parts: [
      { amount: -10, category: 'repairs', propertyId: null },
      { amount: -2.5, category: 'supplies', propertyId: null },
    ],
  },
  unsplitTransaction: { version: 1, category: 'repairs', propertyId: null },
  createLoan: {
    lender: 'Valid Bank',
    principal: 100_000,
    annualRate: '6.5',
    termMonths: 360,
    firstPaymentDate: '2026-01-01',
  },
  updateLoan: { lender: 'Valid Bank', version: 1 },
  applyLoanPayment: { transactionId: 'no-such-id', version: 1 },
  payFromEscrow: { date: '2026-01-15', kind: 'taxes', amount: 1200 },
  saveScheduleEChoices: { version: 0, propertyTypeCode: 1, fairRentalDays: 300, personalUseDays: 0, qjv: false },
  saveDepreciationChoices: { version: 0, assets: [] },
  pairTransactionTransfer: { otherId: 'no-such-id' },
  putStatement: { startBalance: 1000, endBalance: 900 },
  tickReconciliationLine: { transactionId: 'no-such-id', cleared: true },
};
const validBody = (route: RouteDef) => VALID_BODIES[route.id as RouteId];
const sendsBody = (route: RouteDef) => !['GET', 'DELETE'].includes(route.method);
const hasBody = (route: RouteDef) => Boolean(route.body);
// A public route's {token} is not an id: tests/integration/invitations.test.ts covers unknown and foreign links.
const hasId = (route: RouteDef) => (/\{\w+\}/.test(route.path) && !route.public) || route.id === 'updateMaintenance';

let owner: Awaited<ReturnType<typeof newAdmin>>;
let other: Awaited<ReturnType<typeof newAdmin>>;
let ownerOrg: string;
let otherOrg: string;
let othersPropertyId: string;
let othersTransactionId: string;
let othersReceiptId: string;
let othersRuleId: string;
let othersBatchId: string;
let othersReviewId: string;
let othersMaintenanceId: string;
let othersInvitationId: string;
let othersLeaseId: string;
let othersImportId: string;
let othersBankConnectionId: string;
let othersBankAccountId: string;
let othersLoanId: string;

beforeAll(async () => {
  owner = await newAdmin('owner');
  other = await newAdmin('other');
  ownerOrg = (await owner.api.get('/api/organization')).body.id;
  otherOrg = (await other.api.get('/api/organization')).body.id;
  othersPropertyId = (await other.api.post('/api/properties', { address: '5 Other Org Lane' })).body.id;
  othersTransactionId = (
    await other.api.post('/api/transactions', { name: 'Their rent', date: '2026-01-01', amount: 900 })
  ).body.transaction.id;
  othersReceiptId = (await uploadReceipt(other.api, { transactionId: othersTransactionId })).body.receipt.id;
  const rule = { name: 'Their rent rule', namePattern: 'their rent', category: 'rental_income' };
  othersRuleId = (await other.api.post('/api/categorization-rules', rule)).body.rule.id;
  othersBatchId = (
    await other.api.post('/api/categorization-rules/apply-single', {
      rule: { namePattern: rule.namePattern, category: rule.category },
      ruleId: othersRuleId,
      transactions: [{ id: othersTransactionId }],
    })
  ).body.batchId;
  const reviewer = await joinAs(otherOrg, 'PROPERTY_MANAGER', 'reviewer');
  othersReviewId = (
    await other.api.post(`/api/transactions/${othersTransactionId}/reviews`, {
      reviewerId: reviewer.userId,
      body: 'Please check',
    })
  ).body.reviewRequest.id;
  othersMaintenanceId = (
    await other.api.post('/api/maintenance', { title: 'Their leak', description: 'Drip', propertyId: othersPropertyId })
  ).body.maintenanceRequest.id;
  othersInvitationId = (
    await other.api.post('/api/invitations', { email: `x-${otherOrg}@example.com`, role: 'LANDLORD' })
  ).body.id;
  const theirTenant = await joinAs(otherOrg, 'TENANT', 'their-tenant');
  othersLeaseId = (
    await other.api.post(`/api/properties/${othersPropertyId}/leases`, {
      userId: theirTenant.userId,
      leaseStart: '2026-01-01',
      monthlyRent: 900,
    })
  ).body.lease.id;
  othersLoanId = (await other.api.post(`/api/properties/${othersPropertyId}/loans`, VALID_BODIES.createLoan as object))
    .body.loan.id;
  othersImportId = (
    await other.api.post('/api/imports', {
      ...(VALID_BODIES.createImport as object),
      id: `imp-${otherOrg.slice(0, 12)}`,
    })
  ).body.import.id;
  // Bank links: the other organization links a bank through the Plaid stand-in.
  const { data } = await plaidApi(inject('plaidEndpoint')).sandboxPublicTokenCreate({
    institution_id: 'ins_109508',
    initial_products: [Products.Transactions],
  });
  const bank = (
    await other.api.post('/api/plaid/exchange', {
      publicToken: data.public_token,
      institution: { id: 'ins_109508', name: 'First Platypus Bank' },
    })
  ).body;
  othersBankConnectionId = bank.id;
  othersBankAccountId = bank.accounts[0].id;
  // Linking enqueues the first sync, which writes in the background: let it finish before any "nothing written".
  expect((await syncRunnerControl('idle')).status).toBe(200);
});

/** The other organization's id of the same kind as the route's {id}: exists, but not for the owner. */
function othersIdFor(route: RouteDef) {
  if (route.path.startsWith('/api/members/')) return localSubFor(other.email);
  if (route.path.startsWith('/api/invitations/')) return othersInvitationId;
  if (route.path.startsWith('/api/transactions/')) return othersTransactionId;
  if (route.path.startsWith('/api/categorization-rules/batches/')) return othersBatchId;
  if (route.path.startsWith('/api/categorization-rules/')) return othersRuleId;
  if (route.path.startsWith('/api/receipts/')) return othersReceiptId;
  if (route.path.startsWith('/api/reviews/')) return othersReviewId;
  if (route.path.startsWith('/api/maintenance')) return othersMaintenanceId;
  if (route.path.startsWith('/api/leases/')) return othersLeaseId;
  if (route.path.startsWith('/api/imports/')) return othersImportId;
  if (route.path.startsWith('/api/bank-connections/')) return othersBankConnectionId;
  if (route.path.startsWith('/api/bank-accounts/')) return othersBankAccountId;
  if (route.path.startsWith('/api/loans/')) return othersLoanId;
  return othersPropertyId;
}

async function expectNothingWritten(action: () => Promise<void>) {
  const before = await partition(`ORG#${ownerOrg}`);
  const othersBefore = await other.api.get('/api/properties');
  const othersItemsBefore = await partition(`ORG#${otherOrg}`);
  await action();
  expect(await partition(`ORG#${ownerOrg}`)).toEqual(before);
  expect((await other.api.get('/api/properties')).body).toEqual(othersBefore.body);
  expect(await partition(`ORG#${otherOrg}`)).toEqual(othersItemsBefore);
}

it('has a valid sample body for every route that takes one', () => {
  for (const route of routeList.filter(hasBody)) expect(validBody(route), route.id).toBeDefined();
});

describe.each(routeList.map((r) => [`${r.method} ${r.path}`, r as RouteDef] as const))('%s', (_, route) => {
  if (route.public)
    it('is public: no token is needed, and a bad one is ignored, as API Gateway does for a route without authorizer', async () => {
      // Plaid's webhook proves itself with its own signature instead (tests/integration/plaid-webhook.test.ts).
      const refusal = route.id === 'plaidWebhook' ? [401, 'UNVERIFIED'] : [400, 'VALIDATION'];
      for (const token of [null, tamper(owner.token)]) {
        const res = await client(token).request(route.method, pathFor(route, 'not-a-token'));
        expect([res.status, res.body.code]).toEqual(refusal);
      }
    });
  else
    it('answers 401 without a valid token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await forgeToken({ sub: 'expired-user', email: 'e@example.com' }, { expiresAt: now - 5 });
      for (const token of [null, tamper(owner.token), expired]) {
        const res = await client(token).request(route.method, pathFor(route), {
          json: sendsBody(route) ? validBody(route) : undefined,
        });
        expect(res.status).toBe(401);
        expect(res.body.message).toBe('Unauthorized');
      }
    });

  if (hasBody(route))
    it('answers 400 to malformed JSON, wrong types and missing fields; 413 to oversize', async () => {
      await expectNothingWritten(async () => {
        const path = pathFor(route);
        const malformed = await owner.api.request(route.method, path, { raw: '{"name": "unterminated' });
        // The body is parsed before any id is looked up, so even an unknown id gets the JSON answer.
        expect(malformed.status).toBe(400);
        expect(malformed.body.error).toBe('The request body is not valid JSON.');

        for (const body of [{}, [], 'text', 42, null, { name: 7, address: ['x'], version: 'one' }]) {
          const res = await owner.api.request(route.method, path, { json: body });
          expect(res.status, JSON.stringify(body)).toBe(400);
          expect(res.body.code).toBe('VALIDATION');
          expect(typeof res.body.error).toBe('string');
        }
        const missing = await owner.api.request(route.method, path, { raw: '' });
        expect(missing.status).toBe(400);
        expect(missing.body.error).toBe('A JSON request body is required.');

        const limit = (route as RouteDef).maxBodyBytes ?? 64 * 1024;
        const huge = await owner.api.request(route.method, path, { json: { name: 'x'.repeat(limit + 6_000) } });
        expect(huge.status).toBe(413);
        expect(huge.body.error).toMatch(/too large/);
      });
    });

  if (hasId(route))
    it("answers 404 to unknown ids and to another organization's ids", async () => {
      await expectNothingWritten(async () => {
        for (const id of ['no-such-id', othersIdFor(route)]) {
          const res = await owner.api.request(route.method, pathFor(route, id), { json: validBody(route) });
          expect(res.status, id).toBe(404);
          expect(res.body.error).toMatch(/not found/);
        }
        const invalid = await owner.api.request(route.method, pathFor(route, 'bad%2Fid'), { json: validBody(route) });
        expect(invalid.status).toBe(400);
      });
    });
});
