import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { SESv2Client, type SESv2ClientConfig, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, inject, it } from 'vitest';
import { LOCAL } from '../../infra/local/config.js';
import { readMailbox } from '../../infra/local/ses.js';

/**
 * The SES emulator (aws-ses-v2-local) sits behind a front as strict as SES about who sends mail
 * (docs/offline-stack.md "Other stand-ins"): the SES API needs a SigV4 signature, scoped to ses, by the stack's key
 * pair and is never taken from a browser; its /clear-store is never taken from a browser; the mailbox reads stay open
 * to local processes (the mail viewer, these tests) without CORS. Before, any Authorization header starting with
 * "AWS" sent mail, and any page could post a form to /clear-store.
 */
const endpoint = inject('sesEndpoint');

/** The SES client exactly as functions/src/lib/email.ts makes it offline (plus the stack's key pair). */
function sesClient(overrides: Partial<SESv2ClientConfig> = {}) {
  return new SESv2Client({
    region: LOCAL.region,
    endpoint,
    credentials: LOCAL.credentials,
    maxAttempts: 1,
    ...overrides,
  });
}

/** A SendEmail to a fresh address, and how to find whether it arrived. */
function mail(html?: string) {
  const to = `ses-stand-in-${randomUUID().slice(0, 8)}@example.com`;
  const command = new SendEmailCommand({
    FromEmailAddress: 'Rent.Today <no-reply@localhost>',
    Destination: { ToAddresses: [to] },
    Content: {
      Simple: {
        Subject: { Data: `Hello ${to}` },
        Body: { Text: { Data: 'Hi' }, ...(html && { Html: { Data: html } }) },
      },
    },
  });
  const arrived = async () => (await readMailbox(endpoint)).filter((m) => m.destination.to.includes(to));
  const body = JSON.stringify({
    FromEmailAddress: 'no-reply@localhost',
    Destination: { ToAddresses: [to] },
    Content: { Simple: { Subject: { Data: 'Forged' }, Body: { Text: { Data: 'Forged' } } } },
  });
  return { to, command, arrived, body };
}

