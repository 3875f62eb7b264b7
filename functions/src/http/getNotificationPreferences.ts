import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { getPreferences } from '../services/people/notifications.js';

/** The caller's own notification email choices (any role). */
export const handler = http(routes.getNotificationPreferences, ({ caller }) => getPreferences(caller));
