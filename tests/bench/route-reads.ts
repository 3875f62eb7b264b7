import { readFileSync } from 'node:fs';
import { BatchGetItemCommand, GetItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { decodeJwt } from 'jose';
import { Agent, request } from 'undici';
import type { LocalStack } from '../../infra/local/stack.js';
import type { BareCall } from './load.js';

interface Sent {
  call: BareCall;
  started: number;
  ended: number;
}

/**
 * The DynamoDB reads a GET route makes in its second request, taken from the stack's own client as it runs them, as the
 * bench's bare calls: reads that started before any of their level had ended run side by side (`Parallel`), a read
 * that started after one of them ended waits for the level. Left out, as every list's bare side leaves it out:
 * identity's read of the caller: the request's first read when it is a GetItem of the caller's membership (the web's
 * requests name their organization) or, for a route of the person's own, their profile; and the caller's membership
 * in a BatchGetItem it rode along in (`withoutRider`). The route's own later reads of the caller's profile stay.
 * Later pages of a Query are left out too: the bare side reads every page itself.
 */
export async function routeReads(stack: LocalStack, token: string, path: string, orgId: string): Promise<BareCall[]> {
  const { dynamo } = await import('@rent/functions/data/client');
  const dispatcher = new Agent({ connect: { ca: readFileSync(stack.certPath) } });
  const ask = async () => {
    const res = await request(`${stack.url}${path}`, {
      dispatcher,
      headers: { authorization: `Bearer ${token}`, 'x-organization-id': orgId },
    });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}`);
  };
  const caller = decodeJwt(token).sub!;
  const sent: Sent[] = [];
  const send = dynamo.send.bind(dynamo) as (command: unknown) => Promise<unknown>;
  let first = true;
  try {
    // Asked once first: what a container keeps between requests (the match index's snapshots) is kept, as the
    // load finds it.
    await ask();
    (dynamo as { send: unknown }).send = async (command: unknown) => {
      const started = performance.now();
      const call = bareCallOf(command);
      const identity = first && call !== undefined && isIdentity(call, orgId, caller);
      first = false;
      const output = await send(command);
      const own = call && !identity ? withoutRider(call, orgId, caller) : undefined;
      if (own) sent.push({ call: own, started, ended: performance.now() });
      return output;
    };
    await ask();
  } finally {
    (dynamo as { send: unknown }).send = send;
    await dispatcher.close();
  }
  const levels: Sent[][] = [];
  for (const read of sent.sort((a, b) => a.started - b.started)) {
    const level = levels.at(-1);
    if (level && read.started < Math.min(...level.map((r) => r.ended))) level.push(read);
    else levels.push([read]);
  }
  return levels.map((level) => (level.length === 1 ? level[0]!.call : { Parallel: level.map((r) => r.call) }));
}

function bareCallOf(command: unknown): BareCall | undefined {
  if (command instanceof GetItemCommand) return { GetItem: command.input };
  if (command instanceof BatchGetItemCommand) return { BatchGetItem: command.input };
  if (command instanceof QueryCommand && !command.input.ExclusiveStartKey) return { Query: command.input };
  return undefined;
}

/**
 * A GetItem of the caller's own membership of the organization or of their profile. Identity reads a batch only for a
 * request that names no organization, which the bench's never are: a batch holding the membership is a route's read
 * that identity rides along in.
 */
function isIdentity(call: BareCall, orgId: string, userId: string): boolean {
  if (!('GetItem' in call)) return false;
  const key = call.GetItem.Key as Key;
  return isMembership(key, orgId, userId) || (key.PK?.S === `USER#${userId}` && key.SK?.S === 'PROFILE');
}

const isMembership = (key: Key, orgId: string, userId: string) =>
  key.PK?.S === `ORG#${orgId}` && key.SK?.S === `MEMBER#${userId}`;

/**
 * The call without the caller's membership where identity's read rode along in it: the route's own reads only, so
 * the route is compared with its reads alone, as every other route is. A batch left with one key is that item's
 * GetItem, made as the batch made it; one left with none was identity's alone.
 */
function withoutRider(call: BareCall, orgId: string, userId: string): BareCall | undefined {
  if (!('BatchGetItem' in call)) return call;
  const [table, request] = Object.entries(call.BatchGetItem.RequestItems ?? {})[0]!;
  const keys = request.Keys ?? [];
  const own = keys.filter((key) => !isMembership(key as Key, orgId, userId));
  if (own.length === keys.length) return call;
  if (own.length === 0) return undefined;
  if (own.length > 1) return { BatchGetItem: { RequestItems: { [table]: { ...request, Keys: own } } } };
  const { Keys: _keys, ...read } = request;
  return { GetItem: { TableName: table, Key: own[0], ...read } };
}

type Key = Record<string, { S?: string }>;
const batchKeys = (input: { RequestItems?: Record<string, { Keys?: unknown[] }> }) =>
  Object.values(input.RequestItems ?? {}).flatMap((r) => (r.Keys ?? []) as Key[]);

/**
 * The reads as one line, a wait after another: each call's kind and what it reads (a key's sort key up to its first
 * id, a Query's index and key condition values), so a wait that need not be one shows.
 */
export function describeReads(reads: BareCall[]): string {
  const sk = (key: Key | undefined) => (key?.SK?.S ?? key?.PK?.S ?? '?').replace(/#[^#]*$/, '#…');
  const one = (call: BareCall): string => {
    if ('Parallel' in call) return call.Parallel.map(one).join(' + ');
    if ('GetItem' in call) return `GetItem ${sk(call.GetItem.Key as Key)}`;
    if ('BatchGetItem' in call) {
      const keys = batchKeys(call.BatchGetItem);
      return `BatchGetItem ${[...new Set(keys.map(sk))].join(', ')} (${keys.length})`;
    }
    const values = Object.values(call.Query.ExpressionAttributeValues ?? {}).map((v) => v.S ?? v.N ?? '');
    return `Query${call.Query.IndexName ? ` ${call.Query.IndexName}` : ''} ${values.slice(0, 2).join(' ')}`;
  };
  return reads.map(one).join('  →  ');
}
