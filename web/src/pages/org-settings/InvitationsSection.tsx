import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { INVITATION_STATUS_LABELS, type InvitationStatusName } from '@rent/shared/core/invitations';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import { humanizeRole, type Role } from '@rent/shared/core/roles';
import type { Invitation } from '../../api/invitations';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import { EmptyState } from '../../components/EmptyState';
import { formatDateTime } from '../../lib/dates';
import type { useInvitationsSection } from './use-invitations-section';

type Invitations = ReturnType<typeof useInvitationsSection>;

const STATUS_TYPES: Record<InvitationStatusName, StatusIndicatorProps.Type> = {
  PENDING: 'pending',
  ACCEPTED: 'success',
  EXPIRED: 'stopped',
  REVOKED: 'stopped',
};

const columns = (inv: Invitations): TableProps.ColumnDefinition<Invitation>[] => [
  { id: 'email', header: 'Email', cell: (i) => i.email, isRowHeader: true },
  { id: 'role', header: 'Role', cell: (i) => humanizeRole(i.role) },
  {
    id: 'status',
    header: 'Status',
    cell: (i) => (
      <StatusIndicator type={STATUS_TYPES[i.status]}>
        <span data-testid="invitation-status">{INVITATION_STATUS_LABELS[i.status]}</span>
      </StatusIndicator>
    ),
  },
  { id: 'property', header: 'Property', cell: (i) => inv.propertyName(i.propertyId) },
  {
    id: 'lease',
    header: 'Lease',
    cell: (i) => (i.leaseStart || i.leaseEnd ? `${i.leaseStart ?? 'On acceptance'} – ${i.leaseEnd ?? 'open'}` : '—'),
  },
  {
    id: 'rent',
    header: 'Rent',
    cell: (i) => (i.monthlyRent === null ? '—' : formatCurrency(toCents(i.monthlyRent) ?? 0, 2)),
  },
  { id: 'expires', header: 'Expires', cell: (i) => (i.status === 'PENDING' ? formatDateTime(i.expiresAt) : '—') },
];

/** Org Settings' invitations (staff; a property manager's are tenants'): the list, Invite member, Resend and Revoke. */
export function InvitationsSection({ invitations }: { invitations: Invitations }) {
  const inv = invitations;
  return (
    <>
      <Table
        data-testid="invitations-table"
        variant="container"
        items={inv.items}
        columnDefinitions={columns(inv)}
        trackBy="id"
        wrapLines
        selectionType="single"
        selectedItems={inv.selected ? [inv.selected] : []}
        onSelectionChange={({ detail }) => inv.select(detail.selectedItems[0] ?? null)}
        ariaLabels={{
          selectionGroupLabel: 'Invitation selection',
          itemSelectionLabel: (_, i) => `Invitation of ${i.email}`,
          tableLabel: 'Invitations',
        }}
        loading={inv.loading}
        loadingText="Loading invitations"
        empty={
          <EmptyState
            title={inv.error ? 'Failed to load invitations' : 'No invitations'}
            action={inv.error ? <Button onClick={inv.retry}>Retry</Button> : undefined}
          >
            {inv.error ?? 'Invite a landlord, a property manager or a tenant by email.'}
          </EmptyState>
        }
        header={
          <Header
            variant="h2"
            counter={inv.items.length ? `(${inv.items.length})` : undefined}
            description="An invitation link works for 7 days. Resend sends a new link; the old one stops working."
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  disabled={!inv.canResend}
                  onClick={() => inv.openConfirm('resend')}
                  data-testid="invitation-resend"
                >
                  Resend
                </Button>
                <Button
                  disabled={!inv.canRevoke}
                  onClick={() => inv.openConfirm('revoke')}
                  data-testid="invitation-revoke"
                >
                  Revoke
                </Button>
                <Button variant="primary" onClick={inv.openInvite} data-testid="invite-member">
                  Invite member
                </Button>
              </SpaceBetween>
            }
          >
            Invitations
          </Header>
        }
      />
      <InviteModal inv={inv} />
      <ConfirmModal inv={inv} />
    </>
  );
}

