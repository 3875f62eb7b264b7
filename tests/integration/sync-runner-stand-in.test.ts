import { createHash } from 'node:crypto';
import { SendMessageCommand, SQSClient, type SQSClientConfig } from '@aws-sdk/client-sqs';
import { describe, expect, inject, it } from 'vitest';
import { LOCAL } from '../../infra/local/config.js';
import { SYNC_CONTROL_HEADER } from '../../infra/local/sync-runner.js';
import { syncRunnerControl } from '../support/sync-runner.js';

/**
 * The sync runner is as strict as SQS about who sends to its queue, and only the stack's own processes control it
 * (docs/offline-stack.md "Other stand-ins"): SendMessage needs a SigV4 signature, scoped to sqs, by the stack's key
 * pair, is never taken from a browser, and refusals come in SQS's JSON-protocol shape; /_control/ needs the
 * per-stack control key and refuses browsers. Before, an x-amz-target header was enough to enqueue, and any page
 * could post a form to /_control/schedule or /_control/pause.
 */
const endpoint = inject('syncRunnerEndpoint');
const queueUrl = `${endpoint}/000000000000/rent-bank-sync`;
/** Not a sync message: the consumer drops it, so sending it changes nothing. */
const BODY = 'not-a-sync-message';

/** The SQS client exactly as functions/src/services/banking/syncQueue.ts makes it offline (plus the stack's pair). */
function sqsClient(overrides: Partial<SQSClientConfig> = {}) {
  return new SQSClient({
    region: LOCAL.region,
    endpoint,
    credentials: LOCAL.credentials,
    maxAttempts: 1,
    ...overrides,
  });
}

/** A raw SendMessage, as any process on the machine (or a page in the developer's browser) could send it. */
async function send(headers: Record<string, string> = {}) {
  const res = await fetch(endpoint, {
    method: 'POST',
    body: JSON.stringify({ QueueUrl: queueUrl, MessageBody: BODY }),
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage', ...headers },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, string>) : {} };
}

const amzDate = () => new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');

/** Adds a header after signing (the signature stays valid: the header is not among those signed). */
function withHeader(client: SQSClient, name: string, value: string) {
  client.middlewareStack.add(
    (next) => async (args) => {
      (args.request as { headers: Record<string, string> }).headers[name] = value;
      return next(args);
    },
    { step: 'build', name: `add-${name}` },
  );
  return client;
}

describe('SendMessage on the sync runner needs the stack’s SigV4 signature', () => {
  it('no Authorization header (an x-amz-target alone): 403 MissingAuthenticationToken in SQS’s shape, no MessageId', async () => {
    const res = await send();
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      __type: 'com.amazonaws.sqs#MissingAuthenticationToken',
      message: 'Missing Authentication Token',
    });
    expect(res.headers.get('x-amzn-query-error')).toBe('MissingAuthenticationToken;Sender');
    expect(res.headers.get('content-type')).toBe('application/x-amz-json-1.0');
  });

  it.each([
    ['a bare "AWS4-HMAC-SHA256 x" header', 400, 'IncompleteSignature', () => ({ authorization: 'AWS4-HMAC-SHA256 x' })],
    [
      'a well-formed header with a made-up signature',
      403,
      'SignatureDoesNotMatch',
      () => ({
        authorization: `AWS4-HMAC-SHA256 Credential=${LOCAL.credentials.accessKeyId}/${amzDate().slice(0, 8)}/${LOCAL.region}/sqs/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=${'0'.repeat(64)}`,
        'x-amz-date': amzDate(),
      }),
    ],
    [
      'the emulator-style "AWS local:local" header',
      400,
      'IncompleteSignature',
      () => ({ authorization: 'AWS local:local' }),
    ],
  ])('%s: %i %s, nothing enqueued', async (_, status, code, headers) => {
    const res = await send(headers());
    expect(res.status).toBe(status);
    expect(res.body.__type).toBe(`com.amazonaws.sqs#${code}`);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.MessageId).toBeUndefined();
    expect(res.headers.get('x-amzn-query-error')).toBe(`${code};Sender`);
  });

  it.each([
    [
      'the right access key and a wrong secret',
      'SignatureDoesNotMatch',
      403,
      { ...LOCAL.credentials, secretAccessKey: 'wrong' },
    ],
    [
      'an access key the runner does not know',
      'InvalidClientTokenId',
      403,
      { accessKeyId: 'local', secretAccessKey: 'local' },
    ],
    ['session credentials', 'InvalidClientTokenId', 403, { ...LOCAL.credentials, sessionToken: 'token' }],
  ])('the real SDK signing with %s: %s (%i)', async (_, name, status, credentials) => {
    await expect(
      sqsClient({ credentials }).send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: BODY })),
    ).rejects.toMatchObject({ name, $metadata: { httpStatusCode: status } });
  });

  it('a signature scoped to another service (kms): SignatureDoesNotMatch naming sqs', async () => {
    const raw = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'x-amz-target': 'AmazonSQS.SendMessage',
        authorization: `AWS4-HMAC-SHA256 Credential=${LOCAL.credentials.accessKeyId}/${amzDate().slice(0, 8)}/${LOCAL.region}/kms/aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, Signature=${'0'.repeat(64)}`,
        'x-amz-date': amzDate(),
      },
      body: '{}',
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({
      __type: 'com.amazonaws.sqs#SignatureDoesNotMatch',
      message: "Credential should be scoped to correct service: 'sqs'.",
    });
  });

  it('a correctly signed SendMessage from a browser (Origin or Sec-Fetch-Site): 403 AccessDenied, no CORS', async () => {
    for (const [name, value] of [
      ['origin', 'https://evil.example'],
      ['sec-fetch-site', 'cross-site'],
    ] as const) {
      await expect(
        withHeader(sqsClient(), name, value).send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: BODY })),
      ).rejects.toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    }
    const raw = await send({ origin: 'https://evil.example' });
    expect(raw.status).toBe(403);
    expect(raw.body.__type).toBe('com.amazonaws.sqs#AccessDenied');
    expect(raw.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('SendMessage signed as the handlers sign it', () => {
  it('the real @aws-sdk/client-sqs gets a MessageId and the MD5 it checks', async () => {
    const answer = await sqsClient().send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: BODY }));
    expect(answer.MessageId).toEqual(expect.any(String));
    expect(answer.MD5OfMessageBody).toBe(createHash('md5').update(BODY).digest('hex'));
    // The check comes first; SQS's own answers still follow it.
    await expect(
      sqsClient().send(
        new SendMessageCommand({ QueueUrl: `${endpoint}/000000000000/someone-else`, MessageBody: BODY }),
      ),
    ).rejects.toMatchObject({ name: 'QueueDoesNotExist', $metadata: { httpStatusCode: 400 } });
  });

  it('the handlers’ own module (functions/src/services/banking/syncQueue.ts) enqueues with the environment’s pair', async () => {
    process.env.SQS_ENDPOINT = endpoint;
    process.env.SYNC_QUEUE_URL = queueUrl;
    const { requestSync } = await import('../../functions/src/services/banking/syncQueue.js');
    // No such link: the consumer finds nothing to sync. The answer is when it was asked (what Sync now waits past).
    const before = Date.now();
    const { requestedAt } = await requestSync('org-sync-runner-test', 'inst-sync-runner-test', 'manual');
    expect(requestedAt).toBeGreaterThanOrEqual(before);
    expect(requestedAt).toBeLessThanOrEqual(Date.now());
    expect((await syncRunnerControl('idle')).status).toBe(200);
  });
});

