import type { BankAccount, BankConnection, BankStatus, ExchangeInput, LinkToken } from '@rent/shared';
import { BANK_MESSAGES, needsAttention, OWNERS } from '@rent/shared';
import type { AccountBase, CountryCode, Products } from 'plaid';
import {
  accessTokenOf,
  type BankAccountInput,
  bankAccountToApi,
  bankConnectionToApi,
  createBankLink,
  deleteBankLink,
  getInstitution,
  type InstitutionRecord,
  institutionClaimOf,
  listBankAccounts,
  listInstitutions,
  newBankLinkId,
  sealAccessToken,
  setBankAccountProperty,
  setInstitutionStatus,
  upsertBankAccounts,
} from '../../data/banking/banks.js';
import { listPendingBankTransactions } from '../../data/banking/bankTransactions.js';
import type { TransactionRecord } from '../../data/ledger/items.js';
import { readTransactions } from '../../data/ledger/read.js';
import { Conflict, NotAllowed } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import {
  type PlaidPath,
  type PlaidRequest,
  type PlaidResponse,
  plaidClient,
  plaidWebhookUrl,
} from '../../lib/plaid.js';
import type { Caller } from '../../runtime/identity.js';
import { ITEM_GONE_CODES, plaidErrorCode, plaidFailure } from './plaidErrors.js';
import { hasUserData } from './syncPlan.js';
import { requestSync } from './syncQueue.js';
import { applyBankRemovals, keepRemovedByBank } from './syncWrites.js';

/**
 * Bank link workflows (docs/banking.md "Bank links"): Plaid Link tokens (new and update mode), the public
 * token exchange, reconnect, disconnect, and the accounts' default property. Access tokens exist in the clear only
 * inside these functions, between KMS and the Plaid client; they are never logged, returned or put in an error.
 */

/** Two years of history on the first sync (Plaid's maximum is 730 days). */
const HISTORY_DAYS = 730;

/** One Plaid call; any failure becomes a domain error that carries nothing of the request (logged by its path). */
async function plaid<P extends PlaidPath>(
  path: P,
  request: PlaidRequest<P>,
  institutionName?: string,
): Promise<PlaidResponse<P>> {
  try {
    return await plaidClient()(path, request);
  } catch (error) {
    throw plaidFailure(path, error, institutionName);
  }
}

/**
 * A Plaid call with an existing link's token, unsealed only here; ITEM_LOGIN_REQUIRED also marks the link "needs
 * reconnect".
 */
async function plaidWithItem<P extends PlaidPath>(
  institution: InstitutionRecord,
  path: P,
  request: Omit<PlaidRequest<P>, 'access_token'>,
): Promise<PlaidResponse<P>> {
  const withToken = { ...request, access_token: await accessTokenOf(institution) } as PlaidRequest<P>;
  try {
    return await plaidClient()(path, withToken);
  } catch (error) {
    if (plaidErrorCode(error) === 'ITEM_LOGIN_REQUIRED') {
      await setInstitutionStatus(institution.organizationId, institution.id, 'needs_reconnect', {
        errorCode: 'ITEM_LOGIN_REQUIRED',
      });
    }
    throw plaidFailure(path, error, institution.institutionName);
  }
}

export function accountInputOf(account: AccountBase): BankAccountInput {
  const { balances } = account;
  const amount = balances.current ?? balances.available ?? null;
  return {
    accountId: account.account_id,
    name: account.name,
    officialName: account.official_name ?? null,
    type: String(account.type),
    subtype: account.subtype ? String(account.subtype) : null,
    mask: account.mask ?? null,
    currency: balances.iso_currency_code ?? balances.unofficial_currency_code ?? null,
    balance: amount === null ? null : Math.round(amount * 100),
  };
}

/**
 * The bank status call the product names (docs/product.md "API calls the product names"): isConnected, and
 * which connections someone must act on.
 */
export async function bankStatus(orgId: string): Promise<BankStatus> {
  const institutions = await listInstitutions(orgId);
  return {
    isConnected: institutions.length > 0,
    attention: institutions
      .filter((i) => needsAttention(i.status))
      .map((i) => ({
        id: i.id,
        institutionName: i.institutionName,
        status: i.status,
        consentExpiresAt: i.consentExpiresAt,
      })),
  };
}

