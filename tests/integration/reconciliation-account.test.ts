import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, expect, it } from 'vitest';
import { team } from '../support/members.js';
import { apiEvent, bodyOf, lambdaContext } from '../unit/support.js';
import { bankOrg } from './bank-sync-helpers.js';

/**
 * The account's reconciled-through date survives a change of the account made from a read taken before a finish
 * (docs/reconciliation.md "Finish"): the account's default property is written as a whole item under its version,
 * so the finish moves that version too. The change runs in this process against DynamoDB Local, and the finish is
 * made through the local API exactly between its read and its write. A statement's page reads the account once: how
 * far it is reconciled comes from that read.
 */
const { db, dynamo } = await import('../../functions/src/data/client.js');
const { handler: updateBankAccount } = await import('../../functions/src/http/updateBankAccount.js');
const { handler: getReconciliation } = await import('../../functions/src/http/getReconciliation.js');
const { keys } = await import('../../functions/src/data/keys.js');

/** The DynamoDB reads of the bank account's item since the last reset (GetItem, or a key of a BatchGetItem). */
let accountReads: string[] = [];
let accountSk = '';

/** Runs once, just before the next whole-account Put is sent. */
let beforeAccountPut: (() => Promise<void>) | null = null;
db.middlewareStack.add(
  (next) => async (args) => {
    const input = args.input as { TransactItems?: { Put?: { Item?: { type?: string } } }[] };
    const run = beforeAccountPut;
    if (run && input.TransactItems?.some((item) => item.Put?.Item?.type === 'BankAccount')) {
      beforeAccountPut = null;
      await run();
    }
    return next(args);
  },
  { step: 'initialize', name: 'betweenReadAndWrite' },
);
// Reads go through `dynamo` (its middleware cached, so the counter goes on before any read), writes through `db`.
dynamo.middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as {
      Key?: { SK?: unknown };
      RequestItems?: Record<string, { Keys: { SK?: unknown }[] }>;
    };
    const asked = [input.Key, ...Object.values(input.RequestItems ?? {}).flatMap((r) => r.Keys)];
    if (accountSk && asked.some((key) => JSON.stringify(key?.SK ?? null).includes(accountSk)))
      accountReads.push(context.commandName ?? '?');
    return next(args);
  },
  { step: 'initialize', name: 'accountReads' },
);

type Team = Awaited<ReturnType<typeof team>>;
let t: Team;
let bank: Awaited<ReturnType<typeof bankOrg>>;

beforeAll(async () => {
  t = await team();
  bank = await bankOrg(t.admin.api);
});

it("keeps the reconciled-through date a finish wrote while the account's property was being changed", async () => {
  // A month with no lines and equal typed balances: nothing to tick, a difference of zero.
  const month = `/api/bank-accounts/${bank.accountId}/reconciliations/2025-01`;
  expect((await t.admin.api.put(month, { startBalance: 100, endBalance: 100 })).status).toBe(200);
  const other = (await t.admin.api.post('/api/properties', { address: `${bank.accountId} Other Road` })).body
    .id as string;
  beforeAccountPut = async () => {
    const finished = await t.admin.api.post(`${month}/finish`);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
  };

  const res = (await updateBankAccount(
    apiEvent({
      method: 'PATCH',
      path: `/api/bank-accounts/${bank.accountId}`,
      claims: { sub: t.admin.userId, email: t.admin.email },
      headers: { 'x-organization-id': t.orgId },
      body: { propertyId: other },
    }),
    lambdaContext(),
  )) as APIGatewayProxyStructuredResultV2;

  expect(res.statusCode, res.body).toBe(200);
  expect(bodyOf(res)).toMatchObject({ id: bank.accountId, propertyId: other });
  expect(beforeAccountPut).toBeNull();
  const list = await t.admin.api.get(`/api/bank-accounts/${bank.accountId}/reconciliations`);
  expect(list.body).toMatchObject({ reconciledThrough: '2025-01-31', reconciliations: [{ status: 'finished' }] });
});

it("shows how far the account is reconciled from the one read of the account a statement's page makes", async () => {
  const month = `/api/bank-accounts/${bank.accountId}/reconciliations/2025-02`;
  expect((await t.admin.api.put(month, { startBalance: 100, endBalance: 100 })).status).toBe(200);
  expect((await t.admin.api.post(`${month}/finish`)).status).toBe(200);
  accountSk = keys.bankAccount(t.orgId, bank.accountId).SK;
  accountReads = [];

  const res = (await getReconciliation(
    apiEvent({
      path: month,
      claims: { sub: t.admin.userId, email: t.admin.email },
      headers: { 'x-organization-id': t.orgId },
    }),
    lambdaContext(),
  )) as APIGatewayProxyStructuredResultV2;

  expect(res.statusCode, res.body).toBe(200);
  expect(bodyOf(res)).toMatchObject({ status: 'finished', reconciledThrough: '2025-02-28' });
  expect(accountReads).toEqual(['GetItemCommand']);
});
