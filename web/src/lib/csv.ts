/** The browser's side of CSV exports: saving a file. The quoting and formula guard live in @rent/shared/reports/csv. */
export { csvCell } from '@rent/shared/reports/csv';

/** Saves text as a file through a temporary link (the browser's download). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  // A byte-order mark so spreadsheet apps read the UTF-8 (en dashes, accents) correctly.
  downloadBlob(new Blob(['\ufeff', text], { type }), fileName);
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
