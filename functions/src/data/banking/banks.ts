import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { BANK_MESSAGES, type BankConnectionStatus } from '@rent/shared';
import { Conflict, InvalidReference, NotFound } from '../../domain-errors.js';
import { openSecret, type SealedSecret, sealSecret } from '../../lib/secrets.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll, queryPages } from '../query.js';
import { MAX_TRANSACT_ITEMS, type TransactOp, transact } from '../transact.js';
import {
  type BankAccountInput,
  type BankAccountRecord,
  bankAccountItem,
  type FormerLink,
  type InstitutionRecord,
  institutionItem,
  plaidItemPointer,
  toBankAccountRecord,
  toInstitutionRecord,
} from './items.js';

export type { BankAccountInput, BankAccountRecord, FormerLink, InstitutionRecord } from './items.js';
export { bankAccountToApi, bankConnectionToApi } from './items.js';

/**
 * Bank links (docs/banking.md "Bank links"): Institutions (one per Plaid Item), their Plaid item pointer, the
 * one-link-per-bank claim, and their BankAccounts. The only code that reads or writes these items.
 */
const connectionNotFound = () => new NotFound('Bank connection');
const accountNotFound = () => new NotFound('Bank account');
/** The items besides the accounts that one link writes: Institution, pointer, claim. */
const LINK_ITEMS = 3;
export const MAX_ACCOUNTS_PER_LINK = MAX_TRANSACT_ITEMS - LINK_ITEMS;

/** Ids are made before the token is sealed: the KMS encryption context names the institution. */
export const newBankLinkId = () => randomUUID();

/** The KMS encryption context of a link's access token. */
const tokenContext = (institution: { organizationId: string; id: string }) => ({
  organizationId: institution.organizationId,
  institutionId: institution.id,
});

export interface NewBankLink {
  id: string;
  organizationId: string;
  itemId: string;
  accessToken: SealedSecret;
  createdById: string;
  plaidInstitutionId: string;
  institutionName: string;
  accounts: BankAccountInput[];
  /** The bank's links disconnected before (`institutionClaimOf`): this one adopts their lines. */
  formerLinks?: FormerLink[];
}

/**
 * Stores a new link in ONE TransactWriteItems: the Institution, its Plaid item pointer, the claim on its Plaid
 * institution (a second link of the same bank fails that condition: 409 "already connected") and its accounts.
 */
