import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  ApplyRuleInput,
  AUDITED_FIELDS,
  type AuditVia,
  BulkTransactionUpdate,
  CreateImportInput,
  inClosedPeriod,
  type LinkableTransaction,
  leaseLink,
  type PlaidTransactionLike,
  RuleInput,
  TransactionInput,
  TransactionUpdate,
} from '@rent/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { propertyInput } from '../support/properties.js';
import { bankSyncModules, checkingAccount } from './bank-sync-helpers.js';
import { expectLedgerConsistent, type OrganizationItems, recomputedRollups, storedRollups } from './ledger-helpers.js';
import { expectIndexConsistent, repositories } from './rules-helpers.js';

/**
 * Property: whatever sequence of writes happens — by hand (create, edit, ignore, delete), bulk edits, rule
 * applies and undos, file imports and their undos, bank syncs (arrivals, pending then posted, modifications,
 * removals, replays), merge suggestions accepted or dismissed, messages, and closing or reopening the books with
 * writes with and without an ADMIN's override — what the one write plan stored equals what follows from the
 * transactions:
 *  - rollups, the capital ledger, lease counters and property counters equal a recomputation, and pending
 *    transactions count in none of them;
 *  - the match index equals the ledger;
 *  - every change bumps the version by exactly one and has exactly one audit entry saying who and how (the
 *    writer's via, ref, actor and override) and what changed; every transaction has its creation entry unless the
 *    bank brought it; a deleted transaction leaves no activity behind;
 *  - review flags belong to messages: ledger writes never touch them;
 *  - without an override no write touches a closed date, and a refused write changes nothing;
 *  - the ledger itself is what the sequence implies: every lease link is the link rule's, every rule batch
 *    finished (applied or undone), and a transaction a standing batch categorized has that batch's category.
 * In-process services against DynamoDB Local, one new organization per sequence; a fixed seed, so every run checks
 * the same sequences.
 */
const { sync, banks, rules } = await bankSyncModules();
const { transactions: ledger, ruleBatches } = await repositories();
const { createProperty } = await import('../../functions/src/data/tenancy/properties.js');
const { newLeaseOps } = await import('../../functions/src/data/tenancy/tenancies.js');
const { transact } = await import('../../functions/src/data/transact.js');
const { organizationItem } = await import('../../functions/src/data/people/items.js');
const { postMessage } = await import('../../functions/src/data/ledger/reviews.js');
const fileImports = await import('../../functions/src/services/banking/fileImports.js');
const { resolveMergeSuggestion } = await import('../../functions/src/services/banking/matches.js');
const { closeBooks } = await import('../../functions/src/services/ledger/closedPeriods.js');

type Item = Record<string, unknown>;

// ---- what the sequences are made of --------------------------------------------------------------------------

const DAYS = 90; // 2026-01-01 .. 2026-03-31
const dateOf = (day: number) => new Date(Date.UTC(2026, 0, 1 + Math.min(day, DAYS - 1))).toISOString().slice(0, 10);
const NAMES = ['THE HOME DEPOT #4', 'Home Depot pro', 'Rossi Plumbing', 'Rent payment', 'City Water'];
const CATEGORIES = [null, 'repairs', 'supplies', 'rental_income', 'hvac_plumbing_electrical'] as const;
const PROPERTIES = ['home', 'other', null] as const;
type PropertyName = (typeof PROPERTIES)[number];

const day = fc.integer({ min: 0, max: DAYS - 1 });
const dollars = fc.integer({ min: -150_000, max: 150_000 }).map((cents) => (cents === 0 ? 1 : cents) / 100);
/** Who acts: the ADMIN, the ADMIN explicitly overriding a closed period, or a LANDLORD. */
type By = 'admin' | 'admin-override' | 'landlord';
const by = fc.constantFrom<By>('admin', 'admin-override', 'landlord');
const pick = fc.nat();
const picks = fc.array(fc.nat(), { minLength: 1, maxLength: 4 });
const fields = fc.record({
  name: fc.constantFrom(...NAMES),
  day,
  amount: dollars,
  category: fc.constantFrom(...CATEGORIES),
  property: fc.constantFrom(...PROPERTIES),
  notes: fc.constantFrom(null, 'a note'),
});

