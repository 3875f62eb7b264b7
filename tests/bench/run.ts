import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { QueryCommand, type QueryInput } from '@aws-sdk/client-dynamodb';
import { decodeJwt } from 'jose';
import { Agent, request } from 'undici';
import { bundleFunctions } from '../../infra/lib/bundle.js';
import { localClient } from '../../infra/local/dynamodb.js';
import { webDist } from '../../infra/local/paths.js';
import { LOCAL, type LocalStack, startLocalStack } from '../../infra/local/stack.js';
import { buildWebIfStale } from '../../infra/local/web-build.js';
import { benchActivity } from './activity-bench.js';
import { benchActualPeer } from './actual-peer.js';
import { benchBankSync } from './bank-sync-bench.js';
import { AGING_LEASES, LEDGER_YEARS, seedAging, seedTenantLedger } from './charges-bench.js';
import { everyGetRoute, type GetRouteId } from './every-route.js';
import { benchFirstPage, FIRST_PAGE_BUDGET_MS } from './first-page.js';
import { benchBlocking, benchLighthouse, RUNS } from './lighthouse.js';
import { demoListReads, reconciliationListRead } from './lists-bench.js';
import type { BareCall, LoadJob } from './load.js';
import { seedBenchMaintenance } from './maintenance-bench.js';
import { benchReconciliation } from './reconciliation-bench.js';
import { RENT_ROLL_LEASES, RENT_ROLL_MONTHS, seedRentRoll } from './rent-roll-bench.js';
import { describeReads, routeReads } from './route-reads.js';
import { benchRules, RULE_SET, client as rulesClient } from './rules-bench.js';
import {
  CALIBRATION_CHECKS_PER_SECOND,
  calibrate,
  calibrated,
  calibrationLabel,
  timeBudgetHere,
} from './rules-engine.js';
import { seedBenchTransactions } from './seed-transactions.js';
import { kb, ms, percentile, table } from './stats.js';
import { benchTaxPackage } from './tax-package-bench.js';
import { profileWrites } from './write-profile.js';

/**
 * `npm run bench`: prints figures, never fails a build. Budgets (docs/offline-stack.md "Bench budgets"):
 * first-load JS and CSS gzip are printed without a budget (docs/performance.md "Budgets"); each Lambda bundle's cold
 * import <= 100 ms at the calibration (docs/performance.md "Lambda bundles"); gateway+handler overhead <= 1.5x the bare
 * DynamoDB Local query.
 * `npm run bench -- lighthouse` runs only the named sections (sizes, api, maintenance, rentroll, leases, members,
 * lists, books, banksync, taxpackage, reconcile, activity, blocking, lighthouse, routes, and latency: below); no names runs
 * them all. `profile` (the bulk writes under the CPU profiler with every DynamoDB call traced,
 * tests/bench/write-profile.ts) runs only when named.
 */
const only = new Set(process.argv.slice(2));
const wants = (section: string) => only.size === 0 || only.has(section);
/**
 * `npm run bench -- latency`: only the API routes beside their bare DynamoDB reads (the api section's properties and
 * ledger pages, maintenance, rent roll, members, the other lists, every GET route), without the api section's first-page and rule
 * workflows.
 */
const latencyOnly = only.has('latency');
const wantsLatency = (section: string) => latencyOnly || wants(section);

