import { describe, expect, it } from 'vitest';

/**
 * Every email the product sends, rendered with sample data: amounts read as money (a sign, a dollar sign, grouping
 * and cents), never as bare decimals, and each subject names the thing the email is about. The list of templates is
 * the server's own (lib/email.ts EMAIL_TEMPLATES): a template added there without a sample here fails this test.
 */
process.env.TABLE_NAME = 'test';
process.env.LOG_LEVEL = 'silent';
process.env.SITE_URL = 'https://rent.example';
process.env.CURSOR_SECRET = 'unit-test-cursor-secret-0123456789abcdef';
const { EMAIL_TEMPLATES } = await import('../../functions/src/lib/email.js');
const { noticeMail } = await import('../../functions/src/services/people/notifications.js');
const { reviewAskedText, reviewClosedText } = await import('../../functions/src/services/ledger/reviewEmail.js');
const { commentText, newRequestText, statusChangedText } = await import(
  '../../functions/src/services/maintenance/notices.js'
);
const { bankConnectionText } = await import('../../functions/src/services/banking/bankNotices.js');
const { invitationMail } = await import('../../functions/src/services/people/invitationEmail.js');
const { rentLateText, rentReminderText } = await import('../../functions/src/services/tenancy/rentNotices.js');
const { confirmationMail, contactMail } = await import('../../functions/src/services/people/publicForms.js');

type Template = (typeof EMAIL_TEMPLATES)[number];
interface Rendered {
  subject: string;
  text: string;
  html: string;
}
interface Sample {
  mail: Rendered;
  /** What the subject must name. */
  names: string;
  /** Money the body must show, formatted as the product shows it. */
  money?: string[];
}

const site = 'https://rent.example';
const asNotice = (notice: Parameters<typeof noticeMail>[1]) =>
  noticeMail('pat@example.com', notice, site, 'dXNlcg.REVIEW_REQUESTED.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
const lena = { id: 'u-1', name: 'Lena Landlord', email: 'lena@example.com' };
const pat = { id: 'u-2', name: 'Pat Manager', email: 'pat@example.com' };
const charge = { id: 't-1', name: 'Home Depot', date: '2026-03-04', amount: -118_000 };
const rent = { id: 't-2', name: 'Rent March', date: '2026-03-01', amount: 185_050 };
const request = { id: 'm-1', title: 'Leaking kitchen tap', status: 'IN_PROGRESS' as const };
// Built apart from the call: the invitation's input may carry lease terms (a tenant's), and a sample that has them
// exercises their amounts; without them in the type this is still a valid call.
const tenantInvitation = {
  to: 'tara@example.com',
  organizationName: 'Lena Landlord LLC',
  inviterName: 'Lena Landlord',
  role: 'TENANT' as const,
  link: `${site}/invite/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG`,
  expiresAt: '2026-12-05T10:30:00.000Z',
  lease: {
    address: '12 Elm Street',
    unitLabel: 'Unit 2',
    leaseStart: '2026-04-01',
    leaseEnd: '2027-03-31',
    monthlyRent: 185_050,
    securityDeposit: 370_000,
  },
};

const managerInvitation = { ...tenantInvitation, role: 'PROPERTY_MANAGER' as const, lease: null };

const samples: Record<Template, Sample[]> = {
  INVITATION: [
    {
      mail: invitationMail(managerInvitation),
      names: 'Lena Landlord LLC',
    },
    { mail: invitationMail(tenantInvitation), names: 'Lena Landlord LLC' },
  ],
  REVIEW_REQUESTED: [
    {
      mail: asNotice(reviewAskedText(charge, lena, 'Repairs or supplies?')),
      names: 'Home Depot',
      money: ['-$1,180.00'],
    },
    { mail: asNotice(reviewAskedText(rent, lena, 'Which lease?')), names: 'Rent March', money: ['$1,850.50'] },
  ],
  REVIEW_CLOSED: [
    { mail: asNotice(reviewClosedText(charge, 'RESOLVED', pat)), names: 'Home Depot', money: ['-$1,180.00'] },
    { mail: asNotice(reviewClosedText(rent, 'REJECTED', pat)), names: 'Rent March', money: ['$1,850.50'] },
  ],
  MAINTENANCE_UPDATED: [
    { mail: asNotice(newRequestText(pat, request)), names: request.title },
    { mail: asNotice(commentText(pat, request)), names: request.title },
    { mail: asNotice(statusChangedText(pat, request)), names: request.title },
  ],
  BANK_CONNECTION: [
    { mail: asNotice(bankConnectionText('First Federal', 'needs_reconnect', null)), names: 'First Federal' },
    {
      mail: asNotice(bankConnectionText('First Federal', 'pending_disconnect', '2026-12-01T00:00:00Z')),
      names: 'First Federal',
    },
  ],
  RENT_REMINDER: [
    {
      mail: asNotice(rentReminderText('12 Elm Street, Unit 2', { dueDate: '2026-04-01', open: 185_050 })),
      names: '12 Elm Street, Unit 2',
      money: ['$1,850.50'],
    },
    {
      mail: asNotice(rentLateText('12 Elm Street, Unit 2', { dueDate: '2026-04-01', open: 55_000 }, 7_500)),
      names: '12 Elm Street, Unit 2',
      money: ['$550.00', '$75.00'],
    },
  ],
  NEWS_CONFIRMATION: [
    {
      mail: confirmationMail('nina@example.com', `${site}/subscribe/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG`),
      names: 'product news subscription',
    },
  ],
  CONTACT_MESSAGE: [
    {
      mail: contactMail({ name: 'Casey Public', email: 'casey@example.com', message: 'Hello' }, 'c-1', 'help@x.test'),
      names: 'Casey Public',
    },
  ],
};

const cases = Object.entries(samples).flatMap(([template, list]) =>
  list.map((sample, i) => [`${template} #${i + 1}`, sample] as const),
);

/** Every figure with two decimals in the text, and those of them written without a dollar sign. */
const DECIMAL = /-?\$?\d[\d,]*\.\d{2}(?!\d)/g;
const bareDecimals = (text: string) => (text.match(DECIMAL) ?? []).filter((figure) => !figure.includes('$'));

describe('every email template', () => {
  it('has a sample here for each template the server sends', () => {
    expect(Object.keys(samples).sort()).toEqual([...EMAIL_TEMPLATES].sort());
  });

  it('finds bare decimals (the check itself works)', () => {
    expect(bareDecimals('asked you to review "Home Depot" (2026-03-04, -1180.00).')).toEqual(['-1180.00']);
    expect(bareDecimals('(2026-03-04, -$1,180.00) 10.5 2026-03-04')).toEqual([]);
  });

  it.each(cases)('%s: amounts as money, and a subject that names the thing', (_, { mail, names, money }) => {
    for (const part of [mail.subject, mail.text, mail.html]) expect(bareDecimals(part)).toEqual([]);
    expect(mail.subject).toContain(names);
    for (const figure of money ?? []) {
      expect(mail.text).toContain(figure);
      expect(mail.html).toContain(figure);
    }
  });
});
