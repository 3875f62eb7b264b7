import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_BUILD_OPTIONS, REPO_ROOT } from '../../infra/lib/bundle.js';

/**
 * A Lambda's AWS clients take the execution role's keys from the environment, and only from there: the build puts
 * the environment's reader in place of the SDK's default chain (infra/lib/bundle.ts, docs/performance.md "Lambda
 * bundles"). A probe built with the Lambdas' own options makes a client and asks it for its credentials, in a fresh
 * Node process given exactly the environment under test, as Lambda starts one.
 */
const PROBE = `
import { S3Client } from '@aws-sdk/client-s3';
try {
  const { accessKeyId, secretAccessKey, sessionToken } = await new S3Client({ region: 'us-east-1' }).config.credentials();
  console.log(JSON.stringify({ accessKeyId, secretAccessKey, sessionToken }));
} catch (error) {
  console.log(JSON.stringify({ error: error.message }));
}
`;

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rent-credentials-'));
  await build({
    ...LAMBDA_BUILD_OPTIONS,
    stdin: { contents: PROBE, resolveDir: join(REPO_ROOT, 'functions'), sourcefile: 'probe.ts', loader: 'ts' },
    outfile: join(dir, 'probe.mjs'),
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the probe's client resolved, started with only `env` (and a home without an AWS profile). */
function credentialsWith(env: Record<string, string>): unknown {
  const run = spawnSync(process.execPath, [join(dir, 'probe.mjs')], {
    env: { PATH: process.env.PATH ?? '', HOME: dir, AWS_EC2_METADATA_DISABLED: 'true', ...env },
    encoding: 'utf8',
  });
  const answer = run.stdout.trim().split('\n').at(-1);
  if (!answer) throw new Error(`The probe answered nothing: ${run.stderr}`);
  return JSON.parse(answer);
}

describe("a Lambda bundle's AWS credentials", () => {
  it('are the keys Lambda puts in the environment, with their session token', () => {
    expect(
      credentialsWith({
        AWS_ACCESS_KEY_ID: 'ASIAPROBEKEY',
        AWS_SECRET_ACCESS_KEY: 'probe-secret',
        AWS_SESSION_TOKEN: 'probe-session',
      }),
    ).toEqual({ accessKeyId: 'ASIAPROBEKEY', secretAccessKey: 'probe-secret', sessionToken: 'probe-session' });
  });

  it('come from nowhere else: without those keys the client says so, whatever profile is named', () => {
    // The SDK's default chain would try the profile first and then SSO, a process, a web identity and the metadata
    // services, and end with "Could not load credentials from any providers".
    expect(credentialsWith({ AWS_PROFILE: 'a-profile-nobody-has' })).toEqual({
      error: 'Unable to find environment variable credentials.',
    });
  });
});
