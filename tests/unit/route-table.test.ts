import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fillPath, pathMatcher, type RouteDef, routeDomains, routeList, routes } from '@rent/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ROUTE_STACKS, routesByStack } from '../../infra/lib/route-stacks.js';

const HANDLER_DIR = fileURLToPath(new URL('../../functions/src/http/', import.meta.url));
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const placeholders = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

describe('route table <-> handler files', () => {
  const files = readdirSync(HANDLER_DIR).filter((name) => !name.startsWith('.'));
  const handlerIds = files.map((name) => name.replace(/\.ts$/, ''));

  beforeAll(() => {
    // functions/src/data/client.ts reads its config at import.
    process.env.TABLE_NAME ??= 'test';
    process.env.LOG_LEVEL ??= 'silent';
  });

  it('holds only TypeScript handler files', () => {
    expect(files.filter((name) => !name.endsWith('.ts'))).toEqual([]);
  });

  it('every route has a handler file named after its id', () => {
    const missing = routeList.map((route) => route.id).filter((id) => !handlerIds.includes(id));
    expect(missing).toEqual([]);
  });

  it('every handler file has a route', () => {
    const ids = routeList.map((route) => route.id as string);
    expect(handlerIds.filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('no two handler files differ only by case (one file per route on every file system)', () => {
    const lower = handlerIds.map((id) => id.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });

  it.each(routeList.map((route) => [route.id]))('functions/src/http/%s.ts exports a handler', async (id) => {
    const module = (await import(`../../functions/src/http/${id}.ts`)) as { handler?: unknown };
    expect(typeof module.handler).toBe('function');
  });
});

describe('route table shape', () => {
  it('each entry is keyed by its own id', () => {
    for (const [key, route] of Object.entries(routes)) expect(route.id).toBe(key);
  });

  it('ids are unique', () => {
    const ids = routeList.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('method + path pairs are unique', () => {
    const keys = routeList.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('method + path pairs stay unique when parameter names are ignored (API Gateway sees them as the same route)', () => {
    const keys = routeList.map((route) => `${route.method} ${route.path.replace(/\{\w+\}/g, '{}')}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routeList.map((route) => [route.id, route] as const))('%s: path is under /api/', (_, route) => {
    expect(route.path).toMatch(/^\/api\/[a-z]/);
    expect(route.path).not.toMatch(/\/$/);
  });

  const withPlaceholders = routeList.filter((route) => placeholders(route.path).length > 0);
  const withoutPlaceholders = routeList.filter((route) => placeholders(route.path).length === 0);

  it('there are routes with and without path placeholders to check', () => {
    expect(withPlaceholders.map((route) => route.id)).toContain('getProperty');
    expect(withoutPlaceholders.map((route) => route.id)).toContain('listProperties');
    expect(withPlaceholders.length + withoutPlaceholders.length).toBe(routeList.length);
  });

  it.each(withPlaceholders.map((route) => [route.id, route] as const))(
    '%s: path placeholders and params schema keys match',
    (_, route) => {
      const params = (route as RouteDef).params;
      expect(params).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((params as z.ZodObject).shape).sort()).toEqual(placeholders(route.path).sort());
    },
  );

  it.each(withoutPlaceholders.map((route) => [route.id, route] as const))(
    '%s: a path without placeholders has no params schema',
    (_, route) => {
      expect((route as RouteDef).params).toBeUndefined();
    },
  );

  it.each(routeList.map((route) => [route.id, route] as const))('%s: lists at least one role', (_, route) => {
    expect(route.roles.length).toBeGreaterThan(0);
  });

  const isBodilessMethod = (route: RouteDef) => route.method === 'GET' || route.method === 'DELETE';
  const bodiless = routeList.filter(isBodilessMethod);

  it('there are GET and DELETE routes to check', () => {
    expect(bodiless.map((route) => route.id)).toEqual(
      expect.arrayContaining(['listTransactions', 'getProperty', 'deleteProperty', 'deleteRule']),
    );
  });

  it.each(bodiless.map((route) => [route.id, route] as const))('%s: GET and DELETE take no body', (_, route) => {
    expect((route as RouteDef).body).toBeUndefined();
  });

  /** POSTs that act on the path alone (the caller, or the id in the path) and so take no body. */
  const BODILESS_ACTIONS = [
    'logout',
    'signOutEverywhere',
    'confirmReceiptUpload',
    'confirmMaintenancePhoto',
    'undoRuleBatch',
    'leaveOrganization',
    'resendInvitation',
    'revokeInvitation',
    'confirmBankReconnect',
    // Link confirmations (the token is in the path; RFC 8058's one-click POST sends a form body that is ignored).
    'confirmSubscription',
    'unsubscribe',
    // Waiving a late fee: the lease and the charge are in the path.
    'waiveCharge',
    // Sync now; and Plaid's webhook, whose raw body the handler verifies before it parses it.
    'syncBankConnection',
    'plaidWebhook',
    // Reconciliation actions: the account, the month and the statement line are in the path.
    'addStatementLineToBooks',
    'finishReconciliation',
    'undoReconciliation',
    // Applying an account's default property to its past transactions: the account is in the path.
    'applyAccountDefaultProperty',
  ];
  const withBody = routeList.filter((route) => !isBodilessMethod(route));

  it('the body-less actions are POST routes of the table', () => {
    for (const id of BODILESS_ACTIONS) expect(withBody.find((route) => route.id === id)?.method).toBe('POST');
  });

  it.each(withBody.map((route) => [route.id, route] as const))(
    '%s: POST, PUT and PATCH declare their body unless they are a body-less action',
    (_, route) => {
      expect((route as RouteDef).body === undefined).toBe(BODILESS_ACTIONS.includes(route.id));
    },
  );

  const writes = routeList.filter(
    (route) => WRITE_METHODS.includes(route.method) && /^\/api\/(properties|organization)(\/|$)/.test(route.path),
  );

  it('there are property and organization write routes to check', () => {
    expect(writes.map((route) => route.id).sort()).toEqual(
      expect.arrayContaining(['createProperty', 'deleteProperty', 'updateOrganization', 'updateProperty']),
    );
  });

  it.each(writes.map((route) => [route.id, route] as const))('%s: does not allow TENANT', (_, route) => {
    expect(route.roles).not.toContain('TENANT');
  });

  it('only owners rename the organization', () => {
    expect([...routes.updateOrganization.roles].sort()).toEqual(['ADMIN', 'LANDLORD']);
  });

  it('only owners change or remove members; staff list them; anyone may leave', () => {
    expect([...routes.updateMemberRole.roles].sort()).toEqual(['ADMIN', 'LANDLORD']);
    expect([...routes.removeMember.roles].sort()).toEqual(['ADMIN', 'LANDLORD']);
    expect([...routes.listMembers.roles].sort()).toEqual(['ADMIN', 'LANDLORD', 'PROPERTY_MANAGER']);
    expect([...routes.leaveOrganization.roles].sort()).toEqual(['ADMIN', 'LANDLORD', 'PROPERTY_MANAGER', 'TENANT']);
  });

  it('createProperty answers 201', () => {
    expect(routes.createProperty.status).toBe(201);
  });

  it('every person reads their own security log and can sign out of all devices, whatever their role', () => {
    const everyone = ['ADMIN', 'LANDLORD', 'PROPERTY_MANAGER', 'TENANT'];
    expect([...routes.listSecurityLog.roles].sort()).toEqual([...everyone].sort());
    expect([...routes.signOutEverywhere.roles].sort()).toEqual([...everyone].sort());
    expect(`${routes.listSecurityLog.method} ${routes.listSecurityLog.path}`).toBe('GET /api/security-log');
    expect(`${routes.signOutEverywhere.method} ${routes.signOutEverywhere.path}`).toBe('POST /api/sign-out-everywhere');
  });

  it('only sign-out-everywhere and account deletion act on the user pool, each with its one action', () => {
    const withPool = routeList.filter((route) => (route as RouteDef).userPoolAccess?.length);
    expect(withPool.map((route) => route.id).sort()).toEqual(['deleteAccount', 'signOutEverywhere']);
    expect(routes.signOutEverywhere.userPoolAccess).toEqual(['cognito-idp:AdminUserGlobalSignOut']);
    expect(routes.deleteAccount.userPoolAccess).toEqual(['cognito-idp:AdminDeleteUser']);
  });
});

describe('route domains and the stacks that deploy them', () => {
  it('puts every route in exactly one domain, and nothing else', () => {
    const inDomains = Object.values(routeDomains).flatMap((domain) => Object.keys(domain));
    expect(inDomains.length).toBe(new Set(inDomains).size);
    expect([...inDomains].sort()).toEqual(Object.keys(routes).sort());
  });

  it('deploys every domain in exactly one stack', () => {
    const deployed = Object.values(ROUTE_STACKS).flat();
    expect(deployed.length).toBe(new Set(deployed).size);
    expect([...deployed].sort()).toEqual(Object.keys(routeDomains).sort());
  });

  it('keeps each stack far below the 500 resources a CloudFormation stack may hold (about 7 a route)', () => {
    for (const [stack, stackRoutes] of routesByStack()) expect(stackRoutes.length * 7, stack).toBeLessThan(450);
  });
});

describe('fillPath', () => {
  it('fills each placeholder', () => {
    expect(fillPath('/api/properties/{id}', { id: 'p1' })).toBe('/api/properties/p1');
    expect(fillPath('/api/a/{x}/b/{y}', { x: 1, y: 'two' })).toBe('/api/a/1/b/two');
  });

  it('encodes values so they cannot add segments or a query', () => {
    expect(fillPath('/api/properties/{id}', { id: 'a/b c?d#e' })).toBe('/api/properties/a%2Fb%20c%3Fd%23e');
  });

  it('leaves a path without placeholders alone', () => {
    expect(fillPath('/api/properties')).toBe('/api/properties');
  });

  it.each([
    ['missing', {}],
    ['undefined', { id: undefined }],
    ['null', { id: null }],
    ['empty', { id: '' }],
  ])('refuses a %s parameter', (_, params) => {
    expect(() => fillPath('/api/properties/{id}', params)).toThrow('Missing path parameter id');
  });

  it('fills 0, which is a value', () => {
    expect(fillPath('/api/properties/{id}', { id: 0 })).toBe('/api/properties/0');
  });
});

describe('pathMatcher', () => {
  const match = pathMatcher('/api/properties/{id}');

  it('returns the named params', () => {
    expect(match('/api/properties/p1')).toEqual({ id: 'p1' });
    expect(pathMatcher('/api/a/{x}/b/{y}')('/api/a/1/b/2')).toEqual({ x: '1', y: '2' });
  });

  it('returns no params (but a match) for a path without placeholders', () => {
    expect(pathMatcher('/api/properties')('/api/properties')).toEqual({});
  });

  it('decodes what fillPath encoded', () => {
    const id = 'a/b c?d#e%f';
    expect(match(fillPath('/api/properties/{id}', { id }))).toEqual({ id });
  });

  it.each([
    ['an extra segment', '/api/properties/p1/extra'],
    ['a trailing slash', '/api/properties/p1/'],
    ['an empty parameter', '/api/properties/'],
    ['no parameter', '/api/properties'],
    ['another prefix', '/x/api/properties/p1'],
    ['another resource', '/api/organization/p1'],
    ['a raw slash inside the parameter', '/api/properties/a/b'],
  ])('does not match %s', (_, path) => {
    expect(match(path)).toBeNull();
  });

  it('treats regex characters in the template literally', () => {
    const dotted = pathMatcher('/api/v1.0/{id}');
    expect(dotted('/api/v1.0/x')).toEqual({ id: 'x' });
    expect(dotted('/api/v1x0/x')).toBeNull();
  });

  it('every route in the table matches its own filled path and nothing else', () => {
    for (const route of routeList) {
      const params = Object.fromEntries(placeholders(route.path).map((name) => [name, `v-${name}`]));
      const path = fillPath(route.path, params);
      expect(pathMatcher(route.path)(path)).toEqual(params);
      expect(pathMatcher(route.path)(`${path}/more`)).toBeNull();
    }
  });

  // BUG (shared/src/api/route.ts pathMatcher): decodeURIComponent throws URIError on a malformed
  // escape, so a request for /api/properties/%E0 crashes the caller (the local gateway) instead of
  // simply not matching.
  it('does not match (rather than throw) when a parameter is not valid percent-encoding', () => {
    expect(() => match('/api/properties/%E0')).not.toThrow();
    expect(match('/api/properties/%E0')).toBeNull();
  });
});
