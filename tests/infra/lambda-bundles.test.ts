import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RouteDef, type RouteDomain, routeDomains, routeList } from '@rent/shared';
import type { Metafile } from 'esbuild';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { JOB_IDS, SYNC_JOB_IDS } from '../../infra/lib/bundle.js';

/**
 * What each Lambda bundle holds (docs/performance.md "Lambda bundles"), read from esbuild's metafile of the real build
 * (infra/lib/bundle.ts, one call for every function, made once per run: tests/support/function-bundles.ts). A module
 * "is in" a bundle when it contributes code to it.
 *
 * 1. A route's bundle holds its own route's definition and no other route's: no code of the combined table
 *    (shared/src/api/routes.ts), none of another domain's route file, and, of its own domain's file, only its route
 *    (checked in the minified output: each route object is `{id:"<route id>",...}` there).
 * 2. An AWS SDK client is in a route's bundle exactly when the route declares the access that client needs (the grant
 *    CDK gives it): S3 for bucketAccess or packageAccess, SES for sendsEmail, KMS for plaidTokenKey, SQS for
 *    enqueuesSync, Cognito for userPoolAccess, Lambda for startsJob. DynamoDB is everyone's.
 * 3. The heavy libraries only where they are used: jose in the Plaid webhook (it verifies Plaid's JWT), re2js (the
 *    rules' patterns) in the rule routes that check or match patterns and the routes that categorize arriving
 *    transactions by the rules; Plaid's SDK and axios in no route (Plaid is called with fetch,
 *    functions/src/lib/plaid.ts), pdf-lib in no route (the tax package job).
 * 4. A job's bundle holds no route definition, and no jose (only the Plaid webhook route verifies a JWT).
 * 5. zod only as far as the code calls it.
 * 6. No credential source but the environment: the SDK's default chain, its other providers and the STS and SSO
 *    clients they call are in no bundle (a Lambda's keys are in its environment; lambda-credentials.test.ts).
 */

const SDK_CLIENT_NEEDS: Record<string, (route: RouteDef) => boolean> = {
  dynamodb: () => true,
  s3: (route) => Boolean(route.bucketAccess?.length || route.packageAccess?.length),
  sesv2: (route) => Boolean(route.sendsEmail),
  kms: (route) => Boolean(route.plaidTokenKey?.length),
  sqs: (route) => Boolean(route.enqueuesSync),
  'cognito-identity-provider': (route) => Boolean(route.userPoolAccess?.length),
  lambda: (route) => Boolean(route.startsJob),
};

/**
 * Routes that categorize arriving transactions by the organization's rules (docs/rules.md), and the move-out, which
 * writes its transactions through the same createTransaction (with their categories, so the rules never run; the
 * one door still brings them).
 */
const CATEGORIZE_ON_ARRIVAL = ['createTransaction', 'createImport', 'moveOutLease', 'addStatementLineToBooks'];
/**
 * The rule routes that validate a rule's pattern or match rules against the ledger. Listing rules or applies,
 * deleting a rule and undoing an apply do neither, so their bundles leave re2js out.
 */
const MATCH_RULES = ['createRule', 'updateRule', 'previewRule', 'applyRuleSingle', 'countRuleMatches'];

const LIBRARY_NEEDS: Record<string, (route: RouteDef) => boolean> = {
  plaid: () => false,
  axios: () => false,
  jose: (route) => route.id === 'plaidWebhook',
  re2js: (route) => MATCH_RULES.includes(route.id) || CATEGORIZE_ON_ARRIVAL.includes(route.id),
  'pdf-lib': () => false,
};

const domainOf = new Map(
  Object.entries(routeDomains).flatMap(([domain, routes]) =>
    Object.values(routes).map((route) => [route.id, domain as RouteDomain] as const),
  ),
);
const routeIds = new Set(routeList.map((route) => route.id as string));

interface Bundle {
  /** The source files that put code into it, relative to the repository (node_modules/... for packages). */
  modules: string[];
  /** The route ids whose definitions (`{id:"<id>",...}`) the minified output holds. */
  definitions: string[];
}

const bundles = new Map<string, Bundle>();

beforeAll(() => {
  const { bundles: built, metafilePath } = inject('functionBundles');
  const { outputs } = JSON.parse(readFileSync(metafilePath, 'utf8')) as Metafile;
  for (const { id, dir: bundleDir } of built) {
    const output = Object.entries(outputs).find(([file]) => join(process.cwd(), file) === join(bundleDir, 'index.mjs'));
    if (!output) throw new Error(`No metafile output for ${id}`);
    const text = readFileSync(join(bundleDir, 'index.mjs'), 'utf8');
    bundles.set(id, {
      modules: Object.entries(output[1].inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([file]) => file.replace(/^(\.\.\/)+/, '').replace(/^.*?(node_modules\/)/, '$1')),
      definitions: [...text.matchAll(/[{,]id:"(\w+)"[,}]/g)].map((m) => m[1]!).filter((found) => routeIds.has(found)),
    });
  }
});

