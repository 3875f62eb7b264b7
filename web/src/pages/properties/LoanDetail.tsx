import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { categoryLabel } from '@rent/shared/core/categories';
import { ESCROW_BILL_KINDS, ESCROW_BILLS, type EscrowBill, escrowBillName } from '@rent/shared/core/loans';
import { useId } from 'react';
import type { Loan } from '../../api/loans';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import { LoanBalanceChartLazy } from '../../components/charts/LoanBalanceChartLazy';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { useLoanDetail } from './use-loan-detail';

/**
 * One loan (docs/reports-and-tax.md "Loans"): what it is, the year's interest by its schedule, by the ledger and by the
 * lender's Form 1098 (flagged when the form and the ledger differ), the year's escrow paid in and paid out, the
 * balance over the years, the schedule a year a page, "Apply to a payment" and "Paid from escrow".
 */
export function LoanDetail({ loan, onBack }: { loan: Loan; onBack: () => void }) {
  const d = useLoanDetail(loan);
  const interest = d.detail.data?.interest;
  const money = (n: number | null | undefined) => formatMoney(n, 2);
  return (
    <SpaceBetween size="l">
      <Header
        variant="h3"
        description={`${loan.annualRate}% for ${loan.termMonths} months from ${formatIsoDate(loan.firstPaymentDate)}`}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={onBack} data-testid="loan-back">
              All loans
            </Button>
            <Button variant="primary" onClick={d.apply.show} data-testid="loan-apply">
              Apply to a payment
            </Button>
          </SpaceBetween>
        }
      >
        {loan.lender}
      </Header>
      <KeyValuePairs
        columns={2}
        items={[
          { label: 'Balance today', value: money(loan.balanceToday) },
          { label: 'Original principal', value: money(loan.principal) },
          { label: 'Principal and interest', value: money(loan.principalAndInterest) },
          { label: 'Monthly payment', value: money(loan.monthlyPayment) },
          { label: 'Escrow a month', value: money(loan.escrowTaxes + loan.escrowInsurance) },
          { label: 'Paid off', value: formatIsoDate(loan.payoffDate) },
        ]}
      />
      <SpaceBetween size="s">
        <Header
          variant="h3"
          actions={
            <Select
              selectedOption={{ value: String(d.year), label: String(d.year) }}
              options={d.yearOptions.map((y) => ({ value: String(y), label: String(y) }))}
              onChange={({ detail }) => d.setYear(Number(detail.selectedOption.value))}
              ariaLabel="Tax year"
              expandToViewport
            />
          }
        >
          Interest in {d.year}
        </Header>
        {d.detail.isPending ? <StatusIndicator type="loading">Loading the loan</StatusIndicator> : null}
        {interest ? (
          <div data-testid="loan-interest">
            <KeyValuePairs
              columns={3}
              items={[
                { label: 'By the schedule', value: money(interest.bySchedule) },
                { label: 'In the ledger', value: money(interest.byLedger) },
                { label: 'Form 1098', value: interest.form1098 === null ? 'Not entered' : money(interest.form1098) },
              ]}
            />
          </div>
        ) : null}
        {interest?.flag ? (
          <Alert type="warning" header="The Form 1098 and the ledger differ" data-testid="loan-1098-flag">
            {interest.flag} Check the payments split by this loan, or the figure entered from the form.
          </Alert>
        ) : null}
      </SpaceBetween>
      <EscrowSection d={d} />
      <LoanBalanceChartLazy
        testId="loan-balance-chart"
        points={d.balanceByYear}
        height={260}
        ariaLabel={`Balance of the loan from ${loan.lender} at the end of each year`}
      />
      <Table
        data-testid="loan-schedule"
        variant="embedded"
        items={d.schedule.rows}
        trackBy="number"
        loading={d.detail.isPending}
        loadingText="Loading the schedule"
        ariaLabels={{ tableLabel: `Amortization schedule, ${d.schedule.shownYear}` }}
        header={
          <Header variant="h3" counter={`(${d.schedule.shownYear})`}>
            Schedule
          </Header>
        }
        pagination={
          <Pagination
            currentPageIndex={d.schedule.pageIndex}
            pagesCount={Math.max(1, d.schedule.years.length)}
            onChange={({ detail }) => d.schedule.setPage(detail.currentPageIndex)}
            ariaLabels={{
              nextPageLabel: 'Next year',
              previousPageLabel: 'Previous year',
              // The visible text (the page number) first: axe wants it in the name.
              pageLabel: (page) => `${page}: the payments of ${d.schedule.years[page - 1] ?? ''}`,
            }}
          />
        }
        columnDefinitions={[
          { id: 'number', header: '#', cell: (row) => row.number, isRowHeader: true },
          { id: 'date', header: 'Date', cell: (row) => formatIsoDate(row.date) },
          { id: 'payment', header: 'Payment', cell: (row) => money(row.payment) },
          { id: 'interest', header: 'Interest', cell: (row) => money(row.interest) },
          { id: 'principal', header: 'Principal', cell: (row) => money(row.principal + row.extraPrincipal) },
          { id: 'escrow', header: 'Escrow', cell: (row) => money(row.escrow) },
          { id: 'balance', header: 'Balance', cell: (row) => money(row.balanceAfter) },
        ]}
      />
      <ApplyPaymentModal d={d} loan={loan} />
      <EscrowPaymentModal d={d} loan={loan} />
    </SpaceBetween>
  );
}

