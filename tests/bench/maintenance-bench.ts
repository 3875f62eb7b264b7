import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWrite, putRequests } from '@rent/functions/data/batchWrite';
import { newMaintenanceId } from '@rent/functions/data/keys';
import { type MaintenanceRecord, maintenanceItem } from '@rent/functions/data/maintenance/items';
import { ISSUE_TYPES, MAINTENANCE_DEFAULTS, MAINTENANCE_STATUSES } from '@rent/shared';
import { localClient } from '../../infra/local/dynamodb.js';

/**
 * Writes `count` maintenance requests into an organization (5 properties, 20 reporters, every status and
 * issue type, one a minute going back), the items exactly as the repository writes them. Returns the time taken.
 */
export async function seedBenchMaintenance(endpoint: string, tableName: string, orgId: string, count: number) {
  const started = performance.now();
  const doc = DynamoDBDocumentClient.from(localClient(endpoint));
  const now = Date.now();
  const items = Array.from({ length: count }, (_, i) => {
    const at = new Date(now - i * 60_000);
    const record: MaintenanceRecord = {
      id: newMaintenanceId(at),
      organizationId: orgId,
      title: `Bench request ${i}`,
      description: `Something needs fixing (${i})`,
      issueType: ISSUE_TYPES[i % ISSUE_TYPES.length]!,
      status: MAINTENANCE_STATUSES[i % MAINTENANCE_STATUSES.length]!,
      reportedById: `bench-tenant-${i % 20}`,
      reporterName: null,
      reporterEmail: null,
      propertyId: `bench-prop-${(i % 5) + 1}`,
      assignedToId: null,
      reportedAt: at.toISOString(),
      updatedAt: at.toISOString(),
      preferredContactTimes: MAINTENANCE_DEFAULTS.preferredContactTimes,
      notes: null,
      resolvedAt: null,
      reopenCount: 0,
      version: 1,
    };
    return maintenanceItem(record);
  });
  await batchWrite({ client: doc, table: tableName }, putRequests(items), 4);
  return { ms: performance.now() - started };
}
