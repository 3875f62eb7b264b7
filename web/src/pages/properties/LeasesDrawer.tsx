import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useId } from 'react';
import type { Lease } from '../../api/leases';
import type { Property } from '../../api/properties';
import { EmptyState } from '../../components/EmptyState';
import { RightDrawer } from '../../components/RightDrawer';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { type LeaseFormValues, useLeases } from './use-leases';

const STATE = {
  active: <StatusIndicator type="success">Active</StatusIndicator>,
  upcoming: <StatusIndicator type="pending">Upcoming</StatusIndicator>,
  past: <StatusIndicator type="stopped">Ended</StatusIndicator>,
} as const;

/** Tenants and leases of one property (staff): the leases, add one, end or delete (ADMIN and LANDLORD). */
export function LeasesDrawer({ property, onClose }: { property: Property | null; onClose: () => void }) {
  const l = useLeases(property);
  return (
    <RightDrawer
      open={!!property}
      onClose={onClose}
      title="Tenants and leases"
      description={property?.address}
      testId="leases-drawer"
    >
      <SpaceBetween size="l">
        <Table
          data-testid="leases-table"
          variant="embedded"
          wrapLines
          items={l.leases}
          trackBy="id"
          loading={l.loading}
          loadingText="Loading leases"
          ariaLabels={{ tableLabel: 'Leases' }}
          header={
            <Header
              variant="h3"
              counter={l.loading ? undefined : `(${l.leases.length})`}
              actions={
                l.form.open ? undefined : (
                  <Button onClick={l.form.openForm} data-testid="lease-add">
                    Add lease
                  </Button>
                )
              }
            >
              Leases
            </Header>
          }
          empty={
            l.failed ? (
              <EmptyState title="Leases could not be loaded" action={<Button onClick={l.retry}>Retry</Button>}>
                Please try again.
              </EmptyState>
            ) : (
              <EmptyState title="No leases">Add a lease to give a tenant this home and track their rent.</EmptyState>
            )
          }
          columnDefinitions={[
            {
              id: 'tenant',
              header: 'Tenant',
              isRowHeader: true,
              cell: (lease) => (
                <SpaceBetween size="xxxs">
                  <span>{lease.tenant.name ?? lease.tenant.email ?? 'Former member'}</span>
                  {lease.unitLabel ? <Box variant="small">{lease.unitLabel}</Box> : null}
                </SpaceBetween>
              ),
            },
            {
              id: 'dates',
              header: 'Dates',
              cell: (lease) =>
                `${formatIsoDate(lease.leaseStart)} – ${lease.leaseEnd ? formatIsoDate(lease.leaseEnd) : 'month to month'}`,
            },
            {
              id: 'rent',
              header: 'Rent',
              cell: (lease) => `${formatMoney(lease.monthlyRent, 2)}, due day ${lease.rentDueDay}`,
            },
            { id: 'state', header: 'State', cell: (lease) => STATE[lease.state] },
            ...(l.canChange
              ? [{ id: 'actions', header: 'Actions', cell: (lease: Lease) => <LeaseActions lease={lease} l={l} /> }]
              : []),
          ]}
        />
        {l.form.open ? <LeaseForm l={l} /> : null}
      </SpaceBetween>
    </RightDrawer>
  );
}

function LeaseActions({ lease, l }: { lease: Lease; l: ReturnType<typeof useLeases> }) {
  const who = lease.tenant.name ?? lease.tenant.email ?? 'this tenant';
  return (
    <SpaceBetween direction="horizontal" size="xs">
      {lease.state === 'active' ? (
        <Button
          variant="inline-link"
          disabled={l.busy}
          onClick={() => void l.endToday(lease)}
          ariaLabel={`End today: the lease of ${who}`}
        >
          End today
        </Button>
      ) : null}
      <Button
        variant="inline-link"
        disabled={l.busy}
        onClick={() => void l.deleteLease(lease.id)}
        ariaLabel={l.confirmDelete === lease.id ? `Confirm delete of the lease of ${who}` : `Delete lease of ${who}`}
      >
        {l.confirmDelete === lease.id ? 'Confirm delete' : 'Delete'}
      </Button>
    </SpaceBetween>
  );
}

function LeaseForm({ l }: { l: ReturnType<typeof useLeases> }) {
  const id = useId();
  const { values, set, errors } = l.form;
  const cid = (field: keyof LeaseFormValues) => `${id}-${field}`;
  const options = l.tenants.map((t) => ({ value: t.userId, label: t.name ?? t.email, description: t.email }));
  const text = (
    field: keyof LeaseFormValues,
    label: string,
    extra: { constraint?: string; numeric?: boolean } = {},
  ) => (
    <FormField label={label} errorText={errors[field]} controlId={cid(field)} constraintText={extra.constraint}>
      <Input
        controlId={cid(field)}
        value={values[field]}
        onChange={({ detail }) => set(field, detail.value)}
        inputMode={extra.numeric ? 'decimal' : undefined}
        invalid={!!errors[field]}
        data-testid={`lease-${field}`}
      />
    </FormField>
  );
  const date = (field: 'leaseStart' | 'leaseEnd', label: string, constraint: string) => (
    <FormField label={label} errorText={errors[field]} controlId={cid(field)} constraintText={constraint}>
      <DatePicker
        controlId={cid(field)}
        value={values[field]}
        onChange={({ detail }) => set(field, detail.value)}
        placeholder="YYYY/MM/DD"
        invalid={!!errors[field]}
        expandToViewport
        data-testid={`lease-${field}`}
      />
    </FormField>
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void l.form.submit();
      }}
      data-testid="lease-form"
    >
      <Form
        header={<Header variant="h3">Add lease</Header>}
        errorText={l.form.submitError}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={l.form.close} disabled={l.form.submitting}>
              Cancel
            </Button>
            <Button variant="primary" loading={l.form.submitting} loadingText="Adding lease" data-testid="lease-save">
              Add lease
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          {!l.tenantsLoading && options.length === 0 ? (
            <Alert type="info">
              No tenant has joined your organization yet. Once a tenant is a member, you can add their lease here.
            </Alert>
          ) : null}
          <FormField label="Tenant" errorText={errors.userId} controlId={cid('userId')}>
            <Select
              controlId={cid('userId')}
              selectedOption={options.find((o) => o.value === values.userId) ?? null}
              onChange={({ detail }) => set('userId', detail.selectedOption.value ?? '')}
              options={options}
              placeholder="Choose a tenant"
              statusType={l.tenantsLoading ? 'loading' : 'finished'}
              loadingText="Loading tenants"
              empty="No tenants in your organization"
              invalid={!!errors.userId}
              expandToViewport
              data-testid="lease-tenant"
            />
          </FormField>
          {text('unitLabel', 'Unit (optional)', { constraint: 'Such as Apt 2 or Room 1.' })}
          <ColumnLayout columns={2} minColumnWidth={150}>
            {date('leaseStart', 'Lease start', 'Use YYYY/MM/DD.')}
            {date('leaseEnd', 'Lease end (optional)', 'Leave empty for month to month.')}
            {text('monthlyRent', 'Monthly rent', { numeric: true })}
            {text('securityDeposit', 'Security deposit (optional)', { numeric: true })}
            {text('rentDueDay', 'Rent due day', { constraint: 'Day of the month, 1 to 28.', numeric: true })}
            {text('graceDays', 'Grace days', {
              constraint: 'Days after the due day before rent is late.',
              numeric: true,
            })}
          </ColumnLayout>
        </SpaceBetween>
      </Form>
    </form>
  );
}