async function main() {
  // Lambda runs Node 24; child processes inherit this and skip the SDK's Node 20 notice.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  buildWebIfStale();
  if (wants('sizes')) await benchSizes();
  const stack = await startLocalStack({ port: 0, persist: false, seed: true });
  try {
    if (wantsLatency('api')) await benchApi(stack, { workflows: wants('api') });
    if (wantsLatency('maintenance')) await benchMaintenance(stack);
    if (wantsLatency('rentroll')) await benchRentRoll(stack);
    if (wantsLatency('leases')) await benchLeaseAccounts(stack);
    if (wants('books')) await benchBooks(stack);
    if (wants('banksync')) {
      // Bank sync ingest from the Plaid stand-in, and Actual's importTransactions beside it.
      console.log('\n== Bank sync ingest: 10,000 transactions from the Plaid stand-in, 25 active rules ==');
      const owner = (await stack.tokensFor('bench-banksync@example.com')).id_token;
      const ingest = await benchBankSync(stack, owner, await organizationOf(stack, owner));
      await benchActualPeer(ingest.rows);
    }
    if (wants('taxpackage')) await benchTaxPackage(stack);
    if (only.has('profile')) {
      console.log('\n== Where the bulk writes spend their time: CPU profile and every DynamoDB call ==');
      await profileWrites(stack);
    }
    if (wants('reconcile')) await benchReconciliation(stack);
    if (wants('activity')) {
      // The Activity timeline of a transaction with 200 events, its DynamoDB calls counted.
      const owner = (await stack.tokensFor('bench-activity@example.com')).id_token;
      await benchActivity(stack, owner);
    }
    if (wantsLatency('members')) await benchMembers(stack);
    if (wantsLatency('lists')) await benchLists(stack);
    if (wants('blocking')) {
      console.log(
        '\n== Main-thread blocking on a phone at 4x CPU: every signed-in page, as the demo landlord and tenant ==',
      );
      await benchBlocking(stack);
    }
    if (wants('lighthouse')) {
      console.log(`\n== Lighthouse: every signed-in page, median of ${RUNS}, as the demo landlord and tenant ==`);
      await benchLighthouse(stack);
    }
    // Last: it adds to the demo organization what some routes need (docs/performance.md "Every GET route").
    if (wantsLatency('routes')) await benchEveryRoute(stack);
  } finally {
    await stack.stop();
  }
}

async function benchSizes() {
  // The rule engine first: its checks/s, with a sample after the cold imports, scales their budget below.
  console.log('== Rule engine (pure matching) ==');
  const engine = calibrate();
  console.log(
    `${Math.round(engine.checksPerSecond).toLocaleString('en-US')} transaction-rule checks/s (budget 1,000,000)`,
  );

  console.log('\n== SPA first load (gzip) ==');
  const firstLoad = firstLoadAssets();
  table([
    // No budget: the 170 KB one was withdrawn (React, the router and Cloudscape's core are 218 KB).
    ['kind', 'files', 'gzip'],
    ['JS', firstLoad.js.length, kb(gzipTotal(firstLoad.js))],
    ['CSS', firstLoad.css.length, kb(gzipTotal(firstLoad.css))],
  ]);

  console.log('\n== Lambda bundles: size and cold import ==');
  const { bundles } = await bundleFunctions({ log: false });
  // Calibrated before and after (the mean): the cold imports take minutes on a busy machine.
  const { result: rows, calibration } = await calibrated(async () =>
    bundles.map((bundle) => {
      const file = join(bundle.dir, 'index.mjs');
      const median = percentile(
        Array.from({ length: COLD_IMPORT_RUNS }, () => coldImportMs(file)),
        50,
      );
      return { ...bundle, median };
    }),
  );
  const budget = timeBudgetHere(calibration, COLD_IMPORT_BUDGET_MS);
  console.log(
    `cold import: median of ${COLD_IMPORT_RUNS} fresh processes per bundle; <= ${ms(budget)} here, ${COLD_IMPORT_BUDGET_MS} ms calibrated (${CALIBRATION_CHECKS_PER_SECOND / 1_000_000}M checks/s; this run ${calibrationLabel(calibration)})`,
  );
  table([
    ['function', 'size', 'cold import', 'budget'],
    ...rows.map((row) => [row.id, kb(row.bytes), ms(row.median), row.median <= budget ? 'within' : 'OVER']),
  ]);
  const largest = rows.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const slowest = rows.reduce((a, b) => (b.median > a.median ? b : a));
  const over = rows.filter((row) => row.median > budget).length;
  console.log(
    `largest ${largest.id} (${kb(largest.bytes)}, ${ms(largest.median)}); slowest ${slowest.id} (${ms(slowest.median)}); ${over} of ${rows.length} OVER`,
  );
}

/**
 * API latencies beside bare DynamoDB, then (`workflows`) the SPA's first ledger page at 50 vs 50,000 and the rule
 * workflows.
 */
