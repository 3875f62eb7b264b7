import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { callRoute, errorMessage } from '../../api/client';
import {
  type ApplyBody,
  invalidateAfterApply,
  type PreviewResult,
  RULE_ERRORS,
  RULE_TOAST_MS,
  ruleAppliedText,
  rulesKey,
  useRuleOrganizationId,
} from '../../api/rules';
import { CATEGORY_DROPDOWN_MAX_HEIGHT, NO_CATEGORIES_TEXT } from '../../components/CategorySelect';
import { PropertyPicker } from '../../components/PropertyPicker';
import { toast } from '../../components/toast/store';
import {
  bodyOf,
  categoryText,
  criteriaOf,
  formatLongDate,
  formatRuleAmount,
  hasCriteria,
  initialForm,
  RULE_CATEGORY_OPTIONS,
  type RuleForm,
  validateForm,
} from './ruleForm';
import { closeRuleDialog, type RuleDialogState } from './store';
import './rules.css';

/** SPEC §9: rule dialog width 900 to 1200px (Cloudscape shrinks it to the viewport); preview list ≤ 400px. */
export const RULE_DIALOG_WIDTH = 1200;
export const PREVIEW_MAX_HEIGHT = 400;
const PREVIEW_PAGE = 100;
const PREVIEW_DEBOUNCE_MS = 300;
/** An apply that is not complete is sent again (it is idempotent) at most this many times. */
const MAX_APPLY_ROUNDS = 50;

type Status = 'idle' | 'saving' | 'applying' | 'closed';
type PreviewTransaction = PreviewResult['transactions'][number];

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const handle = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(handle);
  }, [value, ms]);
  return debounced;
}

/**
 * The categorization rule dialog (SPEC §2 "Categorization rule dialog", §4 "Rule dialog", §5).
 * Default export: loaded lazily by RuleDialogHost, with the regex engine.
 */
