import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditWords } from '@rent/shared';
import { parseOfx } from '@rent/shared/core/fileImport/index';
import { describe, expect, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { expectLedgerConsistent, orgIdOf } from './ledger-helpers.js';

type Api = Awaited<ReturnType<typeof newAdmin>>['api'];

const itemsOf = async (orgId: string, type: string) =>
  (await partition(`ORG#${orgId}`)).filter((i) => i.type === type) as Record<string, any>[];

/** A BankAccount as the bank-link code writes it (functions/src/data/banking/items.ts). */
async function seedAccount(orgId: string, name: string, mask: string) {
  const id = `acct-${randomUUID().slice(0, 8)}`;
  await db().send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        PK: `ORG#${orgId}`,
        SK: `BANKACCT#${id}`,
        type: 'BankAccount',
        id,
        organizationId: orgId,
        userId: 'someone',
        provider: 'plaid',
        accountId: `plaid-${id}`,
        institutionId: 'inst-1',
        accountType: 'depository',
        subtype: 'checking',
        name,
        officialName: null,
        mask,
        currency: 'USD',
        balance: 0,
        propertyId: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        version: 1,
      },
    }),
  );
  return id;
}

/** The rows the wizard sends for a file, each included as the preview says unless `include` is given. */
async function importRows(
  api: Api,
  rows: { line: number; date: string; name: string; amount: number; externalId?: string | null; notes?: string }[],
  opts: { fileName: string; bankAccountId?: string | null; mapping?: unknown; include?: boolean[] },
) {
  const bankAccountId = opts.bankAccountId ?? null;
  const preview = await api.post('/api/imports/preview', { bankAccountId, rows });
  expect(preview.status).toBe(200);
  const id = randomUUID();
  const res = await api.post('/api/imports', {
    id,
    fileName: opts.fileName,
    bankAccountId,
    propertyId: null,
    totalRows: rows.length,
    ...(opts.mapping ? { mapping: opts.mapping } : {}),
    rows: rows.map((row, i) => ({ ...row, include: opts.include?.[i] ?? preview.body.rows[i].include })),
  });
  expect(res.status).toBe(201);
  return { id, preview: preview.body, result: res.body };
}

const OFX = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>000000000<ACCTID>1234<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261001<DTEND>20261031
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261004120000<TRNAMT>-450.00<FITID>FIT-${randomUUID()}<NAME>ACE PLUMBING<MEMO>Invoice 77, unit 2 leak
</STMTTRN>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261005<TRNAMT>2100.00<FITID>FIT-${randomUUID()}<NAME>RENT UNIT 2
</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;

