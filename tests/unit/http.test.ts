import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandInput,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Role } from '@rent/shared';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, batchGetFindsEveryKey, bodyOf, type EventOptions, lambdaContext } from './support.js';

// Config is parsed once and the DynamoDB client is made at import: set the env first, then import.
process.env.TABLE_NAME = 'test';
process.env.LOG_LEVEL = 'silent';
const handlers = {
  createProperty: (await import('../../functions/src/http/createProperty.js')).handler,
  updateProperty: (await import('../../functions/src/http/updateProperty.js')).handler,
  getProperty: (await import('../../functions/src/http/getProperty.js')).handler,
  listProperties: (await import('../../functions/src/http/listProperties.js')).handler,
  getOrganization: (await import('../../functions/src/http/getOrganization.js')).handler,
};

const { forgetResolvedCallers } = await import('../../functions/src/runtime/identity.js');

// The repositories' client (data/client.ts): its reads do not go through the SDK document client's send.
const { DocumentClient } = await import('../../functions/src/data/client.js');
const ddbMock = mockClient(DocumentClient);

const ORG = 'org-1';
const USER = 'user-1';
const STALE = /changed by someone else/;

async function call(id: keyof typeof handlers, options: EventOptions = {}): Promise<APIGatewayProxyStructuredResultV2> {
  const result = await handlers[id](apiEvent(options), lambdaContext());
  return result as APIGatewayProxyStructuredResultV2;
}

/** The membership lookup identity makes for the caller: GSI1 USER#u (ORG# prefix), then the membership item itself. */
function memberIs(role: Role, orgId = ORG) {
  ddbMock
    .on(QueryCommand, { IndexName: 'GSI1', ExpressionAttributeValues: { ':pk': `USER#${USER}`, ':prefix': 'ORG#' } })
    .resolves({ Items: [{ orgId, userId: USER, role }] });
  ddbMock
    .on(GetCommand, { Key: { PK: `ORG#${orgId}`, SK: `MEMBER#${USER}` } })
    .resolves({ Item: { orgId, userId: USER, role } });
}

/** GetItem calls for data: not identity's reads of the caller's own membership item or (with none) profile. */
const dataGets = () =>
  ddbMock.commandCalls(GetCommand).filter((call) => {
    const sk = String(call.args[0].input.Key?.SK);
    return !sk.startsWith('MEMBER#') && sk !== 'PROFILE';
  });

/** Every kind of write the repositories can send. */
const writesSent = () =>
  ddbMock.commandCalls(PutCommand).length +
  ddbMock.commandCalls(UpdateCommand).length +
  ddbMock.commandCalls(DeleteCommand).length +
  ddbMock.commandCalls(TransactWriteCommand).length;

