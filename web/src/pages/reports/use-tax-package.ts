import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { taxPackageLink, useStartTaxPackage, useTaxPackages } from '../../api/taxPackages';

/**
 * The reports page's tax package panel (docs/reports-and-tax.md "Tax package"): a tax year, its latest build (polled
 * while it runs), Build, and Download, which asks for a 5-minute link on the click and lets the browser fetch the zip
 * from S3.
 */
export function useTaxPackage(years: readonly string[], defaultYear: string, enabled: boolean) {
  const [year, setYear] = useState(defaultYear);
  const list = useTaxPackages(enabled ? year : null);
  const start = useStartTaxPackage();
  const latest = list.data?.packages[0] ?? null;
  const running = latest?.status === 'queued' || latest?.status === 'running';
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    if (!latest) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      const link = await taxPackageLink(latest.id);
      window.location.assign(link.url);
    } catch (error) {
      setDownloadError(errorMessage(error, 'The download link could not be made. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return {
    year,
    setYear,
    years,
    latest,
    running,
    loading: list.isPending && enabled,
    build: () => start.mutate(year),
    building: start.isPending,
    buildError: start.error ? errorMessage(start.error, 'The build could not be started.') : null,
    download: () => void download(),
    downloading,
    downloadError,
  };
}
