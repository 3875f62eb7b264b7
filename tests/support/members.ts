import { randomUUID } from 'node:crypto';
import type { Role } from '@rent/shared';
import { inject } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { client, newAdmin, signIn } from './api.js';
import { partition, TABLE_NAME } from './db.js';

// The repository reads its config at import: point it at the test stack's DynamoDB Local first.
process.env.TABLE_NAME = TABLE_NAME;
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.LOG_LEVEL = 'silent';
const { addMember } = await import('../../functions/src/data/people/members.js');

export type Api = ReturnType<typeof client>;
export interface Person {
  email: string;
  userId: string;
  api: Api;
}

/**
 * A person put into an organization with a role the way invitation acceptance will (there are no
 * invitations yet): through the members repository, which keeps the organization's counters. Their
 * first request then finds this membership instead of provisioning an organization of their own.
 */
export async function joinAs(orgId: string, role: Role, label = role.toLowerCase()): Promise<Person> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  await addTo(orgId, email, role, label);
  return { email, userId: localSubFor(email), api: client((await signIn(email)).idToken) };
}

/** Someone (new or not) put into one more organization, as `joinAs` does. */
export async function addTo(orgId: string, email: string, role: Role, label = role.toLowerCase()) {
  const userId = localSubFor(email);
  await addMember(orgId, { userId, email, name: `${label} ${userId.slice(0, 4)}`, image: null }, role);
}

/** A fresh organization: its ADMIN (a new person) and one member of each other role. */
export async function team() {
  const owner = await newAdmin('admin');
  const orgId = (await owner.api.get('/api/organization')).body.id as string;
  const admin: Person = { ...owner, userId: localSubFor(owner.email) };
  const [landlord, manager, tenant] = await Promise.all([
    joinAs(orgId, 'LANDLORD'),
    joinAs(orgId, 'PROPERTY_MANAGER', 'manager'),
    joinAs(orgId, 'TENANT'),
  ]);
  return { orgId, admin, landlord, manager, tenant };
}

/** The organization item's counters next to a recount of its membership items. */
export async function counters(orgId: string) {
  const items = await partition(`ORG#${orgId}`);
  const org = items.find((item) => item.SK === 'ORG')!;
  const members = items.filter((item) => item.type === 'Membership');
  return {
    stored: { memberCount: org.memberCount, adminCount: org.adminCount },
    actual: { memberCount: members.length, adminCount: members.filter((m) => m.role === 'ADMIN').length },
  };
}

/** The security log entries of a person, oldest first. */
/** A person's membership events in their security log (sign-ins, logged on each new session, left out). */
export async function securityLog(userId: string) {
  return (await partition(`USER#${userId}`)).filter(
    (item) => item.type === 'SecurityLog' && !['SIGN_IN', 'LOGOUT'].includes(item.action as string),
  );
}
