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
 * The DynamoDB reads one request to a GET route makes, taken from the stack's own client as it runs them, as the
 * bench's bare calls: reads that started before any of their level had ended run side by side (`Parallel`), a read
 * that started after one of them ended waits for the level. Left out, as every list's bare side leaves it out:
 * identity's read of the caller (their membership, or their profile and membership; a BatchGetItem it rides along
 * in stays whole). Later pages of a Query are left out too: the bare side reads every page itself. The request
 * names its organization, as the web's do.
 */
export async function routeReads(stack: LocalStack, token: string, path: string, orgId: string): Promise<BareCall[]> {
  const { dynamo } = await import('@rent/functions/data/client');
  const caller = decodeJwt(token).sub!;
  const sent: Sent[] = [];
  const send = dynamo.send.bind(dynamo) as (command: unknown) => Promise<unknown>;
  (dynamo as { send: unknown }).send = async (command: unknown) => {
    const started = performance.now();
    const output = await send(command);
    const call = bareCallOf(command);
    if (call && !isIdentity(call, caller)) sent.push({ call, started, ended: performance.now() });
    return output;
  };
  const dispatcher = new Agent({ connect: { ca: readFileSync(stack.certPath) } });
  try {
    const res = await request(`${stack.url}${path}`, {
      dispatcher,
      headers: { authorization: `Bearer ${token}`, 'x-organization-id': orgId },
    });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}`);
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

/** The caller's membership or profile, and nothing else. */
function isIdentity(call: BareCall, userId: string): boolean {
  const own = (key: Record<string, { S?: string }>) =>
    key.SK?.S === `MEMBER#${userId}` || (key.PK?.S === `USER#${userId}` && key.SK?.S === 'PROFILE');
  if ('GetItem' in call) return own(call.GetItem.Key as Record<string, { S?: string }>);
  if ('BatchGetItem' in call) {
    const keys = Object.values(call.BatchGetItem.RequestItems ?? {}).flatMap((r) => r.Keys ?? []);
    return keys.every((key) => own(key as Record<string, { S?: string }>));
  }
  return false;
}
