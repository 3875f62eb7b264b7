import * as z from 'zod';
import { ROLES, type Role as RoleName } from '../core/roles.js';

export { ANY_ROLE, humanizeRole, isTenant, OWNERS, ROLES, STAFF } from '../core/roles.js';

/** The zod enum of roles (the plain list and helpers are in core/roles.ts). */
export const Role = z.enum(ROLES);
export type Role = RoleName;
