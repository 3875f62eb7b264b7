import { ANY_ROLE, humanizeRole, isTenant, OWNERS, ROLES, Role, STAFF } from '@rent/shared';
import { describe, expect, it } from 'vitest';

describe('humanizeRole', () => {
  it.each([
    ['PROPERTY_MANAGER', 'Property Manager'],
    ['ADMIN', 'Admin'],
    ['LANDLORD', 'Landlord'],
    ['TENANT', 'Tenant'],
    ['property_manager', 'Property Manager'],
    ['SOME__ODD_ROLE_', 'Some Odd Role'],
  ])('%j -> %j', (role, label) => {
    expect(humanizeRole(role)).toBe(label);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['the empty string', ''],
    ['only underscores', '___'],
  ])('reads "Member" for %s', (_, role) => {
    expect(humanizeRole(role)).toBe('Member');
  });
});

describe('role policy', () => {
  it('has exactly the four roles', () => {
    expect([...ROLES].sort()).toEqual(['ADMIN', 'LANDLORD', 'PROPERTY_MANAGER', 'TENANT']);
    expect([...ANY_ROLE].sort()).toEqual([...ROLES].sort());
  });

  it('keeps tenants out of the staff and owner groups', () => {
    expect(STAFF).not.toContain('TENANT');
    expect(OWNERS).not.toContain('TENANT');
    expect([...STAFF].sort()).toEqual(['ADMIN', 'LANDLORD', 'PROPERTY_MANAGER']);
  });

  it('makes every owner a staff member, but not every staff member an owner', () => {
    for (const role of OWNERS) expect(STAFF).toContain(role);
    expect(OWNERS).not.toContain('PROPERTY_MANAGER');
  });

  it('recognises tenants only', () => {
    expect(ROLES.filter((role) => isTenant(role))).toEqual(['TENANT']);
    expect(isTenant(null)).toBe(false);
    expect(isTenant(undefined)).toBe(false);
  });

  it('the Role schema refuses unknown and lower-case roles', () => {
    expect(Role.safeParse('OWNER').success).toBe(false);
    expect(Role.safeParse('admin').success).toBe(false);
  });
});
