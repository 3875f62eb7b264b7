import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { INVITATION_TOKEN_PATTERN, InvitationInput, maskEmail, mayInviteRole } from '@rent/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../functions/src/data/keys.js';
import { invitationMail } from '../../functions/src/services/people/invitationEmail.js';

/** Invitations: the policy, masking, input rules, key shapes, the mail and the SES v2 call. */
describe('policy and input', () => {
  it('ADMIN invites any role, LANDLORD any but ADMIN, nobody else anyone', () => {
    expect(mayInviteRole('ADMIN', 'ADMIN')).toBe(true);
    expect(mayInviteRole('LANDLORD', 'ADMIN')).toBe(false);
    expect(mayInviteRole('LANDLORD', 'TENANT')).toBe(true);
    expect(mayInviteRole('PROPERTY_MANAGER', 'TENANT')).toBe(true);
    expect(mayInviteRole('PROPERTY_MANAGER', 'PROPERTY_MANAGER')).toBe(false);
    expect(mayInviteRole('PROPERTY_MANAGER', 'LANDLORD')).toBe(false);
    expect(mayInviteRole('TENANT', 'TENANT')).toBe(false);
  });

  it('masks an email to its first letter and domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('x@y.org')).toBe('x***@y.org');
    expect(maskEmail('@nope')).toBe('***');
  });

  it('lower-cases the email and requires a property for TENANT only', () => {
    expect(InvitationInput.parse({ email: ' Jane@Example.COM ', role: 'LANDLORD' }).email).toBe('jane@example.com');
    expect(InvitationInput.safeParse({ email: 'a@b.co', role: 'TENANT' }).success).toBe(false);
    expect(InvitationInput.safeParse({ email: 'a@b.co', role: 'LANDLORD', propertyId: 'p1' }).success).toBe(false);
  });

  it('a TENANT invitation with a property carries rent above $0, in cents; other roles carry no terms', () => {
    const tenant = { email: 'a@b.co', role: 'TENANT', propertyId: 'p1' };
    expect(InvitationInput.safeParse(tenant).success).toBe(false);
    expect(InvitationInput.safeParse({ ...tenant, monthlyRent: 0 }).success).toBe(false);
    expect(InvitationInput.safeParse({ ...tenant, monthlyRent: '1.234' }).success).toBe(false);
    const parsed = InvitationInput.parse({ ...tenant, monthlyRent: '1850.5', securityDeposit: 100, unitLabel: ' 2B ' });
    expect(parsed).toMatchObject({ monthlyRent: 185_050, securityDeposit: 10_000, unitLabel: '2B' });
    expect(InvitationInput.safeParse({ email: 'a@b.co', role: 'LANDLORD', monthlyRent: 100 }).success).toBe(false);
    expect(InvitationInput.safeParse({ email: 'a@b.co', role: 'LANDLORD', monthlyRent: null }).success).toBe(true);
  });

  it('keys: an invitation lives in its organization; a link is found by its hash alone', () => {
    expect(keys.invitation('o1', 'i1')).toEqual({ PK: 'ORG#o1', SK: 'INVITE#i1' });
    expect(keys.invitationToken('abc')).toEqual({ PK: 'INVITETOKEN#abc', SK: 'INVITETOKEN' });
    expect(keys.invitationEmailLock('o1', 'f00d')).toEqual({ PK: 'ORG#o1', SK: 'INVITEMAIL#f00d' });
    expect(keys.invitationDailyCounter('o1', '2026-11-23')).toEqual({ PK: 'ORG#o1', SK: 'COUNTER#INVITES#2026-11-23' });
    expect(INVITATION_TOKEN_PATTERN.test(Buffer.alloc(32, 7).toString('base64url'))).toBe(true);
  });
});

describe('the invitation mail', () => {
  const mail = invitationMail({
    to: 'new@example.com',
    organizationName: 'Oak <Street> & Co',
    inviterName: 'Lena',
    role: 'PROPERTY_MANAGER',
    link: 'https://rent.example.com/invite/TOKEN',
    expiresAt: '2026-11-30T12:00:00.000Z',
  });

  it('has text and HTML bodies with the link, the role, the product name and tagline; HTML is escaped', () => {
    expect(mail.subject).toBe('Lena invited you to Oak <Street> & Co on Rent.Today');
    expect(mail.text).toContain('https://rent.example.com/invite/TOKEN');
    expect(mail.text).toContain('as Property Manager');
    expect(mail.text).toContain('Rent.Today - Simplify your lease, amplify your peace.');
    expect(mail.html).toContain('href="https://rent.example.com/invite/TOKEN"');
    expect(mail.html).toContain('Oak &lt;Street&gt; &amp; Co');
    expect(mail.html).not.toContain('<Street>');
  });
});

describe('sendEmail (SES v2)', () => {
  const ses = mockClient(SESv2Client);
  afterEach(() => {
    ses.reset();
    vi.unstubAllEnvs();
  });
  afterAll(() => ses.restore());

  it('sends one SendEmail with the sender, configuration set and both bodies', async () => {
    vi.resetModules();
    vi.stubEnv('TABLE_NAME', 'test');
    vi.stubEnv('MAIL_FROM', 'Rent.Today <no-reply@rent.example.com>');
    vi.stubEnv('SES_CONFIGURATION_SET', 'rent-config');
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const { sendEmail } = await import('../../functions/src/lib/email.js');
    expect(
      await sendEmail({ template: 'CONTACT_MESSAGE', to: 'a@b.co', subject: 'S', text: 'T', html: '<p>H</p>' }),
    ).toBe('m-1');
    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input).toEqual({
      FromEmailAddress: 'Rent.Today <no-reply@rent.example.com>',
      Destination: { ToAddresses: ['a@b.co'] },
      ConfigurationSetName: 'rent-config',
      Content: {
        Simple: {
          Subject: { Data: 'S', Charset: 'UTF-8' },
          Body: { Text: { Data: 'T', Charset: 'UTF-8' }, Html: { Data: '<p>H</p>', Charset: 'UTF-8' } },
        },
      },
    });
  });
});