function ApplyPaymentModal({ d, loan }: { d: ReturnType<typeof useLoanDetail>; loan: Loan }) {
  const a = d.apply;
  return (
    <Modal
      visible={a.open}
      onDismiss={a.close}
      header="Apply the loan to a payment"
      size="large"
      data-testid="loan-apply-modal"
      footer={
        <ConfirmFooter
          confirmLabel="Split the payment"
          onCancel={a.close}
          onConfirm={() => void a.confirm()}
          busy={a.applying}
          confirmDisabled={!a.preview}
          confirmTestId="loan-apply-confirm"
        />
      }
    >
      <SpaceBetween size="m">
        <Table
          data-testid="loan-apply-payments"
          variant="embedded"
          items={a.payments}
          trackBy="id"
          selectionType="single"
          selectedItems={a.payments.filter((t) => t.id === a.picked?.id)}
          onSelectionChange={({ detail }) => {
            const t = detail.selectedItems[0];
            if (t) a.pick(t);
          }}
          loading={a.paymentsLoading}
          loadingText="Looking for payments"
          ariaLabels={{
            tableLabel: `Payments matching ${loan.lender}`,
            selectionGroupLabel: 'Payment',
            itemSelectionLabel: (_, t) => `${formatIsoDate(t.date)} ${t.name}`,
          }}
          header={
            <Header variant="h3" description={`Money out matching "${loan.lender}".`}>
              Choose a payment
            </Header>
          }
          empty={<Box>No payment to this lender found in the ledger.</Box>}
          columnDefinitions={[
            { id: 'date', header: 'Date', cell: (t) => formatIsoDate(t.date) },
            { id: 'name', header: 'Name', cell: (t) => t.name, isRowHeader: true },
            { id: 'amount', header: 'Amount', cell: (t) => formatMoney(t.amount, 2) },
            {
              id: 'category',
              header: 'Category',
              cell: (t) => (t.parts ? `Split in ${t.parts.length}` : categoryLabel(t.category)),
            },
          ]}
        />
        {a.previewLoading ? <StatusIndicator type="loading">Working out the split</StatusIndicator> : null}
        {a.previewError ? (
          <Alert type="error" data-testid="loan-apply-error">
            {a.previewError}
          </Alert>
        ) : null}
        {a.preview ? (
          <Table
            data-testid="loan-apply-preview"
            variant="embedded"
            items={a.preview.parts}
            header={
              <Header
                variant="h3"
                description={`Payment ${a.preview.paymentNumber} of the schedule asks ${formatMoney(a.preview.scheduledPayment, 2)}.`}
              >
                The payment splits into
              </Header>
            }
            columnDefinitions={[
              { id: 'category', header: 'Category', cell: (p) => categoryLabel(p.category), isRowHeader: true },
              { id: 'amount', header: 'Amount', cell: (p) => formatMoney(p.amount, 2) },
              { id: 'memo', header: 'Memo', cell: (p) => p.memo ?? '' },
            ]}
          />
        ) : null}
        {a.error ? <Alert type="error">{a.error}</Alert> : null}
      </SpaceBetween>
    </Modal>
  );
}

