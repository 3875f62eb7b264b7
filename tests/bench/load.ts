import { readFileSync } from 'node:fs';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
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
}

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
    task = async () => {
      await dynamo.send(new QueryCommand(job.query!));
    };
  }
  await measure(task, { total: job.warmup, concurrency: job.concurrency });
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
