import { PhoneList } from '../../components/PhoneList';
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
 * The rules and the recent applies on a phone: a row per rule (its name, criteria, what it sets, its priority and
 * matching count, Edit and Delete, and its active toggle at the end) and per apply (the rule, what it set to how many
 * transactions, when and by whom, its status, and Undo at the end). The tables' seven columns do not fit 390 px,
 * and Cloudscape's table (its code and a 217 KB stylesheet) would be the largest part of a phone's load of the page.
 */
export function RulesLists({ page }: { page: RulesPageData }) {
  const { rules, batches } = page;
  return (
    <RulesSections
      page={page}
      rules={
        <PhoneList
          testId="rules-table"
          label="Rules"
          header={<RulesHeader page={page} />}
          loading={rules.isPending && !rules.isError}
          loadingText="Loading rules"
          empty={<RulesEmpty />}
          rows={(rules.data ?? []).map((rule) => (
            <li key={rule.id} className="rt-list-item rt-list-item-plain" data-testid="rule-row">
              <div className="rt-list-item-main">
                <span className="rt-list-title" data-testid="rule-row-name">
                  {rule.name}
                </span>
                <div>{criteriaText(rule)}</div>
                <div className="rt-list-meta">
                  {ruleCategoryText(rule)} · Priority {rule.priority}
                </div>
                <div className="rt-list-meta">
                  Matching transactions: <RuleMatchCount rule={rule} />
                </div>
                <RuleActions page={page} rule={rule} />
              </div>
              <div className="rt-list-end">
                <RuleActiveToggle page={page} rule={rule} />
              </div>
            </li>
          ))}
        />
      }
      batches={
        <PhoneList
          testId="rule-batches-table"
          label="Recent applies"
          header={<BatchesHeader />}
          loading={batches.isPending && !batches.isError}
          loadingText="Loading recent applies"
          empty={<BatchesEmpty />}
          rows={(batches.data?.batches ?? []).map((batch) => (
            <li key={batch.id} className="rt-list-item rt-list-item-plain" data-testid="rule-batch-row">
              <div className="rt-list-item-main">
                <span className="rt-list-title">{batchRuleName(batch)}</span>
                <div>
                  {batchCategoryText(batch)} · {batch.appliedCount} transactions
                </div>
                <div className="rt-list-meta">
                  Applied {formatDateTime(batch.createdAt)} by {batch.createdBy.email ?? '—'}
                </div>
                <BatchStatus batch={batch} />
              </div>
              <div className="rt-list-end">
                <UndoButton page={page} batch={batch} />
              </div>
            </li>
          ))}
        />
      }
    />
  );
}
