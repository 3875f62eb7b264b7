import { assignableRoles, canManageMembers, mayAssignRole, mayManageMember, ROLES, type Role } from '@rent/shared';
import { describe, expect, it } from 'vitest';

describe('members policy (shared by the members service and Org Settings)', () => {
  it('ADMIN and LANDLORD manage members; PROPERTY_MANAGER, TENANT and no role do not', () => {
    expect(ROLES.filter((role) => canManageMembers(role))).toEqual(['ADMIN', 'LANDLORD']);
    expect(canManageMembers(null)).toBe(false);
  });

  it('an ADMIN gives any role, a LANDLORD any but ADMIN, others none', () => {
    expect(assignableRoles('ADMIN')).toEqual(['ADMIN', 'LANDLORD', 'PROPERTY_MANAGER', 'TENANT']);
    expect(assignableRoles('LANDLORD')).toEqual(['LANDLORD', 'PROPERTY_MANAGER', 'TENANT']);
    expect(assignableRoles('PROPERTY_MANAGER')).toEqual([]);
    expect(assignableRoles('TENANT')).toEqual([]);
  });

  it('only an ADMIN moves anyone into or out of ADMIN, or moves a LANDLORD', () => {
    const pairs = ROLES.flatMap((from) => ROLES.map((to) => [from, to] as [Role, Role]));
    for (const [from, to] of pairs) {
      expect(mayAssignRole('ADMIN', from, to), `${from}->${to}`).toBe(true);
      expect(mayAssignRole('LANDLORD', from, to), `${from}->${to}`).toBe(
        from !== 'ADMIN' && from !== 'LANDLORD' && to !== 'ADMIN',
      );
      expect(mayAssignRole('PROPERTY_MANAGER', from, to)).toBe(false);
      expect(mayAssignRole('TENANT', from, to)).toBe(false);
    }
  });

  it('nobody manages themselves; an ADMIN or a LANDLORD is managed only by an ADMIN', () => {
    const admin = { userId: 'a', role: 'ADMIN' as const };
    const landlord = { userId: 'l', role: 'LANDLORD' as const };
    const tenant = { userId: 't', role: 'TENANT' as const };
    expect(mayManageMember(admin, admin)).toBe(false);
    expect(mayManageMember(landlord, landlord)).toBe(false);
    expect(mayManageMember(admin, { userId: 'a2', role: 'ADMIN' })).toBe(true);
    expect(mayManageMember(landlord, admin)).toBe(false);
    expect(mayManageMember(landlord, tenant)).toBe(true);
    expect(mayManageMember(landlord, { userId: 'm', role: 'PROPERTY_MANAGER' })).toBe(true);
    expect(mayManageMember(landlord, { userId: 'l2', role: 'LANDLORD' })).toBe(false);
    expect(mayManageMember(admin, { userId: 'l2', role: 'LANDLORD' })).toBe(true);
    expect(mayManageMember({ userId: 'm', role: 'PROPERTY_MANAGER' }, tenant)).toBe(false);
    expect(mayManageMember(tenant, landlord)).toBe(false);
  });
});
