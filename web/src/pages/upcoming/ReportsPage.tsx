import { RouterButton } from '../../components/RouterButton';
import { UpcomingPage } from './UpcomingPage';

export default function ReportsPage() {
  return (
    <UpcomingPage
      testId="reports-empty"
      title="Reports"
      description="Summaries of income and expenses by category, ready for your accountant."
      emptyTitle="No reports yet"
      emptyText="Reports are built from categorised transactions. When your first transactions are recorded and categorised, reports by property, month and category appear here."
      action={<RouterButton href="/properties">Go to Properties</RouterButton>}
      willShow={[
        'Income and expenses by category for any period',
        'Per-property profit and loss',
        'Capital expenditures kept apart from operating expenses',
      ]}
    />
  );
}