const bundleOf = (id: string) => {
  const bundle = bundles.get(id);
  if (!bundle) throw new Error(`No bundle for ${id}`);
  return bundle;
};
const packageOf = (module: string) => module.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1];

describe('Lambda bundles', () => {
  it('bundles every route and job', () => {
    expect([...bundles.keys()].sort()).toEqual(
      [...routeIds, ...[...JOB_IDS, ...SYNC_JOB_IDS].map((job) => `jobs/${job}`)].sort(),
    );
  });

  it.each(routeList.map((route) => [route.id, route as RouteDef] as const))(
    '%s holds its own route definition and no other',
    (id, route) => {
      const { modules, definitions } = bundleOf(id);
      const ownFile = `shared/src/api/routes/${domainOf.get(id)}.ts`;
      const otherRouteFiles = modules.filter(
        (module) =>
          /^shared\/src\/api\/routes(\.ts|\/\w+\.ts)$/.test(module) &&
          module !== ownFile &&
          module !== 'shared/src/api/routes/params.ts',
      );
      expect(otherRouteFiles, 'route files of other domains or the combined table').toEqual([]);
      expect(definitions, 'route definitions in the minified output').toEqual([route.id]);
    },
  );

  it.each(routeList.map((route) => [route.id, route as RouteDef] as const))(
    '%s holds the AWS SDK clients its grants need, and the heavy libraries only if it uses them',
    (id, route) => {
      const packages = new Set(bundleOf(id).modules.map(packageOf));
      const clients = [...packages].flatMap((name) => name?.match(/^@aws-sdk\/client-(.+)$/)?.[1] ?? []);
      const unknown = clients.filter((client) => !(client in SDK_CLIENT_NEEDS));
      expect(unknown, 'an SDK client this test does not know: say which route flag grants it').toEqual([]);
      const needed = Object.keys(SDK_CLIENT_NEEDS).filter((client) => SDK_CLIENT_NEEDS[client]!(route));
      expect(clients.sort()).toEqual(needed.sort());
      const libraries = Object.keys(LIBRARY_NEEDS).filter((library) => packages.has(library));
      const allowed = Object.keys(LIBRARY_NEEDS).filter((library) => LIBRARY_NEEDS[library]!(route));
      expect(libraries.filter((library) => !allowed.includes(library))).toEqual([]);
    },
  );

  it('the sign-out carries neither Plaid, pdf-lib, re2js nor another domain', () => {
    const { modules } = bundleOf('logout');
    expect(modules.filter((module) => /node_modules\/(plaid|pdf-lib|re2js)\//.test(module))).toEqual([]);
    expect(modules.filter((module) => module.startsWith('shared/src/api/routes'))).toEqual([
      'shared/src/api/routes/people.ts',
    ]);
  });

  it('no bundle, route or job, carries the SDK of Plaid or axios: Plaid is called with fetch', () => {
    const carriers = [...bundles].filter(([, { modules }]) =>
      modules.some((module) => /^node_modules\/(plaid|axios)\//.test(module)),
    );
    expect(carriers.map(([id]) => id)).toEqual([]);
  });

  it('no bundle carries zod beyond what it calls: no locale but English, no JSON Schema import', () => {
    // `import { z } from 'zod'` binds zod's whole namespace object, which no bundler can shake; `import * as z`
    // lets esbuild keep only the schema kinds the code uses.
    const carriers = [...bundles].filter(([, { modules }]) =>
      modules.some((module) => /^node_modules\/zod\/v4\/(locales\/(?!en\.js)|classic\/from-json-schema)/.test(module)),
    );
    expect(carriers.map(([id]) => id)).toEqual([]);
  });

  it('no bundle carries a credential source but the environment', () => {
    const chain =
      /^node_modules\/(@aws-sdk\/(credential-provider-(?!env\/)[^/]+|nested-clients|token-providers)|@smithy\/credential-provider-imds)\//;
    const carriers = [...bundles].flatMap(([id, { modules }]) =>
      modules.filter((module) => chain.test(module)).map((module) => `${id}: ${packageOf(module)}`),
    );
    expect([...new Set(carriers)]).toEqual([]);
  });

  it.each([...JOB_IDS, ...SYNC_JOB_IDS].map((job) => [`jobs/${job}`]))(
    '%s holds no route definition and no jose',
    (id) => {
      const { modules, definitions } = bundleOf(id);
      expect(modules.filter((module) => module.startsWith('shared/src/api/routes'))).toEqual([]);
      expect(definitions).toEqual([]);
      expect(modules.filter((module) => packageOf(module) === 'jose')).toEqual([]);
    },
  );
});
