import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { LEASE_FEES_MAX } from '@rent/shared/core/charges';
import { type FeeRow, feeErrorKey, type LateFeeMode, type LeaseTextField } from './leaseForm';
import type { LeasesDrawerModel } from './use-leases';

const FREQUENCIES = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'once', label: 'Once' },
] as const;

const LATE_FEE_MODES: { value: LateFeeMode; label: string; description?: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'fixed', label: 'Fixed amount' },
  { value: 'percent', label: 'Percentage of rent', description: "Of the month's rent." },
];

/**
 * The lease's charge terms in its form: proration of partial months, fees (monthly beside the rent, or once on their
 * date) and the late fee charged after the grace days.
 */
export function LeaseChargeTerms({ form, cid }: { form: LeasesDrawerModel['form']; cid: (field: string) => string }) {
  const { values, set, errors } = form;
  const money = (field: LeaseTextField, label: string, constraint?: string) => (
    <FormField label={label} errorText={errors[field]} controlId={cid(field)} constraintText={constraint}>
      <Input
        controlId={cid(field)}
        value={values[field]}
        onChange={({ detail }) => set(field, detail.value)}
        inputMode="decimal"
        invalid={!!errors[field]}
        data-testid={`lease-${field}`}
      />
    </FormField>
  );
  const feeError = (index: number, field: 'label' | 'amount' | 'dueDate') => errors[feeErrorKey(index, field)];
  const feeName = (fee: FeeRow, index: number) => fee.label.trim() || `fee ${index + 1}`;

  return (
    <SpaceBetween size="m">
      <Header variant="h3" description="What the tenant is charged besides the monthly rent.">
        Charges
      </Header>
      <Checkbox
        checked={values.prorate}
        onChange={({ detail }) => set('prorate', detail.checked)}
        description="Charge a first or last month the lease only partly covers by the day."
        data-testid="lease-prorate"
      >
        Prorate partial months
      </Checkbox>
      <div data-testid="lease-fees">
        <FormField label="Fees" description="Such as parking or a pet fee." errorText={errors.fees} stretch>
          <AttributeEditor<FeeRow>
            items={values.fees}
            addButtonText="Add fee"
            onAddButtonClick={form.addFee}
            disableAddButton={values.fees.length >= LEASE_FEES_MAX}
            onRemoveButtonClick={({ detail }) => form.removeFee(detail.itemIndex)}
            removeButtonText="Remove"
            removeButtonAriaLabel={(fee) => `Remove ${fee.label.trim() || 'this fee'}`}
            empty="No fees."
            additionalInfo={
              values.fees.length >= LEASE_FEES_MAX ? `A lease has at most ${LEASE_FEES_MAX} fees.` : undefined
            }
            i18nStrings={{ itemRemovedAriaLive: 'Fee removed' }}
            gridLayout={[
              {
                breakpoint: 'xxs',
                rows: [
                  [3, 2],
                  [2, 3],
                ],
              },
              { rows: [[1], [1], [1], [1]] },
            ]}
            definition={[
              {
                label: 'Name',
                errorText: (_fee: FeeRow, i: number) => feeError(i, 'label'),
                control: (fee: FeeRow, i: number) => (
                  <Input
                    value={fee.label}
                    onChange={({ detail }) => form.setFee(i, { label: detail.value })}
                    invalid={!!feeError(i, 'label')}
                    placeholder="Parking"
                    data-testid="lease-fee-label"
                  />
                ),
              },
              {
                label: 'Amount',
                errorText: (_fee: FeeRow, i: number) => feeError(i, 'amount'),
                control: (fee: FeeRow, i: number) => (
                  <Input
                    value={fee.amount}
                    onChange={({ detail }) => form.setFee(i, { amount: detail.value })}
                    inputMode="decimal"
                    invalid={!!feeError(i, 'amount')}
                    data-testid="lease-fee-amount"
                  />
                ),
              },
              {
                label: 'How often',
                control: (fee: FeeRow, i: number) => (
                  <Select
                    selectedOption={FREQUENCIES.find((f) => f.value === fee.frequency) ?? null}
                    onChange={({ detail }) =>
                      form.setFee(i, { frequency: detail.selectedOption.value === 'once' ? 'once' : 'monthly' })
                    }
                    options={[...FREQUENCIES]}
                    ariaLabel={`How often ${feeName(fee, i)} is charged`}
                    expandToViewport
                    data-testid="lease-fee-frequency"
                  />
                ),
              },
              {
                label: 'Due date',
                errorText: (_fee: FeeRow, i: number) => feeError(i, 'dueDate'),
                control: (fee: FeeRow, i: number) =>
                  fee.frequency === 'once' ? (
                    <DatePicker
                      value={fee.dueDate}
                      onChange={({ detail }) => form.setFee(i, { dueDate: detail.value })}
                      placeholder="YYYY/MM/DD"
                      invalid={!!feeError(i, 'dueDate')}
                      expandToViewport
                      data-testid="lease-fee-dueDate"
                    />
                  ) : (
                    <Box color="text-body-secondary" padding={{ top: 'xxs' }}>
                      With the rent
                    </Box>
                  ),
              },
            ]}
          />
        </FormField>
      </div>
      <FormField label="Late fee" description="Charged when rent is still open after the grace days.">
        <RadioGroup
          value={values.lateFeeMode}
          onChange={({ detail }) => set('lateFeeMode', detail.value as LateFeeMode)}
          items={LATE_FEE_MODES}
          ariaLabel="Late fee"
          data-testid="lease-lateFeeMode"
        />
      </FormField>
      {values.lateFeeMode !== 'none' ? (
        <SpaceBetween size="m">
          <ColumnLayout columns={2} minColumnWidth={150}>
            {values.lateFeeMode === 'fixed'
              ? money('lateFeeAmount', values.lateFeeDaily ? 'Late fee per day' : 'Late fee amount')
              : money(
                  'lateFeePercent',
                  values.lateFeeDaily ? 'Percent of rent per day' : 'Percent of rent',
                  'Such as 5 for 5%.',
                )}
            {money(
              'lateFeeCap',
              values.lateFeeDaily ? 'Cap' : 'Cap (optional)',
              "The most one month's late fee can reach.",
            )}
          </ColumnLayout>
          <Checkbox
            checked={values.lateFeeDaily}
            onChange={({ detail }) => set('lateFeeDaily', detail.checked)}
            description="Charge it again for every day the rent stays late, up to the cap."
            data-testid="lease-lateFeeDaily"
          >
            Charge daily
          </Checkbox>
        </SpaceBetween>
      ) : null}
    </SpaceBetween>
  );
}
