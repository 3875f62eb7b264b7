import { CfnOutput, Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { Grant } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { type JobId, jobBundleDir } from './bundle.js';
import {
  bundledFunction,
  grantPackageAccess,
  grantReceiptsAccess,
  grantTableAccess,
  PHOTOS_PREFIX,
  RECEIPTS_PREFIX,
} from './route-function.js';

export interface JobsProps {
  /** Folder holding the bundles (dist/functions by default; jobs are in its jobs/ subfolder). */
  functionsDir?: string;
  table: ITable;
  /** The receipts bucket: the tax package job reads receipts/* and writes tax-packages/*; the organization purge
   * deletes an organization's uploads (receipts/<o>/, maintenance-photos/<o>/ and their pending/<o>/). */
  receipts: IBucket;
  /** config.ts requires CURSOR_SECRET in Lambda. */
  cursorSecret: ISecret;
}

/**
 * Jobs: Lambdas that no HTTP route is. The operator job (rebuildRollups) is run by hand with `aws lambda invoke`
 * (docs/deploy.md "Operator jobs: rebuilding rollups"; its name is a stack output); the tax package build is invoked
 * asynchronously by POST /api/tax-packages (route-function.ts grants that route lambda:InvokeFunction on it alone);
 * the charge job runs on a daily schedule.
 */
export class Jobs extends Construct {
  readonly functions: Record<JobId, LambdaFunction>;
  /** The tax package job's object wildcards (receipts/*, tax-packages/*), acknowledged in nag.ts. */
  readonly taxPackageObjectArns: string[];
  /** <receipts bucket>/receipts/* and /maintenance-photos/*, which the purge deletes from (nag.ts acknowledges
   * their wildcards). */
  readonly purgeObjectsArns: string[];

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);

    // functions/src/jobs/rebuildRollups.ts: handler({ organizationId }) recomputes one organization's
    // monthly rollups and property counts (Query, BatchWriteItem, UpdateItem; never a Scan, which only
    // its offline --all mode does). Its report is the invocation's result.
    const rebuildRollups = new Construct(this, 'RebuildRollups');
    const rebuild = bundledFunction(rebuildRollups, {
      codeDir: jobBundleDir('rebuildRollups', props.functionsDir),
      description: 'Job: rebuild one organization\'s monthly rollups ({"organizationId": "..."})',
      // Reads every transaction of the organization into memory; rewrites every rollup cell.
      memorySize: 1024,
      timeout: Duration.minutes(15),
      environment: {
        TABLE_NAME: props.table.tableName,
        CURSOR_SECRET: props.cursorSecret.secretValue.unsafeUnwrap(),
        LOG_LEVEL: 'info',
      },
    });
    // An asynchronous invoke that fails is not silently repeated: the operator reads the error and decides.
    rebuild.configureAsyncInvoke({ retryAttempts: 0 });
    grantTableAccess(rebuild, props.table, 'readWrite');
    new CfnOutput(rebuildRollups, 'FunctionName', {
      key: 'RebuildRollupsFunctionName',
      value: rebuild.functionName,
      description: 'aws lambda invoke --function-name <this> --payload \'{"organizationId":"..."}\' (docs/deploy.md)',
    });

    // functions/src/jobs/buildTaxPackage.ts: started by POST /api/tax-packages with an asynchronous
    // invoke; zips a tax year's reports and receipts into tax-packages/ (memory stays flat: receipts are streamed).
    const taxPackage = new Construct(this, 'BuildTaxPackage');
    const build = bundledFunction(taxPackage, {
      codeDir: jobBundleDir('buildTaxPackage', props.functionsDir),
      description: "Job: build a tax package (zip of a tax year's reports and receipts)",
      memorySize: 1024,
      timeout: Duration.minutes(15),
      environment: {
        TABLE_NAME: props.table.tableName,
        RECEIPTS_BUCKET: props.receipts.bucketName,
        CURSOR_SECRET: props.cursorSecret.secretValue.unsafeUnwrap(),
        LOG_LEVEL: 'info',
      },
    });
    // A failed build is marked failed on its item; a repeat would find it no longer queued and do nothing.
    build.configureAsyncInvoke({ retryAttempts: 0 });
    grantTableAccess(build, props.table, 'readWrite');
    this.taxPackageObjectArns = [
      ...grantReceiptsAccess(build, props.receipts, ['s3:GetObject']),
      grantPackageAccess(build, props.receipts, ['s3:PutObject', 's3:AbortMultipartUpload'])!,
    ];

    // functions/src/jobs/purgeOrganization.ts: account deletion invokes it asynchronously ({ organizationId }) when
    // the person was the organization's only member. It pages through the organization's partitions (Query,
    // BatchWriteItem; no Scan) and its uploads' prefixes (ListBucket limited to them, DeleteObject), saving
    // progress after each page; it throws a minute before its timeout so the async retry continues the work.
    const purgeScope = new Construct(this, 'PurgeOrganization');
    const purge = bundledFunction(purgeScope, {
      codeDir: jobBundleDir('purgeOrganization', props.functionsDir),
      description: 'Job: purge an organization whose only member deleted their account ({"organizationId": "..."})',
      memorySize: 512,
      timeout: Duration.minutes(15),
      environment: {
        TABLE_NAME: props.table.tableName,
        RECEIPTS_BUCKET: props.receipts.bucketName,
        CURSOR_SECRET: props.cursorSecret.secretValue.unsafeUnwrap(),
        LOG_LEVEL: 'info',
      },
    });
    purge.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6) });
    grantTableAccess(purge, props.table, 'readWrite');
    Grant.addToPrincipal({
      grantee: purge,
      actions: ['s3:ListBucket'],
      resourceArns: [props.receipts.bucketArn],
      conditions: { StringLike: { 's3:prefix': [`${RECEIPTS_PREFIX}*`, `${PHOTOS_PREFIX}*`] } },
    });
    this.purgeObjectsArns = [RECEIPTS_PREFIX, PHOTOS_PREFIX].map((prefix) =>
      props.receipts.arnForObjects(`${prefix}*`),
    );
    Grant.addToPrincipal({ grantee: purge, actions: ['s3:DeleteObject'], resourceArns: this.purgeObjectsArns });
    new CfnOutput(purgeScope, 'FunctionName', {
      key: 'PurgeOrganizationFunctionName',
      value: purge.functionName,
      description:
        'Re-run an unfinished purge: aws lambda invoke --invocation-type Event --payload \'{"organizationId":"..."}\'',
    });

    // functions/src/jobs/postCharges.ts: every day, each organization's leases get the charges now due and the
    // late fees earned (docs/tenants-and-maintenance.md "Charges and the tenant ledger"). Idempotent, so EventBridge's
    // retries and a re-run by hand ({"today": "YYYY-MM-DD"}) post nothing twice.
    const chargesScope = new Construct(this, 'PostCharges');
    const charges = bundledFunction(chargesScope, {
      codeDir: jobBundleDir('postCharges', props.functionsDir),
      description: "Job: post every lease's charges due and late fees earned (daily)",
      memorySize: 512,
      timeout: Duration.minutes(15),
      environment: {
        TABLE_NAME: props.table.tableName,
        CURSOR_SECRET: props.cursorSecret.secretValue.unsafeUnwrap(),
        LOG_LEVEL: 'info',
      },
    });
    grantTableAccess(charges, props.table, 'readWrite');
    new Rule(chargesScope, 'Daily', {
      description: 'Rent.Today: post lease charges and late fees every day',
      // 12:00 UTC, when the UTC date is every US time zone's date (UTC-10 to UTC+10, Hawaii to Guam): the job's
      // "today", which decides what is due and which late fees are earned, is then the landlord's and the tenant's
      // own day. Early morning in the United States (7 or 8 AM on the East coast).
      schedule: Schedule.cron({ minute: '0', hour: '12' }),
      targets: [new LambdaTarget(charges, { retryAttempts: 2, maxEventAge: Duration.hours(6) })],
    });

    this.functions = {
      rebuildRollups: rebuild,
      buildTaxPackage: build,
      purgeOrganization: purge,
      postCharges: charges,
    };
  }
}
