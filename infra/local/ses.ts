import { randomUUID } from 'node:crypto';
import { IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCAL } from './config.js';
import { browserRefusal, QUERY_ERRORS, REST_SIGNED_HEADERS, type SigV4Identity, verifySigV4 } from './sigv4.js';

/** One mail as the SES emulator keeps it (aws-ses-v2-local's GET /store). */
export interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** The mail's own headers (List-Unsubscribe, ...), when it has any. */
  headers?: { name: string; value: string }[];
  /** Epoch seconds. */
  at: number;
}

interface SesOptions {
  /** The only key pair whose signatures the SES API accepts, and their region; default the stack's (LOCAL). */
  iam?: SigV4Identity;
}

/** The emulator's own reads: its mailbox page and what the local mail viewer and the tests read. */
const READS = new Set(['/', '/store', '/get-emlContent', '/health-check']);
/** SES v2 takes messages up to 40 MB; a larger body is refused before it is read in full. */
const MAX_BODY = 40 * 1024 * 1024;

/**
 * The local SES: the npm package aws-ses-v2-local (it speaks the SES v2 API the handlers' real
 * @aws-sdk/client-sesv2 calls), in this process, bound to 127.0.0.1 on a free port. It keeps mail in memory
 * (cleared on restart); /_mail on the local origin lists it (mail-viewer.ts).
 *
 * The emulator takes any Authorization header that starts with "AWS" and lets any page post to its /clear-store, so
 * a front sits in its server before its own request handler: the SES API (/v2/... and the v1 Query API at POST /)
 * needs a SigV4 signature scoped to ses by the accepted key pair (infra/local/sigv4.ts) and is never taken from a
 * browser; /clear-store is never taken from a browser; the reads stay open to local processes (no CORS); and a
 * request must name the emulator's own host (a page that rebinds its DNS name to 127.0.0.1 gets nothing).
 */
export async function startSes(opts: SesOptions = {}): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const mod = (await import('aws-ses-v2-local')) as unknown as {
    default:
      | ((config: { host: string; port: number }) => Promise<Server>)
      | { default: (c: object) => Promise<Server> };
  };
  const start = typeof mod.default === 'function' ? mod.default : mod.default.default;
  const server = await start({ host: '127.0.0.1', port: 0 });
  const { port } = server.address() as AddressInfo;
  // The emulator's express app is its server's one request listener: the front calls it once a request passes.
  const listeners = server.listeners('request') as RequestListener[];
  const emulator = listeners[0];
  if (listeners.length !== 1 || !emulator) {
    server.close();
    throw new Error('aws-ses-v2-local no longer serves with one request listener; the SES front cannot sit before it');
  }
  server.removeAllListeners('request');
  const front = createSesFront({
    emulator,
    iam: opts.iam ?? { ...LOCAL.credentials, region: LOCAL.region },
    hosts: [`127.0.0.1:${port}`, `localhost:${port}`],
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    front(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal error' }));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function createSesFront(cfg: { emulator: RequestListener; iam: SigV4Identity; hosts: string[] }) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const method = req.method ?? 'GET';
    if (!cfg.hosts.includes(String(req.headers.host ?? '').toLowerCase())) {
      return json(res, 403, { message: 'Not this emulator’s host.' });
    }
    if ((method === 'GET' || method === 'HEAD') && READS.has(path)) return void cfg.emulator(req, res);
    if (path === '/clear-store' && method === 'POST') {
      // Any page can post a form here: clearing the mailbox is for local processes only.
      if (req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined) {
        return json(res, 403, { message: 'The SES emulator’s store is not cleared from a browser.' });
      }
      return void cfg.emulator(req, res);
    }

    // The SES API: v2 is REST JSON under /v2/, v1 the Query protocol at POST /.
    const v2 = path.startsWith('/v2/');
    const refuse = (type: keyof typeof QUERY_ERRORS, message: string) =>
      v2 ? restJsonError(res, type, message) : queryError(res, type, message);
    const fromBrowser = browserRefusal(req.headers, v2 ? `${method} ${path}` : 'The SES v1 API');
    if (fromBrowser) return refuse(fromBrowser.__type, fromBrowser.message);
    const body = await readBody(req);
    if (body === null) return json(res, 413, { message: 'Request too large' });
    // Authentication before the emulator reads anything, as in AWS.
    const refusal = verifySigV4({ method, url, headers: req.headers }, body, cfg.iam, 'ses', {
      requiredHeaders: REST_SIGNED_HEADERS,
    });
    if (refusal) return refuse(refusal.__type, refusal.message);
    cfg.emulator(replay(req, body), res);
  };
}

/** The request again, its body already read: what the emulator's body parsers read instead of the spent stream. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  // Read in full already: without this the emulator's response waits on a body it never sees end, and under load
  // (50 mails at once) some connections were dropped ("socket hang up").
  copy.complete = true;
  if (body.length > 0) copy.push(body);
  copy.push(null);
  return copy;
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** SES v2's REST JSON error: the type in x-amzn-errortype (what the SDK throws), the message in the body; 403. */
function restJsonError(res: ServerResponse, type: string, message: string) {
  res
    .writeHead(403, {
      'content-type': 'application/json',
      'x-amzn-errortype': type,
      'x-amzn-requestid': randomUUID(),
    })
    .end(JSON.stringify({ message }));
}

/** SES v1's Query-protocol error: XML with the Query code (InvalidClientTokenId, SignatureDoesNotMatch, ...). */
function queryError(res: ServerResponse, type: keyof typeof QUERY_ERRORS, message: string) {
  const { code, status } = QUERY_ERRORS[type];
  const xml = (text: string) =>
    text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);
  res
    .writeHead(status, { 'content-type': 'text/xml' })
    .end(
      `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${xml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
    );
}

/** Every mail the emulator holds, oldest first. */
export async function readMailbox(endpoint: string): Promise<StoredMail[]> {
  const answer = await fetch(`${endpoint}/store`);
  if (!answer.ok) throw new Error(`The SES emulator answered ${answer.status}`);
  const { emails } = (await answer.json()) as { emails: StoredMail[] };
  return emails;
}

/**
 * The first group of `pattern` in the newest mail to `email` (a link's token, say), read again every 50 ms until it
 * is there: the app sends its mail after it answers.
 */
export async function linkInNewestMail(
  endpoint: string,
  email: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const mails = (await readMailbox(endpoint)).filter((mail) => mail.destination.to.includes(email.toLowerCase()));
    const found = pattern.exec(mails.at(-1)?.body.text ?? '')?.[1];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${email} has ${pattern} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