/** What the bank sends in one sync, in terms of the bank's own transactions (the test's model of the bank). */
const arrival = (pending: fc.Arbitrary<boolean>) =>
  fc.record({
    kind: fc.constant('arrive' as const),
    pending,
    name: fc.constantFrom(...NAMES),
    day,
    amount: fc.integer({ min: -300_000, max: 90_000 }).map((cents) => (cents === 0 ? 1 : cents) / 100),
  });
/** A pending charge posts: linked by id or matched, for the same amount or with a tip, its pending one dropped or not. */
const posting = (tip: fc.Arbitrary<boolean>) =>
  fc.record({
    kind: fc.constant('post' as const),
    pick,
    tip,
    linked: fc.boolean(),
    dropPending: fc.boolean(),
    later: fc.integer({ min: 0, max: 3 }),
  });
const bankEvent = fc.oneof(
  { weight: 3, arbitrary: arrival(fc.constantFrom(true, true, false)) },
  { weight: 4, arbitrary: posting(fc.boolean()) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('modify' as const),
      pick,
      amount: dollars,
      name: fc.constantFrom(null, ...NAMES),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick }) },
);

const createOp = (who: fc.Arbitrary<By>) => fc.record({ kind: fc.constant('create' as const), f: fields, by: who });
const importOp = (who: fc.Arbitrary<By>) =>
  fc.record({
    kind: fc.constant('import' as const),
    rows: fc.array(
      fc.record({ name: fc.constantFrom(...NAMES), day, amount: dollars, include: fc.constantFrom(true, true, false) }),
      { minLength: 1, maxLength: 4 },
    ),
    property: fc.constantFrom(...PROPERTIES),
    account: fc.boolean(),
    by: who,
  });
const applyOp = (who: fc.Arbitrary<By>, all: fc.Arbitrary<boolean>) =>
  fc.record({
    kind: fc.constant('apply' as const),
    pattern: fc.constantFrom('home depot', 'rossi', 'rent'),
    category: fc.constantFrom('repairs', 'supplies', 'rental_income', 'hvac_plumbing_electrical'),
    all,
    picks,
    by: who,
  });

const operation = fc.oneof(
  { weight: 3, arbitrary: createOp(by) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('update' as const), pick, f: fields, keepIgnored: fc.boolean(), by }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('ignore' as const), pick, value: fc.boolean(), by }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick, by }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bulk' as const),
      picks,
      set: fc.oneof(
        fc.record({ category: fc.constantFrom(...CATEGORIES) }),
        fc.record({ property: fc.constantFrom(...PROPERTIES) }),
        fc.record({ isIgnored: fc.boolean() }),
      ),
      by,
    }),
  },
  { weight: 2, arbitrary: applyOp(by, fc.boolean()) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), pick, by }) },
  { weight: 2, arbitrary: importOp(by) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undoImport' as const), pick, by }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('bank' as const),
      events: fc.array(bankEvent, { minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('merge' as const), pick, accept: fc.boolean(), by }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('message' as const), pick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      through: fc.constantFrom('2026-01-31', '2026-01-31', '2026-02-28', null),
      by,
    }),
  },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/**
 * Every sequence starts from some history, so that what follows has something to act on: a typed transaction,
 * a file import, a pending and a posted bank charge, the pending one posting with a tip (a merge suggestion),
 * and a rule applied to all that matches (a batch to undo). Its values are as random as the rest.
 */
const history = fc
  .tuple(
    createOp(fc.constant('admin')),
    importOp(fc.constant('admin')),
    fc.tuple(arrival(fc.constant(true)), arrival(fc.constant(false))),
    posting(fc.constant(true)),
    applyOp(fc.constant('admin'), fc.constant(true)),
  )
  .map(([typed, imported, charges, posted, applied]): Operation[] => [
    typed,
    imported,
    { kind: 'bank', events: charges },
    { kind: 'bank', events: [posted] },
    applied,
  ]);
const sequence = fc
  .tuple(history, fc.array(operation, { minLength: 2, maxLength: 8, size: 'max' }))
  .map(([start, rest]) => [...start, ...rest]);

// ---- the organization of one sequence -----------------------------------------------------------------------

