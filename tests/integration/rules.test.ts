import { type RouteDef, routeList } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { client, newAdmin, signIn } from '../support/api.js';
import { partition } from '../support/db.js';
import { orgIdOf, TRANSACTION_FIELDS } from './ledger-helpers.js';
import { createTransactions, expectIndexConsistent, ruleBody } from './rules-helpers.js';

const RULES = '/api/categorization-rules';

describe('categorization rules: create, list, update, delete', () => {
  it('creates a rule from the SPEC body, with amounts as decimals and the SPEC defaults', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const res = await api.post(`${RULES}?organizationId=${orgId}`, {
      name: '  Mortgage  ',
      namePattern: 'wells fargo',
      amountMin: 1000,
      amountMax: '2000.5',
      category: 'mortgage',
    });
    expect(res.status).toBe(201);
    expect(res.body.rule).toMatchObject({
      name: 'Mortgage',
      description: null,
      namePattern: 'wells fargo',
      amountMin: 1000,
      amountMax: 2000.5,
      amountExact: null,
      category: 'mortgage',
      priority: 0,
      isActive: true,
      propertyId: null,
      organizationId: orgId,
      version: 1,
    });
    const item = (await partition(`ORG#${orgId}`)).find((i) => i.type === 'Rule');
    expect(item).toMatchObject({ SK: `RULE#${res.body.rule.id}`, amountMin: 100_000, amountMax: 200_050 });

    // Category is "" when the category update is off; unused optional fields are omitted.
    const off = await api.post(RULES, { name: 'Only flags big amounts', amountMin: 5000, category: '' });
    expect(off.status).toBe(201);
    expect(off.body.rule).toMatchObject({ category: '', namePattern: null, amountMin: 5000 });
  });

  it('lists rules in the order they are tried: active by priority, then oldest; inactive last', async () => {
    const { api } = await newAdmin();
    const low = (await api.post(RULES, ruleBody({ name: 'low', priority: 1 }))).body.rule;
    const inactive = (await api.post(RULES, ruleBody({ name: 'inactive', priority: 99, isActive: false }))).body.rule;
    const high = (await api.post(RULES, ruleBody({ name: 'high', priority: 5 }))).body.rule;
    const lowLater = (await api.post(RULES, ruleBody({ name: 'low later', priority: 1 }))).body.rule;
    const list = await api.get(RULES);
    expect(list.status).toBe(200);
    expect(list.body.rules.map((r: { id: string }) => r.id)).toEqual([high.id, low.id, lowLater.id, inactive.id]);
  });

  it('updates with the same body and its version, 409 on a stale version, and flips isActive with the version', async () => {
    const { api } = await newAdmin();
    const rule = (await api.post(RULES, ruleBody())).body.rule;
    const updated = await api.put(`${RULES}/${rule.id}`, ruleBody({ name: 'Renamed', amountExact: 42.1, version: 1 }));
    expect(updated.status).toBe(200);
    expect(updated.body.rule).toMatchObject({
      name: 'Renamed',
      amountExact: 42.1,
      version: 2,
      createdAt: rule.createdAt,
    });

    const stale = await api.put(`${RULES}/${rule.id}`, ruleBody({ name: 'Stale', version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/changed by someone else/);
    expect(stale.body.details.current).toEqual(updated.body.rule);

    // The rules page's toggle: an optimistic flip of isActive sends the same body with the version shown.
    const toggled = await api.put(
      `${RULES}/${rule.id}`,
      ruleBody({ name: 'Renamed', amountExact: 42.1, isActive: false, version: 2 }),
    );
    expect(toggled.status).toBe(200);
    expect(toggled.body.rule).toMatchObject({ isActive: false, version: 3 });
    expect((await api.get(RULES)).body.rules[0]).toEqual(toggled.body.rule);
  });

  it('deletes and returns the id; then 404', async () => {
    const { api } = await newAdmin();
    const rule = (await api.post(RULES, ruleBody())).body.rule;
    const deleted = await api.delete(`${RULES}/${rule.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: rule.id });
    expect((await api.delete(`${RULES}/${rule.id}`)).status).toBe(404);
    expect((await api.put(`${RULES}/${rule.id}`, ruleBody({ version: 1 }))).status).toBe(404);
    expect((await api.get(RULES)).body.rules).toEqual([]);
  });

  it.each([
    ['an invalid regular expression', { namePattern: 'home (depot' }, 'namePattern', /not a valid regular expression/],
    ['a lookahead (not in RE2)', { namePattern: 'rent(?=al)' }, 'namePattern', /lookahead/],
    [
      'a pattern too complex to match quickly',
      { namePattern: '((a{100}){100}){100}' },
      'namePattern',
      /too complex|not allowed/,
    ],
    ['min > max', { amountMin: 200, amountMax: 50 }, 'amountMax', /at least the minimum/],
    ['a negative amount', { amountExact: -50 }, 'amountExact', /cannot be negative/],
    ['more than 2 decimals', { amountMin: 1.234 }, 'amountMin', /2 decimal places/],
    ['an unknown category', { category: 'groceries' }, 'category', /Choose a category/],
    ['a category group instead of a subcategory', { category: 'income' }, 'category', /Choose a category/],
    ['a blank name', { name: '   ' }, 'name', /Name is required/],
    ['an unknown field', { colour: 'red' }, 'body', /Unknown field/],
  ])('refuses %s with 400 and writes nothing', async (_, change, path, message) => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const before = await partition(`ORG#${orgId}`);
    const res = await api.post(RULES, ruleBody(change));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    const issue = res.body.issues.find((i: { path: string }) => i.path === path);
    expect(issue?.message, JSON.stringify(res.body.issues)).toMatch(message);
    expect(await partition(`ORG#${orgId}`)).toEqual(before);
  });

  it('accepts a pattern that is catastrophic for backtracking engines, and matches it in linear time', async () => {
    const { api } = await newAdmin();
    await createTransactions(api, [{ name: `${'a'.repeat(290)}!`, amount: -10 }]);
    const created = await api.post(RULES, ruleBody({ namePattern: '(a+)+$' }));
    expect(created.status).toBe(201);
    // A backtracking engine would need 2^290 steps here and never answer within the test's timeout.
    const preview = await api.post(`${RULES}/preview`, { rule: { namePattern: '(a+)+$', category: 'repairs' } });
    expect(preview.status).toBe(200);
    expect(preview.body.count).toBe(0);
  });

  it("answers 404 for another organization's rules and organizationId, and keeps them apart", async () => {
    const owner = await newAdmin();
    const other = await newAdmin();
    const otherOrg = await orgIdOf(other.api);
    const theirs = (await other.api.post(RULES, ruleBody())).body.rule;
    const before = await partition(`ORG#${otherOrg}`);

    expect((await owner.api.put(`${RULES}/${theirs.id}`, ruleBody({ name: 'Mine now', version: 1 }))).status).toBe(404);
    expect((await owner.api.delete(`${RULES}/${theirs.id}`)).status).toBe(404);
    for (const [method, path, json] of [
      ['GET', `${RULES}?organizationId=${otherOrg}`, undefined],
      ['POST', `${RULES}?organizationId=${otherOrg}`, ruleBody()],
      ['POST', `${RULES}/preview?organizationId=${otherOrg}`, { rule: { namePattern: 'x', category: 'repairs' } }],
      ['GET', `${RULES}/match-counts?organizationId=${otherOrg}`, undefined],
      ['GET', `${RULES}/batches?organizationId=${otherOrg}`, undefined],
      ['DELETE', `${RULES}/${theirs.id}?organizationId=${otherOrg}`, undefined],
    ] as const) {
      const res = await owner.api.request(method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe('Organization was not found.');
    }
    expect((await owner.api.get(RULES)).body.rules).toEqual([]);
    expect(await partition(`ORG#${otherOrg}`)).toEqual(before);
    expect((await owner.api.get(`${RULES}?organizationId=not%20an%20id`)).status).toBe(400);
  });

  it('refuses tenants (403) on every rule route, before looking at the body', async () => {
    const { idToken } = await signIn('tara.tenant@demo.rent.today');
    const tenant = client(idToken);
    const ruleRoutes = (routeList as readonly RouteDef[]).filter((route) => route.path.startsWith(RULES));
    expect(ruleRoutes).toHaveLength(9);
    for (const route of ruleRoutes) {
      const res = await tenant.request(route.method, route.path.replace('{id}', 'some-id'), {
        json: route.body ? { anything: true } : undefined,
      });
      expect(res.status, route.id).toBe(403);
    }
  });

  it('refuses a property of another organization on a rule', async () => {
    const owner = await newAdmin();
    const other = await newAdmin();
    const theirProperty = (await other.api.post('/api/properties', { address: '9 Their Street' })).body.id;
    const res = await owner.api.post(RULES, ruleBody({ propertyId: theirProperty }));
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('propertyId');
    const mine = (await owner.api.post('/api/properties', { address: '1 My Street' })).body.id;
    expect((await owner.api.post(RULES, ruleBody({ propertyId: mine }))).body.rule.propertyId).toBe(mine);
    expect((await owner.api.post(RULES, ruleBody({ propertyId: '' }))).body.rule.propertyId).toBeNull();
  });
});

describe('preview: counts and pages matches over the whole organization', () => {
  it('counts every match, pages them newest first, and matches as the rule dialog does', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const rows = Array.from({ length: 23 }, (_, i) => ({
      name: i % 2 === 0 ? `THE HOME DEPOT #${i}` : `Homedepot.com order ${i}`,
      amount: i % 3 === 0 ? 75 : -(20 + i),
      date: `2026-01-${String(1 + i).padStart(2, '0')}`,
    }));
    await createTransactions(api, [
      ...rows,
      { name: 'Home Depot ignored', amount: -30, isIgnored: true },
      { name: 'Home Depot already repairs', amount: -30, category: 'repairs' },
      { name: "Lowe's", amount: -30 },
    ]);
    const rule = { namePattern: 'home\\s*depot', category: 'repairs' };
    const first = await api.post(`${RULES}/preview?organizationId=${orgId}`, { rule, limit: 10 });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(23);
    expect(first.body.transactions).toHaveLength(10);
    expect(Object.keys(first.body.transactions[0]).sort()).toEqual(TRANSACTION_FIELDS);
    expect(first.body.transactions[0].date).toBe('2026-01-23');
    const seen = [...first.body.transactions];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const next = await api.post(`${RULES}/preview`, { rule, limit: 10, cursor });
      expect(next.body.count).toBe(23);
      seen.push(...next.body.transactions);
      cursor = next.body.nextCursor;
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen.map((t) => t.id)).size).toBe(23);
    const dates = seen.map((t) => t.date);
    expect(dates).toEqual([...dates].sort().reverse());

    // Amounts by absolute value; exact takes precedence over min and max.
    const byAmount = async (criteria: Record<string, unknown>) =>
      (await api.post(`${RULES}/preview`, { rule: { ...rule, ...criteria } })).body.count;
    expect(await byAmount({ amountExact: 75 })).toBe(8);
    expect(await byAmount({ amountExact: 75, amountMin: 1000, amountMax: 2000 })).toBe(8);
    expect(await byAmount({ amountMin: 30, amountMax: 40 })).toBe(8);
    expect(await byAmount({ namePattern: null, amountMax: 21 })).toBe(1);
    // A rule with no criterion matches nothing.
    expect(await byAmount({ namePattern: '', amountMin: null })).toBe(0);
    expect((await api.post(`${RULES}/preview`, { rule, cursor: 'garbage!' })).status).toBe(400);
  });

  it('works on an organization whose transactions were written before the index existed (the build)', async () => {
    const { repositories } = await import('./rules-helpers.js');
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    await createTransactions(api, [
      { name: 'Rossi Plumbing', amount: -120, date: '2025-11-02' },
      { name: 'Rossi Plumbing', amount: -80, date: '2026-01-05' },
    ]);
    // Simulate data written by a seeder that bypasses the repositories: drop every index trace.
    const { db, TABLE_NAME } = await import('../support/db.js');
    const { DeleteCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    for (const item of await partition(`ORG#${orgId}`)) {
      if (String(item.SK).startsWith('MATCH')) {
        await db().send(new DeleteCommand({ TableName: TABLE_NAME, Key: { PK: item.PK, SK: item.SK } }));
      }
      const rows = Object.keys(item).filter((k) => k.startsWith('m#'));
      if (rows.length > 0) {
        await db().send(
          new UpdateCommand({
            TableName: TABLE_NAME,
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: `REMOVE ${rows.map((_, i) => `#r${i}`).join(', ')}`,
            ExpressionAttributeNames: Object.fromEntries(rows.map((r, i) => [`#r${i}`, r])),
          }),
        );
      }
    }
    const preview = await api.post(`${RULES}/preview`, { rule: { namePattern: 'rossi', category: 'repairs' } });
    expect(preview.status).toBe(200);
    expect(preview.body.count).toBe(2);
    const state = (await partition(`ORG#${orgId}`)).find((i) => i.SK === 'MATCHINDEX');
    expect(state).toMatchObject({ complete: true });
    await repositories();
    await expectIndexConsistent(orgId);
  });

  it('counts matches of every saved rule in one call', async () => {
    const { api } = await newAdmin();
    await createTransactions(api, [
      { name: 'Home Depot', amount: -10 },
      { name: 'Home Depot', amount: -11 },
      { name: 'Comcast', amount: -99 },
    ]);
    const depot = (await api.post(RULES, ruleBody())).body.rule;
    const comcast = (
      await api.post(RULES, ruleBody({ name: 'Internet', namePattern: 'comcast', category: 'utilities' }))
    ).body.rule;
    const none = (await api.post(RULES, ruleBody({ name: 'None', namePattern: 'zzz', isActive: false }))).body.rule;
    const res = await api.get(`${RULES}/match-counts`);
    expect(res.status).toBe(200);
    // The transactions were created before the rules, so none of them was categorized on arrival.
    expect(res.body.counts).toEqual(
      expect.arrayContaining([
        { ruleId: depot.id, count: 2 },
        { ruleId: comcast.id, count: 1 },
        { ruleId: none.id, count: 0 },
      ]),
    );
  });
});
