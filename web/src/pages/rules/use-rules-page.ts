import { STAFF } from '@rent/shared/core/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useOrganization } from '../../api/organization';
import {
  bodyOfRule,
  RULE_ERRORS,
  type Rule,
  type RuleBatch,
  ruleListKey,
  rulesKey,
  useDeleteRule,
  useRequestRuleMatchCounts,
  useRuleBatches,
  useRules,
  useUndoRuleBatch,
  useUpdateRule,
} from '../../api/rules';
import { conflictTitle, isVersionConflict } from '../../components/ConflictAlert';
import { toast } from '../../components/toast/store';

/**
 * The Rules page's data and actions: the rules (their matching counts asked for beside them), the recent applies, the optimistic
 * active toggle, delete with confirmation, and undo of an apply.
 */
export function useRulesPage() {
  const org = useOrganization();
  const client = useQueryClient();
  const rules = useRules();
  useRequestRuleMatchCounts();
  const batches = useRuleBatches();
  const remove = useDeleteRule();
  const undo = useUndoRuleBatch();
  const updateRule = useUpdateRule();
  const [updating, setUpdating] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<Rule | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [undoing, setUndoing] = useState<string | null>(null);
  const organizationId = org.organization?.id;
  const staff = !!org.role && STAFF.includes(org.role);

  /**
   * An optimistic flip of isActive; the rule is "updating" until the call settles; a failure reverts. The PUT sends
   * the rule as shown with its version (docs/rules.md "Changing a rule"): if someone else changed it meanwhile, the
   * 409 says so and the list reloads to show what is saved.
   */
  async function toggleActive(rule: Rule, isActive: boolean) {
    const key = ruleListKey(organizationId);
    const replace = (next: (r: Rule) => Rule) =>
      client.setQueryData<Rule[]>(key, (list) => list?.map((r) => (r.id === rule.id ? next(r) : r)));
    setUpdating((s) => new Set(s).add(rule.id));
    replace((r) => ({ ...r, isActive }));
    try {
      const saved = await updateRule.mutateAsync({ id: rule.id, body: { ...bodyOfRule(rule), isActive } });
      // The saved rule, with its new version, is what the next toggle sends, before the list reloads.
      replace(() => saved.rule);
    } catch (error) {
      replace((r) => ({ ...r, isActive: !isActive }));
      if (isVersionConflict(error)) {
        toast.error(conflictTitle('rule'), {
          description:
            'Your change was not saved. The list now shows the rule as saved; change it again if you still want to.',
        });
      } else toast.error(RULE_ERRORS.update, { description: errorMessage(error, '') || undefined });
    } finally {
      setUpdating((s) => {
        const next = new Set(s);
        next.delete(rule.id);
        return next;
      });
      void client.invalidateQueries({ queryKey: rulesKey });
    }
  }

  async function deleteRule() {
    if (!toDelete) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success('Rule deleted');
      setToDelete(null);
    } catch (error) {
      setDeleteError(`${RULE_ERRORS.delete}: ${errorMessage(error, 'Unknown error')}`);
    }
  }

  async function undoBatch(batch: RuleBatch) {
    setUndoing(batch.id);
    try {
      const result = await undo.mutateAsync(batch.id);
      toast.success(
        `Undo restored ${result.restoredCount} transaction(s); ${result.keptCount} skipped (changed since the apply).`,
        { duration: 4000 },
      );
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to undo the apply'));
    } finally {
      setUndoing(null);
    }
  }

  return {
    org,
    staff,
    rules,
    batches,
    updating,
    toggleActive,
    toDelete,
    askDelete: (rule: Rule) => {
      setDeleteError(null);
      setToDelete(rule);
    },
    cancelDelete: () => setToDelete(null),
    deleteError,
    deleteBusy: remove.isPending,
    deleteRule,
    undoing,
    undoBatch,
  };
}
