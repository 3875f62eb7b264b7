import manifest from 'virtual:rent/route-manifest';
import { routes } from '@rent/shared';
import { describe, expect, it } from 'vitest';

describe('the web client route manifest (made from the route table when the bundle is built)', () => {
  it('has every route of the table, each with its method and path and nothing else', () => {
    const expected = Object.fromEntries(
      Object.entries(routes).map(([id, route]) => [id, { method: route.method, path: route.path }]),
    );
    expect(manifest).toEqual(expected);
    expect(Object.keys(manifest)).toHaveLength(Object.keys(routes).length);
  });

  it('carries no schema (the browser never downloads zod to make a call)', () => {
    for (const entry of Object.values(manifest)) expect(Object.keys(entry).sort()).toEqual(['method', 'path']);
  });
});
