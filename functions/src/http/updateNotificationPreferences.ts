import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import { updatePreferences } from '../services/people/notifications.js';

/** Changes the caller's own notification email choices (any role); unknown kinds are a 400. */
export const handler = http(peopleRoutes.updateNotificationPreferences, ({ caller, body }) =>
  updatePreferences(caller, body),
);
