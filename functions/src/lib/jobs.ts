import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { JobName } from '@rent/shared';
import { config } from './config.js';

/**
 * Starting a background job (the tax package build, the organization purge): in AWS an asynchronous Lambda
 * invoke (InvocationType Event: Lambda queues it, the route answers at once) of the function CDK names in the
 * route's environment; offline, the local stack registers a runner that calls the same job handler in its own
 * process without awaiting it (infra/local/jobs.ts). Nothing else differs between the two.
 */
export type JobRunner = (job: JobName, payload: Record<string, unknown>) => void;

/** Where CDK puts each job's function name (infra/lib/route-function.ts JOB_FUNCTION_ENV). */
const FUNCTION_ENV = { buildTaxPackage: 'TAX_PACKAGE_FUNCTION', purgeOrganization: 'PURGE_FUNCTION_NAME' } as const;

let localRunner: JobRunner | null = null;
let lambda: LambdaClient | undefined;

/** Offline only (infra/local): run jobs in this process instead of invoking Lambda. */
export function runJobsLocally(runner: JobRunner | null): void {
  localRunner = runner;
}

export async function startJob(job: JobName, payload: Record<string, unknown>): Promise<void> {
  if (localRunner) return localRunner(job, payload);
  const functionName = config()[FUNCTION_ENV[job]];
  if (!functionName) throw new Error(`No function is configured for the job ${job} (${FUNCTION_ENV[job]})`);
  lambda ??= new LambdaClient({ region: config().AWS_REGION });
  await lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
}

/** The purge of an organization whose only member deleted their account (jobs/purgeOrganization.ts). */
export const startOrganizationPurge = (organizationId: string) => startJob('purgeOrganization', { organizationId });
