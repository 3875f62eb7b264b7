import {
  APPLY_MAX_BODY_BYTES,
  APPLY_MAX_TRANSACTIONS,
  ApplyRuleInput,
  PreviewRuleInput,
  type RouteDef,
  RuleOrganizationQuery,
  RuleUpdate,
  routeList,
  routes,
} from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { keys, matchRowAttribute } from '../../functions/src/data/keys.js';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('categorization rule routes', () => {
  const ruleRoutes = (routeList as readonly RouteDef[]).filter((route) =>
    route.path.startsWith('/api/categorization-rules'),
  );

  it('declare organization scoping exactly where the query carries organizationId', () => {
    const carriesOrganization = (route: RouteDef) => route.query?.safeParse({ organizationId: 'x' }).success === true;
    const declared = (routeList as readonly RouteDef[]).filter((route) => route.orgScopedQuery);
    expect(declared.map((route) => route.id).sort()).toEqual(ruleRoutes.map((route) => route.id).sort());
    expect(
      (routeList as readonly RouteDef[])
        .filter(carriesOrganization)
        .map((route) => route.id)
        .sort(),
    ).toEqual(declared.map((route) => route.id).sort());
  });

  it('keep the SPEC paths and add preview, counts, batches and undo', () => {
    expect(routes.listRules).toMatchObject({ method: 'GET', path: '/api/categorization-rules' });
    expect(routes.createRule).toMatchObject({ method: 'POST', path: '/api/categorization-rules', status: 201 });
    expect(routes.updateRule).toMatchObject({ method: 'PUT', path: '/api/categorization-rules/{id}' });
    expect(routes.deleteRule).toMatchObject({ method: 'DELETE', path: '/api/categorization-rules/{id}' });
    expect(routes.applyRuleSingle).toMatchObject({ method: 'POST', path: '/api/categorization-rules/apply-single' });
    expect(ruleRoutes.map((route) => route.id).sort()).toEqual(
      [
        'applyRuleSingle',
        'countRuleMatches',
        'createRule',
        'deleteRule',
        'listRuleBatches',
        'listRules',
        'previewRule',
        'undoRuleBatch',
        'updateRule',
      ].sort(),
    );
  });

  it.each(ruleRoutes.map((route) => [route.id, route] as const))(
    '%s: staff only, organizationId in the query',
    (_, route) => {
      expect([...route.roles].sort()).toEqual(['ADMIN', 'LANDLORD', 'PROPERTY_MANAGER']);
      expect(route.query!.safeParse({ organizationId: 'org-1' }).success).toBe(true);
      expect(route.query!.safeParse({}).success).toBe(true);
      expect(route.query!.safeParse({ organizationId: 'a/b' }).success).toBe(false);
    },
  );

  it('lets apply-single carry thousands of full transaction objects', () => {
    expect(routes.applyRuleSingle.maxBodyBytes).toBe(APPLY_MAX_BODY_BYTES);
    const oneTransaction = JSON.stringify({
      id: '8f14e45f-ceea-467f-a8b5-1d2c3e4f5a6b',
      externalId: null,
      plaidTransactionId: null,
      userId: 'e4da3b7f-bbce-4345-9f2a-1c2b3d4e5f60',
      organizationId: 'c4ca4238-a0b9-4382-8dcc-509a6f75849b',
      institutionId: null,
      bankAccountId: null,
      amount: -1234.56,
      date: '2026-02-10',
      name: 'THE HOME DEPOT #4521 SPRINGFIELD IL',
      category: 'repairs',
      notes: 'Kitchen faucet for unit 2, tenant reported a leak',
      categorizationSource: 'manual',
      categorizationConfidence: null,
      categorizedAt: '2026-02-10T18:00:00.000Z',
      source: 'user_created',
      createdAt: '2026-02-10T18:00:00.000Z',
      updatedAt: '2026-02-10T18:00:00.000Z',
      propertyId: 'a87ff679-a2f3-471d-8181-a67b7542122c',
      isReviewed: false,
      isIgnored: false,
      hasReceipt: false,
      hasOpenReviewRequests: false,
      hasReviewHistory: false,
      version: 1,
    });
    expect(oneTransaction.length * APPLY_MAX_TRANSACTIONS).toBeLessThan(APPLY_MAX_BODY_BYTES);
  });

  it('organizationId: blank means not sent', () => {
    expect(RuleOrganizationQuery.parse({ organizationId: '' })).toEqual({ organizationId: undefined });
  });
});

