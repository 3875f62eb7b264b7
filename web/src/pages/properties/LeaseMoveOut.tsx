import Alert from '@cloudscape-design/components/alert';
import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { fromCents } from '@rent/shared/core/money';
import { MOVE_OUT_DEDUCTIONS_MAX } from '@rent/shared/core/moveOut';
import { useEffect, useRef } from 'react';
import type { Lease } from '../../api/leases';
import { MoveOutStatementDownload } from '../../features/rent/MoveOutStatementDownload';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import type { DeductionRow } from './moveOutForm';
import { useMoveOutForm } from './use-move-out';

const money = (cents: number) => formatMoney(fromCents(cents), 2);

/**
 * Moving a tenant out, a view of the Tenants and leases drawer in place of its list (the drawer traps focus, so no
 * modal goes on top): the date, damages and cleaning deductions, whether the deposit also pays what is owed, what
 * will be returned, then the confirmation; after it, the move-out statement as a PDF.
 */
export function LeaseMoveOut({ lease, onBack }: { lease: Lease; onBack: () => void }) {
  const f = useMoveOutForm(lease);
  const back = useRef<ButtonProps.Ref>(null);
  const who = lease.tenant.name ?? lease.tenant.email ?? 'A former member';
  // The view replaces the list the person was in: the keyboard starts at its top, on the way back.
  useEffect(() => back.current?.focus(), []);

  return (
    <section aria-label="Move out" data-testid="lease-move-out">
      <SpaceBetween size="l">
        <SpaceBetween size="xs">
          <Button ref={back} variant="link" iconName="arrow-left" onClick={onBack} data-testid="move-out-back">
            Back to leases
          </Button>
          <Header
            variant="h3"
            description={`${who}: deposit ${formatMoney(lease.securityDeposit, 2)}, lease from ${formatIsoDate(lease.leaseStart)}`}
          >
            Move out
          </Header>
        </SpaceBetween>
        {f.statement ? (
          <SpaceBetween size="m">
            <Alert type="success" header="Tenant moved out">
              The lease ended on {formatIsoDate(f.statement.date)}, and {formatMoney(f.statement.applied, 2)} of the
              deposit was applied to what the tenant owes.
            </Alert>
            <KeyValuePairs
              columns={2}
              items={[
                { label: 'Deposit applied', value: formatMoney(f.statement.applied, 2) },
                f.statement.stillOwed > 0
                  ? { label: 'Still owed by the tenant', value: formatMoney(f.statement.stillOwed, 2) }
                  : { label: 'To be returned', value: formatMoney(f.statement.toReturn, 2) },
              ]}
            />
            <MoveOutStatementDownload statement={f.statement} />
          </SpaceBetween>
        ) : (
          <MoveOutForm f={f} />
        )}
      </SpaceBetween>
    </section>
  );
}

function MoveOutForm({ f }: { f: ReturnType<typeof useMoveOutForm> }) {
  const { preview } = f;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        f.submit();
      }}
    >
      <SpaceBetween size="m">
        <FormField label="Move-out date" errorText={f.errors.date} controlId="move-out-date">
          <DatePicker
            controlId="move-out-date"
            value={f.date}
            onChange={({ detail }) => f.setDate(detail.value)}
            placeholder="YYYY/MM/DD"
            invalid={!!f.errors.date}
            data-testid="move-out-date"
          />
        </FormField>
        <div data-testid="move-out-deductions">
          <FormField label="Deductions" description="Damages and cleaning taken from the deposit." stretch>
            <AttributeEditor<DeductionRow>
              items={f.rows}
              addButtonText="Add deduction"
              onAddButtonClick={f.addRow}
              disableAddButton={f.rows.length >= MOVE_OUT_DEDUCTIONS_MAX}
              onRemoveButtonClick={({ detail }) => f.removeRow(detail.itemIndex)}
              removeButtonText="Remove"
              removeButtonAriaLabel={(row) => `Remove ${row.label.trim() || 'this deduction'}`}
              empty="No deductions."
              i18nStrings={{ itemRemovedAriaLive: 'Deduction removed' }}
              definition={[
                {
                  label: 'Name',
                  errorText: (_row: DeductionRow, i: number) => f.errors[`label.${i}`],
                  control: (row: DeductionRow, i: number) => (
                    <Input
                      value={row.label}
                      onChange={({ detail }) => f.setRow(i, { label: detail.value })}
                      invalid={!!f.errors[`label.${i}`]}
                      placeholder="Carpet cleaning"
                      data-testid="move-out-deduction-label"
                    />
                  ),
                },
                {
                  label: 'Amount',
                  errorText: (_row: DeductionRow, i: number) => f.errors[`amount.${i}`],
                  control: (row: DeductionRow, i: number) => (
                    <Input
                      value={row.amount}
                      onChange={({ detail }) => f.setRow(i, { amount: detail.value })}
                      inputMode="decimal"
                      invalid={!!f.errors[`amount.${i}`]}
                      data-testid="move-out-deduction-amount"
                    />
                  ),
                },
              ]}
            />
          </FormField>
        </div>
        <Checkbox
          checked={f.applyToBalance}
          onChange={({ detail }) => f.setApplyToBalance(detail.checked)}
          description="Unpaid rent and charges due by the move-out date are paid from the deposit."
          data-testid="move-out-apply"
        >
          Apply the deposit to what is owed
        </Checkbox>
        <Box data-testid="move-out-summary">
          <KeyValuePairs
            columns={2}
            items={[
              { label: 'Deductions', value: money(preview.deductions) },
              ...(preview.creditApplied > 0
                ? [{ label: "Tenant's credit", value: `−${money(preview.creditApplied)}` }]
                : []),
              ...(f.applyToBalance
                ? [{ label: 'Owed now', value: f.owedNowKnown ? money(preview.balanceApplied) : '…' }]
                : []),
              { label: 'Applied from the deposit', value: money(preview.applied) },
              preview.stillOwed > 0
                ? { label: 'Still owed by the tenant', value: money(preview.stillOwed) }
                : { label: 'To be returned', value: money(preview.toReturn) },
            ]}
          />
        </Box>
        <Alert type="info">
          Confirming charges the deductions, ends the lease on the move-out date if it runs past it, and applies the
          deposit: that part becomes rent income on that date. A lease is moved out once.
        </Alert>
        {f.submitError ? (
          <Alert type="error" header="The tenant was not moved out">
            {f.submitError}
          </Alert>
        ) : null}
        <Button variant="primary" formAction="submit" loading={f.submitting} data-testid="move-out-confirm">
          Confirm move-out
        </Button>
      </SpaceBetween>
    </form>
  );
}