export async function listConnections(orgId: string): Promise<{ connections: BankConnection[] }> {
  const [institutions, accounts] = await Promise.all([listInstitutions(orgId), listBankAccounts(orgId)]);
  return { connections: institutions.map((i) => bankConnectionToApi(i, accounts)) };
}

export async function listAccounts(orgId: string): Promise<{ accounts: BankAccount[] }> {
  const [institutions, accounts] = await Promise.all([listInstitutions(orgId), listBankAccounts(orgId)]);
  const byId = new Map(institutions.map((i) => [i.id, i]));
  return {
    accounts: accounts.flatMap((a) => {
      const institution = byId.get(a.institutionId);
      return institution ? [bankAccountToApi(a, institution)] : [];
    }),
  };
}

/**
 * A Link token. Without a connection: to connect a new bank (transactions, two years), for the organization's
 * owners only (the route lets every staff member in, for Reconnect). With one: update mode to reconnect it (the
 * link's own access token, no products; Link then needs no exchange), for any staff member: it repairs the
 * owner's existing link, and the bank itself asks for the bank sign-in (docs/people.md "Roles and permissions").
 */
export async function createLinkToken(caller: Caller, connectionId?: string): Promise<LinkToken> {
  if (!connectionId && !OWNERS.includes(caller.role)) {
    throw new NotAllowed('Only admins and landlords connect a bank. Ask one of them to connect it.', 'OWNERS_ONLY');
  }
  // Plaid's enums as types only: their values would bring Plaid's SDK into the bundle (functions/src/lib/plaid.ts).
  const common = {
    client_name: 'Rent.Today',
    language: 'en',
    country_codes: ['US' as CountryCode],
    user: { client_user_id: caller.userId },
    ...(plaidWebhookUrl() && { webhook: plaidWebhookUrl() }),
  };
  if (connectionId) {
    const institution = await getInstitution(caller.orgId, connectionId);
    const data = await plaidWithItem(institution, '/link/token/create', common);
    return { linkToken: data.link_token, expiration: data.expiration, mode: 'update' };
  }
  const data = await plaid('/link/token/create', {
    ...common,
    products: ['transactions' as Products],
    transactions: { days_requested: HISTORY_DAYS },
  });
  return { linkToken: data.link_token, expiration: data.expiration, mode: 'create' };
}

/**
 * Connect a bank: refuse a second link of the same bank first (the public token is left unused), exchange the
 * public token (single use), read the accounts, seal the token and store the link with its accounts in one
 * transaction. If anything fails after the exchange, the new Plaid item is removed again so no link is orphaned.
 */
export async function exchangePublicToken(caller: Caller, input: ExchangeInput): Promise<BankConnection> {
  const alreadyConnected = () =>
    new Conflict('BANK_ALREADY_CONNECTED', BANK_MESSAGES.alreadyConnected(input.institution.name));
  const claim = await institutionClaimOf(caller.orgId, input.institution.id);
  if (claim.linked) throw alreadyConnected();
  const exchanged = await plaid('/item/public_token/exchange', { public_token: input.publicToken });
  try {
    const { accounts } = await plaid('/accounts/get', { access_token: exchanged.access_token }, input.institution.name);
    const id = newBankLinkId();
    const link = await createBankLink({
      id,
      organizationId: caller.orgId,
      itemId: exchanged.item_id,
      accessToken: await sealAccessToken(caller.orgId, id, exchanged.access_token),
      createdById: caller.userId,
      plaidInstitutionId: input.institution.id,
      institutionName: input.institution.name,
      accounts: accounts.map(accountInputOf),
      formerLinks: claim.formerLinks,
    });
    await afterLink(caller.orgId, id, 'linked');
    return bankConnectionToApi(link.institution, link.accounts);
  } catch (error) {
    await removeItemQuietly(exchanged.access_token);
    throw error;
  }
}

/**
 * After Link in update mode succeeded: check with Plaid that the item works again (/accounts/get with its
 * token), refresh its accounts, mark it connected and ask for a sync. Still ITEM_LOGIN_REQUIRED: 409, and the
 * link stays "needs reconnect".
 */