/**
 * A new organization (its item, so the books can be closed), two properties, a lease on the first from
 * 2026-01-01 (rent on it is linked: lease counters), the active rule "home depot" -> repairs (arrivals are
 * categorized on the way in), a bank link whose account has the first property as its default, and its (empty)
 * match index.
 */
async function newOrganization() {
  const orgId = `wp-${randomUUID()}`;
  const now = new Date().toISOString();
  await db().send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: organizationItem({ id: orgId, name: 'Write plan', createdAt: now, updatedAt: now, version: 1 }),
    }),
  );
  const home = (await createProperty(orgId, propertyInput('1 Ledger Lane'))).id;
  const other = (await createProperty(orgId, propertyInput('2 Plan Street'))).id;
  const { ops, record: lease } = newLeaseOps(orgId, {
    userId: `tenant-${randomUUID()}`,
    propertyId: home,
    leaseStart: '2026-01-01',
    leaseEnd: null,
    unitLabel: null,
    monthlyRent: 100_000,
    securityDeposit: 0,
    rentDueDay: 1,
    graceDays: 5,
  });
  await transact(ops);
  const admin = `admin-${randomUUID()}`;
  await rules.createRule(
    { orgId, userId: admin },
    RuleInput.parse({ name: 'Home Depot', namePattern: 'home\\s*depot', category: 'repairs' }),
  );
  const institutionId = banks.newBankLinkId();
  const { accounts } = await banks.createBankLink({
    id: institutionId,
    organizationId: orgId,
    itemId: `item-${randomUUID()}`,
    accessToken: { ciphertext: '', iv: '', tag: '', encryptedKey: '' } as never,
    createdById: admin,
    plaidInstitutionId: `ins_${randomUUID().slice(0, 8)}`,
    institutionName: 'Plan Bank',
    accounts: [checkingAccount()],
  });
  const accountId = accounts[0]!.id;
  await banks.setBankAccountProperty(orgId, accountId, home);
  const person = (userId: string, role: 'ADMIN' | 'LANDLORD') => ({
    orgId,
    userId,
    email: `${userId}@example.com`,
    name: null,
    role,
  });
  const people = {
    admin: person(admin, 'ADMIN'),
    'admin-override': { ...person(admin, 'ADMIN'), overridesClosedPeriod: true },
    landlord: person(`landlord-${randomUUID()}`, 'LANDLORD'),
  };
  return { orgId, properties: { home, other }, lease, institutionId, accountId, people };
}

// ---- what each write must carry -----------------------------------------------------------------------------

/** The acting person and how, as every audit entry of a write must record it. */
interface Writer {
  actorId: string | null;
  via: AuditVia;
  ref: string | null;
  override: boolean;
}

interface Entry extends Writer {
  action: 'created' | 'updated';
  changes: { field: string; from: unknown; to: unknown }[];
}

const storedValue = (item: Item | null, field: string) => (item?.[field] === undefined ? null : item[field]);

/** The audited fields that differ between two stored states (a creation lists the non-empty ones). */
function changesOf(before: Item | null, after: Item): Entry['changes'] {
  return AUDITED_FIELDS.flatMap((field) => {
    const from = storedValue(before, field);
    const to = storedValue(after, field);
    if (from === to) return [];
    if (before === null && (to === null || to === false || to === '')) return [];
    return [{ field, from, to }];
  });
}

/** Written by the activity of messages and review requests, never by a ledger write. */
const REVIEW_OWNED = [
  'reviewOpen',
  'reviewResolved',
  'reviewDeclined',
  'messageCount',
  'activityVersion',
  'hasOpenReviewRequests',
  'hasReviewHistory',
  'isReviewed',
];
const without = (item: Item, names: string[]) =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !names.includes(name)));
const only = (item: Item, names: string[]) => Object.fromEntries(names.map((name) => [name, item[name]]));

/** Refusals a write may answer with (anything else fails the test). */
const REFUSALS: Partial<Record<Operation['kind'], string[]>> = {
  create: ['PERIOD_CLOSED'],
  update: ['PERIOD_CLOSED'],
  ignore: ['PERIOD_CLOSED'],
  delete: ['PERIOD_CLOSED', 'BANK_TRANSACTION'],
  bulk: ['PERIOD_CLOSED'],
  import: ['PERIOD_CLOSED'],
  merge: ['PERIOD_CLOSED', 'NO_SUGGESTION', 'MERGE_HAS_DATA'],
  close: ['REOPEN_ADMIN_ONLY'],
};

