import {
  BankAccount,
  BankAccountList,
  BankAccountUpdate,
  BankConnection,
  BankConnectionList,
  BankStatus,
  DisconnectResult,
  ExchangeInput,
  LinkToken,
  LinkTokenInput,
} from '../../domain/bank.js';
import { STAFF } from '../../domain/roles.js';
import { defineRoute } from '../route.js';
import { byId } from './params.js';

/**
 * Bank links (docs/banking.md "Bank links"): connect a bank through Plaid Link, its accounts, their
 * default property, reconnect (update mode) and disconnect. Staff only. `plaidTokenKey` is what each handler may
 * do with the KMS key that seals access tokens (CDK grants exactly that). Part of THE route table (../routes.ts).
 */
export const bankRoutes = {
  getBankStatus: defineRoute({
    id: 'getBankStatus',
    method: 'GET',
    path: '/api/plaid/status',
    response: BankStatus,
    roles: STAFF,
  }),
  createLinkToken: defineRoute({
    id: 'createLinkToken',
    method: 'POST',
    path: '/api/plaid/link-token',
    body: LinkTokenInput,
    response: LinkToken,
    roles: STAFF,
    plaidTokenKey: ['kms:Decrypt'],
    callsPlaid: true,
  }),
  exchangePublicToken: defineRoute({
    id: 'exchangePublicToken',
    method: 'POST',
    path: '/api/plaid/exchange',
    body: ExchangeInput,
    response: BankConnection,
    roles: STAFF,
    status: 201,
    plaidTokenKey: ['kms:GenerateDataKey'],
    callsPlaid: true,
    // The first (or catch-up) sync is enqueued right away (services/banking/links.ts afterLink).
    enqueuesSync: true,
  }),
  listBankConnections: defineRoute({
    id: 'listBankConnections',
    method: 'GET',
    path: '/api/bank-connections',
    response: BankConnectionList,
    roles: STAFF,
  }),
  confirmBankReconnect: defineRoute({
    id: 'confirmBankReconnect',
    method: 'POST',
    path: '/api/bank-connections/{id}/reconnected',
    params: byId,
    response: BankConnection,
    roles: STAFF,
    plaidTokenKey: ['kms:Decrypt'],
    callsPlaid: true,
    // The first (or catch-up) sync is enqueued right away (services/banking/links.ts afterLink).
    enqueuesSync: true,
  }),
  disconnectBank: defineRoute({
    id: 'disconnectBank',
    method: 'DELETE',
    path: '/api/bank-connections/{id}',
    params: byId,
    response: DisconnectResult,
    roles: STAFF,
    plaidTokenKey: ['kms:Decrypt'],
    callsPlaid: true,
  }),
  listBankAccounts: defineRoute({
    id: 'listBankAccounts',
    method: 'GET',
    path: '/api/bank-accounts',
    response: BankAccountList,
    roles: STAFF,
  }),
  updateBankAccount: defineRoute({
    id: 'updateBankAccount',
    method: 'PATCH',
    path: '/api/bank-accounts/{id}',
    params: byId,
    body: BankAccountUpdate,
    response: BankAccount,
    roles: STAFF,
  }),
} as const;
