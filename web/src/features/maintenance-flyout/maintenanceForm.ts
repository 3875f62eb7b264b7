import {
  HH_MM_PATTERN,
  type IssueType,
  MAINTENANCE_DEFAULTS,
  MAINTENANCE_TEXTS,
  type MaintenanceStatus,
  WEEKDAYS,
  type Weekday,
} from '@rent/shared/core/maintenance';
import type { MaintenanceRequest, MaintenanceUpdateBody } from '../../api/maintenance';

/** The maintenance form's values (the defaults for a new request; the request's own when editing). */
export interface MaintenanceValues {
  title: string;
  description: string;
  propertyId: string;
  issueType: IssueType;
  status: MaintenanceStatus;
  days: Weekday[];
  start: string;
  end: string;
  /** Staff only. */
  assignedToId: string;
  notes: string;
}

export function defaultValues(): MaintenanceValues {
  const d = MAINTENANCE_DEFAULTS;
  return {
    title: d.title,
    description: d.description,
    propertyId: d.propertyId,
    issueType: d.issueType,
    status: d.status,
    days: [...d.preferredContactTimes.days],
    start: d.preferredContactTimes.timeRange.start,
    end: d.preferredContactTimes.timeRange.end,
    assignedToId: '',
    notes: '',
  };
}

export function valuesOf(request: MaintenanceRequest): MaintenanceValues {
  return {
    title: request.title,
    description: request.description,
    propertyId: request.propertyId,
    issueType: request.issueType,
    status: request.status,
    days: [...request.preferredContactTimes.days],
    start: request.preferredContactTimes.timeRange.start,
    end: request.preferredContactTimes.timeRange.end,
    assignedToId: request.assignedToId ?? '',
    notes: request.notes ?? '',
  };
}

/** Days in week order, whatever order they were ticked in. */
export function toggleDay(days: readonly Weekday[], day: Weekday, on: boolean): Weekday[] {
  const set = new Set(days);
  if (on) set.add(day);
  else set.delete(day);
  return WEEKDAYS.filter((d) => set.has(d));
}

export type FieldErrors = Partial<Record<'title' | 'description' | 'propertyId' | 'days' | 'start' | 'end', string>>;

/** The checks the server also makes, said before asking it. */
export function validate(values: MaintenanceValues, needsProperty: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.title.trim()) errors.title = 'Title is required';
  if (!values.description.trim()) errors.description = 'Description is required';
  if (needsProperty && !values.propertyId) errors.propertyId = 'Choose a property';
  if (values.days.length === 0) errors.days = 'Choose at least one day';
  if (!HH_MM_PATTERN.test(values.start)) errors.start = 'Enter a time as HH:MM';
  if (!HH_MM_PATTERN.test(values.end)) errors.end = 'Enter a time as HH:MM';
  else if (!errors.start && values.start >= values.end) errors.end = 'The start time must be before the end time';
  return errors;
}

/** The form's part of a save: the update body without the version, which the form adds from what it loaded. */
type MaintenanceFormBody = Omit<MaintenanceUpdateBody, 'version'>;

/**
 * The update body; staff also send the assignee and notes. A tenant's new request may leave the property to the server.
 */
export function toBody(values: MaintenanceValues, staff: boolean): MaintenanceFormBody {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    propertyId: values.propertyId,
    issueType: values.issueType,
    status: values.status,
    preferredContactTimes: { days: values.days, timeRange: { start: values.start, end: values.end } },
    ...(staff ? { assignedToId: values.assignedToId || null, notes: values.notes.trim() || null } : {}),
  };
}

/** "Error: " plus the server's message, its fallback, or the non-Error text. */
export function saveErrorText(error: unknown, creating = false): string {
  const fallback = creating ? MAINTENANCE_TEXTS.createErrorFallback : MAINTENANCE_TEXTS.errorFallback;
  if (error instanceof Error) return `Error: ${error.message || fallback}`;
  return MAINTENANCE_TEXTS.unexpected;
}
