import { type RouteDef, routeList, routes } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { routeKeyOf, routeMatcher } from '../../infra/local/routing.js';

describe('route table order', () => {
  // The local gateway picks the most specific route, as API Gateway does, so the order in which
  // routes.ts declares routes cannot change which handler a request reaches.
  const literalPathOf = (route: RouteDef) => route.path.replace(/\{(\w+)\}/g, 'v-$1');
  const paramsOf = (route: RouteDef) =>
    Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, `v-${name}`]));

  /** Deterministic shuffles (a seeded LCG), so a failure names an order that can be replayed. */
  function shuffled<T>(items: readonly T[], seed: number): T[] {
    const out = [...items];
    let state = seed;
    for (let i = out.length - 1; i > 0; i--) {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      const j = state % (i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  const orders = [
    ['as declared', [...routeList]],
    ['reversed', [...routeList].reverse()],
    ...Array.from({ length: 20 }, (_, seed) => [`shuffle #${seed + 1}`, shuffled(routeList, seed + 1)] as const),
  ] as const;

  it.each(orders)('every route is picked for its own literal path, table %s', (_, table) => {
    const match = routeMatcher<RouteDef>(table);
    for (const route of routeList) {
      const picked = match(route.method, literalPathOf(route));
      expect(picked?.route.id, `${route.method} ${literalPathOf(route)}`).toBe(route.id);
      expect(picked?.pathParameters).toEqual(paramsOf(route));
      expect(routeKeyOf(picked!.route)).toBe(`${route.method} ${route.path}`);
    }
  });

  it('has no two routes with the same method and path shape (API Gateway refuses them)', () => {
    const shapes = routeList.map((r) => `${r.method} ${r.path.replace(/\{\w+\}/g, '{}')}`);
    expect(new Set(shapes).size).toBe(shapes.length);
  });
});

describe('ledger routes', () => {
  const ledger = routeList.filter((r) => /^\/api\/(transactions|receipts|get-receipt-url)/.test(r.path));

  it('are for staff only: every role but TENANT', () => {
    for (const route of ledger)
      expect([...route.roles].sort(), route.id).toEqual(['ADMIN', 'LANDLORD', 'PROPERTY_MANAGER']);
  });

  it("keep the product's paths", () => {
    expect(routes.listTransactions).toMatchObject({ method: 'GET', path: '/api/transactions' });
    expect(routes.createTransaction).toMatchObject({ method: 'POST', path: '/api/transactions', status: 201 });
    expect(routes.updateTransaction).toMatchObject({ method: 'PUT', path: '/api/transactions/{id}' });
    expect(routes.setTransactionIgnored).toMatchObject({ method: 'PATCH', path: '/api/transactions/{id}/ignore' });
    expect(routes.createReceiptUpload).toMatchObject({ method: 'POST', path: '/api/receipts/upload-receipts' });
    expect(routes.getReceiptUrl).toMatchObject({ method: 'GET', path: '/api/receipts/get-receipt-url' });
    expect(routes.getReceiptUrlAtRoot).toMatchObject({ method: 'GET', path: '/api/get-receipt-url' });
    expect(routes.listMyReceipts).toMatchObject({ method: 'GET', path: '/api/receipts/my-receipts' });
    expect(routes.deleteReceipt).toMatchObject({ method: 'DELETE', path: '/api/receipts/{id}' });
  });

  it('declare the receipts-bucket actions their handlers need, and only routes touching receipts or photos declare any', () => {
    const declared = (routeList as readonly RouteDef[]).filter((r) => r.bucketAccess);
    const access = Object.fromEntries(declared.map((r) => [r.id, r.bucketAccess]));
    expect(access).toEqual({
      deleteTransaction: ['s3:DeleteObject'],
      createReceiptUpload: ['s3:PutObject'],
      confirmReceiptUpload: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      getReceiptUrl: ['s3:GetObject'],
      getReceiptUrlAtRoot: ['s3:GetObject'],
      deleteReceipt: ['s3:DeleteObject'],
      // Maintenance photos are kept under the organization's receipts prefix, checked the same way.
      createMaintenancePhotoUpload: ['s3:PutObject'],
      confirmMaintenancePhoto: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      listMaintenancePhotos: ['s3:GetObject'],
    });
  });
});
