import { PREVIEW_PAGE_MAX, RULE_BATCH_PAGE_DEFAULT } from '@rent/shared/core/rules';
import type { RouteInput, RouteResponse, Routes } from '@rent/shared/types';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute, errorMessage } from './client';
import { useOrganization } from './organization';
import { QUIET, type Quiet } from './quiet';
import { transactionKey, transactionsKey } from './transactions';

/**
 * Categorization rules (docs/rules.md "Routes"): every call carries ?organizationId=.
 * This module is zod-free and re2js-free (types only from shared): the engine loads with the
 * rules page and the rule dialog.
 */
export type Rule = RouteResponse<Routes['listRules']>['rules'][number];
export type RuleBatch = RouteResponse<Routes['listRuleBatches']>['batches'][number];
export type RuleBody = RouteInput<Routes['createRule']>['body'];
export type RuleUpdateBody = RouteInput<Routes['updateRule']>['body'];
export type ApplyBody = RouteInput<Routes['applyRuleSingle']>['body'];
export type PreviewBody = RouteInput<Routes['previewRule']>['body'];
export type PreviewResult = RouteResponse<Routes['previewRule']>;

/** Rule messages (docs/product.md "Error messages"). */
export const RULE_ERRORS = {
  fetch: 'Failed to fetch rules',
  create: 'Failed to create rule',
  update: 'Failed to update rule',
  delete: 'Failed to delete rule',
  save: 'Failed to save rule',
  apply: 'Failed to apply rule to transactions.',
  noOrganization: 'Organization not available. Please try again.',
  invalid: 'Please fill in all required fields correctly.',
} as const;

/** Success messages and durations (save 3 s, apply 4 s; docs/product.md "Constants and limits"). */
export const RULE_TOAST_MS = { save: 3000, apply: 4000 } as const;
export const ruleAppliedText = (count: number) => `Rule applied to ${count} transaction(s).`;

export const rulesKey = ['rules'] as const;
export const ruleListKey = (organizationId: string | undefined) => [...rulesKey, 'list', organizationId] as const;
export const ruleCountsKey = (organizationId: string | undefined) => [...rulesKey, 'counts', organizationId] as const;
export const ruleBatchesKey = (organizationId: string | undefined) => [...rulesKey, 'batches', organizationId] as const;

/** The organization id the rule calls need, or undefined while it loads. */
export function useRuleOrganizationId(): string | undefined {
  return useOrganization().organization?.id;
}

function useEnabled(organizationId: string | undefined) {
  const session = useSession();
  return session.status === 'authenticated' && !!organizationId;
}

export function useRules() {
  const organizationId = useRuleOrganizationId();
  const query = useQuery({
    queryKey: ruleListKey(organizationId),
    queryFn: async () => {
      try {
        return (await callRoute('listRules', { query: { organizationId } })).rules;
      } catch (error) {
        console.error(RULE_ERRORS.fetch, error);
        throw error;
      }
    },
    enabled: useEnabled(organizationId),
  });
  return { ...query, errorText: query.error ? errorMessage(query.error, RULE_ERRORS.fetch) : null };
}

/** How many transactions each saved rule would change now (one call for the whole table). */
export function useRuleMatchCounts(options: Quiet = {}) {
  const organizationId = useRuleOrganizationId();
  return useQuery({
    queryKey: ruleCountsKey(organizationId),
    queryFn: async () => {
      const { counts } = await callRoute('countRuleMatches', { query: { organizationId } });
      return new Map(counts.map((c) => [c.ruleId, c.count]));
    },
    enabled: useEnabled(organizationId),
    ...options,
  });
}

/**
 * Asks for the match counts beside the rules without drawing the caller again when they answer (seconds later, since
 * counting runs every rule over the ledger): the count cells read them with `useRuleMatchCounts`, so the answer draws
 * those cells and not the page around them.
 */
export function useRequestRuleMatchCounts(): void {
  useRuleMatchCounts(QUIET);
}

export function useRuleBatches() {
  const organizationId = useRuleOrganizationId();
  return useQuery({
    queryKey: ruleBatchesKey(organizationId),
    queryFn: () => callRoute('listRuleBatches', { query: { organizationId, limit: RULE_BATCH_PAGE_DEFAULT } }),
    enabled: useEnabled(organizationId),
  });
}

