import type { PdfMeta } from '@rent/shared/reports/pdf/tablePdf';
import type { ReportTable } from '@rent/shared/reports/table';
import { downloadBlob } from '../csv';

/** The date a PDF shows it was made ("November 23, 2026"). */
export const generatedDate = (now = new Date()) =>
  now.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Makes the table's PDF and saves it; pdf-lib is loaded only now, never with the page. */
export async function downloadPdf(table: ReportTable, meta: Omit<PdfMeta, 'generated'>, fileName: string) {
  const { tablePdf } = await import('@rent/shared/reports/pdf/tablePdf');
  const bytes = await tablePdf(table, { ...meta, generated: generatedDate() });
  downloadBlob(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), fileName);
}
