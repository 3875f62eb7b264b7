import {
  isTenant,
  MAINTENANCE_DEFAULTS,
  MAINTENANCE_PAGE_DEFAULT,
  type MaintenanceCreate,
  type MaintenanceListQuery,
  type MaintenanceRequest,
  type MaintenanceUpdate,
  REOPEN_WINDOW_DAYS,
  type Role,
  TENANT_EDITABLE_STATUSES,
} from '@rent/shared';
import {
  type Actor,
  addComment,
  deleteEventsOf,
  eventToApi,
  listEvents,
  type MaintenanceEventRecord,
  newEvent,
} from '../../data/maintenance/events.js';
import {
  deleteMaintenance,
  getMaintenance,
  listMaintenance,
  type MaintenanceRecord,
  type MaintenanceScope,
  markDeletedReporters,
  newMaintenanceId,
  putNewMaintenance,
  readRequestContext,
  replaceMaintenance,
} from '../../data/maintenance/requests.js';
import { getMember } from '../../data/people/members.js';
import { getProperty } from '../../data/tenancy/properties.js';
import { activeTenantPropertyIds } from '../../data/tenancy/tenancies.js';
import { Conflict, InvalidReference, NotAllowed, NotFound } from '../../domain-errors.js';
import { todayOf } from '../../lib/today.js';
import { notify } from '../people/notifications.js';
import { noticeComment, noticeNewRequest, statusChangedText } from './notices.js';
import { noticeAssigned, noticeReopened } from './staffNotices.js';

/**
 * Who may do what with maintenance requests, as the server enforces it (docs/tenants-and-maintenance.md
 * "Maintenance requests"):
 * - A tenant reports requests only for a property of their active lease, and sees only the requests they
 *   reported (someone else's id is a 404, as if it did not exist). While a request is NEW or PENDING they
 *   may edit its title, description, issue type and contact times; they never change its property, status,
 *   assignee or notes; they reopen a RESOLVED request (status back to NEW) within 30 days of it being resolved
 *   with its own action (reopenRequest). Staff's internal notes never reach a tenant.
 * - Staff (ADMIN, LANDLORD, PROPERTY_MANAGER) see the organization's requests, set any status in any order
 *   (the form enforces no order), assign a staff member, keep notes, move a request to another of the
 *   organization's properties, and delete.
 */
export interface Caller {
  orgId: string;
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  /** The caller's calendar day (lib/today.ts). */
  today?: string;
}

const DAY_MS = 24 * 3600 * 1000;

const tenantNotYourProperty = () =>
  new InvalidReference('propertyId', 'Report a request for the home you currently rent');
const noCurrentLease = () =>
  new InvalidReference('propertyId', 'You have no current lease in this organization to report a request for');
const notOrgProperty = () => new InvalidReference('propertyId', "Choose one of your organization's properties");
const notStaff = () => new InvalidReference('assignedToId', 'Choose a staff member of your organization, or nobody');
const staffOnly = (what: string) => new NotAllowed(`Only staff can ${what}.`);

// ---- reads -------------------------------------------------------------------------------------------

export async function listRequests(caller: Caller, query: MaintenanceListQuery) {
  const { limit = MAINTENANCE_PAGE_DEFAULT, cursor, ...filter } = query;
  const scope: MaintenanceScope = isTenant(caller.role)
    ? { kind: 'reporter', userId: caller.userId }
    : filter.propertyId
      ? { kind: 'property', propertyId: filter.propertyId }
      : { kind: 'org' };
  // The organization's counts per status are for staff; a tenant's own list carries none.
  const page = await listMaintenance(
    caller.orgId,
    scope,
    filter,
    { limit, cursor },
    { counts: !isTenant(caller.role) },
  );
  return {
    maintenanceRequests: toApi(caller, page.records, page.addresses),
    nextCursor: page.nextCursor,
    counts: page.counts,
  };
}

export async function getRequest(caller: Caller, id: string) {
  const record = await readable(caller, id);
  return { maintenanceRequest: await oneToApi(caller, record) };
}