/** The year's escrow by the ledger: paid in with the payments split by the loan, paid out as bills the lender paid. */
function EscrowSection({ d }: { d: ReturnType<typeof useLoanDetail> }) {
  const escrow = d.detail.data?.escrow;
  const money = (n: number) => formatMoney(n, 2);
  return (
    <SpaceBetween size="s">
      <Header
        variant="h3"
        description="Escrow counts as an expense when the lender pays a bill from it, not when you pay it in."
        actions={
          <Button onClick={d.escrow.show} data-testid="loan-escrow-pay">
            Paid from escrow
          </Button>
        }
      >
        Escrow in {d.year}
      </Header>
      {escrow ? (
        <div data-testid="loan-escrow">
          <KeyValuePairs
            columns={3}
            items={[
              { label: 'Paid in', value: money(escrow.paidIn) },
              { label: 'Paid from escrow', value: money(escrow.paidOut) },
              { label: `Held at the end of ${escrow.year}`, value: money(escrow.held) },
            ]}
          />
        </div>
      ) : null}
      {escrow?.note ? <Alert type="info">{escrow.note}</Alert> : null}
      {escrow && escrow.payments.length > 0 ? (
        <Table
          data-testid="loan-escrow-payments"
          variant="embedded"
          items={escrow.payments}
          trackBy="transactionId"
          ariaLabels={{ tableLabel: `Bills paid from escrow in ${escrow.year}` }}
          columnDefinitions={[
            { id: 'date', header: 'Date', cell: (p) => formatIsoDate(p.date) },
            { id: 'name', header: 'Name', cell: (p) => p.name, isRowHeader: true },
            { id: 'amount', header: 'Amount', cell: (p) => money(p.amount) },
          ]}
        />
      ) : null}
    </SpaceBetween>
  );
}

function EscrowPaymentModal({ d, loan }: { d: ReturnType<typeof useLoanDetail>; loan: Loan }) {
  const e = d.escrow;
  const id = useId();
  return (
    <Modal
      visible={e.open}
      onDismiss={e.close}
      header="Paid from escrow"
      data-testid="loan-escrow-modal"
      footer={
        <ConfirmFooter
          confirmLabel="Record"
          onCancel={e.close}
          onConfirm={() => void e.submit()}
          busy={e.submitting}
          busyText="Recording the escrow payment"
          confirmTestId="loan-escrow-save"
        />
      }
    >
      <Form errorText={e.error}>
        <SpaceBetween size="m">
          <Box variant="p">
            A bill {loan.lender} paid from this loan's escrow, as its annual escrow statement or Form 1098 shows it. It
            is entered in the ledger as $0: the expense, and the same amount out of escrow.
          </Box>
          <FormField label="What the lender paid" controlId={`${id}-kind`}>
            <RadioGroup
              controlId={`${id}-kind`}
              value={e.values.kind}
              onChange={({ detail }) => e.set('kind', detail.value as EscrowBill)}
              items={ESCROW_BILL_KINDS.map((kind) => ({ value: kind, label: ESCROW_BILLS[kind].label }))}
              data-testid="loan-escrow-kind"
            />
          </FormField>
          <FormField
            label="Date paid"
            errorText={e.errors.date}
            controlId={`${id}-date`}
            constraintText="Use YYYY/MM/DD."
          >
            <DatePicker
              controlId={`${id}-date`}
              value={e.values.date}
              onChange={({ detail }) => e.set('date', detail.value)}
              placeholder="YYYY/MM/DD"
              invalid={!!e.errors.date}
              expandToViewport
              data-testid="loan-escrow-date"
            />
          </FormField>
          <FormField label="Amount" errorText={e.errors.amount} controlId={`${id}-amount`}>
            <Input
              controlId={`${id}-amount`}
              value={e.values.amount}
              onChange={({ detail }) => e.set('amount', detail.value)}
              inputMode="decimal"
              invalid={!!e.errors.amount}
              data-testid="loan-escrow-amount"
            />
          </FormField>
          <FormField label="Name in the ledger (optional)" errorText={e.errors.name} controlId={`${id}-name`}>
            <Input
              controlId={`${id}-name`}
              value={e.values.name}
              onChange={({ detail }) => e.set('name', detail.value)}
              placeholder={escrowBillName(e.values.kind, loan.lender)}
              invalid={!!e.errors.name}
              data-testid="loan-escrow-name"
            />
          </FormField>
        </SpaceBetween>
      </Form>
    </Modal>
  );
}
