import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * Recomputes monthly rollups (and property transaction counts) from the transactions themselves.
 *
 *   Lambda:  handler({ organizationId })
 *   CLI:     npm run rollups:rebuild -- --org demo-org [--org other] [--endpoint http://127.0.0.1:PORT] [--table rent-today]
 *            npm run rollups:rebuild -- --all --endpoint http://127.0.0.1:PORT
 *
 * Offline, pass the DynamoDB Local endpoint (or set DYNAMODB_ENDPOINT); in AWS leave it out and
 * set TABLE_NAME (credentials from the usual AWS environment). --all scans for organizations,
 * which only this operator tool does: the app itself never scans.
 * The data modules read their configuration at import, hence the imports after the env is set.
 */
export async function handler(event: { organizationId?: unknown }) {
  if (typeof event?.organizationId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(event.organizationId)) {
    throw new Error('Invoke with {"organizationId": "<id>"}: one organization per call.');
  }
  const { rebuildRollups } = await import('../data/ledger/rollups.js');
  return rebuildRollups(event.organizationId);
}

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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
