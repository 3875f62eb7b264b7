import * as z from 'zod';
import { Id, Timestamp } from './common.js';
import { ROLES, Role } from './roles.js';

/** A person in the caller's organization (a membership, with the person's name and email). */
export const Member = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: Role,
  /** When the membership was made. */
  joinedAt: Timestamp,
});
export type Member = z.infer<typeof Member>;

export const MemberList = z.object({ members: z.array(Member) });
/** A removal's answer: whose membership ended. */
export const RemovedMember = z.object({ userId: z.string() });
export type MemberList = z.infer<typeof MemberList>;

/** The member a path names: their user id. */
export const MemberParams = z.strictObject({ userId: Id });

export const MemberRoleUpdate = z.strictObject({
  role: z.enum(ROLES, { error: 'Choose a role: ADMIN, LANDLORD, PROPERTY_MANAGER or TENANT' }),
});
export type MemberRoleUpdate = z.infer<typeof MemberRoleUpdate>;
