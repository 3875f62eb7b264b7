import { describe, expect, it } from 'vitest';
import { routeKeyOf, routeMatcher } from '../../infra/local/routing.js';

const route = (method: string, path: string) => ({ method, path });

describe('the local gateway picks the most specific route, as API Gateway does', () => {
  const batches = route('GET', '/api/rules/batches');
  const rule = route('GET', '/api/rules/{id}');

  it.each([
    ['literal first', [batches, rule]],
    ['{param} first', [rule, batches]],
  ])('a literal segment beats a {param} segment (%s)', (_, table) => {
    const match = routeMatcher(table);
    expect(match('GET', '/api/rules/batches')).toEqual({ route: batches, pathParameters: {} });
    expect(match('GET', '/api/rules/r-1')).toEqual({ route: rule, pathParameters: { id: 'r-1' } });
  });

  it('compares segment by segment from the left: the first literal decides', () => {
    const early = route('GET', '/api/a/{x}');
    const late = route('GET', '/api/{y}/b');
    for (const table of [
      [early, late],
      [late, early],
    ]) {
      expect(routeMatcher(table)('GET', '/api/a/b')).toEqual({ route: early, pathParameters: { x: 'b' } });
    }
  });

  it('takes a greedy {proxy+} last, with its slashes, and never for nothing', () => {
    const proxy = route('GET', '/api/{proxy+}');
    const one = route('GET', '/api/{id}');
    const deep = route('GET', '/api/things/{id}/parts');
    for (const table of [
      [proxy, one, deep],
      [deep, one, proxy],
    ]) {
      const match = routeMatcher(table);
      expect(match('GET', '/api/x')?.route).toBe(one);
      expect(match('GET', '/api/things/t/parts')?.route).toBe(deep);
      expect(match('GET', '/api/a/b%20c/d')).toEqual({ route: proxy, pathParameters: { proxy: 'a/b c/d' } });
      expect(match('GET', '/api/')).toBeNull();
    }
  });

  it('prefers the request method to ANY at the same path', () => {
    const any = route('ANY', '/api/things');
    const get = route('GET', '/api/things');
    expect(routeMatcher([any, get])('GET', '/api/things')?.route).toBe(get);
    expect(routeMatcher([get, any])('POST', '/api/things')?.route).toBe(any);
  });

  it('matches the method exactly', () => {
    const match = routeMatcher([route('PUT', '/api/things/{id}')]);
    expect(match('GET', '/api/things/1')).toBeNull();
    expect(match('put', '/api/things/1')).toBeNull();
  });

  it.each([
    ['an extra segment', '/api/rules/r-1/extra'],
    ['a trailing slash', '/api/rules/r-1/'],
    ['an empty parameter', '/api/rules/'],
    ['a shorter path', '/api'],
    ['another prefix', '/x/api/rules/r-1'],
    ['malformed percent-encoding', '/api/rules/%E0%A4%A'],
  ])('matches no route for %s', (_, path) => {
    expect(routeMatcher([rule])('GET', path)).toBeNull();
  });

  it('decodes parameters', () => {
    expect(routeMatcher([rule])('GET', '/api/rules/a%2Fb%20c')?.pathParameters).toEqual({ id: 'a/b c' });
  });

  it('refuses templates API Gateway refuses', () => {
    expect(() => routeMatcher([route('GET', '/api/{proxy+}/more')])).toThrow(/last segment/);
    expect(() => routeMatcher([route('GET', '/api/file-{id}')])).toThrow(/whole segment/);
  });

  it("names the route key as API Gateway does: 'METHOD /path/{param}'", () => {
    expect(routeKeyOf(rule)).toBe('GET /api/rules/{id}');
  });
});
