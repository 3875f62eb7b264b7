import * as rulesRoutes from '@rent/shared/api/routes/rules';
import { http } from '../runtime/http.js';
import * as rules from '../services/rules/rules.js';

export const handler = http(rulesRoutes.deleteRule, ({ caller, params }) => rules.remove(caller, params.id));
