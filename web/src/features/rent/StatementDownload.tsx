import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  type StatementInput,
  statementPeriod,
  statementWhere,
  tenantStatementTable,
} from '@rent/shared/reports/tenantStatementTable';
import { useOrganization } from '../../api/organization';
import { todayIso } from '../../lib/dates';
import { exportFileName } from '../../lib/exportName';
import { usePdfDownload } from '../../lib/pdf/usePdfDownload';

/**
 * "Download statement (PDF)" for one lease's ledger: the tenant's on their Rental History card, staff's in the lease's
 * ledger. The PDF is made here from the ledger the screen shows (pdf-lib loads on the click, as for every report);
 * a failure says so under the button.
 */
export function StatementDownload({ input, testId }: { input: Omit<StatementInput, 'asOf'>; testId: string }) {
  const org = useOrganization();
  const pdf = usePdfDownload();
  const download = () => {
    const statement = { ...input, asOf: todayIso() };
    void pdf.download(
      tenantStatementTable(statement),
      { title: 'Tenant statement', organization: org.organization?.name ?? '', period: statementPeriod(statement) },
      exportFileName('statement', [statementWhere(statement), statement.asOf], 'pdf'),
    );
  };
  return (
    <SpaceBetween size="xs">
      <Button
        iconName="download"
        onClick={download}
        loading={pdf.busy}
        loadingText="Making the statement"
        data-testid={testId}
      >
        Download statement (PDF)
      </Button>
      {pdf.error ? (
        <Alert type="error" dismissible onDismiss={pdf.dismiss} header="Failed to make the PDF">
          The statement could not be made. Please try again.
        </Alert>
      ) : null}
    </SpaceBetween>
  );
}
