/// <reference types="vite/client" />

/** Each route's method and path, made from shared/src/api/routes.ts at build time (web/build/route-manifest.ts). */
declare module 'virtual:rent/route-manifest' {
  import type { HttpMethod } from '@rent/shared/api/route';
  import type { RouteId } from '@rent/shared/types';

  const manifest: Record<RouteId, { method: HttpMethod; path: `/api/${string}` }>;
  export default manifest;
}
