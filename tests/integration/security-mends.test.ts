import { MAX_RULES_PER_ORGANIZATION } from '@rent/shared';
import { fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { client, newAdmin, signIn } from '../support/api.js';
import { partition } from '../support/db.js';
import { orgIdOf } from './ledger-helpers.js';
import { dispatcher, PNG_BYTES, putToPresignedUrl } from './receipt-upload.js';
import { createTransactions, repositories, ruleBody } from './rules-helpers.js';

/** Security findings from an outside review, each proven closed here. */

const RULES = '/api/categorization-rules';

describe('a tenant sees a property without its money', () => {
  const TENANT_FIELDS = ['address', 'id', 'propertyType'];

  it('GET /api/properties/{id} and GET /api/properties answer only id, address and type', async () => {
    const tenant = client((await signIn('tara.tenant@demo.rent.today')).idToken);
    const one = await tenant.get('/api/properties/prop-maple-12');
    expect(one.status).toBe(200);
    expect(Object.keys(one.body).sort()).toEqual(TENANT_FIELDS);
    expect(one.body.id).toBe('prop-maple-12');
    const list = await tenant.get('/api/properties');
    expect(list.status).toBe(200);
    expect(list.body.map((p: object) => Object.keys(p).sort())).toEqual([TENANT_FIELDS]);

    // Staff still see the whole property.
    const landlord = client((await signIn('lena.landlord@demo.rent.today')).idToken);
    const full = await landlord.get('/api/properties/prop-maple-12');
    expect(full.body).toHaveProperty('acquisitionPrice');
    expect(full.body).toHaveProperty('version');
  });
});

describe('cursors carry a signature', () => {
  const forge = (state: object) => Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
  const decode = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  /** The server state inside a cursor, whether it is signed ({ p, s }) or not: edited in place by tests. */
  const stateOf = (cursor: { p?: Record<string, any> } & Record<string, any>) => cursor.p ?? cursor;

  it('a totals cursor written by the client is refused with 400', async () => {
    const { api } = await newAdmin();
    await createTransactions(api, [{ name: 'Rent March', amount: 100 }]);
    const forged = forge({ v: 1, s: 0, k: null, t: { in: 99_999_900, out: 0, count: 7 } });
    const res = await api.get(`/api/transactions/totals?search=rent&cursor=${forged}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/page link is not valid/);
  });

  it('a real totals cursor still works; the same cursor with other sums is refused', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    await createTransactions(api, [
      { name: 'Rent A', amount: 100 },
      { name: 'Rent B', amount: 200 },
      { name: 'Rent C', amount: -50 },
      { name: 'Rent D', amount: 25 },
    ]);
    const { transactions } = await repositories();
    const first = await transactions.transactionTotals(orgId, { search: 'rent' }, undefined, { reads: 1, items: 2 });
    expect(first.cursor).not.toBeNull();
    const cursor = first.cursor!;

    const rest = await api.get(`/api/transactions/totals?search=rent&cursor=${cursor}`);
    expect(rest.status).toBe(200);
    // Not categorized: all of the net is left out of the reports.
    expect(rest.body.totals).toEqual({
      in: 325,
      out: -50,
      net: 275,
      count: 4,
      transfers: 0,
      uncategorized: 275,
      counted: 0,
    });

    const signed = decode(cursor);
    stateOf(signed).t = { in: 1_000_000, out: 0, count: 1, transfers: 0, uncategorized: 1_000_000 };
    const tampered = forge(signed);
    const refused = await api.get(`/api/transactions/totals?search=rent&cursor=${tampered}`);
    expect(refused.status).toBe(400);
  });

  it('a ledger page cursor that was edited is refused', async () => {
    const { api } = await newAdmin();
    await createTransactions(api, [
      { name: 'One', amount: 1 },
      { name: 'Two', amount: 2 },
    ]);
    const page = await api.get('/api/transactions?limit=1');
    expect(page.body.nextCursor).toBeTruthy();
    expect((await api.get(`/api/transactions?limit=1&cursor=${page.body.nextCursor}`)).status).toBe(200);
    // Another key of the same organization and index, as a client could write it.
    const signed = decode(page.body.nextCursor);
    const key = stateOf(signed).k;
    key.GSI1SK = `2000-01-01${key.GSI1SK.slice(10)}`;
    const edited = forge(signed);
    expect((await api.get(`/api/transactions?limit=1&cursor=${edited}`)).status).toBe(400);
  });
});

describe('a receipt cannot be swapped after it was confirmed', () => {
  it('a PUT with the old presigned URL does not change what the receipt serves', async () => {
    const { api } = await newAdmin();
    const requested = await api.post('/api/receipts/upload-receipts', {
      fileName: 'invoice.png',
      contentType: 'image/png',
      size: PNG_BYTES.length,
      transactionId: null,
    });
    expect(requested.status).toBe(201);
    const upload = requested.body.upload;
    expect((await putToPresignedUrl(upload, PNG_BYTES)).status).toBe(200);
    const confirmed = await api.post(`/api/receipts/${requested.body.reference}/confirm`);
    expect(confirmed.status).toBe(200);

    const html = Buffer.alloc(PNG_BYTES.length, ' ');
    html.write('<html><script>alert(1)</script>');
    await putToPresignedUrl(upload, html);

    const link = await api.get(`/api/receipts/get-receipt-url?reference=${requested.body.reference}`);
    expect(link.status).toBe(200);
    const file = await fetch(link.body.url, { dispatcher: dispatcher() });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG_BYTES);
  });
});

describe('the rule limit holds under concurrency', () => {
  it(`30 concurrent creates at ${MAX_RULES_PER_ORGANIZATION - 5} rules leave exactly ${MAX_RULES_PER_ORGANIZATION}`, async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const start = MAX_RULES_PER_ORGANIZATION - 5;
    for (let i = 0; i < start; i += 15) {
      const batch = Array.from({ length: Math.min(15, start - i) }, (_, j) =>
        api.post(RULES, ruleBody({ name: `Rule ${i + j}` })),
      );
      for (const res of await Promise.all(batch)) expect(res.status).toBe(201);
    }
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api.post(RULES, ruleBody({ name: `Racing ${i}` }))),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    expect(results.find((res) => res.status === 409)?.body.code).toBe('TOO_MANY_RULES');
    const rules = (await partition(`ORG#${orgId}`)).filter((item) => item.type === 'Rule');
    expect(rules).toHaveLength(MAX_RULES_PER_ORGANIZATION);

    // A delete makes room for exactly one more.
    const one = (await api.get(RULES)).body.rules[0].id;
    expect((await api.delete(`${RULES}/${one}`)).status).toBe(200);
    expect((await api.post(RULES, ruleBody({ name: 'After delete' }))).status).toBe(201);
    expect((await api.post(RULES, ruleBody({ name: 'One too many' }))).status).toBe(409);
  }, 120_000);
});

describe("a rule's property keeps the property from being deleted", () => {
  it('refuses the delete while a rule points at the property, allows it once the rule moved or went', async () => {
    const { api } = await newAdmin();
    const property = (await api.post('/api/properties', { address: '5 Rule Street' })).body.id;
    const other = (await api.post('/api/properties', { address: '6 Other Street' })).body.id;
    const rule = (await api.post(RULES, ruleBody({ propertyId: property }))).body.rule;

    const refused = await api.delete(`/api/properties/${property}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/Move them to another property/);

    const moved = await api.put(`${RULES}/${rule.id}`, ruleBody({ propertyId: other, version: rule.version }));
    expect(moved.status).toBe(200);
    expect((await api.delete(`/api/properties/${property}`)).status).toBe(200);

    expect((await api.delete(`/api/properties/${other}`)).status).toBe(409);
    expect((await api.delete(`${RULES}/${rule.id}`)).status).toBe(200);
    expect((await api.delete(`/api/properties/${other}`)).status).toBe(200);
  });
});
