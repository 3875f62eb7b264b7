/**
 * Key builders for the single table. Only these functions know key formats; a unit test pins
 * each access pattern's shape (tests/unit/keys.test.ts). The same table is in README "Data model".
 *
 * | Item               | PK         | SK                    | GSI1 (PK / SK)              | GSI2 (PK / SK)               |
 * |--------------------|------------|-----------------------|-----------------------------|------------------------------|
 * | Organization       | ORG#o      | ORG                   |                             |                              |
 * | Membership         | ORG#o      | MEMBER#u              | USER#u / ORG#o              |                              |
 * | User               | USER#u     | PROFILE               | EMAIL#e / USER              |                              |
 * | Property           | ORG#o      | PROP#p                |                             |                              |
 * | Tenancy            | ORG#o      | TENANCY#n             | USER#u / TENANCY#leaseStart | ORG#o#PROP#p / TENANCY#n     |
 * | Security log       | USER#u     | LOG#ts#id (ttl)       |                             |                              |
 * | Transaction (next) | ORG#o      | TXN#t                 | ORG#o#TXN / date#created#t  | ORG#o#PROP#p / TXN#date#...  |
 *
 * Anything that points at a property carries GSI2PK = ORG#o#PROP#p, so "is this property still
 * referenced?" is one Query with Limit 1 (deleteProperty relies on it).
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
} as const;

/** Key attributes are internal: strip them (and the TTL) before an item leaves a repository. */
export function withoutKeys<T extends Record<string, unknown>>(item: T) {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, ttl, ...rest } = item;
  return rest;
}
