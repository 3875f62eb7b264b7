import { RouterButton } from '../../components/RouterButton';
import { UpcomingPage } from './UpcomingPage';

export default function CashFlowPage() {
  return (
    <UpcomingPage
      testId="cash-flow-empty"
      title="Cash Flow"
      description="What came in and what went out, month by month and property by property."
      emptyTitle="No cash flow to show yet"
      emptyText="Cash flow is calculated from your transactions. Once transactions are recorded for your properties, monthly income, expenses and net cash flow appear here."
      action={<RouterButton href="/properties">Go to Properties</RouterButton>}
      willShow={[
        'Monthly income, expenses and net cash flow',
        'A breakdown per property',
        'Transfers and ignored transactions kept out of the totals',
      ]}
    />
  );
}
