import {
  accountLabel,
  automaticPairs,
  automationMayPair,
  fromCents,
  inClosedPeriod,
  manualPairBlock,
  PERIOD_CLOSED_CODE,
  pairBlock,
  TRANSFER_CATEGORY,
  type TransferInfo,
  type TransferSide,
  transferCandidates,
  transferSideLabel,
  transferWindow,
  withRefusal,
} from '@rent/shared';
import { listBankAccounts } from '../../data/banking/banks.js';
import type { TransactionRecord } from '../../data/ledger/items.js';
import { type LedgerChange, writeLedger } from '../../data/ledger/plan.js';
import { getTransaction, readTransactions } from '../../data/ledger/read.js';
import { type TransferFacts, transferLinesDated } from '../../data/ledger/transfers.js';
import { Conflict, Invalid, NotFound } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import { type LedgerActor, type LedgerCaller, personActor } from './actors.js';
import { assertPeriodOpen, closedThroughFor } from './periods.js';

/**
 * Transfers between the organization's own accounts (docs/ledger.md "Transfers"). The rule is pure and shared
 * (shared/src/core/transfers.ts); this service reads the lines around an arrival, pairs what the rule says is
 * unambiguous, and answers a person's pair, unpair and suggestions. Every pair and unpair writes BOTH sides in ONE
 * atomic write of the ledger's write plan, so a pair is never half-written, with an audit entry on each.
 */

/** Automation's pairs: nobody's, recorded as "Paired as a transfer with …". */
const TRANSFER_MATCH: LedgerActor = { actorId: null, via: 'transfer_match', ref: null, override: false };

async function accountNames(orgId: string): Promise<Map<string, string>> {
  const accounts = await listBankAccounts(orgId);
  return new Map(accounts.map((account) => [account.id, accountLabel(account.name, account.mask)]));
}

const labelOf = (t: Pick<TransactionRecord, 'name' | 'bankAccountId'>, names: Map<string, string>) =>
  transferSideLabel(t.name, t.bankAccountId ? (names.get(t.bankAccountId) ?? 'another account') : null);

/** A side of a new pair: the own-account transfer category, the other side's id and name. */
function pairedSide(
  record: TransactionRecord,
  other: TransactionRecord,
  names: Map<string, string>,
  byHand: boolean,
  now: string,
): TransactionRecord {
  return {
    ...record,
    category: TRANSFER_CATEGORY,
    // A person's pair is theirs; automation's is the bank's evidence (rules never overwrite either: a paired line is
    // left out of rule applies).
    categorizationSource: byHand ? 'manual' : 'bank',
    categorizationConfidence: null,
    categorizedAt: now,
    categorizedByRuleId: null,
    categorizationBatchId: null,
    leaseId: null,
    leaseLinkSource: null,
    leaseLinkReason: null,
    transferPairId: other.id,
    transferWith: labelOf(other, names),
    updatedAt: now,
    version: record.version + 1,
  };
}

/**
 * A side whose pair ends: no pair, and back to uncategorized so a person looks at it (unless a reconciliation holds
 * it: its category stays). A person's unpair is remembered (`refuse`), so automation never pairs the two again.
 */
export function releasedSide(record: TransactionRecord, otherId: string | null, refuse: boolean, now: string) {
  const revert = record.category === TRANSFER_CATEGORY && !record.reconciliationId;
  return {
    ...record,
    ...(revert && {
      category: null,
      categorizationSource: null,
      categorizationConfidence: null,
      categorizedAt: null,
    }),
    transferPairId: null,
    transferWith: null,
    ...(refuse && otherId && { transferRefusedIds: withRefusal(record.transferRefusedIds, otherId) }),
    updatedAt: now,
    version: record.version + 1,
  } satisfies TransactionRecord;
}

/**
 * After arrivals were written (bank sync, file import): pairs the unambiguous transfers among them and the lines dated
 * around them. Reads ONE Query of the ledger index over the arrivals' dates widened by twice the window (so a
 * candidate's own other candidates are seen too), filtered by their amounts. A pair that cannot be written (a side
 * changed meanwhile) is left for a person; arrival never fails because of it. Returns how many pairs were made.
 */
