import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useRef } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { Amount, LEDGER_COLUMNS, type LedgerLine, nextChargeText } from '../../features/rent/ledgerParts';
import { StatementDownload } from '../../features/rent/StatementDownload';
import { formatMoney } from '../../lib/money';
import type { LeasesDrawerModel } from './use-leases';

/**
 * One lease's ledger, a view of the Tenants and leases drawer in place of its list (the drawer traps focus, so no
 * modal goes on top): totals, the next charge, then every charge and payment with the running balance, newest first
 * (the tenant's Rental History lists them alike), and the same as a statement PDF. Owners may waive a late fee,
 * asked for on its line and confirmed in the alert above the table.
 */
export function LeaseLedger({ l }: { l: LeasesDrawerModel }) {
  const ledger = l.ledger;
  const data = ledger.data;
  const back = useRef<ButtonProps.Ref>(null);
  const confirm = useRef<ButtonProps.Ref>(null);
  const who = data ? (data.tenant.name ?? data.tenant.email ?? 'A former member') : null;
  const where = data ? (data.unitLabel ? `${data.address}, ${data.unitLabel}` : data.address) : null;
  const waivable = data?.lines.some(ledger.canWaive) ?? false;

  // The view replaces the list the person was in: the keyboard starts at its top, on the way back.
  useEffect(() => back.current?.focus(), []);
  // Asked to waive: the keyboard moves to the confirmation, which stands above the table.
  useEffect(() => {
    if (ledger.asking) confirm.current?.focus();
  }, [ledger.asking]);

  return (
    <section aria-label="Lease ledger" data-testid="lease-ledger">
      <SpaceBetween size="l">
        <SpaceBetween size="xs">
          <Button ref={back} variant="link" iconName="arrow-left" onClick={ledger.close} data-testid="ledger-back">
            Back to leases
          </Button>
          <Header
            variant="h3"
            description={where && who ? `${who}, ${where}` : undefined}
            actions={
              data ? (
                <StatementDownload
                  testId="ledger-statement-pdf"
                  input={{ address: data.address, unitLabel: data.unitLabel, tenant: data.tenant, ledger: data }}
                />
              ) : undefined
            }
          >
            Ledger
          </Header>
        </SpaceBetween>
        {ledger.failed ? (
          <EmptyState title="The ledger could not be loaded" action={<Button onClick={ledger.retry}>Retry</Button>}>
            Please try again.
          </EmptyState>
        ) : !data ? (
          // Held at about a short ledger's height, so the table does not push the drawer's content when it lands.
          <div style={{ minBlockSize: 320 }}>
            <StatusIndicator type="loading">Loading the ledger</StatusIndicator>
          </div>
        ) : (
          <>
            <div data-testid="ledger-totals">
              <KeyValuePairs
                columns={2}
                items={[
                  { label: 'Balance', value: <Amount value={data.totals.balance} /> },
                  { label: 'Owed now', value: <Amount value={data.totals.owedNow} /> },
                  { label: 'Credit', value: <Amount value={data.totals.credit} /> },
                  { label: 'Next charge', value: nextChargeText(data.next) ?? 'None scheduled' },
                ]}
              />
            </div>
            {ledger.asking ? (
              <Alert
                type="warning"
                header="Waive this late fee?"
                data-testid="ledger-waive-confirm"
                action={
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button onClick={ledger.cancelWaive} disabled={ledger.waiving}>
                      Cancel
                    </Button>
                    <Button
                      ref={confirm}
                      variant="primary"
                      loading={ledger.waiving}
                      loadingText="Waiving the late fee"
                      onClick={ledger.confirmWaive}
                      data-testid="ledger-waive-ok"
                    >
                      Waive
                    </Button>
                  </SpaceBetween>
                }
              >
                {ledger.asking.label}, {formatMoney(ledger.asking.amount, 2)}: the tenant will no longer owe it. A
                waiver cannot be undone.
                {ledger.waiveError ? (
                  <Box color="text-status-error" margin={{ top: 'xs' }}>
                    {ledger.waiveError}
                  </Box>
                ) : null}
              </Alert>
            ) : null}
            <Table
              data-testid="ledger-lines"
              variant="embedded"
              wrapLines
              items={[...data.lines].reverse()}
              trackBy={(line) => `${line.date}|${line.code ?? line.label}`}
              ariaLabels={{ tableLabel: `Ledger of ${who}, ${where}` }}
              empty={
                <EmptyState title="No charges yet">The lease's charges show here from its first due date.</EmptyState>
              }
              columnDefinitions={[
                LEDGER_COLUMNS.date,
                LEDGER_COLUMNS.description,
                {
                  id: 'charge',
                  header: 'Charge',
                  cell: (line) => (line.kind === 'payment' ? '' : <Amount value={line.amount} />),
                },
                {
                  id: 'payment',
                  header: 'Payment',
                  cell: (line) => (line.kind === 'payment' ? <Amount value={-line.amount} /> : ''),
                },
                LEDGER_COLUMNS.balance,
                ...(waivable
                  ? [
                      {
                        id: 'actions',
                        header: 'Actions',
                        cell: (line: LedgerLine) =>
                          ledger.canWaive(line) ? (
                            <Button
                              variant="inline-link"
                              disabled={ledger.waiving}
                              onClick={() => ledger.ask(line)}
                              ariaLabel={`Waive ${line.label}`}
                            >
                              Waive
                            </Button>
                          ) : null,
                      },
                    ]
                  : []),
              ]}
            />
          </>
        )}
      </SpaceBetween>
    </section>
  );
}
