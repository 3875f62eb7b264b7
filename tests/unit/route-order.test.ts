import { pathMatcher, type RouteDef, routeList, routes } from '@rent/shared';
import { describe, expect, it } from 'vitest';

describe('route table order', () => {
  // The local gateway takes the FIRST route that matches; API Gateway the most specific. They agree
  // only if no route is shadowed by an earlier {param} route of the same method.
  it('no route is shadowed by an earlier route with the same method', () => {
    routeList.forEach((route: RouteDef, i) => {
      const literal = route.path.replace(/\{(\w+)\}/g, 'x-$1');
      for (const earlier of routeList.slice(0, i)) {
        if (earlier.method !== route.method) continue;
        expect(pathMatcher(earlier.path)(literal), `${route.id} is shadowed by ${earlier.id}`).toBeNull();
      }
    });
  });
});

describe('ledger routes', () => {
  const ledger = routeList.filter((r) => /^\/api\/(transactions|receipts|get-receipt-url)/.test(r.path));

  it('are for staff only: every role but TENANT', () => {
    for (const route of ledger)
      expect([...route.roles].sort(), route.id).toEqual(['ADMIN', 'LANDLORD', 'PROPERTY_MANAGER']);
  });

  it('keep the SPEC §7 paths', () => {
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

  it('declare the receipts-bucket actions their handlers need, and only routes touching receipts declare any', () => {
    const declared = (routeList as readonly RouteDef[]).filter((r) => r.bucketAccess);
    const access = Object.fromEntries(declared.map((r) => [r.id, r.bucketAccess]));
    expect(access).toEqual({
      deleteTransaction: ['s3:DeleteObject'],
      createReceiptUpload: ['s3:PutObject'],
      confirmReceiptUpload: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      getReceiptUrl: ['s3:GetObject'],
      getReceiptUrlAtRoot: ['s3:GetObject'],
      deleteReceipt: ['s3:DeleteObject'],
    });
  });
});