function InviteModal({ inv }: { inv: Invitations }) {
  const form = inv.form;
  const fieldError = (field: string) => (inv.formError?.field === field ? inv.formError.message : undefined);
  return (
    <Modal
      visible={!!form}
      onDismiss={inv.closeInvite}
      header="Invite member"
      closeAriaLabel="Close"
      data-testid="invite-modal"
      footer={
        <ConfirmFooter
          confirmLabel="Send invitation"
          onCancel={inv.closeInvite}
          onConfirm={() => void inv.submit()}
          busy={inv.sending}
          busyText="Sending"
          confirmTestId="invite-send"
        />
      }
    >
      {form ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void inv.submit();
          }}
          noValidate
        >
          <Form
            errorText={inv.formError && !inv.formError.field ? inv.formError.message : undefined}
            errorIconAriaLabel="Error"
          >
            <SpaceBetween size="m">
              <FormField
                label="Email"
                description="They sign in with Google using this address."
                controlId="invite-email"
                errorText={fieldError('email')}
              >
                <Input
                  controlId="invite-email"
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  value={form.email}
                  onChange={({ detail }) => inv.setForm({ email: detail.value })}
                  data-testid="invite-email"
                />
              </FormField>
              <FormField label="Role" controlId="invite-role" errorText={fieldError('role')}>
                <Select
                  controlId="invite-role"
                  selectedOption={inv.roleOptions.find((o) => o.value === form.role) ?? null}
                  options={inv.roleOptions}
                  onChange={({ detail }) => inv.setForm({ role: detail.selectedOption.value as Role })}
                  data-testid="invite-role"
                />
              </FormField>
              {form.role === 'TENANT' ? (
                <FormField
                  label="Property"
                  description="The property the tenant rents."
                  controlId="invite-property"
                  errorText={fieldError('propertyId')}
                >
                  <Select
                    controlId="invite-property"
                    placeholder="Select property"
                    selectedOption={inv.propertyOptions.find((o) => o.value === form.propertyId) ?? null}
                    options={inv.propertyOptions}
                    empty="No properties yet"
                    onChange={({ detail }) => inv.setForm({ propertyId: detail.selectedOption.value ?? null })}
                    data-testid="invite-property"
                  />
                </FormField>
              ) : null}
              {form.role === 'TENANT' ? (
                <ColumnLayout columns={2}>
                  {termField(inv, 'monthlyRent', 'Monthly rent', 'In dollars, more than $0.', true)}
                  {termField(inv, 'securityDeposit', 'Security deposit', 'In dollars. Empty: none.', false)}
                </ColumnLayout>
              ) : null}
              {form.role === 'TENANT' ? termField(inv, 'unitLabel', 'Unit', 'Empty: the whole property.', false) : null}
              {form.role === 'TENANT' ? (
                <ColumnLayout columns={2}>
                  {leaseDate(inv, 'leaseStart', 'Lease start', 'Empty: the day they accept.')}
                  {leaseDate(inv, 'leaseEnd', 'Lease end', 'Empty: month-to-month.')}
                </ColumnLayout>
              ) : null}
            </SpaceBetween>
          </Form>
        </form>
      ) : null}
    </Modal>
  );
}

/** A TENANT invitation's rent, deposit or unit: the lease made when they accept carries it. */
function termField(
  inv: Invitations,
  field: 'monthlyRent' | 'securityDeposit' | 'unitLabel',
  label: string,
  constraint: string,
  required: boolean,
) {
  const form = inv.form!;
  const id = `invite-${field}`;
  const money = field !== 'unitLabel';
  return (
    <FormField
      label={
        required ? (
          label
        ) : (
          <span>
            {label} <i>- optional</i>
          </span>
        )
      }
      constraintText={constraint}
      controlId={id}
      errorText={inv.formError?.field === field ? inv.formError.message : undefined}
    >
      <Input
        controlId={id}
        value={form[field]}
        inputMode={money ? 'decimal' : undefined}
        placeholder={money ? '0.00' : undefined}
        ariaRequired={required}
        onChange={({ detail }) => inv.setForm({ [field]: detail.value })}
        data-testid={id}
      />
    </FormField>
  );
}

/** A TENANT invitation's optional lease date; the tenancy made when they accept starts (and ends) with it. */
function leaseDate(inv: Invitations, field: 'leaseStart' | 'leaseEnd', label: string, constraint: string) {
  const form = inv.form!;
  const id = `invite-${field}`;
  return (
    <FormField
      label={
        <span>
          {label} <i>- optional</i>
        </span>
      }
      constraintText={constraint}
      controlId={id}
      errorText={inv.formError?.field === field ? inv.formError.message : undefined}
    >
      <DatePicker
        controlId={id}
        value={form[field]}
        onChange={({ detail }) => inv.setForm({ [field]: detail.value })}
        placeholder="YYYY/MM/DD"
        expandToViewport
        data-testid={id}
      />
    </FormField>
  );
}

function ConfirmModal({ inv }: { inv: Invitations }) {
  const resend = inv.confirming === 'resend';
  return (
    <Modal
      visible={!!inv.confirming && !!inv.selected}
      onDismiss={inv.closeConfirm}
      header={resend ? 'Resend invitation' : 'Revoke invitation'}
      closeAriaLabel="Close"
      data-testid="invitation-confirm-modal"
      footer={
        <ConfirmFooter
          confirmLabel={resend ? 'Resend' : 'Revoke'}
          onCancel={inv.closeConfirm}
          onConfirm={() => void inv.confirm()}
          busy={inv.confirmBusy}
          confirmTestId="invitation-confirm"
        />
      }
    >
      {inv.selected ? (
        resend ? (
          <Box>
            Send {inv.selected.email} a new link? The link in the earlier email stops working, and the new one works for
            7 days.
          </Box>
        ) : (
          <Alert type="warning">
            Revoke the invitation of {inv.selected.email}? Their link stops working. You can invite them again later.
          </Alert>
        )
      ) : null}
    </Modal>
  );
}
