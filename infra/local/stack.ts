import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JWK } from 'jose';
import { ensureCertificate } from './cert.js';
import { createCognitoStandIn } from './cognito.js';
import { LOCAL } from './config.js';
import { ensureTable, startDynamoDb } from './dynamodb.js';
import { startKms } from './kms.js';
import { serveMailbox } from './mail-viewer.js';
import { createOriginServer } from './origin-server.js';
import { dataDir as defaultDataDir, webDist } from './paths.js';
import { startPlaidStandIn } from './plaid/server.js';
import { startS3 } from './s3.js';
import { createS3PassThrough } from './s3-pass-through.js';
import { DEMO_ORG_ID, seedDemo } from './seed.js';
import { startSes } from './ses.js';
import { serveSpa } from './static.js';
import { startSyncRunner } from './sync-runner.js';

export { LOCAL };

export interface StackOptions {
  /** HTTPS port of the one local origin (0 = any free port). */
  port?: number;
  /** Keep data in .data/ across restarts; false = in-memory DynamoDB and a temporary S3 folder (tests). */
  persist?: boolean;
  seed?: boolean;
  log?: (line: string) => void;
  /** The offline Sync stack's schedule: run the bank-sync fan-out this often (0/absent = only when asked). */
  syncEveryMs?: number;
  /** The daily charge job's offline timer (0/absent = never; tests run it with their own date). */
  chargesEveryMs?: number;
  /**
   * Serve a copy of web/dist taken at start instead of web/dist itself (tests): a web build started meanwhile from
   * the same checkout (another run's, after a source change) empties web/dist, and pages this stack already served
   * would then ask for code chunks that are gone and never render.
   */
  snapshotWeb?: boolean;
  /** A stack for one test run, started and stopped with it (`startDynamoDb`'s `shortLived`). */
  shortLived?: boolean;
}

export interface LocalStack {
  url: string;
  certPath: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** The SES emulator (aws-ses-v2-local): GET <sesEndpoint>/store lists the mail sent. */
  sesEndpoint: string;
  /** The local sync runner (SQS stand-in + consumer + schedule): its /_control/{schedule,idle,state}. */
  syncRunnerEndpoint: string;
  /** What a /_control/ call to the sync runner carries in SYNC_CONTROL_HEADER (random per start). */
  syncRunnerControlKey: string;
  /** The KMS stand-in and its key's ARN (bank links: functions/src/lib/secrets.ts). */
  kmsEndpoint: string;
  plaidTokenKeyId: string;
  /**
   * The Plaid stand-in (infra/local/plaid) on loopback: Plaid's API for the real `plaid` client (credentials
   * LOCAL.plaid), its Link script, and its control API under /_control (tests/support/plaid.ts).
   */
  plaidEndpoint: string;
  /** Token issuing without a browser, for the benchmark only. */
  tokensFor(email: string): Promise<{ id_token: string }>;
  /** The stand-in's signing key, for tests that need an expired but correctly signed token. */
  signingJwk: JWK;
  issuer: string;
  clientId: string;
  stop(): Promise<void>;
}

/**
 * The whole system on loopback, on ONE https origin like CloudFront in AWS: the SPA, /api/* (the
 * local gateway running the real handlers), the Cognito stand-in and /config.json.
 */
