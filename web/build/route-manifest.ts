import type { Plugin } from 'vite';
import type { HttpMethod } from '../../shared/src/api/route';
import { routes } from '../../shared/src/api/routes';

/**
 * The web client needs only each route's method and path to make a call; the route table also carries
 * every zod schema (about 80 KB gzip with zod). This plugin serves `virtual:rent/route-manifest`, a plain
 * `{ id: { method, path } }` object computed from shared/src/api/routes.ts when the bundle is built, so the
 * route table stays the one source and the browser never downloads its schemas to make a call.
 */
export const ROUTE_MANIFEST_ID = 'virtual:rent/route-manifest';
const RESOLVED = `\0${ROUTE_MANIFEST_ID}`;

export type RouteManifest = Record<string, { method: HttpMethod; path: `/api/${string}` }>;

export function routeManifest(): RouteManifest {
  return Object.fromEntries(
    Object.entries(routes).map(([id, route]) => [id, { method: route.method, path: route.path }]),
  );
}

export function routeManifestPlugin(): Plugin {
  return {
    name: 'rent:route-manifest',
    resolveId: (id) => (id === ROUTE_MANIFEST_ID ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? `export default ${JSON.stringify(routeManifest())};\n` : null),
  };
}
