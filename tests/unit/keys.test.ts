import { describe, expect, it } from 'vitest';
import { keys, orgPk, withoutKeys } from '../../functions/src/data/keys.js';

/** The access-pattern table of functions/src/data/keys.ts, pinned string by string. */
describe('key shapes', () => {
  it('organization: ORG#o / ORG', () => {
    expect(keys.organization('o1')).toEqual({ PK: 'ORG#o1', SK: 'ORG' });
    expect(orgPk('o1')).toBe('ORG#o1');
  });

  it('membership: ORG#o / MEMBER#u, GSI1 USER#u / ORG#o', () => {
    expect(keys.membership('o1', 'u1')).toEqual({ PK: 'ORG#o1', SK: 'MEMBER#u1' });
    expect(keys.membershipByUser('u1', 'o1')).toEqual({ GSI1PK: 'USER#u1', GSI1SK: 'ORG#o1' });
    expect(keys.membershipsOfUserPrefix('u1')).toEqual({ GSI1PK: 'USER#u1', GSI1SKPrefix: 'ORG#' });
  });

  it('user: USER#u / PROFILE, GSI1 EMAIL#e / USER with the email lower-cased', () => {
    expect(keys.user('u1')).toEqual({ PK: 'USER#u1', SK: 'PROFILE' });
    expect(keys.userByEmail('Ann.Lee@Example.COM')).toEqual({ GSI1PK: 'EMAIL#ann.lee@example.com', GSI1SK: 'USER' });
    expect(keys.userByEmail('ann.lee@example.com')).toEqual(keys.userByEmail('ANN.LEE@EXAMPLE.COM'));
  });

  it('property: ORG#o / PROP#p, listed by the PROP# prefix', () => {
    expect(keys.property('o1', 'p1')).toEqual({ PK: 'ORG#o1', SK: 'PROP#p1' });
    expect(keys.propertiesPrefix('o1')).toEqual({ PK: 'ORG#o1', SKPrefix: 'PROP#' });
    expect(keys.propertyReferences('o1', 'p1')).toEqual({ GSI2PK: 'ORG#o1#PROP#p1' });
  });

  it('tenancy: ORG#o / TENANCY#n, GSI1 USER#u / TENANCY#leaseStart, GSI2 ORG#o#PROP#p / TENANCY#n', () => {
    expect(keys.tenancy('o1', 'n1')).toEqual({ PK: 'ORG#o1', SK: 'TENANCY#n1' });
    expect(keys.tenancyByUser('u1', '2026-01-01')).toEqual({ GSI1PK: 'USER#u1', GSI1SK: 'TENANCY#2026-01-01' });
    expect(keys.tenanciesOfUserPrefix('u1')).toEqual({ GSI1PK: 'USER#u1', GSI1SKPrefix: 'TENANCY#' });
    expect(keys.tenancyByProperty('o1', 'p1', 'n1')).toEqual({ GSI2PK: 'ORG#o1#PROP#p1', GSI2SK: 'TENANCY#n1' });
  });

  it('loan: ORG#o / LOAN#l, GSI2 ORG#o#PROP#p / LOAN#l, apart from the property ledger and its leases', () => {
    expect(keys.loan('o1', 'l1')).toEqual({ PK: 'ORG#o1', SK: 'LOAN#l1' });
    const loan = keys.loanByProperty('o1', 'p1', 'l1');
    expect(loan).toEqual({ GSI2PK: 'ORG#o1#PROP#p1', GSI2SK: 'LOAN#l1' });
    expect(keys.loansOfProperty('o1', 'p1')).toEqual({ GSI2PK: 'ORG#o1#PROP#p1', GSI2SKPrefix: 'LOAN#' });
    expect(loan.GSI2PK).toBe(keys.propertyReferences('o1', 'p1').GSI2PK);
    expect(loan.GSI2SK.startsWith(keys.transactionsOfProperty('o1', 'p1').GSI2SKPrefix)).toBe(false);
    expect(loan.GSI2SK.startsWith('TENANCY#')).toBe(false);
    expect(keys.tenancyByProperty('o1', 'p1', 'n1').GSI2SK.startsWith('LOAN#')).toBe(false);
  });

  it('security log: USER#u / LOG#ts#id', () => {
    expect(keys.securityLog('u1', '2026-01-01T00:00:00.000Z', 'e1')).toEqual({
      PK: 'USER#u1',
      SK: 'LOG#2026-01-01T00:00:00.000Z#e1',
    });
  });
});

