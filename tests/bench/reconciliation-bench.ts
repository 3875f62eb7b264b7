import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWrite, putRequests } from '@rent/functions/data/batchWrite';
import { newTransaction, transactionItem } from '@rent/functions/data/ledger/items';
import {
  type AccountLine,
  MATCH_WINDOW_DAYS,
  monthPeriod,
  reconcile,
  type StatementLine,
} from '@rent/shared/core/reconciliation';
import { Agent, request } from 'undici';
import { localClient } from '../../infra/local/dynamodb.js';
import { LOCAL, type LocalStack } from '../../infra/local/stack.js';
import { ms, percentile, table } from './stats.js';

/**
 * Reconciling a month of 2,000 bank lines (docs/reconciliation.md; docs/performance.md "Reconciliation"): how long the
 * auto-match takes, and what share of the lines it leaves for a person (goal: under 2%). The month is made like a
 * real one: card lines that post 1 to 3 days after the bank's date, many repeated amounts (rent, fees, the same
 * coffee), and a few lines the books miss, got wrong or have extra. Then the same month through the API: the
 * statement's PUT (OFX parsed on the server), the GET, and Finish marking every line.
 */
const LINES = 2_000;
const MONTH = '2026-03';
const RUNS = 20;
/** What the books got wrong, as shares of the lines: missing, a typo in the amount, extra. */
const MISSING = 0.005;
const TYPO = 0.003;
const EXTRA = 0.005;

function month(seed: number, typos = TYPO) {
  let state = seed;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const period = monthPeriod(MONTH);
  const day = (n: number) => `${MONTH}-${String(Math.min(31, Math.max(1, n))).padStart(2, '0')}`;
  const REPEATED = [-450, -2500, -1299, 150000, 155000, -8000, -4500, -999];
  const statement: StatementLine[] = [];
  const books: AccountLine[] = [];
  /** The lines a person must see by construction: each missing, each extra, and both sides of each typo. */
  let broken = 0;
  for (let i = 0; i < LINES; i++) {
    const amount =
      next() < 0.35
        ? REPEATED[Math.floor(next() * REPEATED.length)]!
        : (next() < 0.8 ? -1 : 1) * (100 + Math.floor(next() * 250_000));
    const d = 1 + Math.floor(next() * 31);
    const s: StatementLine = { id: `s${i + 1}`, date: day(d), amount, name: `Payee ${i % 300}`, externalId: null };
    statement.push(s);
    const roll = next();
    if (roll < MISSING) {
      broken++;
      continue;
    }
    const shift = next() < 0.4 ? 1 + Math.floor(next() * Math.min(3, MATCH_WINDOW_DAYS)) : 0;
    const typo = roll >= MISSING && roll < MISSING + typos;
    if (typo) broken += 2;
    books.push({
      id: `t${i}`,
      date: day(Math.min(d + shift, 31)),
      amount: typo ? amount + 9 : amount,
      name: s.name,
      externalId: null,
      reconciliationId: null,
    });
  }
  for (let i = 0; i < LINES * EXTRA; i++) {
    broken++;
    books.push({
      id: `x${i}`,
      date: day(1 + Math.floor(next() * 31)),
      amount: -(7 + Math.floor(next() * 90_000)),
      name: `Extra ${i}`,
      externalId: null,
      reconciliationId: null,
    });
  }
  const end = statement.reduce((sum, line) => sum + line.amount, 100_000);
  return { period, statement, books, broken, start: 100_000, end };
}

function benchPure() {
  // The pure rules, as the service runs them on every look at the month.
  const m = month(0x2545f491);
  const samples: number[] = [];
  let result = reconcile({
    ...m,
    startBalance: m.start,
    endBalance: m.end,
    ticks: { ticked: [], unticked: [] },
    self: null,
  });
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    result = reconcile({
      ...m,
      startBalance: m.start,
      endBalance: m.end,
      ticks: { ticked: [], unticked: [] },
      self: null,
    });
    samples.push(performance.now() - started);
  }
  const statementLeft = m.statement.length - result.autoMatched;
  const booksLeft = result.lines.filter((l) => l.inPeriod && !l.match).length;
  const left = statementLeft + booksLeft;
  table([
    [
      'lines (statement / books)',
      'auto-match + difference',
      'auto-matched',
      'left for a person',
      'of them made wrong on purpose',
    ],
    [
      `${m.statement.length} / ${m.books.length}`,
      `${ms(percentile(samples, 50))} median of ${RUNS}`,
      `${result.autoMatched} (${((100 * result.autoMatched) / m.statement.length).toFixed(2)}%)`,
      `${left} (${((100 * left) / m.statement.length).toFixed(2)}%, goal < 2%)`,
      `${m.broken} (${((100 * m.broken) / m.statement.length).toFixed(2)}%)`,
    ],
  ]);
}