const propertyItem = (overrides: Record<string, unknown> = {}) => ({
  PK: `ORG#${ORG}`,
  SK: 'PROP#p1',
  type: 'Property',
  id: 'p1',
  organizationId: ORG,
  address: '1 Main St',
  googlePlaceId: null,
  latitude: null,
  longitude: null,
  propertyType: null,
  numberOfUnits: 2,
  acquisitionDate: null,
  acquisitionPrice: null,
  approximateLoan: null,
  currentMarketValue: null,
  monthlyRent: 150050,
  downPayment: null,
  closingCosts: null,
  initialRepairs: null,
  otherInitialCosts: null,
  landValue: null,
  version: 4,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** A consistent BatchGetItem answered from these items (keyed PK|SK); other keys are not found. */
const batchGetFrom = (items: Record<string, unknown>[]) => (input: BatchGetCommandInput) => {
  const found = (key: Record<string, unknown>) => items.filter((i) => i.PK === key.PK && i.SK === key.SK);
  return {
    Responses: Object.fromEntries(
      Object.entries(input.RequestItems ?? {}).map(([table, request]) => [table, (request.Keys ?? []).flatMap(found)]),
    ),
  };
};

/** The sort keys of each BatchGetItem sent. */
const batchedKeys = () =>
  ddbMock.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems!.test!.Keys!.map((k) => k.SK));

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

beforeEach(() => {
  ddbMock.reset();
  // Each test's first request is a new container's: identity has seen no caller yet.
  forgetResolvedCallers();
  ddbMock.on(BatchGetCommand).callsFake(batchGetFindsEveryKey);
  // A person without a membership: identity reads their profile's sign-out-everywhere time (none yet) first.
  ddbMock.on(GetCommand, { Key: { PK: `USER#${USER}`, SK: 'PROFILE' } }).resolves({});
});

afterAll(() => {
  ddbMock.restore();
});

describe('identity (401)', () => {
  it('answers 401 UNAUTHORIZED JSON when there are no claims, without touching DynamoDB', async () => {
    // Act
    const result = await call('getOrganization', { claims: null });

    // Assess
    expect(result.statusCode).toBe(401);
    expect(bodyOf(result)).toEqual({ error: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it.each([
    ['no sub', { email: 'ann@example.com' }],
    ['no email', { sub: USER }],
    ['an empty sub', { sub: '', email: 'ann@example.com' }],
  ])('answers 401 when the token has %s', async (_, claims) => {
    const result = await call('getOrganization', { claims });

    expect(result.statusCode).toBe(401);
    expect(bodyOf(result).code).toBe('UNAUTHORIZED');
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('answers 401 before looking at the body', async () => {
    const result = await call('createProperty', { claims: null, method: 'POST', body: '{not json' });

    expect(result.statusCode).toBe(401);
  });
});

describe('roles (403)', () => {
  it('refuses a TENANT calling createProperty, and writes nothing', async () => {
    // Prepare
    memberIs('TENANT');

    // Act
    const result = await call('createProperty', { method: 'POST', body: { address: '1 Main St' } });

    // Assess
    expect(result.statusCode).toBe(403);
    expect(bodyOf(result)).toEqual({ error: 'Your role does not allow this.', code: 'FORBIDDEN' });
    expect(writesSent()).toBe(0);
    // Only the membership lookup without a header: the profile (remembered choice), the index, the item itself.
    expect(ddbMock.calls()).toHaveLength(3);
  });

  it('answers a TENANT 403 even when the body is invalid (a tenant learns nothing about validation)', async () => {
    memberIs('TENANT');

    const result = await call('createProperty', { method: 'POST', body: { address: 42, extra: true } });

    expect(result.statusCode).toBe(403);
  });

  it('refuses a TENANT updateProperty without sending the update', async () => {
    memberIs('TENANT');

    const result = await call('updateProperty', {
      method: 'PUT',
      pathParameters: { id: 'p1' },
      body: { address: '1 Main St', version: 4 },
    });

    expect(result.statusCode).toBe(403);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe('request bodies (400 / 413)', () => {
  beforeEach(() => memberIs('LANDLORD'));

  it('answers 400 to malformed JSON', async () => {
    const result = await call('createProperty', { method: 'POST', body: '{"address": "1 Main St"' });

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'The request body is not valid JSON.', code: 'VALIDATION' });
    expect(writesSent()).toBe(0);
  });

  it.each([
    ['no body', undefined],
    ['an empty body', ''],
  ])('answers 400 to %s', async (_, body) => {
    const result = await call('createProperty', { method: 'POST', body });

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'A JSON request body is required.', code: 'VALIDATION' });
  });

  it('answers 413 to a body over 64 KiB, before parsing it', async () => {
    // Prepare: not even valid JSON, so a 400 would mean the size was checked too late.
    const body = `{${'x'.repeat(64 * 1024)}`;

    // Act
    const result = await call('createProperty', { method: 'POST', body });

    // Assess
    expect(result.statusCode).toBe(413);
    expect(bodyOf(result)).toEqual({ error: 'The request body is too large (limit 64 KB).', code: 'TOO_LARGE' });
    expect(writesSent()).toBe(0);
  });

  it('lets a body of exactly 64 KiB through to validation', async () => {
    const padding = 64 * 1024 - JSON.stringify({ address: '' }).length;
    const body = JSON.stringify({ address: 'a'.repeat(padding) });
    expect(Buffer.byteLength(body)).toBe(64 * 1024);

    const result = await call('createProperty', { method: 'POST', body });

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result).error).toBe('Address must be at most 300 characters');
  });

  it('counts bytes, not characters', async () => {
    // 25,000 euro signs are 75,000 bytes of UTF-8 but only 25,000 characters.
    const result = await call('createProperty', { method: 'POST', body: { address: '€'.repeat(25_000) } });

    expect(result.statusCode).toBe(413);
  });

  it('measures a base64-encoded body after decoding it', async () => {
    ddbMock.on(PutCommand).resolves({});
    const body = Buffer.from(JSON.stringify({ address: '1 Main St' })).toString('base64');

    const result = await call('createProperty', { method: 'POST', body, isBase64Encoded: true });

    expect(result.statusCode).toBe(201);
  });

  it('answers 400 with the message alone (the issue names the field) when a type is wrong', async () => {
    const result = await call('createProperty', { method: 'POST', body: { address: '1 Main St', numberOfUnits: '2' } });

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({
      error: 'Number of units must be a whole number',
      code: 'VALIDATION',
      issues: [{ path: 'numberOfUnits', message: 'Number of units must be a whole number' }],
    });
    expect(writesSent()).toBe(0);
  });

  it('lists every field that needs attention when several are wrong', async () => {
    const result = await call('createProperty', {
      method: 'POST',
      body: { address: '', monthlyRent: -5, acquisitionDate: '2026-02-30' },
    });

    expect(result.statusCode).toBe(400);
    const body = bodyOf<{ error: string; issues: { path: string }[] }>(result);
    expect(body.error).toBe('Some fields need attention.');
    expect(body.issues.map((issue) => issue.path).sort()).toEqual(['acquisitionDate', 'address', 'monthlyRent']);
  });

  it('answers 400 to an unknown field', async () => {
    const result = await call('createProperty', { method: 'POST', body: { address: '1 Main St', owner: 'me' } });

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({
      code: 'VALIDATION',
      issues: [{ path: 'body', message: 'Unknown field(s): owner' }],
    });
    expect(writesSent()).toBe(0);
  });

  it('answers 400 when the body is JSON but not an object', async () => {
    const result = await call('createProperty', { method: 'POST', body: '[1,2]' });

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result).code).toBe('VALIDATION');
  });

  it('answers 400 to an invalid path id, before any lookup', async () => {
    const result = await call('getProperty', { pathParameters: { id: 'a b' } });

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ issues: [{ path: 'id', message: 'That id is not valid' }] });
    expect(dataGets()).toHaveLength(0);
  });
});

describe('success', () => {
  it('createProperty answers 201 with decimals on the wire and stores cents in the caller organization', async () => {
    // Prepare
    memberIs('PROPERTY_MANAGER');
    ddbMock.on(PutCommand).resolves({});

    // Act
    const result = await call('createProperty', {
      method: 'POST',
      body: { address: ' 1 Main St ', monthlyRent: '1500.50' },
    });

    // Assess
    expect(result.statusCode).toBe(201);
    const body = bodyOf(result);
    expect(body).toMatchObject({ address: '1 Main St', monthlyRent: 1500.5, organizationId: ORG, version: 1 });
    expect(body).not.toHaveProperty('PK');
    const [put] = ddbMock.commandCalls(PutCommand);
    expect(put!.args[0].input).toMatchObject({
      TableName: 'test',
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: { PK: `ORG#${ORG}`, SK: `PROP#${body.id}`, monthlyRent: 150050, organizationId: ORG },
    });
  });

  it('answers 404 for an id that is not in the caller organization', async () => {
    ddbMock.on(GetCommand).resolves({});
    memberIs('ADMIN');

    const result = await call('getProperty', { pathParameters: { id: 'p-elsewhere' } });

    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toEqual({ error: 'Property was not found.', code: 'NOT_FOUND' });
    expect(dataGets()[0]!.args[0].input.Key).toEqual({
      PK: `ORG#${ORG}`,
      SK: 'PROP#p-elsewhere',
    });
  });

  it('answers a tenant 404 for a property they do not rent, without reading it', async () => {
    memberIs('TENANT');
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': `USER#${USER}`, ':prefix': 'TENANCY#' } })
      .resolves({ Items: [{ organizationId: 'other-org', propertyId: 'p1' }] });

    const result = await call('getProperty', { pathParameters: { id: 'p1' } });

    expect(result.statusCode).toBe(404);
    expect(dataGets()).toHaveLength(0);
  });
});

describe('a GET that starts before identity confirms its caller', () => {
  const headers = { 'x-organization-id': ORG };
  const getP1 = (options: EventOptions = {}) => call('getProperty', { pathParameters: { id: 'p1' }, ...options });
  const membershipOf = (role: Role, more: Record<string, unknown> = {}) => ({
    PK: `ORG#${ORG}`,
    SK: `MEMBER#${USER}`,
    orgId: ORG,
    userId: USER,
    role,
    ...more,
  });
  /** The property, and the caller's membership as it is now (none: removed), as a consistent batch finds them. */
  const batchFinds = (membership: Record<string, unknown> | null) =>
    ddbMock.on(BatchGetCommand).callsFake(batchGetFrom([propertyItem(), ...(membership ? [membership] : [])]));

  beforeEach(async () => {
    // The container has answered this person in this organization before: it expects a landlord.
    memberIs('LANDLORD');
    ddbMock.on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: 'PROP#p1' } }).resolves({ Item: propertyItem() });
    batchFinds(membershipOf('LANDLORD'));
    expect((await getP1({ headers })).statusCode).toBe(200);
    ddbMock.resetHistory();
  });

  it('starts the handler beside the membership read, and answers once it confirms the same caller', async () => {
    let confirmed = false;
    let startedBeforeConfirmed = false;
    ddbMock.on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: `MEMBER#${USER}` } }).callsFake(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      confirmed = true;
      return { Item: membershipOf('LANDLORD') };
    });
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': `ORG#${ORG}`, ':prefix': 'PROP#' } })
      .callsFake(() => {
        startedBeforeConfirmed = !confirmed;
        return { Items: [propertyItem()] };
      });

    // The list's page is a Query, which carries nothing: identity reads on its own, beside it.
    const result = await call('listProperties', { headers });

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject([{ id: 'p1', address: '1 Main St' }]);
    expect(startedBeforeConfirmed).toBe(true);
    expect(confirmed).toBe(true);
  });

  it("reads one item with identity's read riding along: one consistent BatchGetItem, no GetItem", async () => {
    const result = await getP1({ headers });

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ id: 'p1', address: '1 Main St' });
    expect(batchedKeys()).toEqual([['PROP#p1', `MEMBER#${USER}`]]);
    expect(ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!.test!.ConsistentRead).toBe(true);
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it("answers with the role as it is now: a landlord demoted to tenant since gets the tenant's answer", async () => {
    memberIs('TENANT');
    batchFinds(membershipOf('TENANT'));
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': `USER#${USER}`, ':prefix': 'TENANCY#' } })
      .resolves({ Items: [] });

    const result = await getP1({ headers });

    expect(result.statusCode).toBe(404);
    expect(JSON.stringify(bodyOf(result))).not.toContain('1 Main St');
    // The landlord's start did read the property (identity in the same call); its answer was dropped.
    expect(batchedKeys()).toEqual([['PROP#p1', `MEMBER#${USER}`]]);
  });

  it('answers 403 NOT_A_MEMBER to a person removed since, with nothing of what the start read', async () => {
    batchFinds(null);

    const result = await getP1({ headers });

    expect(result.statusCode).toBe(403);
    expect(bodyOf(result)).toMatchObject({ code: 'NOT_A_MEMBER' });
    expect(JSON.stringify(bodyOf(result))).not.toContain('1 Main St');
  });

  it('answers 401 to a token older than a sign-out-everywhere made since', async () => {
    batchFinds(membershipOf('LANDLORD', { tokensValidAfter: 1_800_000_000 }));

    const result = await getP1({ headers });

    expect(result.statusCode).toBe(401);
    expect(bodyOf(result)).toMatchObject({ code: 'UNAUTHORIZED', error: expect.stringMatching(/all devices/) });
  });

  it('answers identity before validation: a removed person with an invalid id gets 403, not 400', async () => {
    ddbMock.on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: `MEMBER#${USER}` } }).resolves({});

    const result = await call('getProperty', { pathParameters: { id: 'a b' }, headers });

    expect(result.statusCode).toBe(403);
    expect(bodyOf(result)).toMatchObject({ code: 'NOT_A_MEMBER' });
  });

  it('never starts a write before its caller is confirmed', async () => {
    ddbMock.on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: `MEMBER#${USER}` } }).resolves({});

    const result = await call('updateProperty', {
      method: 'PUT',
      pathParameters: { id: 'p1' },
      body: { address: '2 Main St', version: 4 },
      headers,
    });

    expect(result.statusCode).toBe(403);
    expect(writesSent()).toBe(0);
  });
});

