import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys.js';

process.env.TABLE_NAME ??= 'rent-today';
process.env.DYNAMODB_ENDPOINT ??= 'http://127.0.0.1:1';
const { mentions, withoutPerson } = await import('../../functions/src/data/people/erasure.js');

/** Account deletion's erasure (docs/people.md "Account deletion"): its keys and how a text loses the person. */
const who = { userId: 'u1', email: 'sam@example.com', names: ['Sam Lee', 'Samuel Lee'] };
const D = 'A deleted account';

describe('keys of account deletion', () => {
  it('a former member is ORG#o / FORMER#u with GSI1 USER#u / FORMERORG#o; the progress is USER#u / ERASURE', () => {
    expect({ ...keys.formerMember('o1', 'u1'), ...keys.formerMemberByUser('u1', 'o1') }).toEqual({
      PK: 'ORG#o1',
      SK: 'FORMER#u1',
      GSI1PK: 'USER#u1',
      GSI1SK: 'FORMERORG#o1',
    });
    expect(keys.formerMembersPrefix('o1')).toEqual({ PK: 'ORG#o1', SKPrefix: 'FORMER#' });
    expect(keys.formerOrganizationsOfUserPrefix('u1')).toEqual({ GSI1PK: 'USER#u1', GSI1SKPrefix: 'FORMERORG#' });
    expect(keys.accountErasure('u1')).toEqual({ PK: 'USER#u1', SK: 'ERASURE' });
  });

  it('the prefixes it reads find only their own items', () => {
    expect(keys.formerMember('o1', 'u1').SK.startsWith(keys.membersPrefix('o1').SKPrefix)).toBe(false);
    expect(keys.membership('o1', 'u1').SK.startsWith(keys.formerMembersPrefix('o1').SKPrefix)).toBe(false);
    expect('IMPORTREC#i#00000001'.startsWith(keys.fileImportsPrefix('o1').SKPrefix)).toBe(false);
    expect(keys.fileImport('o1', 'i').SK.startsWith(keys.fileImportsPrefix('o1').SKPrefix)).toBe(true);
    expect(keys.maintenance('o1', 'm').SK.startsWith(keys.allMaintenanceEvents('o1').SKPrefix)).toBe(false);
    expect(keys.maintenanceEvent('o1', 'm', 't', 'e').SK.startsWith(keys.allMaintenanceEvents('o1').SKPrefix)).toBe(
      true,
    );
    expect(keys.formerOrganizationsOfUserPrefix('u1').GSI1SKPrefix).not.toBe(
      keys.membershipsOfUserPrefix('u1').GSI1SKPrefix,
    );
  });
});

describe('a text without the person', () => {
  it('replaces them in every sentence the membership activity and the security log write', () => {
    const cases: [string, string][] = [
      ['Sam Lee (sam@example.com): Landlord to Admin.', `${D}: Landlord to Admin.`],
      ['Removed Sam Lee (sam@example.com) (Tenant).', `Removed ${D} (Tenant).`],
      // A name they no longer have, before the email.
      ['Sammy (sam@example.com): Tenant to Landlord.', `${D}: Tenant to Landlord.`],
      ['Removed Sammy (sam@example.com) (Tenant).', `Removed ${D} (Tenant).`],
      ['Invited sam@example.com as Landlord.', `Invited ${D} as Landlord.`],
      ['Sent a new link to SAM@example.com as Tenant.', `Sent a new link to ${D} as Tenant.`],
      ['Revoked the invitation of sam@example.com (Tenant).', `Revoked the invitation of ${D} (Tenant).`],
      ['Joined as Tenant (invited by Samuel Lee).', `Joined as Tenant (invited by ${D}).`],
      ['Joined Acme as Tenant (invited by sam@example.com).', `Joined Acme as Tenant (invited by ${D}).`],
      [
        'Role in Acme changed from Tenant to Landlord by sam@example.com.',
        `Role in Acme changed from Tenant to Landlord by ${D}.`,
      ],
      ['Removed from Acme (was Tenant) by sam@example.com.', `Removed from Acme (was Tenant) by ${D}.`],
    ];
    for (const [text, expected] of cases) expect(withoutPerson(text, who), text).toBe(expected);
  });

  it('leaves everyone else alone, and a text already erased as it is', () => {
    for (const text of [
      'Pat Lee (pat@example.com): Landlord to Admin.',
      'Removed Pat (pat@example.com) (Tenant).',
      'Joined as Tenant (invited by Pat Lee).',
      'Invited samantha@example.org as Tenant.',
      'Invited pisam@example.com as Tenant.',
      'Invited sam@example.com.au as Tenant.',
      `${D}: Landlord to Admin.`,
    ]) {
      expect(withoutPerson(text, who)).toBe(text);
    }
    expect(mentions('Sam Lee (SAM@example.com)', who)).toBe(true);
    expect(mentions('Pat (pat@example.com)', who)).toBe(false);
  });
});
