import { createHash } from 'node:crypto';
import type { Role } from '@rent/shared';

/** The people on the stand-in's sign-in page. The seed gives each a membership in the demo organization. */
export const DEMO_USERS: { email: string; name: string; role: Role; blurb: string }[] = [
  { email: 'lena.landlord@demo.rent.today', name: 'Lena Landlord', role: 'LANDLORD', blurb: 'Owns the demo portfolio' },
  { email: 'alex.admin@demo.rent.today', name: 'Alex Admin', role: 'ADMIN', blurb: 'Administers the organization' },
  {
    email: 'pat.manager@demo.rent.today',
    name: 'Pat Manager',
    role: 'PROPERTY_MANAGER',
    blurb: 'Manages the properties',
  },
  { email: 'tara.tenant@demo.rent.today', name: 'Tara Tenant', role: 'TENANT', blurb: 'Rents 12 Maple Street, Unit 2' },
];

/**
 * Cognito gives each federated user a random `sub`; the stand-in derives it from the email so the
 * same person keeps the same id across restarts (and the seed can know it in advance).
 */
export function localSubFor(email: string): string {
  const hex = createHash('sha256').update(`rent-today-local:${email.trim().toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function displayNameFor(email: string): string {
  const demo = DEMO_USERS.find((u) => u.email === email.toLowerCase());
  if (demo) return demo.name;
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}
