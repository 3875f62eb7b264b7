import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { Amount, LineDescription, lineDate, nextChargeText } from '../../features/rent/ledgerParts';
import { formatMoney } from '../../lib/money';
import { LeaseList } from './LeaseList';
import { EMPTY_LEDGER, type Ledger } from './leaseText';

/**
 * What the tenant owes now: charges already due and not paid. A charge posted ahead of its due date is not owed yet;
 * it is the next charge, said below.
 */
function balanceText(totals: Ledger['totals']) {
  if (totals.owedNow > 0) return `You owe ${formatMoney(totals.owedNow, 2)}`;
  if (totals.credit > 0) return `You have a credit of ${formatMoney(totals.credit, 2)}`;
  return 'Nothing owed';
}

/** A lease's balance now and its next charge: the first thing on the tenant's card. */
export function LeaseBalance({ ledger }: { ledger: Ledger }) {
  const next = nextChargeText(ledger.next);
  return (
    <SpaceBetween size="xxs">
      <Box variant="h3" tagOverride="p" fontSize="heading-m" data-testid="rental-balance">
        {balanceText(ledger.totals)}
      </Box>
      <Box color="text-body-secondary" data-testid="rental-next-charge">
        {next ? `Next charge: ${next}` : 'No charge is scheduled next.'}
      </Box>
    </SpaceBetween>
  );
}

/**
 * A lease's ledger on a phone, newest first like the months, so the latest shows without scrolling: each line's
 * description and date, its amount at the end and the balance after it.
 */
export function LeaseLedgerList({ ledger, title }: { ledger: Ledger; title: string }) {
  return (
    <LeaseList
      testId="rental-ledger"
      heading="Charges and payments"
      label={`Charges and payments for ${title}`}
      empty={EMPTY_LEDGER}
      rows={[...ledger.lines].reverse().map((line) => (
        <li
          key={`${line.date}|${line.code ?? line.label}`}
          className="rt-list-item rt-list-item-plain rt-list-item-flush"
          data-testid="rental-ledger-line"
        >
          <div className="rt-list-item-main">
            <LineDescription line={line} />
            <span className="rt-list-meta">{lineDate(line)}</span>
          </div>
          <div className="rt-list-end">
            <div>
              <Amount value={line.amount} />
            </div>
            <div className="rt-list-meta">Balance {formatMoney(line.balance, 2)}</div>
          </div>
        </li>
      ))}
    />
  );
}