async function benchApi(stack: LocalStack, { workflows }: { workflows: boolean }) {
  {
    const landlord = (await stack.tokensFor('lena.landlord@demo.rent.today')).id_token;
    console.log('\n== GET /api/properties under 20 concurrent clients (identity: one GetItem) ==');
    await compare(stack, landlord, '/api/properties', keyPrefixBare('ORG#demo-org', 'PROP#'));
    console.log("\n== The same without the header, as a browser's first request (identity: the remembered choice) ==");
    await compare(stack, landlord, '/api/properties', keyPrefixBare('ORG#demo-org', 'PROP#'), { firstRequest: true });
    await benchPropertyLists(stack, landlord);
    await benchRulesList(stack);

    console.log('\n== GET /api/transactions on an organization with 50,000 transactions, 20% of them split ==');
    const owner = (await stack.tokensFor('bench-owner@example.com')).id_token;
    const orgId = await organizationOf(stack, owner);
    const seeded = await seedBenchTransactions(stack.dynamoEndpoint, LOCAL.tableName, orgId, 50_000, {
      splitShare: 0.2,
    });
    console.log(`seeded 50,000 transactions in ${ms(seeded.ms)}`);
    // The queries listTransactions performs (functions/src/data/ledger/list.ts): Limit = page + 1.
    const ledgerQuery = (index: 'GSI1' | 'GSI2', pk: string, prefix: string) => ({
      IndexName: index,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#pk': `${index}PK`, '#sk': `${index}SK` },
      ExpressionAttributeValues: { ':pk': { S: pk }, ':from': { S: `${prefix}0` }, ':to': { S: `${prefix}~` } },
      ScanIndexForward: false,
      Limit: 51,
    });
    console.log('first page of 50:');
    await compare(stack, owner, '/api/transactions?limit=50', ledgerQuery('GSI1', `ORG#${orgId}#TXN`, ''));
    const property = seeded.propertyIds[0]!;
    // A property's page reads its own partition and, beside it, the splits across properties with a part on it
    // (docs/ledger.md "Split transactions"): the bare reads are those two Queries at once.
    const splitsOnProperty = ledgerQuery('GSI2', `ORG#${orgId}#SPLITPROPS`, 'TXN#');
    console.log(`one property's page of 50 (${property}):`);
    await compare(stack, owner, `/api/transactions?limit=50&propertyId=${property}`, [
      {
        Parallel: [
          { Query: { TableName: LOCAL.tableName, ...ledgerQuery('GSI2', `ORG#${orgId}#PROP#${property}`, 'TXN#') } },
          {
            Query: {
              TableName: LOCAL.tableName,
              ...splitsOnProperty,
              Limit: 1000,
              FilterExpression: 'contains(#tags, :tag)',
              ExpressionAttributeNames: { ...splitsOnProperty.ExpressionAttributeNames, '#tags': 'partTags' },
              ExpressionAttributeValues: {
                ...splitsOnProperty.ExpressionAttributeValues,
                ':tag': { S: `p:${property}` },
              },
            },
          },
        ],
      },
    ]);
    if (!workflows) return;

    console.log("\n== The SPA's first page of transactions: 50 vs 50,000 in the organization ==");
    const small = (await stack.tokensFor('bench-small@example.com')).id_token;
    await seedBenchTransactions(stack.dynamoEndpoint, LOCAL.tableName, await organizationOf(stack, small), 50);
    await benchFirstPage(stack, [
      { label: '50 transactions', email: 'bench-small@example.com' },
      { label: '50,000 transactions', email: 'bench-owner@example.com', budgetMs: FIRST_PAGE_BUDGET_MS },
    ]);

    console.log('\n== Categorization rules on the same 50,000 transactions ==');
    await benchRules(stack, owner, orgId);
  }
}

/**
 * Maintenance: the staff list's first page in an organization with 1,000 requests, beside its bare Query, and beside
 * every read the page needs made bare: the Query, then one consistent BatchGetItem of the page's properties (their
 * addresses), its reporters' profiles (a deleted account's name) and the organization's counts per status.
 */
