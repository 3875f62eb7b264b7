import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type MaintenanceRequest, useMaintenanceCosts } from '../../api/maintenance';
import { formatMoney } from '../../lib/money';
import { openTransactionFlyout } from '../transaction-flyout/store';

/**
 * A request's repair costs (staff only; docs/tenants-and-maintenance.md "Repair costs"): the expenses that name it and
 * their total, and "Add expense", which opens the transaction flyout prefilled (the request's property, Repairs, money
 * out, a note naming the request); the saved expense stays linked to the request.
 */
export function RepairCosts({ request, onAddExpense }: { request: MaintenanceRequest; onAddExpense: () => void }) {
  const costs = useMaintenanceCosts(request.id);
  const addExpense = () => {
    onAddExpense();
    openTransactionFlyout(null, null, {
      propertyId: request.propertyId,
      category: 'repairs',
      direction: 'out',
      notes: `Maintenance request: ${request.title}`,
      maintenanceRequestId: request.id,
    });
  };
  return (
    <SpaceBetween size="s" data-testid="maintenance-costs">
      <Header
        variant="h3"
        actions={
          <Button onClick={addExpense} data-testid="maintenance-add-expense">
            Add expense
          </Button>
        }
      >
        Repair costs
      </Header>
      {costs.isPending ? (
        <StatusIndicator type="loading">Loading costs</StatusIndicator>
      ) : costs.isError ? (
        <StatusIndicator type="error">Unable to load the costs.</StatusIndicator>
      ) : costs.data.costs.length === 0 ? (
        <Box color="text-body-secondary">No costs yet.</Box>
      ) : (
        <SpaceBetween size="xxs">
          {costs.data.costs.map((cost) => (
            <Box key={cost.id}>
              {cost.date} · {cost.name} · {formatMoney(cost.amount, 2)}
              {cost.isIgnored ? ' (ignored)' : ''}
            </Box>
          ))}
          <Box fontWeight="bold" data-testid="maintenance-costs-total">
            Total {formatMoney(costs.data.total, 2)}
          </Box>
        </SpaceBetween>
      )}
    </SpaceBetween>
  );
}
