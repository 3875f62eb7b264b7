import { pathToFileURL } from 'node:url';
import { runJobsLocally } from '../../functions/src/lib/jobs.js';
import { repoRoot } from './paths.js';

/**
 * Offline, a job the API starts (the tax package build) runs in this process, asynchronously, as Lambda's
 * Event invoke would run it in AWS: the same handler module (functions/src/jobs/<job>.ts), not awaited by the
 * request, its failure only logged.
 */
export function runJobsInProcess(log: (line: string) => void = console.error): void {
  runJobsLocally((job, payload) => {
    setImmediate(async () => {
      try {
        const module = (await import(pathToFileURL(`${repoRoot}functions/src/jobs/${job}.ts`).href)) as {
          handler: (event: unknown) => Promise<unknown>;
        };
        await module.handler(payload);
      } catch (error) {
        log(`Job ${job} failed: ${error instanceof Error ? error.stack : String(error)}`);
      }
    });
  });
}

/**
 * Offline, a scheduled job (EventBridge in AWS) runs the same handler module on a timer in this process: first at
 * once, then every `everyMs`. Answers the function that stops it.
 */
export function runJobOnTimer(job: string, everyMs: number, log: (line: string) => void = console.error): () => void {
  const run = async () => {
    try {
      const module = (await import(pathToFileURL(`${repoRoot}functions/src/jobs/${job}.ts`).href)) as {
        handler: (event: unknown) => Promise<unknown>;
      };
      await module.handler({});
    } catch (error) {
      log(`Job ${job} failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
  };
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Posts one organization's charges on today's date, with the charge job's own code (the demo seed's leases).
 * Imported when called: the handlers' modules read their configuration from the environment at import.
 */
export async function postDemoCharges(orgId: string): Promise<void> {
  const { postOrganizationCharges } = await import('../../functions/src/services/tenancy/charges.js');
  await postOrganizationCharges(orgId, new Date().toISOString().slice(0, 10));
}
