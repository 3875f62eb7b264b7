import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TABLE } from '@rent/functions/data/table';
import { PHOTO_UPLOADS, RECEIPT_UPLOADS } from '@rent/functions/lib/uploadKinds';
import { type BucketAction, onlyReads, type RouteDef } from '@rent/shared';
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, Grant, type IGrantable, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { type ILogGroup, LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { BUNDLE_HANDLER, bundleDir } from './bundle.js';
import type { Mail } from './mail.js';
import { grantPlaid, type PlaidAccess } from './plaid.js';
import { syncQueueArn, syncQueueUrl } from './sync-stack.js';

export interface RouteFunctionProps {
  route: RouteDef;
  /** Folder holding one subfolder per route id (dist/functions by default). */
  functionsDir?: string;
  table: ITable;
  receipts: IBucket;
  /** Signs page cursors: passed as CURSOR_SECRET (resolved by CloudFormation at deploy). */
  cursorSecret: ISecret;
  /** The user pool, for routes that declare `userPoolAccess` (its id is passed as USER_POOL_ID). */
  userPool?: IUserPool;
  /** SES, for routes that declare `sendsEmail` (MAIL_FROM, SITE_URL, SES_CONFIGURATION_SET). */
  mail?: Mail;
  /** Plaid's configuration, for routes that declare `callsPlaid`. */
  plaid?: PlaidAccess;
  /** The KMS key that seals Plaid access tokens, for routes that declare `plaidTokenKey`. */
  plaidTokenKey?: IKey;
  /** Background jobs a route may start (`startsJob`): lambda:InvokeFunction on that one, its name in the env. */
  jobs?: Partial<Record<NonNullable<RouteDef['startsJob']>, LambdaFunction>>;
  memorySize?: number;
  /** The log group the route functions share (see BundledFunctionProps.logGroup). */
  logGroup?: ILogGroup;
  /** SUPPORT_EMAIL for routes that send to support (the contact form). */
  supportEmail?: string;
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
 * TransactWriteItems of three Puts (functions/src/data/people/users.ts).
 */
export function grantTableAccess(grantee: IGrantable, table: ITable, access: 'read' | 'readWrite'): void {
  const indexArns = TABLE.indexes.map((index) => `${table.tableArn}/index/${index.indexName}`);
  const tableActions =
    access === 'read' ? [...TABLE_READ_ACTIONS, 'dynamodb:PutItem'] : [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS];
  Grant.addToPrincipal({ grantee, actions: tableActions, resourceArns: [table.tableArn] });
  Grant.addToPrincipal({ grantee, actions: ['dynamodb:Query'], resourceArns: indexArns });
}

/**
 * Every receipt object lives under this prefix: receipts/<orgId>/<transaction | unattached>/<id>-<name>
 * (functions/src/lib/uploadKinds.ts, receiptObjectKey). The rest of the key is made per organization
 * and per upload at run time, so `receipts/*` is the narrowest scope a static policy can name.
 */
export const RECEIPTS_PREFIX = `${RECEIPT_UPLOADS.prefix}/`;
/** Maintenance photos have their own: maintenance-photos/<orgId>/<request>/<id>-<name> (uploadKinds.ts, photoObjectKey). */
export const PHOTOS_PREFIX = `${PHOTO_UPLOADS.prefix}/`;
/**
 * Photos stored before they had their own prefix keep the keys their records name, under the receipts' prefix:
 * receipts/<orgId>/maintenance/<request>/<id>-<name>, uploaded through receipts/pending/<orgId>/<id>.
 */
const OLD_PHOTOS = `${RECEIPTS_PREFIX}*/maintenance/*`;
const OLD_PHOTO_UPLOADS = `${RECEIPTS_PREFIX}pending/*`;
/**
 * The objects a route's `bucketAccess` applies to: the photo routes' are the photos' (and, to read or confirm a
 * photo stored before, its old keys); every other route's are the receipts'.
 */
const PHOTO_ROUTE_OBJECTS: Record<string, readonly string[]> = {
  createMaintenancePhotoUpload: [`${PHOTOS_PREFIX}*`],
  confirmMaintenancePhoto: [`${PHOTOS_PREFIX}*`, OLD_PHOTOS, OLD_PHOTO_UPLOADS],
  listMaintenancePhotos: [`${PHOTOS_PREFIX}*`, OLD_PHOTOS],
};
export const objectPatternsOf = (route: RouteDef): readonly string[] =>
  PHOTO_ROUTE_OBJECTS[route.id] ?? [`${RECEIPTS_PREFIX}*`];

/**
 * What each S3 action needs from the bucket's key when the bucket is SSE-KMS encrypted: a (single-part,
 * presigned) PUT has S3 generate a data key, a GET (and HEAD) has it decrypt one, a DELETE needs neither.
 * With S3-managed keys (the receipts bucket today, see data-stack.ts) there is no key to grant.
 */
const KMS_ACTIONS: Record<BucketAction, readonly string[]> = {
  's3:PutObject': ['kms:GenerateDataKey'],
  's3:GetObject': ['kms:Decrypt'],
  's3:DeleteObject': [],
};

/**
 * Exactly `actions` on the objects matching `patterns` (receipts/* unless told) and nothing else (returns those
 * ARNs; none when there is nothing to grant): no bucket-level action (no
 * ListBucket), no `s3:*Object*` family. s3:GetObject also authorises HeadObject, and a presigned URL is
 * authorised by its signer's permissions, so the route that presigns the upload needs s3:PutObject.
 * Which organization's objects a request may touch is decided by the handler (keys are built from the
 * caller's membership), not by IAM.
 */
export function grantReceiptsAccess(
  grantee: IGrantable,
  receipts: IBucket,
  actions: readonly BucketAction[],
  patterns: readonly string[] = [`${RECEIPTS_PREFIX}*`],
): string[] {
  if (actions.length === 0) return [];
  const objectsArns = patterns.map((pattern) => receipts.arnForObjects(pattern));
  Grant.addToPrincipal({ grantee, actions: [...new Set(actions)], resourceArns: objectsArns });
  const key = receipts.encryptionKey;
  const kmsActions = [...new Set(actions.flatMap((action) => KMS_ACTIONS[action]))];
  if (key && kmsActions.length > 0) {
    // Only through S3 in this region: the role cannot use the key directly.
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: kmsActions,
        resources: [key.keyArn],
        conditions: { StringEquals: { 'kms:ViaService': `s3.${Aws.REGION}.${Aws.URL_SUFFIX}` } },
      }),
    );
  }
  return objectsArns;
}

