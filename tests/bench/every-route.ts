import type { routes } from '@rent/shared';
import { shiftMonth } from '@rent/shared/core/books';
import { linkInNewestMail } from '../../infra/local/ses.js';
import type { LocalStack } from '../../infra/local/stack.js';
import { benchBankAccount } from './reconciliation-bench.js';
import { client } from './rules-bench.js';

/** Every GET route of the route table, by id. */
export type GetRouteId = {
  [Id in keyof typeof routes]: (typeof routes)[Id]['method'] extends 'GET' ? Id : never;
}[keyof typeof routes];

/** A GET route asked as the web asks it: by whom, and at which address. */
export interface RouteRequest {
  token: string;
  path: string;
}

/** The setup's mail waits behind the demo organization's other work on a busy stack. */
const MAIL_WAIT_MS = 30_000;

/**
 * Every GET route of the route table asked once, as the web asks it, in the demo organization: a `Record` of every GET
 * route's id, so a route added to the table fails the typecheck until it is asked here too. Ids are read from the
 * demo's own answers; what the demo lacks is made first, through the API where it can: a bank link as a link makes it
 * (the demo's bank lines have none) with a default property, a maintenance request of the demo tenant's,
 * two messages and a review request on a transaction (the review's mail carries an unsubscribe link), an invitation,
 * a product-news signup and last year's tax package. Public routes are asked with their mail's link.
 */
