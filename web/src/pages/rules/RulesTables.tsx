import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { describeCriteria } from '@rent/shared/rules/describe';
import { errorMessage } from '../../api/client';
import type { Rule, RuleBatch } from '../../api/rules';
import { EmptyState } from '../../components/EmptyState';
import { categoryText } from '../../features/rule-dialog/ruleForm';
import { openEditRuleDialog, openRuleDialog } from '../../features/rule-dialog/store';
import { formatDateTime } from '../../lib/dates';
import { wireToCents } from '../../lib/money';
import type { useRulesPage } from './use-rules-page';

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
function ruleCategoryText(rule: Rule): string {
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

/** The rules in the order they run, then the recent applies, each undoable (the page's part with Cloudscape's table). */
export function RulesTables({ page }: { page: ReturnType<typeof useRulesPage> }) {
  const { rules, counts, batches, updating, toggleActive, undoing, undoBatch } = page;
  const list = rules.data ?? [];
  const batchList = batches.data?.batches ?? [];
  return (
    <SpaceBetween size="l">
      <Table<Rule>
        data-testid="rules-table"
        header={
          <Header counter={rules.data ? `(${list.length})` : undefined} variant="h2">
            Rules
          </Header>
        }
        items={list}
        loading={rules.isPending && !rules.isError}
        loadingText="Loading rules"
        trackBy="id"
        variant="container"
        wrapLines
        empty={
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
        }
        columnDefinitions={[
          { id: 'name', header: 'Name', cell: (r) => <span data-testid="rule-row-name">{r.name}</span> },
          { id: 'criteria', header: 'Criteria', cell: criteriaText },
          { id: 'category', header: 'Category', cell: ruleCategoryText },
          { id: 'priority', header: 'Priority', cell: (r) => r.priority },
          {
            id: 'active',
            header: 'Active',
            minWidth: 150,
            cell: (r) => (
              <Toggle
                data-testid="rule-row-active"
                checked={r.isActive}
                disabled={updating.has(r.id)}
                ariaLabel={`Active: ${r.name}`}
                onChange={({ detail }) => void toggleActive(r, detail.checked)}
              >
                {updating.has(r.id) ? 'Updating...' : r.isActive ? 'On' : 'Off'}
              </Toggle>
            ),
          },
          {
            id: 'matches',
            header: 'Matching transactions',
            cell: (r) =>
              counts.isPending ? (
                <StatusIndicator type="loading">Counting</StatusIndicator>
              ) : (
                <span data-testid="rule-row-matches">{counts.data?.get(r.id) ?? '—'}</span>
              ),
          },
          {
            id: 'actions',
            header: 'Actions',
            minWidth: 150,
            cell: (r) => (
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  data-testid="rule-edit"
                  variant="inline-link"
                  ariaLabel={`Edit ${r.name}`}
                  onClick={() => openEditRuleDialog(r)}
                >
                  Edit
                </Button>
                <Button
                  data-testid="rule-delete"
                  variant="inline-link"
                  ariaLabel={`Delete ${r.name}`}
                  onClick={() => page.askDelete(r)}
                >
                  Delete
                </Button>
              </SpaceBetween>
            ),
          },
        ]}
      />

      {/* Below the rules, shown once they have arrived: their rows would otherwise push it down the screen. */}
      {rules.isPending ? null : (
        <Table<RuleBatch>
          data-testid="rule-batches-table"
          header={
            <Header variant="h2" description="Each apply of a rule is recorded and can be undone.">
              Recent applies
            </Header>
          }
          items={batchList}
          loading={batches.isPending && !batches.isError}
          loadingText="Loading recent applies"
          trackBy="id"
          variant="container"
          wrapLines
          empty={<EmptyState title="No applies yet">Applying a rule to transactions records it here.</EmptyState>}
          columnDefinitions={[
            { id: 'rule', header: 'Rule', cell: (b) => b.ruleName ?? 'Unsaved rule' },
            // An apply without a category is a split's (apply refuses neither); the batch does not record the parts.
            {
              id: 'category',
              header: 'Category',
              cell: (b) => (b.criteria.category ? categoryText(b.criteria.category) : 'Split'),
            },
            { id: 'count', header: 'Transactions', cell: (b) => b.appliedCount },
            {
              id: 'status',
              header: 'Status',
              minWidth: 140,
              cell: (b) => (
                <span data-testid="rule-batch-status">
                  <StatusIndicator type={BATCH_STATUS[b.status].type}>{BATCH_STATUS[b.status].text}</StatusIndicator>
                  {b.status === 'undone' && b.restoredCount !== null
                    ? ` (${b.restoredCount} restored, ${b.keptCount ?? 0} kept)`
                    : ''}
                </span>
              ),
            },
            { id: 'when', header: 'Applied', minWidth: 180, cell: (b) => formatDateTime(b.createdAt) },
            { id: 'by', header: 'By', cell: (b) => b.createdBy.email ?? '—' },
            {
              id: 'undo',
              header: 'Undo',
              minWidth: 90,
              cell: (b) => (
                <Button
                  data-testid="rule-batch-undo"
                  variant="inline-link"
                  ariaLabel={`Undo apply of ${b.ruleName ?? 'rule'}, ${formatDateTime(b.createdAt)}`}
                  disabled={!(b.status === 'applied' || b.status === 'interrupted') || undoing !== null}
                  loading={undoing === b.id}
                  onClick={() => void undoBatch(b)}
                >
                  Undo
                </Button>
              ),
            },
          ]}
        />
      )}
      {batches.isError && (
        <Box color="text-status-error">{errorMessage(batches.error, 'Failed to load recent applies')}</Box>
      )}
    </SpaceBetween>
  );
}
