import type { JWK } from 'jose';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../infra/local/stack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    certPath: string;
    dynamoEndpoint: string;
    signingJwk: JWK;
    issuer: string;
  }
}

/**
 * One local stack per test project: DynamoDB Local in memory, s3rver in a temp folder, the
 * Cognito stand-in and the local gateway on a random https port, with the demo organization.
 */
export default async function setup(project: TestProject) {
  process.env.LOG_LEVEL ??= 'silent';
  const stack = await startLocalStack({ port: 0, persist: false, seed: true });
  project.provide('baseUrl', stack.url);
  project.provide('certPath', stack.certPath);
  project.provide('dynamoEndpoint', stack.dynamoEndpoint);
  project.provide('signingJwk', stack.signingJwk);
  project.provide('issuer', stack.issuer);
  return () => stack.stop();
}
