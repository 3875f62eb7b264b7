import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { formatCount } from '@rent/shared/core/money';
import { RENT_MATCH_REASONS } from '@rent/shared/core/rentMatching';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { type RentLinkSuggestion, useApplyRentLinks, useRentLinkReview } from '../../api/rentLinks';
import { toast } from '../../components/toast/store';
import { formatMoney } from '../../lib/money';

const leaseName = (tenant: string | null, unitLabel: string | null) =>
  [tenant ?? 'A former member', unitLabel].filter(Boolean).join(', ');
/** One lease, or the leases a payment is split across with each one's part. */
const leaseText = (s: RentLinkSuggestion) =>
  s.parts
    ? `Split: ${s.parts.map((p) => `${leaseName(p.tenant, p.unitLabel)} ${formatMoney(p.amount, 2)}`).join(' + ')}`
    : `${leaseName(s.tenant, s.unitLabel)}, ${s.address}`;

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * "Link past rent to leases" once opened (docs/tenants-and-maintenance.md "Linking past rent"): a preview of the
 * suggested links with why each was made, every one chosen at first; the person unticks a wrong guess and links the
 * rest in one step.
 */
export function RentLinksPanel({ onClose }: { onClose: () => void }) {
  const review = useRentLinkReview(true);
  const apply = useApplyRentLinks();
  const [selected, setSelected] = useState<RentLinkSuggestion[]>([]);
  const suggestions = review.data?.suggestions;
  useEffect(() => setSelected(suggestions ?? []), [suggestions]);

  const link = () =>
    apply.mutate(
      selected.map((s) => s.transactionId),
      {
        onSuccess: ({ linked }) => {
          toast.success(`Linked ${plural(linked, 'payment', 'payments')} to leases`);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, 'The payments could not be linked')),
      },
    );
  const unmatched = review.data?.unmatched ?? 0;
  return (
    <section aria-label="Link past rent to leases" data-testid="rent-links">
      <SpaceBetween size="s">
        <Header
          variant="h3"
          description="Rent received on a property with leases but linked to none. Each suggestion says why; untick any that is wrong."
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={onClose}>Cancel</Button>
              <Button
                variant="primary"
                onClick={link}
                loading={apply.isPending}
                disabled={selected.length === 0}
                data-testid="rent-links-apply"
              >
                {`Link ${plural(selected.length, 'payment', 'payments')}`}
              </Button>
            </SpaceBetween>
          }
        >
          Link past rent to leases
        </Header>
        {review.isError ? (
          <Alert type="error">{errorMessage(review.error, 'The suggestions could not be loaded')}</Alert>
        ) : !suggestions ? (
          <StatusIndicator type="loading">Finding rent linked to no lease</StatusIndicator>
        ) : (
          <>
            <Table
              variant="embedded"
              wrapLines
              items={suggestions}
              trackBy="transactionId"
              selectionType="multi"
              selectedItems={selected}
              onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
              ariaLabels={{
                tableLabel: 'Suggested links of rent to leases',
                selectionGroupLabel: 'Payments to link',
                allItemsSelectionLabel: () => 'All suggested payments',
                itemSelectionLabel: (_, s) => `${s.date} ${s.name} ${formatMoney(s.amount, 2)}`,
              }}
              empty={<Box>Every rent payment that a lease could take is linked.</Box>}
              columnDefinitions={[
                { id: 'date', header: 'Date', cell: (s) => s.date, isRowHeader: true },
                { id: 'name', header: 'Description', cell: (s) => s.name },
                { id: 'amount', header: 'Amount', cell: (s) => formatMoney(s.amount, 2) },
                { id: 'lease', header: 'Lease', cell: leaseText },
                { id: 'why', header: 'Why', cell: (s) => RENT_MATCH_REASONS[s.reason] },
              ]}
            />
            {unmatched > 0 ? (
              <Box variant="small" color="text-body-secondary" data-testid="rent-links-unmatched">
                {`${plural(unmatched, 'payment', 'payments')} could go to more than one lease: link ${unmatched === 1 ? 'it' : 'them'} in the transaction.`}
              </Box>
            ) : null}
          </>
        )}
      </SpaceBetween>
    </section>
  );
}
