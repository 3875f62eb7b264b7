import { randomInt, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPTIONAL_NOTIFICATION_KINDS } from '@rent/shared';
import { describe, expect, inject, it } from 'vitest';
import { EMAIL_TEMPLATES, type EmailTemplate } from '../../functions/src/lib/email.js';
import { spaRoute } from '../../infra/lib/spa-routing.js';
import { repoRoot, webDist } from '../../infra/local/paths.js';
import type { StoredMail } from '../../infra/local/ses.js';
import { isAppRoute } from '../../web/src/app/routes';
import { baseUrl, client } from '../support/api.js';
import { mailTo } from '../support/invitations.js';
import { type Person, team } from '../support/members.js';
import { PlaidStandInControl } from '../support/plaid.js';
import { fromAddress } from '../support/public.js';
import { leaseTo } from '../support/tenancies.js';

/**
 * Every email the product sends leads somewhere. Each entry of EMAIL_TEMPLATES (functions/src/lib/email.ts: every
 * mail names one, so a new template is a new entry and lands here) is sent the way the product sends it, read from the
 * SES emulator, and every link in it (HTML, plain text, List-Unsubscribe) is followed:
 * - an app page must be a route of the web router, get /index.html from the CloudFront function's own code
 *   (infra/lib/spa-routing.ts, which the Web stack deploys), and get the SPA's index.html from the local origin;
 * - an API link (the one-click unsubscribe) must not answer 404 to a GET, which changes nothing;
 * - a #fragment must be the id of something a page renders.
 */

// The bank link is written the way the exchange route writes it (its repository reads its config at import).
process.env.KMS_ENDPOINT = inject('kmsEndpoint');
process.env.PLAID_TOKEN_KEY_ID = inject('plaidTokenKeyId');
const { createBankLink, newBankLinkId, sealAccessToken } = await import('../../functions/src/data/banking/banks.js');
// The charge job sends rent reminders and late notices (in-process, against the same stack).
const { postOrganizationCharges } = await import('../../functions/src/services/tenancy/charges.js');

const SUPPORT = 'support@rent.today.invalid';
const plaid = new PlaidStandInControl(inject('plaidEndpoint'));
const unique = () => randomUUID().slice(0, 8);
const freshEmail = (label: string) => `${label}-${unique()}@example.com`;
/** A client address of its own for the public forms, so their hourly limits meet no other test. */
const publicClient = () => fromAddress(`127.77.${randomInt(1, 250)}.${randomInt(2, 250)}`);

/** Waits until `email` has `count` mails whose subject contains `about`, and returns them. */
async function arrived(email: string, count: number, about = ''): Promise<StoredMail[]> {
  const matching = async () => (await mailTo(email)).filter((m) => m.subject.includes(about));
  await expect.poll(async () => (await matching()).length, { timeout: 15_000 }).toBe(count);
  return matching();
}

async function newTransaction(owner: Person) {
  const res = await owner.api.post('/api/transactions', {
    name: `Linked ${unique()}`,
    date: '2026-03-10',
    amount: -42,
  });
  expect(res.status).toBe(201);
  return res.body.transaction.id as string;
}

async function askReview(from: Person, reviewer: Person) {
  const transactionId = await newTransaction(from);
  const res = await from.api.post(`/api/transactions/${transactionId}/reviews`, {
    reviewerId: reviewer.userId,
    body: 'Is this repairs or supplies?',
  });
  expect(res.status).toBe(201);
  return res.body.reviewRequest.id as string;
}

