import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/client';
import {
  type ApplyBody,
  fetchRule,
  invalidateAfterApply,
  type PreviewResult,
  RULE_ERRORS,
  RULE_TOAST_MS,
  type Rule,
  ruleAppliedText,
  rulesKey,
  useApplyRule,
  useRuleOrganizationId,
  useRulePreview,
  useSaveRule,
} from '../../api/rules';
import { isVersionConflict } from '../../components/ConflictAlert';
import { toast } from '../../components/toast/store';
import {
  bodyOf,
  type CategoryAction,
  criteriaOf,
  hasAction,
  hasCriteria,
  initialForm,
  type RuleForm,
  validateForm,
  withCategoryAction,
} from './ruleForm';
import { type RuleSplitAction, ruleSplitReducer } from './ruleSplitForm';
import { closeRuleDialog, type RuleDialogState } from './store';

const PREVIEW_DEBOUNCE_MS = 300;

type Status = 'idle' | 'saving' | 'applying' | 'closed';
export type PreviewTransaction = PreviewResult['transactions'][number];

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const handle = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(handle);
  }, [value, ms]);
  return debounced;
}

/**
 * The rule dialog's state and actions (docs/product.md "Categorization rule dialog"): the form and its checks, the live
 * preview of matching transactions (debounced, every match selected to start with, deselect any), save, then the
 * optional apply in rounds with progress.
 *
 * Saving an edit sends the version of the rule the dialog opened with (docs/rules.md "Changing a rule"): when
 * someone else saved in between, the 409 keeps the person's edits with the conflict alert, and "Load latest version"
 * shows what is saved now (and takes its version for the next save).
 */
