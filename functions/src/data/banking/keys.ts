/**
 * Key builders of the banking items (docs/banking.md "Keys"): bank links and their accounts, bank transactions by their
 * Plaid id, held bank changes, file imports and the per-link sync lease. `keys` (data/keys.ts) includes every one of
 * them, so repositories reach them as `keys.bankItem(...)`; unit tests pin their shapes (tests/unit/keys-banks.test.ts,
 * tests/unit/file-import-keys.test.ts).
 *
 * Bank links: an organization's connections are a Query ORG#o begins_with BANKITEM#, its accounts begins_with
 * BANKACCT# (a handful each; an institution's accounts are filtered from them). A webhook names only Plaid's item_id:
 * the pointer PLAIDITEM#<item_id> gives the organization and link in one GetItem. The claim
 * BANKINST#<plaid institution_id> makes "one link per bank per organization" a condition of the link's
 * TransactWriteItems. The schedule lists every link with one Query of GSI1 BANKITEMS.
 */

import { orgPk } from '../orgPk.js';

export const bankingKeys = {
  // Bank links (docs/banking.md "Keys"): Institution, its Plaid item pointer and claim, and its accounts.
  bankItem: (orgId: string, institutionId: string) => ({ PK: orgPk(orgId), SK: `BANKITEM#${institutionId}` }),
  bankItemsPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'BANKITEM#' }),
  /** Sparse GSI1 entry every Institution carries: the schedule lists all links of all organizations. */
  bankItemIndex: (orgId: string, institutionId: string) => ({
    GSI1PK: 'BANKITEMS',
    GSI1SK: `${orgPk(orgId)}#BANKITEM#${institutionId}`,
  }),
  allBankItems: () => ({ GSI1PK: 'BANKITEMS' }),
  /** Plaid's item_id -> { organizationId, institutionId } (webhooks name only the item). */
  plaidItem: (itemId: string) => ({ PK: `PLAIDITEM#${itemId}`, SK: 'PLAIDITEM' }),
  /** One link per Plaid institution per organization: the claim is Put with attribute_not_exists. */
  bankInstitutionClaim: (orgId: string, plaidInstitutionId: string) => ({
    PK: orgPk(orgId),
    SK: `BANKINST#${plaidInstitutionId}`,
  }),
  bankAccount: (orgId: string, accountId: string) => ({ PK: orgPk(orgId), SK: `BANKACCT#${accountId}` }),
  bankAccountsPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'BANKACCT#' }),
  /** An account with a default property points at it (GSI2), so the property-delete check sees it. */
  bankAccountByProperty: (orgId: string, propertyId: string, accountId: string) => ({
    GSI2PK: `${orgPk(orgId)}#PROP#${propertyId}`,
    GSI2SK: `BANKACCT#${accountId}`,
  }),

  // Bank sync (docs/banking.md "Bank sync"): a bank transaction by its Plaid id, and the pending ones.
  /** Plaid transaction_id -> our transaction id; written with the transaction, kept as a tombstone when removed. */
  bankTransactionPointer: (orgId: string, plaidTransactionId: string) => ({
    PK: orgPk(orgId),
    SK: `EXTID#plaid#${plaidTransactionId}`,
  }),
  /** One per pending bank transaction (what a posted charge without pending_transaction_id is matched against). */
  bankPending: (orgId: string, transactionId: string) => ({ PK: orgPk(orgId), SK: `BANKPEND#${transactionId}` }),
  bankPendingPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'BANKPEND#' }),
  /** A bank change held back by the closed period, per transaction, until a reopen replays it. */
  heldBankChange: (orgId: string, transactionId: string) => ({ PK: orgPk(orgId), SK: `BANKHELD#${transactionId}` }),
  heldBankChangesPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'BANKHELD#' }),

  /** One file import (docs/banking.md "One import is one batch"); GSI1 lists an organization's imports newest first. */
  fileImport: (orgId: string, importId: string) => ({ PK: orgPk(orgId), SK: `IMPORT#${importId}` }),
  fileImportsPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'IMPORT#' }),
  fileImportByTime: (orgId: string, createdAt: string, importId: string) => ({
    GSI1PK: `${orgPk(orgId)}#IMPORTS`,
    GSI1SK: `${createdAt}#${importId}`,
  }),
  fileImportsByTime: (orgId: string) => ({ GSI1PK: `${orgPk(orgId)}#IMPORTS` }),
  /** The lines one request of an import brought (included and left out), keyed by its first line. */
  fileImportRecord: (orgId: string, importId: string, firstLine: number) => ({
    PK: orgPk(orgId),
    SK: `IMPORTREC#${importId}#${String(firstLine).padStart(8, '0')}`,
  }),
  fileImportRecords: (orgId: string, importId: string) => ({ PK: orgPk(orgId), SKPrefix: `IMPORTREC#${importId}#` }),

  // Sync plumbing: one lease item per bank link (docs/banking.md "The queue and the per-link lease").
  bankSyncLease: (orgId: string, institutionId: string) => ({ PK: orgPk(orgId), SK: `BANKSYNC#${institutionId}` }),
} as const;