/** A raw SendEmail, as any process on the machine (or a page in the developer's browser) could send it. */
async function rawSend(body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${endpoint}/v2/email/outbound-emails`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, string>) : {} };
}

const amzDate = () => new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');

/** Adds a header after signing (the signature stays valid: the header is not among those signed). */
function withHeader(client: SESv2Client, name: string, value: string) {
  client.middlewareStack.add(
    (next) => async (args) => {
      (args.request as { headers: Record<string, string> }).headers[name] = value;
      return next(args);
    },
    { step: 'build', name: `add-${name}` },
  );
  return client;
}

describe('the SES API behind the front needs the stack’s SigV4 signature', () => {
  it('no Authorization header: 403 MissingAuthenticationTokenException, no mail', async () => {
    const { body, arrived } = mail();
    const res = await rawSend(body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Missing Authentication Token' });
    expect(res.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(await arrived()).toEqual([]);
  });

  it.each([
    [
      '"AWS local:local" (what the emulator alone accepted)',
      'IncompleteSignatureException',
      () => ({ authorization: 'AWS local:local' }),
    ],
    [
      'a bare "AWS4-HMAC-SHA256 x" header',
      'IncompleteSignatureException',
      () => ({ authorization: 'AWS4-HMAC-SHA256 x' }),
    ],
    [
      'a well-formed header with a made-up signature',
      'InvalidSignatureException',
      () => ({
        authorization: `AWS4-HMAC-SHA256 Credential=${LOCAL.credentials.accessKeyId}/${amzDate().slice(0, 8)}/${LOCAL.region}/ses/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=${'0'.repeat(64)}`,
        'x-amz-date': amzDate(),
      }),
    ],
    [
      'a signature scoped to another service (sqs)',
      'InvalidSignatureException',
      () => ({
        authorization: `AWS4-HMAC-SHA256 Credential=${LOCAL.credentials.accessKeyId}/${amzDate().slice(0, 8)}/${LOCAL.region}/sqs/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=${'0'.repeat(64)}`,
        'x-amz-date': amzDate(),
      }),
    ],
  ])('%s: 403 %s, no mail', async (_, type, headers) => {
    const { body, arrived } = mail();
    const res = await rawSend(body, headers());
    expect(res.status).toBe(403);
    expect(res.headers.get('x-amzn-errortype')).toBe(type);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await arrived()).toEqual([]);
  });

  it.each([
    [
      'the right access key and a wrong secret',
      'InvalidSignatureException',
      { ...LOCAL.credentials, secretAccessKey: 'wrong' },
    ],
    [
      'an access key the emulator does not know',
      'UnrecognizedClientException',
      { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'x' },
    ],
    ['session credentials', 'UnrecognizedClientException', { ...LOCAL.credentials, sessionToken: 'token' }],
  ])('the real SDK signing with %s: %s, no mail', async (_, name, credentials) => {
    const { command, arrived } = mail();
    await expect(sesClient({ credentials }).send(command)).rejects.toMatchObject({
      name,
      $metadata: { httpStatusCode: 403 },
    });
    expect(await arrived()).toEqual([]);
  });

  it('a SendEmail signed for one body and sent with another: InvalidSignatureException, no mail', async () => {
    const mine = mail();
    const theirs = mail();
    const client = sesClient();
    client.middlewareStack.add(
      (next) => async (args) => {
        // Another recipient of the same length: the signed content-length still holds, only the body differs.
        const request = args.request as { body: string };
        request.body = request.body.replace(mine.to, theirs.to);
        return next(args);
      },
      { step: 'deserialize', name: 'swapBodyAfterSigning' },
    );
    await expect(client.send(mine.command)).rejects.toMatchObject({ name: 'InvalidSignatureException' });
    expect(await mine.arrived()).toEqual([]);
    expect(await theirs.arrived()).toEqual([]);
  });

  it('a correctly signed SendEmail from a browser (Origin or Sec-Fetch-Site): 403 AccessDeniedException, no CORS', async () => {
    for (const [name, value] of [
      ['origin', 'https://evil.example'],
      ['sec-fetch-site', 'cross-site'],
    ] as const) {
      const { command, arrived } = mail();
      await expect(withHeader(sesClient(), name, value).send(command)).rejects.toMatchObject({
        name: 'AccessDeniedException',
        $metadata: { httpStatusCode: 403 },
      });
      expect(await arrived()).toEqual([]);
    }
    const raw = await rawSend(mail().body, { origin: 'https://evil.example' });
    expect(raw.status).toBe(403);
    expect(raw.headers.get('x-amzn-errortype')).toBe('AccessDeniedException');
    expect(raw.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the v1 Query API (POST /) unsigned or with an "AWS" header: refused in its XML shape, no mail', async () => {
    const to = `ses-v1-${randomUUID().slice(0, 8)}@example.com`;
    const form = new URLSearchParams({
      Action: 'SendEmail',
      Source: 'no-reply@localhost',
      'Destination.ToAddresses.member.1': to,
      'Message.Subject.Data': 'Forged',
      'Message.Body.Text.Data': 'Forged',
    }).toString();
    for (const [headers, status, code] of [
      [{}, 403, 'MissingAuthenticationToken'],
      [{ authorization: 'AWS local:local' }, 400, 'IncompleteSignature'],
    ] as const) {
      const res = await fetch(`${endpoint}/`, {
        method: 'POST',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      expect(res.status).toBe(status);
      expect(await res.text()).toContain(`<Code>${code}</Code>`);
    }
    expect((await readMailbox(endpoint)).filter((m) => m.destination.to.includes(to))).toEqual([]);
  });
});

describe('the SES API signed as the handlers sign it', () => {
  it('the real @aws-sdk/client-sesv2 sends, and the mail is in the store', async () => {
    const { to, command, arrived } = mail();
    const answer = await sesClient().send(command);
    expect(answer.MessageId).toEqual(expect.any(String));
    expect(await arrived()).toEqual([expect.objectContaining({ messageId: answer.MessageId, subject: `Hello ${to}` })]);
  });

  it('takes 20 and then 50 mails at once on the same connections, every one delivered', async () => {
    // The front reads each body to check its signature and hands it on: under load, on reused connections, none may
    // be dropped (the product sends a mail to every staff member at once).
    const client = sesClient();
    for (const count of [20, 50]) {
      // Bodies of a few KB, as the product's HTML mails are.
      const mails = Array.from({ length: count }, () => mail('<p>Rent.Today</p>'.repeat(400)));
      const answers = await Promise.all(mails.map(({ command }) => client.send(command)));
      expect(answers.every((answer) => typeof answer.MessageId === 'string')).toBe(true);
      for (const { arrived } of mails) expect(await arrived()).toHaveLength(1);
    }
  });

  it('the handlers’ own module (functions/src/lib/email.ts) sends with the environment’s pair', async () => {
    process.env.SES_ENDPOINT = endpoint;
    process.env.MAIL_FROM = 'Rent.Today <no-reply@localhost>';
    const { sendEmail } = await import('../../functions/src/lib/email.js');
    const to = `ses-handler-${randomUUID().slice(0, 8)}@example.com`;
    const id = await sendEmail({
      template: 'CONTACT_MESSAGE',
      to,
      subject: 'From the handler',
      text: 'Hi',
      html: '<p>Hi</p>',
    });
    const mails = (await readMailbox(endpoint)).filter((m) => m.destination.to.includes(to));
    expect(mails).toEqual([expect.objectContaining({ messageId: id, subject: 'From the handler' })]);
  });
});

describe('the emulator’s store', () => {
  it('reads stay open to local processes, without CORS', async () => {
    const res = await fetch(`${endpoint}/store`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toMatchObject({ emails: expect.any(Array) });
    expect((await fetch(`${endpoint}/health-check`)).status).toBe(200);
  });

  it.each([
    [
      'a form post from another site',
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    ],
    ['a fetch from a page (Sec-Fetch-Site)', { 'sec-fetch-site': 'cross-site' }],
    ['the emulator’s own page', { origin: endpoint, 'sec-fetch-site': 'same-origin' }],
  ])('POST /clear-store from %s: 403, the mail stays', async (_, headers) => {
    const { command, arrived } = mail();
    await sesClient().send(command);
    const res = await fetch(`${endpoint}/clear-store`, { method: 'POST', headers, body: 'x=1' });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await arrived()).toHaveLength(1);
  });

  it('a request naming another host (a page that rebound its DNS name to 127.0.0.1): 403, no mailbox', async () => {
    const { port } = new URL(endpoint);
    const status = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/store', headers: { host: `evil.example:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(403);
  });
});
