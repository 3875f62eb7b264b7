import * as z from 'zod';
import { ORGANIZATION_NAME_MAX } from '../core/organization.js';
import { line, Timestamp } from './common.js';
import { Role } from './roles.js';

// Several organizations (docs/people.md "Several organizations").

/** One organization the caller belongs to; `current` marks the one this request acted in. */
export const MyOrganization = z.object({ id: z.string(), name: z.string(), role: Role, current: z.boolean() });
export type MyOrganization = z.infer<typeof MyOrganization>;

export const Organization = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** The caller's role in this organization (userOrgRole). */
  userOrgRole: Role,
  /** GET only: every organization the caller belongs to, by name, this one `current` (the profile menu's switcher). */
  userOrganizations: z.array(MyOrganization).optional(),
  /**
   * GET only (currentAssignmentId, docs/tenants-and-maintenance.md "The current lease"): the caller's current lease in
   * this organization, the running one that started last, or null (not a tenant, or no lease running today). Follows
   * the lease dates.
   */
  currentAssignmentId: z.string().nullable().optional(),
});
export type Organization = z.infer<typeof Organization>;

export const OrganizationUpdate = z.strictObject({
  name: line('Organization name', ORGANIZATION_NAME_MAX),
});
export type OrganizationUpdate = z.infer<typeof OrganizationUpdate>;

/** A new organization the caller creates (and becomes the ADMIN of): only its name. */
export const CreateOrganizationInput = z.strictObject({
  name: line('Organization name', ORGANIZATION_NAME_MAX),
});

export const SwitchOrganizationInput = z.strictObject({
  organizationId: z
    .string({ error: 'Choose an organization' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'That is not an organization id' }),
});
