/**
 * Key builders for the single table. Only these functions (and the area modules `keys` includes: data/banking/keys.ts)
 * know key formats; unit tests pin each access pattern's shape (tests/unit/keys*.test.ts). The table of every item and
 * its keys is kept once, in the repository's README ("Data model"); each area page's "Keys" section repeats its own
 * items' keys with the reasons (the pages: docs/README.md "Rent.Today docs").
 *
 * Access patterns and their cost:
 * - Ledger, newest first (date, then createdAt, then id): Query GSI1 ORG#o#TXN, ScanIndexForward=false,
 *   a date range is a BETWEEN on GSI1SK. One request per page.
 * - Ledger of one property, or of "no property": Query GSI2 ORG#o#PROP#p (or ORG#o#NOPROP) with
 *   begins_with/BETWEEN on TXN#...: one request per page. Tenancies share the property partition
 *   under TENANCY#, so the TXN# prefix keeps them out.
 * - Reports and ledger totals: Query ORG#o, SK BETWEEN ROLLUP#from# AND ROLLUP#to#~ (O(months)).
 * - A receipt by its id (reference): GetItem ORG#o / RCPT#r, consistent, scoped to the caller's org.
 * - A transaction's receipts / a person's unattached receipts: Query GSI1 on the partitions above.
 * - Rules of an organization: Query ORG#o, begins_with RULE# (RULEBATCH# sorts apart: 'B' is not '#').
 * - Rule batches, newest first: Query ORG#o, begins_with RULEBATCH#, backwards (the batch id starts with
 *   its creation time). Unfinished batches: Query GSI1 ORG#o#RULEBATCH#OPEN (sparse: removed when done),
 *   begins_with the rule's fingerprint. What a batch changed: Query begins_with RULEBATCHREC#b#A# (apply
 *   chunks) or #U# (undo chunks), each record written in the same TransactWriteItems as its transactions.
 * - The match index (preview and apply-all): ONE Query ORG#o, begins_with MATCH, returns every match cell
 *   (a compressed snapshot of its transactions' names, amounts, categories) and the MATCHINDEX state;
 *   the rows changed since each snapshot are `m#<transactionId>` attributes of the rollup cell of the same
 *   month and property, written by every transaction write with its rollup deltas (docs/ledger.md "Match index").
 *
 * - A transaction's Activity (its review requests and messages, in time order): ONE Query of its own
 *   partition ORG#o#TXACT#t (begins_with REV# or MSG#, or the whole partition). A review by its id (PATCH
 *   /api/reviews/{id}): a consistent GetItem of its pointer ORG#o / REVIEW#r (transactionId, createdAt),
 *   then of the request. "Waiting on me": Query GSI1 ORG#o#WAITING#u (sparse: only open requests carry it).
 * - Bank links, bank sync and file imports (docs/banking.md "Keys"): their builders and access patterns are in
 *   data/banking/keys.ts; `keys` includes them.
 * - Reconciliations (docs/reconciliation.md "Keys"): one account's month is a GetItem ORG#o / RECON#<account>#<yyyy-mm>
 *   (its statement lines inside); an account's, a Query begins_with RECON#<account>#; its finishes and undos, a
 *   Query begins_with RECONLOG#<account># backwards. The account's ledger lines are the ledger's date range (GSI1)
 *   filtered to the account.
 * - Leases: a property's are a Query on GSI2 ORG#o#PROP#p begins_with TENANCY#; a person's a Query on GSI1
 *   USER#u begins_with TENANCY# (filtered to the organization); one by id a GetItem ORG#o / TENANCY#n.
 * - Loans: a property's are a Query on GSI2 ORG#o#PROP#p begins_with LOAN# (a property's ledger reads TXN#, its
 *   leases TENANCY#: neither sees them); one by id a GetItem ORG#o / LOAN#l. A loan carries the payments split by it.
 * - Schedule E choices (line 1b, line 2, QJV of a property's tax year): one GetItem ORG#o / SCHEDE#yyyy#PROP#p; a
 *   year's, for the worksheets, one Query begins_with SCHEDE#yyyy#. No GSI2 entry: they describe a property's year
 *   and do not keep the property from being deleted.
 * - Depreciation choices (per asset of a property: depreciation taken before the books, bonus depreciation): one
 *   GetItem ORG#o / DEPRCHOICE#PROP#p; the organization's, for the schedule, one Query begins_with DEPRCHOICE#PROP#.
 * - Maintenance requests, newest first: the id starts with the compact reportedAt, so the organization's
 *   requests are a Query ORG#o begins_with MAINT# backwards; a reporter's (what a tenant sees) a Query on
 *   GSI1 ORG#o#REPORTER#u; one property's a Query on GSI2 ORG#o#PROP#p begins_with MAINT#. One request
 *   per page; other filters (status, issue type, assignee, text) are a bounded FilterExpression loop.
 *   A request's activity: Query ORG#o begins_with MAINTACT#m# ('A' after MAINT keeps it out of MAINT#).
 *
 * Anything that points at a property carries GSI2PK = ORG#o#PROP#p, so "is this property still
 * referenced?" is one Query with Limit 1 (deleteProperty relies on it). Transactions (and leases, and loans) additionally
 * keep a counter on the property item (transactionCount, leaseCount, loanCount), which deleteProperty's Delete is
 * conditioned on: that closes the race a GSI read cannot (the GSI is eventually consistent, and a
 * transaction may be written between the check and the delete).
 */