describe('file import: where a transaction came from', () => {
  it('an OFX memo lands as the note; the source is the file; the activity names the file', async () => {
    const { api } = await newAdmin('import-source');
    const orgId = await orgIdOf(api);
    const statement = parseOfx(OFX);
    expect(statement.errors).toEqual([]);
    // As the wizard sends them: amounts as decimals, the memo as notes.
    const rows = statement.rows.map((r) => ({
      line: r.line,
      date: r.date,
      name: r.name,
      amount: r.amountCents / 100,
      externalId: r.externalId,
      ...(r.memo ? { notes: r.memo } : {}),
    }));
    const { id } = await importRows(api, rows, { fileName: 'chase-oct.qfx' });

    const imported = (await itemsOf(orgId, 'Transaction')).filter((t) => t.id.startsWith(id));
    const plumber = imported.find((t) => t.name === 'ACE PLUMBING')!;
    const rent = imported.find((t) => t.name === 'RENT UNIT 2')!;
    expect(plumber).toMatchObject({ notes: 'Invoice 77, unit 2 leak', source: 'import', amount: -45000 });
    expect(rent).toMatchObject({ notes: null, source: 'import' });

    const got = await api.get(`/api/transactions/${plumber.id}`);
    expect(got.status).toBe(200);
    expect(got.body.transaction).toMatchObject({
      notes: 'Invoice 77, unit 2 leak',
      source: 'import',
      importFileName: 'chase-oct.qfx',
    });
    const listed = await api.get('/api/transactions?limit=10');
    expect(listed.body.transactions.map((t: any) => [t.name, t.source, t.importFileName]).sort()).toEqual([
      ['ACE PLUMBING', 'import', 'chase-oct.qfx'],
      ['RENT UNIT 2', 'import', 'chase-oct.qfx'],
    ]);

    const activity = await api.get(`/api/transactions/${plumber.id}/activity`);
    expect(activity.status).toBe(200);
    const [created] = activity.body.auditEntries;
    expect(created).toMatchObject({ action: 'created', via: 'import', ref: id, fileName: 'chase-oct.qfx' });
    expect(auditWords(created, { actor: 'Lena', fileName: created.fileName })).toMatch(
      /^Lena imported this transaction from chase-oct\.qfx with /,
    );

    // An imported transaction is deleted like one typed by hand (the bank's are only ignored).
    const removed = await api.delete(`/api/transactions/${rent.id}`);
    expect(removed.status).toBe(200);
    await expectLedgerConsistent(orgId);
  });

  it('a twin of a line the bank synced into another account is flagged with the account and not imported by default', async () => {
    const { api } = await newAdmin('import-synced-twin');
    const orgId = await orgIdOf(api);
    const [checking, card] = [await seedAccount(orgId, 'Checking', '0042'), await seedAccount(orgId, 'Card', '7788')];
    // A line the bank sync brought into the checking account.
    const created = await api.post('/api/transactions', { name: 'CITY WATER', date: '2026-10-03', amount: -84.2 });
    expect(created.status).toBe(201);
    const syncedId: string = created.body.transaction.id;
    await db().send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { PK: `ORG#${orgId}`, SK: `TXN#${syncedId}` },
        ConditionExpression: 'attribute_exists(PK)',
        UpdateExpression: 'SET #s = :plaid, bankAccountId = :a, plaidTransactionId = :p',
        ExpressionAttributeNames: { '#s': 'source' },
        ExpressionAttributeValues: { ':plaid': 'plaid', ':a': checking, ':p': `plaid-${randomUUID()}` },
      }),
    );

    const rows = [
      { line: 2, date: '2026-10-03', name: 'City Water', amount: -84.2 },
      { line: 3, date: '2026-10-04', name: 'Bakery', amount: -6.5 },
    ];
    const { id, preview, result } = await importRows(api, rows, { fileName: 'card-oct.csv', bankAccountId: card });
    expect(preview.counts).toEqual({ new: 1, duplicate: 0, possible_duplicate: 1 });
    expect(preview.rows[0]).toEqual({
      line: 2,
      status: 'possible_duplicate',
      reason: 'Same date, amount and name as a line the bank sync brought into another account',
      include: false,
      match: {
        id: syncedId,
        date: '2026-10-03',
        name: 'CITY WATER',
        amount: -84.2,
        bankAccountId: checking,
        accountName: 'Checking ••0042',
        source: 'Bank',
      },
    });
    expect(preview.rows[1]).toMatchObject({ status: 'new', include: true, match: null });
    expect(result).toMatchObject({ insertedCount: 1, skippedCount: 1 });
    const names = (await itemsOf(orgId, 'Transaction')).map((t) => t.name).sort();
    expect(names).toEqual(['Bakery', 'CITY WATER']);
    expect((await itemsOf(orgId, 'Transaction')).filter((t) => t.id.startsWith(id))).toHaveLength(1);
  });

  it('a confirmed CSV mapping is remembered on the account; a bad one is a 400', async () => {
    const { api } = await newAdmin('import-mapping');
    const orgId = await orgIdOf(api);
    const account = await seedAccount(orgId, 'Chase Checking', '1234');
    const mapping = {
      columns: ['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance', 'Check or Slip #'],
      date: 1,
      name: 2,
      amount: { kind: 'signed', column: 3 },
      externalId: null,
      flipSign: false,
      dateFormat: 'MM/DD/YYYY',
    };
    const rows = [{ line: 2, date: '2026-10-02', name: 'ZELLE PAYMENT TO ACE', amount: -450 }];
    await importRows(api, rows, { fileName: 'chase.csv', bankAccountId: account, mapping });
    const [stored] = (await itemsOf(orgId, 'BankAccount')).filter((a) => a.id === account);
    expect(stored).toMatchObject({ importMapping: mapping, version: 2 });

    const bad = await api.post('/api/imports', {
      id: randomUUID(),
      fileName: 'chase.csv',
      bankAccountId: account,
      propertyId: null,
      totalRows: 1,
      mapping: { ...mapping, date: -1 },
      rows: [{ ...rows[0], include: true }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/A column must be at least 0/);
  });
});