/** What the sequences exercised, over all runs: each path must have been taken (else the test proves little). */
const covered = new Map<string, number>();
const cover = (what: string, n = 1) => {
  if (n > 0) covered.set(what, (covered.get(what) ?? 0) + n);
};

const transactionsOf = (items: Item[]) =>
  new Map(items.filter((item) => item.type === 'Transaction').map((item) => [item.id as string, item]));
const closedThroughOf = (items: Item[]) =>
  (items.find((item) => item.type === 'Organization')?.booksClosedThrough as string | null | undefined) ?? null;
const activityOf = (orgId: string, id: string) => partition(`ORG#${orgId}#TXACT#${id}`);
const sortedByKey = (items: Item[]) => [...items].sort((a, b) => `${a.SK}`.localeCompare(`${b.SK}`));

// ---- one sequence ---------------------------------------------------------------------------------------------

interface BankTx {
  tx: PlaidTransactionLike;
  day: number;
  removed: boolean;
  posted: boolean;
}

async function run(ops: Operation[]) {
  const org = await newOrganization();
  const { orgId, institutionId } = org;
  const bankWriter: Writer = { actorId: null, via: 'bank_sync', ref: institutionId, override: false };
  const propertyOf = (name: PropertyName) => (name === null ? null : org.properties[name]);
  const callerOf = (who: By) => org.people[who];
  const writerOf = (who: By, via: AuditVia = 'manual', ref: string | null = null): Writer => ({
    actorId: callerOf(who).userId,
    via,
    ref,
    override: who === 'admin-override',
  });

  // The model: every transaction ever seen (in a deterministic order), the audit entries each must have,
  // whether it keeps its own creation (a bank or file arrival), its messages; the bank's transactions, the batches and imports made.
  const seen: string[] = [];
  const expected = new Map<string, Entry[]>();
  const keepsItsCreation = new Map<string, boolean>();
  const messages = new Map<string, number>();
  const gone = new Set<string>();
  const bank: BankTx[] = [];
  const batches: string[] = [];
  const imports: string[] = [];
  let plaidSerial = 0;

  let items = await partition(`ORG#${orgId}`);
  for (const op of ops) {
    const before = transactionsOf(items);
    const live = seen.filter((id) => before.has(id));
    const choose = (n: number) => live[n % live.length]!;

    // What the operation is, in the services' terms; `targets` are the transactions it names, `dates` the dates
    // it writes on (a closed one refuses it, without an override).
    let targets: string[] = [];
    let dates: string[] = [];
    let act: (() => Promise<Writer | null>) | null = null;
    if (op.kind === 'create') {
      const input = TransactionInput.parse({
        name: op.f.name,
        date: dateOf(op.f.day),
        amount: op.f.amount,
        category: op.f.category,
        propertyId: propertyOf(op.f.property),
        notes: op.f.notes,
      });
      dates = [input.date];
      act = async () => {
        await ledger.createTransaction(callerOf(op.by), input);
        return writerOf(op.by);
      };
    } else if (op.kind === 'import') {
      const id = randomUUID();
      const input = CreateImportInput.parse({
        id,
        fileName: 'statement.csv',
        bankAccountId: op.account ? org.accountId : null,
        propertyId: propertyOf(op.property),
        totalRows: op.rows.length,
        rows: op.rows.map((row, i) => ({
          line: i + 2,
          date: dateOf(row.day),
          name: row.name,
          amount: row.amount,
          include: row.include,
        })),
      });
      dates = input.rows.filter((row) => row.include).map((row) => row.date);
      act = async () => {
        await fileImports.createImport(callerOf(op.by), input);
        imports.push(id);
        return writerOf(op.by, 'import', id);
      };
    } else if (op.kind === 'undoImport') {
      if (imports.length > 0) {
        const id = imports[op.pick % imports.length]!;
        act = async () => {
          await fileImports.undoImport(callerOf(op.by), id);
          return writerOf(op.by, 'import', id);
        };
      }
    } else if (op.kind === 'undo') {
      if (batches.length > 0) {
        const id = batches[op.pick % batches.length]!;
        act = async () => {
          await ruleBatches.undoRuleBatch(callerOf(op.by), id);
          return writerOf(op.by, 'rule_undo', id);
        };
      }
    } else if (op.kind === 'bank') {
      const pages = {
        added: [] as PlaidTransactionLike[],
        modified: [] as PlaidTransactionLike[],
        removed: [] as string[],
      };
      for (const event of op.events) {
        const pending = bank.filter((b) => b.tx.pending && !b.removed && !b.posted);
        const present = bank.filter((b) => !b.removed);
        if (event.kind === 'arrive') {
          const tx: PlaidTransactionLike = {
            transaction_id: `p${++plaidSerial}`,
            account_id: 'plaid-checking',
            amount: event.amount,
            date: dateOf(event.day),
            name: event.name,
            merchant_name: null,
            pending: event.pending,
            pending_transaction_id: null,
            personal_finance_category: null,
          };
          bank.push({ tx, day: event.day, removed: false, posted: false });
          pages.added.push(tx);
        } else if (event.kind === 'post' && pending.length > 0) {
          // The pending charge posts: linked by id or not, for the same amount or with a tip.
          const was = pending[event.pick % pending.length]!;
          const postedDay = Math.min(was.day + event.later, DAYS - 1);
          const tx: PlaidTransactionLike = {
            ...was.tx,
            transaction_id: `p${++plaidSerial}`,
            amount: event.tip ? Math.round(was.tx.amount * 120) / 100 : was.tx.amount,
            date: dateOf(postedDay),
            pending: false,
            pending_transaction_id: event.linked ? was.tx.transaction_id : null,
          };
          was.posted = true;
          bank.push({ tx, day: postedDay, removed: false, posted: false });
          pages.added.push(tx);
          if (event.dropPending) {
            was.removed = true;
            pages.removed.push(was.tx.transaction_id);
          }
        } else if (event.kind === 'modify' && present.length > 0) {
          const b = present[event.pick % present.length]!;
          b.tx = { ...b.tx, amount: event.amount, name: event.name ?? b.tx.name };
          pages.modified.push(b.tx);
        } else if (event.kind === 'remove' && present.length > 0) {
          const b = present[event.pick % present.length]!;
          b.removed = true;
          pages.removed.push(b.tx.transaction_id);
        } else if (event.kind === 'replay' && bank.length > 0) {
          pages.added.push(bank[event.pick % bank.length]!.tx);
        }
      }
      act = async () => {
        const counts = await sync.applySyncPages(orgId, { id: institutionId, createdById: 'bank' }, pages);
        for (const [what, n] of Object.entries(counts)) cover(`bank ${what}`, n);
        return bankWriter;
      };
    } else if (op.kind === 'close') {
      act = async () => {
        await closeBooks(callerOf(op.by), op.through);
        return bankWriter; // a reopen replays the bank's held changes
      };
    } else if (op.kind === 'merge') {
      // A suggested pair if there is one; else any transaction (which has no suggestion to resolve).
      const suggested = live.filter((id) => before.get(id)!.suggestedMatchId);
      const among = suggested.length > 0 ? suggested : live;
      if (among.length > 0) {
        const id = among[op.pick % among.length]!;
        const other = before.get(id)!.suggestedMatchId as string | undefined;
        targets = other ? [id, other] : [id];
        dates = [String(before.get(id)!.date)];
        act = async () => {
          await resolveMergeSuggestion(callerOf(op.by), id, op.accept);
          return writerOf(op.by);
        };
      }
    } else if (live.length === 0) {
    } else if (op.kind === 'update') {
      const id = choose(op.pick);
      targets = [id];
      const input = TransactionUpdate.parse({
        name: op.f.name,
        date: dateOf(op.f.day),
        amount: op.f.amount,
        category: op.f.category,
        propertyId: propertyOf(op.f.property),
        notes: op.f.notes,
        ...(!op.keepIgnored && { isIgnored: false }),
        version: before.get(id)!.version,
      });
      dates = [String(before.get(id)!.date), input.date];
      act = async () => {
        await ledger.updateTransaction(callerOf(op.by), id, input);
        return writerOf(op.by);
      };
    } else if (op.kind === 'ignore') {
      const id = choose(op.pick);
      targets = [id];
      dates = [String(before.get(id)!.date)];
      act = async () => {
        await ledger.setTransactionIgnored(callerOf(op.by), id, op.value);
        return writerOf(op.by);
      };
    } else if (op.kind === 'delete') {
      const id = choose(op.pick);
      targets = [id];
      dates = [String(before.get(id)!.date)];
      act = async () => {
        await ledger.deleteTransaction(callerOf(op.by), id);
        return writerOf(op.by);
      };
    } else if (op.kind === 'bulk') {
      targets = [...new Set(op.picks.map(choose))];
      dates = targets.map((id) => String(before.get(id)!.date));
      const set =
        'property' in op.set ? { propertyId: propertyOf(op.set.property) } : (op.set as Record<string, unknown>);
      const { ids, set: parsed } = BulkTransactionUpdate.parse({ ids: targets, set });
      act = async () => {
        await ledger.bulkUpdateTransactions(callerOf(op.by), ids, parsed);
        return writerOf(op.by, 'bulk');
      };
    } else if (op.kind === 'apply') {
      targets = op.all ? [] : [...new Set(op.picks.map(choose))];
      const input = ApplyRuleInput.parse({
        rule: { namePattern: op.pattern, category: op.category },
        ...(op.all ? { allMatching: true } : { transactions: targets.map((id) => ({ id })) }),
      });
      act = async () => {
        const result = await ruleBatches.applyRule(callerOf(op.by), input);
        if (result.batchId) batches.push(result.batchId);
        return writerOf(op.by, 'rule_apply', result.batchId);
      };
    } else if (op.kind === 'message') {
      const id = choose(op.pick);
      targets = [id];
      act = async () => {
        await postMessage(orgId, id, {
          authorId: org.people.landlord.userId,
          body: 'Is this right?',
          reviewRequestId: null,
        });
        messages.set(id, (messages.get(id) ?? 0) + 1);
        return null;
      };
    }
    if (!act) continue;

    const activityBefore = new Map(
      await Promise.all(targets.map(async (id) => [id, await activityOf(orgId, id)] as const)),
    );
    let writer: Writer | null = null;
    let refused: string | null = null;
    try {
      writer = await act();
      cover(op.kind);
    } catch (error) {
      const code = (error as { code?: string }).code ?? String(error);
      if (!REFUSALS[op.kind]?.includes(code)) throw error;
      refused = code;
      cover(`refused ${code}`);
    }
    const after = await partition(`ORG#${orgId}`);
    const now = transactionsOf(after);

    if (refused) {
      // A refused write wrote nothing: neither the organization's items nor the named transactions' activity.
      if (refused === 'PERIOD_CLOSED') {
        expect('overridesClosedPeriod' in callerOf((op as { by: By }).by), 'an override is never refused').toBe(false);
        expect(
          dates.some((date) => inClosedPeriod(date, closedThroughOf(items))),
          `${op.kind} refused for the closed period, but writes on ${dates.join(', ')}`,
        ).toBe(true);
      }
      expect(sortedByKey(after), `${op.kind} refused (${refused}) but wrote`).toEqual(sortedByKey(items));
      for (const id of targets) expect(await activityOf(orgId, id)).toEqual(activityBefore.get(id));
      items = after;
      continue;
    }

    // Each transaction: created, deleted, changed once (version + 1, one entry), or untouched.
    const closedThrough = writer?.override ? null : closedThroughOf(after);
    const closed = (date: unknown) => inClosedPeriod(String(date), closedThrough);
    const fresh = [...now.keys()].filter((id) => !before.has(id));
    const key = (id: string) => String(now.get(id)!.plaidTransactionId ?? id);
    for (const id of fresh.sort((a, b) => key(a).localeCompare(key(b)))) {
      const t = now.get(id)!;
      expect(writer, `${op.kind} created ${id}`).not.toBeNull();
      if (!seen.includes(id)) seen.push(id);
      gone.delete(id);
      const bankBrought = writer!.via === 'bank_sync';
      // An arrival from the bank or a file is kept by the transaction itself: no creation entry item.
      const arrival = bankBrought || writer!.via === 'import';
      keepsItsCreation.set(id, arrival);
      messages.set(id, 0);
      expected.set(id, arrival ? [] : [{ action: 'created', ...writer!, changes: changesOf(null, t) }]);
      // A closed date takes no new transaction, but the bank's, which arrives ignored.
      if (closed(t.date))
        expect(bankBrought && t.isIgnored === true, `${op.kind} created into closed books`).toBe(true);
      if (writer!.override && closedThroughOf(after) && inClosedPeriod(String(t.date), closedThroughOf(after))) {
        cover('override creation');
      }
    }
    for (const [id, t] of before) {
      const next = now.get(id);
      if (!next) {
        expect(writer, `${op.kind} deleted ${id}`).not.toBeNull();
        expect(closed(t.date), `${op.kind} deleted a transaction of closed books`).toBe(false);
        if (op.kind !== 'delete') {
          // Only a person deletes what people attached something to; the others delete the untouched.
          expect(Number(t.messageCount ?? 0), `${op.kind} deleted a transaction with messages`).toBe(0);
        }
        if (op.kind === 'undoImport') {
          // Unchanged since the import, but for the automatic transfer pairing that followed it.
          const pairedOnArrival = t.version === 2 && t.categorizationSource === 'bank' && !!t.transferPairId;
          expect(t.version === 1 || pairedOnArrival, 'an import undo deleted a changed transaction').toBe(true);
        }
        expected.delete(id);
        messages.delete(id);
        gone.add(id);
        cover(`deleted by ${op.kind}`);
        continue;
      }
      const bumped = Number(next.version) - Number(t.version);
      if (bumped === 0) {
        if (op.kind === 'message' && id === targets[0]) {
          expect(without(next, REVIEW_OWNED)).toEqual(without(t, REVIEW_OWNED));
        } else {
          expect(next, `${op.kind} changed ${id} without a new version`).toEqual(t);
        }
        continue;
      }
      expect(bumped, `${op.kind} changed ${id} more than once`).toBe(1);
      expect(writer, `${op.kind} changed ${id}`).not.toBeNull();
      expect(only(next, REVIEW_OWNED), `${op.kind} wrote review flags`).toEqual(only(t, REVIEW_OWNED));
      // A pending line counts in no total: the bank posts it by the date it posts with, into the open period or,
      // ignored, into the closed one.
      const pendingPosted = op.kind === 'bank' && t.pending === true && (!closed(next.date) || next.isIgnored === true);
      expect(
        (closed(t.date) || closed(next.date)) && !pendingPosted,
        `${op.kind} changed a transaction of closed books`,
      ).toBe(false);
      expected.get(id)!.push({ action: 'updated', ...writer!, changes: changesOf(t, next) });
      if (writer!.override) cover('override change');
    }
    items = after;
  }

  // ---- after the sequence: everything the write plan keeps equals what follows from the transactions -------
  // `items` is the organization as the last write left it.
  await expectLedgerConsistent(orgId, items);
  await expectPendingCountsNowhere(orgId, items);
  await expectIndexConsistent(orgId, items);

  const transactions = transactionsOf(items);

  // What the sequence implies of the ledger itself. Every lease link is the one the link rule decides from the
  // organization's one lease (a person's fitting choice included): no write path left a link the rule would not.
  const leaseById = (id: string) => (id === org.lease.id ? org.lease : undefined);
  for (const t of transactions.values()) {
    expect(
      leaseLink(t as unknown as LinkableTransaction, [org.lease], leaseById),
      `lease link of ${t.id} after ${ops.map((o) => o.kind).join(', ')}`,
    ).toEqual({
      leaseId: t.leaseId ?? null,
      leaseLinkSource: t.leaseLinkSource ?? null,
      leaseLinkReason: t.leaseLinkReason ?? null,
    });
  }
  // Every rule batch finished (none left applying or undoing), and a transaction still carrying a batch has that
  // batch's category (a person's change since makes it theirs, and clears the batch).
  const batchItems = new Map(items.filter((i) => i.type === 'RuleBatch').map((b) => [b.id as string, b]));
  for (const batch of batchItems.values()) expect(['applied', 'undone'], `batch ${batch.id}`).toContain(batch.status);
  const byBatch = [...transactions.values()].filter(
    (t) => t.categorizationSource === 'rule' && t.categorizationBatchId,
  );
  cover('categorized by a standing batch', byBatch.length);
  for (const t of byBatch) {
    const batch = batchItems.get(t.categorizationBatchId as string);
    expect(batch, `the batch ${t.id} names`).toBeDefined();
    expect(t.category, `${t.id} categorized by its batch`).toBe((batch!.criteria as { category: string }).category);
  }
  // A pending bank transaction is matched against by its pending item, until it posts or the bank removes it.
  const pendingItems = items.filter((item) => item.type === 'BankPending').map((item) => item.transactionId);
  const open = [...transactions.values()].filter((t) => t.pending === true && t.removedByBank !== true);
  expect(pendingItems.sort()).toEqual(open.map((t) => t.id).sort());

  for (const id of seen) {
    const t = transactions.get(id);
    const activity = await activityOf(orgId, id);
    if (!t) {
      expect(gone.has(id)).toBe(true);
      expect(activity, `activity left behind by deleted ${id}`).toEqual([]);
      continue;
    }
    const entries = activity.filter((item) => String(item.SK).startsWith('AUD#'));
    const normalize = (e: Item) =>
      JSON.stringify({
        action: e.action,
        via: e.via,
        ref: e.ref,
        actorId: e.actorId,
        override: e.override === true,
        changes: e.changes,
      });
    expect(entries.map(normalize).sort(), `audit entries of ${id}`).toEqual(
      expected
        .get(id)!
        .map((e) => normalize(e as unknown as Item))
        .sort(),
    );
    // The exact invariant behind it: one creation entry unless the bank brought it, one per change since.
    const created = entries.filter((e) => e.action === 'created');
    expect(created).toHaveLength(keepsItsCreation.get(id) ? 0 : 1);
    if (created[0]) expect(created[0].at).toBe(t.createdAt);
    expect(entries.filter((e) => e.action === 'updated')).toHaveLength(Number(t.version) - 1);
    for (const e of entries) expect(e.type).toBe('AuditEntry');
    // Review flags are the messages' alone.
    const n = messages.get(id) ?? 0;
    expect(Number(t.messageCount ?? 0)).toBe(n);
    expect(t.hasReviewHistory === true).toBe(n > 0);
    expect(t.hasOpenReviewRequests === true).toBe(false);
    expect(t.isReviewed === true).toBe(false);
    cover('audited transaction');
    if (keepsItsCreation.get(id) && Number(t.version) > 1) cover('arrival changed');
  }
}

