import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import { getPreferences } from '../services/people/notifications.js';

/** The caller's own notification email choices (any role). The profile's one consistent read carries identity's. */
export const handler = http(peopleRoutes.getNotificationPreferences, ({ caller }) => getPreferences(caller), {
  identityRidesAlong: true,
});
