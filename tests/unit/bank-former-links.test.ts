import type { BankTransaction } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import type { FormerLine } from '../../functions/src/services/banking/formerLinks.js';

process.env.TABLE_NAME = 'test';
process.env.LOG_LEVEL = 'silent';
const { formerLinesAdopted } = await import('../../functions/src/services/banking/formerLinks.js');

/** An arriving posted line of the new link: Plaid id, our new account id, date, cents, name. */
const arriving = (plaidId: string, account: string, date: string, amount: number, name: string): BankTransaction => ({
  externalId: plaidId,
  plaidTransactionId: plaidId,
  pendingTransactionId: null,
  plaidAccountId: `plaid-${account}`,
  bankAccountId: account,
  amount,
  date,
  name,
  merchantKey: name.toLowerCase(),
  pending: false,
  suggestedCategory: null,
  suggestionConfidence: null,
});
const former = (
  id: string,
  account: string,
  date: string,
  amount: number,
  name: string,
  linkId = 'link-a',
): FormerLine => ({
  id,
  linkId,
  bankAccountId: account,
  date,
  amount,
  name,
});

describe('a bank linked again adopts what its former link brought', () => {
  it('pairs lines of the accounts that match, one for one: a same-day twin stays two lines', () => {
    const old = [
      former('t1', 'old-checking', '2026-01-05', -4_250, 'Coffee Shop'),
      former('t2', 'old-checking', '2026-01-06', -4_250, 'Coffee Shop'),
      former('t3', 'old-checking', '2026-01-06', -4_250, 'Coffee Shop'),
      former('t4', 'old-card', '2026-01-07', -9_900, 'Hardware Store'),
    ];
    const adopted = formerLinesAdopted(
      [
        arriving('p1', 'new-checking', '2026-01-05', -4_250, 'COFFEE SHOP'),
        arriving('p2', 'new-checking', '2026-01-06', -4_250, 'Coffee Shop'),
        arriving('p3', 'new-checking', '2026-01-06', -4_250, 'Coffee Shop'),
        arriving('p4', 'new-checking', '2026-01-06', -4_250, 'Coffee Shop'), // a third, genuinely new
        arriving('p5', 'new-card', '2026-01-07', -9_900, 'Hardware Store'),
      ],
      old,
    );
    expect([...adopted].sort()).toEqual([
      ['p1', 't1'],
      ['p2', 't2'],
      ['p3', 't3'],
      ['p5', 't4'],
    ]);
  });

  it('takes nothing from another account, nor for a login whose lines are not in the books', () => {
    const old = [
      former('t1', 'old-checking', '2026-01-05', -4_250, 'Coffee Shop'),
      former('t2', 'old-checking', '2026-01-08', -1_000, 'Parking'),
      former('t3', 'old-checking', '2026-01-09', -2_000, 'Groceries'),
    ];
    // Another login at the same bank: one coffee by chance, the rest its own. Under half: not the same account.
    const otherLogin = [
      arriving('p1', 'new-checking', '2026-01-05', -4_250, 'Coffee Shop'),
      arriving('p2', 'new-checking', '2026-01-06', -7_700, 'Pharmacy'),
      arriving('p3', 'new-checking', '2026-01-07', -1_200, 'Bakery'),
    ];
    expect(formerLinesAdopted(otherLogin, old).size).toBe(0);
    // The same line in an account already matched to another former account is not taken from it.
    const twoAccounts = [
      arriving('p1', 'new-checking', '2026-01-05', -4_250, 'Coffee Shop'),
      arriving('p2', 'new-checking', '2026-01-08', -1_000, 'Parking'),
      arriving('p3', 'new-savings', '2026-01-09', -2_000, 'Groceries'),
      arriving('p4', 'new-savings', '2026-01-08', 50_000, 'Transfer in'),
    ];
    expect([...formerLinesAdopted(twoAccounts, old)].sort()).toEqual([
      ['p1', 't1'],
      ['p2', 't2'],
    ]);
  });

  it("judges an account by its lines within the former lines' dates: older history it brings is new", () => {
    const old = [
      former('t1', 'old-checking', '2026-03-01', -4_250, 'Coffee Shop'),
      former('t2', 'old-checking', '2026-03-02', -1_000, 'Parking'),
    ];
    const longer = [
      ...['01', '02', '03', '04', '05'].map((d, i) =>
        arriving(`early${i}`, 'new-checking', `2026-02-${d}`, -500, 'Older line'),
      ),
      arriving('p1', 'new-checking', '2026-03-01', -4_250, 'Coffee Shop'),
      arriving('p2', 'new-checking', '2026-03-02', -1_000, 'Parking'),
    ];
    expect([...formerLinesAdopted(longer, old)].sort()).toEqual([
      ['p1', 't1'],
      ['p2', 't2'],
    ]);
  });

  it('pairs a line a person renamed by its date and amount, when only one line on each side has them', () => {
    const old = [
      former('t1', 'old-checking', '2026-01-05', -4_250, 'Coffee Shop'),
      former('t2', 'old-checking', '2026-01-06', -12_999, 'Faucet for unit 2'),
      former('t3', 'old-checking', '2026-01-07', -1_000, 'Parking'),
      former('t4', 'old-checking', '2026-01-08', -500, 'Fee A'),
      former('t5', 'old-checking', '2026-01-08', -500, 'Fee B'),
    ];
    const adopted = formerLinesAdopted(
      [
        arriving('p1', 'new-checking', '2026-01-05', -4_250, 'Coffee Shop'),
        arriving('p2', 'new-checking', '2026-01-06', -12_999, 'HOME DEPOT'),
        arriving('p3', 'new-checking', '2026-01-07', -1_000, 'Parking'),
        arriving('p4', 'new-checking', '2026-01-08', -500, 'Monthly fee'),
        arriving('p5', 'new-checking', '2026-01-08', -500, 'Wire fee'),
      ],
      old,
    );
    // Two lines of one day and amount on each side, both renamed: which is which cannot be told, so neither is taken.
    expect([...adopted].sort()).toEqual([
      ['p1', 't1'],
      ['p2', 't2'],
      ['p3', 't3'],
    ]);
  });

  it('needs three shared lines, or every line, to take an account for a former one', () => {
    const old = [
      former('t1', 'old-checking', '2026-01-01', -1_500, 'Monthly fee'),
      former('t2', 'old-checking', '2026-01-09', -2_000, 'Groceries'),
    ];
    // Another login's account: its monthly fee is the same by chance, its other line its own.
    const fee = [
      arriving('p1', 'new-checking', '2026-01-01', -1_500, 'Monthly fee'),
      arriving('p2', 'new-checking', '2026-01-05', -7_700, 'Pharmacy'),
    ];
    expect(formerLinesAdopted(fee, old).size).toBe(0);
    // The same account with only these two lines: every line is in the books.
    const same = [
      arriving('p1', 'new-checking', '2026-01-01', -1_500, 'Monthly fee'),
      arriving('p2', 'new-checking', '2026-01-09', -2_000, 'Groceries'),
    ];
    expect(formerLinesAdopted(same, old).size).toBe(2);
  });

  it('linked a third time, takes the lines of both earlier links for one account', () => {
    const old = [
      ...[1, 2, 3, 4].map((d) => former(`a${d}`, 'a-checking', `2026-01-0${d}`, -100 * d, `Shop ${d}`, 'link-a')),
      ...[5, 6, 7].map((d) => former(`b${d}`, 'b-checking', `2026-01-0${d}`, -100 * d, `Shop ${d}`, 'link-b')),
    ];
    const lines = [1, 2, 3, 4, 5, 6, 7].map((d) =>
      arriving(`p${d}`, 'c-checking', `2026-01-0${d}`, -100 * d, `Shop ${d}`),
    );
    expect(formerLinesAdopted(lines, old).size).toBe(7);
  });
});