export async function pairArrivals(orgId: string, arrivals: readonly TransactionRecord[]): Promise<number> {
  const eligible = arrivals.filter((record) => record.bankAccountId && !pairBlock(record));
  if (eligible.length === 0) return 0;
  const around = transferWindow(eligible.map((record) => record.date))!;
  const wide = transferWindow([around.from, around.to])!;
  const amounts = new Set(eligible.map((record) => Math.abs(record.amount)));
  const read = await transferLinesDated(orgId, wide.from, wide.to, amounts);
  // The index is eventually consistent: the arrivals themselves come from what was just written.
  const lines = new Map<string, TransferFacts>(read.map((line) => [line.id, line]));
  for (const record of arrivals) lines.set(record.id, record);
  const arrived = new Set(arrivals.map((record) => record.id));
  const pairs = automaticPairs([...lines.values()]).filter(([a, b]) => arrived.has(a.id) || arrived.has(b.id));
  if (pairs.length === 0) return 0;
  const closedThrough = await closedThroughFor(orgId, TRANSFER_MATCH);
  const names = await accountNames(orgId);
  let made = 0;
  for (const [a, b] of pairs) {
    if (inClosedPeriod(a.date, closedThrough) || inClosedPeriod(b.date, closedThrough)) continue;
    try {
      if (await writePair(orgId, a.id, b.id, TRANSFER_MATCH, names, false)) made++;
    } catch (error) {
      logger.warn('transfer pair not written', { error, ids: [a.id, b.id] });
    }
  }
  return made;
}

/** Reads both sides fresh and writes the pair atomically; false when they no longer fit (automation leaves them). */
async function writePair(
  orgId: string,
  id: string,
  otherId: string,
  actor: LedgerActor,
  names: Map<string, string>,
  byHand: boolean,
): Promise<[TransactionRecord, TransactionRecord] | null> {
  const found = await readTransactions(orgId, [id, otherId]);
  const record = found.get(id);
  const other = found.get(otherId);
  if (!record) throw new NotFound('Transaction');
  if (!other) throw new NotFound('Transaction', { message: 'The other transaction was not found.' });
  const block = manualPairBlock(record, other);
  if (block) {
    if (byHand) throw new Invalid(block);
    return null;
  }
  // Automation leaves what a person unpaired, and rent (either may have changed since the lines around were read).
  const automationLeaves = () =>
    transferCandidates(record, [other]).length === 0 || !automationMayPair(record) || !automationMayPair(other);
  if (!byHand && automationLeaves()) return null;
  const now = new Date().toISOString();
  const next = pairedSide(record, other, names, byHand, now);
  const otherNext = pairedSide(other, record, names, byHand, now);
  await writeLedger(
    orgId,
    [
      [record, next],
      [other, otherNext],
    ],
    { actor, atomic: true },
  );
  return [next, otherNext];
}

function sideOf(
  t: Pick<TransactionRecord, 'id' | 'name' | 'date' | 'amount' | 'bankAccountId'>,
  names: Map<string, string>,
): TransferSide {
  return {
    id: t.id,
    name: t.name,
    date: t.date,
    amount: fromCents(t.amount),
    bankAccountId: t.bankAccountId,
    accountName: t.bankAccountId ? (names.get(t.bankAccountId) ?? 'another account') : null,
  };
}

/** The flyout's view: the side it is paired with, or the lines a person may pair it with (nearest date first). */
export async function transferInfo(caller: LedgerCaller, transactionId: string): Promise<TransferInfo> {
  // The accounts' names do not depend on the transaction: read beside it (a 404 answers whatever they hold).
  const [record, names] = await Promise.all([getTransaction(caller.orgId, transactionId), accountNames(caller.orgId)]);
  if (record.transferPairId) {
    const other = (await readTransactions(caller.orgId, [record.transferPairId])).get(record.transferPairId);
    return { pair: other ? sideOf(other, names) : null, candidates: [], blockedBecause: null };
  }
  const block = pairBlock(record);
  if (block) return { pair: null, candidates: [], blockedBecause: block };
  const window = transferWindow([record.date])!;
  const lines = await transferLinesDated(caller.orgId, window.from, window.to, new Set([Math.abs(record.amount)]));
  const candidates = transferCandidates(record, lines).slice(0, 10);
  return { pair: null, candidates: candidates.map((line) => sideOf(line, names)), blockedBecause: null };
}

/** A person pairs two lines: both must be pairable and fit (else 400 saying why); both written at once. */
export async function pairByHand(caller: LedgerCaller, transactionId: string, otherId: string) {
  const actor = personActor(caller);
  const [record, other] = await Promise.all([
    getTransaction(caller.orgId, transactionId),
    getTransaction(caller.orgId, otherId).catch((error: unknown) => {
      throw error instanceof NotFound
        ? new NotFound('Transaction', { message: 'The other transaction was not found.' })
        : error;
    }),
  ]);
  await assertPeriodOpen(caller.orgId, [record.date, other.date], actor);
  const written = await writePair(caller.orgId, transactionId, otherId, actor, await accountNames(caller.orgId), true);
  return { transaction: written![0], other: written![1] };
}