/** The request, if the caller may see it: staff see the organization's, a tenant only their own. */
export async function readable(caller: Caller, id: string): Promise<MaintenanceRecord> {
  const record = await getMaintenance(caller.orgId, id);
  if (isTenant(caller.role) && record.reportedById !== caller.userId) throw new NotFound('Maintenance request');
  return record;
}

// ---- writes ------------------------------------------------------------------------------------------

export async function createRequest(caller: Caller, input: MaintenanceCreate) {
  const tenant = isTenant(caller.role);
  let propertyId: string;
  if (tenant) {
    if (input.status !== undefined && input.status !== 'NEW') throw staffOnly('set the status of a request');
    if (input.assignedToId !== undefined && input.assignedToId !== null) throw staffOnly('assign a request');
    if (input.notes) throw staffOnly('keep notes on a request');
    const rented = await activeTenantPropertyIds(caller.orgId, caller.userId, todayOf(caller));
    if (rented.length === 0) throw noCurrentLease();
    if (input.propertyId && !rented.includes(input.propertyId)) throw tenantNotYourProperty();
    propertyId = input.propertyId ?? rented[0]!;
  } else {
    if (!input.propertyId) throw notOrgProperty();
    propertyId = input.propertyId;
    await Promise.all([
      assertOrgProperty(caller.orgId, propertyId),
      assertAssignable(caller.orgId, input.assignedToId),
    ]);
  }
  const now = new Date();
  const status = input.status ?? MAINTENANCE_DEFAULTS.status;
  const record: MaintenanceRecord = {
    id: newMaintenanceId(now),
    organizationId: caller.orgId,
    title: input.title,
    description: input.description,
    issueType: input.issueType,
    status,
    reportedById: caller.userId,
    reporterName: caller.name,
    reporterEmail: caller.email,
    propertyId,
    assignedToId: tenant ? null : (input.assignedToId ?? null),
    reportedAt: now.toISOString(),
    updatedAt: now.toISOString(),
    preferredContactTimes: input.preferredContactTimes,
    notes: tenant ? null : (input.notes ?? null),
    resolvedAt: status === 'RESOLVED' ? now.toISOString() : null,
    reopenCount: 0,
    version: 1,
  };
  await putNewMaintenance(record, [
    newEvent(caller.orgId, record.id, actor(caller), { kind: 'REPORTED', to: status }, now),
  ]);
  await noticeNewRequest(caller, record);
  return { maintenanceRequest: await oneToApi(caller, record) };
}

/**
 * PUT: the change is saved only if the request is still at `input.version`, the version the person loaded
 * (docs/tenants-and-maintenance.md "Changing a request"). A stale version, or someone else's save between this
 * read and the write (the write is conditioned on the version read), is a 409 carrying the request as it is now,
 * as the caller may see it; nothing is written.
 */
export async function updateRequest(caller: Caller, id: string, input: MaintenanceUpdate) {
  const current = await readable(caller, id);
  if (input.version !== current.version) throw await stale(caller, current);
  const next = isTenant(caller.role) ? tenantChange(current, input) : await staffChange(caller, current, input);
  try {
    await replaceMaintenance(current, next, changeEvents(caller, current, next));
  } catch (error) {
    // The only condition of the write is the version: someone saved in between (a delete reads as a 404).
    if (error instanceof Conflict) throw await stale(caller, await readable(caller, id));
    throw error;
  }
  if (next.status !== current.status) await notifyStatus(caller, next);
  if (next.assignedToId && next.assignedToId !== current.assignedToId) await noticeAssigned(caller, next);
  return { maintenanceRequest: await oneToApi(caller, next) };
}

/**
 * Reopen (POST /api/maintenance/{id}/reopen): a RESOLVED request back to NEW, at the `version` the person loaded.
 * The tenant who reported it may, within 30 days of its resolution (the only status change a tenant makes);
 * staff may always. A tenant's reopening mails the organization's staff, staff's mails the reporter.
 */
