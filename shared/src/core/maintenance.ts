/**
 * Maintenance requests (docs/product.md "Maintenance flyout"), zod-free so pages may import it.
 * The server's rules (who may change what, docs/tenants-and-maintenance.md "Maintenance requests") live in
 * functions/src/services/maintenance.ts; the limits below are shared with the form.
 */
export const ISSUE_TYPES = [
  'PLUMBING',
  'ELECTRICAL',
  'HVAC',
  'STRUCTURAL',
  'APPLIANCE',
  'PEST_CONTROL',
  'OTHER',
] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

export const MAINTENANCE_STATUSES = ['NEW', 'PENDING', 'IN_PROGRESS', 'RESOLVED'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const ISSUE_TYPE_LABELS: Record<IssueType, string> = {
  PLUMBING: 'Plumbing',
  ELECTRICAL: 'Electrical',
  HVAC: 'HVAC',
  STRUCTURAL: 'Structural',
  APPLIANCE: 'Appliance',
  PEST_CONTROL: 'Pest control',
  OTHER: 'Other',
};

export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  NEW: 'New',
  PENDING: 'Pending',
  IN_PROGRESS: 'In progress',
  RESOLVED: 'Resolved',
};

/** Limits: the product shows none beyond "required". */
export const MAINTENANCE_TITLE_MAX = 120;
export const MAINTENANCE_DESCRIPTION_MAX = 4000;
export const MAINTENANCE_NOTES_MAX = 4000;
export const MAINTENANCE_PAGE_DEFAULT = 25;
export const MAINTENANCE_PAGE_MAX = 100;
/** A tenant may reopen a resolved request for this many days after it was resolved. */
export const REOPEN_WINDOW_DAYS = 30;
/** A tenant edits a request's text and contact times only while it is in one of these statuses. */
export const TENANT_EDITABLE_STATUSES: readonly MaintenanceStatus[] = ['NEW', 'PENDING'];

/** The defaults of a new request. */
export const MAINTENANCE_DEFAULTS = {
  title: '',
  description: '',
  propertyId: '',
  issueType: 'PLUMBING' as IssueType,
  status: 'NEW' as MaintenanceStatus,
  preferredContactTimes: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as Weekday[],
    timeRange: { start: '09:00', end: '17:00' },
  },
};

/** Texts and durations of the maintenance flyout. */
export const MAINTENANCE_TEXTS = {
  addTitle: 'Add Maintenance Request',
  editTitle: 'Edit Maintenance Request',
  currentProperty: 'Your Current Property',
  successTitle: 'Success',
  success: 'Maintenance request updated successfully!',
  /** A new request is created, not updated: its toasts say so. */
  created: 'Maintenance request created successfully!',
  errorTitle: 'Error',
  errorFallback: 'Failed to update maintenance request',
  createErrorFallback: 'Failed to create maintenance request',
  unexpected: 'An unexpected error occurred.',
} as const;
export const MAINTENANCE_TOAST_MS = { success: 3000, error: 5000 } as const;
export const MAINTENANCE_FLYOUT_MAX_WIDTH = 800;
export const ISSUE_TYPE_MENU_WIDTH = 200;

export const HH_MM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True when a request counts as open (not resolved). */
export const isOpenMaintenance = (status: MaintenanceStatus) => status !== 'RESOLVED';

/** Maintenance photos: at most this many per request, of these types (HEIC is refused with a way out). */
export const MAINTENANCE_PHOTOS_MAX = 10;
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];
/** An iPhone's own format: the picker offers it so that the refusal can say how to switch (HEIC_MESSAGE). */
export const HEIC_CONTENT_TYPES = ['image/heic', 'image/heif'] as const;
/** The photo picker's `accept`. */
export const PHOTO_PICKER_ACCEPT = [...PHOTO_CONTENT_TYPES, ...HEIC_CONTENT_TYPES].join(',');
/** A photo's size and file name (the same limits as a receipt's: photos are uploaded the same way). */
export const MAINTENANCE_PHOTO_MAX_MB = 10;
export const MAINTENANCE_PHOTO_MAX_BYTES = MAINTENANCE_PHOTO_MAX_MB * 1024 * 1024;
export const MAINTENANCE_PHOTO_FILE_NAME_MAX = 200;
export const HEIC_MESSAGE =
  'HEIC photos cannot be shown here yet. On an iPhone choose Settings → Camera → Formats → Most Compatible, or upload a JPEG, PNG or WebP photo.';