/**
 * A person unpairs a transfer: both sides lose the pair and go back to uncategorized, each remembering the other so
 * automation never pairs them again. A transaction that is not paired is a 400.
 */
export async function unpairByHand(caller: LedgerCaller, transactionId: string) {
  const actor = personActor(caller);
  const record = await getTransaction(caller.orgId, transactionId);
  if (!record.transferPairId) throw new Invalid('This transaction is not paired as a transfer.');
  const otherId = record.transferPairId;
  const other = (await readTransactions(caller.orgId, [otherId])).get(otherId) ?? null;
  await assertPeriodOpen(caller.orgId, [record.date, other?.date], actor);
  const now = new Date().toISOString();
  const next = releasedSide(record, otherId, true, now);
  const changes: LedgerChange[] = [[record, next]];
  let otherNext: TransactionRecord | null = null;
  if (other && other.transferPairId === record.id) {
    otherNext = releasedSide(other, record.id, true, now);
    changes.push([other, otherNext]);
  }
  await writeLedger(caller.orgId, changes, { actor, atomic: true });
  return { transaction: next, other: otherNext };
}

/**
 * The other side's change when `before` stops being a transfer (deleted, removed by the bank, ignored, split, given
 * another category, or its amount or date moved): the partner is released too, to uncategorized. Read fresh; null
 * when there is nothing to release. A writer adds it to its own atomic write, so the pair ends in one write. A
 * partner in the closed period (`closedThrough`, as the writer read it for its own dates: null when its actor
 * overrides) is a 409 PERIOD_CLOSED that says so: releasing it would change the closed books.
 */
export async function partnerRelease(
  orgId: string,
  before: TransactionRecord,
  after: TransactionRecord | null,
  closedThrough: string | null,
): Promise<LedgerChange | null> {
  if (!before.transferPairId || (after && !endsPair(before, after))) return null;
  const partner = (await readTransactions(orgId, [before.transferPairId])).get(before.transferPairId);
  if (!partner || partner.transferPairId !== before.id) return null;
  if (closedThrough && inClosedPeriod(partner.date, closedThrough)) {
    throw new Conflict(
      PERIOD_CLOSED_CODE,
      `This line is paired as a transfer with one dated ${partner.date}, and the books are closed through ${closedThrough}: ending the pair would change that one too. An admin can reopen the period or override.`,
      { closedThrough },
    );
  }
  return [partner, releasedSide(partner, before.id, false, new Date().toISOString())];
}

/** Whether a change of a paired line ends its pair. */
export function endsPair(before: TransactionRecord, after: TransactionRecord): boolean {
  return (
    !!before.transferPairId &&
    (after.category !== before.category ||
      after.amount !== before.amount ||
      after.date !== before.date ||
      after.isIgnored ||
      !!after.removedByBank ||
      !!after.parts)
  );
}

/** The line itself when its change ends its pair: the pair fields cleared (its own new category kept). */
export const unpairedSelf = (after: TransactionRecord): TransactionRecord => ({
  ...after,
  transferPairId: null,
  transferWith: null,
});

/**
 * For writers of many lines (bulk edit, import undo, bank removals and changes): after their write, release the
 * partners of the lines whose pair their changes ended, one atomic write per pair. Best effort: logged, never thrown.
 */
export async function releasePartnersAfter(orgId: string, changes: readonly LedgerChange[], actor: LedgerActor) {
  const ending = changes.flatMap(([before, after]) =>
    before?.transferPairId && (!after || endsPair(before, after)) ? [{ before, after }] : [],
  );
  if (ending.length === 0) return;
  const closedThrough = await closedThroughFor(orgId, actor);
  for (const { before, after } of ending) {
    try {
      // A partner in the closed period keeps its side (the closed books do not change); this line is unpaired alone.
      const release = await partnerRelease(orgId, before, after, closedThrough).catch((error: unknown) => {
        if (error instanceof Conflict && error.code === PERIOD_CLOSED_CODE) return null;
        throw error;
      });
      const changesNow: LedgerChange[] = release ? [release] : [];
      if (after) {
        const fresh = (await readTransactions(orgId, [after.id])).get(after.id);
        if (fresh?.transferPairId) changesNow.push([fresh, { ...unpairedSelf(fresh), version: fresh.version + 1 }]);
      }
      if (changesNow.length > 0) await writeLedger(orgId, changesNow, { actor, atomic: true });
    } catch (error) {
      logger.warn('transfer partner not released', { error, id: before.id });
    }
  }
}
