import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { reconciliationTable } from '@rent/shared/reports/reconciliationTable';
import { tableCsv } from '@rent/shared/reports/table';
import { useOrganization } from '../../api/organization';
import type { Reconciliation } from '../../api/reconciliation';
import { downloadText } from '../../lib/csv';
import { exportFileName } from '../../lib/exportName';
import { usePdfDownload } from '../../lib/pdf/usePdfDownload';

/** The reconciliation report of the account and month as shown (CSV and PDF, docs/reconciliation.md "Reports"). */
export function ReconcileDownloads({ r }: { r: Reconciliation }) {
  const org = useOrganization();
  const pdf = usePdfDownload();
  const name = (extension: 'csv' | 'pdf') => exportFileName('reconciliation', [r.accountName, r.month], extension);
  return (
    <SpaceBetween size="xs">
      <SpaceBetween direction="horizontal" size="xs">
        <Button
          iconName="download"
          onClick={() => downloadText(tableCsv(reconciliationTable(r)), name('csv'))}
          data-testid="reconcile-csv"
        >
          Download CSV
        </Button>
        <Button
          iconName="download"
          loading={pdf.busy}
          loadingText="Making the PDF"
          onClick={() =>
            void pdf.download(
              reconciliationTable(r),
              {
                title: 'Bank reconciliation',
                organization: org.organization?.name ?? '',
                period: `${r.accountName}, ${r.periodStart} to ${r.periodEnd}`,
              },
              name('pdf'),
            )
          }
          data-testid="reconcile-pdf"
        >
          Download PDF
        </Button>
      </SpaceBetween>
      {pdf.error ? (
        <Alert type="error" dismissible onDismiss={pdf.dismiss} header="Failed to make the PDF">
          {pdf.error}
        </Alert>
      ) : null}
    </SpaceBetween>
  );
}
