import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { joinAs, type Person, team } from '../support/members.js';
import { leaseTo } from '../support/tenancies.js';
import { apiEvent, bodyOf, lambdaContext } from '../unit/support.js';

/**
 * The maintenance list's and the members list's identity read rides along the one BatchGetItem each list makes after
 * its page, and a route of one item's read carries it in that read (runtime/http.ts `identityRidesAlong`,
 * data/batchGet.ts `Carpool`): a request the function has seen the caller of before makes one call fewer, and a removal, a role change or a sign-out-everywhere still
 * holds on the very next request. The handler runs in this process against DynamoDB Local, as a warm Lambda container would, so every call
 * it makes is seen; the people, properties and requests are made through the local API like any other test's.
 */
const { db, dynamo } = await import('../../functions/src/data/client.js');
const { handler: listMaintenance } = await import('../../functions/src/http/listMaintenance.js');
const { handler: listMembers } = await import('../../functions/src/http/listMembers.js');
const { handler: getProperty } = await import('../../functions/src/http/getProperty.js');
const { handler: listLoans } = await import('../../functions/src/http/listLoans.js');
const { handler: getMaintenance } = await import('../../functions/src/http/getMaintenance.js');
const { handler: getNotificationPreferences } = await import('../../functions/src/http/getNotificationPreferences.js');

interface Call {
  command: string;
  /** The sort keys a BatchGetItem asked for. */
  keys?: string[];
}
let calls: Call[] = [];
// Both of the repositories' clients: the reads' client caches its middleware, so the counter goes on before any read.
for (const client of [db, dynamo]) {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { RequestItems?: Record<string, { Keys: Record<string, { S?: string }>[] }> };
      const batch = Object.values(input.RequestItems ?? {})[0];
      calls.push({
        command: context.commandName ?? '?',
        ...(batch && { keys: batch.Keys.map((key) => String(key.SK?.S ?? key.SK)) }),
      });
      return next(args);
    },
    { step: 'initialize', name: 'recordCalls' },
  );
}

/** The person's request to the handler as API Gateway hands it over, naming the organization as the web does. */
async function ask(
  handler: typeof listMaintenance,
  path: string,
  person: Person,
  orgId: string,
): Promise<APIGatewayProxyStructuredResultV2> {
  calls = [];
  const event = apiEvent({
    path,
    claims: { sub: person.userId, email: person.email },
    headers: { 'x-organization-id': orgId },
  });
  return (await handler(event, lambdaContext())) as APIGatewayProxyStructuredResultV2;
}
const list = (person: Person, orgId: string) => ask(listMaintenance, '/api/maintenance', person, orgId);

type Team = Awaited<ReturnType<typeof team>>;
let t: Team;
const ADDRESS = `${Math.random().toString(36).slice(2, 8)} Carpool Close`;

beforeAll(async () => {
  t = await team();
  const home = (await t.admin.api.post('/api/properties', { address: ADDRESS })).body.id as string;
  for (const title of ['Dripping tap', 'Stuck window']) {
    const res = await t.admin.api.post('/api/maintenance', { title, description: 'Please look', propertyId: home });
    expect(res.status).toBe(201);
  }
});

describe("the maintenance list's identity read", () => {
  let person: Person;
  beforeEach(async () => {
    // Each test's own landlord, answered once: this process now expects them (a warm container).
    person = await joinAs(t.orgId, 'LANDLORD');
    expect((await list(person, t.orgId)).statusCode).toBe(200);
  });

  it('rides in the BatchGetItem after the page: two calls, the membership among its keys', async () => {
    const res = await list(person, t.orgId);

    expect(res.statusCode).toBe(200);
    const body = bodyOf<{ maintenanceRequests: { title: string; property: { address: string } }[]; counts: object }>(
      res,
    );
    expect(body.maintenanceRequests.map((r) => [r.title, r.property.address])).toEqual([
      ['Stuck window', ADDRESS],
      ['Dripping tap', ADDRESS],
    ]);
    expect(body.counts).toMatchObject({ NEW: 2 });
    expect(calls.map((call) => call.command)).toEqual(['QueryCommand', 'BatchGetItemCommand']);
    expect(calls[1]!.keys).toContain(`MEMBER#${person.userId}`);
  });

  it('still refuses a person removed since: 403 NOT_A_MEMBER, nothing of the page', async () => {
    expect((await t.admin.api.delete(`/api/members/${person.userId}`)).status).toBe(200);

    const res = await list(person, t.orgId);

    expect(res.statusCode).toBe(403);
    expect(bodyOf(res)).toMatchObject({ code: 'NOT_A_MEMBER' });
    expect(res.body).not.toContain(ADDRESS);
  });

  it("answers a landlord demoted to tenant since with the tenant's list: none of the staff's requests, no counts", async () => {
    expect((await t.admin.api.patch(`/api/members/${person.userId}`, { role: 'TENANT' })).status).toBe(200);

    const res = await list(person, t.orgId);

    expect(res.statusCode).toBe(200);
    expect(bodyOf(res)).toEqual({ maintenanceRequests: [], nextCursor: null, counts: null });
  });

  it('still refuses a token from before a sign-out-everywhere made since: 401', async () => {
    expect((await person.api.post('/api/sign-out-everywhere')).status).toBe(200);

    const res = await list(person, t.orgId);

    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain(ADDRESS);
  });
});

