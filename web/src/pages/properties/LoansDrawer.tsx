import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useId } from 'react';
import type { Loan } from '../../api/loans';
import type { Property } from '../../api/properties';
import { ConflictAlert } from '../../components/ConflictAlert';
import { EmptyState } from '../../components/EmptyState';
import { RightDrawer } from '../../components/RightDrawer';
import { lazyWhenShown } from '../../lib/lazyWhenShown';
import { formatMoney } from '../../lib/money';
import type { LoanFormValues } from './loanForm';
import { useLoans } from './use-loans';

const LoanDetail = lazyWhenShown(() => import('./LoanDetail').then((m) => m.LoanDetail));

/**
 * Loans of one property (staff; docs/reports-and-tax.md "Loans"): the loans with their balance, rate, payment and this
 * year's interest; add one (all staff), edit or delete (ADMIN and LANDLORD); open one for its schedule, its interest
 * against the Form 1098, and "Apply to a payment".
 */
export function LoansDrawer({ property, onClose }: { property: Property | null; onClose: () => void }) {
  const l = useLoans(property);
  const open = l.loans.find((loan) => loan.id === l.openLoanId) ?? null;
  return (
    <RightDrawer
      open={!!property}
      onClose={onClose}
      title="Loans"
      description={property?.address}
      testId="loans-drawer"
      maxWidth={900}
    >
      {open ? (
        <LoanDetail shown loan={open} onBack={() => l.openLoan(null)} />
      ) : (
        <SpaceBetween size="l">
          <Table
            data-testid="loans-table"
            variant="embedded"
            wrapLines
            items={l.loans}
            trackBy="id"
            loading={l.loading}
            loadingText="Loading loans"
            ariaLabels={{ tableLabel: 'Loans' }}
            header={
              <Header
                variant="h3"
                counter={l.loading ? undefined : `(${l.loans.length})`}
                actions={
                  l.form.open ? undefined : (
                    <Button onClick={() => l.form.openForm()} data-testid="loan-add">
                      Add loan
                    </Button>
                  )
                }
              >
                Loans
              </Header>
            }
            empty={
              l.failed ? (
                <EmptyState title="Loans could not be loaded" action={<Button onClick={l.retry}>Retry</Button>}>
                  Please try again.
                </EmptyState>
              ) : (
                <EmptyState title="No loans">
                  Add the property's mortgage to see its schedule and split its payments into interest and principal.
                </EmptyState>
              )
            }
            columnDefinitions={[
              {
                id: 'lender',
                header: 'Lender',
                isRowHeader: true,
                cell: (loan) => (
                  <Button
                    variant="inline-link"
                    onClick={() => l.openLoan(loan.id)}
                    ariaLabel={`Open the loan from ${loan.lender}`}
                    data-testid="loan-open"
                  >
                    {loan.lender}
                  </Button>
                ),
              },
              { id: 'balance', header: 'Balance', cell: (loan) => formatMoney(loan.balanceToday, 2) },
              { id: 'rate', header: 'Rate', cell: (loan) => `${loan.annualRate}%` },
              { id: 'payment', header: 'Payment', cell: (loan) => formatMoney(loan.monthlyPayment, 2) },
              {
                id: 'interest',
                header: 'Interest this year',
                cell: (loan) => formatMoney(loan.interestThisYear, 2),
              },
              ...(l.canChange
                ? [{ id: 'actions', header: 'Actions', cell: (loan: Loan) => <LoanActions loan={loan} l={l} /> }]
                : []),
            ]}
          />
          {l.form.open ? <LoanForm l={l} /> : null}
        </SpaceBetween>
      )}
    </RightDrawer>
  );
}

function LoanActions({ loan, l }: { loan: Loan; l: ReturnType<typeof useLoans> }) {
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button
        variant="inline-link"
        onClick={() => l.form.openForm(loan)}
        ariaLabel={`Edit the loan from ${loan.lender}`}
      >
        Edit
      </Button>
      <Button
        variant="inline-link"
        disabled={l.busy}
        onClick={() => void l.deleteLoan(loan.id)}
        ariaLabel={
          l.confirmDelete === loan.id
            ? `Confirm delete of the loan from ${loan.lender}`
            : `Delete the loan from ${loan.lender}`
        }
      >
        {l.confirmDelete === loan.id ? 'Confirm delete' : 'Delete'}
      </Button>
    </SpaceBetween>
  );
}

function LoanForm({ l }: { l: ReturnType<typeof useLoans> }) {
  const id = useId();
  const { values, set, errors, editing } = l.form;
  const cid = (field: keyof LoanFormValues) => `${id}-${field}`;
  const text = (field: keyof LoanFormValues, label: string, extra: { constraint?: string; numeric?: boolean } = {}) => (
    <FormField label={label} errorText={errors[field]} controlId={cid(field)} constraintText={extra.constraint}>
      <Input
        controlId={cid(field)}
        value={values[field]}
        onChange={({ detail }) => set(field, detail.value)}
        inputMode={extra.numeric ? 'decimal' : undefined}
        invalid={!!errors[field]}
        data-testid={`loan-${field}`}
      />
    </FormField>
  );
  const title = editing ? 'Edit loan' : 'Add loan';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void l.form.submit();
      }}
      data-testid="loan-form"
    >
      <Form
        header={<Header variant="h3">{title}</Header>}
        errorText={l.form.submitError}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={l.form.close} disabled={l.form.submitting}>
              Cancel
            </Button>
            <Button variant="primary" loading={l.form.submitting} loadingText="Saving loan" data-testid="loan-save">
              {editing ? 'Save' : 'Add loan'}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          {l.form.conflict ? (
            <ConflictAlert thing="loan" message={l.form.conflict} onLoadLatest={l.form.loadLatest} />
          ) : null}
          {text('lender', 'Lender')}
          <ColumnLayout columns={2} minColumnWidth={150}>
            {text('principal', 'Original principal', { numeric: true })}
            {text('annualRate', 'Annual rate (%)', { constraint: 'Such as 6.5 or 6.125.', numeric: true })}
            {text('termMonths', 'Term (months)', { constraint: '360 for 30 years.', numeric: true })}
            <FormField
              label="First payment date"
              errorText={errors.firstPaymentDate}
              controlId={cid('firstPaymentDate')}
              constraintText="Use YYYY/MM/DD."
            >
              <DatePicker
                controlId={cid('firstPaymentDate')}
                value={values.firstPaymentDate}
                onChange={({ detail }) => set('firstPaymentDate', detail.value)}
                placeholder="YYYY/MM/DD"
                invalid={!!errors.firstPaymentDate}
                expandToViewport
                data-testid="loan-firstPaymentDate"
              />
            </FormField>
            {text('escrowTaxes', 'Property tax escrow a month (optional)', { numeric: true })}
            {text('escrowInsurance', 'Insurance escrow a month (optional)', { numeric: true })}
            {text('extraPrincipal', 'Extra principal a month (optional)', { numeric: true })}
          </ColumnLayout>
          <Box variant="h4">Form 1098</Box>
          <ColumnLayout columns={2} minColumnWidth={150}>
            {text('form1098Year', 'Tax year', { numeric: true })}
            {text('form1098Interest', 'Interest on the Form 1098 (optional)', {
              constraint: "Box 1 of the lender's form.",
              numeric: true,
            })}
          </ColumnLayout>
        </SpaceBetween>
      </Form>
    </form>
  );
}
