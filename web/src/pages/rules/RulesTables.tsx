import Table from '@cloudscape-design/components/table';
import type { Rule, RuleBatch } from '../../api/rules';
import { formatDateTime } from '../../lib/dates';
import {
  BatchesEmpty,
  BatchesHeader,
  BatchStatus,
  batchCategoryText,
  batchRuleName,
  criteriaText,
  RuleActions,
  RuleActiveToggle,
  RuleMatchCount,
  RulesEmpty,
  RulesHeader,
  type RulesPageData,
  RulesSections,
  ruleCategoryText,
  UndoButton,
} from './ruleParts';

/**
 * The rules in the order they run, then the recent applies, each undoable, as Cloudscape tables: a desktop's (a part,
 * pages/rules/parts.ts; a phone shows RulesLists and never loads this).
 */
export function RulesTables({ page }: { page: RulesPageData }) {
  const { rules, batches } = page;
  return (
    <RulesSections
      page={page}
      rules={
        <Table<Rule>
          data-testid="rules-table"
          header={<RulesHeader page={page} />}
          items={rules.data ?? []}
          loading={rules.isPending && !rules.isError}
          loadingText="Loading rules"
          trackBy="id"
          variant="container"
          wrapLines
          empty={<RulesEmpty />}
          columnDefinitions={[
            { id: 'name', header: 'Name', cell: (r) => <span data-testid="rule-row-name">{r.name}</span> },
            { id: 'criteria', header: 'Criteria', cell: criteriaText },
            { id: 'category', header: 'Category', cell: ruleCategoryText },
            { id: 'priority', header: 'Priority', cell: (r) => r.priority },
            { id: 'active', header: 'Active', minWidth: 150, cell: (r) => <RuleActiveToggle page={page} rule={r} /> },
            { id: 'matches', header: 'Matching transactions', cell: (r) => <RuleMatchCount rule={r} /> },
            { id: 'actions', header: 'Actions', minWidth: 150, cell: (r) => <RuleActions page={page} rule={r} /> },
          ]}
        />
      }
      batches={
        <Table<RuleBatch>
          data-testid="rule-batches-table"
          header={<BatchesHeader />}
          items={batches.data?.batches ?? []}
          loading={batches.isPending && !batches.isError}
          loadingText="Loading recent applies"
          trackBy="id"
          variant="container"
          wrapLines
          empty={<BatchesEmpty />}
          columnDefinitions={[
            { id: 'rule', header: 'Rule', cell: batchRuleName },
            { id: 'category', header: 'Category', cell: batchCategoryText },
            { id: 'count', header: 'Transactions', cell: (b) => b.appliedCount },
            { id: 'status', header: 'Status', minWidth: 140, cell: (b) => <BatchStatus batch={b} /> },
            { id: 'when', header: 'Applied', minWidth: 180, cell: (b) => formatDateTime(b.createdAt) },
            { id: 'by', header: 'By', cell: (b) => b.createdBy.email ?? '—' },
            { id: 'undo', header: 'Undo', minWidth: 90, cell: (b) => <UndoButton page={page} batch={b} /> },
          ]}
        />
      }
    />
  );
}
