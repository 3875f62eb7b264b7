import * as propertiesRoutes from '@rent/shared/api/routes/properties';
import { http } from '../runtime/http.js';
import { getVisibleProperty } from '../services/tenancy/properties.js';

// The property's one consistent read (a tenant's after their leases') carries identity's.
export const handler = http(
  propertiesRoutes.getProperty,
  ({ caller, params }) => getVisibleProperty(caller, params.id),
  { identityRidesAlong: true },
);
