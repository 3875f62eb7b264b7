import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatCurrency } from '@rent/shared/core/money';
import type { Reconciliation } from '../../api/reconciliation';
import { desktopPartOr } from '../../app/pageLoader';
import { EmptyState } from '../../components/EmptyState';
import { formatDateTime } from '../../lib/dates';
import { lazyWhenShown } from '../../lib/lazyWhenShown';
import { formatMoney, wireToCents } from '../../lib/money';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { reconcileLinesTable } from './parts';
import { ReconcileDownloads } from './ReconcileDownloads';
import { ReconcileLinesList } from './ReconcileLinesList';
import { useReconcilePage } from './use-reconcile-page';

type Page = ReturnType<typeof useReconcilePage>;
type Issue = Reconciliation['issues'][number];

const ISSUE_LABELS: Record<Issue['kind'], string> = {
  missing: 'Missing from the books',
  extra: 'In the books, not on the statement',
  amount_differs: 'Amount differs',
  date_outside: 'Date outside the period',
  balances: 'Balances',
};

/** The undo's confirmation, loaded and mounted when first asked for (a hidden Modal is no first render's). */
const UndoModal = lazyWhenShown(() => import('./ReconcileUndoModal').then((m) => m.ReconcileUndoModal));

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * /transactions/reconcile?account=&month=: one bank account's statement of a month compared with the books
 * (docs/reconciliation.md): the statement's balances (typed or from its OFX/QFX file), the difference and what makes
 * it up, the month's lines to tick, Finish at a zero difference, Undo for admins.
 */
export default function ReconcilePage() {
  useDocumentTitle('Reconcile');
  const page = useReconcilePage();
  const header = (
    <Header variant="h1" description="Check that the books match the bank statement, one account and month at a time.">
      Reconcile
    </Header>
  );
  if (page.org.role && !page.staff) {
    return (
      <ContentLayout header={header}>
        <Alert type="info" data-testid="reconcile-forbidden">
          Only administrators, landlords and property managers can reconcile bank statements.
        </Alert>
      </ContentLayout>
    );
  }
  const r = page.reconciliation.data;
  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        <Choice page={page} />
        {page.error ? (
          <Alert type="error" data-testid="reconcile-error">
            {page.error}
          </Alert>
        ) : null}
        {page.reconciliation.isError ? (
          <Alert type="error" header="The reconciliation could not be loaded">
            {page.reconciliation.error.message}
          </Alert>
        ) : null}
        {r ? (
          <>
            <Box color="text-body-secondary" data-testid="reconcile-through">
              {r.reconciledThrough
                ? `${r.accountName} is reconciled through ${r.reconciledThrough}.`
                : `${r.accountName} has no reconciled statement yet.`}
            </Box>
            <Statement page={page} r={r} />
            <Summary page={page} r={r} />
            <DrillDown page={page} r={r} />
            <Lines page={page} r={r} />
          </>
        ) : null}
      </SpaceBetween>
      <UndoModal
        shown={page.confirmUndo}
        visible={page.confirmUndo}
        onCancel={() => page.setConfirmUndo(false)}
        onConfirm={() => void page.undo()}
        busy={page.undoing}
      />
    </ContentLayout>
  );
}

