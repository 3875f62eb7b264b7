import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL } from '../../infra/local/config.js';
import type { LocalStack } from '../../infra/local/stack.js';
import { PlaidStandInControl, plaidApi } from '../support/plaid.js';
import { client, RULE_SET } from './rules-bench.js';
import { calibrated, calibrationLabel, timeBudgetHere } from './rules-engine.js';
import { ms, table } from './stats.js';

/**
 * The budget of the first sync of 10,000 transactions offline (docs/offline-stack.md "Bench budgets"), at the
 * calibration of tests/bench/rules-engine.ts; scaled by the engine's speed measured here just before the sync.
 */
export const BANK_SYNC_BUDGET_MS = 10_000;
const COUNT = 10_000;

const rate = (count: number, millis: number) => `${Math.round(count / (millis / 1000)).toLocaleString('en-US')}/s`;

/**
 * "Bank sync ingest": 10,000 transactions from the Plaid stand-in (the real `plaid` client, pages of 500)
 * into an organization with 25 active rules, through syncInstitution as the sync consumer runs it; then the
 * whole history replayed from no cursor, which must add nothing. Returns the figures for the peer line.
 */
export async function benchBankSync(stack: LocalStack, owner: string, orgId: string) {
  const api = client(stack, owner);
  const plaid = new PlaidStandInControl(stack.plaidEndpoint);
  try {
    for (const [i, rule] of RULE_SET.entries()) {
      const res = await api.post('/api/categorization-rules', { name: `Bank rule ${i + 1}`, priority: i % 3, ...rule });
      if (res.status !== 201) throw new Error(`rule ${i + 1}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    const banks = await import('@rent/functions/data/banking/banks');
    const { fetchSyncPages, syncInstitution } = await import('@rent/functions/services/banking/sync');
    const { createPlaidClient } = await import('@rent/functions/lib/plaid');
    const { accessToken, itemId } = await plaid.linkItem({ username: 'user_new' });
    const { data } = await plaidApi(stack.plaidEndpoint).accountsGet({ access_token: accessToken });
    const institutionId = banks.newBankLinkId();
    await banks.createBankLink({
      id: institutionId,
      organizationId: orgId,
      itemId,
      accessToken: await banks.sealAccessToken(orgId, institutionId, accessToken),
      createdById: 'bench',
      plaidInstitutionId: `ins_${randomUUID().slice(0, 8)}`,
      institutionName: 'First Platypus Bank',
      accounts: data.accounts.map((a) => ({
        accountId: a.account_id,
        name: a.name,
        officialName: a.official_name ?? null,
        type: String(a.type),
        subtype: a.subtype ? String(a.subtype) : null,
        mask: a.mask ?? null,
        currency: a.balances.iso_currency_code ?? null,
        balance: null,
      })),
    });
    const generated = await plaid.generate(itemId, { count: COUNT, days: 730 });

    const { result: synced, calibration } = await calibrated(async () => {
      const started = performance.now();
      const first = await syncInstitution(orgId, institutionId);
      return { first, firstMs: performance.now() - started };
    });
    const { first, firstMs } = synced;
    const budget = timeBudgetHere(calibration, BANK_SYNC_BUDGET_MS);

    // Replay: forget the cursor, so the stand-in sends the whole history again.
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL.region, credentials: LOCAL.credentials }),
    );
    await doc.send(
      new UpdateCommand({
        TableName: LOCAL.tableName,
        Key: { PK: `ORG#${orgId}`, SK: `BANKITEM#${institutionId}` },
        UpdateExpression: 'SET #c = :null',
        ExpressionAttributeNames: { '#c': 'cursor' },
        ExpressionAttributeValues: { ':null': null },
      }),
    );
    const replayStarted = performance.now();
    const replay = await syncInstitution(orgId, institutionId);
    const replayMs = performance.now() - replayStarted;

    table([
      ['measure', 'result', 'rate', 'calibration', 'budget'],
      [
        `first sync: ${first.added.toLocaleString('en-US')} of ${generated.added.toLocaleString('en-US')} in ${first.pages} pages, ${RULE_SET.length} rules`,
        ms(firstMs),
        rate(first.added, firstMs),
        calibrationLabel(calibration),
        `<= ${ms(budget)} here, ${ms(BANK_SYNC_BUDGET_MS)} calibrated (${firstMs <= budget ? 'within' : 'OVER'})`,
      ],
      [`replay of the whole history from no cursor: ${replay.added} added`, ms(replayMs), '', '', 'adds 0'],
    ]);
    // The same rows for the peer figure, as the stand-in sends them.
    const standIn = createPlaidClient({ basePath: stack.plaidEndpoint, ...LOCAL.plaid });
    const rows = (await fetchSyncPages(standIn, accessToken, null)).added;
    return { rows, firstMs };
  } finally {
    await api.close();
  }
}
