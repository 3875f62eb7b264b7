import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CLIENT_LOG_PER_HOUR, CONTACT_PER_HOUR, SUBSCRIBE_PER_HOUR } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { client } from '../support/api.js';
import { inOneWindow } from '../support/clock.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { linkInMail, mailTo } from '../support/invitations.js';
import { team } from '../support/members.js';
import { fromAddress } from '../support/public.js';

/**
 * The public routes (docs/people.md "Public routes"): no token needed, a bad one
 * ignored; validated (400); counted per client address (429 beyond the hourly limit, other addresses
 * unaffected); the contact message reaches support through the SES emulator; a subscriber counts only after
 * confirming by the link (a GET changes nothing; the POST is single use); an unsubscribe link turns its
 * notification kind off without sign-in, by the page's POST or the RFC 8058 one-click POST.
 */
const SUPPORT = 'support@rent.today.invalid';
let nextAddress = 20;
/** A fresh loopback address per test, so per-address limits do not leak between tests. */
const newAddress = () => fromAddress(`127.0.0.${nextAddress++}`);
const unique = () => randomUUID().slice(0, 8);

async function confirmedCount(email: string) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'SUBSCRIBERS#CONFIRMED' },
    }),
  );
  return Items.filter((i) => i.email === email).length;
}