/** The same month through the API of the local stack: an account, its 2,000 lines in the books, the OFX statement. */
async function benchApi(stack: LocalStack, m: ReturnType<typeof month>) {
  const token = (await stack.tokensFor('bench-reconcile@example.com')).id_token;
  const dispatcher = new Agent({ connect: { ca: readFileSync(stack.certPath) } });
  const call = async (method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const res = await request(`${stack.url}${path}`, {
      method: method as 'GET',
      dispatcher,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.body.json()) as Record<string, any>;
    return { status: res.statusCode, json, ms: performance.now() - started };
  };
  try {
    const orgId = (await call('GET', '/api/organization')).json.id as string;
    const { institutionId, accountId } = await benchBankAccount(orgId);
    const now = new Date().toISOString();
    const records = m.books.map((line) =>
      newTransaction({
        id: randomUUID(),
        organizationId: orgId,
        institutionId,
        bankAccountId: accountId,
        amount: line.amount,
        date: line.date,
        name: line.name,
        source: 'plaid',
        createdAt: now,
      }),
    );
    const doc = DynamoDBDocumentClient.from(localClient(stack.dynamoEndpoint), {
      marshallOptions: { removeUndefinedValues: true },
    });
    await batchWrite({ client: doc, table: LOCAL.tableName }, putRequests(records.map(transactionItem)), 8);
    const ofxDate = (date: string) => date.replaceAll('-', '');
    const money = (cents: number) => (cents / 100).toFixed(2);
    const ofx = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD\n<BANKTRANLIST>\n${m.statement
      .map((s) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${ofxDate(s.date)}<TRNAMT>${money(s.amount)}<NAME>${s.name}\n`)
      .join(
        '',
      )}</BANKTRANLIST>\n<LEDGERBAL><BALAMT>${money(m.end)}<DTASOF>${ofxDate(m.period.end)}\n</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const base = `/api/bank-accounts/${accountId}/reconciliations/${MONTH}`;
    const put = await call('PUT', base, { ofx, startBalance: money(m.start) });
    const gets: number[] = [];
    for (let i = 0; i < 10; i++) gets.push((await call('GET', base)).ms);
    const view = (await call('GET', base)).json;
    // Finish needs a zero difference: the person's part, done over the API (add what the books miss).
    const missingLines = view.issues.filter((i: any) => i.kind === 'missing' && !i.transactionId);
    const adds: number[] = [];
    for (const issue of missingLines) adds.push((await call('POST', `${base}/lines/${issue.statementLineId}/add`)).ms);
    const afterAdds = (await call('GET', base)).json;
    const typos = afterAdds.issues.filter((i: any) => i.kind === 'amount_differs' && i.transactionId);
    console.log(
      `statement PUT (OFX of ${LINES} lines, ${Math.round(ofx.length / 1024)} KB) ${ms(put.ms)} (${put.status}); GET median ${ms(percentile(gets, 50))}, p95 ${ms(percentile(gets, 95))}; difference ${view.difference} with ${missingLines.length} missing and ${typos.length} amounts that differ`,
    );
    if (typos.length === 0 && afterAdds.difference === 0) {
      // A finish that runs out of its time answers 503 RECONCILE_UNFINISHED and is sent again, as the web does.
      const started = performance.now();
      let finish: Awaited<ReturnType<typeof call>>;
      let calls = 0;
      do {
        calls++;
        finish = await call('POST', `${base}/finish`);
      } while (finish.status === 503 && finish.json?.code === 'RECONCILE_UNFINISHED' && calls < 20);
      console.log(
        `finish (marks ${afterAdds.clearedCount} lines through the write plan) ${ms(performance.now() - started)} in ${calls} call${calls > 1 ? 's' : ''} (${finish.status})`,
      );
    } else {
      console.log(
        `finish not timed: the typos need a person to correct the amounts (difference after adding the missing lines: ${afterAdds.difference})`,
      );
    }
  } finally {
    await dispatcher.close();
  }
}

export async function benchReconciliation(stack: LocalStack) {
  console.log(`\n== Reconciling a month of ${LINES.toLocaleString('en-US')} bank lines ==`);
  benchPure();
  // Through the API, a month without typos: Finish is reached with the missing lines added, as a person would.
  await benchApi(stack, month(0x1b873593, 0));
}

/**
 * A checking account in the organization, made as linking a bank makes it (no token: nothing syncs it). Imported when
 * called: the repositories read the Lambda's configuration when loaded, which the stack sets.
 */
export async function benchBankAccount(orgId: string): Promise<{ institutionId: string; accountId: string }> {
  const { createBankLink, newBankLinkId } = await import('@rent/functions/data/banking/banks');
  const institutionId = newBankLinkId();
  const { accounts } = await createBankLink({
    id: institutionId,
    organizationId: orgId,
    itemId: `bench-item-${randomUUID()}`,
    accessToken: { ciphertext: '', iv: '', tag: '', encryptedKey: '' } as never,
    createdById: 'bench',
    plaidInstitutionId: `ins_bench_${randomUUID().slice(0, 8)}`,
    institutionName: 'Bench Bank',
    accounts: [
      {
        accountId: 'bench-checking',
        name: 'Checking',
        officialName: null,
        type: 'depository',
        subtype: 'checking',
        mask: '0001',
        currency: 'USD',
        balance: null,
      },
    ],
  });
  return { institutionId, accountId: accounts[0]!.id };
}
