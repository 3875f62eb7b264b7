/**
 * Runs one tax package build in a process of its own (as the Lambda would), for `npm run bench`:
 * `tsx tests/bench/tax-package-job.ts <orgId> <packageId>` with the local stack's endpoints in the environment.
 * Prints one JSON line: the build's wall time and the process's peak resident memory (Lambda's "Max Memory Used").
 */
export {};

const [organizationId, packageId] = process.argv.slice(2);
const started = performance.now();
const { handler } = await import('../../functions/src/jobs/buildTaxPackage.js');
await handler({ organizationId, packageId });
console.log(JSON.stringify({ ms: performance.now() - started, maxRssKb: process.resourceUsage().maxRSS }));