export async function startLocalStack(opts: StackOptions = {}): Promise<LocalStack> {
  if (process.env.RENT_MODE === 'aws')
    throw new Error('The local stack (and its Cognito stand-in) never runs in AWS mode.');
  const log = opts.log ?? (() => undefined);
  const persist = opts.persist ?? false;
  const dataDir = persist ? defaultDataDir : mkdtempSync(join(tmpdir(), 'rent-today-'));
  const children: ChildProcess[] = [];
  const closers: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const close of closers.reverse()) await close();
    for (const child of children) child.kill('SIGTERM');
    if (!persist) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const cert = await ensureCertificate(persist ? dataDir : join(dataDir, 'cert'));
    const [dynamoPort, s3Port] = await Promise.all([freePort(), freePort()]);
    log('Starting DynamoDB Local…');
    const dynamo = await startDynamoDb({
      port: dynamoPort,
      dbPath: persist ? join(dataDir, 'dynamodb') : undefined,
      shortLived: opts.shortLived,
    });
    children.push(dynamo.process);
    log('Starting the S3 emulator…');
    const s3 = await startS3({ port: s3Port, directory: join(dataDir, 's3'), buckets: [LOCAL.receiptsBucket] });
    closers.push(s3.close);
    log('Starting the SES emulator…');
    const ses = await startSes();
    closers.push(ses.close);
    const syncRunner = await startSyncRunner({ scheduleEveryMs: opts.syncEveryMs, log });
    closers.push(syncRunner.close);
    // Bank links: the KMS stand-in that envelope-encrypts Plaid access tokens (functions/src/lib/secrets.ts).
    const kms = await startKms({
      region: LOCAL.region,
      alias: LOCAL.plaidTokenKeyAlias,
      keyFile: persist ? join(dataDir, 'kms-key.json') : undefined,
    });
    closers.push(kms.close);
    log('Starting the Plaid stand-in…');
    // Webhooks go to this stack's own https origin (self-signed): the stand-in trusts exactly that certificate.
    const plaid = await startPlaidStandIn({ ...LOCAL.plaid, webhookCa: cert.cert, log });
    closers.push(plaid.close);
    const created = await ensureTable(dynamo.endpoint, LOCAL.tableName);
    if (created === 'created') log(`Created table ${LOCAL.tableName}.`);
    let seeded = false;
    if (opts.seed ?? true) {
      const receipts = { s3Endpoint: s3.endpoint, bucket: LOCAL.receiptsBucket };
      seeded = await seedDemo(dynamo.endpoint, LOCAL.tableName, receipts);
      if (seeded) log('Seeded the demo organization.');
    }

    // The handlers read their configuration from the environment at import, exactly as in Lambda.
    Object.assign(process.env, {
      TABLE_NAME: LOCAL.tableName,
      RECEIPTS_BUCKET: LOCAL.receiptsBucket,
      AWS_REGION: LOCAL.region,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      SES_ENDPOINT: ses.endpoint,
      SQS_ENDPOINT: syncRunner.endpoint,
      SYNC_QUEUE_URL: syncRunner.queueUrl,
      KMS_ENDPOINT: kms.endpoint,
      PLAID_TOKEN_KEY_ID: kms.keyArn,
      MAIL_FROM: 'Rent.Today <no-reply@localhost>',
      AWS_ACCESS_KEY_ID: LOCAL.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL.credentials.secretAccessKey,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    });
    // Every AWS client of the handlers signs with exactly this pair, the one the stand-ins accept: no session token,
    // and no profile (the SDK prefers AWS_PROFILE's credentials to the pair above).
    delete process.env.AWS_SESSION_TOKEN;
    delete process.env.AWS_PROFILE;

    // Handlers are attached below, once the origin (with its port) is known.
    let handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_req, res) => {
      res.writeHead(503).end();
    };
    const origin$ = createOriginServer({ key: cert.key, cert: cert.cert }, (req, res) => handle(req, res));
    const server = origin$.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 8443, '127.0.0.1', () => resolve());
    });
    closers.push(origin$.close);
    const port = (server.address() as AddressInfo).port;
    const origin = `https://localhost:${port}`;
    // Presigned receipt links point at this origin's /s3 pass-through (same origin, no CORS).
    process.env.S3_PUBLIC_ENDPOINT = `${origin}/s3`;
    // Links in mails (invitations) point at this origin.
    process.env.SITE_URL = origin;
    // The handlers' real `plaid` client talks to the stand-in; Plaid's webhooks come back to this origin.
    Object.assign(process.env, {
      PLAID_BASE_PATH: plaid.url,
      PLAID_CLIENT_ID: LOCAL.plaid.clientId,
      PLAID_SECRET: LOCAL.plaid.secret,
      PLAID_WEBHOOK_URL: `${origin}/api/plaid/webhook`,
    });
    // The sign-out-everywhere handler calls the stand-in's admin API with the AWS SDK, as it calls Cognito in AWS.
    Object.assign(process.env, {
      USER_POOL_ID: LOCAL.userPoolId,
      COGNITO_ENDPOINT: `${origin}/cognito`,
      LOCAL_CA_FILE: cert.certPath,
    });

    const cognito = await createCognitoStandIn({
      origin,
      userPoolId: LOCAL.userPoolId,
      clientId: LOCAL.clientId,
      keyDir: persist ? dataDir : undefined,
    });
    const { createGateway } = await import('./gateway.js');
    const jobs = await import('./jobs.js');
    jobs.runJobsInProcess(log);
    // The demo's leases get their charges now, as the daily job would have posted them (tests run no timer).
    if (seeded) await jobs.postDemoCharges(DEMO_ORG_ID);
    if (opts.chargesEveryMs) closers.push(jobs.runJobOnTimer('postCharges', opts.chargesEveryMs, log));
    const gateway = await createGateway({ issuer: cognito.issuer, clientId: LOCAL.clientId, jwk: cognito.publicJwk });
    const spa = serveSpa(opts.snapshotWeb ? snapshotOf(webDist, dataDir) : webDist);
    const s3PassThrough = createS3PassThrough({
      prefix: '/s3',
      bucket: LOCAL.receiptsBucket,
      region: LOCAL.region,
      ...LOCAL.credentials,
      s3Endpoint: s3.endpoint,
    });
    const runtimeConfig = JSON.stringify({
      region: LOCAL.region,
      userPoolId: LOCAL.userPoolId,
      userPoolClientId: LOCAL.clientId,
      oauthDomain: `localhost:${port}`,
      userPoolEndpoint: `${origin}/cognito`,
      plaidLinkScriptUrl: plaid.linkScriptUrl,
    });
    const securityHeaders = securityHeadersFor(plaid.url);

    handle = async (req, res) => {
      for (const [k, v] of Object.entries(securityHeaders)) res.setHeader(k, v);
      try {
        const url = requestUrl(req.url, origin);
        if (!url) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad Request');
        if (url.pathname.startsWith('/api/')) return await gateway(req, res, url);
        if (url.pathname.startsWith('/s3/')) return s3PassThrough(req, res);
        if (url.pathname === '/_mail' && req.method === 'GET') return await serveMailbox(res, ses.endpoint);
        if (url.pathname === '/config.json') {
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(runtimeConfig);
          return;
        }
        if (await cognito.handle(req, res, url)) return;
        spa(req, res, url);
      } catch (error) {
        console.error(error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Internal Server Error' }));
      }
    };

    return {
      url: origin,
      certPath: cert.certPath,
      dynamoEndpoint: dynamo.endpoint,
      s3Endpoint: s3.endpoint,
      sesEndpoint: ses.endpoint,
      syncRunnerEndpoint: syncRunner.endpoint,
      syncRunnerControlKey: syncRunner.controlKey,
      kmsEndpoint: kms.endpoint,
      plaidTokenKeyId: kms.keyArn,
      plaidEndpoint: plaid.url,
      tokensFor: cognito.tokensFor,
      signingJwk: cognito.privateJwk,
      issuer: cognito.issuer,
      clientId: LOCAL.clientId,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The request's URL on this origin, or null when the target is not an origin-form path (400). */
function requestUrl(target: string | undefined, origin: string): URL | null {
  if (!target?.startsWith('/') || target.startsWith('//')) return null;
  try {
    const url = new URL(target, origin);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

/**
 * What CloudFront's response-headers policy adds in AWS (infra/lib/web-stack.ts). Where AWS admits Plaid's
 * CDN script (Link), offline admits the Plaid stand-in's origin: its link-initialize.js and Link's calls to it.
 * HSTS is CloudFront's exactly (two years, includeSubDomains, no preload), so the browser learns the same policy
 * from the local origin as from the site (tests/infra/local-security-headers.test.ts compares them).
 */
export const securityHeadersFor = (plaidOrigin: string) => ({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'content-security-policy': [
    "default-src 'self'",
    `script-src 'self' ${plaidOrigin}/link-initialize.js`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.googleusercontent.com",
    "font-src 'self' data:",
    `connect-src 'self' ${plaidOrigin}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
  ].join('; '),
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A copy of the built web app and its precompressed files under `dir`; its root (served as web/dist is). */
function snapshotOf(dist: string, dir: string): string {
  // Not built (an integration run on a fresh clone): the pages say so, as web/dist itself would.
  if (!existsSync(dist)) return dist;
  const root = join(dir, 'web', 'dist');
  cpSync(dist, root, { recursive: true });
  if (existsSync(`${dist}-compressed`)) cpSync(`${dist}-compressed`, `${root}-compressed`, { recursive: true });
  return root;
}
