import { CfnOutput, Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { type JobId, jobBundleDir } from './bundle.js';
import { bundledFunction, grantTableAccess } from './route-function.js';

export interface JobsProps {
  /** Folder holding the bundles (dist/functions by default; jobs are in its jobs/ subfolder). */
  functionsDir?: string;
  table: ITable;
}

/**
 * Operator jobs: Lambdas that no route, schedule or event invokes. An operator runs them by hand with
 * `aws lambda invoke` (docs/deploy.md "Operator jobs"); their names are stack outputs.
 */
export class Jobs extends Construct {
  readonly functions: Record<JobId, LambdaFunction>;

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
      environment: { TABLE_NAME: props.table.tableName, LOG_LEVEL: 'info' },
    });
    // An asynchronous invoke that fails is not silently repeated: the operator reads the error and decides.
    rebuild.configureAsyncInvoke({ retryAttempts: 0 });
    grantTableAccess(rebuild, props.table, 'readWrite');
    new CfnOutput(rebuildRollups, 'FunctionName', {
      key: 'RebuildRollupsFunctionName',
      value: rebuild.functionName,
      description: 'aws lambda invoke --function-name <this> --payload \'{"organizationId":"..."}\' (docs/deploy.md)',
    });

    this.functions = { rebuildRollups: rebuild };
  }
}
