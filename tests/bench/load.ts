import { readFileSync } from 'node:fs';
import { BatchGetItemCommand, GetItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { Agent, request } from 'undici';
import { localClient } from '../../infra/local/dynamodb.js';
import { measure } from './stats.js';

/**
 * The load generator, run in its own process (as a real client would be) so its TLS and HTTP
 * work does not compete with the server it measures. Input and output are JSON on stdio.
 */
export interface LoadJob {
  kind: 'http' | 'dynamodb';
  total: number;
  concurrency: number;
  warmup: number;
  /** http: the URL, bearer token and CA certificate path. */
  url?: string;
  token?: string;
  certPath?: string;
  /** http: more request headers (e.g. X-Organization-Id). */
  headers?: Record<string, string>;
  /** dynamodb: the endpoint and a QueryCommand input (marshalled). */
  endpoint?: string;
  query?: ConstructorParameters<typeof QueryCommand>[0];
  /** dynamodb: instead of one query, these calls one after another (the reads a route makes, bare). */
  sequence?: BareCall[];
}

export type BareCall =
  | { GetItem: ConstructorParameters<typeof GetItemCommand>[0] }
  | { Query: ConstructorParameters<typeof QueryCommand>[0] }
  | { BatchGetItem: ConstructorParameters<typeof BatchGetItemCommand>[0] }
  /** Calls made at once, as a route reads two partitions side by side. */
  | { Parallel: BareCall[] };

const commandOf = (call: Exclude<BareCall, { Parallel: BareCall[] }>) =>
  'GetItem' in call
    ? new GetItemCommand(call.GetItem)
    : 'Query' in call
      ? new QueryCommand(call.Query)
      : new BatchGetItemCommand(call.BatchGetItem);

/** How long a round's fresh process warms its own code before it counts (docs/offline-stack.md "Bench method"). */
const WARM_MS = 500;

async function run(job: LoadJob): Promise<number[]> {
  let task: () => Promise<void>;
  if (job.kind === 'http') {
    const dispatcher = new Agent({ connect: { ca: readFileSync(job.certPath!) }, connections: job.concurrency });
    task = async () => {
      const res = await request(job.url!, {
        dispatcher,
        headers: { ...job.headers, authorization: `Bearer ${job.token}` },
      });
      await res.body.text();
      if (res.statusCode !== 200) throw new Error(`${job.url} answered ${res.statusCode}`);
    };
  } else {
    const dynamo = localClient(job.endpoint!);
    const calls: BareCall[] = job.sequence ?? [{ Query: job.query! }];
    const send = async (call: BareCall): Promise<void> => {
      if ('Parallel' in call) {
        await Promise.all(call.Parallel.map(send));
        return;
      }
      // A Query without a Limit reads every page, as the route it stands beside does (a page stops at 1 MB);
      // one with a Limit is a route's single page.
      const allPages = 'Query' in call && call.Query.Limit === undefined;
      let next: Record<string, unknown> | undefined;
      do {
        const command =
          'Query' in call ? new QueryCommand({ ...call.Query, ExclusiveStartKey: next as never }) : commandOf(call);
        next = ((await dynamo.send(command as QueryCommand)) as { LastEvaluatedKey?: Record<string, unknown> })
          .LastEvaluatedKey;
      } while (allPages && next);
    };
    task = async () => {
      for (const call of calls) await send(call);
    };
  }
  // Uncounted first: `warmup` requests, at least one a connection and at least WARM_MS of them. Every round is a fresh
  // process, whose first requests would also count a TLS handshake (or a bare connection) and this process's own cold
  // code (the SDK's on the bare side, undici's on the route's): the client's cost, not what is measured.
  const warmUntil = performance.now() + WARM_MS;
  await measure(task, { total: Math.max(job.warmup, job.concurrency), concurrency: job.concurrency });
  while (performance.now() < warmUntil) await measure(task, { total: job.concurrency, concurrency: job.concurrency });
  return measure(task, { total: job.total, concurrency: job.concurrency });
}

const job = JSON.parse(readFileSync(0, 'utf8')) as LoadJob;
run(job).then(
  (latencies) => process.stdout.write(JSON.stringify(latencies)),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
