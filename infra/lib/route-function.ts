import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TABLE } from '@rent/functions/data/table';
import type { RouteDef } from '@rent/shared';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { BUNDLE_HANDLER, bundleDir } from './bundle.js';

export interface RouteFunctionProps {
  route: RouteDef;
  /** Folder holding one subfolder per route id (dist/functions by default). */
  functionsDir?: string;
  table: ITable;
  receipts: IBucket;
  memorySize?: number;
}

/** What the repositories call. No Scan (a single-table design never scans) and no stream reads. */
const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
];
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/**
 * Like table.grantReadData / grantReadWriteData, but narrower: only the actions above, and the named
 * indexes of functions/src/data/table.ts instead of `<table>/index/*`, so the policies carry no wildcard.
 * Transactions need no action of their own: DynamoDB checks each Put/Update/Delete/ConditionCheck in them.
 *
 * 'read' still includes PutItem: every route runs http() -> resolveCaller(), and a caller's first
 * request (usually GET /api/organization) provisions their user, organization and membership with a
 * TransactWriteItems of three Puts (functions/src/data/repositories/users.ts).
 */
export function grantTableAccess(grantee: IGrantable, table: ITable, access: 'read' | 'readWrite'): void {
  const indexArns = TABLE.indexes.map((index) => `${table.tableArn}/index/${index.indexName}`);
  const tableActions =
    access === 'read' ? [...TABLE_READ_ACTIONS, 'dynamodb:PutItem'] : [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS];
  Grant.addToPrincipal({ grantee, actions: tableActions, resourceArns: [table.tableArn] });
  Grant.addToPrincipal({ grantee, actions: ['dynamodb:Query'], resourceArns: indexArns });
}

/**
 * One route's Lambda, bound to its data in one place: the env the handler's config.ts reads and the
 * IAM grants that env implies, so neither can be added without the other. Least privilege per route:
 * a GET reads (see grantTableAccess), anything else reads and writes. RECEIPTS_BUCKET is set for the
 * config schema but no route touches S3 yet, so no S3 grant exists until a receipts route does.
 */
export class RouteFunction extends Construct {
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    super(scope, id);
    const { route, table, receipts } = props;
    const codeDir = bundleDir(route.id, props.functionsDir);
    if (!existsSync(join(codeDir, 'index.mjs'))) {
      throw new Error(`No bundle for route ${route.id} in ${codeDir}: run "npm run build:functions" first.`);
    }

    // Our own log group and role instead of the AWS managed basic-execution policy: the function may
    // write to its own log group and nothing else, and the logs expire.
    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Rent.Today ${route.method} ${route.path}`,
    });
    logGroup.grantWrite(role);

    this.function = new LambdaFunction(this, 'Function', {
      description: `${route.method} ${route.path}`,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      // Each route has its own folder, hence its own asset hash (see bundle.ts).
      code: Code.fromAsset(codeDir),
      handler: BUNDLE_HANDLER,
      memorySize: props.memorySize ?? 512,
      // Below the HTTP API's 30 s integration limit, so the client sees our 500 rather than a 503.
      timeout: Duration.seconds(10),
      role,
      logGroup,
      environment: {
        TABLE_NAME: table.tableName,
        RECEIPTS_BUCKET: receipts.bucketName,
        LOG_LEVEL: 'info',
        NODE_OPTIONS: '--enable-source-maps',
      },
    });

    grantTableAccess(this.function, table, route.method === 'GET' ? 'read' : 'readWrite');
  }
}
