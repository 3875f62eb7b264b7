import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { LOCAL } from './config.js';
import { functionsJobsDir } from './paths.js';
import { browserRefusal, QUERY_ERRORS, type SigV4Identity, verifySigV4 } from './sigv4.js';

/**
 * The offline Sync stack (docs/banking.md "Offline"). In AWS: EventBridge every 6 hours -> fan-out
 * Lambda -> SQS (with a DLQ) -> consumer Lambda. Here: a loopback server that speaks SQS's SendMessage (JSON
 * protocol, so functions/src/services/banking/syncQueue.ts sends with the real @aws-sdk/client-sqs, only the
 * endpoint differs), an in-process queue that delivers SQS-shaped batches to the very consumer module Lambda runs
 * (with receive counts, retries of the batch item failures and a dead-letter list after maxReceiveCount), and a
 * timer that runs the very fan-out module on an interval.
 *
 * SendMessage is an IAM call as in SQS: it needs a SigV4 signature scoped to sqs by the one key pair the runner
 * accepts (the stack's, infra/local/sigv4.ts), is never taken from a browser, and refusals come in SQS's JSON-protocol
 * error shape (`x-amzn-query-error` names the code the SDK throws).
 *
 * Control (tests, operators), on the same loopback server, only with the header SYNC_CONTROL_HEADER carrying the
 * runner's control key (random per start, known to the stack and its tests) and never from a browser:
 * POST /_control/schedule runs the fan-out now, POST /_control/idle answers once the queue is empty and nothing runs
 * (a held message is not dealt with: it waits for the resume), GET /_control/state tells what happened,
 * POST /_control/pause and /_control/resume hold deliveries (messages wait as behind a busy consumer).
 */

/** The header that carries the control key on every /_control/ call. */
export const SYNC_CONTROL_HEADER = 'x-rent-sync-control-key';

export interface SyncRunnerOptions {
  /** The fan-out's interval; 0 or absent = no timer (tests, unless one asks). */
  scheduleEveryMs?: number;
  /** Receives before a message goes to the dead-letter list (the DLQ's maxReceiveCount in AWS). */
  maxReceiveCount?: number;
  /** How long a failed message stays invisible before its next delivery (the visibility timeout). */
  retryDelayMs?: number;
  /** Messages sent within this window are delivered in one batch (SQS's batching window); default 100 ms. */
  batchWindowMs?: number;
  log?: (line: string) => void;
  /** Other handlers than functions/src/jobs/{syncBank,scheduleBankSyncs}.ts (the runner's own unit test). */
  handlers?: { consumer?: Consumer; fanOut?: FanOut };
  /** The only key pair whose SendMessage signatures it accepts, and their region; default the stack's (LOCAL). */
  iam?: SigV4Identity;
  /** The control key /_control/ calls must carry; default a fresh random one. */
  controlKey?: string;
}

interface Queued {
  messageId: string;
  body: string;
  sentAt: number;
  receiveCount: number;
}

export interface SyncRunnerState {
  sent: number;
  batches: number;
  deliveries: number;
  succeeded: number;
  retried: number;
  deadLetters: { messageId: string; body: string; receiveCount: number }[];
  scheduleRuns: number;
  queued: number;
  inFlight: number;
}

export interface SyncRunner {
  /** The SQS endpoint (SQS_ENDPOINT) and the queue's URL (SYNC_QUEUE_URL). */
  endpoint: string;
  queueUrl: string;
  /** What /_control/ calls carry in SYNC_CONTROL_HEADER. */
  controlKey: string;
  /** Runs the fan-out now and resolves with how many messages it enqueued. */
  schedule(): Promise<number>;
  idle(): Promise<void>;
  state(): SyncRunnerState;
  close(): Promise<void>;
}

export type Consumer = (event: SQSEvent) => Promise<SQSBatchResponse>;
export type FanOut = () => Promise<{ enqueued: number }>;

const QUEUE_NAME = 'rent-bank-sync';
const MAX_BATCH = 10;