describe('identity without the header, after a first request', () => {
  const OTHER = 'org-2';
  const membershipItemOf = (orgId: string, createdAt = '2026-01-01T00:00:00.000Z') => ({
    PK: `ORG#${orgId}`,
    SK: `MEMBER#${USER}`,
    orgId,
    userId: USER,
    role: 'LANDLORD',
    createdAt,
  });

  beforeEach(async () => {
    ddbMock
      .on(QueryCommand, { IndexName: 'GSI1', ExpressionAttributeValues: { ':pk': `USER#${USER}`, ':prefix': 'ORG#' } })
      .resolves({ Items: [{ orgId: ORG, createdAt: '2026-01-01T00:00:00.000Z' }] });
    ddbMock
      .on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: `MEMBER#${USER}` } })
      .resolves({ Item: membershipItemOf(ORG) });
    ddbMock.on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: 'PROP#p1' } }).resolves({ Item: propertyItem() });
    // First request: the profile (no remembered choice), the index, the membership.
    expect((await call('getProperty', { pathParameters: { id: 'p1' } })).statusCode).toBe(200);
    ddbMock.resetHistory();
  });

  it('reads the profile and the membership chosen last time in the consistent BatchGetItem of the property', async () => {
    ddbMock
      .on(BatchGetCommand)
      .callsFake(
        batchGetFrom([{ PK: `USER#${USER}`, SK: 'PROFILE', id: USER }, membershipItemOf(ORG), propertyItem()]),
      );

    const result = await call('getProperty', { pathParameters: { id: 'p1' } });

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ id: 'p1', address: '1 Main St' });
    const batches = ddbMock.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems!.test!);
    expect(batches).toEqual([
      {
        Keys: [
          { PK: `ORG#${ORG}`, SK: 'PROP#p1' },
          { PK: `USER#${USER}`, SK: 'PROFILE' },
          { PK: `ORG#${ORG}`, SK: `MEMBER#${USER}` },
        ],
        ConsistentRead: true,
      },
    ]);
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('follows a choice remembered since: the request acts in that organization', async () => {
    const profile = { PK: `USER#${USER}`, SK: 'PROFILE', id: USER, lastOrgId: OTHER };
    ddbMock.on(BatchGetCommand).callsFake(batchGetFrom([profile, membershipItemOf(ORG)]));
    ddbMock
      .on(GetCommand, { Key: { PK: `ORG#${OTHER}`, SK: `MEMBER#${USER}` } })
      .resolves({ Item: membershipItemOf(OTHER) });
    ddbMock
      .on(GetCommand, { Key: { PK: `ORG#${OTHER}`, SK: 'PROP#p1' } })
      .resolves({ Item: propertyItem({ PK: `ORG#${OTHER}`, organizationId: OTHER, address: '9 Other Rd' }) });

    const result = await call('getProperty', { pathParameters: { id: 'p1' } });

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ address: '9 Other Rd' });
  });

  it('falls back to the earliest membership when the one chosen last time was left and joined again', async () => {
    const rejoined = membershipItemOf(ORG, '2026-06-01T00:00:00.000Z');
    ddbMock.on(BatchGetCommand).callsFake(batchGetFrom([{ PK: `USER#${USER}`, SK: 'PROFILE', id: USER }, rejoined]));
    ddbMock.on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: `MEMBER#${USER}` } }).resolves({ Item: rejoined });
    ddbMock
      .on(QueryCommand, { IndexName: 'GSI1', ExpressionAttributeValues: { ':pk': `USER#${USER}`, ':prefix': 'ORG#' } })
      .resolves({
        Items: [
          { orgId: ORG, createdAt: '2026-06-01T00:00:00.000Z' },
          { orgId: OTHER, createdAt: '2026-03-01T00:00:00.000Z' },
        ],
      });
    ddbMock
      .on(GetCommand, { Key: { PK: `ORG#${OTHER}`, SK: `MEMBER#${USER}` } })
      .resolves({ Item: membershipItemOf(OTHER) });
    ddbMock
      .on(GetCommand, { Key: { PK: `ORG#${OTHER}`, SK: 'PROP#p1' } })
      .resolves({ Item: propertyItem({ PK: `ORG#${OTHER}`, organizationId: OTHER, address: '9 Other Rd' }) });

    const result = await call('getProperty', { pathParameters: { id: 'p1' } });

    expect(bodyOf(result)).toMatchObject({ address: '9 Other Rd' });
  });
});

