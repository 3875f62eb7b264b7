import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TABLE } from '@rent/functions/data/table';
import { photoObjectKey, receiptObjectKey } from '@rent/functions/lib/uploadKinds';
import { onlyReads, type RouteDef, routeList, routes, TAX_PACKAGE_DAYS } from '@rent/shared';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOB_IDS } from '../../../infra/lib/bundle.js';
import { objectPatternsOf, PHOTOS_PREFIX, RECEIPTS_PREFIX, RouteFunction } from '../../../infra/lib/route-function.js';
import { SPA_ROUTING_CODE } from '../../../infra/lib/spa-routing.js';
import { type CfnWorld, list, parseCsp, resolveCfn, roleStatements, type Statement } from '../cfn.js';
import { allStacks, apiTemplate, type Synthesized, TEST_CONTEXT, theRentApp } from '../fixture.js';

/** CloudFormation JSON is untyped; `any` here is what Template.findResources returns too. */
type Props = Record<string, any>;
type Resources = Record<string, { Type: string; Properties: Props; DeletionPolicy?: string }>;

let synth: Synthesized;
let api: Template;
let data: Template;
let auth: Template;
let web: Template;

beforeAll(async () => {
  synth = await theRentApp();
  // The API and its route stacks (one per area of the route table) read as one template: logical ids are unique.
  api = apiTemplate(synth);
  data = Template.fromStack(synth.stacks.data);
  auth = Template.fromStack(synth.stacks.auth);
  web = Template.fromStack(synth.stacks.web);
});

const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** What the receipts bucket is called in the evaluated templates (any CDK-style name). */
const RECEIPTS_BUCKET = 'renttoday-data-receipts59c0d3e0-abcdefgh1234';

/** Evaluates template values as in `region`, with the receipts bucket named RECEIPTS_BUCKET. */
function world(region: string): CfnWorld {
  const receiptsId = Object.keys(data.findResources('AWS::S3::Bucket')).find((id) => id.startsWith('Receipts'))!;
  const templates = Object.fromEntries(
    allStacks(synth).map((stack) => [stack.stackName, Template.fromStack(stack).toJSON() as any]),
  );
  return { region, templates, bucketNames: { [receiptsId]: RECEIPTS_BUCKET } };
}

/** Every statement granted to the role of a Lambda function (by the function's logical id). */
function statementsOf(template: Template, functionLogicalId: string): Statement[] {
  const resources = template.toJSON().Resources as Resources;
  return roleStatements(template, (resources[functionLogicalId]!.Properties.Role['Fn::GetAtt'] as string[])[0]!);
}

/** What a value is, with a cross-stack reference (a route stack reading the Api stack) followed to the output's value. */
function targetOf(value: any): any {
  const output = value?.['Fn::GetStackOutput'] ?? value?.['Fn::ImportValue'];
  if (!output) return value;
  const outputs = api.toJSON().Outputs as Record<string, { Value: unknown; Export?: { Name: string } }>;
  const found =
    typeof output === 'string'
      ? Object.values(outputs).find((o) => o.Export?.Name === output)
      : outputs[output.OutputName as string];
  return targetOf(found?.Value);
}
const refOf = (value: unknown): string | undefined => targetOf(value)?.Ref;

