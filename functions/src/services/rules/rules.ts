import type { CategorizationRule, RuleInput } from '@rent/shared';
import { listRuleBatches } from '../../data/rules/ruleBatches.js';
import { createRule, deleteRule, listRules, ruleToApi, updateRule } from '../../data/rules/rules.js';

/**
 * Saved categorization rules (docs/rules.md): an organization's list, and creating, changing and deleting one
 * (at most 200 per organization, counted in the same write as the rule). Applying and undoing are apply.ts;
 * what a rule matches is matches.ts.
 */

export async function list(caller: { orgId: string }): Promise<CategorizationRule[]> {
  return (await listRules(caller.orgId)).map(ruleToApi);
}

export async function create(caller: { orgId: string; userId: string }, input: RuleInput): Promise<CategorizationRule> {
  return ruleToApi(await createRule(caller, input));
}

export async function update(
  caller: { orgId: string },
  ruleId: string,
  input: Parameters<typeof updateRule>[2],
): Promise<CategorizationRule> {
  return ruleToApi(await updateRule(caller.orgId, ruleId, input));
}

export async function remove(caller: { orgId: string }, ruleId: string): Promise<{ id: string }> {
  await deleteRule(caller.orgId, ruleId);
  return { id: ruleId };
}

/** Recent applies of rules, newest first, each with what an undo would restore. */
export function batches(caller: { orgId: string }, page: { limit: number; cursor?: string }) {
  return listRuleBatches(caller.orgId, page);
}
