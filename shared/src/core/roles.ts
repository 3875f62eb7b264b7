/**
 * Roles and their labels, zod-free so the app shell may import them (domain/roles.ts adds the zod enum).
 * docs/product.md "Roles and what each may do": ADMIN, LANDLORD, PROPERTY_MANAGER and TENANT.
 */
export const ROLES = ['ADMIN', 'LANDLORD', 'PROPERTY_MANAGER', 'TENANT'] as const;
export type Role = (typeof ROLES)[number];

/** Everyone who keeps the books: every role but TENANT. */
export const STAFF: readonly Role[] = ['ADMIN', 'LANDLORD', 'PROPERTY_MANAGER'];
/**
 * The organization's owners: they rename it, manage its members, and connect and disconnect its banks (money access
 * is theirs to give); staff keep the books (docs/people.md "Roles and permissions").
 */
export const OWNERS: readonly Role[] = ['ADMIN', 'LANDLORD'];
export const ANY_ROLE: readonly Role[] = [...ROLES];

/** The role is lower-cased and humanised for display; no role reads "Member". */
export function humanizeRole(role: string | null | undefined): string {
  if (!role) return 'Member';
  const words = role.toLowerCase().split('_').filter(Boolean);
  if (words.length === 0) return 'Member';
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
}

export const isTenant = (role: Role | null | undefined) => role === 'TENANT';
