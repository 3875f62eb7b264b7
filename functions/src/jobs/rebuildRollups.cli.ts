import { parseArgs } from 'node:util';

/**
 * The operator's command for rebuilding rollups (the Lambda is jobs/rebuildRollups.ts):
 *
 *   npm run rollups:rebuild -- --org demo-org [--org other] [--endpoint http://127.0.0.1:PORT] [--table rent-today]
 *   npm run rollups:rebuild -- --all --endpoint http://127.0.0.1:PORT
 *
 * Offline, pass the DynamoDB Local endpoint (or set DYNAMODB_ENDPOINT); in AWS leave it out and set TABLE_NAME
 * (credentials from the usual AWS environment). --all scans for organizations, which only this operator tool does:
 * the app itself never scans. The data modules read their configuration at import, hence the imports after the
 * environment is set (and why this is a file of its own: a lazy import in the Lambda's bundle keeps every module
 * the imported one could reach).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      org: { type: 'string', multiple: true },
      all: { type: 'boolean', default: false },
      endpoint: { type: 'string' },
      table: { type: 'string' },
    },
  });
  if (!values.all && !values.org?.length) {
    console.error(
      'Usage: npm run rollups:rebuild -- (--org <organizationId> ... | --all) [--endpoint URL] [--table NAME]',
    );
    process.exit(2);
  }
  if (values.endpoint) process.env.DYNAMODB_ENDPOINT = values.endpoint;
  process.env.TABLE_NAME = values.table ?? process.env.TABLE_NAME ?? 'rent-today';
  process.env.LOG_LEVEL ??= 'warn';
  const { rebuildRollups } = await import('../data/ledger/rollups.js');
  const { allOrganizationIds } = await import('../data/people/organizations.js');
  const organizations = values.all ? await allOrganizationIds() : (values.org ?? []);
  for (const organizationId of organizations) {
    const report = await rebuildRollups(organizationId);
    console.log(
      `${report.organizationId}: ${report.transactions} transactions -> ${report.cellsWritten} rollup cells written, ${report.cellsRemoved} stale removed, ${report.propertiesRecounted} properties recounted`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