/** After rules or applies change: the rules' lists, counts and batches, and every transaction view. */
export async function invalidateAfterApply(client: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    client.invalidateQueries({ queryKey: rulesKey }),
    client.invalidateQueries({ queryKey: transactionsKey }),
    client.invalidateQueries({ queryKey: transactionKey('').slice(0, 1) as readonly string[] }),
  ]);
}

/**
 * The PUT body that keeps a saved rule as it is shown, with the version shown (used by the active toggle): the change
 * is saved only if nobody changed the rule since (docs/rules.md "Changing a rule").
 */
export function bodyOfRule(rule: Rule): RuleUpdateBody {
  return {
    name: rule.name,
    description: rule.description,
    namePattern: rule.namePattern,
    amountMin: rule.amountMin,
    amountMax: rule.amountMax,
    amountExact: rule.amountExact,
    category: rule.category,
    priority: rule.priority,
    isActive: rule.isActive,
    propertyId: rule.propertyId,
    split: rule.split,
    version: rule.version,
  };
}

/** One rule as saved now (after a 409, to show what someone else saved); null when it was deleted. */
export async function fetchRule(organizationId: string | undefined, id: string): Promise<Rule | null> {
  const { rules } = await callRoute('listRules', { query: { organizationId } });
  return rules.find((rule) => rule.id === id) ?? null;
}

export function useDeleteRule() {
  const client = useQueryClient();
  const organizationId = useRuleOrganizationId();
  return useMutation({
    mutationFn: (id: string) => callRoute('deleteRule', { params: { id }, query: { organizationId } }),
    onError: (error) => console.error(RULE_ERRORS.delete, error),
    onSettled: () => client.invalidateQueries({ queryKey: rulesKey }),
  });
}

export function useUndoRuleBatch() {
  const client = useQueryClient();
  const organizationId = useRuleOrganizationId();
  return useMutation({
    mutationFn: (id: string) => callRoute('undoRuleBatch', { params: { id }, query: { organizationId } }),
    onSettled: () => invalidateAfterApply(client),
  });
}

/** Creates a rule, or replaces a saved one (with the version it was read at: a stale one is a 409). */
export function useSaveRule() {
  const organizationId = useRuleOrganizationId();
  return useMutation({
    mutationFn: async ({ rule, body }: { rule: Rule | null; body: RuleBody }) =>
      (rule
        ? await callRoute('updateRule', {
            params: { id: rule.id },
            query: { organizationId },
            body: { ...body, version: rule.version },
          })
        : await callRoute('createRule', { query: { organizationId }, body })
      ).rule,
  });
}

/** Replaces a saved rule's fields at the version shown (the Rules page's active toggle); the caller refreshes. */
export function useUpdateRule() {
  const organizationId = useRuleOrganizationId();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RuleUpdateBody }) =>
      callRoute('updateRule', { params: { id }, query: { organizationId }, body }),
    onError: (error) => console.error(RULE_ERRORS.update, error),
  });
}

export type RuleCriteria = PreviewBody['rule'];

/** The transactions a rule's criteria would change now, the most the server gives a page; null criteria ask nothing. */
export function useRulePreview(criteria: RuleCriteria | null, criteriaKey: string, enabled: boolean) {
  const organizationId = useRuleOrganizationId();
  return useInfiniteQuery({
    queryKey: [...rulesKey, 'preview', organizationId, criteriaKey],
    queryFn: ({ pageParam }) =>
      callRoute('previewRule', {
        query: { organizationId },
        body: { rule: criteria!, limit: PREVIEW_PAGE_MAX, cursor: pageParam },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: !!organizationId && criteria !== null && enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** An apply that is not complete is sent again (it is idempotent) at most this many times. */
const MAX_APPLY_ROUNDS = 50;

/**
 * Applies a rule to the chosen transactions, calling again while the server says it stopped early
 * (its time budget), and reports how many are categorized so far. Resolves to that count.
 */
export function useApplyRule() {
  const organizationId = useRuleOrganizationId();
  return useMutation({
    mutationFn: async ({ body, onProgress }: { body: ApplyBody; onProgress: (done: number) => void }) => {
      let done = 0;
      for (let round = 0; round < MAX_APPLY_ROUNDS; round++) {
        const result = await callRoute('applyRuleSingle', { query: { organizationId }, body });
        done += result.categorizedCount;
        onProgress(done);
        if (result.complete || result.remainingCount === 0) break;
        if (result.categorizedCount === 0 && result.skippedCount === 0) break;
      }
      return done;
    },
  });
}
