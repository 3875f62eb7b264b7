import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { NOTIFICATIONS, notificationPreferences, notificationsShownTo } from '@rent/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** notify(): who is skipped, and a failed send logged without the address and never thrown. */
process.env.TABLE_NAME = 'test';
process.env.LOG_LEVEL = 'warn';
process.env.SITE_URL = 'https://rent.example';
process.env.CURSOR_SECRET = 'unit-test-cursor-secret-0123456789abcdef';
const { notify, noticeMail } = await import('../../functions/src/services/people/notifications.js');

// The repositories' client (data/client.ts): its reads do not go through the SDK document client's send.
const { DocumentClient } = await import('../../functions/src/data/client.js');
const ddb = mockClient(DocumentClient);
const ses = mockClient(SESv2Client);
const notice = () => ({
  subject: 'Subject',
  heading: 'Heading <b>',
  lines: ['A line & more'],
  path: '/maintenance?request=r-1',
  linkLabel: 'Open the request',
});

function profile(notificationsOff?: string[]) {
  ddb.on(GetCommand).resolves({ Item: { id: 'u-2', email: 'pat@example.com', name: 'Pat', notificationsOff } });
}

beforeEach(() => {
  ddb.reset();
  ses.reset();
});
afterAll(() => {
  ddb.restore();
  ses.restore();
});

describe('notify', () => {
  it('sends to the recipient when the kind is on', async () => {
    profile();
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    expect(await notify('MAINTENANCE_UPDATED', 'u-2', 'u-1', notice)).toBe(true);
    const sent = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(sent.Destination?.ToAddresses).toEqual(['pat@example.com']);
    expect(sent.Content?.Simple?.Body?.Text?.Data).toContain('https://rent.example/maintenance?request=r-1');
  });

  it('skips the actor and a kind turned off, without reading or sending more than needed', async () => {
    expect(await notify('MAINTENANCE_UPDATED', 'u-1', 'u-1', notice)).toBe(false);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
    profile(['MAINTENANCE_UPDATED']);
    expect(await notify('MAINTENANCE_UPDATED', 'u-2', 'u-1', notice)).toBe(false);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('logs a failed send with the kind and the error name only, and does not throw', async () => {
    profile();
    const failure = Object.assign(new Error('Email address is not verified: pat@example.com'), {
      name: 'MessageRejected',
    });
    ses.on(SendEmailCommand).rejects(failure);
    const writes: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      expect(await notify('REVIEW_CLOSED', 'u-2', 'u-1', notice)).toBe(false);
    } finally {
      spy.mockRestore();
    }
    expect(writes).toHaveLength(1);
    expect(JSON.parse(writes[0]!)).toMatchObject({
      level: 'warn',
      msg: 'notification email not sent',
      kind: 'REVIEW_CLOSED',
      error: 'MessageRejected',
    });
    expect(writes[0]).not.toContain('pat@example.com');
  });
});

describe('the kinds a person is shown', () => {
  it('someone who is staff somewhere sees every kind; a tenant everywhere only theirs, in their words', () => {
    expect(notificationsShownTo(true).map((n) => n.kind)).toEqual(NOTIFICATIONS.map((n) => n.kind));
    const tenant = notificationsShownTo(false);
    expect(tenant.map((n) => n.kind)).toEqual(['INVITATION', 'MAINTENANCE_UPDATED', 'RENT_REMINDER']);
    expect(tenant[1]!.description).not.toMatch(/staff/);
  });
});

describe('noticeMail and preferences', () => {
  it('escapes the HTML, links the item and the settings, and carries the tagline', () => {
    const mail = noticeMail('pat@example.com', notice(), 'https://rent.example');
    expect(mail.html).toContain('Heading &lt;b&gt;');
    expect(mail.html).toContain('A line &amp; more');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('https://rent.example/settings/notifications');
      expect(body).toContain('Simplify your lease, amplify your peace.');
    }
  });

  it('defaults every kind on; only optional kinds turn off', () => {
    expect(Object.values(notificationPreferences([])).every(Boolean)).toBe(true);
    const off = notificationPreferences(['INVITATION', 'REVIEW_REQUESTED', 'UNKNOWN']);
    expect(off.INVITATION).toBe(true);
    expect(off.REVIEW_REQUESTED).toBe(false);
    expect(Object.keys(off)).toEqual(NOTIFICATIONS.map((n) => n.kind));
  });
});