describe('conditional writes (409 / 404)', () => {
  const update = () =>
    call('updateProperty', {
      method: 'PUT',
      pathParameters: { id: 'p1' },
      body: { address: '1 Main St', version: 3 },
    });

  beforeEach(() => memberIs('LANDLORD'));

  it('sends the update conditional on the version the client read', async () => {
    ddbMock.on(UpdateCommand).resolves({ Attributes: propertyItem({ version: 4 }) });

    const result = await update();

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ id: 'p1', version: 4, monthlyRent: 1500.5 });
    const input = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key).toEqual({ PK: `ORG#${ORG}`, SK: 'PROP#p1' });
    expect(input.ConditionExpression).toBe('attribute_exists(PK) AND version = :expected');
    expect(input.ExpressionAttributeValues).toMatchObject({ ':expected': 3, ':next': 4 });
    expect(input.ReturnValuesOnConditionCheckFailure).toBe('ALL_OLD');
  });

  it('answers 409 when the item exists with another version (the failure carries the item)', async () => {
    // Prepare
    ddbMock.on(UpdateCommand).rejects(
      new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: {},
        Item: { PK: { S: `ORG#${ORG}` }, version: { N: '4' } },
      }),
    );

    // Act
    const result = await update();

    // Assess
    expect(result.statusCode).toBe(409);
    const body = bodyOf<{ error: string; code: string }>(result);
    expect(body.code).toBe('CONFLICT');
    expect(body.error).toMatch(STALE);
  });

  it('answers 404 when the item does not exist (the failure carries no item)', async () => {
    ddbMock
      .on(UpdateCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));

    const result = await update();

    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toEqual({ error: 'Property was not found.', code: 'NOT_FOUND' });
  });

  it('maps a condition failure no repository handled to a generic 409', async () => {
    ddbMock
      .on(PutCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));

    const result = await call('createProperty', { method: 'POST', body: { address: '1 Main St' } });

    expect(result.statusCode).toBe(409);
    expect(bodyOf(result)).toEqual({
      error: 'This was changed by someone else at the same time. Reload and try again.',
      code: 'CONFLICT',
    });
  });
});

