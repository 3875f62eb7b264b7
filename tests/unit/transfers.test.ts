import {
  auditDiff,
  auditWords,
  automaticPairs,
  bookFigures,
  daysApart,
  isTransferCategory,
  manualPairBlock,
  pairBlock,
  suggestCategory,
  TRANSFER_CATEGORY,
  TRANSFER_WINDOW_DAYS,
  type TransferLine,
  transferCandidates,
  transferWindow,
  withRefusal,
} from '@rent/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

let next = 0;
const line = (over: Partial<TransferLine> = {}): TransferLine => ({
  id: `t${String(++next).padStart(4, '0')}`,
  bankAccountId: 'checking',
  amount: -50_000,
  date: '2026-03-02',
  category: null,
  categorizationSource: null,
  isIgnored: false,
  ...over,
});

describe('the transfer rule', () => {
  it('pairs money out of one account with the same cents into another within the window', () => {
    const out = line({ amount: -50_000, date: '2026-03-02' });
    const into = line({ bankAccountId: 'savings', amount: 50_000, date: '2026-03-04' });
    expect(automaticPairs([out, into])).toEqual([[out, into]]);
    expect(transferCandidates(out, [into])).toEqual([into]);
    expect(manualPairBlock(out, into)).toBeNull();
  });

  it('needs opposite signs and exactly the same cents', () => {
    const out = line({ amount: -50_000 });
    expect(automaticPairs([out, line({ bankAccountId: 'savings', amount: -50_000 })])).toEqual([]);
    expect(automaticPairs([out, line({ bankAccountId: 'savings', amount: 50_001 })])).toEqual([]);
    expect(manualPairBlock(out, line({ bankAccountId: 'savings', amount: 49_999 }))).toMatch(/equal and opposite/);
  });

  it('needs two different accounts, and automation needs both to be bank lines', () => {
    const out = line();
    expect(automaticPairs([out, line({ amount: 50_000 })])).toEqual([]); // same account
    expect(manualPairBlock(out, line({ amount: 50_000 }))).toMatch(/same account/);
    const typed = line({ bankAccountId: null, amount: 50_000 });
    expect(automaticPairs([out, typed])).toEqual([]);
    // A person may pair a hand-entered line with a bank line.
    expect(manualPairBlock(out, typed)).toBeNull();
    expect(transferCandidates(out, [typed])).toEqual([typed]);
  });

  it(`counts the window in whole days: ${TRANSFER_WINDOW_DAYS} apart pairs, one more does not (across months too)`, () => {
    const out = line({ date: '2026-02-26' });
    const edge = line({ bankAccountId: 'savings', amount: 50_000, date: '2026-03-03' });
    expect(daysApart(out.date, edge.date)).toBe(5);
    expect(automaticPairs([out, edge])).toHaveLength(1);
    const late = line({ bankAccountId: 'savings', amount: 50_000, date: '2026-03-04' });
    expect(automaticPairs([out, late])).toEqual([]);
    expect(manualPairBlock(out, late)).toMatch(/at most 5 days apart/);
    expect(transferWindow(['2026-03-02', '2026-03-01'])).toEqual({ from: '2026-02-24', to: '2026-03-07' });
  });

  it('leaves ambiguous lines to a person: two candidates either way pair nothing, both are suggested', () => {
    const out = line({ date: '2026-03-02' });
    const a = line({ bankAccountId: 'savings', amount: 50_000, date: '2026-03-02' });
    const b = line({ bankAccountId: 'reserve', amount: 50_000, date: '2026-03-03' });
    expect(automaticPairs([out, a, b])).toEqual([]);
    expect(transferCandidates(out, [b, a])).toEqual([a, b]); // nearest date first
    // The other way round: one money-in line, two money-out lines.
    const out2 = line({ bankAccountId: 'reserve', date: '2026-03-01' });
    expect(automaticPairs([out, a, out2])).toEqual([]);
  });

  it('pairs each unambiguous pair when several transfers arrive together', () => {
    const out1 = line({ amount: -10_000 });
    const in1 = line({ bankAccountId: 'savings', amount: 10_000 });
    const out2 = line({ amount: -20_000, date: '2026-03-10' });
    const in2 = line({ bankAccountId: 'savings', amount: 20_000, date: '2026-03-11' });
    expect(automaticPairs([in2, out1, out2, in1])).toEqual([
      [out1, in1],
      [out2, in2],
    ]);
  });

  it('leaves alone what is paired, split, ignored, pending, reconciled, $0 or categorised by a person as something else', () => {
    const other = line({ bankAccountId: 'savings', amount: 50_000 });
    const blocked = [
      line({ transferPairId: 'x' }),
      line({ parts: [{}] }),
      line({ isIgnored: true }),
      line({ pending: true }),
      line({ reconciliationId: 'r1' }),
      line({ category: 'repairs', categorizationSource: 'manual' }),
    ];
    for (const b of blocked) {
      expect(pairBlock(b)).not.toBeNull();
      expect(automaticPairs([b, other])).toEqual([]);
    }
    expect(pairBlock(line({ amount: 0 }))).toMatch(/\$0.00/);
    // A rule's or the bank's category, or a person's transfer category, may still pair.
    expect(pairBlock(line({ category: 'repairs', categorizationSource: 'rule' }))).toBeNull();
    expect(pairBlock(line({ category: 'transfer', categorizationSource: 'manual' }))).toBeNull();
  });

  it('never turns rent into a transfer on its own: a lease payment or rent a rule categorized is only suggested', () => {
    const out = line({ bankAccountId: 'savings', amount: -50_000 });
    const rents = [
      line({ amount: 50_000, category: 'rental_income', categorizationSource: 'bank', leaseId: 'lease-1' }),
      line({ amount: 50_000, category: 'rental_income', categorizationSource: 'rule' }),
      line({ amount: 50_000, category: 'section_8_rents', categorizationSource: 'rule' }),
    ];
    for (const rent of rents) {
      expect(automaticPairs([out, rent])).toEqual([]);
      expect(transferCandidates(out, [rent])).toEqual([rent]);
      expect(manualPairBlock(out, rent)).toBeNull();
    }
    // Rent still counts as a candidate: the other line it makes ambiguous is left for a person too.
    const transfer = line({ bankAccountId: 'reserve', amount: 50_000 });
    expect(automaticPairs([out, rents[0]!, transfer])).toEqual([]);
    // Other income a rule named, and rent the bank named without a lease, may still pair.
    const ruleIncome = line({ amount: 50_000, category: 'other_income', categorizationSource: 'rule' });
    expect(automaticPairs([out, ruleIncome])).toEqual([[out, ruleIncome]]);
    const bankRent = line({ amount: 50_000, category: 'rental_income', categorizationSource: 'bank' });
    expect(automaticPairs([out, bankRent])).toHaveLength(1);
  });

  it('never pairs automatically two lines a person unpaired, but still lets the person pair them', () => {
    const out = line();
    const into = line({ bankAccountId: 'savings', amount: 50_000, transferRefusedIds: [out.id] });
    expect(automaticPairs([out, into])).toEqual([]);
    expect(transferCandidates(out, [into])).toEqual([]);
    expect(manualPairBlock(out, into)).toBeNull();
    expect(withRefusal(['a', 'b'], 'a')).toEqual(['b', 'a']);
    expect(
      withRefusal(
        Array.from({ length: 20 }, (_, i) => `r${i}`),
        'new',
      ),
    ).toHaveLength(20);
  });

  it("uses the transfer group's own-account category, which the bank's account-transfer category suggests", () => {
    expect(isTransferCategory(TRANSFER_CATEGORY)).toBe(true);
    expect(
      suggestCategory({ primary: 'TRANSFER_OUT', detailed: 'TRANSFER_OUT_ACCOUNT_TRANSFER' } as never),
    ).toMatchObject({
      category: TRANSFER_CATEGORY,
    });
  });
});