async function benchMaintenance(stack: LocalStack) {
  console.log('\n== GET /api/maintenance on an organization with 1,000 requests ==');
  const owner = (await stack.tokensFor('bench-maintenance@example.com')).id_token;
  const orgId = await organizationOf(stack, owner);
  const seeded = await seedBenchMaintenance(stack.dynamoEndpoint, LOCAL.tableName, orgId, 1000);
  console.log(`seeded 1,000 requests in ${ms(seeded.ms)}`);
  // The Query listMaintenance makes for an unfiltered page of 25 (Limit = page + 1), newest first.
  const page = { TableName: LOCAL.tableName, ...keyPrefixBare(`ORG#${orgId}`, 'MAINT#'), ScanIndexForward: false };
  await compare(stack, owner, '/api/maintenance?limit=25', { ...page, Limit: 26 });

  const shown = (await localClient(stack.dynamoEndpoint).send(new QueryCommand({ ...page, Limit: 25 }))).Items ?? [];
  const key = (pk: string, sk: string) => ({ PK: { S: pk }, SK: { S: sk } });
  const context = [
    ...[...new Set(shown.map((r) => r.propertyId!.S!))].map((id) => key(`ORG#${orgId}`, `PROP#${id}`)),
    ...[...new Set(shown.map((r) => r.reportedById!.S!))].map((id) => key(`USER#${id}`, 'PROFILE')),
    key(`ORG#${orgId}`, 'COUNTER#MAINT'),
  ];
  console.log(`\nthe same page beside all its reads (the Query, then ${context.length} keys in one BatchGetItem):`);
  await compare(stack, owner, '/api/maintenance?limit=25', [
    { Query: { ...page, Limit: 26 } },
    { BatchGetItem: { RequestItems: { [LOCAL.tableName]: { Keys: context, ConsistentRead: true } } } },
  ]);
}

/**
 * A property's leases and loans (the property drawer's lists) beside the same reads bare: the property (a GetItem,
 * another organization's is a 404) beside its GSI2 Query, then for leases the tenants' profiles.
 */
async function benchPropertyLists(stack: LocalStack, landlord: string) {
  const propertyId = 'prop-maple-12';
  const property: BareCall = {
    GetItem: {
      TableName: LOCAL.tableName,
      Key: { PK: { S: 'ORG#demo-org' }, SK: { S: `PROP#${propertyId}` } },
      ConsistentRead: true,
    },
  };
  const references = (prefix: string) => ({
    TableName: LOCAL.tableName,
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :prefix)',
    ExpressionAttributeValues: { ':pk': { S: `ORG#demo-org#PROP#${propertyId}` }, ':prefix': { S: prefix } },
  });
  const leases = (await localClient(stack.dynamoEndpoint).send(new QueryCommand(references('TENANCY#')))).Items ?? [];
  const tenantIds = [...new Set(leases.map((lease) => lease.userId!.S!))];
  console.log(`\n== GET /api/properties/${propertyId}/leases (${leases.length} leases) under 20 concurrent clients ==`);
  await compare(stack, landlord, `/api/properties/${propertyId}/leases`, [
    { Parallel: [property, { Query: references('TENANCY#') }] },
    {
      BatchGetItem: {
        RequestItems: {
          [LOCAL.tableName]: { Keys: tenantIds.map((id) => ({ PK: { S: `USER#${id}` }, SK: { S: 'PROFILE' } })) },
        },
      },
    },
  ]);
  console.log(`\n== GET /api/properties/${propertyId}/loans under 20 concurrent clients ==`);
  await compare(stack, landlord, `/api/properties/${propertyId}/loans`, [
    { Parallel: [property, { Query: references('LOAN#') }] },
  ]);
}

