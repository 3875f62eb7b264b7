import * as z from 'zod';
import { NOTIFICATION_KINDS, OPTIONAL_NOTIFICATION_KINDS } from '../core/notifications.js';

/** GET/PUT /api/notification-preferences: every kind with whether the caller gets it (default on). */
export const NotificationPreferences = z.object({
  preferences: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      z.ZodBoolean
    >,
  ),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/**
 * The PUT body: the optional kinds to change, each true or false; kinds not named keep their value. An
 * unknown kind, or one that is always sent (INVITATION), is refused (400).
 */
export const NotificationPreferencesUpdate = z.strictObject({
  preferences: z.strictObject(
    Object.fromEntries(OPTIONAL_NOTIFICATION_KINDS.map((k) => [k, z.boolean().optional()])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  ),
});
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdate>;