describe('access patterns agree with each other', () => {
  it('a tenancy shares GSI2PK with the property reference check (deleteProperty relies on it)', () => {
    expect(keys.tenancyByProperty('o1', 'p1', 'n1').GSI2PK).toBe(keys.propertyReferences('o1', 'p1').GSI2PK);
    expect(keys.tenancyByProperty('o1', 'p2', 'n1').GSI2PK).not.toBe(keys.propertyReferences('o1', 'p1').GSI2PK);
    expect(keys.tenancyByProperty('o2', 'p1', 'n1').GSI2PK).not.toBe(keys.propertyReferences('o1', 'p1').GSI2PK);
  });

  it('each list query prefix finds the items it is meant to, and only those', () => {
    const membership = keys.membershipByUser('u1', 'o1');
    const tenancy = keys.tenancyByUser('u1', '2026-01-01');
    const memberships = keys.membershipsOfUserPrefix('u1');
    const tenancies = keys.tenanciesOfUserPrefix('u1');
    // Memberships and tenancies of a user share a GSI1 partition; the sort-key prefixes keep them apart.
    expect(membership.GSI1PK).toBe(tenancy.GSI1PK);
    expect(membership.GSI1SK.startsWith(memberships.GSI1SKPrefix)).toBe(true);
    expect(tenancy.GSI1SK.startsWith(memberships.GSI1SKPrefix)).toBe(false);
    expect(tenancy.GSI1SK.startsWith(tenancies.GSI1SKPrefix)).toBe(true);
    expect(membership.GSI1SK.startsWith(tenancies.GSI1SKPrefix)).toBe(false);

    const property = keys.property('o1', 'p1');
    const properties = keys.propertiesPrefix('o1');
    expect(property.PK).toBe(properties.PK);
    expect(property.SK.startsWith(properties.SKPrefix)).toBe(true);
    for (const other of [keys.organization('o1'), keys.membership('o1', 'u1'), keys.tenancy('o1', 'n1')]) {
      expect(other.SK.startsWith(properties.SKPrefix)).toBe(false);
    }
  });

  it("a user's profile and security log share a partition but not a sort key", () => {
    const user = keys.user('u1');
    const log = keys.securityLog('u1', '2026-01-01T00:00:00.000Z', 'e1');
    expect(user.PK).toBe(log.PK);
    expect(user.SK).not.toBe(log.SK);
  });
});

describe('withoutKeys', () => {
  it('strips PK, SK, every GSI key and ttl, and keeps everything else', () => {
    const item = {
      PK: 'ORG#o1',
      SK: 'PROP#p1',
      GSI1PK: 'a',
      GSI1SK: 'b',
      GSI2PK: 'c',
      GSI2SK: 'd',
      ttl: 123,
      id: 'p1',
      address: '1 Main St',
      version: 2,
      monthlyRent: null,
    };
    expect(withoutKeys(item)).toEqual({ id: 'p1', address: '1 Main St', version: 2, monthlyRent: null });
  });

  it('does not change the item it was given', () => {
    const item = { PK: 'ORG#o1', SK: 'ORG', id: 'o1' };
    withoutKeys(item);
    expect(item).toEqual({ PK: 'ORG#o1', SK: 'ORG', id: 'o1' });
  });

  it('leaves an item without key attributes as it was', () => {
    expect(withoutKeys({ id: 'x', name: 'y' })).toEqual({ id: 'x', name: 'y' });
  });
});