describe('the sync runner’s control is for the stack’s own processes', () => {
  const control = (path: string, headers: Record<string, string> = {}, method = 'POST', body?: string) =>
    fetch(`${endpoint}/_control/${path}`, { method, headers, body });
  const key = inject('syncRunnerControlKey');

  it.each(['schedule', 'pause', 'resume', 'idle'])(
    'POST /_control/%s without the key, or with a wrong one: 403, nothing done',
    async (action) => {
      const tries: Record<string, string>[] = [
        {},
        { [SYNC_CONTROL_HEADER]: 'wrong' },
        { [SYNC_CONTROL_HEADER]: `${key}x` },
      ];
      for (const headers of tries) {
        const res = await control(action, headers);
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ message: expect.stringContaining(SYNC_CONTROL_HEADER) });
      }
    },
  );

  it('GET /_control/state without the key: 403; with it: the state', async () => {
    expect((await control('state', {}, 'GET')).status).toBe(403);
    const res = await control('state', { [SYNC_CONTROL_HEADER]: key }, 'GET');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sent: expect.any(Number), deadLetters: expect.any(Array) });
  });

  it.each([
    [
      'a form post from another site',
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    ],
    ['a fetch from a page (Sec-Fetch-Site)', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site page', { 'sec-fetch-site': 'same-site', origin: 'http://localhost:5173' }],
  ])('%s, even with the key: 403, no CORS', async (_, headers) => {
    for (const action of ['schedule', 'pause', 'resume', 'idle']) {
      const res = await control(action, { ...headers, [SYNC_CONTROL_HEADER]: key }, 'POST', 'a=1');
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'The sync runner is not controlled from a browser.' });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const preflight = await control(
      'pause',
      { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('with the key, from a local process: idle answers 200; an unknown control call is 404', async () => {
    expect((await syncRunnerControl('idle')).status).toBe(200);
    expect((await control('nope', { [SYNC_CONTROL_HEADER]: key })).status).toBe(404);
  });
});
