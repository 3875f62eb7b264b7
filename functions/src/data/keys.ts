/**
 * Key builders for the single table. Only these functions know key formats; unit tests pin each
 * access pattern's shape (tests/unit/keys.test.ts, tests/unit/keys-ledger.test.ts). The same table,
 * with the reasons, is in docs/data-model.md.
 *
 * | Item               | PK     | SK                        | GSI1 (PK / SK)                              | GSI2 (PK / SK)                              |
 * |--------------------|--------|---------------------------|---------------------------------------------|---------------------------------------------|
 * | Organization       | ORG#o  | ORG                       |                                             |                                             |
 * | Membership         | ORG#o  | MEMBER#u                  | USER#u / ORG#o                              |                                             |
 * | User               | USER#u | PROFILE                   | EMAIL#e / USER                              |                                             |
 * | Property           | ORG#o  | PROP#p                    |                                             |                                             |
 * | Tenancy            | ORG#o  | TENANCY#n                 | USER#u / TENANCY#leaseStart                 | ORG#o#PROP#p / TENANCY#n                    |
 * | Security log       | USER#u | LOG#ts#id (ttl)           |                                             |                                             |
 * | Transaction        | ORG#o  | TXN#t                     | ORG#o#TXN / date#createdAt#t                | ORG#o#PROP#p / TXN#date#createdAt#t         |
 * |   (no property)    |        |                           |                                             | ORG#o#NOPROP / TXN#date#createdAt#t         |
 * | Monthly rollup     | ORG#o  | ROLLUP#yyyy-mm#PROP#p     |                                             |                                             |
 * |   (no property)    |        | ROLLUP#yyyy-mm#NOPROP     |                                             |                                             |
 * | Receipt (pending)  | ORG#o  | RCPT#r (ttl)              |                                             |                                             |
 * | Receipt (attached) | ORG#o  | RCPT#r                    | ORG#o#TXN#t#RCPT / uploadedAt#r             |                                             |
 * | Receipt (loose)    | ORG#o  | RCPT#r                    | ORG#o#USER#u#RCPT / uploadedAt#r            |                                             |
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
 *
 * Anything that points at a property carries GSI2PK = ORG#o#PROP#p, so "is this property still
 * referenced?" is one Query with Limit 1 (deleteProperty relies on it). Transactions additionally
 * keep a counter on the property item (transactionCount), which deleteProperty's Delete is
 * conditioned on: that closes the race a GSI read cannot (the GSI is eventually consistent, and a
 * transaction may be written between the check and the delete).
 */

export const orgPk = (orgId: string) => `ORG#${orgId}`;

export const keys = {
  organization: (orgId: string) => ({ PK: orgPk(orgId), SK: 'ORG' }),

  membership: (orgId: string, userId: string) => ({ PK: orgPk(orgId), SK: `MEMBER#${userId}` }),
  /** Memberships of a user, across organizations (GSI1). */
  membershipByUser: (userId: string, orgId: string) => ({ GSI1PK: `USER#${userId}`, GSI1SK: `ORG#${orgId}` }),
  membershipsOfUserPrefix: (userId: string) => ({ GSI1PK: `USER#${userId}`, GSI1SKPrefix: 'ORG#' }),

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

  securityLog: (userId: string, at: string, id: string) => ({ PK: `USER#${userId}`, SK: `LOG#${at}#${id}` }),

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
} as const;

function transactionPropertyPartition(orgId: string, propertyId: string | null) {
  return propertyId === null ? `${orgPk(orgId)}#NOPROP` : `${orgPk(orgId)}#PROP#${propertyId}`;
}

/** Key attributes are internal: strip them (and the TTL) before an item leaves a repository. */
export function withoutKeys<T extends Record<string, unknown>>(item: T) {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, ttl, ...rest } = item;
  return rest;
}
