import { randomUUID } from 'node:crypto';
import type { PlaidTransactionLike } from '@rent/shared';
import { expect, inject } from 'vitest';
import { LOCAL } from '../../infra/local/config.js';
import type { newAdmin } from '../support/api.js';
import { partition, TABLE_NAME } from '../support/db.js';
import { type PlaidStandInControl, plaidApi } from '../support/plaid.js';
import { orgIdOf } from './ledger-helpers.js';
import { ruleBody } from './rules-helpers.js';

type Api = Awaited<ReturnType<typeof newAdmin>>['api'];

/** The bank sync modules, imported into the test worker against the stack's DynamoDB Local. */
export async function bankSyncModules() {
  process.env.TABLE_NAME = TABLE_NAME;
  process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
  process.env.LOG_LEVEL = 'silent';
  process.env.KMS_ENDPOINT = inject('kmsEndpoint');
  process.env.PLAID_TOKEN_KEY_ID = inject('plaidTokenKeyId');
  process.env.PLAID_BASE_PATH = inject('plaidEndpoint');
  process.env.PLAID_CLIENT_ID = LOCAL.plaid.clientId;
  process.env.PLAID_SECRET = LOCAL.plaid.secret;
  return {
    sync: await import('../../functions/src/services/banking/syncApply.js'),
    bankSync: await import('../../functions/src/services/banking/sync.js'),
    banks: await import('../../functions/src/data/banking/banks.js'),
    syncRounds: await import('../../functions/src/data/banking/syncRounds.js'),
    rules: await import('../../functions/src/data/rules/rules.js'),
    bankTransactions: await import('../../functions/src/data/banking/bankTransactions.js'),
  };
}

/** A checking account as a bank link brings it: Plaid's `accountId`, $1,000 on it. */
export const checkingAccount = (accountId = 'plaid-checking') => ({
  accountId,
  name: 'Checking',
  officialName: null,
  type: 'depository',
  subtype: 'checking',
  mask: '0000',
  currency: 'USD',
  balance: 100_000,
});

/**
 * An organization with a property, the rule "home depot" -> repairs, and a bank link (stored directly:
 * the apply never reads the token) whose account has the property as its default.
 */
export async function bankOrg(api: Api) {
  const { banks } = await bankSyncModules();
  const orgId = await orgIdOf(api);
  const property = (await api.post('/api/properties', { address: `${randomUUID().slice(0, 6)} Bank St` })).body;
  expect(property.id).toBeTruthy();
  const rule = await api.post('/api/categorization-rules', ruleBody());
  expect(rule.status).toBe(201);
  const institutionId = banks.newBankLinkId();
  const { accounts } = await banks.createBankLink({
    id: institutionId,
    organizationId: orgId,
    itemId: `item-${randomUUID()}`,
    accessToken: { ciphertext: '', iv: '', tag: '', encryptedKey: '' } as never,
    createdById: 'test',
    plaidInstitutionId: `ins_${randomUUID().slice(0, 8)}`,
    institutionName: 'Test Bank',
    accounts: [checkingAccount()],
  });
  await banks.setBankAccountProperty(orgId, accounts[0]!.id, property.id);
  return { orgId, propertyId: property.id as string, institutionId, accountId: accounts[0]!.id };
}

let serial = 0;
/** A Plaid transaction (outflow positive) on the test account. */
export function plaidTx(over: Partial<PlaidTransactionLike> = {}): PlaidTransactionLike {
  serial++;
  return {
    transaction_id: `tx-${randomUUID()}`,
    account_id: 'plaid-checking',
    amount: 10 + (serial % 90),
    date: '2026-02-10',
    name: `Vendor ${serial}`,
    merchant_name: null,
    pending: false,
    pending_transaction_id: null,
    personal_finance_category: null,
    ...over,
  };
}

/** Two years of history: `count` transactions spread over 2024-03 .. 2026-02. */
export function history(count: number): PlaidTransactionLike[] {
  return Array.from({ length: count }, (_, i) => {
    const month = i % 24;
    const year = 2024 + Math.floor((month + 2) / 12);
    const m = ((month + 2) % 12) + 1;
    return plaidTx({
      date: `${year}-${String(m).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      amount: i % 10 === 0 ? -(1500 + (i % 7)) : Number(`${10 + (i % 300)}.${String(i % 100).padStart(2, '0')}`),
      name: i % 5 === 0 ? `THE HOME DEPOT #${i}` : `Vendor ${i}`,
    });
  });
}

export async function bankItems(orgId: string) {
  const items = await partition(`ORG#${orgId}`);
  return {
    transactions: items.filter((i) => i.type === 'Transaction'),
    pointers: items.filter((i) => i.type === 'BankTransactionPointer'),
    pending: items.filter((i) => i.type === 'BankPending'),
  };
}

/**
 * An organization with a property and the "home depot" rule, linked through the Plaid stand-in like the
 * link route does it (sandbox public token, exchange, /accounts/get, the token sealed with the local KMS):
 * the checking account has the property as its default. `user_new` starts with no history.
 */
export async function linkedOrg(api: Api, control: PlaidStandInControl) {
  const { banks } = await bankSyncModules();
  const orgId = await orgIdOf(api);
  const property = (await api.post('/api/properties', { address: `${randomUUID().slice(0, 6)} Link Ave` })).body;
  expect((await api.post('/api/categorization-rules', ruleBody())).status).toBe(201);
  const { accessToken, itemId } = await control.linkItem({ username: 'user_new' });
  const { data } = await plaidApi(inject('plaidEndpoint')).accountsGet({ access_token: accessToken });
  const institutionId = banks.newBankLinkId();
  const { accounts } = await banks.createBankLink({
    id: institutionId,
    organizationId: orgId,
    itemId,
    accessToken: await banks.sealAccessToken(orgId, institutionId, accessToken),
    createdById: 'test',
    plaidInstitutionId: `ins_${randomUUID().slice(0, 8)}`,
    institutionName: 'First Platypus Bank',
    accounts: data.accounts.map((a) => ({
      accountId: a.account_id,
      name: a.name,
      officialName: a.official_name ?? null,
      type: String(a.type),
      subtype: a.subtype ? String(a.subtype) : null,
      mask: a.mask ?? null,
      currency: a.balances.iso_currency_code ?? null,
      balance: null,
    })),
  });
  const checking = accounts.find((a) => a.subtype === 'checking')!;
  await banks.setBankAccountProperty(orgId, checking.id, property.id);
  return {
    orgId,
    itemId,
    institutionId,
    propertyId: property.id as string,
    checking: checking.id,
    accounts,
  };
}
