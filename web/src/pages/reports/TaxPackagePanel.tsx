import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { YearSelect } from '../../components/ReportFrame';
import { formatDateTime } from '../../lib/dates';
import type { useTaxPackage } from './use-tax-package';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** "Tax package" on /reports: every report as CSV and PDF plus the year's receipts in one zip, built in the background. */
export function TaxPackagePanel({ t }: { t: ReturnType<typeof useTaxPackage> }) {
  const p = t.latest;
  return (
    <Container
      data-testid="tax-package"
      header={
        <Header
          variant="h2"
          description="One zip for your tax preparer: every report as CSV and PDF and every receipt of the year's transactions. A worksheet for your tax preparer, not tax advice."
        >
          Tax package
        </Header>
      }
    >
      <SpaceBetween size="m">
        <SpaceBetween direction="horizontal" size="s" alignItems="end">
          <YearSelect id="tax-package-year" year={t.year} years={t.years} onChange={t.setYear} />
          <Button onClick={t.build} loading={t.building} disabled={t.running} data-testid="tax-package-build">
            Build tax package
          </Button>
        </SpaceBetween>
        {t.buildError ? <Alert type="error">{t.buildError}</Alert> : null}
        {t.loading ? <StatusIndicator type="loading">Loading</StatusIndicator> : null}
        {p && t.running ? (
          <ProgressBar
            data-testid="tax-package-progress"
            label={`Building the ${p.year} tax package`}
            value={p.progress.total > 0 ? Math.round((p.progress.done / p.progress.total) * 100) : 0}
            additionalInfo={
              p.progress.total > 0
                ? `${p.progress.done} of ${p.progress.total} files`
                : 'Collecting the reports and receipts'
            }
          />
        ) : null}
        {p?.status === 'done' ? (
          <SpaceBetween size="xs">
            <SpaceBetween direction="horizontal" size="s" alignItems="center">
              <StatusIndicator type="success">
                Built {formatDateTime(p.finishedAt ?? p.updatedAt)}: {p.progress.total} files
                {p.size !== null ? `, ${megabytes(p.size)}` : ''}
              </StatusIndicator>
              <Button
                variant="primary"
                iconName="download"
                onClick={t.download}
                loading={t.downloading}
                data-testid="tax-package-download"
              >
                Download tax package
              </Button>
            </SpaceBetween>
            {p.expiresAt ? (
              <Box variant="small" color="text-body-secondary">
                Available until {formatDateTime(p.expiresAt)}; build it again after that.
              </Box>
            ) : null}
          </SpaceBetween>
        ) : null}
        {p?.status === 'failed' ? (
          <StatusIndicator type="error">{p.error ?? 'The build failed. Build it again.'}</StatusIndicator>
        ) : null}
        {t.downloadError ? <Alert type="error">{t.downloadError}</Alert> : null}
      </SpaceBetween>
    </Container>
  );
}
