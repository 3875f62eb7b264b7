import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import {
  DEFAULT_PROPERTY_SKIP_LABELS,
  DEFAULT_PROPERTY_SKIP_REASONS,
  type DefaultPropertySkipReason,
} from '@rent/shared/core/banks';
import { formatCount } from '@rent/shared/core/money';
import { useDefaultPropertyPreview } from '../../api/banks';
import { errorMessage } from '../../api/client';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';

const plural = (n: number) => (n === 1 ? '1 transaction' : `${formatCount(n)} transactions`);

interface Row {
  id: string;
  date: string;
  name: string;
  amount: number;
  reason?: DefaultPropertySkipReason;
}

function Rows({ rows, label, total, reasons }: { rows: Row[]; label: string; total: number; reasons?: boolean }) {
  if (rows.length === 0) return null;
  return (
    <Table
      variant="embedded"
      items={rows}
      trackBy="id"
      wrapLines
      ariaLabels={{ tableLabel: label }}
      header={<Box variant="h3">{label}</Box>}
      footer={
        total > rows.length ? (
          <Box color="text-body-secondary">
            The newest {rows.length} of {plural(total)} are listed.
          </Box>
        ) : undefined
      }
      columnDefinitions={[
        { id: 'date', header: 'Date', cell: (r) => formatIsoDate(r.date) },
        { id: 'name', header: 'Description', cell: (r) => r.name, isRowHeader: true },
        { id: 'amount', header: 'Amount', cell: (r) => formatMoney(r.amount, 2) },
        ...(reasons
          ? [
              {
                id: 'reason',
                header: 'Left as it is',
                cell: (r: Row) => (r.reason ? DEFAULT_PROPERTY_SKIP_LABELS[r.reason] : ''),
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * "Apply to past transactions" of a bank account's default property (docs/banking.md "Default property for past
 * transactions"): the preview (how many, which ones, which are left and why) and the confirmation.
 */
export function ApplyDefaultPropertyModal(props: {
  account: { id: string; name: string; propertyName: string } | null;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const preview = useDefaultPropertyPreview(props.account?.id ?? null);
  const data = preview.data;
  const count = data?.apply.count ?? 0;
  return (
    <Modal
      visible={props.account !== null}
      size="large"
      onDismiss={() => (props.busy ? undefined : props.onCancel())}
      header={props.account ? `Apply ${props.account.propertyName} to past transactions?` : ''}
      data-testid="apply-default-property"
      footer={
        <ConfirmFooter
          confirmLabel={count > 0 ? `Apply to ${plural(count)}` : 'Apply'}
          onCancel={props.onCancel}
          onConfirm={props.onConfirm}
          busy={props.busy}
          busyText="Applying"
          confirmDisabled={!data || count === 0}
          confirmTestId="apply-default-property-confirm"
        />
      }
    >
      {preview.isPending ? (
        <StatusIndicator type="loading">Reading the account's transactions</StatusIndicator>
      ) : preview.isError ? (
        <StatusIndicator type="error">{errorMessage(preview.error)}</StatusIndicator>
      ) : data && props.account ? (
        <SpaceBetween size="m">
          {props.error ? (
            <Alert type="error" data-testid="apply-default-property-error">
              {props.error}
            </Alert>
          ) : null}
          <Box data-testid="apply-default-property-summary">
            {count > 0
              ? `${plural(count)} of ${props.account.name} will be filed under ${props.account.propertyName}.`
              : `No past transaction of ${props.account.name} is left to file under ${props.account.propertyName}.`}
            {data.skipped.count > 0
              ? ` ${plural(data.skipped.count)} will be left as they are: ${DEFAULT_PROPERTY_SKIP_REASONS.filter(
                  (r) => data.skipped.byReason[r] > 0,
                )
                  .map((r) => `${data.skipped.byReason[r]} ${DEFAULT_PROPERTY_SKIP_LABELS[r].toLowerCase()}`)
                  .join(', ')}.`
              : ''}
          </Box>
          <Rows rows={data.apply.transactions} label="To be filed" total={count} />
          <Rows rows={data.skipped.transactions} label="Left as they are" total={data.skipped.count} reasons />
        </SpaceBetween>
      ) : null}
    </Modal>
  );
}