/** Is the statement about the KMS key that seals Plaid access tokens (Data stack)? */
function onPlaidTokenKey(statement: Statement, w: CfnWorld): boolean {
  const keyId = Object.keys(data.findResources('AWS::KMS::Key')).find((id) => id.startsWith('PlaidTokenKey'))!;
  return list(statement.Resource).some((r) => resolveCfn(r, w, synth.stacks.api.stackName).includes(`<${keyId}.Arn>`));
}

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
  it('has exactly one function and one route per entry (plus one per job), with "METHOD /path" route keys', () => {
    api.resourceCountIs('AWS::Lambda::Function', routeList.length + JOB_IDS.length);
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
    const publicKeys = routeList.filter((r) => (r as RouteDef).public).map(routeKey);
    expect(publicKeys.sort()).toEqual(
      [
        'GET /api/invitations/by-token/{token}',
        'POST /api/contact',
        'POST /api/subscribers',
        'GET /api/subscribers/confirm/{token}',
        'POST /api/subscribers/confirm/{token}',
        'POST /api/client-log',
        'GET /api/unsubscribe/{token}',
        'POST /api/unsubscribe/{token}',
        'POST /api/plaid/webhook',
      ].sort(),
    );
    for (const route of Object.values(api.findResources('AWS::ApiGatewayV2::Route'))) {
      if (publicKeys.includes(route.Properties.RouteKey)) {
        expect(route.Properties.AuthorizationType ?? 'NONE', route.Properties.RouteKey).toBe('NONE');
        expect(route.Properties.AuthorizerId).toBeUndefined();
        continue;
      }
      expect(route.Properties.AuthorizationType, route.Properties.RouteKey).toBe('JWT');
      // The routes live in their area's stack: the authorizer id is a reference to the Api stack's output.
      expect(refOf(route.Properties.AuthorizerId), route.Properties.RouteKey).toBe(authorizerId);
    }
  });

  it('grants ses:SendEmail (sender identity and configuration set) with MAIL_FROM and SITE_URL to exactly the routes that send email', () => {
    const byKey = functionsByRouteKey();
    const senders = routeList.filter((r) => (r as RouteDef).sendsEmail).map((r) => r.id);
    expect(senders.sort()).toEqual([
      'addMaintenanceComment',
      'createInvitation',
      'createMaintenance',
      'plaidWebhook',
      'reopenMaintenance',
      'requestReview',
      'resendInvitation',
      'sendContactMessage',
      'subscribe',
      'updateMaintenance',
      'updateReview',
    ]);
    api.hasResourceProperties('AWS::SES::ConfigurationSet', {
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
    for (const route of routeList as readonly RouteDef[]) {
      const key = routeKey(route);
      const fn = byKey.get(key)!;
      const ses = statementsOf(api, fn.logicalId).filter((s) => list(s.Action).some((a) => a.startsWith('ses:')));
      const env = fn.props.Environment.Variables as Record<string, unknown>;
      if (!route.sendsEmail) {
        expect(ses, key).toEqual([]);
        expect(env.MAIL_FROM, key).toBeUndefined();
        continue;
      }
      expect(
        ses.flatMap((s) => list(s.Action)),
        key,
      ).toEqual(['ses:SendEmail']);
      const resources = ses.flatMap((s) => list(s.Resource)).map((r) => JSON.stringify(r));
      expect(resources.join(' '), key).toContain('identity');
      expect(resources.join(' '), key).toContain('configuration-set');
      expect(env.MAIL_FROM, key).toBe('Rent.Today <no-reply@rent.example.com>');
      expect(env.SITE_URL, key).toBe('https://rent.example.com');
    }
  });

  it('runs every function on Node.js 22+ and arm64 with the env config.ts reads', () => {
    for (const fn of Object.values(api.findResources('AWS::Lambda::Function'))) {
      const { Runtime, Architectures, Environment, Handler } = fn.Properties;
      expect(Number(/^nodejs(\d+)\.x$/.exec(Runtime)?.[1])).toBeGreaterThanOrEqual(22);
      expect(Architectures).toEqual(['arm64']);
      expect(Handler).toBe('index.handler');
      expect(Object.keys(Environment.Variables)).toEqual(expect.arrayContaining(['TABLE_NAME', 'NODE_OPTIONS']));
      expect(Environment.Variables.NODE_OPTIONS).toContain('--enable-source-maps');
      // Offline-only settings (functions/src/lib/config.ts): in AWS the SDK's regional endpoints are used.
      for (const offline of ['S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'DYNAMODB_ENDPOINT']) {
        expect(Environment.Variables[offline], offline).toBeUndefined();
      }
    }
    const byKey = functionsByRouteKey();
    for (const route of routeList) {
      const { MemorySize, Environment } = byKey.get(routeKey(route))!.props;
      expect(MemorySize).toBe(512);
      expect(Object.keys(Environment.Variables)).toContain('RECEIPTS_BUCKET');
    }
  });

  it('gives every function its own code asset (no shared-folder hash trap)', () => {
    const keys = Object.values(api.findResources('AWS::Lambda::Function')).map((fn) => fn.Properties.Code.S3Key);
    expect(new Set(keys).size).toBe(routeList.length + JOB_IDS.length);
  });

  it('grants least privilege: routes that only read cannot update or delete, no policy has a wildcard resource', () => {
    const byKey = functionsByRouteKey();
    const actionsOf = (functionLogicalId: string) =>
      statementsOf(api, functionLogicalId).flatMap((s) => list(s.Action));
    for (const route of routeList) {
      const actions = actionsOf(byKey.get(routeKey(route))!.logicalId);
      expect(actions, routeKey(route)).toContain('dynamodb:Query');
      if (onlyReads(route)) {
        expect(actions, routeKey(route)).not.toContain('dynamodb:UpdateItem');
        expect(actions, routeKey(route)).not.toContain('dynamodb:DeleteItem');
      } else {
        expect(actions, routeKey(route)).toEqual(
          expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
        );
      }
    }
    const roles = Object.keys(api.findResources('AWS::IAM::Role'));
    expect(roles.length).toBeGreaterThan(routeList.length);
    for (const roleId of roles) {
      const text = JSON.stringify(roleStatements(api, roleId));
      expect(text).not.toMatch(/"dynamodb:\*"|"\*"|\/index\/\*/);
    }
  });

  it('grants each route exactly its bucketAccess on its objects (receipts/*, or the photos), and no S3 to the others', () => {
    const byKey = functionsByRouteKey();
    const arnsOf = (route: RouteDef) => objectPatternsOf(route).map((p) => `arn:aws:s3:::${RECEIPTS_BUCKET}/${p}`);
    const w = world('eu-west-1');
    const table: readonly RouteDef[] = routeList;
    expect(table.some((route) => route.bucketAccess?.length)).toBe(true);
    for (const route of table) {
      const key = routeKey(route);
      const all = statementsOf(api, byKey.get(key)!.logicalId);
      // Tax packages (tax-packages/*, route.packageAccess) are checked in their own describe below.
      const packagesArn = `arn:aws:s3:::${RECEIPTS_BUCKET}/tax-packages/*`;
      const onPackages = (s: Statement) =>
        list(s.Resource).every((r) => resolveCfn(r, w, synth.stacks.api.stackName) === packagesArn);
      const packageActions = all.filter(onPackages).flatMap((s) => list(s.Action));
      expect(packageActions.sort(), key).toEqual([...(route.packageAccess ?? [])].sort());
      const statements = all.filter((s) => !onPackages(s));
      const s3 = statements.filter((s) => list(s.Action).some((a) => a.startsWith('s3:')));
      const s3Actions = s3.flatMap((s) => list(s.Action));
      expect([...new Set(s3Actions)].sort(), key).toEqual([...(route.bucketAccess ?? [])].sort());
      for (const statement of s3) {
        expect(statement.Effect, key).toBe('Allow');
        expect(statement.Condition, key).toBeUndefined();
        expect(
          list(statement.Action).every((a) => a.startsWith('s3:')),
          `${key}: S3 and other actions in one statement`,
        ).toBe(true);
        expect(
          list(statement.Resource).map((r) => resolveCfn(r, w, synth.stacks.api.stackName)),
          key,
        ).toEqual(arnsOf(route));
      }
      // Nothing else touches the bucket (no bucket-level action, no wider pattern) and the bucket is
      // S3-managed, so there is no KMS grant to go with it.
      // (The Plaid token key's grants are checked on their own below.)
      const others = statements.filter((s) => !s3.includes(s) && !onPlaidTokenKey(s, w));
      for (const statement of others) {
        const resources = list(statement.Resource).map((r) => resolveCfn(r, w, synth.stacks.api.stackName));
        expect(resources.join(' '), key).not.toContain(RECEIPTS_BUCKET);
        expect(list(statement.Action).join(' '), key).not.toMatch(/\bkms:/);
      }
    }
  });

  it('grants each route exactly its plaidTokenKey actions on the Plaid token key, and no other route any', () => {
    const byKey = functionsByRouteKey();
    const w = world('eu-west-1');
    const table: readonly RouteDef[] = routeList;
    expect(routes.exchangePublicToken.plaidTokenKey).toEqual(['kms:GenerateDataKey']);
    for (const route of table) {
      const key = routeKey(route);
      const actions = statementsOf(api, byKey.get(key)!.logicalId)
        .filter((s) => onPlaidTokenKey(s, w))
        .flatMap((s) => list(s.Action));
      expect([...new Set(actions)].sort(), key).toEqual([...(route.plaidTokenKey ?? [])].sort());
    }
  });

  it('grants each route exactly its userPoolAccess on the user pool (with USER_POOL_ID), and no cognito-idp to the others', () => {
    const byKey = functionsByRouteKey();
    const table: readonly RouteDef[] = routeList;
    expect(routes.signOutEverywhere.userPoolAccess).toEqual(['cognito-idp:AdminUserGlobalSignOut']);
    const poolId = Object.keys(auth.findResources('AWS::Cognito::UserPool'))[0]!;
    for (const route of table) {
      const key = routeKey(route);
      const fn = byKey.get(key)!;
      const statements = statementsOf(api, fn.logicalId);
      const cognito = statements.filter((s) => list(s.Action).some((a) => a.startsWith('cognito-idp:')));
      const env = fn.props.Environment.Variables as Record<string, unknown>;
      if (!route.userPoolAccess?.length) {
        expect(cognito, key).toEqual([]);
        expect(env.USER_POOL_ID, key).toBeUndefined();
        continue;
      }
      expect(cognito.flatMap((s) => list(s.Action)).sort(), key).toEqual([...route.userPoolAccess].sort());
      for (const statement of cognito) {
        expect(statement.Effect, key).toBe('Allow');
        expect(
          list(statement.Action).every((a) => a.startsWith('cognito-idp:')),
          key,
        ).toBe(true);
        // The one pool's ARN (an import from the Auth stack), never a wildcard.
        const resources = list(statement.Resource);
        expect(resources, key).toHaveLength(1);
        expect(JSON.stringify(resources[0]), key).not.toContain('*');
        expect(JSON.stringify(resources[0]), key).toContain(poolId);
      }
      expect(JSON.stringify(env.USER_POOL_ID), key).toContain(poolId);
    }
  });

  it('stores receipts and photos under the prefixes the grants name (functions/src/lib/uploadKinds.ts)', () => {
    expect(receiptObjectKey('org-1', null, 'r-1', 'a.png').startsWith(`${RECEIPTS_PREFIX}org-1/`)).toBe(true);
    expect(receiptObjectKey('org-1', 't-1', 'r-1', '../../x.pdf').startsWith(`${RECEIPTS_PREFIX}org-1/`)).toBe(true);
    expect(photoObjectKey('org-1', 'm-1', 'p-1', '../x.png').startsWith(`${PHOTOS_PREFIX}org-1/`)).toBe(true);
    const photoRoutes = (routeList as readonly RouteDef[]).filter((r) => r.path.startsWith('/api/maintenance/'));
    for (const route of photoRoutes.filter((r) => r.bucketAccess?.length)) {
      expect(objectPatternsOf(route)[0], route.id).toBe(`${PHOTOS_PREFIX}*`);
      expect(objectPatternsOf(route), route.id).not.toContain(`${RECEIPTS_PREFIX}*`);
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

describe('RouteFunction with an SSE-KMS receipts bucket (the real one is S3-managed)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rent-kms-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds exactly the KMS actions the S3 actions need, on the bucket key, only through S3', () => {
    const stack = new Stack(new App(), 'KmsCheck');
    const table = new Table(stack, 'Table', { partitionKey: { name: 'PK', type: AttributeType.STRING } });
    const key = new Key(stack, 'Key');
    const receipts = new Bucket(stack, 'Receipts', { encryption: BucketEncryption.KMS, encryptionKey: key });
    const cursorSecret = new Secret(stack, 'CursorSecret');
    const cases: [RouteDef, string[]][] = [
      [routes.createReceiptUpload, ['kms:GenerateDataKey']],
      [routes.confirmReceiptUpload, ['kms:Decrypt', 'kms:GenerateDataKey']],
      [routes.getReceiptUrl, ['kms:Decrypt']],
      [routes.deleteReceipt, []],
      [routes.getProperty, []],
    ];
    const made = cases.map(([route, kms]) => {
      mkdirSync(join(dir, route.id), { recursive: true });
      writeFileSync(join(dir, route.id, 'index.mjs'), 'export const handler = async () => ({});');
      return {
        route,
        kms,
        fn: new RouteFunction(stack, route.id, { route, functionsDir: dir, table, receipts, cursorSecret }),
      };
    });
    const template = Template.fromStack(stack);
    const keyId = stack.getLogicalId(key.node.defaultChild as any);
    for (const { route, kms, fn } of made) {
      const statements = statementsOf(template, stack.getLogicalId(fn.function.node.defaultChild as any));
      const kmsStatements = statements.filter((s) => list(s.Action).some((a) => a.startsWith('kms:')));
      expect(kmsStatements.flatMap((s) => list(s.Action)).sort(), route.id).toEqual(kms);
      for (const statement of kmsStatements) {
        expect(statement.Resource, route.id).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
        expect(JSON.stringify(statement.Condition), route.id).toContain('kms:ViaService');
      }
      const s3Actions = statements.flatMap((s) => list(s.Action)).filter((a) => a.startsWith('s3:'));
      expect(s3Actions.sort(), route.id).toEqual([...(route.bucketAccess ?? [])].sort());
    }
  });
});

describe('Jobs: the rollup rebuild Lambda', () => {
  const job = () => {
    const [entry] = Object.entries(api.findResources('AWS::Lambda::Function')).filter(([id]) =>
      id.startsWith('JobsRebuildRollupsFunction'),
    );
    expect(entry, 'JobsRebuildRollups function').toBeDefined();
    return { logicalId: entry![0], props: entry![1].Properties as Props };
  };

  it('is built by the same bundling as the routes and exports the handler functions/src/jobs/rebuildRollups.ts has', async () => {
    const bundle = join(synth.functionsDir, 'jobs', 'rebuildRollups', 'index.mjs');
    // It reads its configuration at import, as every Lambda does: the table name CDK gives it.
    vi.stubEnv('TABLE_NAME', 'rent-today');
    const module = (await import(pathToFileURL(bundle).href).finally(() => vi.unstubAllEnvs())) as {
      handler?: unknown;
    };
    expect(typeof module.handler).toBe('function');
    expect(job().props).toMatchObject({ Handler: 'index.handler', Architectures: ['arm64'], Timeout: 900 });
  });

  it('reads and writes the table (no Scan, no S3) and knows only the table', () => {
    const { logicalId, props } = job();
    const actions = statementsOf(api, logicalId).flatMap((s) => list(s.Action));
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:BatchWriteItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem']),
    );
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.filter((a) => !/^(dynamodb|logs):/.test(a))).toEqual([]);
    // CURSOR_SECRET: config.ts refuses to start in Lambda without it.
    expect(Object.keys(props.Environment.Variables).sort()).toEqual([
      'CURSOR_SECRET',
      'LOG_LEVEL',
      'NODE_OPTIONS',
      'TABLE_NAME',
    ]);
  });

  it('is invoked by hand only: no route, schedule, event source or resource policy; async invokes are not retried', () => {
    const { logicalId } = job();
    const references = (type: string) =>
      Object.values(api.findResources(type)).filter((r) => JSON.stringify(r.Properties).includes(`"${logicalId}"`));
    expect(references('AWS::Lambda::Permission')).toEqual([]);
    expect(references('AWS::Lambda::EventSourceMapping')).toEqual([]);
    expect(references('AWS::ApiGatewayV2::Integration')).toEqual([]);
    // The Sync stack's schedule is its own (tests/infra/sync-stack.test.ts); the charge job's is the only other one,
    // and no schedule targets this job.
    for (const stack of allStacks(synth).filter((stack) => stack !== synth.stacks.sync)) {
      const template = Template.fromStack(stack);
      for (const rule of Object.values(template.findResources('AWS::Events::Rule'))) {
        expect(JSON.stringify(rule.Properties)).not.toContain(`"${logicalId}"`);
      }
      template.resourceCountIs('AWS::Scheduler::Schedule', 0);
    }
    api.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: logicalId },
      MaximumRetryAttempts: 0,
    });
    api.hasOutput('RebuildRollupsFunctionName', { Value: { Ref: logicalId } });
  });
});

