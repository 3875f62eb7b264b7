import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { config } from './config.js';

/**
 * Starting a background job (the tax package build, issue 13): in AWS an asynchronous Lambda invoke
 * (InvocationType Event: Lambda queues it, the route answers at once) of the function named in
 * TAX_PACKAGE_FUNCTION; offline, the local stack registers a runner that calls the same job handler in its own
 * process without awaiting it (infra/local/jobs.ts). Nothing else differs between the two.
 */
export type JobName = 'buildTaxPackage';
export type JobRunner = (job: JobName, payload: Record<string, unknown>) => void;

let localRunner: JobRunner | null = null;
let lambda: LambdaClient | undefined;

/** Offline only (infra/local): run jobs in this process instead of invoking Lambda. */
export function runJobsLocally(runner: JobRunner | null): void {
  localRunner = runner;
}

export async function startJob(job: JobName, payload: Record<string, unknown>): Promise<void> {
  if (localRunner) return localRunner(job, payload);
  const functionName = config().TAX_PACKAGE_FUNCTION;
  if (!functionName) throw new Error(`No function is configured for the job ${job} (TAX_PACKAGE_FUNCTION)`);
  lambda ??= new LambdaClient({ region: config().AWS_REGION });
  await lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
}
