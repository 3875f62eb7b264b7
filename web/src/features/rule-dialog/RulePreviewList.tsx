import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { categoryLabel, categoryText } from '@rent/shared/core/categories';
import { formatCurrency } from '@rent/shared/core/money';
import { useMemo } from 'react';
import { errorMessage } from '../../api/client';
import { useProperties } from '../../api/properties';
import { formatLongDate } from '../../lib/dates';
import { formatRuleAmount, splitting } from './ruleForm';
import { type RuleSplitWire, ruleSplitPreview } from './ruleSplitForm';
import type { PreviewTransaction, RuleDialogModel } from './use-rule-dialog';

/** The preview list is at most 400px high. */
export const PREVIEW_MAX_HEIGHT = 400;

/** The dialog's Preview tab: what the rule would change now, each match selectable (all are to start with). */
export function RulePreviewList({ dialog }: { dialog: RuleDialogModel }) {
  const allSelected = dialog.excluded.size === 0 && dialog.matchCount > 0;
  // The parts come from the split the server matched with (the debounced one), so they agree with the matches.
  const split = dialog.previewCriteria?.split ?? null;
  const splittingNow = splitting(dialog.form);
  const properties = useProperties({ enabled: split !== null });
  const addressOf = useMemo(() => {
    const byId = new Map((properties.data ?? []).map((p) => [p.id, p.address]));
    return (id: string | null) => (id ? (byId.get(id) ?? 'Unknown property') : null);
  }, [properties.data]);
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
                {split ? (
                  <SplitTarget transaction={t} split={split} addressOf={addressOf} />
                ) : splittingNow ? (
                  <span>{categoryText(t.category)} → Split (fix the parts to see them)</span>
                ) : (
                  <span>
                    {categoryText(t.category)} → {categoryText(dialog.criteria.category)}
                  </span>
                )}
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

/**
 * "Split (3)" and the parts a matched transaction would get, computed here as the server computes them
 * (ruleSplitParts): each part's amount with the transaction's sign, its category, property and memo.
 */
function SplitTarget({
  transaction,
  split,
  addressOf,
}: {
  transaction: PreviewTransaction;
  split: RuleSplitWire;
  addressOf: (id: string | null) => string | null;
}) {
  const parts = ruleSplitPreview(transaction.amount, split);
  return (
    <span>
      {categoryText(transaction.category)} → Split ({split.length})
      {parts ? (
        <ul
          className="rt-rule-preview-parts"
          data-testid="rule-preview-parts"
          aria-label={`Parts of ${transaction.name}`}
        >
          {parts.map((part, i) => {
            const address = addressOf(part.propertyId);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts are the rule's, in its order, never reordered
              <li key={i} data-testid="rule-preview-part">
                <span className="rt-rule-preview-amount">{formatCurrency(part.amount, 2)}</span>{' '}
                {categoryLabel(part.category)}
                {address ? `, ${address}` : ''}
                {part.memo ? ` (${part.memo})` : ''}
              </li>
            );
          })}
        </ul>
      ) : (
        <Box variant="small" color="text-status-warning" display="block">
          The fixed parts take more than this transaction: the rule leaves it alone.
        </Box>
      )}
    </span>
  );
}
