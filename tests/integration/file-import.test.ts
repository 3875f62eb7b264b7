import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { joinAs } from '../support/members.js';
import { expectLedgerConsistent, orgIdOf } from './ledger-helpers.js';
import { uploadReceipt } from './receipt-upload.js';

type Api = Awaited<ReturnType<typeof newAdmin>>['api'];
interface Row {
  line: number;
  date: string;
  name: string;
  amount: number;
  externalId?: string | null;
}

const transactionsOf = async (orgId: string) =>
  (await partition(`ORG#${orgId}`)).filter((i) => i.type === 'Transaction') as Record<string, any>[];

/** Sends a whole file the way the browser does: chunks of `size` rows under one import id. */
async function importFile(
  api: Api,
  rows: (Row & { include: boolean })[],
  opts: {
    id?: string;
    fileName?: string;
    propertyId?: string | null;
    bankAccountId?: string | null;
    size?: number;
  } = {},
) {
  const id = opts.id ?? randomUUID();
  const size = opts.size ?? 500;
  const responses = [];
  for (let i = 0; i < rows.length; i += size) {
    responses.push(
      await api.post('/api/imports', {
        id,
        fileName: opts.fileName ?? 'statement.csv',
        bankAccountId: opts.bankAccountId ?? null,
        propertyId: opts.propertyId ?? null,
        totalRows: rows.length,
        rows: rows.slice(i, i + size),
      }),
    );
  }
  return { id, responses, last: responses.at(-1)! };
}

/** The ledger before the import: one exact twin, one near twin, one same-day same-amount with another name. */
async function seedLedger(api: Api) {
  for (const t of [
    { name: 'CITY WATER UTILITY', date: '2026-01-03', amount: -84.2 },
    { name: 'GAS CO', date: '2026-01-10', amount: -40 },
    { name: 'Transfer from savings', date: '2026-01-05', amount: 100 },
  ]) {
    expect((await api.post('/api/transactions', t)).status).toBe(201);
  }
}

const FILE: Row[] = [
  { line: 2, date: '2026-01-03', name: 'City Water Utility', amount: -84.2 },
  { line: 3, date: '2026-01-12', name: 'GAS CO', amount: -40 },
  { line: 4, date: '2026-01-05', name: 'Tenant rent unit 1', amount: 100 },
  { line: 5, date: '2026-01-07', name: 'COFFEE SHOP 12', amount: -5.75 },
  { line: 6, date: '2026-01-07', name: 'COFFEE SHOP 12', amount: -5.75 },
  { line: 7, date: '2026-01-20', name: 'Hardware store', amount: -1234.56, externalId: 'REF-7' },
];