describe('the trail of a pair', () => {
  const before = { name: 'ONLINE TRANSFER TO SAV', category: null, transferPairId: null };
  const after = {
    ...before,
    category: TRANSFER_CATEGORY,
    transferPairId: 't2',
    transferWith: 'FROM CHK in Savings ••2222',
  };
  it('says automation paired it, with the other side and its account', () => {
    const changes = auditDiff(before, after);
    expect(auditWords({ action: 'updated', via: 'transfer_match', changes }, { actor: null })).toBe(
      'Paired as a transfer with FROM CHK in Savings ••2222 and changed the category from Uncategorized to Transfers between accounts',
    );
  });
  it("says a person's pair and unpair", () => {
    expect(
      auditWords({ action: 'updated', via: 'manual', changes: auditDiff(before, after) }, { actor: 'Lena' }),
    ).toMatch(/^Lena paired it as a transfer with FROM CHK in Savings ••2222 and changed the category/);
    const unpaired = { ...after, category: null, transferPairId: null, transferWith: null };
    expect(
      auditWords({ action: 'updated', via: 'manual', changes: auditDiff(after, unpaired) }, { actor: 'Lena' }),
    ).toBe(
      'Lena unpaired it from the transfer with FROM CHK in Savings ••2222 and changed the category from Transfers between accounts to Uncategorized',
    );
  });
});

