import * as rulesRoutes from '@rent/shared/api/routes/rules';
import { http } from '../runtime/http.js';
import { undoRuleBatch } from '../services/rules/apply.js';

export const handler = http(rulesRoutes.undoRuleBatch, ({ caller, params }) => undoRuleBatch(caller, params.id));
