import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { categoryLabel } from '@rent/shared/core/categories';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import { useMemo } from 'react';
import { useProperties } from '../../api/properties';
import type { Transaction } from '../../api/transactions';
import { ConflictAlert } from '../../components/ConflictAlert';
import type { SplitEditor } from './use-split-editor';

type SavedPart = NonNullable<Transaction['parts']>[number];

/** "Split into 3 parts". */
export const splitHeading = (count: number) => `Split into ${count} ${count === 1 ? 'part' : 'parts'}`;

/** The bank changed a split line's amount (the server moved the difference to the largest part). */
export const splitReviewText = (from: number, to: number) =>
  `The bank changed this amount from ${formatCurrency(toCents(from) ?? 0, 2)} to ${formatCurrency(toCents(to) ?? 0, 2)}. The difference went to the largest part: check the split.`;

/**
 * A split transaction's parts, read-only, in the Details tab: amount, category, property and memo of each, with Edit
 * split and Unsplit (after a confirmation: the whole amount goes back on the first part's category and property).
 */
export function SplitSummary({
  transaction,
  parts,
  split,
}: {
  transaction: Transaction;
  parts: readonly SavedPart[];
  split: SplitEditor;
}) {
  const properties = useProperties();
  const addressOf = useMemo(() => {
    const byId = new Map((properties.data ?? []).map((p) => [p.id, p.address]));
    return (id: string | null) =>
      id ? (byId.get(id) ?? (properties.isPending ? 'Loading…' : 'Unknown property')) : 'No property';
  }, [properties.data, properties.isPending]);
  const first = parts[0];
  return (
    <div data-testid="split-parts">
      <SpaceBetween size="s">
        <Header
          variant="h3"
          headingTagOverride="h4"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" onClick={split.start} data-testid="split-edit">
                Edit split
              </Button>
              <Button formAction="none" onClick={() => split.setConfirmUnsplit(true)} data-testid="split-unsplit">
                Unsplit
              </Button>
            </SpaceBetween>
          }
        >
          {splitHeading(parts.length)}
        </Header>
        {transaction.splitReviewFrom !== null ? (
          <Alert type="warning" data-testid="split-review">
            {splitReviewText(transaction.splitReviewFrom, transaction.amount)}
          </Alert>
        ) : null}
        {split.conflict ? (
          <ConflictAlert
            thing="transaction"
            message={split.conflict}
            onLoadLatest={() => void split.loadLatest()}
            testId="split-conflict"
          />
        ) : null}
        {split.closedPeriod ? (
          <Alert
            type="warning"
            header="This period is closed"
            action={
              split.canOverrideClosedPeriod ? (
                <Button
                  formAction="none"
                  loading={split.unsplitting}
                  onClick={() => void split.unsplit({ overrideClosedPeriod: true })}
                >
                  Unsplit anyway
                </Button>
              ) : undefined
            }
            data-testid="split-period-closed"
          >
            {split.closedPeriod}
          </Alert>
        ) : null}
        {split.error ? (
          <Alert type="error" data-testid="split-error">
            {split.error}
          </Alert>
        ) : null}
        <Table
          variant="embedded"
          wrapLines
          items={parts as SavedPart[]}
          ariaLabels={{ tableLabel: 'Parts of this transaction' }}
          columnDefinitions={[
            {
              id: 'amount',
              header: 'Amount',
              cell: (part) => <span className="rt-amount">{formatCurrency(toCents(part.amount) ?? 0, 2)}</span>,
              isRowHeader: true,
            },
            { id: 'category', header: 'Category', cell: (part) => categoryLabel(part.category) },
            { id: 'property', header: 'Property', cell: (part) => addressOf(part.propertyId) },
            // Memos are rare: without any, the table keeps a phone's width for the other three.
            ...(parts.some((part) => part.memo)
              ? [{ id: 'memo', header: 'Memo', cell: (part: SavedPart) => part.memo ?? '' }]
              : []),
          ]}
          data-testid="split-parts-table"
        />
      </SpaceBetween>
      <Modal
        visible={split.confirmUnsplit}
        onDismiss={() => (split.unsplitting ? undefined : split.setConfirmUnsplit(false))}
        header="Unsplit transaction"
        data-testid="split-unsplit-modal"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                formAction="none"
                variant="link"
                onClick={() => split.setConfirmUnsplit(false)}
                disabled={split.unsplitting}
              >
                Cancel
              </Button>
              <Button
                formAction="none"
                variant="primary"
                loading={split.unsplitting}
                onClick={() => void split.unsplit()}
                data-testid="split-unsplit-confirm"
              >
                Unsplit
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        Put the whole {formatCurrency(toCents(transaction.amount) ?? 0, 2)} back on one category and property: the first
        part's, {categoryLabel(first?.category ?? null)} ({addressOf(first?.propertyId ?? null)}). The {parts.length}{' '}
        parts are removed; you can split it again later.
      </Modal>
    </div>
  );
}