export async function startSyncRunner(opts: SyncRunnerOptions = {}): Promise<SyncRunner> {
  const log = opts.log ?? (() => undefined);
  const maxReceiveCount = opts.maxReceiveCount ?? 3;
  const retryDelayMs = opts.retryDelayMs ?? 1000;
  const batchWindowMs = opts.batchWindowMs ?? 100;
  const iam: SigV4Identity = opts.iam ?? { ...LOCAL.credentials, region: LOCAL.region };
  const controlKey = opts.controlKey ?? randomBytes(32).toString('base64url');
  const queue: Queued[] = [];
  const state: SyncRunnerState = {
    sent: 0,
    batches: 0,
    deliveries: 0,
    succeeded: 0,
    retried: 0,
    deadLetters: [],
    scheduleRuns: 0,
    queued: 0,
    inFlight: 0,
  };
  const timers = new Set<NodeJS.Timeout>();
  let flushTimer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];
  let closed = false;
  // Paused: messages wait in the queue as behind a busy consumer (tests send "at once" this way).
  let paused = false;

  // The handlers read their configuration at import, as in Lambda: imported on first use, after the stack set it.
  let consumer: Promise<Consumer> | undefined;
  let fanOut: Promise<FanOut> | undefined;
  if (opts.handlers?.consumer) consumer = Promise.resolve(opts.handlers.consumer);
  if (opts.handlers?.fanOut) fanOut = Promise.resolve(opts.handlers.fanOut);
  const loadConsumer = () =>
    (consumer ??= import(pathToFileURL(`${functionsJobsDir}/syncBank.ts`).href).then((m) => m.handler as Consumer));
  const loadFanOut = () =>
    (fanOut ??= import(pathToFileURL(`${functionsJobsDir}/scheduleBankSyncs.ts`).href).then(
      (m) => m.handler as FanOut,
    ));

  // A held message counts: idle means every message sent so far has been dealt with, so a test that waits for its
  // own sync is not answered early while another holds deliveries.
  const busy = () => queue.length > 0 || state.inFlight > 0 || timers.size > 0 || flushTimer !== undefined;
  const checkIdle = () => {
    state.queued = queue.length;
    if (busy()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  function scheduleFlush() {
    if (closed || paused || flushTimer) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      void flush();
    }, batchWindowMs);
  }

  async function flush() {
    while (queue.length > 0 && !closed && !paused) {
      const batch = queue.splice(0, MAX_BATCH);
      state.inFlight += batch.length;
      state.batches++;
      void deliver(batch).finally(() => {
        state.inFlight -= batch.length;
        checkIdle();
      });
    }
    checkIdle();
  }

  async function deliver(batch: Queued[]) {
    for (const message of batch) message.receiveCount++;
    state.deliveries += batch.length;
    let failedIds: Set<string>;
    try {
      const handler = await loadConsumer();
      const result = await handler({ Records: batch.map(record) });
      failedIds = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (error) {
      // A thrown handler fails the whole batch, as with Lambda's SQS event source.
      log(`sync consumer threw: ${(error as Error)?.name ?? 'Error'}`);
      failedIds = new Set(batch.map((m) => m.messageId));
    }
    for (const message of batch) {
      if (!failedIds.has(message.messageId)) {
        state.succeeded++;
        continue;
      }
      if (message.receiveCount >= maxReceiveCount) {
        state.deadLetters.push({
          messageId: message.messageId,
          body: message.body,
          receiveCount: message.receiveCount,
        });
        log(`sync message ${message.messageId} moved to the dead-letter list after ${message.receiveCount} receives`);
        continue;
      }
      state.retried++;
      const timer = setTimeout(() => {
        timers.delete(timer);
        queue.push(message);
        scheduleFlush();
      }, retryDelayMs);
      timers.add(timer);
    }
  }

  function enqueue(body: string): string {
    const messageId = randomUUID();
    queue.push({ messageId, body, sentAt: Date.now(), receiveCount: 0 });
    state.sent++;
    state.queued = queue.length;
    scheduleFlush();
    return messageId;
  }

  async function schedule(): Promise<number> {
    state.scheduleRuns++;
    const { enqueued } = await (await loadFanOut())();
    return enqueued;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`sync runner: ${(error as Error)?.message ?? error}`);
      if (!res.headersSent) sqsError(res, 500, 'InternalError', 'Internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const queueUrl = `${endpoint}/000000000000/${QUEUE_NAME}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', endpoint);
    const body = await readBody(req);
    if (body === null) return sqsError(res, 413, 'RequestEntityTooLarge', 'Request too large');
    if (url.pathname.startsWith('/_control/')) return control(req, res, url);
    if (req.method !== 'POST') return sqsError(res, 405, 'UnsupportedOperation', 'Method not allowed');
    // An IAM call, as SendMessage is in SQS: never a browser's, even signed; then signed by the accepted key pair.
    const fromBrowser = browserRefusal(req.headers, 'SendMessage');
    if (fromBrowser) return sqsRefusal(res, fromBrowser.__type, fromBrowser.message);
    const refusal = verifySigV4({ method: 'POST', url: req.url ?? '/', headers: req.headers }, body, iam, 'sqs');
    if (refusal) return sqsRefusal(res, refusal.__type, refusal.message);
    const target = String(req.headers['x-amz-target'] ?? '');
    if (target !== 'AmazonSQS.SendMessage') {
      return sqsError(
        res,
        400,
        'UnsupportedOperation',
        `Only SendMessage is supported offline (got ${target || 'none'})`,
        'AWS.SimpleQueueService.UnsupportedOperation',
      );
    }
    let input: { QueueUrl?: unknown; MessageBody?: unknown };
    try {
      input = JSON.parse(body.toString('utf8'));
    } catch {
      return sqsError(res, 400, 'InvalidParameterValue', 'The body is not JSON');
    }
    if (typeof input.QueueUrl !== 'string' || !input.QueueUrl.endsWith(`/${QUEUE_NAME}`)) {
      return sqsError(
        res,
        400,
        'QueueDoesNotExist',
        'The specified queue does not exist.',
        'AWS.SimpleQueueService.NonExistentQueue',
      );
    }
    if (typeof input.MessageBody !== 'string' || input.MessageBody.length === 0) {
      return sqsError(res, 400, 'MissingParameter', 'The request must contain the parameter MessageBody.');
    }
    const messageId = enqueue(input.MessageBody);
    // The SDK checks this digest of the body it sent.
    const md5 = createHash('md5').update(input.MessageBody, 'utf8').digest('hex');
    return reply(res, 200, { MessageId: messageId, MD5OfMessageBody: md5 });
  }

  /**
   * /_control/*: the stack's and its tests' own calls. Never a browser's (any page could post a form here), and only
   * with the control key, which no page can know.
   */
  async function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined) {
      return reply(res, 403, { message: 'The sync runner is not controlled from a browser.' });
    }
    if (!sameKey(req.headers[SYNC_CONTROL_HEADER], controlKey)) {
      return reply(res, 403, {
        message: `The sync runner's control needs its key in ${SYNC_CONTROL_HEADER} (tests: tests/support/sync-runner.ts).`,
      });
    }
    if (url.pathname === '/_control/state' && req.method === 'GET') return reply(res, 200, state);
    if (url.pathname === '/_control/schedule' && req.method === 'POST') {
      return reply(res, 200, { enqueued: await schedule() });
    }
    if ((url.pathname === '/_control/pause' || url.pathname === '/_control/resume') && req.method === 'POST') {
      paused = url.pathname === '/_control/pause';
      if (!paused) scheduleFlush();
      return reply(res, 200, runner.state());
    }
    if (url.pathname === '/_control/idle' && req.method === 'POST') {
      await runner.idle();
      return reply(res, 200, state);
    }
    return reply(res, 404, { message: 'No such control call.' });
  }

  let scheduleTimer: NodeJS.Timeout | undefined;
  if (opts.scheduleEveryMs && opts.scheduleEveryMs > 0) {
    scheduleTimer = setInterval(() => {
      schedule().then(
        (n) => n > 0 && log(`Scheduled bank sync: ${n} link(s) enqueued.`),
        (error: unknown) => log(`Scheduled bank sync failed: ${(error as Error)?.message ?? error}`),
      );
    }, opts.scheduleEveryMs);
    scheduleTimer.unref();
  }

  const runner: SyncRunner = {
    endpoint,
    queueUrl,
    controlKey,
    schedule,
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        checkIdle();
      }),
    state: () => ({ ...state, deadLetters: [...state.deadLetters], queued: queue.length }),
    async close() {
      closed = true;
      if (scheduleTimer) clearInterval(scheduleTimer);
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = undefined;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      queue.length = 0;
      checkIdle();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return runner;
}

