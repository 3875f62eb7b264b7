import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { WebStack } from '../../infra/lib/web-stack.js';
import { securityHeadersFor } from '../../infra/local/stack.js';

/**
 * The local origin sends the HSTS header CloudFront sends for the Web stack's response-headers policy, so a browser
 * learns the same policy from `npm start` as from the site (docs/offline-stack.md "One local origin").
 */
describe('the local origin and CloudFront send the same HSTS header', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rent-hsts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** CloudFront's Strict-Transport-Security value for a policy's StrictTransportSecurity block. */
  const cloudFrontHsts = (sts: { AccessControlMaxAgeSec: number; IncludeSubdomains?: boolean; Preload?: boolean }) =>
    [
      `max-age=${sts.AccessControlMaxAgeSec}`,
      ...(sts.IncludeSubdomains ? ['includeSubDomains'] : []),
      ...(sts.Preload ? ['preload'] : []),
    ].join('; ');

  it('max-age, includeSubDomains and preload match', () => {
    const app = new App({ outdir: join(dir, 'cdk.out') });
    const base = new Stack(app, 'Base');
    const web = new WebStack(app, 'Web', {
      httpApi: new HttpApi(base, 'Api'),
      receipts: new Bucket(base, 'Receipts'),
      runtimeConfig: {
        userPoolId: 'us-east-1_example',
        userPoolClientId: 'client',
        oauthDomain: 'auth.example.com',
        plaidLinkScriptUrl: 'https://cdn.plaid.com/link/v2/stable/link-initialize.js',
      },
      plaidEnv: 'sandbox',
      webDistDir: join(dir, 'no-build'),
    });
    const [policy] = Object.values(Template.fromStack(web).findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const sts = policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.StrictTransportSecurity;
    expect(sts.IncludeSubdomains).toBe(true);
    const local = securityHeadersFor('http://127.0.0.1:1')['strict-transport-security'];
    expect(local).toBe(cloudFrontHsts(sts));
    expect(local).toContain('includeSubDomains');
  });
});
