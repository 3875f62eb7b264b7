import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RouteDef, routeList, routes } from '@rent/shared';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_JOB_IDS } from '../../infra/lib/bundle.js';
import { Mail } from '../../infra/lib/mail.js';
import { PlaidAccess } from '../../infra/lib/plaid.js';
import { RouteFunction } from '../../infra/lib/route-function.js';
import { routesByStack } from '../../infra/lib/route-stacks.js';
import { MAX_RECEIVE_COUNT, SYNC_LEASE_SECONDS, SYNC_QUEUE_NAME, SyncStack } from '../../infra/lib/sync-stack.js';
import { list, type Statement } from './cfn.js';

/** CloudFormation JSON is untyped. */
type Props = Record<string, any>;
type Resources = Record<string, { Type: string; Properties: Props }>;

let dir: string;
let sync: Template;
let syncStack: SyncStack;
let deps: Stack;
let plaidKey: Key;
const routeFunctions = new Map<string, RouteFunction>();
/** The API stacks as the app splits them (one stack of every route would pass CloudFormation's 500 resources). */
const stackOfRoute = new Map<string, Stack>();
const templates = new Map<Stack, Template>();
const templateOfRoute = (route: RouteDef) => templates.get(stackOfRoute.get(route.id)!)!;

/**
 * The Sync stack synthesized beside its dependencies and one RouteFunction per route of the table, each from a
 * one-line bundle: the grants and wiring under test do not depend on the code, and this keeps the test independent
 * of the whole app's synth (whose API stacks are large: docs/deploy.md "The API in several stacks").
 */
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rent-sync-'));
  for (const folder of [...routeList.map((r) => r.id), ...SYNC_JOB_IDS.map((j) => join('jobs', j))]) {
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, 'index.mjs'), 'export const handler = async () => ({});');
  }
  const app = new App();
  deps = new Stack(app, 'Deps');
  const table = new Table(deps, 'Table', {
    partitionKey: { name: 'PK', type: AttributeType.STRING },
    sortKey: { name: 'SK', type: AttributeType.STRING },
  });
  plaidKey = new Key(deps, 'PlaidTokenKey');
  const mail = new Mail(deps, 'Mail', {
    mailFrom: 'Rent.Today <no-reply@rent.example.com>',
    siteUrl: 'https://rent.example.com',
  });
  const receipts = new Bucket(deps, 'Receipts');
  const cursorSecret = new Secret(deps, 'CursorSecret');
  const userPool = new UserPool(deps, 'Pool');
  for (const [name, stackRoutes] of routesByStack()) {
    const apiStack = new Stack(app, `Api${name}`);
    const plaidAccess = new PlaidAccess(apiStack, {
      environment: 'sandbox',
      secretName: 'rent-today/plaid',
      siteUrl: 'https://rent.example.com',
    });
    // Routes that start a background job need the Jobs construct; none of them touches the sync queue.
    for (const route of stackRoutes.filter((r) => !r.startsJob)) {
      stackOfRoute.set(route.id, apiStack);
      routeFunctions.set(
        route.id,
        new RouteFunction(apiStack, route.id, {
          route,
          functionsDir: dir,
          table,
          receipts,
          cursorSecret,
          userPool,
          mail,
          plaid: plaidAccess,
          plaidTokenKey: plaidKey,
        }),
      );
    }
  }
  const plaid = {
    environment: 'sandbox' as const,
    secretName: 'rent-today/plaid',
    siteUrl: 'https://rent.example.com',
  };
  syncStack = new SyncStack(app, 'Sync', { table, plaidTokenKey: plaidKey, mail, plaid, functionsDir: dir });
  sync = Template.fromStack(syncStack);
  for (const stack of new Set(stackOfRoute.values())) templates.set(stack, Template.fromStack(stack));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function statementsOf(template: Template, functionLogicalId: string): Statement[] {
  const resources = template.toJSON().Resources as Resources;
  const roleId = (resources[functionLogicalId]!.Properties.Role['Fn::GetAtt'] as string[])[0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: { Ref: string }) => x.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

const idOfRoute = (route: RouteDef) =>
  stackOfRoute.get(route.id)!.getLogicalId(routeFunctions.get(route.id)!.function.node.defaultChild as never);
const fnId = (template: Template, prefix: string) => {
  const ids = Object.keys(template.findResources('AWS::Lambda::Function')).filter((id) => id.startsWith(prefix));
  expect(ids, prefix).toHaveLength(1);
  return ids[0]!;
};
const queueId = (name: string) =>
  Object.entries(sync.findResources('AWS::SQS::Queue')).find(([, r]) => r.Properties.QueueName === name)![0];
const actionsOf = (template: Template, id: string) => statementsOf(template, id).flatMap((s) => list(s.Action));

/** Every function (the Sync stack's and each route's) with the statements of its role. */
function everyFunction() {
  return [sync, ...templates.values()].flatMap((template) =>
    Object.keys(template.findResources('AWS::Lambda::Function')).map((id) => ({
      id,
      statements: statementsOf(template, id),
    })),
  );
}

describe('Sync stack: schedule, queue, dead letters, alarm', () => {
  it('runs the fan-out every 6 hours through EventBridge, with retries', () => {
    const fanOut = fnId(sync, 'FanOutFunction');
    sync.resourceCountIs('AWS::Events::Rule', 1);
    sync.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(6 hours)',
      State: 'ENABLED',
      Targets: [{ Arn: { 'Fn::GetAtt': [fanOut, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } }],
    });
  });

  it('has the named queue with a dead-letter queue after MAX_RECEIVE_COUNT receives, both encrypted and TLS-only', () => {
    const dlq = queueId(`${SYNC_QUEUE_NAME}-dlq`);
    const queue = sync.findResources('AWS::SQS::Queue')[queueId(SYNC_QUEUE_NAME)]!;
    expect(MAX_RECEIVE_COUNT).toBeGreaterThanOrEqual(3);
    expect(queue.Properties).toMatchObject({
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: MAX_RECEIVE_COUNT },
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 1800,
    });
    const policies = Object.values(sync.findResources('AWS::SQS::QueuePolicy'));
    expect(policies).toHaveLength(2);
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('alarms as soon as one message is visible in the dead-letter queue', () => {
    const dlq = queueId(`${SYNC_QUEUE_NAME}-dlq`);
    sync.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlq, 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
    });
  });

  it('feeds the consumer with partial batch failures; its lease outlives its timeout', () => {
    const consumer = fnId(sync, 'ConsumerFunction');
    sync.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: consumer },
      EventSourceArn: { 'Fn::GetAtt': [queueId(SYNC_QUEUE_NAME), 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: 10,
    });
    const props = sync.findResources('AWS::Lambda::Function')[consumer]!.Properties;
    expect(props.Timeout).toBe(300);
    expect(Number(props.Environment.Variables.SYNC_LEASE_SECONDS)).toBe(SYNC_LEASE_SECONDS);
    expect(SYNC_LEASE_SECONDS).toBeGreaterThan(props.Timeout);
  });
});

