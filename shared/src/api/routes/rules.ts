import { z } from 'zod';
import { APPLY_MAX_BODY_BYTES } from '../../core/rules.js';
import { STAFF } from '../../domain/roles.js';
import {
  ApplyRuleInput,
  ApplyRuleResult,
  PreviewRuleInput,
  PreviewRuleResult,
  RuleBatchListQuery,
  RuleBatchPage,
  RuleList,
  RuleMatchCounts,
  RuleOrganizationQuery,
  RuleResult,
  RuleUpdate,
  UndoRuleBatchResult,
} from '../../domain/rule.js';
import { RuleInput } from '../../rules/validate.js';
import { defineRoute } from '../route.js';
import { byId } from './params.js';

/** Categorization rules. Part of THE route table (../routes.ts). */
export const rulesRoutes = {
  // Categorization rules (docs/rules.md "Routes"): organizationId is a query parameter on every call; it must be
  // the caller's own organization (else 404: http() enforces `orgScopedQuery` once). Staff only.
  // Literal paths before {id} paths.
  listRules: defineRoute({
    id: 'listRules',
    method: 'GET',
    path: '/api/categorization-rules',
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    response: RuleList,
    roles: STAFF,
  }),
  createRule: defineRoute({
    id: 'createRule',
    method: 'POST',
    path: '/api/categorization-rules',
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    body: RuleInput,
    response: RuleResult,
    roles: STAFF,
    status: 201,
  }),
  /** Counts and pages the transactions a rule would change, over the whole organization. */
  previewRule: defineRoute({
    id: 'previewRule',
    method: 'POST',
    path: '/api/categorization-rules/preview',
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    body: PreviewRuleInput,
    response: PreviewRuleResult,
    roles: STAFF,
  }),
  applyRuleSingle: defineRoute({
    id: 'applyRuleSingle',
    method: 'POST',
    path: '/api/categorization-rules/apply-single',
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    body: ApplyRuleInput,
    response: ApplyRuleResult,
    roles: STAFF,
    maxBodyBytes: APPLY_MAX_BODY_BYTES,
  }),
  /** How many transactions each saved rule would change now (the rules table's column). */
  countRuleMatches: defineRoute({
    id: 'countRuleMatches',
    method: 'GET',
    path: '/api/categorization-rules/match-counts',
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    response: RuleMatchCounts,
    roles: STAFF,
  }),
  listRuleBatches: defineRoute({
    id: 'listRuleBatches',
    method: 'GET',
    path: '/api/categorization-rules/batches',
    query: RuleBatchListQuery,
    orgScopedQuery: true,
    response: RuleBatchPage,
    roles: STAFF,
  }),
  undoRuleBatch: defineRoute({
    id: 'undoRuleBatch',
    method: 'POST',
    path: '/api/categorization-rules/batches/{id}/undo',
    params: byId,
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    response: UndoRuleBatchResult,
    roles: STAFF,
  }),
  updateRule: defineRoute({
    id: 'updateRule',
    method: 'PUT',
    path: '/api/categorization-rules/{id}',
    params: byId,
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    body: RuleUpdate,
    response: RuleResult,
    roles: STAFF,
  }),
  deleteRule: defineRoute({
    id: 'deleteRule',
    method: 'DELETE',
    path: '/api/categorization-rules/{id}',
    params: byId,
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    response: z.object({ id: z.string() }),
    roles: STAFF,
  }),
} as const;