export async function createBankLink(
  link: NewBankLink,
): Promise<{ institution: InstitutionRecord; accounts: BankAccountRecord[] }> {
  if (link.accounts.length > MAX_ACCOUNTS_PER_LINK)
    throw new Conflict('TOO_MANY_ACCOUNTS', `A bank link can bring at most ${MAX_ACCOUNTS_PER_LINK} accounts.`);
  const now = new Date().toISOString();
  const institution: InstitutionRecord = {
    id: link.id,
    organizationId: link.organizationId,
    provider: 'plaid',
    itemId: link.itemId,
    accessToken: link.accessToken,
    createdById: link.createdById,
    plaidInstitutionId: link.plaidInstitutionId,
    institutionName: link.institutionName,
    status: 'connected',
    errorCode: null,
    consentExpiresAt: null,
    cursor: null,
    lastSyncedAt: null,
    ...(link.formerLinks?.length && { formerLinks: link.formerLinks }),
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  const accounts = link.accounts.map((input) => newAccount(institution, input, now));
  const put = (Item: Record<string, unknown>, onConditionFailure?: () => Error): TransactOp => ({
    item: { Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' } },
    onConditionFailure,
  });
  const alreadyConnected = () =>
    new Conflict('BANK_ALREADY_CONNECTED', BANK_MESSAGES.alreadyConnected(link.institutionName));
  await transact([
    { item: { Update: claimUpdate(institution) }, onConditionFailure: alreadyConnected },
    put(institutionItem(institution)),
    put(plaidItemPointer(institution), alreadyConnected),
    ...accounts.map((a) => put(bankAccountItem(a))),
  ]);
  return { institution, accounts };
}

/**
 * The claim on a Plaid institution: the item `BANKINST#<institution_id>` names the link that holds it
 * (`institutionId`) while one does, and keeps the bank's disconnected links (`formerLinks`) for the next one.
 */
function claimUpdate(institution: InstitutionRecord) {
  return {
    TableName: tableName(),
    Key: keys.bankInstitutionClaim(institution.organizationId, institution.plaidInstitutionId),
    UpdateExpression: 'SET #type = :type, institutionId = :id, institutionName = :name',
    ConditionExpression: 'attribute_not_exists(institutionId)',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: {
      ':type': 'BankInstitutionClaim',
      ':id': institution.id,
      ':name': institution.institutionName,
    },
  };
}

/** A disconnect releases the claim and adds the link to the bank's former links. */
function claimReleaseUpdate(institution: InstitutionRecord, through: string) {
  return {
    TableName: tableName(),
    Key: keys.bankInstitutionClaim(institution.organizationId, institution.plaidInstitutionId),
    UpdateExpression:
      'SET #type = :type, formerLinks = list_append(if_not_exists(formerLinks, :none), :former) REMOVE institutionId, institutionName',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: {
      ':type': 'FormerBankLinks',
      ':none': [],
      ':former': [{ linkId: institution.id, through } satisfies FormerLink],
    },
  };
}

/**
 * The link of this Plaid institution in the organization, if any (checked before a public token is exchanged), and
 * the bank's links disconnected before, whose lines a new link adopts.
 */
export async function institutionClaimOf(
  orgId: string,
  plaidInstitutionId: string,
): Promise<{ linked: { institutionId: string; institutionName: string } | null; formerLinks: FormerLink[] }> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.bankInstitutionClaim(orgId, plaidInstitutionId),
      ConsistentRead: true,
    }),
  );
  return {
    linked: Item?.institutionId
      ? { institutionId: String(Item.institutionId), institutionName: String(Item.institutionName) }
      : null,
    formerLinks: (Item?.formerLinks as FormerLink[] | undefined) ?? [],
  };
}

export async function getInstitution(orgId: string, institutionId: string): Promise<InstitutionRecord> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.bankItem(orgId, institutionId), ConsistentRead: true }),
  );
  if (!Item) throw connectionNotFound();
  return toInstitutionRecord(Item);
}

export async function listInstitutions(orgId: string): Promise<InstitutionRecord[]> {
  const k = keys.bankItemsPrefix(orgId);
  const items = await queryAll(prefixQuery(tableName(), k.PK, k.SKPrefix));
  return items.map(toInstitutionRecord).sort((a, b) => a.institutionName.localeCompare(b.institutionName));
}

/** The link behind a Plaid item_id (webhooks), or null when no organization has it (any more). */
export async function institutionByItemId(itemId: string): Promise<InstitutionRecord | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.plaidItem(itemId) }));
  if (!Item) return null;
  try {
    return await getInstitution(String(Item.organizationId), String(Item.institutionId));
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

/** Every link of every organization (the schedule), one GSI1 page at a time. */
export async function* listAllBankLinks(): AsyncGenerator<{ organizationId: string; institutionId: string }[]> {
  for await (const page of queryPages({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.allBankItems().GSI1PK },
  })) {
    yield page.items.map((i) => ({ organizationId: String(i.organizationId), institutionId: String(i.id) }));
  }
}

/** THE way to a link's Plaid access token: KMS Decrypt under the link's own context. Never log the result. */
export function accessTokenOf(institution: InstitutionRecord): Promise<string> {
  return openSecret(institution.accessToken, tokenContext(institution));
}

/** Seals a new link's token (before createBankLink) under the context accessTokenOf opens it with. */
export function sealAccessToken(orgId: string, institutionId: string, token: string): Promise<SealedSecret> {
  return sealSecret(token, tokenContext({ organizationId: orgId, id: institutionId }));
}

