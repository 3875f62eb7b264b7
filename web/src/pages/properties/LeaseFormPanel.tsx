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
import { useEffect, useId, useRef } from 'react';
import { ConflictAlert } from '../../components/ConflictAlert';
import { LeaseChargeTerms } from './LeaseChargeTerms';
import type { LeaseTextField } from './leaseForm';
import type { LeasesDrawerModel } from './use-leases';

/**
 * Add a lease, or edit one, inside the Tenants and leases drawer (below its list, not a modal over the drawer, which
 * traps focus). Editing shows the tenant (a lease's tenant never changes) and saves with the version it loaded.
 */
export function LeaseForm({ l }: { l: LeasesDrawerModel }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const { form } = l;
  const { values, set, errors, editing } = form;
  const cid = (field: string) => `${id}-${field}`;
  const options = l.tenants.map((t) => ({ value: t.userId, label: t.name ?? t.email, description: t.email }));
  const editingId = editing?.id ?? null;

  // The form opens below the list: bring it into view and put the keyboard in its first field, so a person who
  // chose Edit on a phone sees the form they opened, and a keyboard user need not tab past every lease to reach it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per lease opened (or the add form), not per render
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'start' });
    box.current?.querySelector<HTMLElement>('input, button')?.focus({ preventScroll: true });
  }, [editingId]);

  const text = (field: LeaseTextField, label: string, extra: { constraint?: string; numeric?: boolean } = {}) => (
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
  const who = editing ? (editing.tenant.name ?? editing.tenant.email ?? 'Former member') : null;
  const action = editing ? 'Save lease' : 'Add lease';

  return (
    <div ref={box}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit();
        }}
        data-testid="lease-form"
      >
        <Form
          header={
            <Header variant="h3" description={editing ? `The lease of ${who}.` : undefined}>
              {editing ? 'Edit lease' : 'Add lease'}
            </Header>
          }
          errorText={form.submitError}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={form.close} disabled={form.submitting}>
                Cancel
              </Button>
              <Button
                variant="primary"
                loading={form.submitting}
                loadingText={editing ? 'Saving lease' : 'Adding lease'}
                data-testid="lease-save"
              >
                {action}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="m">
            {form.conflict ? (
              <ConflictAlert
                thing="lease"
                message={form.conflict}
                onLoadLatest={form.loadLatest}
                loading={form.loadingLatest}
                testId="lease-conflict"
              />
            ) : null}
            {editing ? (
              <FormField label="Tenant" description="A lease's tenant does not change: end it and add another.">
                <Box data-testid="lease-tenant-name">{who}</Box>
              </FormField>
            ) : (
              <>
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
              </>
            )}
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
            <LeaseChargeTerms form={form} cid={cid} />
          </SpaceBetween>
        </Form>
      </form>
    </div>
  );
}
