/**
 * Bank links through Plaid: link and exchange, connections and accounts, reconnect and disconnect, its webhook,
 * "Sync now", merge suggestions. Part of THE route table (../routes.ts).
 * Who may do what (docs/people.md "Roles and permissions"): connecting a bank and disconnecting one are the owners'
 * (ADMIN, LANDLORD); every staff member sees the connections, repairs a broken one (Reconnect), syncs it and files
 * an account's transactions under a default property.
 */
import {
  BankAccount,
  BankAccountList,
  BankAccountUpdate,
  BankConnection,
  BankConnectionList,
  BankStatus,
  DefaultPropertyApplied,
  DefaultPropertyPreview,
  DisconnectResult,
  ExchangeInput,
  LinkToken,
  LinkTokenInput,
  SyncQueued,
  WebhookReceived,
} from '../../domain/bank.js';
import { MergeSuggestionDecision } from '../../domain/bankSync.js';
import { ANY_ROLE, OWNERS, STAFF } from '../../domain/roles.js';
import { TransactionResult } from '../../domain/transaction.js';
import type { RouteDef } from '../route.js';
import { byId } from './params.js';

const WEBHOOK_MAX_BODY_BYTES = 64 * 1024;

// Plaid calls this (public: no authorizer, no caller). The handler verifies the Plaid-Verification JWT over the
// raw body itself (401 otherwise) before anything else; an item we do not know is acknowledged and ignored.
export const plaidWebhook = {
  id: 'plaidWebhook',
  method: 'POST',
  path: '/api/plaid/webhook',
  response: WebhookReceived,
  roles: ANY_ROLE,
  public: true,
  maxBodyBytes: WEBHOOK_MAX_BODY_BYTES,
  enqueuesSync: true,
  sendsEmail: true,
  // /webhook_verification_key/get needs the client id and secret (no access token: no KMS).
  callsPlaid: true,
} as const satisfies RouteDef;

// "Sync now": enqueues a sync of one of the organization's bank links (another organization's: 404).
export const syncBankConnection = {
  id: 'syncBankConnection',
  method: 'POST',
  path: '/api/bank-connections/{id}/sync',
  params: byId,
  response: SyncQueued,
  roles: STAFF,
  status: 202,
  enqueuesSync: true,
} as const satisfies RouteDef;

/**
 * A posted bank charge that may be a pending one with a tip: accept merges them into the older record
 * (which keeps its category, property, notes, receipts and messages); dismiss keeps both apart.
 */
export const resolveMergeSuggestion = {
  id: 'resolveMergeSuggestion',
  method: 'POST',
  path: '/api/transactions/{id}/merge-suggestion',
  params: byId,
  body: MergeSuggestionDecision,
  response: TransactionResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const getBankStatus = {
  id: 'getBankStatus',
  method: 'GET',
  path: '/api/plaid/status',
  response: BankStatus,
  roles: STAFF,
} as const satisfies RouteDef;

// Update mode (a connection id: Reconnect) is for staff; create mode (a new bank) only for owners, which the
// service checks (403 OWNERS_ONLY), since one route serves both.
export const createLinkToken = {
  id: 'createLinkToken',
  method: 'POST',
  path: '/api/plaid/link-token',
  body: LinkTokenInput,
  response: LinkToken,
  roles: STAFF,
  plaidTokenKey: ['kms:Decrypt'],
  callsPlaid: true,
} as const satisfies RouteDef;

export const exchangePublicToken = {
  id: 'exchangePublicToken',
  method: 'POST',
  path: '/api/plaid/exchange',
  body: ExchangeInput,
  response: BankConnection,
  roles: OWNERS,
  status: 201,
  plaidTokenKey: ['kms:GenerateDataKey'],
  callsPlaid: true,
  // The first (or catch-up) sync is enqueued right away (services/banking/links.ts afterLink).
  enqueuesSync: true,
} as const satisfies RouteDef;

export const listBankConnections = {
  id: 'listBankConnections',
  method: 'GET',
  path: '/api/bank-connections',
  response: BankConnectionList,
  roles: STAFF,
} as const satisfies RouteDef;

export const confirmBankReconnect = {
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
} as const satisfies RouteDef;

export const disconnectBank = {
  id: 'disconnectBank',
  method: 'DELETE',
  path: '/api/bank-connections/{id}',
  params: byId,
  response: DisconnectResult,
  roles: OWNERS,
  plaidTokenKey: ['kms:Decrypt'],
  callsPlaid: true,
} as const satisfies RouteDef;

export const listBankAccounts = {
  id: 'listBankAccounts',
  method: 'GET',
  path: '/api/bank-accounts',
  response: BankAccountList,
  roles: STAFF,
} as const satisfies RouteDef;

export const updateBankAccount = {
  id: 'updateBankAccount',
  method: 'PATCH',
  path: '/api/bank-accounts/{id}',
  params: byId,
  body: BankAccountUpdate,
  response: BankAccount,
  roles: STAFF,
} as const satisfies RouteDef;

/**
 * What giving the account's default property to its past transactions would do: which it files, which it leaves
 * and why (already a property, the closed period, split). Another organization's account: 404.
 */
export const previewAccountDefaultProperty = {
  id: 'previewAccountDefaultProperty',
  method: 'GET',
  path: '/api/bank-accounts/{id}/default-property-preview',
  params: byId,
  response: DefaultPropertyPreview,
  roles: STAFF,
} as const satisfies RouteDef;

/** Files the account's past transactions under its default property, as the preview said, through the bulk edit. */
export const applyAccountDefaultProperty = {
  id: 'applyAccountDefaultProperty',
  method: 'POST',
  path: '/api/bank-accounts/{id}/apply-default-property',
  params: byId,
  response: DefaultPropertyApplied,
  roles: STAFF,
} as const satisfies RouteDef;
