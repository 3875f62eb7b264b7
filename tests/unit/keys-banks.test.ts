import { describe, expect, it } from 'vitest';
import { bankAccountItem, toBankAccountRecord } from '../../functions/src/data/banking/items.js';
import { keys } from '../../functions/src/data/keys.js';

/** The bank-link rows of the access-pattern table (functions/src/data/banking/keys.ts, README "Data model"). */
describe('bank link key shapes', () => {
  it('institution: ORG#o / BANKITEM#i, listed by BANKITEM#, and the sparse GSI1 BANKITEMS / ORG#o#BANKITEM#i', () => {
    expect(keys.bankItem('o1', 'i1')).toEqual({ PK: 'ORG#o1', SK: 'BANKITEM#i1' });
    expect(keys.bankItemsPrefix('o1')).toEqual({ PK: 'ORG#o1', SKPrefix: 'BANKITEM#' });
    expect(keys.bankItemIndex('o1', 'i1')).toEqual({ GSI1PK: 'BANKITEMS', GSI1SK: 'ORG#o1#BANKITEM#i1' });
    expect(keys.allBankItems()).toEqual({ GSI1PK: 'BANKITEMS' });
  });

  it('Plaid item pointer: PLAIDITEM#<item_id> / PLAIDITEM; claim: ORG#o / BANKINST#<plaid institution_id>', () => {
    expect(keys.plaidItem('item-9')).toEqual({ PK: 'PLAIDITEM#item-9', SK: 'PLAIDITEM' });
    expect(keys.bankInstitutionClaim('o1', 'ins_109508')).toEqual({ PK: 'ORG#o1', SK: 'BANKINST#ins_109508' });
  });

  it('account: ORG#o / BANKACCT#a, GSI2 ORG#o#PROP#p / BANKACCT#a when it has a default property', () => {
    expect(keys.bankAccount('o1', 'a1')).toEqual({ PK: 'ORG#o1', SK: 'BANKACCT#a1' });
    expect(keys.bankAccountsPrefix('o1')).toEqual({ PK: 'ORG#o1', SKPrefix: 'BANKACCT#' });
    expect(keys.bankAccountByProperty('o1', 'p1', 'a1')).toEqual({ GSI2PK: 'ORG#o1#PROP#p1', GSI2SK: 'BANKACCT#a1' });
    // Shares the property's reference partition, so deleteProperty's Limit-1 query sees it.
    expect(keys.bankAccountByProperty('o1', 'p1', 'a1').GSI2PK).toBe(keys.propertyReferences('o1', 'p1').GSI2PK);
  });

  it('the prefixes of one organization partition do not overlap (BANKITEM#, BANKINST#, BANKACCT#)', () => {
    const prefixes = ['BANKITEM#', 'BANKINST#', 'BANKACCT#'];
    const sks = [keys.bankItem('o', 'x').SK, keys.bankInstitutionClaim('o', 'x').SK, keys.bankAccount('o', 'x').SK];
    for (const [i, prefix] of prefixes.entries()) {
      expect(sks.filter((sk) => sk.startsWith(prefix))).toEqual([sks[i]]);
    }
  });

  it("an account's item keeps `type` for the item kind and the account type as accountType, and reads back", () => {
    const record = {
      id: 'a1',
      organizationId: 'o1',
      userId: 'u1',
      provider: 'plaid' as const,
      accountId: 'plaid-acct',
      institutionId: 'i1',
      type: 'depository',
      subtype: 'checking',
      name: 'Plaid Checking',
      officialName: null,
      mask: '0000',
      currency: 'USD',
      balance: 11_000,
      propertyId: 'p1',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      version: 1,
    };
    const item = bankAccountItem(record);
    expect(item).toMatchObject({ PK: 'ORG#o1', SK: 'BANKACCT#a1', GSI2PK: 'ORG#o1#PROP#p1', type: 'BankAccount' });
    expect(item.accountType).toBe('depository');
    expect(toBankAccountRecord(item)).toEqual(record);
    expect(bankAccountItem({ ...record, propertyId: null })).not.toHaveProperty('GSI2PK');
  });
});