export async function reopenRequest(caller: Caller, id: string, version: number) {
  const current = await readable(caller, id);
  if (version !== current.version) throw await stale(caller, current);
  if (current.status !== 'RESOLVED') {
    throw new Conflict('NOT_RESOLVED', 'Only a resolved request can be reopened; this one is still open.');
  }
  const now = new Date();
  if (isTenant(caller.role)) assertReopenWindow(current, now);
  const reopened = next(current, { status: 'NEW', resolvedAt: null, reopenCount: current.reopenCount + 1 }, now);
  try {
    await replaceMaintenance(current, reopened, changeEvents(caller, current, reopened));
  } catch (error) {
    if (error instanceof Conflict) throw await stale(caller, await readable(caller, id));
    throw error;
  }
  await notifyStatus(caller, reopened);
  if (isTenant(caller.role)) await noticeReopened(caller, reopened);
  return { maintenanceRequest: await oneToApi(caller, reopened) };
}

function assertReopenWindow(current: MaintenanceRecord, now: Date) {
  const resolvedAt = Date.parse(current.resolvedAt ?? current.updatedAt);
  if (now.getTime() - resolvedAt > REOPEN_WINDOW_DAYS * DAY_MS) {
    throw new NotAllowed(
      `This request was resolved more than ${REOPEN_WINDOW_DAYS} days ago. Please report a new request instead.`,
    );
  }
}

/** The 409 of a change made over a version the person did not see: `details.current` is the request now. */
async function stale(caller: Caller, now: MaintenanceRecord): Promise<Conflict> {
  return new Conflict(
    'CONFLICT',
    'This maintenance request was changed by someone else while you were editing. Reload it, then try again.',
    { current: await oneToApi(caller, now) },
  );
}

export async function deleteRequest(caller: Caller, id: string) {
  await deleteMaintenance(caller.orgId, id);
  await deleteEventsOf(caller.orgId, id);
  return { id };
}

// ---- activity ----------------------------------------------------------------------------------------

/** The request's activity, oldest first, for whoever may see the request. */
export async function listActivity(caller: Caller, id: string) {
  // The request is checked beside the read of its activity (a request the caller may not see is a 404 either way).
  const [, events] = await Promise.all([readable(caller, id), listEvents(caller.orgId, id)]);
  return { events: events.map(eventToApi) };
}

/** Tells the person who reported the request that its status changed (after the write; never to themself). */
function notifyStatus(caller: Caller, request: MaintenanceRecord) {
  return notify('MAINTENANCE_UPDATED', request.reportedById, caller.userId, () => statusChangedText(caller, request));
}

/** A comment between the reporter and staff (a tenant only on their own request, in any status). */
export async function comment(caller: Caller, id: string, body: string) {
  const request = await readable(caller, id);
  const event = newEvent(caller.orgId, id, actor(caller), { kind: 'COMMENT', body }, new Date());
  await addComment(event);
  await noticeComment(caller, request);
  return { event: eventToApi(event) };
}

const actor = (caller: Caller): Actor => ({ userId: caller.userId, name: caller.name, email: caller.email });

/** What a change records in the activity: a status change and an assignment (notes and text edits are not). */
function changeEvents(caller: Caller, current: MaintenanceRecord, next: MaintenanceRecord): MaintenanceEventRecord[] {
  const at = new Date(next.updatedAt);
  const events: MaintenanceEventRecord[] = [];
  if (next.status !== current.status) {
    events.push(
      newEvent(caller.orgId, next.id, actor(caller), { kind: 'STATUS', from: current.status, to: next.status }, at),
    );
  }
  if ((next.assignedToId ?? null) !== (current.assignedToId ?? null)) {
    // Recorded a millisecond after a status change made with it, so the activity's order is stable.
    events.push(
      newEvent(
        caller.orgId,
        next.id,
        actor(caller),
        { kind: 'ASSIGNED', from: current.assignedToId, to: next.assignedToId },
        new Date(at.getTime() + events.length),
      ),
    );
  }
  return events;
}

