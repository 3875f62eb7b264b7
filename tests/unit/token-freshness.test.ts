import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, batchGetFindsEveryKey, bodyOf, lambdaContext } from './support.js';

// Config is parsed once and the DynamoDB client is made at import: set the env first, then import.
process.env.TABLE_NAME = 'test';
process.env.LOG_LEVEL = 'silent';
const { isTokenFresh } = await import('../../functions/src/runtime/token-freshness.js');
const { handler: getOrganization } = await import('../../functions/src/http/getOrganization.js');

// The repositories' client (data/client.ts): its reads do not go through the SDK document client's send.
const { DocumentClient } = await import('../../functions/src/data/client.js');
const ddbMock = mockClient(DocumentClient);
afterAll(() => ddbMock.restore());

describe('isTokenFresh (tokensValidAfter, epoch seconds)', () => {
  const signedOutAt = 1_800_000_000;

  it('accepts any token of a person who never signed out everywhere', () => {
    expect(isTokenFresh(1, undefined)).toBe(true);
    expect(isTokenFresh(null, undefined)).toBe(true);
  });

  it('refuses a token issued before the sign-out', () => {
    expect(isTokenFresh(signedOutAt - 1, signedOutAt)).toBe(false);
    expect(isTokenFresh(signedOutAt - 3600, signedOutAt)).toBe(false);
  });

  it('refuses a token issued in the same second (it may predate the sign-out)', () => {
    expect(isTokenFresh(signedOutAt, signedOutAt)).toBe(false);
  });

  it('accepts a token issued after the sign-out', () => {
    expect(isTokenFresh(signedOutAt + 1, signedOutAt)).toBe(true);
  });

  it('refuses a token without a readable iat once there is a cutoff', () => {
    expect(isTokenFresh(null, signedOutAt)).toBe(false);
  });
});

describe('http(): tokensValidAfter on the membership, and the sign-in logged once per session', () => {
  const CUTOFF = 1_800_000_000;
  const claims = (iat: number, session = 'session-1') => ({
    sub: 'user-1',
    email: 'ann@example.com',
    iat: String(iat),
    auth_time: String(iat),
    origin_jti: session,
  });
  const call = async (iat: number, session?: string, headers?: Record<string, string>) =>
    (await getOrganization(
      apiEvent({ claims: claims(iat, session), headers }),
      lambdaContext(),
    )) as APIGatewayProxyStructuredResultV2;

  beforeEach(() => {
    ddbMock.reset();
    ddbMock.on(BatchGetCommand).callsFake(batchGetFindsEveryKey);
    const membership = { orgId: 'org-1', userId: 'user-1', role: 'ADMIN', tokensValidAfter: CUTOFF };
    ddbMock.on(QueryCommand, { IndexName: 'GSI1' }).resolves({ Items: [membership] });
    // Without a header identity reads the profile (remembered choice: none here), the index, then the
    // membership consistently (memberships.defaultMembership); then the organization.
    ddbMock.on(GetCommand).resolves({ Item: { id: 'org-1', name: 'Acme', version: 1 } });
    ddbMock.on(GetCommand, { Key: { PK: 'ORG#org-1', SK: 'MEMBER#user-1' } }).resolves({ Item: membership });
    ddbMock.on(PutCommand).resolves({});
  });

  it.each([
    ['before', CUTOFF - 1],
    ['equal to', CUTOFF],
  ] as const)('a token issued %s tokensValidAfter answers 401 and reads or writes nothing more', async (_, iat) => {
    const result = await call(iat, `session-${iat}`);
    expect(result.statusCode).toBe(401);
    expect(bodyOf(result)).toMatchObject({ code: 'UNAUTHORIZED', error: expect.stringMatching(/all devices/) });
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
    const reads = ddbMock.commandCalls(GetCommand).map((c) => c.args[0].input.Key?.SK);
    expect(reads).toEqual(['PROFILE', 'MEMBER#user-1']);
  });

  it('with X-Organization-Id the membership of that organization is the one read: one GetItem, no Query', async () => {
    const stale = await call(CUTOFF - 1, 'session-header-stale', { 'x-organization-id': 'org-1' });
    expect(stale.statusCode).toBe(401);
    const fresh = await call(CUTOFF + 1, 'session-header', { 'x-organization-id': 'org-1' });
    expect(fresh.statusCode).toBe(200);
    const reads = ddbMock.commandCalls(GetCommand).map((c) => c.args[0].input);
    expect(reads.map((r) => r.Key?.SK)).toEqual(['MEMBER#user-1', 'MEMBER#user-1', 'ORG']);
    expect(reads.slice(0, 2).every((r) => r.ConsistentRead === true)).toBe(true);
    // Identity makes no Query; the one Query is GET /api/organization's list of the caller's organizations.
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it('a token issued after tokensValidAfter gets its answer', async () => {
    const result = await call(CUTOFF + 1, 'session-after');
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ id: 'org-1', name: 'Acme' });
  });

  it("logs a session's sign-in with one conditional Put, and not again in this container", async () => {
    expect((await call(CUTOFF + 10, 'session-once')).statusCode).toBe(200);
    expect((await call(CUTOFF + 10, 'session-once')).statusCode).toBe(200);
    const puts = ddbMock.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: { PK: 'USER#user-1', type: 'SecurityLog', action: 'SIGN_IN', success: true },
    });
    expect(String(puts[0]!.Item!.SK)).toMatch(/^LOG#2027-01-15T08:00:10\.000Z#[0-9a-f]{32}$/);
  });

  it('answers normally when another container already logged the session, or the log write fails', async () => {
    ddbMock
      .on(PutCommand)
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }))
      .rejectsOnce(new Error('throttled'));
    expect((await call(CUTOFF + 20, 'session-elsewhere')).statusCode).toBe(200);
    expect((await call(CUTOFF + 20, 'session-failing')).statusCode).toBe(200);
    // The failed one is tried again on the next request; the already-logged one is not.
    expect((await call(CUTOFF + 20, 'session-failing')).statusCode).toBe(200);
    expect((await call(CUTOFF + 20, 'session-elsewhere')).statusCode).toBe(200);
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(3);
  });
});