/** How the product comes to send each template, and the mails it sent (every variant of the template). */
const SEND: Record<EmailTemplate, () => Promise<StoredMail[]>> = {
  INVITATION: async () => {
    const { admin } = await team();
    const email = freshEmail('invitee');
    expect((await admin.api.post('/api/invitations', { email, role: 'LANDLORD' })).status).toBe(201);
    return arrived(email, 1);
  },
  REVIEW_REQUESTED: async () => {
    const { admin, manager } = await team();
    await askReview(admin, manager);
    return arrived(manager.email, 1, 'asked you to review');
  },
  REVIEW_CLOSED: async () => {
    const { admin, manager } = await team();
    const resolved = await askReview(admin, manager);
    expect((await manager.api.patch(`/api/reviews/${resolved}`, { status: 'RESOLVED' })).status).toBe(200);
    const declined = await askReview(admin, manager);
    expect((await manager.api.patch(`/api/reviews/${declined}`, { status: 'REJECTED' })).status).toBe(200);
    return arrived(admin.email, 2, 'your review request');
  },
  MAINTENANCE_UPDATED: async () => {
    const t = await team();
    const home = (await t.admin.api.post('/api/properties', { address: `${unique()} Link Row` })).body.id as string;
    await leaseTo(t.orgId, t.tenant.userId, home);
    const title = `Leak ${unique()}`;
    const made = await t.tenant.api.post('/api/maintenance', { title, description: 'Under the sink' });
    expect(made.status).toBe(201);
    const request = made.body.maintenanceRequest;
    const reported = await arrived(t.admin.email, 1, 'New maintenance request');
    expect((await t.admin.api.post(`/api/maintenance/${request.id}/comments`, { body: 'On my way' })).status).toBe(201);
    const moved = await t.manager.api.put(`/api/maintenance?id=${encodeURIComponent(request.id)}`, {
      title,
      description: request.description,
      propertyId: request.propertyId,
      issueType: request.issueType,
      status: 'IN_PROGRESS',
      preferredContactTimes: request.preferredContactTimes,
      version: request.version,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return [...reported, ...(await arrived(t.tenant.email, 2, title))];
  },
  RENT_REMINDER: async () => {
    const t = await team();
    const home = (await t.admin.api.post('/api/properties', { address: `${unique()} Reminder Row` })).body.id as string;
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    // Two one-day leases, so that each has exactly one rent charge on any day of the year: one in two days (its rent
    // is due then: a reminder), and one of another unit ten days ago, unpaid past its grace days (a late notice).
    // Longer leases span a month's due day on some days of each month, and their second charge adds a third mail.
    for (const [unitLabel, leaseStart, leaseEnd] of [
      ['A', day(2), day(2)],
      ['B', day(-10), day(-10)],
    ]) {
      const res = await t.admin.api.post(`/api/properties/${home}/leases`, {
        userId: t.tenant.userId,
        unitLabel,
        leaseStart,
        leaseEnd,
        monthlyRent: 1234.5,
        graceDays: 5,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    await postOrganizationCharges(t.orgId, day(0));
    await postOrganizationCharges(t.orgId, day(0)); // once per charge, however many runs
    const mails = await arrived(t.tenant.email, 2, 'Rent for');
    expect(mails.map((m) => m.subject.includes('is late')).sort()).toEqual([false, true]);
    return mails;
  },
  BANK_CONNECTION: async () => {
    const t = await team();
    const { accessToken, itemId } = await plaid.linkItem({ webhook: `${baseUrl()}/api/plaid/webhook` });
    const id = newBankLinkId();
    await createBankLink({
      id,
      organizationId: t.orgId,
      itemId,
      accessToken: await sealAccessToken(t.orgId, id, accessToken),
      createdById: t.admin.userId,
      plaidInstitutionId: `ins_${unique()}`,
      institutionName: `Link Bank ${unique()}`,
      accounts: [],
    });
    expect((await plaid.sendWebhook(itemId, { code: 'PENDING_DISCONNECT', disconnectDate: '2027-01-15' })).status).toBe(
      200,
    );
    await arrived(t.admin.email, 1, 'needs attention');
    expect((await plaid.sendWebhook(itemId, { code: 'ERROR' })).status).toBe(200);
    return arrived(t.admin.email, 2, 'needs attention');
  },
  NEWS_CONFIRMATION: async () => {
    const email = freshEmail('news');
    expect((await publicClient()('POST', '/api/subscribers', { email, name: 'Nina News' })).status).toBe(200);
    return arrived(email, 1);
  },
  CONTACT_MESSAGE: async () => {
    const name = `Lee ${unique()}`;
    const sent = await publicClient()('POST', '/api/contact', { name, email: 'lee@example.com', message: 'Hello' });
    expect(sent.status).toBe(200);
    return arrived(SUPPORT, 1, name);
  },
};

const unescapeHtml = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );

/** Every link in a mail: the HTML's hrefs, the plain text's URLs and the List-Unsubscribe header's. */
function linksIn(mail: StoredMail): string[] {
  const html = [...(mail.body.html ?? '').matchAll(/href="([^"]*)"/g)].map((m) => unescapeHtml(m[1]!));
  const text = [...(mail.body.text ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
  const headers = (mail.headers ?? [])
    .filter((h) => h.name.toLowerCase() === 'list-unsubscribe')
    .flatMap((h) => [...h.value.matchAll(/<([^>]+)>/g)].map((m) => m[1]!));
  return [...new Set([...html, ...text, ...headers])];
}

/** Element ids the pages render (`id="…"` in web/src), for links that end in #fragment. */
function renderedIds(dir = join(repoRoot, 'web', 'src')): Set<string> {
  const ids = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) for (const id of renderedIds(path)) ids.add(id);
    else if (entry.name.endsWith('.tsx')) {
      for (const m of readFileSync(path, 'utf8').matchAll(/\bid="([\w-]+)"/g)) ids.add(m[1]!);
    }
  }
  return ids;
}

const site = new URL(baseUrl()).origin;
const anonymous = client(null);
const appShell = readFileSync(join(webDist, 'index.html'), 'utf8');
const pageIds = renderedIds();

async function expectLeadsSomewhere(link: string) {
  const url = new URL(link);
  expect(url.origin, link).toBe(site);
  if (url.pathname.startsWith('/api/')) {
    const res = await anonymous.get(`${url.pathname}${url.search}`);
    expect(res.status, `GET ${link}`).not.toBe(404);
    expect(res.status, `GET ${link}`).toBeLessThan(500);
    return;
  }
  const res = await anonymous.request('GET', `${url.pathname}${url.search}`, { headers: { accept: 'text/html' } });
  expect.soft(res.status, `GET ${link} on the local origin`).toBe(200);
  expect.soft(res.headers.get('content-type'), link).toMatch(/^text\/html/);
  expect.soft(res.body, `${link} serves the app`).toBe(appShell);
  expect.soft(spaRoute(url.pathname), `CloudFront's SPA routing of ${url.pathname}`).toBe('/index.html');
  expect.soft(isAppRoute(url.pathname), `${url.pathname} is a route of web/src/app/routes.tsx`).toBe(true);
  if (url.hash) expect.soft(pageIds, `${link}: a page renders id="${url.hash.slice(1)}"`).toContain(url.hash.slice(1));
}

describe('every link in every email the product sends', () => {
  it('covers every template: each has a way to be sent here', () => {
    expect(Object.keys(SEND).sort()).toEqual([...EMAIL_TEMPLATES].sort());
  });

  it.each(EMAIL_TEMPLATES)('%s: every link opens a page of the app or an API route that exists', async (template) => {
    const mails = await SEND[template]();
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      const links = linksIn(mail);
      // A notification one can turn off carries its unsubscribe page and one-click links: both are followed.
      if ((OPTIONAL_NOTIFICATION_KINDS as readonly string[]).includes(template)) {
        expect(
          links.filter((l) => l.includes('/unsubscribe/')),
          mail.subject,
        ).toHaveLength(2);
      }
      for (const link of links) await expectLeadsSomewhere(link);
    }
  });
});
