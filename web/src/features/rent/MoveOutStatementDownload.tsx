import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  type MoveOutStatementInput,
  moveOutStatementTable,
  moveOutWhere,
} from '@rent/shared/reports/moveOutStatementTable';
import { useOrganization } from '../../api/organization';
import { exportFileName } from '../../lib/exportName';
import { usePdfDownload } from '../../lib/pdf/usePdfDownload';

/**
 * "Download move-out statement (PDF)": made in the browser from the statement the server recorded on the lease
 * (pdf-lib loads on the click, as for every report and the tenant statement); a failure says so under the button.
 */
export function MoveOutStatementDownload({
  statement,
  variant = 'normal',
  ariaLabel,
}: {
  statement: MoveOutStatementInput;
  variant?: 'normal' | 'inline-link';
  ariaLabel?: string;
}) {
  const org = useOrganization();
  const pdf = usePdfDownload();
  const download = () =>
    void pdf.download(
      moveOutStatementTable(statement),
      { title: 'Move-out statement', organization: org.organization?.name ?? '', period: statement.date },
      exportFileName('move-out-statement', [moveOutWhere(statement), statement.date], 'pdf'),
    );
  return (
    <SpaceBetween size="xs">
      <Button
        variant={variant}
        iconName={variant === 'normal' ? 'download' : undefined}
        onClick={download}
        loading={pdf.busy}
        loadingText="Making the move-out statement"
        ariaLabel={ariaLabel}
        data-testid="move-out-statement-pdf"
      >
        {variant === 'normal' ? 'Download move-out statement (PDF)' : 'Move-out statement (PDF)'}
      </Button>
      {pdf.error ? (
        <Alert type="error" dismissible onDismiss={pdf.dismiss} header="Failed to make the PDF">
          The move-out statement could not be made. Please try again.
        </Alert>
      ) : null}
    </SpaceBetween>
  );
}