describe('ApplyRuleInput', () => {
  const rule = { namePattern: 'home depot', amountMin: 10, category: 'repairs' };

  it('takes the SPEC body (full transaction objects) and keeps only their ids', () => {
    const parsed = ApplyRuleInput.parse({
      rule,
      transactions: [
        { id: 't1', name: 'HOME DEPOT', amount: -12, category: null, anything: 'else' },
        { id: 't2', name: 'X' },
      ],
    });
    expect(parsed.transactions).toEqual([{ id: 't1' }, { id: 't2' }]);
    expect(parsed.rule).toEqual({
      namePattern: 'home depot',
      amountMin: 1000,
      amountMax: null,
      amountExact: null,
      category: 'repairs',
    });
  });

  it('or every match minus the unticked ones', () => {
    const parsed = ApplyRuleInput.parse({ rule, allMatching: true, excludeIds: ['t9'], ruleId: 'r1' });
    expect(parsed).toMatchObject({ allMatching: true, excludeIds: ['t9'], ruleId: 'r1' });
  });

  it.each([
    ['neither selection', { rule }, /not both/],
    ['both selections', { rule, allMatching: true, transactions: [{ id: 't1' }] }, /not both/],
    [
      'excludeIds without allMatching',
      { rule, transactions: [{ id: 't1' }], excludeIds: ['t2'] },
      /goes with allMatching/,
    ],
    ['no category to set', { rule: { ...rule, category: '' }, allMatching: true }, /choose a category/],
    ['a bad pattern', { rule: { ...rule, namePattern: '[a-' }, allMatching: true }, /regular expression/],
    ['min > max', { rule: { ...rule, amountMax: 5 }, allMatching: true }, /at least the minimum/],
    ['an unknown category', { rule: { ...rule, category: 'groceries' }, allMatching: true }, /Choose a category/],
    ['a transaction without an id', { rule, transactions: [{ name: 'x' }] }, /id/],
    ['a bad id', { rule, transactions: [{ id: 'a/b' }] }, /not valid/],
    [
      'too many transactions',
      { rule, transactions: Array.from({ length: APPLY_MAX_TRANSACTIONS + 1 }, (_, i) => ({ id: `t${i}` })) },
      /at most 5,000/,
    ],
    ['an unknown field', { rule, allMatching: true, colour: 'red' }, /colour/],
  ])('refuses %s', (_, body, message) => {
    const result = ApplyRuleInput.safeParse(body);
    expect(result.success).toBe(false);
    expect(issuesOf(result).join('\n') + JSON.stringify(result.error?.issues)).toMatch(message);
  });
});