/** Rollups recomputed from the posted transactions only: a pending one counts nowhere until it posts. */
async function expectPendingCountsNowhere(orgId: string, items: OrganizationItems) {
  const withoutPending = items.filter((item) => !(item.type === 'Transaction' && item.pending === true));
  expect(await storedRollups(orgId, items)).toEqual(await recomputedRollups(orgId, withoutPending));
  if (items.some((item) => item.type === 'Transaction' && item.pending === true)) cover('pending in the ledger');
}

describe('the ledger write plan', () => {
  it('keeps rollups, the match index, audit entries and flags equal to the transactions, whatever writes in whatever order', async () => {
    await fc.assert(
      fc.asyncProperty(sequence, async (ops) => {
        await run(ops);
      }),
      { numRuns: 25, seed: 20_260_131 },
    );
    // Every write path was taken by some sequence, including the closed period's refusals and overrides.
    const paths = [
      'create',
      'update',
      'ignore',
      'delete',
      'bulk',
      'apply',
      'undo',
      'import',
      'undoImport',
      'bank',
      'merge',
      'message',
      'close',
      'refused PERIOD_CLOSED',
      'override creation',
      'override change',
      'deleted by undoImport',
      'deleted by bank',
      'bank added',
      'bank merged',
      'bank suggested',
      'bank modified',
      'bank removed',
      'arrival changed',
      'pending in the ledger',
      'categorized by a standing batch',
    ];
    const taken = JSON.stringify(Object.fromEntries(covered));
    expect(
      paths.filter((path) => !covered.has(path)),
      `paths never taken (taken: ${taken})`,
    ).toEqual([]);
  }, 240_000);
});
