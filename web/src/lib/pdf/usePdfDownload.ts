import type { PdfMeta } from '@rent/shared/reports/pdf/tablePdf';
import type { ReportTable } from '@rent/shared/reports/table';
import { useState } from 'react';

/** A "Download PDF" button's state: busy while pdf-lib loads and draws, the error when it failed. */
export function usePdfDownload() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async (table: ReportTable, meta: Omit<PdfMeta, 'generated'>, fileName: string) => {
    setBusy(true);
    setError(null);
    try {
      const { downloadPdf } = await import('./download');
      await downloadPdf(table, meta, fileName);
    } catch (cause) {
      console.error('Failed to make the PDF', cause);
      setError('The PDF could not be made. Please try again, or download the CSV.');
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, download, dismiss: () => setError(null) };
}
