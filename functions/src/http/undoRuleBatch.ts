import { routes } from '@rent/shared';
import { undoRuleBatch } from '../data/repositories/ruleBatches.js';
import { http } from '../lib/http.js';
import { assertOwnOrganization } from '../lib/identity.js';

export const handler = http(routes.undoRuleBatch, async ({ caller, params, query }) => {
  assertOwnOrganization(caller, query.organizationId);
  return undoRuleBatch(caller, params.id);
});
