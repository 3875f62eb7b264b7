import * as z from 'zod';
import {
  HH_MM_PATTERN,
  ISSUE_TYPES,
  MAINTENANCE_DEFAULTS,
  MAINTENANCE_DESCRIPTION_MAX,
  MAINTENANCE_NOTES_MAX,
  MAINTENANCE_PAGE_MAX,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TITLE_MAX,
  WEEKDAYS,
} from '../core/maintenance.js';
import { blankAsUnset, Id, line, optionalText, pageLimit, Timestamp, text } from './common.js';

export const IssueTypeEnum = z.enum(ISSUE_TYPES, { error: `Choose an issue type: ${ISSUE_TYPES.join(', ')}` });
export const MaintenanceStatusEnum = z.enum(MAINTENANCE_STATUSES, {
  error: `Choose a status: ${MAINTENANCE_STATUSES.join(', ')}`,
});
const Weekday = z.enum(WEEKDAYS, { error: `Days are weekday names: ${WEEKDAYS.join(', ')}` });
const HhMm = z.string({ error: 'Enter a time as HH:MM' }).regex(HH_MM_PATTERN, { error: 'Enter a time as HH:MM' });

/** preferredContactTimes: {days, timeRange: {start, end}} with start before end. */
export const PreferredContactTimes = z
  .strictObject({
    days: z
      .array(Weekday, { error: 'Choose the days you can be contacted' })
      .min(1, { error: 'Choose at least one day' })
      .max(7, { error: 'Choose each day at most once' })
      .refine((days) => new Set(days).size === days.length, { error: 'Choose each day at most once' }),
    timeRange: z.strictObject({ start: HhMm, end: HhMm }),
  })
  .refine((t) => t.timeRange.start < t.timeRange.end, {
    error: 'The start time must be before the end time',
    path: ['timeRange', 'end'],
  });
export type PreferredContactTimes = z.infer<typeof PreferredContactTimes>;

const title = line('Title', MAINTENANCE_TITLE_MAX);
const description = text('Description', MAINTENANCE_DESCRIPTION_MAX);
const notes = optionalText('Notes', MAINTENANCE_NOTES_MAX);
/** An assignee (a staff member's user id) or null for nobody. */
const assignee = z.union([Id, z.null()], { error: 'Choose a staff member or nobody' });

/**
 * POST /api/maintenance. A tenant may leave propertyId out ("Your Current Property": their active
 * lease's); staff must name one. status, assignedToId and notes are for staff (a tenant's request starts NEW).
 */
export const MaintenanceCreate = z.strictObject({
  title,
  description,
  propertyId: Id.nullish(),
  issueType: IssueTypeEnum.default(MAINTENANCE_DEFAULTS.issueType),
  status: MaintenanceStatusEnum.optional(),
  preferredContactTimes: PreferredContactTimes.default(() =>
    structuredClone(MAINTENANCE_DEFAULTS.preferredContactTimes),
  ),
  assignedToId: assignee.optional(),
  notes: notes.optional(),
});
export type MaintenanceCreate = z.output<typeof MaintenanceCreate>;

/**
 * PUT /api/maintenance?id=: the product's body (title, description, propertyId, issueType,
 * status, preferredContactTimes), plus, for staff, assignedToId and notes, and always the `version` the person
 * loaded: the change is saved only if the request is still at it, else 409 with the request as it is now
 * (docs/tenants-and-maintenance.md "Changing a request").
 */
export const MaintenanceUpdate = z.strictObject({
  title,
  description,
  propertyId: Id,
  issueType: IssueTypeEnum,
  status: MaintenanceStatusEnum,
  preferredContactTimes: PreferredContactTimes,
  assignedToId: assignee.optional(),
  notes: notes.optional(),
  version: z
    .number({ error: 'version is required: send the version of the request you loaded' })
    .int({ error: 'version must be a whole number' })
    .min(1, { error: 'version must be a whole number' }),
});
export type MaintenanceUpdate = z.output<typeof MaintenanceUpdate>;