export async function everyGetRoute(
  stack: LocalStack,
  tokens: { landlord: string; tenant: string },
): Promise<Record<GetRouteId, RouteRequest>> {
  const landlord = client(stack, tokens.landlord);
  const tenant = client(stack, tokens.tenant);
  const ok = async (answer: Promise<{ status: number; body: any }>, what: string) => {
    const { status, body } = await answer;
    if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
    return body;
  };
  try {
    const today = new Date().toISOString().slice(0, 10);
    const month = today.slice(0, 7);
    const year = String(Number(today.slice(0, 4)) - 1);
    const trailingYear = `from=${shiftMonth(month, -11)}&to=${month}`;
    const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

    const properties: { id: string }[] = await ok(landlord.get('/api/properties'), 'the properties');
    const withLoans = await firstWith(properties, async ({ id }) =>
      (await ok(landlord.get(`/api/properties/${id}/loans`), 'loans')).loans.at(0),
    );
    const withLeases = await firstWith(properties, async ({ id }) =>
      (await ok(landlord.get(`/api/properties/${id}/leases`), 'leases')).leases.at(0),
    );
    const transactions = async (filter: string) =>
      (await ok(landlord.get(`/api/transactions?limit=50&${filter}`), `transactions ${filter}`)).transactions;
    const [expense] = await transactions('direction=out&categoryGroup=expenses');
    const [transfer] = await transactions('category=account_transfers');
    const [withReceipt] = await transactions('hasReceipt=true');
    const orgId: string = (await ok(landlord.get('/api/organization'), 'the organization')).id;
    const account = (await ok(landlord.get('/api/bank-accounts'), 'bank accounts')).accounts[0] ?? {
      id: (await benchBankAccount(orgId)).accountId,
    };
    const home = properties[0]!.id;
    await ok(landlord.patch(`/api/bank-accounts/${account.id}`, { propertyId: home }), 'a default property');
    const receipt = (await ok(landlord.get(`/api/receipts/my-receipts?transactionId=${withReceipt.id}`), 'receipts'))
      .receipts[0];
    if (!withLoans || !withLeases || !expense || !transfer || !receipt || !account) {
      const found = { withLoans, withLeases, expense, transfer, receipt, account };
      const missing = Object.keys(found).filter((name) => !found[name as keyof typeof found]);
      throw new Error(`The demo organization lacks ${missing.join(', ')}`);
    }

    const manager = (await ok(landlord.get('/api/members'), 'members')).members.find(
      (m: { role: string }) => m.role === 'PROPERTY_MANAGER',
    );
    for (const body of ['Is this the plumber?', 'Yes, the March visit.'])
      await ok(landlord.post(`/api/transactions/${expense.id}/messages`, { body }), 'a message');
    await ok(
      landlord.post(`/api/transactions/${expense.id}/reviews`, { reviewerId: manager.userId, body: 'Check' }),
      'a review request',
    );
    const maintenance = (
      await ok(
        tenant.post('/api/maintenance', { title: `Dripping tap ${unique}`, description: 'Kitchen' }),
        'a request',
      )
    ).maintenanceRequest;
    const invitee = `bench-invitee-${unique}@example.com`;
    await ok(landlord.post('/api/invitations', { email: invitee, role: 'PROPERTY_MANAGER' }), 'an invitation');
    const subscriber = `bench-news-${unique}@example.com`;
    await ok(landlord.post('/api/subscribers', { email: subscriber }), 'a signup');
    const taxPackage = await finishedTaxPackage(landlord, year);
    const [invitation, subscription, unsubscribe] = await Promise.all([
      linkInNewestMail(stack.sesEndpoint, invitee, /\/invite\/([A-Za-z0-9_-]{43})/, MAIL_WAIT_MS),
      linkInNewestMail(stack.sesEndpoint, subscriber, /\/subscribe\/([A-Za-z0-9_-]{43})/, MAIL_WAIT_MS),
      linkInNewestMail(stack.sesEndpoint, manager.email, /\/unsubscribe\/([A-Za-z0-9_.-]+)/, MAIL_WAIT_MS),
    ]);

    const staff = (path: string): RouteRequest => ({ token: tokens.landlord, path });
    const loan = withLoans.item.id;
    return {
      listMembershipEvents: staff('/api/members/activity'),
      listSecurityLog: staff('/api/security-log'),
      getNotificationPreferences: staff('/api/notification-preferences'),
      getOrganization: staff('/api/organization'),
      listMembers: staff('/api/members'),
      listInvitations: staff('/api/invitations'),
      getInvitationByToken: staff(`/api/invitations/by-token/${invitation}`),
      getBankStatus: staff('/api/plaid/status'),
      listBankConnections: staff('/api/bank-connections'),
      listBankAccounts: staff('/api/bank-accounts'),
      previewAccountDefaultProperty: staff(`/api/bank-accounts/${account.id}/default-property-preview`),
      listLoans: staff(`/api/properties/${withLoans.of.id}/loans`),
      getLoan: staff(`/api/loans/${loan}`),
      previewLoanPayment: staff(`/api/loans/${loan}/payments/preview?transactionId=${expense.id}`),
      getAccountDeletion: staff('/api/account/deletion'),
      getSubscription: staff(`/api/subscribers/confirm/${subscription}`),
      getUnsubscribe: staff(`/api/unsubscribe/${unsubscribe}`),
      listProperties: staff('/api/properties'),
      getProperty: staff(`/api/properties/${withLeases.of.id}`),
      listReconciliations: staff(`/api/bank-accounts/${account.id}/reconciliations`),
      getReconciliation: staff(`/api/bank-accounts/${account.id}/reconciliations/${shiftMonth(month, -1)}`),
      listLeases: staff(`/api/properties/${withLeases.of.id}/leases`),
      getRentalHistory: { token: tokens.tenant, path: '/api/rental-history' },
      getTenantLedger: staff(`/api/leases/${withLeases.item.id}/ledger`),
      getAgingReport: staff('/api/reports/aging'),
      getSecurityDepositsReport: staff('/api/reports/security-deposits'),
      getRentLinkReview: staff('/api/rent-links'),
      listImports: staff('/api/imports'),
      listTransactions: staff('/api/transactions?limit=50'),
      getTransactionTotals: staff('/api/transactions/totals'),
      getTransaction: staff(`/api/transactions/${expense.id}`),
      getTransactionTransfer: staff(`/api/transactions/${transfer.id}/transfer`),
      listTransactionMessages: staff(`/api/transactions/${expense.id}/messages`),
      listReviews: staff(`/api/reviews?transactionId=${expense.id}`),
      getTransactionActivity: staff(`/api/transactions/${expense.id}/activity`),
      getClosedPeriod: staff('/api/organization/closed-period'),
      listRules: staff('/api/categorization-rules'),
      countRuleMatches: staff('/api/categorization-rules/match-counts'),
      listRuleBatches: staff('/api/categorization-rules/batches'),
      getDashboardSummary: staff(`/api/dashboard?${trailingYear}`),
      getCashFlowReport: staff(`/api/reports/cash-flow?${trailingYear}`),
      getProfitAndLossReport: staff(`/api/reports/profit-and-loss?${trailingYear}`),
      getScheduleEReport: staff(`/api/reports/schedule-e?year=${year}`),
      getScheduleEChoices: staff(`/api/reports/schedule-e/${year}/properties/${withLeases.of.id}`),
      getDepreciationReport: staff(`/api/reports/depreciation?year=${year}`),
      getDepreciationChoices: staff(`/api/reports/depreciation/properties/${withLeases.of.id}/choices`),
      getRentRollReport: staff(`/api/reports/rent-roll?${trailingYear}`),
      getTransactionsByCategoryReport: staff(`/api/reports/transactions-by-category?${trailingYear}`),
      listTaxPackages: staff(`/api/tax-packages?year=${year}`),
      getTaxPackage: staff(`/api/tax-packages/${taxPackage}`),
      getTaxPackageDownload: staff(`/api/tax-packages/${taxPackage}/download`),
      listMaintenance: staff('/api/maintenance?limit=25'),
      getMaintenance: staff(`/api/maintenance/${maintenance.id}`),
      listMaintenanceActivity: staff(`/api/maintenance/${maintenance.id}/activity`),
      listMaintenancePhotos: staff(`/api/maintenance/${maintenance.id}/photos`),
      listMaintenanceCosts: staff(`/api/maintenance/${maintenance.id}/costs`),
      listMyReceipts: staff(`/api/receipts/my-receipts?transactionId=${withReceipt.id}`),
      getReceiptUrl: staff(`/api/receipts/get-receipt-url?reference=${receipt.reference}`),
      getReceiptUrlAtRoot: staff(`/api/get-receipt-url?reference=${receipt.reference}`),
    };
  } finally {
    await Promise.all([landlord.close(), tenant.close()]);
  }
}

/** The first of `rows` for which `find` finds something, with what it found. */
async function firstWith<Row, Found>(rows: Row[], find: (row: Row) => Promise<Found | undefined>) {
  for (const row of rows) {
    const item = await find(row);
    if (item !== undefined) return { of: row, item };
  }
  return undefined;
}

/** Last year's tax package, started and waited for until the job has written it. */
async function finishedTaxPackage(api: ReturnType<typeof client>, year: string): Promise<string> {
  const started = await api.post('/api/tax-packages', { year });
  if (started.status !== 201) throw new Error(`A tax package answered ${started.status}`);
  const id: string = started.body.package.id;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    const { body } = await api.get(`/api/tax-packages/${id}`);
    if (body.package.status === 'done') return id;
    if (body.package.status === 'failed') throw new Error('The tax package failed');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The tax package was not done within 2 minutes');
}