describe('file import', () => {
  it('preview: duplicate, possible duplicates with why, and a same-day same-amount pair kept as two new rows', async () => {
    const { api } = await newAdmin('import-preview');
    await seedLedger(api);
    const res = await api.post('/api/imports/preview', { bankAccountId: null, rows: FILE });
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ new: 3, duplicate: 1, possible_duplicate: 2 });
    expect(res.body.rows.map((r: any) => [r.line, r.status, r.reason])).toEqual([
      [2, 'duplicate', 'Same date, amount and name as a transaction already in the ledger'],
      [3, 'possible_duplicate', 'Same amount and name, 2 days apart'],
      [4, 'possible_duplicate', 'Same date and amount, different name'],
      [5, 'new', null],
      [6, 'new', null],
      [7, 'new', null],
    ]);
    expect(res.body.rows[0].match).toMatchObject({ date: '2026-01-03', name: 'CITY WATER UTILITY', amount: -84.2 });
  });

  it('import: one batch through the arrival path (rules, default property, rollups); a repeat writes nothing; a re-import is flagged; undo keeps what people changed', async () => {
    const { api } = await newAdmin('import-flow');
    const orgId = await orgIdOf(api);
    await seedLedger(api);
    const propertyId = (await api.post('/api/properties', { address: '12 Import Street' })).body.id;
    const rule = { name: 'Coffee', namePattern: 'coffee', category: 'supplies', isActive: true };
    expect((await api.post(`/api/categorization-rules?organizationId=${orgId}`, rule)).status).toBe(201);

    const preview = (await api.post('/api/imports/preview', { bankAccountId: null, rows: FILE })).body;
    const decided = FILE.map((row, i) => ({ ...row, include: preview.rows[i].status !== 'duplicate' }));
    const { id, last } = await importFile(api, decided, { propertyId, fileName: 'january.csv' });
    expect(last.status).toBe(201);
    expect(last.body).toMatchObject({ insertedCount: 5, existingCount: 0, skippedCount: 1 });
    expect(last.body.import).toMatchObject({
      id,
      fileName: 'january.csv',
      status: 'imported',
      totalRows: 6,
      receivedRows: 6,
      importedCount: 5,
      skippedCount: 1,
      propertyId,
    });

    const imported = (await transactionsOf(orgId)).filter((t) => t.id.startsWith(id));
    expect(imported).toHaveLength(5);
    const coffees = imported.filter((t) => t.name === 'COFFEE SHOP 12');
    expect(coffees).toHaveLength(2);
    for (const t of coffees) {
      expect(t).toMatchObject({ category: 'supplies', categorizationSource: 'rule', amount: -575, date: '2026-01-07' });
    }
    for (const t of imported)
      expect(t).toMatchObject({ source: 'import', importFileName: 'january.csv', propertyId, bankAccountId: null });
    expect(imported.find((t) => t.name === 'Hardware store')).toMatchObject({ externalId: 'REF-7', amount: -123456 });
    await expectLedgerConsistent(orgId);

    // The same request again (a retry): nothing new.
    const again = await api.post('/api/imports', {
      id,
      fileName: 'january.csv',
      bankAccountId: null,
      propertyId,
      totalRows: 6,
      rows: decided,
    });
    expect(again.body).toMatchObject({ insertedCount: 0, existingCount: 5 });
    expect((await transactionsOf(orgId)).filter((t) => t.id.startsWith(id))).toHaveLength(5);

    // The same file once more: everything is in the ledger now.
    const reimport = (await api.post('/api/imports/preview', { bankAccountId: null, rows: FILE })).body;
    expect(reimport.rows.map((r: any) => r.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(reimport.rows[6 - 2].reason).toBe('Same date, amount and name as a transaction already in the ledger');
    expect(reimport.rows[7 - 2].reason).toBe('Same bank reference as a transaction already in the ledger');

    // People change two of them: an edit, and a receipt.
    const edited = imported.find((t) => t.name === 'Hardware store')!;
    const put = await api.put(`/api/transactions/${edited.id}`, {
      name: 'Hardware store (roof)',
      date: edited.date,
      amount: -1234.56,
      category: 'repairs',
      propertyId,
      notes: null,
      version: edited.version,
    });
    expect(put.status).toBe(200);
    const withReceipt = coffees[0]!;
    expect((await uploadReceipt(api, { transactionId: withReceipt.id })).status).toBe(200);

    const listed = await api.get('/api/imports');
    expect(listed.status).toBe(200);
    expect(listed.body.imports.map((i: any) => i.id)).toEqual([id]);

    const undo = await api.delete(`/api/imports/${id}`);
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ removedCount: 3, keptCount: 2, complete: true });
    expect(undo.body.import).toMatchObject({ status: 'undone', removedCount: 3, keptCount: 2 });
    const left = (await transactionsOf(orgId)).filter((t) => t.id.startsWith(id)).map((t) => t.id);
    expect(left.sort()).toEqual([edited.id, withReceipt.id].sort());
    // The hand-entered ledger is untouched.
    expect((await transactionsOf(orgId)).filter((t) => !t.id.startsWith(id))).toHaveLength(3);
    await expectLedgerConsistent(orgId);

    // Undo again: the same answer, nothing more removed; an undone import takes no more rows.
    expect((await api.delete(`/api/imports/${id}`)).body).toMatchObject({
      removedCount: 3,
      keptCount: 2,
      complete: true,
    });
    const late = await api.post('/api/imports', {
      id,
      fileName: 'january.csv',
      bankAccountId: null,
      propertyId,
      totalRows: 6,
      rows: decided,
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('IMPORT_UNDONE');
    expect((await api.get('/api/imports')).body.imports[0]).toMatchObject({ id, status: 'undone' });
  });

  it('a file sent in chunks is one import: "importing" until the last chunk, then undone as one', async () => {
    const { api } = await newAdmin('import-chunks');
    const orgId = await orgIdOf(api);
    const rows = Array.from({ length: 7 }, (_, i) => ({
      line: i + 1,
      date: `2026-02-${String(i + 1).padStart(2, '0')}`,
      name: `Chunked row ${i}`,
      amount: -(i + 1),
      include: i !== 3,
    }));
    const { id, responses } = await importFile(api, rows, { size: 3 });
    expect(responses.map((r) => [r.status, r.body.import.status, r.body.import.receivedRows])).toEqual([
      [201, 'importing', 3],
      [201, 'importing', 6],
      [201, 'imported', 7],
    ]);
    expect(responses[2]!.body.import).toMatchObject({ importedCount: 6, skippedCount: 1 });
    expect((await transactionsOf(orgId)).length).toBe(6);
    // While a request holds the import (its lease), an undo waits: 409, nothing removed.
    const key = { PK: `ORG#${orgId}`, SK: `IMPORT#${id}` };
    const hold = (until: number) =>
      db().send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: key,
          UpdateExpression: 'SET leaseUntil = :until',
          ExpressionAttributeValues: { ':until': until },
        }),
      );
    await hold(Date.now() + 60_000);
    const busy = await api.delete(`/api/imports/${id}`);
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('IMPORT_BUSY');
    expect((await transactionsOf(orgId)).length).toBe(6);
    await hold(0);
    expect((await api.delete(`/api/imports/${id}`)).body).toMatchObject({ removedCount: 6, keptCount: 0 });
    expect(await transactionsOf(orgId)).toEqual([]);
    await expectLedgerConsistent(orgId);
  });

  it('an undo out of time answers complete: false and the next call finishes it, counting each transaction once', async () => {
    const { api, email } = await newAdmin('import-resume');
    const orgId = await orgIdOf(api);
    const rows = Array.from({ length: 4 }, (_, i) => ({
      line: i + 2,
      date: `2026-04-0${i + 1}`,
      name: `Resumed row ${i}`,
      amount: -10,
      include: true,
    }));
    const { id } = await importFile(api, rows);
    process.env.TABLE_NAME = TABLE_NAME;
    process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
    process.env.LOG_LEVEL = 'silent';
    const { undoImport } = await import('../../functions/src/services/banking/fileImports.js');
    const caller = { orgId, userId: 'someone', email };
    // Started long ago: the budget is spent before the first chunk, nothing is deleted yet.
    const first = await undoImport(caller, id, { started: 0 });
    expect(first).toMatchObject({ complete: false, removedCount: 0, keptCount: 0 });
    expect(first.import.status).toBe('undoing');
    expect(await transactionsOf(orgId)).toHaveLength(4);
    const second = await api.delete(`/api/imports/${id}`);
    expect(second.body).toMatchObject({ complete: true, removedCount: 4, keptCount: 0 });
    expect(await transactionsOf(orgId)).toEqual([]);
    await expectLedgerConsistent(orgId);
  });

  it('into a bank account: same account is a duplicate, the same in another account only possible; account, institution and the account default property recorded', async () => {
    const { api } = await newAdmin('import-account');
    const orgId = await orgIdOf(api);
    const [mine, other] = [`acct-${randomUUID().slice(0, 8)}`, `acct-${randomUUID().slice(0, 8)}`];
    const propertyId = (await api.post('/api/properties', { address: '3 Account Default Road' })).body.id;
    for (const accountId of [mine, other]) {
      await db().send(
        new PutCommand({
          TableName: TABLE_NAME,
          // A BankAccount as the bank-link code writes it (functions/src/data/banking/items.ts).
          Item: {
            PK: `ORG#${orgId}`,
            SK: `BANKACCT#${accountId}`,
            type: 'BankAccount',
            id: accountId,
            organizationId: orgId,
            userId: 'someone',
            provider: 'plaid',
            accountId: `plaid-${accountId}`,
            institutionId: 'inst-1',
            accountType: 'depository',
            subtype: 'checking',
            name: 'Checking',
            officialName: null,
            mask: '0000',
            currency: 'USD',
            balance: 0,
            propertyId: accountId === other ? propertyId : null,
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
            version: 1,
          },
        }),
      );
    }
    const first = [{ line: 1, date: '2026-03-02', name: 'Landscaping', amount: -120, include: true }];
    const { last } = await importFile(api, first, { bankAccountId: other });
    expect(last.status).toBe(201);
    const [t] = await transactionsOf(orgId);
    // No property chosen: the account's default property applies.
    expect(t).toMatchObject({ bankAccountId: other, institutionId: 'inst-1', source: 'import', propertyId });

    const rows = [{ line: 1, date: '2026-03-02', name: 'Landscaping', amount: -120 }];
    const intoOther = (await api.post('/api/imports/preview', { bankAccountId: other, rows })).body;
    expect(intoOther.rows[0].status).toBe('duplicate');
    const intoMine = (await api.post('/api/imports/preview', { bankAccountId: mine, rows })).body;
    expect(intoMine.rows[0]).toMatchObject({
      status: 'possible_duplicate',
      reason: 'Same date, amount and name as a transaction in another account',
    });
  });

  it('roles, unknown and foreign ids, limits, reused ids: clear 4xx and nothing written', async () => {
    const { api } = await newAdmin('import-guard');
    const orgId = await orgIdOf(api);
    const stranger = await newAdmin('import-stranger');
    const row = { line: 1, date: '2026-01-01', name: 'Row', amount: -1 };
    const body = {
      id: randomUUID(),
      fileName: 'a.csv',
      bankAccountId: null,
      propertyId: null,
      totalRows: 1,
      rows: [{ ...row, include: true }],
    };

    const tenant = await joinAs(orgId, 'TENANT');
    expect((await tenant.api.post('/api/imports/preview', { bankAccountId: null, rows: [row] })).status).toBe(403);
    expect((await tenant.api.post('/api/imports', body)).status).toBe(403);
    expect((await tenant.api.get('/api/imports')).status).toBe(403);
    expect((await tenant.api.delete(`/api/imports/${body.id}`)).status).toBe(403);
    const manager = await joinAs(orgId, 'PROPERTY_MANAGER', 'manager');
    expect((await manager.api.post('/api/imports/preview', { bankAccountId: null, rows: [row] })).status).toBe(200);

    // Another organization's import, account and property: 404 / 400, as for unknown ones.
    const theirs = await importFile(stranger.api, [{ ...row, include: true }]);
    expect((await api.delete(`/api/imports/${theirs.id}`)).status).toBe(404);
    expect((await api.delete(`/api/imports/${randomUUID()}`)).status).toBe(404);
    const unknownAccount = await api.post('/api/imports/preview', { bankAccountId: 'no-such-account', rows: [row] });
    expect(unknownAccount.status).toBe(404);
    expect(unknownAccount.body.error).toBe('Bank account was not found.');
    expect((await api.post('/api/imports', { ...body, bankAccountId: 'no-such-account' })).status).toBe(404);
    const theirProperty = (await stranger.api.post('/api/properties', { address: '9 Elsewhere' })).body.id;
    const foreignProperty = await api.post('/api/imports', { ...body, propertyId: theirProperty });
    expect(foreignProperty.status).toBe(400);
    expect(foreignProperty.body.error).toMatch(/Choose one of your organization's properties/);

    // Limits: 5,000 rows per import, 500 per request.
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...row, line: i + 1 }));
    const tooMany = await api.post('/api/imports/preview', { bankAccountId: null, rows: many(5001) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/at most 5,000 rows/);
    const bigChunk = await api.post('/api/imports', {
      ...body,
      totalRows: 501,
      rows: many(501).map((r) => ({ ...r, include: true })),
    });
    expect(bigChunk.status).toBe(400);
    expect(bigChunk.body.error).toMatch(/at most 500 rows per request/);
    expect((await api.post('/api/imports', { ...body, totalRows: 5001 })).status).toBe(400);
    // Counts that disagree: more rows than the file has, in one request or over several, or another file size.
    const two = [1, 2].map((line) => ({ ...row, line, include: true }));
    const overClaimed = await api.post('/api/imports', { ...body, id: randomUUID(), totalRows: 1, rows: two });
    expect(overClaimed.status).toBe(400);
    expect(overClaimed.body.error).toMatch(/more rows than totalRows says/);
    const chunked = { ...body, id: randomUUID(), totalRows: 2, rows: [two[0]] };
    expect((await api.post('/api/imports', chunked)).status).toBe(201);
    const third = await api.post('/api/imports', { ...chunked, rows: [{ ...row, line: 3, include: true }, two[1]] });
    expect(third.status).toBe(400);
    expect(third.body.error).toMatch(/would receive 3 rows, more than the 2 of its file/);
    expect((await api.post('/api/imports', { ...chunked, totalRows: 3, rows: [two[1]] })).status).toBe(409);
    expect((await api.post('/api/imports', { ...chunked, rows: [two[1]] })).status).toBe(201);
    expect((await transactionsOf(orgId)).length).toBe(2);
    await api.delete(`/api/imports/${chunked.id}`);
    const twice = await api.post('/api/imports/preview', { bankAccountId: null, rows: [row, row] });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatch(/Each line of the file can appear once/);
    const badAmount = await api.post('/api/imports/preview', {
      bankAccountId: null,
      rows: [{ ...row, amount: 1.234 }],
    });
    expect(badAmount.status).toBe(400);
    expect(await transactionsOf(orgId)).toEqual([]);

    // The same id for another file: 409.
    expect((await api.post('/api/imports', body)).status).toBe(201);
    const reused = await api.post('/api/imports', { ...body, fileName: 'b.csv' });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('IMPORT_ID_TAKEN');
  });
});