describe('RuleUpdate and PreviewRuleInput', () => {
  it('RuleUpdate is the create body plus the required version, and stays strict', () => {
    expect(RuleUpdate.parse({ name: 'x', version: 3 })).toMatchObject({
      name: 'x',
      priority: 0,
      isActive: true,
      version: 3,
    });
    const missing = RuleUpdate.safeParse({ name: 'x' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues).toEqual([
      expect.objectContaining({
        path: ['version'],
        message: 'version is required: send the version of the rule you loaded',
      }),
    ]);
    expect(RuleUpdate.safeParse({ name: 'x', version: 0 }).success).toBe(false);
    expect(RuleUpdate.safeParse({ name: 'x', version: 1, amountMin: 5, amountMax: 1 }).success).toBe(false);
    expect(RuleUpdate.safeParse({ name: 'x', version: 1, id: 'r1' }).success).toBe(false);
  });

  it('PreviewRuleInput pages at most 100', () => {
    expect(PreviewRuleInput.parse({ rule: { namePattern: 'x', category: 'repairs' } }).limit).toBeUndefined();
    expect(PreviewRuleInput.safeParse({ rule: { namePattern: 'x' }, limit: 101 }).success).toBe(false);
    expect(PreviewRuleInput.safeParse({ rule: { namePattern: 'x' }, limit: 0 }).success).toBe(false);
    expect(PreviewRuleInput.safeParse({ limit: 10 }).success).toBe(false);
  });
});

describe('rule and match-index key shapes (functions/src/data/keys.ts)', () => {
  it('pins each access pattern', () => {
    expect(keys.rule('o1', 'r1')).toEqual({ PK: 'ORG#o1', SK: 'RULE#r1' });
    expect(keys.rulesPrefix('o1')).toEqual({ PK: 'ORG#o1', SKPrefix: 'RULE#' });
    expect(keys.ruleBatch('o1', '20260101T000000000Z-abc')).toEqual({
      PK: 'ORG#o1',
      SK: 'RULEBATCH#20260101T000000000Z-abc',
    });
    expect(keys.openRuleBatch('o1', 'f1', 'b1')).toEqual({ GSI1PK: 'ORG#o1#RULEBATCH#OPEN', GSI1SK: 'f1#b1' });
    expect(keys.openRuleBatches('o1', 'f1')).toEqual({ GSI1PK: 'ORG#o1#RULEBATCH#OPEN', GSI1SKPrefix: 'f1#' });
    expect(keys.ruleBatchRecord('o1', 'b1', 'A', 'c1')).toEqual({ PK: 'ORG#o1', SK: 'RULEBATCHREC#b1#A#c1' });
    expect(keys.ruleBatchRecords('o1', 'b1', 'U')).toEqual({ PK: 'ORG#o1', SKPrefix: 'RULEBATCHREC#b1#U#' });
    expect(keys.matchCell('o1', '2026-02', 'p1')).toEqual({ PK: 'ORG#o1', SK: 'MATCH#2026-02#PROP#p1' });
    expect(keys.matchCell('o1', '2026-02', null)).toEqual({ PK: 'ORG#o1', SK: 'MATCH#2026-02#NOPROP' });
    expect(keys.matchIndexState('o1')).toEqual({ PK: 'ORG#o1', SK: 'MATCHINDEX' });
    expect(matchRowAttribute('t1')).toBe('m#t1');
  });

  it('keeps each prefix query to its own items', () => {
    const sks = {
      rule: keys.rule('o1', 'r1').SK,
      batch: keys.ruleBatch('o1', 'b1').SK,
      record: keys.ruleBatchRecord('o1', 'b1', 'A', 'c1').SK,
      cell: keys.matchCell('o1', '2026-02', null).SK,
      state: keys.matchIndexState('o1').SK,
      rollup: keys.rollup('o1', '2026-02', null).SK,
      transaction: keys.transaction('o1', 't1').SK,
      property: keys.property('o1', 'p1').SK,
      receipt: keys.receipt('o1', 'r1').SK,
    };
    const matching = (prefix: string) =>
      Object.entries(sks)
        .filter(([, sk]) => sk.startsWith(prefix))
        .map(([name]) => name);
    expect(matching(keys.rulesPrefix('o1').SKPrefix)).toEqual(['rule']);
    expect(matching(keys.ruleBatchesPrefix('o1').SKPrefix)).toEqual(['batch']);
    expect(matching(keys.ruleBatchRecords('o1', 'b1', 'A').SKPrefix)).toEqual(['record']);
    expect(matching(keys.matchIndexPrefix('o1').SKPrefix)).toEqual(['cell', 'state']);
    expect(matching(keys.rollupsPrefix('o1').SKPrefix)).toEqual(['rollup']);
    // The match cell of a month and property is the rollup cell's twin.
    expect(keys.matchCell('o1', '2026-02', 'p1').SK.replace('MATCH#', '')).toBe(
      keys.rollup('o1', '2026-02', 'p1').SK.replace('ROLLUP#', ''),
    );
  });
});