describe('POST /api/contact', () => {
  it('emails the message to support (SES emulator) and keeps the submission with address and agent', async () => {
    const send = newAddress();
    const marker = `Contact ${unique()}`;
    const res = await send(
      'POST',
      '/api/contact',
      { name: 'Casey Public', email: 'casey@example.com', message: marker },
      {
        'user-agent': 'ContactTest/1.0',
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/sent/);
    await expect.poll(async () => (await mailTo(SUPPORT)).filter((m) => m.body.text?.includes(marker)).length).toBe(1);
    const month = new Date().toISOString().slice(0, 7);
    const stored = (await partition(`CONTACT#${month}`)).find((i) => i.message === marker)!;
    expect(stored).toMatchObject({ name: 'Casey Public', email: 'casey@example.com', userAgent: 'ContactTest/1.0' });
    expect(stored.clientIp).toMatch(/127\.0\.0\.\d+/);
  });

  it('answers 400 to bad input, whatever the token', async () => {
    const send = newAddress();
    for (const body of [
      {},
      { name: 'A', email: 'not-an-email', message: 'x' },
      { name: ' ', email: 'a@b.co', message: 'x' },
      { name: 'A', email: 'a@b.co', message: 'x'.repeat(5001) },
      { name: 'A', email: 'a@b.co', message: 'x', extra: 1 },
    ]) {
      const res = await send('POST', '/api/contact', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    const withBadToken = await client('not.a.token').post('/api/contact', {
      name: 'A',
      email: 'a@b.co',
      message: 'hi',
    });
    expect(withBadToken.status).toBe(200);
  });

  it('says what is wrong with a field in words for the person, at that field (no API field name)', async () => {
    const send = newAddress();
    const bodies = {
      '/api/subscribers': { email: 'not-an-email' },
      '/api/contact': { name: 'A', email: 'not-an-email', message: 'x' },
    };
    for (const [path, body] of Object.entries(bodies)) {
      const res = await send('POST', path, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Enter a valid email address');
      expect(res.body.issues).toEqual([{ path: 'email', message: 'Enter a valid email address' }]);
    }
    const blank = await send('POST', '/api/contact', { name: '', email: 'a@b.co', message: 'x' });
    expect(blank.body.issues).toEqual([{ path: 'name', message: 'Your name is required' }]);
  });

  it(`accepts ${CONTACT_PER_HOUR} messages an hour from one address, then 429; another address is unaffected`, async () => {
    const send = newAddress();
    const body = { name: 'Flood', email: 'flood@example.com', message: 'Again' };
    await inOneWindow('hour');
    for (let i = 0; i < CONTACT_PER_HOUR; i++) expect((await send('POST', '/api/contact', body)).status).toBe(200);
    const refused = await send('POST', '/api/contact', body);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/Too many requests/);
    expect((await newAddress()('POST', '/api/contact', body)).status).toBe(200);
  });
});

describe('product news: POST /api/subscribers and the confirmation link', () => {
  it('counts a subscriber only after the link is confirmed by POST; the GET changes nothing; single use; idempotent', async () => {
    const send = newAddress();
    const email = `news-${unique()}@example.com`;
    expect((await send('POST', '/api/subscribers', { email, name: 'Nina News' })).status).toBe(200);
    const first = await linkInMail(email, /\/subscribe\/([A-Za-z0-9_-]{43})/);
    expect(await confirmedCount(email)).toBe(0);

    // Signing up again is idempotent: one subscriber, a new link, and the old link stops working.
    expect((await send('POST', '/api/subscribers', { email: email.toUpperCase() })).status).toBe(200);
    await expect.poll(async () => (await mailTo(email)).length).toBe(2);
    const token = await linkInMail(email, /\/subscribe\/([A-Za-z0-9_-]{43})/);
    expect(token).not.toBe(first);
    expect((await partition(`SUBSCRIBER#${email}`)).length).toBe(1);
    expect((await send('GET', `/api/subscribers/confirm/${first}`)).status).toBe(404);

    const page = await send('GET', `/api/subscribers/confirm/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ maskedEmail: `n***@example.com`, status: 'PENDING' });
    expect(await confirmedCount(email)).toBe(0);

    const confirmed = await send('POST', `/api/subscribers/confirm/${token}`);
    expect(confirmed.status).toBe(200);
    expect(await confirmedCount(email)).toBe(1);
    const again = await send('POST', `/api/subscribers/confirm/${token}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toMatch(/not valid or has already been used/);

    // Already confirmed: the same answer, no new mail, still one subscriber.
    expect((await send('POST', '/api/subscribers', { email })).status).toBe(200);
    expect((await mailTo(email)).length).toBe(2);
    expect(await confirmedCount(email)).toBe(1);
  });

  it('answers 400 to bad input and bad links', async () => {
    const send = newAddress();
    for (const body of [
      {},
      { email: 'nope' },
      { email: 'a@b.co', name: 'x'.repeat(121) },
      { email: 'a@b.co', list: 'all' },
    ]) {
      expect((await send('POST', '/api/subscribers', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await send('GET', '/api/subscribers/confirm/short')).status).toBe(400);
    expect((await send('POST', `/api/subscribers/confirm/${'A'.repeat(43)}`)).status).toBe(404);
  });

  it(`allows ${SUBSCRIBE_PER_HOUR} signups an hour from one address, then 429`, async () => {
    const send = newAddress();
    await inOneWindow('hour');
    for (let i = 0; i < SUBSCRIBE_PER_HOUR; i++) {
      expect((await send('POST', '/api/subscribers', { email: `rate-${unique()}@example.com` })).status).toBe(200);
    }
    expect((await send('POST', '/api/subscribers', { email: `rate-${unique()}@example.com` })).status).toBe(429);
  });
});

describe('POST /api/client-log', () => {
  it('takes a small report (204), refuses bad and oversize ones, and limits each address', async () => {
    const send = newAddress();
    await inOneWindow('hour');
    const report = {
      level: 'error',
      code: 'CLIENT_SESSION_ERROR',
      message: 'Session fetch failed',
      path: '/transactions',
    };
    expect((await send('POST', '/api/client-log', report)).status).toBe(204);
    // A beacon sends text/plain; the body is still JSON.
    expect(
      (await send('POST', '/api/client-log', JSON.stringify(report), { 'content-type': 'text/plain;charset=UTF-8' }))
        .status,
    ).toBe(204);
    for (const body of [
      { ...report, level: 'fatal' },
      { ...report, code: 'lower case' },
      { ...report, token: 'x' },
    ]) {
      expect((await send('POST', '/api/client-log', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await send('POST', '/api/client-log', { ...report, message: 'x'.repeat(5000) })).status).toBe(413);
    for (let i = 2; i < CLIENT_LOG_PER_HOUR; i++)
      expect((await send('POST', '/api/client-log', report)).status).toBe(204);
    expect((await send('POST', '/api/client-log', report)).status).toBe(429);
  });
});

describe('unsubscribe links in notification emails', () => {
  it('turn that notification kind off without sign-in (page POST and RFC 8058 one-click); tampered links are refused', async () => {
    const t = await team();
    const txn = (
      await t.admin.api.post('/api/transactions', { name: `Unsub ${unique()}`, date: '2026-03-10', amount: -5 })
    ).body.transaction;
    expect(
      (await t.admin.api.post(`/api/transactions/${txn.id}/reviews`, { reviewerId: t.manager.userId, body: 'Check' }))
        .status,
    ).toBe(201);
    const token = await linkInMail(t.manager.email, /\/unsubscribe\/([A-Za-z0-9_.-]+)/);
    const mail = (await mailTo(t.manager.email)).at(-1) as unknown as { headers?: { name: string; value: string }[] };
    expect(mail.headers).toEqual(
      expect.arrayContaining([
        { name: 'List-Unsubscribe', value: expect.stringContaining(`/api/unsubscribe/${token}>`) },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ]),
    );
    const anonymous = newAddress();
    const page = await anonymous('GET', `/api/unsubscribe/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ kind: 'REVIEW_REQUESTED', enabled: true });
    expect((await t.manager.api.get('/api/notification-preferences')).body.preferences.REVIEW_REQUESTED).toBe(true);

    const [user, kind, signature] = token.split('.');
    const flipped = `${user}.${kind}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect((await anonymous('POST', `/api/unsubscribe/${flipped}`)).status).toBe(404);
    expect((await anonymous('POST', `/api/unsubscribe/${user}.MAINTENANCE_UPDATED.${signature}`)).status).toBe(404);

    const off = await anonymous('POST', `/api/unsubscribe/${token}`, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
    const prefs = (await t.manager.api.get('/api/notification-preferences')).body.preferences;
    expect(prefs.REVIEW_REQUESTED).toBe(false);
    expect(prefs.MAINTENANCE_UPDATED).toBe(true);
    expect((await anonymous('GET', `/api/unsubscribe/${token}`)).body.enabled).toBe(false);
  });
});