/** The variable a route that starts a job finds that job's function name in (functions/src/lib/jobs.ts). */
const JOB_FUNCTION_ENV = { buildTaxPackage: 'TAX_PACKAGE_FUNCTION', purgeOrganization: 'PURGE_FUNCTION_NAME' } as const;

/** Built tax packages live under this prefix of the receipts bucket; a lifecycle rule expires them. */
export const PACKAGES_PREFIX = 'tax-packages/';

/** Exactly `actions` on the objects under tax-packages/ (the job writes there, the download route presigns GETs). */
export function grantPackageAccess(
  grantee: IGrantable,
  receipts: IBucket,
  actions: readonly string[],
): string | undefined {
  if (actions.length === 0) return undefined;
  const arn = receipts.arnForObjects(`${PACKAGES_PREFIX}*`);
  Grant.addToPrincipal({ grantee, actions: [...new Set(actions)], resourceArns: [arn] });
  return arn;
}

export interface BundledFunctionProps {
  /** The folder with index.mjs (one per function: its own asset hash, see bundle.ts). */
  codeDir: string;
  /** Shown in the console for the function and its role. */
  description: string;
  environment: Record<string, string>;
  timeout: Duration;
  memorySize: number;
  /**
   * A log group shared with other functions (the route functions share one: CloudFormation allows 500 resources
   * a stack, and a group per route made 7 resources a route). Absent: the function gets its own.
   */
  logGroup?: ILogGroup;
}

