import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvFileBytes } from '../../shared/src/reports/csv.js';
import { scheduleESummaryTable } from '../../shared/src/reports/scheduleETable.js';
import { tableCsv } from '../../shared/src/reports/table.js';
import { downloadText } from '../../web/src/lib/csv.js';

/** What the browser's download saves, caught at the temporary link: the Blob's bytes and the file name. */
async function savedByTheBrowser(text: string, fileName: string): Promise<{ bytes: Uint8Array; name: string }> {
  let blob: Blob | null = null;
  let name = '';
  const createObjectURL = (b: Blob) => {
    blob = b;
    return 'blob:x';
  };
  vi.stubGlobal('URL', { createObjectURL, revokeObjectURL: () => undefined });
  const link = { click: () => undefined, remove: () => undefined, style: {} } as Record<string, unknown>;
  vi.stubGlobal('document', {
    createElement: () => link,
    body: { append: () => undefined },
  });
  downloadText(text, fileName);
  name = link.download as string;
  expect(blob).not.toBeNull();
  return { bytes: new Uint8Array(await (blob as unknown as Blob).arrayBuffer()), name };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CSV file bytes: one function for the browser and the tax package', () => {
  it('starts with the UTF-8 byte-order mark, so Excel reads "–" as "–" and not "â€“"', () => {
    const bytes = csvFileBytes('2 Elm – Unit B\r\n');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect([...bytes.subarray(9, 12)]).toEqual([0xe2, 0x80, 0x93]); // "–" in UTF-8
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\ufeff2 Elm – Unit B\r\n');
  });

  it("the browser's download saves exactly the bytes the tax package writes", async () => {
    const text = tableCsv(
      scheduleESummaryTable({
        year: '2025',
        notice: 'A worksheet for your tax preparer, not tax advice.',
        summary: { lines: [{ line: '26', label: 'Total – all properties', amount: -1234.5 }], note: 'Form 8582' },
      }),
    );
    const saved = await savedByTheBrowser(text, 'schedule-e-summary-2025.csv');
    expect(saved.name).toBe('schedule-e-summary-2025.csv');
    // The package: Buffer.from(csvFileBytes(tableCsv(table))) (functions/src/services/reports/taxPackageBuild.ts).
    expect(Buffer.compare(Buffer.from(saved.bytes), Buffer.from(csvFileBytes(text)))).toBe(0);
    expect(Buffer.from(saved.bytes).toString('utf8')).toContain('Total – all properties,-1234.50');
  });
});
