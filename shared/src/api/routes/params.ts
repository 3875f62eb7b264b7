import * as z from 'zod';
import { Id } from '../../domain/common.js';

/** The `{id}` path parameter most routes take. */
export const byId = z.strictObject({ id: Id });
