import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { leaseTakesRentIn } from '@rent/shared/core/leases';
import type { AutoLinkReason } from '@rent/shared/core/rentMatching';
import { ISO_DATE_PATTERN } from '@rent/shared/core/validation';
import { type Lease, usePropertyLeases } from '../../api/leases';
import { formatIsoDate } from '../../lib/dates';
import type { TransactionFormValues } from './transactionForm';

export const NO_LEASE_LABEL = 'No lease';
export const LEASE_NOT_RUNNING = "Does not run in this transaction's month, nor start in the next";
export const LEASE_PICKER_PLACEHOLDER = 'Linked automatically when the payment tells which lease it pays';
/** Why the lease shown is linked: every automatic link says why, and how to undo it. */
export const LEASE_LINK_WHY = {
  onlyLease: 'the only lease on this property on this date',
  samePayer: "this payer's earlier payments were linked to this lease by a person",
  tenantName: "the tenant's name is in the description",
  amount: "the amount is this lease's rent",
  manual: 'Chosen by a person: automatic linking never changes it.',
} as const;
const autoWhy = (reason: AutoLinkReason) =>
  `Linked automatically: ${LEASE_LINK_WHY[reason]}. Choose another lease, or No lease, to change it.`;

const leaseLabel = (lease: Lease) =>
  [lease.tenant.name ?? lease.tenant.email ?? 'Tenant', lease.unitLabel].filter(Boolean).join(' · ');
const leaseDates = (lease: Lease) =>
  `${formatIsoDate(lease.leaseStart)} – ${lease.leaseEnd ? formatIsoDate(lease.leaseEnd) : 'month to month'}`;

/**
 * The Lease picker (docs/ledger.md "Lease links"): for money in on a property with leases, which lease this rent
 * pays. Untouched, the server links rent to the one lease that fits its date; a pick (or "No lease") is the
 * person's choice and automation never changes it. A lease that does not run in the transaction's month cannot be
 * chosen (the rent roll could credit the rent to none of its months).
 */
export function LeasePicker({
  values,
  onChange,
  errorText,
  controlId,
}: {
  values: TransactionFormValues;
  onChange: (leaseId: string) => void;
  errorText?: string;
  controlId: string;
}) {
  const leases = usePropertyLeases(values.direction === 'in' && values.propertyId ? values.propertyId : null);
  if (values.direction !== 'in' || !values.propertyId || !leases.data || leases.data.length === 0) return null;
  const date = values.date.trim();
  const month = ISO_DATE_PATTERN.test(date) ? date.slice(0, 7) : null;
  const options: SelectProps.Option[] = [
    { value: '', label: NO_LEASE_LABEL },
    ...leases.data.map((lease) => ({
      value: lease.id,
      label: leaseLabel(lease),
      description: leaseDates(lease),
      tags: [lease.state === 'active' ? 'Active' : lease.state === 'upcoming' ? 'Upcoming' : 'Past'],
      disabled: month !== null && !leaseTakesRentIn(lease, month),
      disabledReason: LEASE_NOT_RUNNING,
    })),
  ];
  const shown = values.leaseChoice === 'auto' && !values.leaseId ? null : values.leaseId;
  const selected = shown === null ? null : (options.find((o) => o.value === shown) ?? null);
  const why = !values.leaseId
    ? undefined
    : values.leaseChoice === 'auto'
      ? autoWhy(values.leaseReason ?? 'onlyLease')
      : LEASE_LINK_WHY.manual;
  return (
    <FormField
      label="Lease"
      description="Rent received is credited to this lease in the rent roll."
      constraintText={why}
      errorText={errorText}
      controlId={controlId}
      stretch
    >
      <Select
        controlId={controlId}
        selectedOption={selected}
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
        options={options}
        placeholder={LEASE_PICKER_PLACEHOLDER}
        invalid={!!errorText}
        data-testid="transaction-lease"
      />
    </FormField>
  );
}