/**
 * Moves a link between connected, needs_reconnect (ITEM_LOGIN_REQUIRED) and pending_disconnect (with the date
 * consent ends). `connected` clears the error code and the consent date unless they are given.
 */
export async function setInstitutionStatus(
  orgId: string,
  institutionId: string,
  status: BankConnectionStatus,
  details: { errorCode?: string | null; consentExpiresAt?: string | null } = {},
): Promise<{ changed: boolean }> {
  const errorCode = details.errorCode !== undefined ? details.errorCode : status === 'connected' ? null : undefined;
  const consent =
    details.consentExpiresAt !== undefined ? details.consentExpiresAt : status === 'connected' ? null : undefined;
  const sets = ['#status = :status', 'updatedAt = :now'];
  const values: Record<string, unknown> = { ':status': status, ':now': new Date().toISOString(), ':one': 1 };
  if (errorCode !== undefined) {
    sets.push('errorCode = :errorCode');
    values[':errorCode'] = errorCode;
  }
  if (consent !== undefined) {
    sets.push('consentExpiresAt = :consent');
    values[':consent'] = consent;
  }
  const old = await updateInstitution(orgId, institutionId, {
    UpdateExpression: `SET ${sets.join(', ')} ADD version :one`,
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: values,
  });
  // The values before this write, read in the same UpdateItem: of deliveries at once, only one sees a change.
  const changed =
    old.status !== status || (consent !== undefined && (old.consentExpiresAt ?? null) !== (consent ?? null));
  return { changed };
}

/** One conditional UpdateItem of a link (returns the values before it): a missing link 404, a failed condition 409. */
export async function updateInstitution(
  orgId: string,
  institutionId: string,
  update: {
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeNames: Record<string, string>;
    ExpressionAttributeValues: Record<string, unknown>;
  },
): Promise<Record<string, unknown>> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.bankItem(orgId, institutionId),
        ...update,
        ReturnValues: 'UPDATED_OLD',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return Attributes ?? {};
  } catch (error) {
    if (isConditionFailure(error)) {
      if (!error.Item) throw connectionNotFound();
      throw new Conflict('CONFLICT', 'The bank connection was synced by another run at the same time.');
    }
    throw error;
  }
}

export async function listBankAccounts(orgId: string): Promise<BankAccountRecord[]> {
  const k = keys.bankAccountsPrefix(orgId);
  const items = await queryAll(prefixQuery(tableName(), k.PK, k.SKPrefix));
  return items.map(toBankAccountRecord).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export async function getBankAccount(orgId: string, accountId: string): Promise<BankAccountRecord> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.bankAccount(orgId, accountId), ConsistentRead: true }),
  );
  if (!Item) throw accountNotFound();
  return toBankAccountRecord(Item);
}

/**
 * Sets (or clears) an account's default property, checked in the same transaction to be a property of the
 * organization (400 otherwise). The account then points at the property (GSI2), so the property cannot be deleted
 * from under it.
 */
export async function setBankAccountProperty(
  orgId: string,
  accountId: string,
  propertyId: string | null,
): Promise<BankAccountRecord> {
  // A sync refreshing the balance may write the account between our read and write: the person's choice of
  // property does not depend on the balance, so read again and apply it again (a few times) instead of a 409.
  for (let attempt = 1; ; attempt++) {
    try {
      return await setBankAccountPropertyOnce(orgId, accountId, propertyId);
    } catch (error) {
      if (!(error instanceof Conflict) || attempt >= 3) throw error;
    }
  }
}

