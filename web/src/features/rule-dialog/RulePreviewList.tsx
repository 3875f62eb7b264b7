import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { errorMessage } from '../../api/client';
import { categoryText, formatLongDate, formatRuleAmount } from './ruleForm';
import type { RuleDialogModel } from './use-rule-dialog';

/** The preview list is at most 400px high. */
export const PREVIEW_MAX_HEIGHT = 400;

/** The dialog's Preview tab: what the rule would change now, each match selectable (all are to start with). */
export function RulePreviewList({ dialog }: { dialog: RuleDialogModel }) {
  const allSelected = dialog.excluded.size === 0 && dialog.matchCount > 0;
  return (
    <SpaceBetween size="s">
      {dialog.previewCriteria === null ? (
        <Box color="text-status-inactive">Add a merchant-name pattern or an amount to see matching transactions.</Box>
      ) : dialog.preview.isError ? (
        <Alert type="error">{errorMessage(dialog.preview.error, 'Failed to load matching transactions')}</Alert>
      ) : dialog.preview.isPending ? (
        <Box>
          <Spinner /> Finding matching transactions...
        </Box>
      ) : dialog.matchCount === 0 ? (
        <Box data-testid="rule-preview-empty">No transactions would change.</Box>
      ) : (
        <>
          <Checkbox
            data-testid="rule-preview-all"
            checked={allSelected}
            indeterminate={!allSelected && dialog.selectedCount > 0}
            onChange={({ detail }) => dialog.selectAll(detail.checked)}
          >
            {dialog.selectedCount} of {dialog.matchCount} selected{dialog.stale ? ' (updating...)' : ''}
          </Checkbox>
          {dialog.closedCount > 0 && (
            <Box variant="small" color="text-body-secondary" data-testid="rule-preview-closed">
              {dialog.closedCount} matching transaction(s) in the closed period are left out.
            </Box>
          )}
          <ul className="rt-rule-preview" data-testid="rule-preview-list" style={{ maxBlockSize: PREVIEW_MAX_HEIGHT }}>
            {dialog.loaded.map((t) => (
              <li key={t.id} data-testid="rule-preview-item">
                <Checkbox
                  checked={!dialog.excluded.has(t.id)}
                  ariaLabel={`Select ${t.name}, ${formatLongDate(t.date)}`}
                  onChange={({ detail }) => dialog.toggleExcluded(t.id, detail.checked)}
                />
                <span className="rt-rule-preview-name">{t.name}</span>
                <span>{formatLongDate(t.date)}</span>
                <span className="rt-rule-preview-amount">{formatRuleAmount(t.amount)}</span>
                <span>
                  {categoryText(t.category)} → {categoryText(dialog.criteria.category)}
                </span>
              </li>
            ))}
          </ul>
          {dialog.preview.hasNextPage && (
            <Button
              formAction="none"
              loading={dialog.preview.isFetchingNextPage}
              onClick={() => void dialog.preview.fetchNextPage()}
            >
              Show more
            </Button>
          )}
        </>
      )}
    </SpaceBetween>
  );
}
