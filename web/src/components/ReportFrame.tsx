import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/client';
import { EmptyState } from './EmptyState';
import { RouterButton } from './RouterButton';

/** A report's two download buttons: "Download CSV" and "Download PDF". */
export interface ReportDownloads {
  /** The buttons' test ids are `<testId>-csv` and `<testId>-pdf`. */
  testId: string;
  csv: () => void;
  pdf: () => void;
  /** Nothing to download yet: the report has not arrived, or it is empty. */
  disabled: boolean;
  /** The PDF is being made (pdf-lib loads and draws): its button spins. */
  pdfBusy: boolean;
}

/** The report's query, as React Query answers it: a first load that failed shows an error with Retry. */
interface ReportQuery {
  isError: boolean;
  data: unknown;
  error: unknown;
  refetch: () => unknown;
}

export interface ReportFrameProps {
  /**
   * `page`: the page's own title (h1) in its content layout, the downloads beside it, the report's boxes below.
   * `section`: one report among others on a page (a tab): one box with the title (h2) and the downloads in its header.
   */
  variant: 'page' | 'section';
  title: string;
  description?: ReactNode;
  downloads?: ReportDownloads;
  /** The period, year or property pickers, above the report. */
  controls?: ReactNode;
  query?: ReportQuery;
  /** The error's heading when the report failed to load. */
  loadErrorTitle?: string;
  /** A page only: the PDF that could not be made (usePdfDownload), shown above everything until dismissed. */
  pdfError?: { error: string | null; dismiss: () => void };
  /** A page only: the caller's role may not see the books; the page says so instead of the report. */
  forbidden?: { testId: string; title: string } | null;
  /** The report: a section's box holds it at a table's height while it loads; a page's are its boxes. */
  children?: ReactNode;
}

function Downloads({ testId, csv, pdf, disabled, pdfBusy }: ReportDownloads) {
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button iconName="download" onClick={csv} disabled={disabled} data-testid={`${testId}-csv`}>
        Download CSV
      </Button>
      <Button iconName="download" onClick={pdf} disabled={disabled} loading={pdfBusy} data-testid={`${testId}-pdf`}>
        Download PDF
      </Button>
    </SpaceBetween>
  );
}

/**
 * The frame every report shares (the cash flow page, each tab of the reports page): its title and description, the
 * CSV and PDF downloads, the pickers above it, the error of a failed load with Retry, and on a page the PDF error and
 * what a role that may not see the books gets instead.
 */
export function ReportFrame({
  variant,
  title,
  description,
  downloads,
  controls,
  query,
  loadErrorTitle = 'Failed to load the report',
  pdfError,
  forbidden,
  children,
}: ReportFrameProps) {
  if (forbidden) {
    return (
      <ContentLayout header={<Header variant="h1">{title}</Header>}>
        <Container data-testid={forbidden.testId}>
          <EmptyState
            title={forbidden.title}
            action={<RouterButton href="/rental-history">Go to Rental History</RouterButton>}
          >
            The books are kept by the landlords, property managers and administrators of your organization.
          </EmptyState>
        </Container>
      </ContentLayout>
    );
  }

  const header = (
    <Header
      variant={variant === 'page' ? 'h1' : 'h2'}
      description={description}
      actions={downloads ? <Downloads {...downloads} /> : undefined}
    >
      {title}
    </Header>
  );
  const body = (
    <SpaceBetween size="l">
      {pdfError?.error ? (
        <Alert type="error" dismissible onDismiss={pdfError.dismiss} header="Failed to make the PDF">
          {pdfError.error}
        </Alert>
      ) : null}
      {controls}
      {query?.isError && !query.data ? (
        <Alert
          type="error"
          header={loadErrorTitle}
          action={<Button onClick={() => void query.refetch()}>Retry</Button>}
        >
          {errorMessage(query.error, 'Please try again.')}
        </Alert>
      ) : null}
      {variant === 'page' ? (
        children
      ) : (
        <Container header={header}>
          <div className="rt-reserve-table">{children}</div>
        </Container>
      )}
    </SpaceBetween>
  );
  return variant === 'page' ? <ContentLayout header={header}>{body}</ContentLayout> : body;
}

/**
 * A report's "Tax year" picker: one of `years`. `id` is its control id and test id. It lives beside the frame so the
 * reports' own chunks (a tab loaded when first shown) share it without importing from the page's chunk.
 */
export function YearSelect({
  id,
  year,
  years,
  onChange,
}: {
  id: string;
  year: string;
  years: readonly string[];
  onChange: (year: string) => void;
}) {
  return (
    <FormField label="Tax year" controlId={id}>
      <Select
        controlId={id}
        data-testid={id}
        selectedOption={{ value: year, label: year }}
        options={years.map((y) => ({ value: y, label: y }))}
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? year)}
      />
    </FormField>
  );
}