export function useRuleDialog(state: RuleDialogState) {
  // The rule as last loaded: the one the dialog opened with, or the latest after a conflict.
  const [rule, setRule] = useState<Rule | null>(state.rule);
  const editing = state.rule !== null;
  const client = useQueryClient();
  const organizationId = useRuleOrganizationId();
  const save = useSaveRule();
  const applyRule = useApplyRule();
  const [form, setForm] = useState<RuleForm>(() => initialForm(rule, state.prefill));
  const [status, setStatus] = useState<Status>('idle');
  const [applyNow, setApplyNow] = useState(false);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [loadingLatest, setLoadingLatest] = useState(false);
  const { errors, valid } = validateForm(form);

  const update = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setCategoryAction = (action: CategoryAction) => setForm((f) => withCategoryAction(f, action));
  const dispatchSplit = (action: RuleSplitAction) =>
    setForm((f) => ({ ...f, splitParts: ruleSplitReducer(f.splitParts, action) }));

  // Matching transactions are recomputed live (debounced), and all start selected.
  const criteria = useMemo(() => criteriaOf(form), [form]);
  const previewable =
    hasCriteria(criteria) && !errors.namePattern && !errors.amountMin && !errors.amountMax && !errors.amountExact;
  const criteriaKey = JSON.stringify(previewable ? criteria : null);
  const debouncedKey = useDebounced(criteriaKey, PREVIEW_DEBOUNCE_MS);
  const debouncedCriteria = useMemo(() => JSON.parse(debouncedKey) as typeof criteria | null, [debouncedKey]);
  const preview = useRulePreview(debouncedCriteria, debouncedKey, state.open);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set of criteria starts with everything selected
  useEffect(() => setExcluded(new Set()), [debouncedKey]);

  const stale = debouncedKey !== criteriaKey || preview.isPlaceholderData;
  const loaded: PreviewTransaction[] = useMemo(
    () => (debouncedCriteria === null ? [] : (preview.data?.pages.flatMap((p) => p.transactions) ?? [])),
    [preview.data, debouncedCriteria],
  );
  const matchCount = debouncedCriteria === null ? 0 : (preview.data?.pages[0]?.count ?? 0);
  const selectedCount = Math.max(0, matchCount - excluded.size);
  // Matching transactions dated in the closed period, which the preview and apply leave out.
  const closedCount = debouncedCriteria === null ? 0 : (preview.data?.pages[0]?.closedCount ?? 0);
  // Apply needs a category to set or a split that can be saved; with neither, apply-now goes off. (With N = 0 it
  // stays as the person left it: the product disables the preview tab while apply-now is on and nothing matches.)
  const noCategory = !hasAction(form);
  const applyDisabled = selectedCount === 0 || noCategory;

  useEffect(() => {
    if (applyNow && noCategory) setApplyNow(false);
  }, [applyNow, noCategory]);

  const busy = status === 'saving' || status === 'applying';

  const close = () => {
    if (busy) return;
    setStatus('closed');
    closeRuleDialog();
  };

  const toggleExcluded = (id: string, selected: boolean) =>
    setExcluded((prev) => {
      const next = new Set(prev);
      if (selected) next.delete(id);
      else next.add(id);
      return next;
    });
  const selectAll = (selected: boolean) => setExcluded(selected ? new Set() : new Set(loaded.map((t) => t.id)));

  async function apply(ruleId: string) {
    const selected = loaded.filter((t) => !excluded.has(t.id));
    const allLoaded = !preview.hasNextPage;
    const body: ApplyBody = allLoaded
      ? { rule: criteria, ruleId, transactions: selected }
      : { rule: criteria, ruleId, allMatching: true, ...(excluded.size ? { excludeIds: [...excluded] } : {}) };
    const total = selectedCount;
    setProgress({ done: 0, total });
    return applyRule.mutateAsync({ body, onProgress: (done) => setProgress({ done: Math.min(done, total), total }) });
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setFormError(null);
    setConflict(null);
    if (!organizationId) {
      toast.error(RULE_ERRORS.noOrganization, { duration: RULE_TOAST_MS.save });
      return;
    }
    if (!valid) {
      setFormError(RULE_ERRORS.invalid);
      toast.error(RULE_ERRORS.invalid, { duration: RULE_TOAST_MS.save });
      return;
    }
    setStatus('saving');
    let savedId: string;
    try {
      savedId = (await save.mutateAsync({ rule, body: bodyOf(form) })).id;
      toast.success(editing ? 'Rule updated successfully' : 'Rule created successfully', {
        duration: RULE_TOAST_MS.save,
      });
    } catch (error) {
      console.error(editing ? RULE_ERRORS.update : RULE_ERRORS.create, error);
      setStatus('idle');
      if (editing && isVersionConflict(error)) {
        // The rules behind the dialog reload to what is saved; the form keeps the person's edits.
        setConflict(error.message);
        void client.invalidateQueries({ queryKey: rulesKey });
        return;
      }
      const message = errorMessage(error, RULE_ERRORS.save);
      setFormError(message);
      toast.error(message, { duration: RULE_TOAST_MS.save });
      return;
    }
    // If apply-now is ticked, a second call follows a successful save.
    if (applyNow && selectedCount > 0 && !noCategory) {
      setStatus('applying');
      try {
        const count = await apply(savedId);
        toast.success(ruleAppliedText(count), { duration: RULE_TOAST_MS.apply });
      } catch (error) {
        toast.error(errorMessage(error, RULE_ERRORS.apply), { duration: RULE_TOAST_MS.apply });
      }
    }
    void invalidateAfterApply(client);
    setStatus('closed');
    closeRuleDialog();
  }

  /** After a conflict: the rule as saved now replaces the person's edits, and its version is the next save's. */
  async function loadLatest() {
    if (!rule) return;
    setLoadingLatest(true);
    try {
      const latest = await fetchRule(organizationId, rule.id);
      setConflict(null);
      if (!latest) {
        setFormError('This rule was deleted by someone else.');
        return;
      }
      setRule(latest);
      setForm(initialForm(latest, null));
      toast.info('Latest version loaded', { description: 'Review the changes, then save again.' });
    } catch (error) {
      setFormError(errorMessage(error, 'Failed to load the latest version'));
    } finally {
      setLoadingLatest(false);
    }
  }

  return {
    editing,
    form,
    setForm,
    conflict,
    loadLatest,
    loadingLatest,
    update,
    setCategoryAction,
    dispatchSplit,
    errors,
    valid,
    formError,
    criteria,
    /** Null until there are criteria worth previewing. */
    previewCriteria: debouncedCriteria,
    preview,
    loaded,
    stale,
    matchCount,
    closedCount,
    selectedCount,
    excluded,
    toggleExcluded,
    selectAll,
    applyNow,
    setApplyNow,
    applyDisabled,
    progress,
    status,
    busy,
    visible: state.open && status !== 'closed',
    close,
    submit,
  };
}

export type RuleDialogModel = ReturnType<typeof useRuleDialog>;
