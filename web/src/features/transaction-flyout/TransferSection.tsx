import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import { errorMessage } from '../../api/client';
import type { Transaction } from '../../api/transactions';
import { type TransferSide, usePairTransfer, useTransfer, useUnpairTransfer } from '../../api/transfers';
import { toast } from '../../components/toast/store';
import { openTransactionFlyout } from './store';

/** "ONLINE TRANSFER in Savings ••2222, $500.00 on 2026-03-04". */
const sideWords = (side: TransferSide) =>
  `${side.accountName ? ` in ${side.accountName}` : ' (no account)'}, ${formatCurrency(toCents(side.amount) ?? 0, 2)} on ${side.date}`;

/**
 * Transfers between own accounts (docs/ledger.md "Transfers"): a paired transaction says "Transfer with …" with a link
 * to the other side and an Unpair action; an unpaired one lists the lines it may be a transfer with, each to pair by
 * hand. `onChanged` takes the saved transaction into the form (its category and version changed).
 */
export function TransferSection({
  transaction: t,
  onChanged,
}: {
  transaction: Transaction;
  onChanged: (saved: Transaction) => void;
}) {
  const info = useTransfer(t);
  const pair = usePairTransfer();
  const unpair = useUnpairTransfer();
  const failed = (error: unknown) => toast.error('Error', { description: `Error: ${errorMessage(error)}` });
  const busy = pair.isPending || unpair.isPending;
  const data = info.data;
  if (!data) return null;

  if (t.transferPairId && data.pair) {
    const other = data.pair;
    return (
      <Alert
        type="info"
        header="Transfer between your accounts"
        data-testid="transaction-transfer"
        action={
          <Button
            formAction="none"
            loading={unpair.isPending}
            disabled={busy}
            ariaLabel={`Unpair from ${other.name}`}
            onClick={() =>
              unpair.mutate(
                { id: t.id },
                {
                  onSuccess: (result) => {
                    toast.success('Transfer unpaired', {
                      description: 'Both sides are uncategorized again. They will not be paired automatically again.',
                      duration: 3000,
                    });
                    onChanged(result.transaction);
                  },
                  onError: failed,
                },
              )
            }
            data-testid="transaction-transfer-unpair"
          >
            Unpair
          </Button>
        }
      >
        Transfer with{' '}
        <Link
          href={`#transaction-${other.id}`}
          onFollow={(event) => {
            event.preventDefault();
            openTransactionFlyout(other.id);
          }}
          data-testid="transaction-transfer-other"
        >
          {other.name}
        </Link>
        {sideWords(other)}. It counts in no income, expense or report total.
      </Alert>
    );
  }

  if (data.candidates.length === 0) return null;
  return (
    <Alert type="info" header="Possibly a transfer between your accounts" data-testid="transaction-transfer-candidates">
      <SpaceBetween size="xs">
        <Box variant="p">
          The same amount moved the other way in another account within a few days. Pair it to count it nowhere.
        </Box>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Possible other sides">
          {data.candidates.map((side) => (
            <li key={side.id}>
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <span>
                  {side.name}
                  {sideWords(side)}
                </span>
                <Button
                  formAction="none"
                  variant="inline-link"
                  disabled={busy}
                  ariaLabel={`Pair as a transfer with ${side.name}`}
                  onClick={() =>
                    pair.mutate(
                      { id: t.id, otherId: side.id },
                      {
                        onSuccess: (result) => {
                          toast.success('Paired as a transfer', { description: `With ${side.name}.`, duration: 3000 });
                          onChanged(result.transaction);
                        },
                        onError: failed,
                      },
                    )
                  }
                  data-testid="transaction-transfer-pair"
                >
                  Pair
                </Button>
              </SpaceBetween>
            </li>
          ))}
        </ul>
      </SpaceBetween>
    </Alert>
  );
}