describe('Sync grants: least privilege', () => {
  it('lets the consumer (and the routes banklink declares) decrypt with the Plaid token key, nothing else', () => {
    const keyId = deps.getLogicalId(plaidKey.node.defaultChild as never);
    const decrypters = everyFunction().filter(({ statements }) =>
      statements.some((s) => list(s.Action).includes('kms:Decrypt') && JSON.stringify(s.Resource).includes(keyId)),
    );
    // Besides the consumer, only the routes banklink declares as calling Plaid with a stored token (disconnect,
    // update-mode Link) may decrypt; the webhook, Sync now and the fan-out never.
    const tokenRoutes = (routeList as readonly RouteDef[]).filter((r) => r.plaidTokenKey?.includes('kms:Decrypt'));
    expect(tokenRoutes.map((r) => r.id)).not.toContain(routes.plaidWebhook.id);
    expect(tokenRoutes.map((r) => r.id)).not.toContain(routes.syncBankConnection.id);
    const expected = [fnId(sync, 'ConsumerFunction'), ...tokenRoutes.map((r) => idOfRoute(r))];
    expect(decrypters.map((f) => f.id).sort()).toEqual(expected.sort());
  });

  it('gives the fan-out only a Query of GSI1 and SendMessage to the queue', () => {
    const fanOut = fnId(sync, 'FanOutFunction');
    const statements = statementsOf(sync, fanOut).filter((s) => !list(s.Action).some((a) => a.startsWith('logs:')));
    expect(statements.flatMap((s) => list(s.Action)).sort()).toEqual(['dynamodb:Query', 'sqs:SendMessage']);
    expect(JSON.stringify(statements)).toContain('/index/GSI1');
  });

  it('lets exactly the routes that enqueue (webhook, Sync now, a new or repaired link) send to the queue, nothing more on SQS', () => {
    const idOf = idOfRoute;
    const senders = (routeList as readonly RouteDef[]).filter((r) => r.enqueuesSync).map((r) => r.id);
    const expectedSenders = [routes.plaidWebhook, routes.syncBankConnection, routes.exchangePublicToken];
    expect(senders.sort()).toEqual([...expectedSenders.map((r) => r.id), routes.confirmBankReconnect.id].sort());
    for (const route of (routeList as readonly RouteDef[]).filter((r) => routeFunctions.has(r.id))) {
      const id = idOf(route);
      const api = templateOfRoute(route);
      const resources = api.toJSON().Resources as Resources;
      const sqs = statementsOf(api, id).filter((s) => list(s.Action).some((a) => a.startsWith('sqs:')));
      const env = resources[id]!.Properties.Environment.Variables as Record<string, unknown>;
      if (!route.enqueuesSync) {
        expect(sqs, route.id).toEqual([]);
        expect(env.SYNC_QUEUE_URL, route.id).toBeUndefined();
        continue;
      }
      expect(
        sqs.flatMap((s) => list(s.Action)),
        route.id,
      ).toEqual(['sqs:SendMessage']);
      expect(JSON.stringify(sqs[0]!.Resource), route.id).toContain(`:${SYNC_QUEUE_NAME}`);
      expect(JSON.stringify(sqs[0]!.Resource), route.id).not.toContain('*');
      expect(JSON.stringify(env.SYNC_QUEUE_URL), route.id).toContain(`/${SYNC_QUEUE_NAME}`);
      // The webhook and Sync now only enqueue: no decrypting of tokens.
      if (route.id === 'plaidWebhook' || route.id === 'syncBankConnection') {
        expect(actionsOf(api, id), route.id).not.toContain('kms:Decrypt');
      }
    }
  });

  it('has no wildcard action or resource in the Sync stack policies', () => {
    for (const policy of Object.values(sync.findResources('AWS::IAM::Policy'))) {
      const text = JSON.stringify(policy.Properties.PolicyDocument);
      expect(text).not.toMatch(/"(sqs|dynamodb|kms):\*"|"\*"|\/index\/\*/);
    }
  });
});