export default function RuleDialog({ state }: { state: RuleDialogState }) {
  const { rule } = state;
  const editing = rule !== null;
  const client = useQueryClient();
  const organizationId = useRuleOrganizationId();
  const [form, setForm] = useState<RuleForm>(() => initialForm(rule, state.prefill));
  const [tab, setTab] = useState('settings');
  const [status, setStatus] = useState<Status>('idle');
  const [applyNow, setApplyNow] = useState(false);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, valid } = validateForm(form);

  const update = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  // Matching transactions are recomputed live (debounced), and all start selected (SPEC §4).
  const criteria = useMemo(() => criteriaOf(form), [form]);
  const previewable =
    hasCriteria(criteria) && !errors.namePattern && !errors.amountMin && !errors.amountMax && !errors.amountExact;
  const criteriaKey = JSON.stringify(previewable ? criteria : null);
  const debouncedKey = useDebounced(criteriaKey, PREVIEW_DEBOUNCE_MS);
  const debouncedCriteria = JSON.parse(debouncedKey) as typeof criteria | null;
  const preview = useInfiniteQuery({
    queryKey: [...rulesKey, 'preview', organizationId, debouncedKey],
    queryFn: ({ pageParam }) =>
      callRoute('previewRule', {
        query: { organizationId },
        body: { rule: debouncedCriteria!, limit: PREVIEW_PAGE, cursor: pageParam },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: !!organizationId && debouncedCriteria !== null && state.open,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set of criteria starts with everything selected
  useEffect(() => setExcluded(new Set()), [debouncedKey]);

  const stale = debouncedKey !== criteriaKey || preview.isPlaceholderData;
  const loaded: PreviewTransaction[] = useMemo(
    () => (debouncedCriteria === null ? [] : (preview.data?.pages.flatMap((p) => p.transactions) ?? [])),
    [preview.data, debouncedCriteria],
  );
  const matchCount = debouncedCriteria === null ? 0 : (preview.data?.pages[0]?.count ?? 0);
  const selectedCount = Math.max(0, matchCount - excluded.size);
  const applyDisabled = selectedCount === 0 || !form.categoryOn || !form.category;

  // Apply needs a category to set; with none, apply-now goes off. (With N = 0 it stays as the person
  // left it: SPEC §2 disables the preview tab while apply-now is on and nothing matches.)
  const noCategory = !form.categoryOn || !form.category;
  useEffect(() => {
    if (applyNow && noCategory) setApplyNow(false);
  }, [applyNow, noCategory]);

  const busy = status === 'saving' || status === 'applying';

  const close = () => {
    if (busy) return;
    setStatus('closed');
    closeRuleDialog();
  };

  async function apply(ruleId: string) {
    const selected = loaded.filter((t) => !excluded.has(t.id));
    const allLoaded = !preview.hasNextPage;
    const body: ApplyBody = allLoaded
      ? { rule: criteria, ruleId, transactions: selected }
      : { rule: criteria, ruleId, allMatching: true, ...(excluded.size ? { excludeIds: [...excluded] } : {}) };
    const total = selectedCount;
    let done = 0;
    setProgress({ done, total });
    for (let round = 0; round < MAX_APPLY_ROUNDS; round++) {
      const result = await callRoute('applyRuleSingle', { query: { organizationId }, body });
      done += result.categorizedCount;
      setProgress({ done: Math.min(done, total), total });
      if (result.complete || result.remainingCount === 0) break;
      if (result.categorizedCount === 0 && result.skippedCount === 0) break;
    }
    return done;
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setFormError(null);
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
      const body = bodyOf(form);
      const result = rule
        ? await callRoute('updateRule', {
            params: { id: rule.id },
            query: { organizationId },
            body: { ...body, version: rule.version },
          })
        : await callRoute('createRule', { query: { organizationId }, body });
      savedId = result.rule.id;
      toast.success(editing ? 'Rule updated successfully' : 'Rule created successfully', {
        duration: RULE_TOAST_MS.save,
      });
    } catch (error) {
      console.error(editing ? RULE_ERRORS.update : RULE_ERRORS.create, error);
      const message = errorMessage(error, RULE_ERRORS.save);
      setFormError(message);
      toast.error(message, { duration: RULE_TOAST_MS.save });
      setStatus('idle');
      return;
    }
    // SPEC §4: if apply-now is ticked, a second call follows a successful save.
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

  const previewTabLabel = `Preview changes (${matchCount})`;
  const allSelected = excluded.size === 0 && matchCount > 0;

  const settings = (
    <form onSubmit={submit} data-testid="rule-form" noValidate>
      <SpaceBetween size="l">
        <ColumnLayout columns={2}>
          <FormField label="Name" controlId="rule-name" errorText={form.name && errors.name}>
            <Input
              data-testid="rule-name"
              controlId="rule-name"
              value={form.name}
              onChange={({ detail }) => update('name', detail.value)}
              placeholder="e.g. Home Depot supplies"
            />
          </FormField>
          <FormField
            label="Priority"
            controlId="rule-priority"
            description="Higher runs first"
            errorText={errors.priority}
          >
            <Input
              data-testid="rule-priority"
              controlId="rule-priority"
              type="number"
              inputMode="numeric"
              value={form.priority}
              onChange={({ detail }) => update('priority', detail.value)}
            />
          </FormField>
        </ColumnLayout>
        <FormField
          label={
            <span>
              Description <i>- optional</i>
            </span>
          }
          controlId="rule-description"
        >
          <Textarea
            data-testid="rule-description"
            controlId="rule-description"
            rows={2}
            value={form.description}
            onChange={({ detail }) => update('description', detail.value)}
          />
        </FormField>

        <SpaceBetween size="xs">
          <Toggle
            data-testid="rule-pattern-toggle"
            checked={form.patternOn}
            onChange={({ detail }) =>
              setForm((f) => ({ ...f, patternOn: detail.checked, namePattern: detail.checked ? f.namePattern : '' }))
            }
          >
            Match the merchant name
          </Toggle>
          {form.patternOn && (
            <FormField
              label="Merchant name pattern"
              controlId="rule-pattern"
              description="A regular expression, matched anywhere in the name, ignoring case."
              errorText={errors.namePattern}
            >
              <Input
                data-testid="rule-pattern"
                controlId="rule-pattern"
                value={form.namePattern}
                onChange={({ detail }) => update('namePattern', detail.value)}
                placeholder="e.g. home depot|lowe's"
              />
            </FormField>
          )}
        </SpaceBetween>

        <SpaceBetween size="xs">
          <Toggle
            data-testid="rule-amount-toggle"
            checked={form.amountOn}
            onChange={({ detail }) =>
              setForm((f) =>
                detail.checked
                  ? { ...f, amountOn: true }
                  : { ...f, amountOn: false, amountMin: '', amountMax: '', amountExact: '' },
              )
            }
          >
            Match the amount
          </Toggle>
          {form.amountOn && (
            <ColumnLayout columns={3}>
              <FormField label="Minimum" controlId="rule-amount-min" errorText={errors.amountMin}>
                <Input
                  data-testid="rule-amount-min"
                  controlId="rule-amount-min"
                  inputMode="decimal"
                  value={form.amountMin}
                  onChange={({ detail }) => update('amountMin', detail.value)}
                />
              </FormField>
              <FormField label="Maximum" controlId="rule-amount-max" errorText={errors.amountMax}>
                <Input
                  data-testid="rule-amount-max"
                  controlId="rule-amount-max"
                  inputMode="decimal"
                  value={form.amountMax}
                  onChange={({ detail }) => update('amountMax', detail.value)}
                />
              </FormField>
              <FormField
                label="Exact"
                controlId="rule-amount-exact"
                description="Takes precedence over min and max"
                errorText={errors.amountExact}
              >
                <Input
                  data-testid="rule-amount-exact"
                  controlId="rule-amount-exact"
                  inputMode="decimal"
                  value={form.amountExact}
                  onChange={({ detail }) => update('amountExact', detail.value)}
                />
              </FormField>
            </ColumnLayout>
          )}
        </SpaceBetween>

        <SpaceBetween size="xs">
          <Toggle
            data-testid="rule-category-toggle"
            checked={form.categoryOn}
            onChange={({ detail }) =>
              setForm((f) => ({ ...f, categoryOn: detail.checked, category: detail.checked ? f.category : '' }))
            }
          >
            Update the category
          </Toggle>
          {form.categoryOn && (
            <FormField label="Category" controlId="rule-category">
              <div
                className="rt-category-select"
                style={{ ['--rt-dropdown-max' as string]: `${CATEGORY_DROPDOWN_MAX_HEIGHT}px` }}
              >
                <Select
                  data-testid="rule-category"
                  controlId="rule-category"
                  selectedOption={form.category ? { value: form.category, label: categoryText(form.category) } : null}
                  onChange={({ detail }) => update('category', detail.selectedOption.value ?? '')}
                  options={RULE_CATEGORY_OPTIONS}
                  placeholder="Choose a category"
                  filteringType="auto"
                  filteringPlaceholder="Search categories"
                  filteringAriaLabel="Search categories"
                  filteringClearAriaLabel="Clear search"
                  empty={NO_CATEGORIES_TEXT}
                  noMatch={NO_CATEGORIES_TEXT}
                />
              </div>
            </FormField>
          )}
        </SpaceBetween>

        <SpaceBetween size="xs">
          <Toggle
            data-testid="rule-property-toggle"
            checked={form.propertyOn}
            onChange={({ detail }) =>
              setForm((f) => ({ ...f, propertyOn: detail.checked, propertyId: detail.checked ? f.propertyId : '' }))
            }
          >
            Update property
          </Toggle>
          {form.propertyOn && (
            <FormField
              label="Property"
              controlId="rule-property"
              description="Kept with the rule; applying the rule does not change transactions' property."
            >
              <PropertyPicker
                testId="rule-property"
                controlId="rule-property"
                value={form.propertyId}
                showAllOption={false}
                onChange={(id) => update('propertyId', id)}
              />
            </FormField>
          )}
        </SpaceBetween>

        <Toggle
          data-testid="rule-active"
          checked={form.isActive}
          onChange={({ detail }) => update('isActive', detail.checked)}
        >
          Active
        </Toggle>
      </SpaceBetween>
    </form>
  );

  const previewList = (
    <SpaceBetween size="s">
      {debouncedCriteria === null ? (
        <Box color="text-status-inactive">Add a merchant-name pattern or an amount to see matching transactions.</Box>
      ) : preview.isError ? (
        <Alert type="error">{errorMessage(preview.error, 'Failed to load matching transactions')}</Alert>
      ) : preview.isPending ? (
        <Box>
          <Spinner /> Finding matching transactions...
        </Box>
      ) : matchCount === 0 ? (
        <Box data-testid="rule-preview-empty">No transactions would change.</Box>
      ) : (
        <>
          <Checkbox
            data-testid="rule-preview-all"
            checked={allSelected}
            indeterminate={!allSelected && selectedCount > 0}
            onChange={({ detail }) => setExcluded(detail.checked ? new Set() : new Set(loaded.map((t) => t.id)))}
          >
            {selectedCount} of {matchCount} selected{stale ? ' (updating...)' : ''}
          </Checkbox>
          <ul className="rt-rule-preview" data-testid="rule-preview-list" style={{ maxBlockSize: PREVIEW_MAX_HEIGHT }}>
            {loaded.map((t) => (
              <li key={t.id} data-testid="rule-preview-item">
                <Checkbox
                  checked={!excluded.has(t.id)}
                  ariaLabel={`Select ${t.name}, ${formatLongDate(t.date)}`}
                  onChange={({ detail }) =>
                    setExcluded((prev) => {
                      const next = new Set(prev);
                      if (detail.checked) next.delete(t.id);
                      else next.add(t.id);
                      return next;
                    })
                  }
                />
                <span className="rt-rule-preview-name">{t.name}</span>
                <span>{formatLongDate(t.date)}</span>
                <span className="rt-rule-preview-amount">{formatRuleAmount(t.amount)}</span>
                <span>
                  {categoryText(t.category)} → {categoryText(criteria.category)}
                </span>
              </li>
            ))}
          </ul>
          {preview.hasNextPage && (
            <Button formAction="none" loading={preview.isFetchingNextPage} onClick={() => void preview.fetchNextPage()}>
              Show more
            </Button>
          )}
        </>
      )}
    </SpaceBetween>
  );

  return (
    <Modal
      visible={state.open && status !== 'closed'}
      onDismiss={close}
      header={editing ? 'Edit rule' : 'Create rule'}
      width={RULE_DIALOG_WIDTH}
      data-testid="rule-dialog"
      footer={
        <SpaceBetween size="s">
          {progress && status === 'applying' && (
            <ProgressBar
              data-testid="rule-apply-progress"
              label="Applying rule"
              value={progress.total ? (progress.done / progress.total) * 100 : 0}
              additionalInfo={`${progress.done} of ${progress.total} transactions`}
            />
          )}
          <div className="rt-rule-footer">
            <Checkbox
              data-testid="rule-apply-now"
              checked={applyNow}
              disabled={(applyDisabled && !applyNow) || busy}
              onChange={({ detail }) => setApplyNow(detail.checked)}
            >
              Apply to {selectedCount} transactions now
            </Checkbox>
            <SpaceBetween direction="horizontal" size="xs">
              <Button data-testid="rule-cancel" variant="link" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button
                data-testid="rule-save"
                variant="primary"
                disabled={!valid || (applyNow && stale)}
                loading={busy}
                onClick={() => void submit()}
              >
                Save
              </Button>
            </SpaceBetween>
          </div>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="m">
        {formError && (
          <Alert type="error" data-testid="rule-form-error">
            {formError}
          </Alert>
        )}
        <Tabs
          activeTabId={tab}
          onChange={({ detail }) => setTab(detail.activeTabId)}
          tabs={[
            { id: 'settings', label: 'Settings', content: settings },
            {
              id: 'preview',
              label: previewTabLabel,
              content: previewList,
              disabled: applyNow && matchCount === 0,
            },
          ]}
        />
      </SpaceBetween>
    </Modal>
  );
}