/**
 * A Lambda from one of bundle.ts's folders, with its own log group and its own role instead of the AWS
 * managed basic-execution policy: the function may write to its own log group and nothing else, and the
 * logs expire. Children of `scope`: Logs, Role, Function. Grants are the caller's business.
 */
export function bundledFunction(scope: Construct, props: BundledFunctionProps): LambdaFunction {
  if (!existsSync(join(props.codeDir, 'index.mjs'))) {
    throw new Error(`No bundle for ${props.description} in ${props.codeDir}: run "npm run build:functions" first.`);
  }
  const logGroup =
    props.logGroup ??
    new LogGroup(scope, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
  const role = new Role(scope, 'Role', {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: `Rent.Today ${props.description}`,
  });
  logGroup.grantWrite(role);
  return new LambdaFunction(scope, 'Function', {
    description: props.description,
    runtime: Runtime.NODEJS_24_X,
    architecture: Architecture.ARM_64,
    code: Code.fromAsset(props.codeDir),
    handler: BUNDLE_HANDLER,
    memorySize: props.memorySize,
    timeout: props.timeout,
    role,
    logGroup,
    environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
  });
}

/**
 * One route's Lambda, bound to its data in one place: the env the handler's config.ts reads and the
 * IAM grants that env implies, so neither can be added without the other. Least privilege per route:
 * - the table: a GET reads (see grantTableAccess), anything else reads and writes;
 * - the receipts bucket: exactly the route's `bucketAccess` (shared/src/api/routes.ts) on receipts/* (the photo
 *   routes: on the photos' objects, objectPatternsOf),
 *   plus the matching KMS actions if the bucket is SSE-KMS (it is S3-managed, so none today). A route
 *   without `bucketAccess` gets no S3 permission at all; RECEIPTS_BUCKET is still set on every function
 *   because config.ts defaults it, and a wrong default would point at somebody else's bucket.
 * S3_ENDPOINT / S3_PUBLIC_ENDPOINT / DYNAMODB_ENDPOINT are offline-only and never set here: in AWS the
 * SDK's regional endpoints are what the CSP in web-stack.ts admits.
 */
export class RouteFunction extends Construct {
  readonly route: RouteDef;
  readonly function: LambdaFunction;
  readonly role: Role;
  /** `<receipts bucket ARN>/<pattern>` for each pattern of its objects when the route has bucketAccess (nag.ts
   * acknowledges these wildcards). */
  readonly objectArns: string[];
  /** `<receipts bucket ARN>/tax-packages/*` when the route has packageAccess. */
  readonly packageObjectsArn?: string;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    super(scope, id);
    const { route, table, receipts } = props;
    this.route = route;

    this.function = bundledFunction(this, {
      codeDir: bundleDir(route.id, props.functionsDir),
      description: `${route.method} ${route.path}`,
      memorySize: props.memorySize ?? 512,
      logGroup: props.logGroup,
      // Below the HTTP API's 30 s integration limit, so the client sees our 500 rather than a 503.
      timeout: Duration.seconds(10),
      environment: {
        TABLE_NAME: table.tableName,
        RECEIPTS_BUCKET: receipts.bucketName,
        CURSOR_SECRET: props.cursorSecret.secretValue.unsafeUnwrap(),
        LOG_LEVEL: 'info',
      },
    });
    this.role = this.function.role as Role;

    grantTableAccess(this.function, table, onlyReads(route) ? 'read' : 'readWrite');
    this.objectArns = grantReceiptsAccess(this.function, receipts, route.bucketAccess ?? [], objectPatternsOf(route));
    grantUserPoolAccess(this.function, props.userPool, route);
    grantMail(this.function, props.mail, route);
    grantSyncQueue(this.function, route);
    grantPlaid(this.function, props.plaid, route);
    grantPlaidTokenKey(this.function, props.plaidTokenKey, route, props.mail?.siteUrl);
    this.packageObjectsArn = grantPackageAccess(this.function, receipts, route.packageAccess ?? []);
    if (route.startsJob) {
      const job = props.jobs?.[route.startsJob];
      if (!job) throw new Error(`${route.method} ${route.path} starts ${route.startsJob}, which was not given`);
      // The function itself only (grantInvoke would add its versions, `<arn>:*`).
      Grant.addToPrincipal({
        grantee: this.function,
        actions: ['lambda:InvokeFunction'],
        resourceArns: [job.functionArn],
      });
      this.function.addEnvironment(JOB_FUNCTION_ENV[route.startsJob], job.functionName);
    }
    if (route.id === 'sendContactMessage' && props.supportEmail) {
      this.function.addEnvironment('SUPPORT_EMAIL', props.supportEmail);
    }
  }
}

