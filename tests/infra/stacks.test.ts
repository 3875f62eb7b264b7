import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TABLE } from '@rent/functions/data/table';
import { routeList } from '@rent/shared';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Synthesized, synthRentApp, TEST_CONTEXT } from './fixture.js';

/** CloudFormation JSON is untyped; `any` here is what Template.findResources returns too. */
type Props = Record<string, any>;
type Resources = Record<string, { Type: string; Properties: Props; DeletionPolicy?: string }>;

let synth: Synthesized;
let api: Template;
let data: Template;
let auth: Template;
let web: Template;

beforeAll(async () => {
  synth = await synthRentApp();
  api = Template.fromStack(synth.stacks.api);
  data = Template.fromStack(synth.stacks.data);
  auth = Template.fromStack(synth.stacks.auth);
  web = Template.fromStack(synth.stacks.web);
});
afterAll(() => synth?.cleanup());

const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** The Lambda function behind each route, found through route -> integration -> function. */
function functionsByRouteKey(): Map<string, { logicalId: string; props: Props }> {
  const resources = api.toJSON().Resources as Resources;
  const result = new Map<string, { logicalId: string; props: Props }>();
  for (const route of Object.values(resources).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')) {
    const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref as string;
    const functionId = resources[integrationId]!.Properties.IntegrationUri['Fn::GetAtt'][0] as string;
    result.set(route.Properties.RouteKey, { logicalId: functionId, props: resources[functionId]!.Properties });
  }
  return result;
}

describe('API stack: one Lambda and one route per route-table entry', () => {
  it('has exactly one function and one route per entry, with "METHOD /path" route keys', () => {
    api.resourceCountIs('AWS::Lambda::Function', routeList.length);
    api.resourceCountIs('AWS::ApiGatewayV2::Route', routeList.length);
    const keys = Object.values(api.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(routeList.map(routeKey).sort());
  });

  it('wires every route to the function built from its own handler file', () => {
    const byKey = functionsByRouteKey();
    for (const route of routeList) {
      const fn = byKey.get(routeKey(route));
      expect(fn, routeKey(route)).toBeDefined();
      expect(fn!.logicalId.startsWith(`${route.id}Function`), `${routeKey(route)} -> ${fn!.logicalId}`).toBe(true);
      expect(fn!.props.Description).toBe(routeKey(route));
    }
  });

  it('puts the JWT authorizer (Cognito issuer, app client audience) on every route', () => {
    const authorizers = api.findResources('AWS::ApiGatewayV2::Authorizer');
    expect(Object.keys(authorizers)).toHaveLength(1);
    const [authorizerId, authorizer] = Object.entries(authorizers)[0]!;
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [expect.anything()], Issuer: expect.anything() },
    });
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Issuer)).toContain('https://cognito-idp.');
    for (const route of Object.values(api.findResources('AWS::ApiGatewayV2::Route'))) {
      expect(route.Properties, route.Properties.RouteKey).toMatchObject({
        AuthorizationType: 'JWT',
        AuthorizerId: { Ref: authorizerId },
      });
    }
  });

  it('runs every function on Node.js 22+ and arm64 with the env config.ts reads', () => {
    for (const fn of Object.values(api.findResources('AWS::Lambda::Function'))) {
      const { Runtime, Architectures, Environment, Handler, MemorySize } = fn.Properties;
      expect(Number(/^nodejs(\d+)\.x$/.exec(Runtime)?.[1])).toBeGreaterThanOrEqual(22);
      expect(Architectures).toEqual(['arm64']);
      expect(Handler).toBe('index.handler');
      expect(MemorySize).toBe(512);
      expect(Object.keys(Environment.Variables)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'RECEIPTS_BUCKET', 'NODE_OPTIONS']),
      );
      expect(Environment.Variables.NODE_OPTIONS).toContain('--enable-source-maps');
    }
  });

  it('gives every function its own code asset (no shared-folder hash trap)', () => {
    const keys = Object.values(api.findResources('AWS::Lambda::Function')).map((fn) => fn.Properties.Code.S3Key);
    expect(new Set(keys).size).toBe(routeList.length);
  });

  it('grants least privilege: GET routes cannot update or delete, no policy has a wildcard resource', () => {
    const policies = api.toJSON().Resources as Resources;
    const byKey = functionsByRouteKey();
    const actionsOf = (functionLogicalId: string) => {
      const roleId = (policies[functionLogicalId]!.Properties.Role['Fn::GetAtt'] as string[])[0];
      const policy = Object.values(policies).find(
        (r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: { Ref: string }) => x.Ref === roleId),
      )!;
      return (policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) => s.Action);
    };
    for (const route of routeList) {
      const actions = actionsOf(byKey.get(routeKey(route))!.logicalId);
      expect(actions, routeKey(route)).toContain('dynamodb:Query');
      if (route.method === 'GET') {
        expect(actions, routeKey(route)).not.toContain('dynamodb:UpdateItem');
        expect(actions, routeKey(route)).not.toContain('dynamodb:DeleteItem');
      } else {
        expect(actions, routeKey(route)).toEqual(
          expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
        );
      }
    }
    for (const policy of Object.values(api.findResources('AWS::IAM::Policy'))) {
      const text = JSON.stringify(policy.Properties.PolicyDocument);
      expect(text).not.toMatch(/"dynamodb:\*"|"\*"|\/index\/\*/);
    }
  });

  it('throttles the $default stage and writes access logs', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('routeKey') },
    });
  });
});

