import { beforeAll, describe, expect, it } from 'vitest';
import { partition } from '../support/db.js';
import { type Api, team } from '../support/members.js';
import { ruleBody } from './rules-helpers.js';

// In-process, the service runs against the same DynamoDB Local (support/members.js points the repositories at it).
const { update } = await import('../../functions/src/services/rules/rules.js');
const { db } = await import('../../functions/src/data/client.js');
const { Conflict } = await import('../../functions/src/domain-errors.js');

/**
 * A rule update is conditional on the version the person saw (docs/rules.md "Changing a rule"): a PUT without
 * `version` is a 400, a stale one a 409 that carries the rule as it is now and changes nothing, and of two PUTs
 * sent at once with the same version exactly one wins.
 */
const RULES = '/api/categorization-rules';
type Team = Awaited<ReturnType<typeof team>>;
let t: Team;

beforeAll(async () => {
  t = await team();
});

async function create(over: Record<string, unknown> = {}) {
  const res = await t.admin.api.post(RULES, ruleBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.rule;
}

/** The PUT body of a rule as read (with its version), with changes: what the rules page and dialog send. */
const bodyOf = (r: Record<string, any>, changes: Record<string, unknown> = {}) => ({
  name: r.name,
  description: r.description,
  namePattern: r.namePattern,
  amountMin: r.amountMin,
  amountMax: r.amountMax,
  amountExact: r.amountExact,
  category: r.category,
  priority: r.priority,
  isActive: r.isActive,
  propertyId: r.propertyId,
  version: r.version,
  ...changes,
});
const put = (api: Api, id: string, body: unknown) => api.put(`${RULES}/${id}`, body);
const read = async (id: string) =>
  ((await t.admin.api.get(RULES)).body.rules as { id: string }[]).find((r) => r.id === id);
const stored = async (id: string) => (await partition(`ORG#${t.orgId}`)).find((i) => i.SK === `RULE#${id}`);

describe('PUT /api/categorization-rules/{id} is conditional on the version the person saw', () => {
  it('refuses a PUT without a version (400 on `version`), the active toggle included; nothing changes', async () => {
    const rule = await create({ name: 'No version' });
    const before = await stored(rule.id);
    const { version: _, ...noVersion } = bodyOf(rule, { isActive: false });
    for (const api of [t.admin.api, t.landlord.api, t.manager.api]) {
      const res = await put(api, rule.id, noVersion);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.error).toMatch(/^version is required/);
      expect(res.body.issues).toEqual([{ path: 'version', message: expect.stringMatching(/version is required/) }]);
    }
    for (const version of [null, '1', 0, 1.5]) {
      const res = await put(t.admin.api, rule.id, bodyOf(rule, { version }));
      expect(res.status, JSON.stringify(version)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['version']);
    }
    expect(await stored(rule.id)).toEqual(before);
    expect(await read(rule.id)).toEqual(rule);
  });

  it('answers a stale version with 409 and the rule as it is now; nothing changes', async () => {
    const seen = await create({ name: 'Stale rule' });
    const first = await put(t.manager.api, seen.id, bodyOf(seen, { name: 'Renamed by the manager', priority: 7 }));
    expect(first.status).toBe(200);
    const now = first.body.rule;
    expect(now.version).toBe(2);
    const before = await stored(seen.id);

    // The landlord's toggle, made over the rule as they loaded it before the manager's change.
    const stale = await put(t.landlord.api, seen.id, bodyOf(seen, { isActive: false }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/changed by someone else/) });
    expect(stale.body.details.current).toEqual(now);
    expect(stale.body.details.current).toEqual(await read(seen.id));

    // A version from the future is just as stale.
    expect((await put(t.landlord.api, seen.id, bodyOf(now, { version: 9 }))).status).toBe(409);
    expect(await stored(seen.id)).toEqual(before);

    // With the version it now has, the same toggle goes through and keeps the manager's change.
    const retried = await put(t.landlord.api, seen.id, bodyOf(now, { isActive: false }));
    expect(retried.status).toBe(200);
    expect(retried.body.rule).toMatchObject({
      name: 'Renamed by the manager',
      priority: 7,
      isActive: false,
      version: 3,
    });
    expect(await read(seen.id)).toEqual(retried.body.rule);
  });

  it('of two PUTs sent at once with the same version, exactly one is saved; the other is a 409 with the winner', async () => {
    for (let round = 0; round < 3; round++) {
      const seen = await create({ name: `Race ${round}` });
      const [a, b] = await Promise.all([
        put(t.admin.api, seen.id, bodyOf(seen, { name: `Admin ${round}`, isActive: false })),
        put(t.landlord.api, seen.id, bodyOf(seen, { name: `Landlord ${round}`, priority: 3 })),
      ]);
      expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409]);
      const [won, lost] = a.status === 200 ? [a, b] : [b, a];
      const saved = won.body.rule;
      expect(saved.version).toBe(2);
      expect(await read(seen.id)).toEqual(saved);
      expect(lost.body.code).toBe('CONFLICT');
      expect(lost.body.details.current).toEqual(saved);
    }
  });

  it('a save that loses the race after its version check (the write is conditioned on it) is the same 409', async () => {
    const seen = await create({ name: 'Between check and write' });
    const caller = { orgId: t.orgId };
    let winner: Awaited<ReturnType<typeof update>> | undefined;
    // Someone else's save lands between the loser's read (version 1, the one it sent) and its write.
    let armed = true;
    db.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { Key?: { SK?: string }; Item?: { SK?: string } };
        const writes = 'UpdateExpression' in input || 'Item' in input;
        if (armed && writes && (input.Key?.SK ?? input.Item?.SK) === `RULE#${seen.id}`) {
          armed = false;
          winner = await update(caller, seen.id, bodyOf(seen, { name: 'Saved first' }) as never);
        }
        return next(args);
      },
      { step: 'initialize', name: 'ruleRaceInBetween' },
    );
    try {
      const lost = await update(caller, seen.id, bodyOf(seen, { isActive: false }) as never).catch(
        (error: unknown) => error,
      );
      expect(lost).toBeInstanceOf(Conflict);
      expect((lost as InstanceType<typeof Conflict>).details?.current).toEqual(winner);
    } finally {
      db.middlewareStack.remove('ruleRaceInBetween');
    }
    expect(winner).toMatchObject({ name: 'Saved first', isActive: true, version: 2 });
    expect(await read(seen.id)).toEqual(winner);
  });

  it('a rule deleted meanwhile is a 404, whatever the version', async () => {
    const rule = await create({ name: 'Deleted meanwhile' });
    expect((await t.admin.api.delete(`${RULES}/${rule.id}`)).status).toBe(200);
    expect((await put(t.landlord.api, rule.id, bodyOf(rule))).status).toBe(404);
    expect(await stored(rule.id)).toBeUndefined();
  });
});
