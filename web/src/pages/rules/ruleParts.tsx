import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { categoryText } from '@rent/shared/core/categories';
import { describeCriteria } from '@rent/shared/rules/describe';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/client';
import { type Rule, type RuleBatch, useRuleMatchCounts } from '../../api/rules';
import { EmptyState } from '../../components/EmptyState';
import { openEditRuleDialog, openRuleDialog } from '../../features/rule-dialog/store';
import { formatDateTime } from '../../lib/dates';
import { wireToCents } from '../../lib/money';
import type { useRulesPage } from './use-rules-page';

/**
 * What the rules page shows of a rule and of an apply, in the same words and controls whether the rows are a table
 * (RulesTables, a desktop) or a list (RulesLists, a phone).
 */

export type RulesPageData = ReturnType<typeof useRulesPage>;

const BATCH_STATUS: Record<
  RuleBatch['status'],
  { type: 'success' | 'in-progress' | 'warning' | 'stopped'; text: string }
> = {
  applying: { type: 'in-progress', text: 'Applying' },
  interrupted: { type: 'warning', text: 'Interrupted' },
  applied: { type: 'success', text: 'Applied' },
  undoing: { type: 'in-progress', text: 'Undoing' },
  undone: { type: 'stopped', text: 'Undone' },
};

/** What a rule sets: "Split (3)" for a rule that splits, else its category (— when the category update is off). */
export function ruleCategoryText(rule: Rule): string {
  if (rule.split) return `Split (${rule.split.length})`;
  return rule.category ? categoryText(rule.category) : '—';
}

export function criteriaText(rule: Rule): string {
  return describeCriteria({
    namePattern: rule.namePattern,
    amountMinCents: wireToCents(rule.amountMin),
    amountMaxCents: wireToCents(rule.amountMax),
    amountExactCents: wireToCents(rule.amountExact),
  });
}

/** An apply without a category is a split's (apply refuses neither); the batch does not record the parts. */
export const batchCategoryText = (batch: RuleBatch) =>
  batch.criteria.category ? categoryText(batch.criteria.category) : 'Split';

export const batchRuleName = (batch: RuleBatch) => batch.ruleName ?? 'Unsaved rule';

export function RulesHeader({ page }: { page: RulesPageData }) {
  return (
    <Header counter={page.rules.data ? `(${page.rules.data.length})` : undefined} variant="h2">
      Rules
    </Header>
  );
}

export function RulesEmpty() {
  return (
    <EmptyState
      title="No rules"
      action={
        <Button data-testid="rule-create-empty" onClick={() => openRuleDialog()}>
          Create rule
        </Button>
      }
    >
      Rules categorize matching transactions for you.
    </EmptyState>
  );
}

export function RuleActiveToggle({ page, rule }: { page: RulesPageData; rule: Rule }) {
  const updating = page.updating.has(rule.id);
  return (
    <Toggle
      data-testid="rule-row-active"
      checked={rule.isActive}
      disabled={updating}
      ariaLabel={`Active: ${rule.name}`}
      onChange={({ detail }) => void page.toggleActive(rule, detail.checked)}
    >
      {updating ? 'Updating...' : rule.isActive ? 'On' : 'Off'}
    </Toggle>
  );
}

/** A rule's matching count. The cell reads the counts itself: their late answer draws the cells, not the page. */
export function RuleMatchCount({ rule }: { rule: Rule }) {
  const counts = useRuleMatchCounts();
  return counts.isPending ? (
    <StatusIndicator type="loading">Counting</StatusIndicator>
  ) : (
    <span data-testid="rule-row-matches">{counts.data?.get(rule.id) ?? '—'}</span>
  );
}

export function RuleActions({ page, rule }: { page: RulesPageData; rule: Rule }) {
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button
        data-testid="rule-edit"
        variant="inline-link"
        ariaLabel={`Edit ${rule.name}`}
        onClick={() => openEditRuleDialog(rule)}
      >
        Edit
      </Button>
      <Button
        data-testid="rule-delete"
        variant="inline-link"
        ariaLabel={`Delete ${rule.name}`}
        onClick={() => page.askDelete(rule)}
      >
        Delete
      </Button>
    </SpaceBetween>
  );
}

export function BatchesHeader() {
  return (
    <Header variant="h2" description="Each apply of a rule is recorded and can be undone.">
      Recent applies
    </Header>
  );
}

export function BatchesEmpty() {
  return <EmptyState title="No applies yet">Applying a rule to transactions records it here.</EmptyState>;
}

export function BatchStatus({ batch }: { batch: RuleBatch }) {
  return (
    <span data-testid="rule-batch-status">
      <StatusIndicator type={BATCH_STATUS[batch.status].type}>{BATCH_STATUS[batch.status].text}</StatusIndicator>
      {batch.status === 'undone' && batch.restoredCount !== null
        ? ` (${batch.restoredCount} restored, ${batch.keptCount ?? 0} kept)`
        : ''}
    </span>
  );
}

export function UndoButton({ page, batch }: { page: RulesPageData; batch: RuleBatch }) {
  return (
    <Button
      data-testid="rule-batch-undo"
      variant="inline-link"
      ariaLabel={`Undo apply of ${batch.ruleName ?? 'rule'}, ${formatDateTime(batch.createdAt)}`}
      disabled={!(batch.status === 'applied' || batch.status === 'interrupted') || page.undoing !== null}
      loading={page.undoing === batch.id}
      onClick={() => void page.undoBatch(batch)}
    >
      Undo
    </Button>
  );
}

/** The rules, then the recent applies once the rules have arrived (their rows would otherwise push it down). */
export function RulesSections({ page, rules, batches }: { page: RulesPageData; rules: ReactNode; batches: ReactNode }) {
  return (
    <SpaceBetween size="l">
      {rules}
      {page.rules.isPending ? null : batches}
      {page.batches.isError && (
        <Box color="text-status-error">{errorMessage(page.batches.error, 'Failed to load recent applies')}</Box>
      )}
    </SpaceBetween>
  );
}