/** POST /api/maintenance/{id}/reopen: the `version` of the request the person loaded (409 if it moved since). */
export const MaintenanceReopen = z.strictObject({
  version: z
    .number({ error: 'version is required: send the version of the request you loaded' })
    .int({ error: 'version must be a whole number' })
    .min(1, { error: 'version must be a whole number' }),
});

export const MaintenanceIdQuery = z.strictObject({ id: Id });

const limitMessage = `limit must be a whole number from 1 to ${MAINTENANCE_PAGE_MAX}`;

/** GET /api/maintenance: filters (all optional, combined with AND), newest first, cursor pages. */
export const MaintenanceListQuery = z.strictObject({
  status: blankAsUnset(MaintenanceStatusEnum),
  propertyId: blankAsUnset(Id),
  issueType: blankAsUnset(IssueTypeEnum),
  /** A staff member's id, or "none" for unassigned requests. */
  assignedToId: blankAsUnset(z.union([Id, z.literal('none')], { error: 'That assignee is not valid' })),
  q: blankAsUnset(z.string().trim().max(100, { error: 'Search text must be at most 100 characters' })),
  limit: pageLimit(MAINTENANCE_PAGE_MAX, limitMessage),
  cursor: blankAsUnset(z.string().max(1000, { error: 'That page link is not valid' })),
});
export type MaintenanceListQuery = z.output<typeof MaintenanceListQuery>;
export type MaintenanceFilter = Omit<MaintenanceListQuery, 'limit' | 'cursor'>;

/** The stored fields, plus the property (with address) the client adds and who reported it. */
export const MaintenanceRequest = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  issueType: IssueTypeEnum,
  status: MaintenanceStatusEnum,
  reportedById: z.string(),
  reportedBy: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }),
  propertyId: z.string(),
  property: z.object({ id: z.string(), address: z.string() }).nullable(),
  assignedToId: z.string().nullable(),
  reportedAt: Timestamp,
  updatedAt: Timestamp,
  preferredContactTimes: PreferredContactTimes,
  /** Staff's internal notes: null in every answer to a tenant. */
  notes: z.string().nullable(),
  resolvedAt: Timestamp.nullable(),
  reopenCount: z.number().int(),
  version: z.number().int(),
});
export type MaintenanceRequest = z.infer<typeof MaintenanceRequest>;

export const MaintenanceResult = z.object({ maintenanceRequest: MaintenanceRequest });

/**
 * A request's repair costs (docs/tenants-and-maintenance.md "Repair costs"): the transactions that name it, oldest
 * first, and what they cost in all.
 */
export const MaintenanceCosts = z.object({
  costs: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      name: z.string(),
      amount: z.number(),
      isIgnored: z.boolean(),
    }),
  ),
  /** Money spent (money out less refunds), ignored ones left out; a positive decimal. */
  total: z.number(),
});
export type MaintenanceCosts = z.infer<typeof MaintenanceCosts>;
export const MaintenancePage = z.object({
  maintenanceRequests: z.array(MaintenanceRequest),
  nextCursor: z.string().nullable(),
  /** Staff: the organization's requests per status, whatever the filters; null for a tenant. */
  counts: z.record(MaintenanceStatusEnum, z.number().int()).nullable(),
});

/** One entry of a request's activity: reported, a status change, an assignment, or a comment. */
export const MaintenanceEvent = z.object({
  id: z.string(),
  kind: z.enum(['REPORTED', 'STATUS', 'ASSIGNED', 'COMMENT']),
  author: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }),
  /** STATUS: the statuses; ASSIGNED: the assignees' user ids (null = nobody). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** COMMENT: the text. */
  body: z.string().nullable(),
  createdAt: Timestamp,
});
export type MaintenanceEvent = z.infer<typeof MaintenanceEvent>;

/** A comment's answer: the event it added to the request's timeline. */
export const MaintenanceCommentResult = z.object({ event: MaintenanceEvent });
export const MaintenanceActivity = z.object({ events: z.array(MaintenanceEvent) });
export const MaintenanceCommentInput = z.strictObject({ body: text('Message', 2000) });
