/** Categorization rules. Part of THE route table (../routes.ts). */
import { APPLY_MAX_BODY_BYTES } from '../../core/rules.js';
import { DeletedId } from '../../domain/common.js';
import { STAFF } from '../../domain/roles.js';
import {
  ApplyRuleResult,
  PreviewRuleResult,
  RuleBatchListQuery,
  RuleBatchPage,
  RuleList,
  RuleMatchCounts,
  RuleOrganizationQuery,
  RuleResult,
  UndoRuleBatchResult,
} from '../../domain/rule.js';
import { ApplyRuleInput, PreviewRuleInput, RuleUpdate } from '../../domain/rule-inputs.js';
import { RuleInput } from '../../rules/validate.js';
import type { RouteDef } from '../route.js';
import { byId } from './params.js';

// Categorization rules (docs/rules.md "Routes"): organizationId is a query parameter on every call; it must be
// the caller's own organization (else 404: http() enforces `orgScopedQuery` once). Staff only.
export const listRules = {
  id: 'listRules',
  method: 'GET',
  path: '/api/categorization-rules',
  query: RuleOrganizationQuery,
  orgScopedQuery: true,
  response: RuleList,
  roles: STAFF,
} as const satisfies RouteDef;

export const createRule = {
  id: 'createRule',
  method: 'POST',
  path: '/api/categorization-rules',
  query: RuleOrganizationQuery,
  orgScopedQuery: true,
  body: RuleInput,
  response: RuleResult,
  roles: STAFF,
  status: 201,
} as const satisfies RouteDef;

/** Counts and pages the transactions a rule would change, over the whole organization. */
export const previewRule = {
  id: 'previewRule',
  method: 'POST',
  path: '/api/categorization-rules/preview',
  query: RuleOrganizationQuery,
  orgScopedQuery: true,
  body: PreviewRuleInput,
  response: PreviewRuleResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const applyRuleSingle = {
  id: 'applyRuleSingle',
  method: 'POST',
  path: '/api/categorization-rules/apply-single',
  query: RuleOrganizationQuery,
  orgScopedQuery: true,
  body: ApplyRuleInput,
  response: ApplyRuleResult,
  roles: STAFF,
  maxBodyBytes: APPLY_MAX_BODY_BYTES,
} as const satisfies RouteDef;

/** How many transactions each saved rule would change now (the rules table's column). */
export const countRuleMatches = {
  id: 'countRuleMatches',
  method: 'GET',
  path: '/api/categorization-rules/match-counts',
  query: RuleOrganizationQuery,
  orgScopedQuery: true,
  response: RuleMatchCounts,
  roles: STAFF,
  maintainsIndex: true,
} as const satisfies RouteDef;

export const listRuleBatches = {
  id: 'listRuleBatches',
  method: 'GET',
  path: '/api/categorization-rules/batches',
  query: RuleBatchListQuery,
  orgScopedQuery: true,
  response: RuleBatchPage,
  roles: STAFF,
} as const satisfies RouteDef;

export const undoRuleBatch = {
  id: 'undoRuleBatch',
  method: 'POST',
  path: '/api/categorization-rules/batches/{id}/undo',
  params: byId,
  query: RuleOrganizationQuery,
  orgScopedQuery: true,
  response: UndoRuleBatchResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const updateRule = {
  id: 'updateRule',
  method: 'PUT',
  path: '/api/categorization-rules/{id}',
  params: byId,
  query: RuleOrganizationQuery,
  orgScopedQuery: true,
  body: RuleUpdate,
  response: RuleResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const deleteRule = {
  id: 'deleteRule',
  method: 'DELETE',
  path: '/api/categorization-rules/{id}',
  params: byId,
  query: RuleOrganizationQuery,
  orgScopedQuery: true,
  response: DeletedId,
  roles: STAFF,
} as const satisfies RouteDef;