async function setBankAccountPropertyOnce(
  orgId: string,
  accountId: string,
  propertyId: string | null,
): Promise<BankAccountRecord> {
  const current = await getBankAccount(orgId, accountId);
  const next: BankAccountRecord = {
    ...current,
    propertyId,
    updatedAt: new Date().toISOString(),
    version: current.version + 1,
  };
  const ops: TransactOp[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: bankAccountItem(next),
          ConditionExpression: 'attribute_exists(PK) AND version = :v',
          ExpressionAttributeValues: { ':v': current.version },
        },
      },
      onConditionFailure: () =>
        new Conflict('CONFLICT', 'This account was changed at the same time. Reload and try again.'),
    },
  ];
  if (propertyId) {
    ops.push({
      item: {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.property(orgId, propertyId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      onConditionFailure: () => new InvalidReference('propertyId', 'not a property of your organization'),
    });
  }
  await transact(ops);
  return next;
}

/**
 * Brings a link's accounts up to what the bank says (after a reconnect or a sync): known accounts (by Plaid
 * account_id) get the bank's name, mask, type and balance, keeping their default property; new ones are added.
 * Accounts the bank no longer lists are left as they are (their transactions may point at them).
 */
export async function upsertBankAccounts(
  orgId: string,
  institutionId: string,
  inputs: BankAccountInput[],
): Promise<BankAccountRecord[]> {
  const institution = await getInstitution(orgId, institutionId);
  const existing = (await listBankAccounts(orgId)).filter((a) => a.institutionId === institutionId);
  const byAccountId = new Map(existing.map((a) => [a.accountId, a]));
  const now = new Date().toISOString();
  const written: BankAccountRecord[] = [];
  const ops: TransactOp[] = [];
  for (const input of inputs) {
    const known = byAccountId.get(input.accountId);
    const record: BankAccountRecord = known
      ? { ...known, ...input, updatedAt: now, version: known.version + 1 }
      : newAccount(institution, input, now);
    written.push(record);
    if (known) {
      // What the bank says of a known account is SET, not put back from a read: refreshes at once (twenty Reconnect
      // confirms, a sync beside them) all write the bank's same facts and never refuse each other, and a default
      // property set meanwhile is kept.
      const { accountId: _, type, ...facts } = input;
      const fields = { ...facts, accountType: type, updatedAt: now };
      const names = Object.keys(fields);
      ops.push({
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.bankAccount(orgId, known.id),
            UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')} ADD version :one`,
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
            ExpressionAttributeValues: {
              ...Object.fromEntries(names.map((name, i) => [`:f${i}`, fields[name as keyof typeof fields]])),
              ':one': 1,
            },
          },
        },
      });
      continue;
    }
    ops.push({
      item: {
        Put: {
          TableName: tableName(),
          Item: bankAccountItem(record),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    });
  }
  for (let i = 0; i < ops.length; i += MAX_TRANSACT_ITEMS) await transact(ops.slice(i, i + MAX_TRANSACT_ITEMS));
  return written;
}

/**
 * Removes a link: the Institution, its pointer and its accounts, and releases its claim (which keeps the link among
 * the bank's former links), in one TransactWriteItems (the bank can then be linked again). Transactions are not
 * touched: they keep their source, institutionId and bankAccountId. Returns what was removed.
 */
export async function deleteBankLink(orgId: string, institutionId: string): Promise<InstitutionRecord> {
  const institution = await getInstitution(orgId, institutionId);
  const accounts = (await listBankAccounts(orgId)).filter((a) => a.institutionId === institutionId);
  const del = (Key: Record<string, string>, ConditionExpression?: string): TransactOp => ({
    item: { Delete: { TableName: tableName(), Key, ...(ConditionExpression && { ConditionExpression }) } },
  });
  await transact([
    { ...del(keys.bankItem(orgId, institutionId), 'attribute_exists(PK)'), onConditionFailure: connectionNotFound },
    del(keys.plaidItem(institution.itemId)),
    { item: { Update: claimReleaseUpdate(institution, new Date().toISOString().slice(0, 10)) } },
    ...accounts.map((a) => del(keys.bankAccount(orgId, a.id))),
  ]);
  return institution;
}

function newAccount(institution: InstitutionRecord, input: BankAccountInput, now: string): BankAccountRecord {
  return {
    id: randomUUID(),
    organizationId: institution.organizationId,
    userId: institution.createdById,
    provider: 'plaid',
    institutionId: institution.id,
    ...input,
    propertyId: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}