import { randomUUID } from 'node:crypto';
import { bankingKeys } from './banking/keys.js';
import { orgPk } from './orgPk.js';

export { orgPk };

export const keys = {
  // Bank links, bank sync, held bank changes, file imports: data/banking/keys.ts.
  ...bankingKeys,

  organization: (orgId: string) => ({ PK: orgPk(orgId), SK: 'ORG' }),

  membership: (orgId: string, userId: string) => ({ PK: orgPk(orgId), SK: `MEMBER#${userId}` }),
  /** Memberships of a user, across organizations (GSI1). */
  membershipByUser: (userId: string, orgId: string) => ({ GSI1PK: `USER#${userId}`, GSI1SK: `ORG#${orgId}` }),
  membershipsOfUserPrefix: (userId: string) => ({ GSI1PK: `USER#${userId}`, GSI1SKPrefix: 'ORG#' }),
  membersPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'MEMBER#' }),
  /**
   * A person who left or was removed ('F' keeps it apart from MEMBER#): account deletion finds the organizations a
   * person was ever in (GSI1) and who was ever in an organization (begins_with FORMER#).
   */
  formerMember: (orgId: string, userId: string) => ({ PK: orgPk(orgId), SK: `FORMER#${userId}` }),
  formerMemberByUser: (userId: string, orgId: string) => ({ GSI1PK: `USER#${userId}`, GSI1SK: `FORMERORG#${orgId}` }),
  formerMembersPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'FORMER#' }),
  formerOrganizationsOfUserPrefix: (userId: string) => ({ GSI1PK: `USER#${userId}`, GSI1SKPrefix: 'FORMERORG#' }),

  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  userByEmail: (email: string) => ({ GSI1PK: `EMAIL#${email.toLowerCase()}`, GSI1SK: 'USER' }),

  property: (orgId: string, propertyId: string) => ({ PK: orgPk(orgId), SK: `PROP#${propertyId}` }),
  propertiesPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'PROP#' }),
  /** Items that point at a property (GSI2). */
  propertyReferences: (orgId: string, propertyId: string) => ({ GSI2PK: `${orgPk(orgId)}#PROP#${propertyId}` }),

  tenancy: (orgId: string, tenancyId: string) => ({ PK: orgPk(orgId), SK: `TENANCY#${tenancyId}` }),
  tenancyByUser: (userId: string, leaseStart: string) => ({
    GSI1PK: `USER#${userId}`,
    GSI1SK: `TENANCY#${leaseStart}`,
  }),
  tenanciesOfUserPrefix: (userId: string) => ({ GSI1PK: `USER#${userId}`, GSI1SKPrefix: 'TENANCY#' }),
  tenancyByProperty: (orgId: string, propertyId: string, tenancyId: string) => ({
    GSI2PK: `${orgPk(orgId)}#PROP#${propertyId}`,
    GSI2SK: `TENANCY#${tenancyId}`,
  }),
  /** A charge on a lease (docs/tenants-and-maintenance.md "Charges and the tenant ledger"); code unique per lease. */
  charge: (orgId: string, leaseId: string, code: string) => ({ PK: orgPk(orgId), SK: `CHARGE#${leaseId}#${code}` }),
  /** The daily charge job's registry of organizations with leases: one partition, one item per organization. */
  leaseOrganization: (orgId: string) => ({ PK: 'LEASEORGS', SK: `ORG#${orgId}` }),
  leaseOrganizationsPk: () => 'LEASEORGS',

  /** A mortgage loan of a property (docs/reports-and-tax.md "Loans"). */
  loan: (orgId: string, loanId: string) => ({ PK: orgPk(orgId), SK: `LOAN#${loanId}` }),
  /** A loan points at its property (GSI2): the property's loans, and the property-delete check. */
  loanByProperty: (orgId: string, propertyId: string, loanId: string) => ({
    GSI2PK: `${orgPk(orgId)}#PROP#${propertyId}`,
    GSI2SK: `LOAN#${loanId}`,
  }),
  loansOfProperty: (orgId: string, propertyId: string) => ({
    GSI2PK: `${orgPk(orgId)}#PROP#${propertyId}`,
    GSI2SKPrefix: 'LOAN#',
  }),

  securityLog: (userId: string, at: string, id: string) => ({ PK: `USER#${userId}`, SK: `LOG#${at}#${id}` }),
  securityLogPrefix: (userId: string) => ({ PK: `USER#${userId}`, SKPrefix: 'LOG#' }),
  /** An account deletion's progress through the erasure of the person's copies (gone with the deletion's end). */
  accountErasure: (userId: string) => ({ PK: `USER#${userId}`, SK: 'ERASURE' }),
  /** An organization's membership activity ('L' after MEMBER keeps it out of MEMBER#). */
  membershipEvent: (orgId: string, at: string, id: string) => ({ PK: orgPk(orgId), SK: `MEMBERLOG#${at}#${id}` }),
  membershipEventsPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'MEMBERLOG#' }),
  /** Every close and reopen of the books, newest last by time (kept as long as the organization). */
  closedPeriodChange: (orgId: string, at: string, id: string) => ({ PK: orgPk(orgId), SK: `CLOSELOG#${at}#${id}` }),
  closedPeriodChangesPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'CLOSELOG#' }),
  /** A statement reconciliation of one bank account and month (docs/reconciliation.md "Keys"). */
  reconciliation: (orgId: string, accountId: string, month: string) => ({
    PK: orgPk(orgId),
    SK: `RECON#${accountId}#${month}`,
  }),
  reconciliationsPrefix: (orgId: string, accountId: string) => ({ PK: orgPk(orgId), SKPrefix: `RECON#${accountId}#` }),
  /** A finish or undo of a reconciliation, newest last ('L' keeps it apart from RECON#). */
  reconciliationLog: (orgId: string, accountId: string, at: string, id: string) => ({
    PK: orgPk(orgId),
    SK: `RECONLOG#${accountId}#${at}#${id}`,
  }),
  reconciliationLogPrefix: (orgId: string, accountId: string) => ({
    PK: orgPk(orgId),
    SKPrefix: `RECONLOG#${accountId}#`,
  }),
  transaction: (orgId: string, transactionId: string) => ({ PK: orgPk(orgId), SK: `TXN#${transactionId}` }),
  /** The ledger order: newest first by date, then createdAt, then id (GSI1, read backwards). */
  transactionByDate: (orgId: string, date: string, createdAt: string, transactionId: string) => ({
    GSI1PK: `${orgPk(orgId)}#TXN`,
    GSI1SK: `${date}#${createdAt}#${transactionId}`,
  }),
  transactionsByDate: (orgId: string) => ({ GSI1PK: `${orgPk(orgId)}#TXN` }),
  /** The ledger of one property, or of no property (GSI2); shares the property's reference partition. */
  transactionByProperty: (
    orgId: string,
    propertyId: string | null,
    date: string,
    createdAt: string,
    transactionId: string,
  ) => ({
    GSI2PK: transactionPropertyPartition(orgId, propertyId),
    GSI2SK: `TXN#${date}#${createdAt}#${transactionId}`,
  }),
  /**
   * A split transaction whose parts name more than one property (GSI2): one partition of its own, read beside a
   * property's (or no property's) ledger and filtered by the parts' tags.
   */
  transactionAcrossProperties: (orgId: string, date: string, createdAt: string, transactionId: string) => ({
    GSI2PK: `${orgPk(orgId)}#SPLITPROPS`,
    GSI2SK: `TXN#${date}#${createdAt}#${transactionId}`,
  }),
  transactionsAcrossProperties: (orgId: string) => ({ GSI2PK: `${orgPk(orgId)}#SPLITPROPS` }),
  transactionsOfProperty: (orgId: string, propertyId: string | null) => ({
    GSI2PK: transactionPropertyPartition(orgId, propertyId),
    GSI2SKPrefix: 'TXN#',
  }),

  /** One cell of the monthly rollups: an organization's month for one property (or none). */
  rollup: (orgId: string, month: string, propertyId: string | null) => ({
    PK: orgPk(orgId),
    SK: `ROLLUP#${month}#${propertyId === null ? 'NOPROP' : `PROP#${propertyId}`}`,
  }),
  /** Every cell of the months from..to inclusive (yyyy-mm), all properties: BETWEEN SKFrom AND SKTo. */
  rollupMonths: (orgId: string, fromMonth: string, toMonth: string) => ({
    PK: orgPk(orgId),
    SKFrom: `ROLLUP#${fromMonth}#`,
    SKTo: `ROLLUP#${toMonth}#~`,
  }),
  rollupsPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'ROLLUP#' }),
  /** A property's (or no property's) capital spending counters of one year, named by month (data/ledger/rollupDeltas.ts). */
  capitalLedger: (orgId: string, year: string, propertyId: string | null) => ({
    PK: orgPk(orgId),
    SK: `CAPEX#${year}#${propertyId === null ? 'NOPROP' : `PROP#${propertyId}`}`,
  }),
  /** Every item of the capital ledger up to the year `toYear` inclusive: BETWEEN SKFrom AND SKTo. */
  capitalLedgerThrough: (orgId: string, toYear: string) => ({
    PK: orgPk(orgId),
    SKFrom: 'CAPEX#',
    SKTo: `CAPEX#${toYear}#~`,
  }),
  capitalLedgerPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'CAPEX#' }),

  /** A property's Schedule E choices for a tax year (line 1b, line 2, QJV). */
  scheduleEChoices: (orgId: string, year: string, propertyId: string) => ({
    PK: orgPk(orgId),
    SK: `SCHEDE#${year}#PROP#${propertyId}`,
  }),
  /** Every property's Schedule E choices of one tax year. */
  scheduleEChoicesOfYear: (orgId: string, year: string) => ({ PK: orgPk(orgId), SKPrefix: `SCHEDE#${year}#PROP#` }),

  /** A property's per-asset depreciation choices. */
  depreciationChoices: (orgId: string, propertyId: string) => ({
    PK: orgPk(orgId),
    SK: `DEPRCHOICE#PROP#${propertyId}`,
  }),
  /** Every property's depreciation choices. */
  depreciationChoicesPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'DEPRCHOICE#PROP#' }),

  /** Tax packages: the id begins with the tax year, so one is found by id alone and a year's listed newest first. */
  taxPackage: (orgId: string, packageId: string) => ({
    PK: orgPk(orgId),
    SK: `TAXPKG#${packageId.slice(0, 4)}#${packageId}`,
  }),
  taxPackagesOfYear: (orgId: string, year: string) => ({ PK: orgPk(orgId), SKPrefix: `TAXPKG#${year}#` }),
  /** The one build of a year in flight (its lock): makes starting idempotent. */
  taxPackageRun: (orgId: string, year: string) => ({ PK: orgPk(orgId), SK: `TAXPKGRUN#${year}` }),

  receipt: (orgId: string, receiptId: string) => ({ PK: orgPk(orgId), SK: `RCPT#${receiptId}` }),
  receiptOfTransaction: (orgId: string, transactionId: string, uploadedAt: string, receiptId: string) => ({
    GSI1PK: `${orgPk(orgId)}#TXN#${transactionId}#RCPT`,
    GSI1SK: `${uploadedAt}#${receiptId}`,
  }),
  receiptsOfTransaction: (orgId: string, transactionId: string) => ({
    GSI1PK: `${orgPk(orgId)}#TXN#${transactionId}#RCPT`,
  }),
  /** Receipts uploaded before their transaction existed belong to their uploader until attached. */
  unattachedReceipt: (orgId: string, userId: string, uploadedAt: string, receiptId: string) => ({
    GSI1PK: `${orgPk(orgId)}#USER#${userId}#RCPT`,
    GSI1SK: `${uploadedAt}#${receiptId}`,
  }),
  unattachedReceiptsOf: (orgId: string, userId: string) => ({ GSI1PK: `${orgPk(orgId)}#USER#${userId}#RCPT` }),

  rule: (orgId: string, ruleId: string) => ({ PK: orgPk(orgId), SK: `RULE#${ruleId}` }),
  rulesPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'RULE#' }),
  /** A rule that names a property points at it (GSI2), so the property-delete check sees the rule. */
  ruleByProperty: (orgId: string, propertyId: string, ruleId: string) => ({
    GSI2PK: `${orgPk(orgId)}#PROP#${propertyId}`,
    GSI2SK: `RULE#${ruleId}`,
  }),
  /**
   * A property a rule's split names (docs/rules.md "Rules that split"): in the property's reference partition, so the
   * property is not deleted while a rule would split money onto it.
   */
  ruleSplitRef: (orgId: string, ruleId: string, propertyId: string) => ({
    PK: orgPk(orgId),
    SK: `RULEREF#${ruleId}#${propertyId}`,
    GSI2PK: `${orgPk(orgId)}#PROP#${propertyId}`,
    GSI2SK: `RULEREF#${ruleId}`,
  }),
  ruleSplitRefsOf: (orgId: string, ruleId: string) => ({ PK: orgPk(orgId), SKPrefix: `RULEREF#${ruleId}#` }),
  /** How many rules an organization keeps: changed in the same TransactWriteItems as each rule put or delete. */
  ruleCounter: (orgId: string) => ({ PK: orgPk(orgId), SK: 'COUNTER#RULES' }),

  /** One apply of a rule; batch ids begin with their creation time, so the SK sorts by time. */
  ruleBatch: (orgId: string, batchId: string) => ({ PK: orgPk(orgId), SK: `RULEBATCH#${batchId}` }),
  ruleBatchesPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'RULEBATCH#' }),
  /** Sparse GSI1 entry of a batch that is not finished yet, found by the fingerprint of what it applies. */
  openRuleBatch: (orgId: string, fingerprint: string, batchId: string) => ({
    GSI1PK: `${orgPk(orgId)}#RULEBATCH#OPEN`,
    GSI1SK: `${fingerprint}#${batchId}`,
  }),
  openRuleBatches: (orgId: string, fingerprint: string) => ({
    GSI1PK: `${orgPk(orgId)}#RULEBATCH#OPEN`,
    GSI1SKPrefix: `${fingerprint}#`,
  }),
  /** What one chunk of an apply (A) or an undo (U) changed, written with that chunk's transactions. */
  ruleBatchRecord: (orgId: string, batchId: string, kind: 'A' | 'U', chunkId: string) => ({
    PK: orgPk(orgId),
    SK: `RULEBATCHREC#${batchId}#${kind}#${chunkId}`,
  }),
  ruleBatchRecords: (orgId: string, batchId: string, kind: 'A' | 'U') => ({
    PK: orgPk(orgId),
    SKPrefix: `RULEBATCHREC#${batchId}#${kind}#`,
  }),

  /** The match index's snapshot of one month of one property (or none): the rollup cell's twin. */
  matchCell: (orgId: string, month: string, propertyId: string | null) => ({
    PK: orgPk(orgId),
    SK: `MATCH#${month}#${propertyId === null ? 'NOPROP' : `PROP#${propertyId}`}`,
  }),
  /** An invitation of an organization (pending and past ones: Query begins_with INVITE#). */
  invitation: (orgId: string, invitationId: string) => ({ PK: orgPk(orgId), SK: `INVITE#${invitationId}` }),
  invitationsPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'INVITE#' }),
  /** The one lookup of a link: the SHA-256 (hex) of its token names the item that points at the invitation. */
  /** The invitation last sent to an email in an organization, by the email's SHA-256 (data/people/invitations.ts). */
  invitationEmailLock: (orgId: string, emailHash: string) => ({ PK: orgPk(orgId), SK: `INVITEMAIL#${emailHash}` }),
  invitationToken: (tokenHash: string) => ({ PK: `INVITETOKEN#${tokenHash}`, SK: 'INVITETOKEN' }),
  /** Invitations sent by an organization on one UTC day (the daily limit). */
  invitationDailyCounter: (orgId: string, day: string) => ({ PK: orgPk(orgId), SK: `COUNTER#INVITES#${day}` }),
  /** Unknown links looked up from one client address in one UTC hour (guessing). */
  invitationGuessCounter: (clientIp: string, hour: string) => ({
    PK: `INVITEGUESS#${clientIp}`,
    SK: `HOUR#${hour}`,
  }),

  /** Whether the index was built from the transactions written before it existed. */
  matchIndexState: (orgId: string) => ({ PK: orgPk(orgId), SK: 'MATCHINDEX' }),
  /** begins_with this: every match cell and the index state, in one Query. */
  matchIndexPrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'MATCH' }),

  /** A transaction's Activity partition: its review requests and messages. */
  activity: (orgId: string, transactionId: string) => ({ PK: `${orgPk(orgId)}#TXACT#${transactionId}` }),
  reviewRequest: (orgId: string, transactionId: string, createdAt: string, reviewId: string) => ({
    PK: `${orgPk(orgId)}#TXACT#${transactionId}`,
    SK: `REV#${createdAt}#${reviewId}`,
  }),
  message: (orgId: string, transactionId: string, createdAt: string, messageId: string) => ({
    PK: `${orgPk(orgId)}#TXACT#${transactionId}`,
    SK: `MSG#${createdAt}#${messageId}`,
  }),
  /** Where a review request lives, by its id alone (the PATCH path names only the review). */
  reviewPointer: (orgId: string, reviewId: string) => ({ PK: orgPk(orgId), SK: `REVIEW#${reviewId}` }),
  /** Sparse GSI1 entry of an open request: the reviewer's "Waiting on me". */
  waitingOn: (orgId: string, reviewerId: string, createdAt: string, reviewId: string) => ({
    GSI1PK: `${orgPk(orgId)}#WAITING#${reviewerId}`,
    GSI1SK: `${createdAt}#${reviewId}`,
  }),
  waitingOnUser: (orgId: string, reviewerId: string) => ({ GSI1PK: `${orgPk(orgId)}#WAITING#${reviewerId}` }),
  maintenance: (orgId: string, requestId: string) => ({ PK: orgPk(orgId), SK: `MAINT#${requestId}` }),
  maintenancePrefix: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'MAINT#' }),
  /** The requests one person reported (a tenant's own list), newest first (GSI1). */
  maintenanceByReporter: (orgId: string, userId: string, requestId: string) => ({
    GSI1PK: `${orgPk(orgId)}#REPORTER#${userId}`,
    GSI1SK: `MAINT#${requestId}`,
  }),
  maintenanceOfReporter: (orgId: string, userId: string) => ({
    GSI1PK: `${orgPk(orgId)}#REPORTER#${userId}`,
    GSI1SKPrefix: 'MAINT#',
  }),
  /** A request points at its property (GSI2): the property's requests, and the property-delete check. */
  maintenanceByProperty: (orgId: string, propertyId: string, requestId: string) => ({
    GSI2PK: `${orgPk(orgId)}#PROP#${propertyId}`,
    GSI2SK: `MAINT#${requestId}`,
  }),
  /** One entry of a request's activity (reported, status, assignment, comment), oldest first by its time. */
  maintenanceEvent: (orgId: string, requestId: string, at: string, eventId: string) => ({
    PK: orgPk(orgId),
    SK: `MAINTACT#${requestId}#${at}#${eventId}`,
  }),
  maintenanceEvents: (orgId: string, requestId: string) => ({ PK: orgPk(orgId), SKPrefix: `MAINTACT#${requestId}#` }),
  /** Every request's activity (account deletion looks for one author's events). */
  allMaintenanceEvents: (orgId: string) => ({ PK: orgPk(orgId), SKPrefix: 'MAINTACT#' }),
  /** How many of the organization's requests are in each status: moved in the same transaction as each write. */
  maintenanceCounter: (orgId: string) => ({ PK: orgPk(orgId), SK: 'COUNTER#MAINT' }),
  /** A request's photos ('P' after MAINT keeps them out of MAINT# and MAINTACT#). */
  maintenancePhoto: (orgId: string, requestId: string, photoId: string) => ({
    PK: orgPk(orgId),
    SK: `MAINTPHOTO#${requestId}#${photoId}`,
  }),
  maintenancePhotos: (orgId: string, requestId: string) => ({ PK: orgPk(orgId), SKPrefix: `MAINTPHOTO#${requestId}#` }),
  maintenanceOfProperty: (orgId: string, propertyId: string) => ({
    GSI2PK: `${orgPk(orgId)}#PROP#${propertyId}`,
    GSI2SKPrefix: 'MAINT#',
  }),

  // Account deletion and public routes (docs/people.md "Keys").
  /** An organization's purge: its progress, kept apart from the partition it empties (ttl: 1 year after). */
  orgPurge: (orgId: string) => ({ PK: `PURGE#${orgId}`, SK: 'PURGE' }),
  /** Requests of one kind from one client address in one UTC hour (public forms, client log). */
  publicRateCounter: (scope: string, clientIp: string, hour: string) => ({
    PK: `RATE#${scope}#${clientIp}`,
    SK: `HOUR#${hour}`,
  }),
  /** A contact-form message, by month received (support reads a month with one Query). */
  contactSubmission: (month: string, at: string, id: string) => ({ PK: `CONTACT#${month}`, SK: `MSG#${at}#${id}` }),
  contactSubmissionsOfMonth: (month: string) => ({ PK: `CONTACT#${month}`, SKPrefix: 'MSG#' }),
  /** A product-news subscriber, one per email (idempotent); GSI1 only once confirmed (sparse: who counts). */
  subscriber: (email: string) => ({ PK: `SUBSCRIBER#${email.toLowerCase()}`, SK: 'SUBSCRIBER' }),
  confirmedSubscriber: (confirmedAt: string, email: string) => ({
    GSI1PK: 'SUBSCRIBERS#CONFIRMED',
    GSI1SK: `${confirmedAt}#${email.toLowerCase()}`,
  }),
  /** A confirmation link by the SHA-256 of its token (single use, ttl). */
  subscriberToken: (tokenHash: string) => ({ PK: `SUBTOKEN#${tokenHash}`, SK: 'SUBTOKEN' }),
} as const;

/**
 * Maintenance request ids begin with their reportedAt (compact, fixed width), so sorting the ids sorts by
 * report time: every maintenance list is a Query read backwards, with no extra index for "newest first".
 */
export function newMaintenanceId(reportedAt: Date): string {
  return `${reportedAt.toISOString().replace(/[-:.]/g, '')}-${randomUUID()}`;
}

/** The attribute of a rollup cell holding a transaction's match row written since the last snapshot. */
export const matchRowAttribute = (transactionId: string) => `m#${transactionId}`;
export const MATCH_ROW_ATTRIBUTE_PREFIX = 'm#';
/** How many match rows a rollup cell holds pending (ADDed with each row, set by compaction): readers skip cells at 0. */
export const PENDING_COUNT_ATTRIBUTE = 'mp';

function transactionPropertyPartition(orgId: string, propertyId: string | null) {
  return propertyId === null ? `${orgPk(orgId)}#NOPROP` : `${orgPk(orgId)}#PROP#${propertyId}`;
}

/** Key attributes are internal: strip them (and the TTL) before an item leaves a repository. */
export function withoutKeys<T extends Record<string, unknown>>(item: T) {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, ttl, ...rest } = item;
  return rest;
}
