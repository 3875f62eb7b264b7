/**
 * The browser's side of CSV exports: saving a file. The quoting, the formula guard and the file's bytes (with the
 * byte-order mark, the same bytes the tax package writes) live in @rent/shared/reports/csv.
 */
import { csvFileBytes } from '@rent/shared/reports/csv';

export { csvCell } from '@rent/shared/reports/csv';

/** Saves CSV text as a file through a temporary link (the browser's download). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(new Blob([csvFileBytes(text)], { type }), fileName);
}

/** Saves a blob as a file through a temporary link (the browser's download). */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