describe('busy and unexpected failures (503 / 500)', () => {
  const BUSY = { error: 'The service is busy. Please try again in a moment.', code: 'BUSY' };

  it.each([
    [
      'ProvisionedThroughputExceededException',
      () => new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} }),
    ],
    ['ThrottlingException', () => new ThrottlingException({ message: 'slow down', $metadata: {} })],
  ])('answers 503 to %s on a write', async (_, error) => {
    memberIs('ADMIN');
    ddbMock.on(PutCommand).rejects(error());

    const result = await call('createProperty', { method: 'POST', body: { address: '1 Main St' } });

    expect(result.statusCode).toBe(503);
    expect(bodyOf(result)).toEqual(BUSY);
  });

  it('answers 503 when the identity lookup itself is throttled', async () => {
    ddbMock.on(QueryCommand).rejects(new ThrottlingException({ message: 'slow down', $metadata: {} }));

    const result = await call('getOrganization');

    expect(result.statusCode).toBe(503);
    expect(bodyOf(result)).toEqual(BUSY);
  });

  it('answers 500 with a generic message that leaks nothing of the error', async () => {
    // Prepare
    memberIs('ADMIN');
    ddbMock.on(PutCommand).rejects(new Error('secret internals'));

    // Act
    const result = await call('createProperty', { method: 'POST', body: { address: '1 Main St' } });

    // Assess
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('secret internals');
    expect(result.body).not.toContain('stack');
    expect(bodyOf(result)).toEqual({
      error: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
  });

  // BUG (functions/src/runtime/http.ts mapError): a transaction cancelled by a concurrent transaction or
  // by throttling is a TransactionCanceledException whose reasons say TransactionConflict /
  // ThrottlingError. Its name matches neither check, so it becomes a 500 instead of a retryable 503.
  // Two first requests of a new user racing each other can produce exactly this.
  it.each([
    ['TransactionConflict', ['TransactionConflict', 'None', 'None']],
    ['ThrottlingError', ['None', 'ThrottlingError', 'None']],
  ])('answers 503 when a transaction is cancelled by %s', async (_, codes) => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    ddbMock.on(TransactWriteCommand).rejects(cancelled(...codes));

    const result = await call('getOrganization');

    expect(result.statusCode).toBe(503);
    expect(bodyOf(result)).toEqual(BUSY);
  });
});