function tenantChange(current: MaintenanceRecord, input: MaintenanceUpdate): MaintenanceRecord {
  if (input.propertyId !== current.propertyId) throw new NotAllowed('Tenants cannot change the property of a request.');
  if (input.assignedToId !== undefined && input.assignedToId !== current.assignedToId)
    throw staffOnly('assign a request');
  if (input.notes !== undefined) throw staffOnly('keep notes on a request');
  const now = new Date();
  const edits = {
    title: input.title,
    description: input.description,
    issueType: input.issueType,
    preferredContactTimes: input.preferredContactTimes,
  };
  // Reopening is its own action (reopenRequest): a form's status is never a tenant's to send.
  if (input.status !== current.status) {
    throw new NotAllowed(
      `Tenants cannot change the status of a request; use Reopen on a request resolved in the last ${REOPEN_WINDOW_DAYS} days.`,
    );
  }
  const changed =
    edits.title !== current.title ||
    edits.description !== current.description ||
    edits.issueType !== current.issueType ||
    JSON.stringify(edits.preferredContactTimes) !== JSON.stringify(current.preferredContactTimes);
  if (changed && !TENANT_EDITABLE_STATUSES.includes(current.status)) {
    throw new NotAllowed('This request is already being handled, so it can no longer be edited.');
  }
  return next(current, edits, now);
}

async function staffChange(caller: Caller, current: MaintenanceRecord, input: MaintenanceUpdate) {
  await Promise.all([
    input.propertyId === current.propertyId ? undefined : assertOrgProperty(caller.orgId, input.propertyId),
    input.assignedToId === undefined || input.assignedToId === current.assignedToId
      ? undefined
      : assertAssignable(caller.orgId, input.assignedToId),
  ]);
  const now = new Date();
  const leavingResolved = current.status === 'RESOLVED' && input.status !== 'RESOLVED';
  return next(
    current,
    {
      title: input.title,
      description: input.description,
      propertyId: input.propertyId,
      issueType: input.issueType,
      status: input.status,
      preferredContactTimes: input.preferredContactTimes,
      assignedToId: input.assignedToId === undefined ? current.assignedToId : input.assignedToId,
      notes: input.notes === undefined ? current.notes : input.notes,
      resolvedAt:
        input.status === 'RESOLVED' ? (current.status === 'RESOLVED' ? current.resolvedAt : now.toISOString()) : null,
      reopenCount: current.reopenCount + (leavingResolved ? 1 : 0),
    },
    now,
  );
}

function next(current: MaintenanceRecord, changes: Partial<MaintenanceRecord>, now: Date): MaintenanceRecord {
  return { ...current, ...changes, updatedAt: now.toISOString(), version: current.version + 1 };
}

async function assertOrgProperty(orgId: string, propertyId: string) {
  try {
    await getProperty(orgId, propertyId);
  } catch (error) {
    if (error instanceof NotFound) throw notOrgProperty();
    throw error;
  }
}

async function assertAssignable(orgId: string, userId: string | null | undefined) {
  if (!userId) return;
  try {
    if (isTenant((await getMember(orgId, userId)).role)) throw notStaff();
  } catch (error) {
    if (error instanceof NotFound) throw notStaff();
    throw error;
  }
}

// ---- the wire ----------------------------------------------------------------------------------------

/** The request as its reader sees it, with its property's address. */
async function oneToApi(caller: Caller, record: MaintenanceRecord): Promise<MaintenanceRequest> {
  // A tenant's own request has one reporter, the caller, whose account is not deleted while they sign in.
  const { addresses, deletedReporters } = await readRequestContext(caller.orgId, [record], {
    counts: false,
    reporters: !isTenant(caller.role),
  });
  return toApi(caller, markDeletedReporters([record], deletedReporters), addresses)[0]!;
}

/** Adds each request's property (id and address); a tenant never receives staff's notes. */
function toApi(caller: Caller, records: MaintenanceRecord[], addresses: Map<string, string>): MaintenanceRequest[] {
  const tenant = isTenant(caller.role);
  return records.map((r) => {
    const address = addresses.get(r.propertyId);
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      issueType: r.issueType,
      status: r.status,
      reportedById: r.reportedById,
      reportedBy: { id: r.reportedById, name: r.reporterName ?? null, email: r.reporterEmail ?? null },
      propertyId: r.propertyId,
      property: address === undefined ? null : { id: r.propertyId, address },
      assignedToId: r.assignedToId ?? null,
      reportedAt: r.reportedAt,
      updatedAt: r.updatedAt,
      preferredContactTimes: r.preferredContactTimes,
      notes: tenant ? null : (r.notes ?? null),
      resolvedAt: r.resolvedAt ?? null,
      reopenCount: r.reopenCount ?? 0,
      version: r.version,
    };
  });
}