/** The Rules page's list: an organization's 25 rules, made through the API, beside its one consistent Query bare. */
async function benchRulesList(stack: LocalStack) {
  const owner = (await stack.tokensFor('bench-rules-list@example.com')).id_token;
  const orgId = await organizationOf(stack, owner);
  const api = rulesClient(stack, owner);
  try {
    for (const [i, rule] of RULE_SET.entries()) {
      const res = await api.post('/api/categorization-rules', { name: `Rule ${i + 1}`, priority: i % 3, ...rule });
      if (res.status !== 201) throw new Error(`rule ${i + 1}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  } finally {
    await api.close();
  }
  console.log(`\n== GET /api/categorization-rules (${RULE_SET.length} rules) under 20 concurrent clients ==`);
  await compare(stack, owner, '/api/categorization-rules', {
    ...keyPrefixBare(`ORG#${orgId}`, 'RULE#'),
    ConsistentRead: true,
  });
}

/**
 * The rent roll of 50 leases x 24 months, as the web asks for it, beside the same reads bare.
 */
async function benchRentRoll(stack: LocalStack) {
  console.log(`\n== GET /api/reports/rent-roll: ${RENT_ROLL_LEASES} leases x ${RENT_ROLL_MONTHS} months ==`);
  const owner = (await stack.tokensFor('bench-rentroll@example.com')).id_token;
  const orgId = await organizationOf(stack, owner);
  const { from, to, tenants } = await seedRentRoll(stack, owner, orgId);
  // The roll reads the leases, then at once the properties, every charge, the rollups since the leases began and the
  // tenants' profiles.
  const org = `ORG#${orgId}`;
  const between = (a: string, b: string) => ({
    Query: {
      TableName: LOCAL.tableName,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': { S: org }, ':from': { S: a }, ':to': { S: b } },
    },
  });
  await compare(
    stack,
    owner,
    `/api/reports/rent-roll?from=${from}&to=${to}`,
    [
      between('TENANCY#', 'TENANCY#~'),
      {
        Parallel: [
          between('PROP#', 'PROP#~'),
          between('CHARGE#', 'CHARGE#~'),
          between(`ROLLUP#${from}#`, `ROLLUP#${to}#~`),
          {
            BatchGetItem: {
              RequestItems: {
                [LOCAL.tableName]: {
                  Keys: tenants.map((u) => ({ PK: { S: `USER#${u}` }, SK: { S: 'PROFILE' } })),
                },
              },
            },
          },
        ],
      },
    ],
    { load: { total: 600, concurrency: 20, warmup: 60 } },
  );
}

/** A tenant ledger of a 10-year lease, and the aging report of 500 leases, each beside the reads it makes, bare. */
async function benchLeaseAccounts(stack: LocalStack) {
  console.log(`\n== GET /api/leases/{id}/ledger: a ${LEDGER_YEARS}-year lease ==`);
  const owner = (await stack.tokensFor('bench-ledger@example.com')).id_token;
  const ledgerOrg = await organizationOf(stack, owner);
  const ledger = await seedTenantLedger(stack, owner, ledgerOrg);
  await compare(stack, owner, ledger.path, ledger.bare, { load: { total: 600, concurrency: 20, warmup: 60 } });

  console.log(`\n== GET /api/reports/aging: ${AGING_LEASES} leases ==`);
  const agingOwner = (await stack.tokensFor('bench-aging@example.com')).id_token;
  const agingOrg = await organizationOf(stack, agingOwner);
  const aging = await seedAging(stack, agingOwner, agingOrg);
  await compare(stack, agingOwner, aging.path, aging.bare, { load: { total: 200, concurrency: 10, warmup: 20 } });
}

/**
 * The books on an organization with 50,000 transactions over 10 properties: the dashboard and
 * 24 months of cash flow and a Schedule E year, each beside the bare rollup Query it is built on.
 */
async function benchBooks(stack: LocalStack) {
  console.log('\n== The books on an organization with 50,000 transactions over 10 properties, 20% of them split ==');
  const owner = (await stack.tokensFor('bench-books@example.com')).id_token;
  const orgId = await organizationOf(stack, owner);
  const seeded = await seedBenchTransactions(stack.dynamoEndpoint, LOCAL.tableName, orgId, 50_000, {
    properties: 10,
    splitShare: 0.2,
  });
  console.log(`seeded 50,000 transactions in ${ms(seeded.ms)}`);
  const month = (back: number) => {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - back);
    return d.toISOString().slice(0, 7);
  };
  const rollups = (from: string, to: string) => ({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': { S: `ORG#${orgId}` },
      ':from': { S: `ROLLUP#${from}#` },
      ':to': { S: `ROLLUP#${to}#~` },
    },
  });
  const year = month(12).slice(0, 4);
  for (const [label, path, query] of [
    ['dashboard, trailing 12 months', `/api/dashboard?from=${month(11)}&to=${month(0)}`, rollups(month(11), month(0))],
    ['cash flow, 24 months', `/api/reports/cash-flow?from=${month(23)}&to=${month(0)}`, rollups(month(23), month(0))],
    [`Schedule E ${year}`, `/api/reports/schedule-e?year=${year}`, rollups(`${year}-01`, `${year}-12`)],
  ] as const) {
    console.log(`${label}:`);
    // Each reads a year or two of rollups: 600 requests give stable percentiles in minutes, not an hour.
    const load = { total: 600, concurrency: 20, warmup: 60 };
    await compare(stack, owner, path, query, { load });
    // What else it reads (properties, leases, the capital ledger, choices, charges) it needs to answer at all.
    console.log('the same report beside all its reads:');
    await compare(stack, owner, path, await routeReads(stack, owner, path, orgId), { load });
  }
}