describe('first sign-in', () => {
  it('provisions the user, a new organization and an ADMIN membership in one transaction', async () => {
    // Prepare
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    ddbMock.on(TransactWriteCommand).resolves({});
    ddbMock.on(GetCommand).callsFake((input: { Key: { PK: string } }) => ({
      Item: { ...input.Key, id: input.Key.PK.slice(4), name: "Ann's Organization", version: 1 },
    }));

    // Act
    const result = await call('getOrganization');

    // Assess
    expect(result.statusCode).toBe(200);
    const transactions = ddbMock.commandCalls(TransactWriteCommand);
    expect(transactions).toHaveLength(1);
    const items = transactions[0]!.args[0].input.TransactItems!.map((entry) => entry.Put!);
    expect(items).toHaveLength(3);
    const [user, organization, membership] = items as [
      (typeof items)[number],
      (typeof items)[number],
      (typeof items)[number],
    ];
    expect(user).toMatchObject({
      TableName: 'test',
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: { PK: `USER#${USER}`, SK: 'PROFILE', GSI1PK: 'EMAIL#ann@example.com', email: 'ann@example.com' },
    });
    const orgId = organization.Item!.id as string;
    expect(orgId).toMatch(/^[0-9a-f-]{36}$/);
    expect(organization).toMatchObject({
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: { PK: `ORG#${orgId}`, SK: 'ORG', name: "Ann's Organization", version: 1 },
    });
    expect(membership.Item).toMatchObject({
      PK: `ORG#${orgId}`,
      SK: `MEMBER#${USER}`,
      GSI1PK: `USER#${USER}`,
      GSI1SK: `ORG#${orgId}`,
      role: 'ADMIN',
      orgId,
      userId: USER,
    });
    // The request then runs in the organization it just made.
    expect(dataGets()[0]!.args[0].input.Key).toEqual({ PK: `ORG#${orgId}`, SK: 'ORG' });
    expect(bodyOf(result)).toMatchObject({ id: orgId, userOrgRole: 'ADMIN' });
  });

  it('names the organization after the email when the token has no name', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    ddbMock.on(TransactWriteCommand).resolves({});
    ddbMock.on(GetCommand).resolves({ Item: { id: 'x', name: 'x', version: 1 } });

    await call('getOrganization', { claims: { sub: USER, email: 'Ann.Lee@Example.com' } });

    const items = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[1]!.Put!.Item!.name).toBe("ann.lee's Organization");
  });

  it('re-reads the membership when a concurrent first request won the race, and makes no second organization', async () => {
    // Prepare
    ddbMock
      .on(QueryCommand)
      .resolvesOnce({ Items: [] })
      .resolves({ Items: [{ orgId: 'org-9', userId: USER, role: 'LANDLORD' }] });
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));
    ddbMock.on(GetCommand).resolves({ Item: { id: 'org-9', name: 'Winner', version: 2 } });
    ddbMock
      .on(GetCommand, { Key: { PK: 'ORG#org-9', SK: `MEMBER#${USER}` } })
      .resolves({ Item: { orgId: 'org-9', userId: USER, role: 'LANDLORD' } });

    // Act
    const result = await call('getOrganization');

    // Assess
    expect(result.statusCode).toBe(200);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
    // Identity: the empty index, then the re-read after the lost race; the third is the organization list's.
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(3);
    expect(dataGets()[0]!.args[0].input.Key).toEqual({ PK: 'ORG#org-9', SK: 'ORG' });
    expect(bodyOf(result)).toMatchObject({ id: 'org-9', name: 'Winner', userOrgRole: 'LANDLORD' });
  });

  it('gives an existing user with no membership no organization: 403 NO_ORGANIZATION, nothing more written', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    ddbMock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('ConditionalCheckFailed', 'None', 'None'))
      .resolves({});
    ddbMock.on(GetCommand).resolves({ Item: { id: 'x', name: 'x', version: 1 } });

    const result = await call('getOrganization');

    expect(result.statusCode).toBe(403);
    expect(bodyOf(result).code).toBe('NO_ORGANIZATION');
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});

describe('response headers', () => {
  it.each([
    ['a success', (): void => memberIs('ADMIN'), 200],
    ['a 401', (): void => undefined, 401],
    [
      'a 500',
      (): void => {
        ddbMock.on(QueryCommand).rejects(new Error('boom'));
      },
      500,
    ],
  ] as const)('%s is JSON and never cached', async (_, prepare, status) => {
    // Prepare
    ddbMock.on(GetCommand).resolves({ Item: { id: ORG, name: 'Acme', version: 1 } });
    prepare();

    // Act
    const result = await call('getOrganization', status === 401 ? { claims: null } : {});

    // Assess
    expect(result.statusCode).toBe(status);
    expect(result.headers?.['content-type']).toMatch(/^application\/json/);
    expect(result.headers?.['cache-control']).toBe('no-store');
    expect(() => JSON.parse(result.body ?? '')).not.toThrow();
  });
});
