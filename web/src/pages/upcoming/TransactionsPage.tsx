import { RouterButton } from '../../components/RouterButton';
import { UpcomingPage } from './UpcomingPage';

export default function TransactionsPage() {
  return (
    <UpcomingPage
      testId="transactions-empty"
      title="Transactions"
      description="Money in and out of your properties, from your bank or entered by hand."
      emptyTitle="No transactions yet"
      emptyText="Transactions will appear here once a bank account is connected or you record one by hand. Start by adding the properties they belong to."
      action={<RouterButton href="/properties">Go to Properties</RouterButton>}
      willShow={[
        'Every transaction, newest first, with its category and property',
        'Receipts attached to each transaction',
        'Messages and review requests with your collaborators',
        'Categorization rules that file similar transactions for you',
      ]}
    />
  );
}