it("rides along a tenant's own list, which looks up the addresses and no reporter: the tenant is the one", async () => {
  const home = (await t.admin.api.post('/api/properties', { address: `Tenant's ${ADDRESS}` })).body.id as string;
  await leaseTo(t.orgId, t.tenant.userId, home);
  const made = await t.tenant.api.post('/api/maintenance', { title: 'Loose step', description: 'Front porch' });
  expect(made.status).toBe(201);
  expect((await list(t.tenant, t.orgId)).statusCode).toBe(200);

  const res = await list(t.tenant, t.orgId);

  expect(res.statusCode).toBe(200);
  const body = bodyOf<{ maintenanceRequests: { title: string; property: { address: string } }[] }>(res);
  expect(body.maintenanceRequests.map((r) => [r.title, r.property.address])).toEqual([
    ['Loose step', `Tenant's ${ADDRESS}`],
  ]);
  expect(calls.map((call) => call.command)).toEqual(['QueryCommand', 'BatchGetItemCommand']);
  expect(calls[1]!.keys).toEqual([`PROP#${home}`, `MEMBER#${t.tenant.userId}`]);
});

it('goes on its own once a list with nothing to look up is read: the page, then the membership', async () => {
  const tenant = await joinAs(t.orgId, 'TENANT', 'quiet-tenant');
  expect((await list(tenant, t.orgId)).statusCode).toBe(200);

  const res = await list(tenant, t.orgId);

  expect(res.statusCode).toBe(200);
  expect(bodyOf(res)).toEqual({ maintenanceRequests: [], nextCursor: null, counts: null });
  expect(calls.map((call) => call.command)).toEqual(['QueryCommand', 'GetItemCommand']);
});

describe("the members list's identity read", () => {
  it('rides in the BatchGetItem of the profiles: two calls, and a removal holds on the next request', async () => {
    const person = await joinAs(t.orgId, 'PROPERTY_MANAGER', 'manager');
    const members = () => ask(listMembers, '/api/members', person, t.orgId);
    expect((await members()).statusCode).toBe(200);

    const res = await members();

    expect(res.statusCode).toBe(200);
    const listed = bodyOf<{ members: { userId: string; email: string }[] }>(res).members;
    expect(listed.find((m) => m.userId === person.userId)?.email).toBe(person.email);
    expect(calls.map((call) => call.command)).toEqual(['QueryCommand', 'BatchGetItemCommand']);
    expect(calls[1]!.keys).toContain(`MEMBER#${person.userId}`);

    expect((await t.admin.api.delete(`/api/members/${person.userId}`)).status).toBe(200);
    const removed = await members();
    expect(removed.statusCode).toBe(403);
    expect(removed.body).not.toContain(t.admin.email);
  });
});

describe("a route of one item's read carries identity's read in it", () => {
  let person: Person;
  let home: string;
  const property = () => ask(getProperty, `/api/properties/${home}`, person, t.orgId);
  beforeAll(async () => {
    home = (await t.admin.api.post('/api/properties', { address: `One read, ${ADDRESS}` })).body.id as string;
  });
  beforeEach(async () => {
    person = await joinAs(t.orgId, 'LANDLORD', 'one-read');
    expect((await property()).statusCode).toBe(200);
  });

  it('a property: one consistent BatchGetItem of the property and the membership', async () => {
    const res = await property();

    expect(res.statusCode).toBe(200);
    expect(bodyOf<{ address: string }>(res).address).toBe(`One read, ${ADDRESS}`);
    expect(calls).toEqual([{ command: 'BatchGetItemCommand', keys: [`PROP#${home}`, `MEMBER#${person.userId}`] }]);
  });

  it('a property: a removal made since still holds on the next request', async () => {
    expect((await t.admin.api.delete(`/api/members/${person.userId}`)).status).toBe(200);

    const res = await property();

    expect(res.statusCode).toBe(403);
    expect(bodyOf(res)).toMatchObject({ code: 'NOT_A_MEMBER' });
    expect(res.body).not.toContain(ADDRESS);
  });

  it("a property's loans: the property's read carries it, beside the loans' Query", async () => {
    const loans = () => ask(listLoans, `/api/properties/${home}/loans`, person, t.orgId);
    expect((await loans()).statusCode).toBe(200);

    const res = await loans();

    expect(res.statusCode).toBe(200);
    expect(bodyOf(res)).toEqual({ loans: [] });
    expect(calls.map((call) => call.command).sort()).toEqual(['BatchGetItemCommand', 'QueryCommand']);
    expect(calls.find((call) => call.keys)!.keys).toEqual([`PROP#${home}`, `MEMBER#${person.userId}`]);
  });

  it('a maintenance request: the request and the membership in one call, then its address and reporter', async () => {
    const made = await t.admin.api.post('/api/maintenance', {
      title: 'Humming fridge',
      description: 'Since Monday',
      propertyId: home,
    });
    expect(made.status).toBe(201);
    const id = made.body.maintenanceRequest.id as string;
    const request = () => ask(getMaintenance, `/api/maintenance/${id}`, person, t.orgId);
    expect((await request()).statusCode).toBe(200);

    const res = await request();

    expect(res.statusCode).toBe(200);
    expect(bodyOf(res)).toMatchObject({
      maintenanceRequest: { title: 'Humming fridge', property: { address: `One read, ${ADDRESS}` } },
    });
    expect(calls).toEqual([
      { command: 'BatchGetItemCommand', keys: [`MAINT#${id}`, `MEMBER#${person.userId}`] },
      { command: 'BatchGetItemCommand', keys: expect.arrayContaining([`PROP#${home}`, 'PROFILE']) },
    ]);
  });

  it("the caller's notification preferences: their profile and their membership in one call", async () => {
    const preferences = () => ask(getNotificationPreferences, '/api/notification-preferences', person, t.orgId);
    expect((await preferences()).statusCode).toBe(200);

    const res = await preferences();

    expect(res.statusCode).toBe(200);
    expect(bodyOf(res)).toHaveProperty('preferences');
    expect(calls).toEqual([{ command: 'BatchGetItemCommand', keys: ['PROFILE', `MEMBER#${person.userId}`] }]);
  });
});