function Choice({ page }: { page: Page }) {
  const accountOptions = page.accounts.map((a) => ({
    value: a.id,
    label: a.mask ? `${a.name} ••${a.mask}` : a.name,
    description: a.institutionName,
  }));
  const monthOptions = page.months.map((m) => ({ value: m, label: monthLabel(m) }));
  if (!page.accountsLoading && page.accounts.length === 0) {
    return (
      <Container>
        <EmptyState title="No bank accounts">
          Connect a bank in Organization settings to reconcile its statements.
        </EmptyState>
      </Container>
    );
  }
  return (
    <Container>
      <ColumnLayout columns={2}>
        <FormField label="Account">
          <Select
            data-testid="reconcile-account"
            statusType={page.accountsLoading ? 'loading' : 'finished'}
            loadingText="Loading accounts"
            selectedOption={accountOptions.find((o) => o.value === page.accountId) ?? null}
            options={accountOptions}
            onChange={({ detail }) => page.choose({ account: detail.selectedOption.value })}
            ariaLabel="Account"
          />
        </FormField>
        <FormField label="Statement month">
          <Select
            data-testid="reconcile-month"
            selectedOption={
              monthOptions.find((o) => o.value === page.month) ?? { value: page.month, label: monthLabel(page.month) }
            }
            options={monthOptions}
            onChange={({ detail }) => page.choose({ month: detail.selectedOption.value })}
            ariaLabel="Statement month"
          />
        </FormField>
      </ColumnLayout>
    </Container>
  );
}

function Statement({ page, r }: { page: Page; r: Reconciliation }) {
  if (r.status === 'finished') {
    return (
      <Container
        header={
          <Header
            variant="h2"
            actions={
              page.admin ? (
                <Button onClick={() => page.setConfirmUndo(true)} data-testid="reconcile-undo">
                  Undo reconciliation
                </Button>
              ) : null
            }
          >
            Statement
          </Header>
        }
      >
        <SpaceBetween size="s">
          <StatusIndicator type="success">
            <span data-testid="reconcile-finished">
              Reconciled{r.finishedAt ? ` on ${formatDateTime(r.finishedAt)}` : ''}: start{' '}
              {formatMoney(r.startBalance, 2)}, end {formatMoney(r.endBalance, 2)}
            </span>
          </StatusIndicator>
          {page.admin ? null : <Box color="text-body-secondary">Only an admin can undo a reconciliation.</Box>}
        </SpaceBetween>
      </Container>
    );
  }
  const { form } = page;
  const hint = (value: number | null, from: string | null) =>
    value !== null && from ? `Suggested: ${formatMoney(value, 2)} (${from})` : undefined;
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={`${r.periodStart} to ${r.periodEnd}. Type the balances from the statement, or choose the bank's OFX or QFX file: its balance and lines are read for you.`}
        >
          Statement
        </Header>
      }
    >
      <SpaceBetween size="m">
        <ColumnLayout columns={2}>
          <FormField
            label="Start balance"
            description={
              r.startBalance !== null && r.status !== 'new' ? `Saved: ${formatMoney(r.startBalance, 2)}` : undefined
            }
            constraintText={hint(r.suggestions.startBalance, r.suggestions.startFrom)}
          >
            <Input
              data-testid="reconcile-start"
              inputMode="decimal"
              value={form.start}
              placeholder={r.startBalance !== null ? String(r.startBalance) : '0.00'}
              onChange={({ detail }) => form.setStart(detail.value)}
            />
          </FormField>
          <FormField
            label="End balance"
            description={
              r.endBalance !== null && r.status !== 'new' ? `Saved: ${formatMoney(r.endBalance, 2)}` : undefined
            }
            constraintText={hint(r.suggestions.endBalance, r.suggestions.endFrom)}
          >
            <Input
              data-testid="reconcile-end"
              inputMode="decimal"
              value={form.end}
              placeholder={r.endBalance !== null ? String(r.endBalance) : '0.00'}
              onChange={({ detail }) => form.setEnd(detail.value)}
            />
          </FormField>
        </ColumnLayout>
        <FormField label="Statement file (optional)" description="OFX or QFX, downloaded from the bank.">
          <FileUpload
            data-testid="reconcile-file"
            value={form.files}
            onChange={({ detail }) => form.setFiles(detail.value)}
            accept=".ofx,.qfx"
            i18nStrings={{
              uploadButtonText: () => 'Choose file',
              dropzoneText: () => 'Drop the statement file here',
              removeFileAriaLabel: () => 'Remove the file',
              errorIconAriaLabel: 'Error',
            }}
          />
        </FormField>
        <Box>
          <Button
            variant="primary"
            onClick={() => void page.saveStatement()}
            loading={page.saving}
            data-testid="reconcile-save"
          >
            Save statement
          </Button>
        </Box>
      </SpaceBetween>
    </Container>
  );
}