// ---- property: pairs are symmetric and count nowhere --------------------------------------------------------------

const ACCOUNTS = ['checking', 'savings', 'reserve', null] as const;
const CATEGORIES = [null, 'rental_income', 'repairs', 'utilities', 'mortgage', 'renovations', 'owner_contributions'];
const arbLine = fc.record({
  account: fc.constantFrom(...ACCOUNTS),
  cents: fc.integer({ min: 1, max: 5 }).map((n) => n * 10_000 + (n % 2)), // few amounts: collisions are the point
  out: fc.boolean(),
  day: fc.integer({ min: 1, max: 20 }),
  category: fc.constantFrom(...CATEGORIES),
  manual: fc.boolean(),
  ignored: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});

describe('transfer pairs, for any set of lines', () => {
  it('are symmetric, one pair per line, and leave income and expense figures to the unpaired lines', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 30 }), (drawn) => {
        const lines: TransferLine[] = drawn.map((d, i) => ({
          id: `L${String(i).padStart(3, '0')}`,
          bankAccountId: d.account,
          amount: d.out ? -d.cents : d.cents,
          date: `2026-04-${String(d.day).padStart(2, '0')}`,
          category: d.category,
          categorizationSource: d.category ? (d.manual ? 'manual' : 'rule') : null,
          isIgnored: d.ignored,
        }));
        const pairs = automaticPairs(lines);
        const pairOf = new Map<string, string>();
        for (const [a, b] of pairs) {
          expect(pairOf.has(a.id) || pairOf.has(b.id)).toBe(false); // each line in one pair at most
          pairOf.set(a.id, b.id);
          pairOf.set(b.id, a.id);
          expect(a.bankAccountId).not.toBe(b.bankAccountId);
          expect(a.amount + b.amount).toBe(0);
          expect(daysApart(a.date, b.date)).toBeLessThanOrEqual(TRANSFER_WINDOW_DAYS);
        }
        // Symmetric: the rule run from either side finds the same partner, and pairing in any order is the same.
        expect(automaticPairs([...lines].reverse())).toEqual(pairs);
        for (const [a, b] of pairOf) expect(pairOf.get(b)).toBe(a);
        // After pairing, both sides are transfers; the figures equal those of the unpaired lines alone.
        const after = lines.map((l) =>
          pairOf.has(l.id) ? { ...l, category: TRANSFER_CATEGORY, transferPairId: pairOf.get(l.id)! } : l,
        );
        const nets = (ls: TransferLine[]) =>
          ls.filter((l) => !l.isIgnored).map((l) => [l.category ?? 'uncategorized', l.amount] as const);
        expect(bookFigures(nets(after))).toEqual(bookFigures(nets(after.filter((l) => !pairOf.has(l.id)))));
        // And a paired line is never paired again.
        expect(automaticPairs(after).filter(([a, b]) => pairOf.has(a.id) || pairOf.has(b.id))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
