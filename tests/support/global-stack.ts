import type { JWK } from 'jose';
import type { TestProject } from 'vitest/node';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.js';
import { buildWebIfStale } from '../../infra/local/web-build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    certPath: string;
    dynamoEndpoint: string;
    sesEndpoint: string;
    syncRunnerEndpoint: string;
    syncRunnerControlKey: string;
    kmsEndpoint: string;
    plaidTokenKeyId: string;
    plaidEndpoint: string;
    s3Endpoint: string;
    signingJwk: JWK;
    issuer: string;
  }
}

/**
 * One local stack for every test project of the run: DynamoDB Local in memory, s3rver in a temp folder, the
 * Cognito stand-in and the local gateway on a random https port, with the demo organization.
 *
 * Shared, not one per project, because vitest runs every project's global setup in ONE process and the
 * handlers read their configuration from that process's environment (as in Lambda): a second stack would
 * overwrite the first's endpoints, so the integration project's handlers would talk to the e2e project's KMS
 * stand-in (a sync could not open a token sealed by an integration test). Tests own their data, so sharing is safe.
 */
const shared = globalThis as { rentTodayTestStack?: { stack: Promise<LocalStack>; users: number } };

export default async function setup(project: TestProject) {
  process.env.LOG_LEVEL ??= 'silent';
  // The browser tests run the built SPA: without this, `vitest run --project e2e` on a fresh clone
  // (no web/dist) times out on every page, and after a web change it tests the previous build.
  if (project.name === 'e2e') buildWebIfStale();
  shared.rentTodayTestStack ??= {
    stack: startLocalStack({ port: 0, persist: false, seed: true, snapshotWeb: true, shortLived: true }),
    users: 0,
  };
  const entry = shared.rentTodayTestStack;
  entry.users += 1;
  const stack = await entry.stack;
  project.provide('baseUrl', stack.url);
  project.provide('certPath', stack.certPath);
  project.provide('dynamoEndpoint', stack.dynamoEndpoint);
  project.provide('sesEndpoint', stack.sesEndpoint);
  project.provide('syncRunnerEndpoint', stack.syncRunnerEndpoint);
  project.provide('syncRunnerControlKey', stack.syncRunnerControlKey);
  project.provide('kmsEndpoint', stack.kmsEndpoint);
  project.provide('plaidTokenKeyId', stack.plaidTokenKeyId);
  project.provide('plaidEndpoint', stack.plaidEndpoint);
  project.provide('s3Endpoint', stack.s3Endpoint);
  project.provide('signingJwk', stack.signingJwk);
  project.provide('issuer', stack.issuer);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete shared.rentTodayTestStack;
    await stack.stop();
  };
}