/**
 * Members and the identity lookup: GET /api/members in the demo organization, as the web sends it (with
 * X-Organization-Id: identity is one consistent GetItem of that membership) and without the header (the profile's
 * remembered choice, then the membership), each beside the same DynamoDB reads made bare, in the same order:
 * identity, the organization's membership Query, the members' profiles (BatchGetItem).
 */
async function benchMembers(stack: LocalStack) {
  const landlord = (await stack.tokensFor('lena.landlord@demo.rent.today')).id_token;
  const orgId = await organizationOf(stack, landlord);
  const membersQuery = {
    TableName: LOCAL.tableName,
    ...keyPrefixBare(`ORG#${orgId}`, 'MEMBER#'),
    ConsistentRead: true,
  };
  const memberships = (await localClient(stack.dynamoEndpoint).send(new QueryCommand(membersQuery))).Items ?? [];
  const userIds = memberships.map((m) => m.userId!.S!);
  const userId = decodeJwt(landlord).sub!;
  const get = (PK: string, SK: string): BareCall => ({
    GetItem: { TableName: LOCAL.tableName, Key: { PK: { S: PK }, SK: { S: SK } }, ConsistentRead: true },
  });
  const listing: BareCall[] = [
    { Query: membersQuery },
    {
      BatchGetItem: {
        RequestItems: {
          [LOCAL.tableName]: { Keys: userIds.map((id) => ({ PK: { S: `USER#${id}` }, SK: { S: 'PROFILE' } })) },
        },
      },
    },
  ];
  const membership = get(`ORG#${orgId}`, `MEMBER#${userId}`);
  console.log('\n== GET /api/members with X-Organization-Id (identity: one GetItem) ==');
  await compare(stack, landlord, '/api/members', [membership, ...listing]);
  console.log('\n== GET /api/members without the header (identity: the remembered choice or earliest membership) ==');
  await compare(stack, landlord, '/api/members', [get(`USER#${userId}`, 'PROFILE'), membership, ...listing], {
    firstRequest: true,
  });
}

/** The other lists (tests/bench/lists-bench.ts), each beside its reads made bare. */
async function benchLists(stack: LocalStack) {
  const landlord = (await stack.tokensFor('lena.landlord@demo.rent.today')).id_token;
  for (const { token, path, bare, load } of [
    ...(await demoListReads(stack, landlord)),
    await reconciliationListRead(stack),
  ]) {
    console.log(`\n== GET ${path} under ${load?.concurrency ?? 20} concurrent clients ==`);
    await compare(stack, token, path, bare, { load });
  }
}

/**
 * Every GET route of the route table beside all its reads made bare (tests/bench/every-route.ts, route-reads.ts), with
 * fewer requests than the sections above, then one table of them all. `ROUTES=getLoan,listMaintenance` narrows it to
 * those, in that order (a route named twice is measured twice).
 */
