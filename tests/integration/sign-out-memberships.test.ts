import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { newAdmin } from '../support/api.js';
import { partition, TABLE_NAME, db as testDb } from '../support/db.js';
import { addTo, joinAs } from '../support/members.js';

/**
 * "Sign out of all devices" reaches every membership (docs/people.md "Sign out of all devices"): one the membership
 * index has not caught up with yet, and one written while the sign-out runs. Both against DynamoDB Local, in this
 * worker, with the repositories the functions use.
 */
const { setTokensValidAfter } = await import('../../functions/src/data/people/users.js');
const { addMember } = await import('../../functions/src/data/people/members.js');
const { db } = await import('../../functions/src/data/client.js');

const freshOrganization = async () => {
  const owner = await newAdmin('owner');
  return (await owner.api.get('/api/organization')).body.id as string;
};
const membershipOf = async (orgId: string, userId: string) =>
  (await partition(`ORG#${orgId}`)).find((item) => item.type === 'Membership' && item.userId === userId)!;
const profileOf = async (userId: string) => (await partition(`USER#${userId}`)).find((item) => item.SK === 'PROFILE')!;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sign out of all devices', () => {
  it('stamps memberships the index has not caught up with: the profile lists every organization joined', async () => {
    const [first, second] = await Promise.all([freshOrganization(), freshOrganization()]);
    const person = await joinAs(first, 'LANDLORD');
    await addTo(second, person.email, 'TENANT');
    const created = await person.api.post('/api/organizations', { name: `Own ${randomUUID().slice(0, 6)}` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const own = created.body.id as string;
    const joined = new Set([first, second, own]);
    expect(new Set((await profileOf(person.userId)).joinedOrgIds as Set<string>)).toEqual(joined);

    // The two newest memberships as an eventually consistent index may still see them: not there yet.
    for (const orgId of [second, own]) {
      await testDb().send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: { PK: `ORG#${orgId}`, SK: `MEMBER#${person.userId}` },
          UpdateExpression: 'REMOVE GSI1PK, GSI1SK',
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
    }
    const at = Math.floor(Date.now() / 1000);
    await setTokensValidAfter(person.userId, at);
    expect((await profileOf(person.userId)).tokensValidAfter).toBe(at);
    for (const orgId of joined) expect((await membershipOf(orgId, person.userId)).tokensValidAfter).toBe(at);
  });

  it('a membership written while the sign-out runs carries its time', async () => {
    const [first, joining] = await Promise.all([freshOrganization(), freshOrganization()]);
    const email = `racer-${randomUUID().slice(0, 8)}@example.com`;
    const userId = localSubFor(email);
    await addTo(first, email, 'LANDLORD');
    const profile = { userId, email, name: 'Racer', image: null };
    const at = Math.floor(Date.now() / 1000);

    // The sign-out lands after the new membership copied the profile's time and before its transaction is sent.
    const send = db.send.bind(db);
    let signedOut = false;
    vi.spyOn(db, 'send').mockImplementation(async (command: any, ...rest: any[]) => {
      if (!signedOut && command.constructor.name === 'TransactWriteCommand') {
        signedOut = true;
        await setTokensValidAfter(userId, at);
      }
      return send(command, ...rest);
    });
    await addMember(joining, profile, 'PROPERTY_MANAGER');
    expect(signedOut).toBe(true);
    expect((await membershipOf(first, userId)).tokensValidAfter).toBe(at);
    expect((await membershipOf(joining, userId)).tokensValidAfter).toBe(at);
    expect(new Set((await profileOf(userId)).joinedOrgIds as Set<string>)).toEqual(new Set([first, joining]));
  });
});
