import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { inject } from 'vitest';
import { linkInNewestMail, readMailbox, type StoredMail } from '../../infra/local/ses.js';
import { baseUrl } from './api.js';

/** Mail the app sent to this address through the SES emulator, oldest first. */
export async function mailTo(email: string): Promise<StoredMail[]> {
  const mails = await readMailbox(inject('sesEndpoint'));
  return mails.filter((mail) => mail.destination.to.includes(email.toLowerCase()));
}

/** The first group of `pattern` (a link's token) in the newest mail to this address, waited for. */
export function linkInMail(email: string, pattern: RegExp): Promise<string> {
  return linkInNewestMail(inject('sesEndpoint'), email, pattern);
}

/** The invitation token in the newest mail to this address (waits briefly for it to arrive). */
export const latestInviteToken = (email: string) => linkInMail(email, /\/invite\/([A-Za-z0-9_-]{43})/);

/**
 * The invitation link's two calls from a client address of our choosing on the loopback range (the server listens on
 * 127.0.0.1; the connection leaves from `localAddress`), so the guess limit of one address can be exhausted without
 * touching the others: the public lookup, and acceptance by a signed-in person. node:https, because undici's
 * connector ignores localAddress.
 */
export function fromAddress(localAddress: string) {
  const ca = readFileSync(inject('certPath'));
  const { port } = new URL(baseUrl());
  const send = (method: 'GET' | 'POST', path: string, idToken?: string, json?: unknown) =>
    new Promise<{ status: number; body: Record<string, any> }>((resolve, reject) => {
      const body = json === undefined ? undefined : JSON.stringify(json);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          ca,
          servername: 'localhost',
          localAddress,
          headers: {
            ...(idToken && { authorization: `Bearer ${idToken}` }),
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return {
    lookup: (token: string) => send('GET', `/api/invitations/by-token/${token}`),
    accept: (idToken: string, token: string) => send('POST', '/api/invitations/accept', idToken, { token }),
  };
}