async function benchEveryRoute(stack: LocalStack) {
  const [landlord, tenant] = await Promise.all(
    ['lena.landlord@demo.rent.today', 'tara.tenant@demo.rent.today'].map(
      async (email) => (await stack.tokensFor(email)).id_token,
    ),
  );
  const orgId = await organizationOf(stack, landlord!);
  const rows: (string | number)[][] = [];
  const everyRoute = await everyGetRoute(stack, { landlord: landlord!, tenant: tenant! });
  const ids = (process.env.ROUTES?.split(',') ?? Object.keys(everyRoute)) as GetRouteId[];
  let warm = false;
  for (const id of ids) {
    if (!everyRoute[id]) throw new Error(`ROUTES: no GET route ${id}`);
    const { token, path } = everyRoute[id];
    const bare = await routeReads(stack, token, path, orgId);
    const calls = bare.flatMap((call) => ('Parallel' in call ? call.Parallel : [call])).length;
    console.log(`\n== ${id}: GET ${path}, ${calls} reads in ${bare.length} waits after identity ==`);
    console.log(describeReads(bare));
    if (bare.length === 0) {
      rows.push([id, 0, 0, '', '', 'no read but identity', '']);
      continue;
    }
    if (!warm) await warmSection(stack, token, path, bare);
    warm = true;
    const measured = await compare(stack, token, path, bare, { load: EVERY_ROUTE_LOAD });
    const over = Math.max(measured.ratio50, measured.ratio95) > 1.5;
    rows.push([
      id,
      calls,
      bare.length,
      ms(measured.p50),
      ms(measured.p95),
      `${measured.ratio50.toFixed(2)}x / ${measured.ratio95.toFixed(2)}x`,
      over ? 'OVER' : '',
    ]);
  }
  console.log(`\n== Every GET route beside all its reads, ${EVERY_ROUTE_LOAD.concurrency} concurrent clients ==`);
  table([['route', 'reads', 'waits', 'p50', 'p95', 'vs its reads, p50 / p95 (budget 1.5x)', ''], ...rows]);
}
const EVERY_ROUTE_LOAD = { total: 400, concurrency: 20, warmup: 100 };

/**
 * The section's first route asked and read bare in turn, uncounted, for 20 s before it is measured: right after the
 * setup, DynamoDB Local's JIT compiler is still at work and the first comparisons read higher than the same routes
 * later (the figures: docs/offline-stack.md "Bench method").
 */
async function warmSection(stack: LocalStack, token: string, path: string, bare: BareCall[]) {
  const headers = { 'x-organization-id': await organizationOf(stack, token) };
  const load = { concurrency: 20, total: 100, warmup: 0 };
  for (const until = Date.now() + 20_000; Date.now() < until; ) {
    await runLoad({ kind: 'http', url: `${stack.url}${path}`, token, certPath: stack.certPath, headers, ...load });
    await runLoad({ kind: 'dynamodb', endpoint: stack.dynamoEndpoint, sequence: bare, ...load });
  }
  console.log('(the section warmed by its first route for 20 s)');
}

/**
 * A bare prefix Query written as the routes write it (functions/src/data/query.ts `keyPrefix`: BETWEEN the
 * prefix and the prefix with U+10FFFF; not imported, since that module reads the Lambda config when loaded).
 */
function keyPrefixBare(pk: string, prefix: string) {
  return {
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :prefix AND :prefixEnd',
    ExpressionAttributeValues: {
      ':pk': { S: pk },
      ':prefix': { S: prefix },
      ':prefixEnd': { S: `${prefix}\u{10FFFF}` },
    },
  };
}

/**
 * The server's code warm before the first comparison, as every later one finds it: a fresh process runs its first few
 * thousand requests at about one and a half times the CPU of the next (V8 still compiling), which only the first
 * route compared would pay, and only on the server's side. A container's cold start is its own figure (the cold
 * imports, `sizes`).
 */
let serverWarm = false;
async function warmServer(stack: LocalStack) {
  if (serverWarm) return;
  serverWarm = true;
  const token = (await stack.tokensFor('lena.landlord@demo.rent.today')).id_token;
  const url = `${stack.url}/api/properties`;
  const load = { certPath: stack.certPath, token, url, concurrency: 20, warmup: 0 } as const;
  await runLoad({ kind: 'http', ...load, total: 2000, headers: { 'x-organization-id': 'demo-org' } });
  await runLoad({ kind: 'http', ...load, total: 1000 });
  console.log('\n(the server warmed by 3,000 requests first)');
}

