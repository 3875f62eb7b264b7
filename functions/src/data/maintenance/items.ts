import type { IssueType, MaintenanceStatus, PreferredContactTimes } from '@rent/shared';
import { keys } from '../keys.js';

/**
 * Maintenance request items (keys + attributes), pure: the repository writes them, and so does the bench seed.
 *
 * A maintenance request as stored (docs/product.md "Records and their fields"), with who reported it as they were named
 * at the time. */
export interface MaintenanceRecord {
  id: string;
  organizationId: string;
  title: string;
  description: string;
  issueType: IssueType;
  status: MaintenanceStatus;
  reportedById: string;
  reporterName: string | null;
  reporterEmail: string | null;
  propertyId: string;
  assignedToId: string | null;
  reportedAt: string;
  updatedAt: string;
  preferredContactTimes: PreferredContactTimes;
  notes: string | null;
  resolvedAt: string | null;
  reopenCount: number;
  version: number;
}

export function maintenanceItem(r: MaintenanceRecord) {
  return {
    ...keys.maintenance(r.organizationId, r.id),
    ...keys.maintenanceByReporter(r.organizationId, r.reportedById, r.id),
    ...keys.maintenanceByProperty(r.organizationId, r.propertyId, r.id),
    type: 'MaintenanceRequest',
    ...r,
    // What the text filter searches: lower-cased title and description.
    search: `${r.title}\n${r.description}`.toLowerCase(),
  };
}

/**
 * The record of a stored item, written as one literal: V8 gives it one fixed shape, where a rest copy of the item
 * (keys and search text left out) is a slow generic copy (docs/performance.md "The API: what a request pays before
 * its own reads").
 */
export function toMaintenanceRecord(item: Record<string, unknown>): MaintenanceRecord {
  const r = item as unknown as MaintenanceRecord;
  return {
    id: r.id,
    organizationId: r.organizationId,
    title: r.title,
    description: r.description,
    issueType: r.issueType,
    status: r.status,
    reportedById: r.reportedById,
    reporterName: r.reporterName,
    reporterEmail: r.reporterEmail,
    propertyId: r.propertyId,
    assignedToId: r.assignedToId,
    reportedAt: r.reportedAt,
    updatedAt: r.updatedAt,
    preferredContactTimes: r.preferredContactTimes,
    notes: r.notes,
    resolvedAt: r.resolvedAt,
    reopenCount: r.reopenCount,
    version: r.version,
  };
}
