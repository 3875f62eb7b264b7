import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { undoRuleBatch } from '../services/rules/apply.js';

export const handler = http(routes.undoRuleBatch, ({ caller, params }) => undoRuleBatch(caller, params.id));