/**
 * sqs:SendMessage on the bank-sync queue alone, and SYNC_QUEUE_URL, for routes that declare `enqueuesSync` (the
 * Plaid webhook, "Sync now"); nothing for the others. The queue is named, not referenced (sync-stack.ts).
 */
export function grantSyncQueue(fn: LambdaFunction, route: RouteDef): void {
  if (!route.enqueuesSync) return;
  Grant.addToPrincipal({ grantee: fn, actions: ['sqs:SendMessage'], resourceArns: [syncQueueArn()] });
  fn.addEnvironment('SYNC_QUEUE_URL', syncQueueUrl());
}

/**
 * Exactly the route's `plaidTokenKey` actions on the one key, and PLAID_TOKEN_KEY_ID (its ARN): the exchange may
 * only GenerateDataKey (seal a new token), the routes that call Plaid with a stored token may only Decrypt; the
 * others get no KMS permission and no key id. Routes that make Link tokens also learn the webhook address.
 */
export function grantPlaidTokenKey(fn: LambdaFunction, key: IKey | undefined, route: RouteDef, siteUrl?: string): void {
  const actions = [...new Set(route.plaidTokenKey ?? [])];
  if (actions.length === 0) return;
  if (!key) throw new Error(`${route.method} ${route.path} needs the Plaid token key (plaidTokenKey)`);
  Grant.addToPrincipal({ grantee: fn, actions, resourceArns: [key.keyArn] });
  fn.addEnvironment('PLAID_TOKEN_KEY_ID', key.keyArn);
  if (siteUrl) fn.addEnvironment('PLAID_WEBHOOK_URL', `${siteUrl}/api/plaid/webhook`);
}

/**
 * ses:SendEmail on the sender identity and the configuration set, with the sender and site origin in the
 * environment, for routes that declare `sendsEmail`; nothing for the others.
 */
export function grantMail(fn: LambdaFunction, mail: Mail | undefined, route: RouteDef): void {
  if (!route.sendsEmail) return;
  if (!mail) throw new Error(`${route.method} ${route.path} sends email but no Mail was given`);
  Grant.addToPrincipal({ grantee: fn, actions: ['ses:SendEmail'], resourceArns: mail.resourceArns });
  fn.addEnvironment('MAIL_FROM', mail.from);
  fn.addEnvironment('SITE_URL', mail.siteUrl);
  fn.addEnvironment('SES_CONFIGURATION_SET', mail.configurationSet.configurationSetName);
}

/**
 * Exactly the route's `userPoolAccess` on the one user pool, and USER_POOL_ID in its environment; a
 * route without it gets neither (no cognito-idp permission, no pool id).
 */
export function grantUserPoolAccess(fn: LambdaFunction, userPool: IUserPool | undefined, route: RouteDef): void {
  const actions = [...new Set(route.userPoolAccess ?? [])];
  if (actions.length === 0) return;
  if (!userPool) throw new Error(`${route.method} ${route.path} needs the user pool (userPoolAccess)`);
  Grant.addToPrincipal({ grantee: fn, actions, resourceArns: [userPool.userPoolArn] });
  fn.addEnvironment('USER_POOL_ID', userPool.userPoolId);
}