describe('Data stack', () => {
  it('builds the one table from functions/src/data/table.ts: PITR, deletion protection, on-demand, TTL, RETAIN', () => {
    data.resourceCountIs('AWS::DynamoDB::Table', 1);
    const [table] = Object.values(data.findResources('AWS::DynamoDB::Table'));
    expect(table).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(table!.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
    });
    const indexes = table!.Properties.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown }[];
    expect(indexes.map((i) => i.IndexName)).toEqual(['GSI1', 'GSI2']);
    for (const index of TABLE.indexes) {
      expect(indexes.find((i) => i.IndexName === index.indexName)!.KeySchema).toEqual([
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ]);
    }
    for (const attribute of table!.Properties.AttributeDefinitions) expect(attribute.AttributeType).toBe('S');
  });

  it('keeps receipts private, versioned, TLS-only, retained, with CORS for presigned PUT from the site', () => {
    const receipts = Object.entries(data.findResources('AWS::S3::Bucket')).find(([id]) => id.startsWith('Receipts'))!;
    expect(receipts[1]).toMatchObject({ DeletionPolicy: 'Retain' });
    expect(receipts[1].Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: expect.anything(),
      LoggingConfiguration: { DestinationBucketName: expect.anything() },
      CorsConfiguration: {
        CorsRules: [
          expect.objectContaining({
            AllowedOrigins: [TEST_CONTEXT.siteUrl],
            AllowedMethods: expect.arrayContaining(['PUT']),
          }),
        ],
      },
    });
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: receipts[0] },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('has a rotating, retained KMS key for Plaid tokens', () => {
    data.hasResource('AWS::KMS::Key', { DeletionPolicy: 'Retain', Properties: { EnableKeyRotation: true } });
  });
});

describe('Auth stack', () => {
  it('federates with Google only, its secret resolved from Secrets Manager at deploy time', () => {
    auth.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 1);
    auth.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: {
        client_id: TEST_CONTEXT.googleClientId,
        client_secret: Match.stringLikeRegexp('^\\{\\{resolve:secretsmanager:rent-today/google-oauth:SecretString:'),
        authorize_scopes: 'openid email profile',
      },
      AttributeMapping: { email: 'email', name: 'name', picture: 'picture' },
    });
  });

  it('has one public app client: code grant, Google as the only provider, the site as callback', () => {
    auth.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      SupportedIdentityProviders: ['Google'],
      CallbackURLs: Match.arrayWith([TEST_CONTEXT.siteUrl]),
      LogoutURLs: Match.arrayWith([TEST_CONTEXT.siteUrl]),
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
    });
  });

  it('keeps the user pool (its sub is every user id) and has a Hosted UI domain', () => {
    auth.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
    auth.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
  });
});

describe('Web stack', () => {
  const distribution = () =>
    Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;

  it('serves the SPA from a private bucket through Origin Access Control', () => {
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    const s3Origin = config.Origins.find((o: { Id: string }) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('sends /api/* to the HTTP API uncached, with all methods and every viewer header but Host', () => {
    const config = distribution();
    const apiBehavior = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(apiBehavior).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
      ViewerProtocolPolicy: 'https-only',
    });
    const apiOrigin = config.Origins.find((o: { Id: string }) => o.Id === apiBehavior.TargetOriginId);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('.execute-api.');
    expect(apiOrigin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    expect(apiBehavior.FunctionAssociations).toBeUndefined();
  });

  it('does SPA fallback with a viewer-request function, not error responses that would rewrite API errors', () => {
    const config = distribution();
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: expect.anything() },
    ]);
    const [fn] = Object.values(web.findResources('AWS::CloudFront::Function'));
    const handler = new Function(`${fn!.Properties.FunctionCode}; return handler;`)() as (e: unknown) => {
      uri: string;
    };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/properties/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/config.json')).toBe('/config.json');
  });

  it('adds security headers: HSTS, nosniff, DENY framing, referrer policy and a CSP for the SPA', () => {
    const [policy] = Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: expect.any(Number) },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY' },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
    });
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "frame-ancestors 'none'",
      'connect-src',
      'form-action',
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toContain('.amazoncognito.com');
    const config = distribution();
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
  });

  it('deploys the build and a runtime config.json with exactly what web/src/config.ts reads', () => {
    const deployments = web.findResources('Custom::CDKBucketDeployment');
    const entry = Object.entries(deployments).find(([id]) => id.startsWith('Entry'))![1].Properties;
    const assets = Object.entries(deployments).find(([id]) => id.startsWith('Assets'))![1].Properties;
    expect(assets).toMatchObject({ Prune: false, Include: ['assets/*'] });
    expect(entry).toMatchObject({ Exclude: ['assets/*'], DistributionPaths: ['/*'] });

    // Source.jsonData is the source that carries deploy-time markers; its asset folder holds config.json.
    const configIndex = (entry.SourceMarkers as object[]).findIndex((m) => Object.keys(m).length > 0);
    const assetHash = (entry.SourceObjectKeys[configIndex] as string).replace(/\.zip$/, '');
    const file = readFileSync(join(synth.assembly.directory, `asset.${assetHash}`, 'config.json'), 'utf8');
    expect(Object.keys(JSON.parse(file)).sort()).toEqual(
      ['apiBase', 'oauthDomain', 'region', 'userPoolClientId', 'userPoolId'].sort(),
    );
  });
});