describe('Jobs: the daily charge job', () => {
  it('runs once a day at 06:00 UTC from one EventBridge rule, retried twice, with table access only', () => {
    const id = Object.keys(api.findResources('AWS::Lambda::Function')).find((k) =>
      k.startsWith('JobsPostChargesFunction'),
    );
    expect(id).toBeDefined();
    const rules = Object.values(api.findResources('AWS::Events::Rule'));
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties).toMatchObject({
      ScheduleExpression: 'cron(0 12 * * ? *)',
      State: 'ENABLED',
      Targets: [{ Arn: { 'Fn::GetAtt': [id, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } }],
    });
  });
});

describe('Tax package: the build job and its routes', () => {
  const jobId = () =>
    Object.keys(api.findResources('AWS::Lambda::Function')).find((id) => id.startsWith('JobsBuildTaxPackageFunction'))!;
  const resourcesOf = (statements: Statement[], action: string) =>
    statements.filter((st) => list(st.Action).includes(action)).flatMap((st) => list(st.Resource));
  const suffixOf = (resource: unknown) => JSON.stringify(resource).match(/\/(receipts|tax-packages)\/\*/)?.[1];

  it('the job reads receipts/* only and writes tax-packages/* only; async invokes are not retried', () => {
    const id = jobId();
    expect(id).toBeDefined();
    const statements = statementsOf(api, id);
    const s3 = statements.flatMap((st) => list(st.Action)).filter((a) => a.startsWith('s3:'));
    expect(s3.sort()).toEqual(['s3:AbortMultipartUpload', 's3:GetObject', 's3:PutObject']);
    expect(resourcesOf(statements, 's3:GetObject').map(suffixOf)).toEqual(['receipts']);
    expect(resourcesOf(statements, 's3:PutObject').map(suffixOf)).toEqual(['tax-packages']);
    expect(statements.flatMap((st) => list(st.Action))).not.toContain('dynamodb:Scan');
    api.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: id }, MaximumRetryAttempts: 0 });
  });

  it('only the start route may invoke it (that function alone) and only the download route reads packages', () => {
    const id = jobId();
    const byRoute = functionsByRouteKey();
    for (const route of routeList as readonly RouteDef[]) {
      const fn = byRoute.get(routeKey(route))!;
      const statements = statementsOf(api, fn.logicalId);
      const invoke = resourcesOf(statements, 'lambda:InvokeFunction');
      if (route.startsJob === 'buildTaxPackage') {
        // The routes live in their area's stack: the job's ARN arrives through the Api stack's output.
        expect(invoke.map(targetOf), route.id).toEqual([{ 'Fn::GetAtt': [id, 'Arn'] }]);
        expect(targetOf(fn.props.Environment.Variables.TAX_PACKAGE_FUNCTION), route.id).toEqual({ Ref: id });
      } else {
        // (The account deletion route starts the purge, checked in tests/infra/app/account.ts.)
        expect(invoke.map(targetOf), route.id).not.toContainEqual({ 'Fn::GetAtt': [id, 'Arn'] });
      }
      const packages = resourcesOf(statements, 's3:GetObject').filter((r) => suffixOf(r) === 'tax-packages');
      expect(packages.length, route.id).toBe(route.packageAccess ? 1 : 0);
    }
  });

  it("expires uploads never confirmed, under each kind of upload's pending/ prefix, after a day", () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'receipts/pending/', ExpirationInDays: 1, Status: 'Enabled' }),
          Match.objectLike({ Prefix: 'maintenance-photos/pending/', ExpirationInDays: 1, Status: 'Enabled' }),
        ]),
      },
    });
  });

  it('expires built packages with a lifecycle rule on tax-packages/', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'tax-packages/', ExpirationInDays: TAX_PACKAGE_DAYS, Status: 'Enabled' }),
        ]),
      },
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
    });
    // Presigned PUT (XMLHttpRequest) and GET from the site only. The PUT signs content-type,
    // content-length and host; only content-type is ever in a preflight (the others are the browser's).
    expect(receipts[1].Properties.CorsConfiguration).toEqual({
      CorsRules: [
        {
          AllowedOrigins: [TEST_CONTEXT.siteUrl],
          AllowedMethods: ['PUT', 'GET', 'HEAD'],
          AllowedHeaders: ['content-type'],
          ExposedHeaders: ['ETag'],
          MaxAge: 3600,
        },
      ],
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

  it('compresses (brotli and gzip by Accept-Encoding) and caches the site as the local origin does, over HTTP/2 and 3', () => {
    const config = distribution();
    expect(config.HttpVersion).toBe('http2and3');
    expect(config.DefaultCacheBehavior).toMatchObject({
      Compress: true,
      // Managed-CachingOptimized: the cache key normalises Accept-Encoding to br / gzip, so each is cached apart.
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6',
    });
    const deployments = Object.entries(web.findResources('Custom::CDKBucketDeployment'));
    const cacheControl = (prefix: string) =>
      deployments.find(([id]) => id.startsWith(prefix))![1].Properties.SystemMetadata['cache-control'];
    // Hashed assets never change (infra/local/static.ts sends the same header offline); the entry is revalidated.
    expect(cacheControl('Assets')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('Entry')).toBe('no-cache');
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
    // The very code the local origin and the tests run (infra/lib/spa-routing.ts).
    expect(fn!.Properties.FunctionCode).toBe(SPA_ROUTING_CODE);
    const handler = new Function(`${fn!.Properties.FunctionCode}; return handler;`)() as (e: unknown) => {
      uri: string;
    };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/properties/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0')).toBe('/index.html');
    expect(rewrite('/unsubscribe/dXNlci0x.REVIEW_REQUESTED.c2lnbmF0dXJl')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/assets/missing')).toBe('/assets/missing');
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

  describe('CSP admits exactly the origin of the presigned receipt URLs functions/src/lib/s3.ts makes', () => {
    afterAll(() => {
      vi.unstubAllEnvs();
    });

    /** A presigned PUT and GET from the real module, as a Lambda in `region` would make them. */
    async function presignedOrigins(region: string): Promise<string[]> {
      vi.resetModules();
      const env = {
        TABLE_NAME: 'rent-today',
        RECEIPTS_BUCKET,
        AWS_REGION: region,
        AWS_ACCESS_KEY_ID: 'AKIDINFRATEST',
        AWS_SECRET_ACCESS_KEY: 'infra-test',
        LOG_LEVEL: 'silent',
      };
      for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
      // vi.stubEnv with undefined removes the variable.
      for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'AWS_SESSION_TOKEN', 'AWS_PROFILE']) {
        vi.stubEnv(name, undefined as unknown as string);
      }
      const s3 = await import('@rent/functions/lib/s3');
      const key = receiptObjectKey('org-1', null, 'r-1', 'receipt.png');
      const put = await s3.presignUpload(key, 'image/png', 1234);
      const get = await s3.presignDownload(key, 'image/png', 'receipt.png');
      return [new URL(put.url).origin, new URL(get.url).origin];
    }

    function csp(region: string): Record<string, string[]> {
      const [policy] = Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
      const value = policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy;
      return parseCsp(resolveCfn(value.ContentSecurityPolicy, world(region), synth.stacks.web.stackName));
    }

    for (const region of ['us-east-1', 'eu-west-1']) {
      it(`in ${region}: connect-src (PUT) and img-src (thumbnails), virtual-hosted regional host`, async () => {
        const origins = await presignedOrigins(region);
        const expected = `https://${RECEIPTS_BUCKET}.s3.${region}.amazonaws.com`;
        expect(new Set(origins)).toEqual(new Set([expected]));
        const directives = csp(region);
        expect(directives['connect-src']).toContain(expected);
        expect(directives['img-src']).toContain(expected);
        // No wider S3 source anywhere, and nothing may frame or embed a receipt (View opens a new tab).
        const s3Sources = Object.values(directives)
          .flat()
          .filter(
            (source) => source.includes('amazonaws.com') && !/cognito|\/\/dataplane\.rum\.|\/\/sts\./.test(source),
          );
        expect(new Set(s3Sources)).toEqual(new Set([expected]));
        expect(directives['frame-src']).toEqual(['https://cdn.plaid.com']);
        expect(directives['object-src']).toEqual(["'none'"]);
        // Plaid Link: exactly its CDN script, its frame and the sandbox API (plaidEnv defaults to sandbox).
        expect(directives['script-src']).toEqual(["'self'", 'https://cdn.plaid.com/link/v2/stable/link-initialize.js']);
        expect(directives['connect-src']).toContain('https://sandbox.plaid.com');
        expect(
          Object.values(directives)
            .flat()
            .filter((s) => s.includes('plaid.com')),
        ).toHaveLength(3);
      });
    }
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
      ['apiBase', 'oauthDomain', 'plaidLinkScriptUrl', 'region', 'rum', 'userPoolClientId', 'userPoolId'].sort(),
    );
    expect(JSON.parse(file).plaidLinkScriptUrl).toBe('https://cdn.plaid.com/link/v2/stable/link-initialize.js');
  });
});