export async function confirmReconnect(orgId: string, connectionId: string): Promise<BankConnection> {
  const institution = await getInstitution(orgId, connectionId);
  const { accounts } = await plaidWithItem(institution, '/accounts/get', {});
  await upsertBankAccounts(orgId, connectionId, accounts.map(accountInputOf));
  await setInstitutionStatus(orgId, connectionId, 'connected');
  await afterLink(orgId, connectionId, 'reconnected');
  const [fresh, all] = await Promise.all([getInstitution(orgId, connectionId), listBankAccounts(orgId)]);
  return bankConnectionToApi(fresh, all);
}

/**
 * Disconnect: /item/remove at Plaid (the token is dead after it; an item Plaid no longer knows counts as removed,
 * so a retry after a partial failure finishes the job), then the link, its pointer, claim and accounts go.
 * Transactions stay, with their source, institutionId and bankAccountId.
 */
export async function disconnect(orgId: string, connectionId: string): Promise<{ id: string; transactionsKept: true }> {
  const institution = await getInstitution(orgId, connectionId);
  const accessToken = await accessTokenOf(institution);
  try {
    await plaidClient()('/item/remove', { access_token: accessToken });
  } catch (error) {
    const code = plaidErrorCode(error);
    if (!code || !ITEM_GONE_CODES.has(code)) throw plaidFailure('/item/remove', error, institution.institutionName);
  }
  await dropPendingLines(orgId, connectionId);
  await deleteBankLink(orgId, connectionId);
  return { id: connectionId, transactionsKept: true };
}

/**
 * A pending line of a disconnected link will never post through it (a link of the bank made later brings its own),
 * so a disconnect removes it as the bank would: deleted, or kept removed by the bank when people attached something
 * (`applyBankRemovals`). It counted in no total. Done before the link goes, so a retried disconnect finishes it.
 */
async function dropPendingLines(orgId: string, institutionId: string) {
  const [pending, accounts] = await Promise.all([listPendingBankTransactions(orgId), listBankAccounts(orgId)]);
  const defaultProperty = new Map(
    accounts.filter((a) => a.institutionId === institutionId).map((a) => [a.id, a.propertyId]),
  );
  const ids = pending.filter((p) => p.bankAccountId !== null && defaultProperty.has(p.bankAccountId)).map((p) => p.id);
  if (ids.length === 0) return;
  const records = [...(await readTransactions(orgId, ids)).values()].filter((t) => t.pending && !t.removedByBank);
  const attached = (t: TransactionRecord) => hasUserData(t, defaultProperty.get(t.bankAccountId!) ?? null);
  for (const record of records.filter(attached)) await keepRemovedByBank(orgId, institutionId, record);
  await applyBankRemovals(
    orgId,
    institutionId,
    records
      .filter((t) => !attached(t))
      .map((record) => ({ record, plaidIds: record.externalId ? [record.externalId] : [] })),
  );
}

export async function setAccountProperty(orgId: string, accountId: string, propertyId: string | null) {
  const account = await setBankAccountProperty(orgId, accountId, propertyId);
  return bankAccountToApi(account, await getInstitution(orgId, account.institutionId));
}

async function removeItemQuietly(accessToken: string): Promise<void> {
  try {
    await plaidClient()('/item/remove', { access_token: accessToken });
  } catch (error) {
    logger.warn('could not remove a Plaid item after a failed link', { errorCode: plaidErrorCode(error) });
  }
}

/**
 * THE call site after a link is stored or repaired: the first (or a catch-up) sync is enqueued here
 * (services/banking/syncQueue.ts). Never throws: the link is already saved, and a message that could not be sent is
 * caught up by the 6-hourly schedule or "Sync now".
 */
export async function afterLink(orgId: string, institutionId: string, reason: 'linked' | 'reconnected') {
  try {
    await requestSync(orgId, institutionId, 'link');
    logger.info('bank link sync requested', { organizationId: orgId, institutionId, reason });
  } catch (error) {
    logger.warn('bank link sync not requested', { institutionId, reason, error: (error as Error)?.name ?? 'Error' });
  }
}