function Summary({ page, r }: { page: Page; r: Reconciliation }) {
  const start = wireToCents(r.startBalance);
  const end = wireToCents(r.endBalance);
  const moves = start !== null && end !== null ? formatCurrency(end - start, 2) : '—';
  const open = r.status === 'open';
  return (
    <Container
      header={
        <Header variant="h2" actions={r.status === 'new' ? null : <ReconcileDownloads r={r} />}>
          Difference
        </Header>
      }
    >
      <SpaceBetween size="m">
        <ColumnLayout columns={3} variant="text-grid">
          <div>
            <Box variant="awsui-key-label">The statement moves by</Box>
            <div>{moves}</div>
          </div>
          <div>
            <Box variant="awsui-key-label">Cleared in the books ({r.clearedCount})</Box>
            <div>{formatMoney(r.cleared, 2)}</div>
          </div>
          <div>
            <Box variant="awsui-key-label">Difference</Box>
            <Box fontSize="heading-l" fontWeight="bold" data-testid="reconcile-difference">
              {formatMoney(r.difference, 2)}
            </Box>
          </div>
        </ColumnLayout>
        {r.statementLineCount > 0 ? (
          <Box color="text-body-secondary">
            {r.autoMatched} of {r.statementLineCount} statement lines matched automatically.
          </Box>
        ) : null}
        {open || r.status === 'new' ? (
          <SpaceBetween size="xs">
            <Box>
              <Button
                variant="primary"
                disabled={r.finishBlocked !== null}
                onClick={() => void page.finish()}
                loading={page.finishing}
                data-testid="reconcile-finish"
              >
                Finish
              </Button>
            </Box>
            {r.finishBlocked ? (
              <Box color="text-body-secondary" data-testid="reconcile-finish-reason">
                {r.finishBlocked}
              </Box>
            ) : null}
          </SpaceBetween>
        ) : null}
      </SpaceBetween>
    </Container>
  );
}

function DrillDown({ page, r }: { page: Page; r: Reconciliation }) {
  if (r.status === 'new') return null;
  const shown = r.issues.filter((i) => i.effect !== 0 || i.kind !== 'extra' || r.statementLineCount > 0);
  return (
    <Container
      header={
        <Header variant="h2" description="Each line below adds its share to the difference.">
          What makes up the difference
        </Header>
      }
    >
      {shown.length === 0 ? (
        <Box data-testid="reconcile-no-issues">Nothing: the statement and the books agree.</Box>
      ) : (
        <SpaceBetween size="m">
          {shown.map((issue) => (
            <div
              key={`${issue.kind}-${issue.statementLineId ?? ''}-${issue.transactionId ?? ''}`}
              data-testid="reconcile-issue"
            >
              <SpaceBetween size="xxs">
                <Box fontWeight="bold">
                  {ISSUE_LABELS[issue.kind]}
                  {issue.name ? `: ${issue.name}` : ''}
                  {issue.effect !== 0 ? ` (${formatMoney(issue.effect, 2)})` : ''}
                </Box>
                <Box>{issue.message}</Box>
                {r.status === 'open' && issue.kind === 'missing' && issue.statementLineId && !issue.transactionId ? (
                  <Button
                    onClick={() => void page.addToBooks(issue.statementLineId!)}
                    loading={page.adding === issue.statementLineId}
                    data-testid="reconcile-add"
                    ariaLabel={`Add to the books: ${issue.name ?? 'this line'}`}
                  >
                    Add to the books
                  </Button>
                ) : null}
              </SpaceBetween>
            </div>
          ))}
        </SpaceBetween>
      )}
    </Container>
  );
}

/** The lines: the table on a desktop, the list on a phone. */
const Lines = desktopPartOr(reconcileLinesTable, ReconcileLinesList);