/**
 * Latency of an API route beside the bare DynamoDB Local query it performs, measured in one run: the two loads
 * alternate in rounds, so a change in the machine's load during the run weighs on both sides alike. Each side's first
 * round starts with `warmup` requests that are not counted: the route's own code warm, as a container finds it after
 * its first requests (docs/offline-stack.md "Bench method").
 */
async function compare(
  stack: LocalStack,
  token: string,
  path: string,
  bareReads: Omit<QueryInput, 'TableName'> | BareCall[],
  {
    firstRequest = false,
    load = { total: 2000, concurrency: 20, warmup: 1500 },
  }: {
    /** Without X-Organization-Id, as a browser's first request; otherwise as the web asks from its first answer on. */
    firstRequest?: boolean;
    load?: { total: number; concurrency: number; warmup: number };
  } = {},
) {
  await warmServer(stack);
  const headers = firstRequest ? undefined : { 'x-organization-id': await organizationOf(stack, token) };
  const bareJob = Array.isArray(bareReads)
    ? { sequence: bareReads }
    : { query: { TableName: LOCAL.tableName, ...bareReads } };
  const url = `${stack.url}${path}`;
  const rounds = 4;
  const api: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const part = { concurrency: load.concurrency, total: load.total / rounds, warmup: round === 0 ? load.warmup : 0 };
    api.push(...(await runLoad({ kind: 'http', url, token, certPath: stack.certPath, headers, ...part })));
    bare.push(
      ...(await runLoad({
        kind: 'dynamodb',
        endpoint: stack.dynamoEndpoint,
        ...bareJob,
        ...part,
      })),
    );
  }
  const row = (name: string, samples: number[]) => [name, ms(percentile(samples, 50)), ms(percentile(samples, 95))];
  table([
    [`${load.concurrency} concurrent clients`, 'p50', 'p95'],
    row(`GET ${path}`, api),
    row(Array.isArray(bareReads) ? 'the same reads, bare' : 'bare DynamoDB query', bare),
  ]);
  const ratio = (p: number) => percentile(api, p) / percentile(bare, p);
  console.log(`overhead ratio: p50 ${ratio(50).toFixed(2)}x, p95 ${ratio(95).toFixed(2)}x (budget 1.5x)`);
  return { p50: percentile(api, 50), p95: percentile(api, 95), ratio50: ratio(50), ratio95: ratio(95) };
}

async function organizationOf(stack: LocalStack, token: string): Promise<string> {
  const dispatcher = new Agent({ connect: { ca: readFileSync(stack.certPath) } });
  const res = await request(`${stack.url}/api/organization`, {
    dispatcher,
    headers: { authorization: `Bearer ${token}` },
  });
  const { id } = (await res.body.json()) as { id: string };
  await dispatcher.close();
  return id;
}

/** Runs a load job in a separate process (tests/bench/load.ts) and returns its latencies. */
async function runLoad(job: LoadJob): Promise<number[]> {
  // Asynchronous on purpose: the server being measured lives in this process's event loop.
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'load.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(job));
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const [code] = (await once(child, 'close')) as [number];
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  return JSON.parse(out) as number[];
}

/** The JS and CSS the browser fetches before the first render: index.html's scripts, preloads and styles. */
function firstLoadAssets() {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const refs = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => join(webDist, m[1]!));
  return {
    js: [
      ...new Set([...refs(/<script[^>]+src="([^"]+)"/g), ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)]),
    ],
    // Preloaded, and applied by the app before its first render (web/build/first-styles.ts).
    css: refs(/<link[^>]+rel="preload" as="style"[^>]+href="([^"]+)"/g),
  };
}

const gzipTotal = (files: string[]) =>
  files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);

/** Each bundle's cold import: the budget at the calibration (docs/performance.md "Lambda bundles"), runs per bundle. */
const COLD_IMPORT_BUDGET_MS = 100;
const COLD_IMPORT_RUNS = 3;

/** Time to import a bundle in a fresh Node process (what a Lambda cold start pays for our code). */
function coldImportMs(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(file)});process.stdout.write(String(performance.now()-t));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'us-east-1' },
  });
  return Number(out.toString());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
