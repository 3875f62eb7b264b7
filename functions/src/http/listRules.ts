import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as rules from '../services/rules/rules.js';

export const handler = http(routes.listRules, async ({ caller }) => ({ rules: await rules.list(caller) }));