/** An SQS record as Lambda's event source builds it. */
function record(message: Queued): SQSRecord {
  return {
    messageId: message.messageId,
    receiptHandle: `local-${message.messageId}-${message.receiveCount}`,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: String(message.sentAt),
      SenderId: 'LOCAL',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: createHash('md5').update(message.body, 'utf8').digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${QUEUE_NAME}`,
    awsRegion: 'us-east-1',
  };
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 256 * 1024) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > 256 * 1024 ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));
}

/**
 * SQS's JSON-protocol error shape: `__type` names the error, `x-amzn-query-error` the Query-protocol code (the same,
 * or SQS's older name for it), which the SDK's query-compatible parser reads first and throws as a named exception.
 */
function sqsError(res: ServerResponse, status: number, type: string, message: string, queryCode = type) {
  res
    .writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-query-error': `${queryCode};Sender` })
    .end(JSON.stringify({ __type: `com.amazonaws.sqs#${type}`, message }));
}

/** A refused signature or a browser's call, as SQS answers them (IncompleteSignature 400, the others 403). */
function sqsRefusal(res: ServerResponse, type: keyof typeof QUERY_ERRORS, message: string) {
  const { code, status } = QUERY_ERRORS[type];
  sqsError(res, status, code, message);
}

/** Constant-time comparison of a presented control key with the runner's. */
function sameKey(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
