import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { formatCurrency, TRANSACTIONS_BY_CATEGORY_LIMIT } from '@rent/shared';
import { csvFileBytes } from '@rent/shared/reports/csv';
import { depreciationTable } from '@rent/shared/reports/depreciationTable';
import { tablePdf } from '@rent/shared/reports/pdf/tablePdf';
import { profitAndLossTable } from '@rent/shared/reports/profitAndLossTable';
import { reconciliationYearTable } from '@rent/shared/reports/reconciliationTable';
import { rentRollTable } from '@rent/shared/reports/rentRollTable';
import { scheduleESummaryTable, scheduleETable } from '@rent/shared/reports/scheduleETable';
import { securityDepositsTable } from '@rent/shared/reports/securityDepositsTable';
import { type ReportTable, tableCsv } from '@rent/shared/reports/table';
import {
  fileNamePart,
  type PackageFile,
  receiptEntryName,
  TAX_PACKAGE_NOTICE,
  taxPackageReadme,
  uniqueName,
} from '@rent/shared/reports/taxPackage';
import {
  ledgerTable,
  loansTable,
  MISSING_RECEIPTS_TITLE,
  missingReceipts,
  missingReceiptsTable,
  type PackageLoan,
} from '@rent/shared/reports/taxPackageTables';
import { transactionsByCategoryTable } from '@rent/shared/reports/transactionsByCategoryTable';
import { ZipFile } from 'yazl';
import { type TransactionLine, transactionsInRange } from '../../data/ledger/inRange.js';
import { getOrganization } from '../../data/people/organizations.js';
import { receiptsOfTransaction } from '../../data/receipts/receipts.js';
import {
  finishTaxPackage,
  getTaxPackage,
  type TaxPackageRecord,
  updateTaxPackageProgress,
} from '../../data/reports/taxPackages.js';
import { listProperties } from '../../data/tenancy/properties.js';
import { atMostAtOnce } from '../../lib/atOnce.js';
import { logger } from '../../lib/logger.js';
import { openObject, uploadStream } from '../../lib/taxPackageFiles.js';
import { todayOf } from '../../lib/today.js';
import { listLoans, loanDetail } from '../loans/loans.js';
import { reconciliationYear } from '../reconciliation/view.js';
import { securityDepositsReport } from '../tenancy/securityDeposits.js';
import { depreciationReport } from './depreciation.js';
import { rentRollReport } from './rentRoll.js';
import { profitAndLossReport, scheduleEReport } from './statements.js';
import { transactionsByCategoryWire } from './transactionsByCategory.js';

/**
 * The tax package build (docs/reports-and-tax.md "Tax package"), run by the job (jobs/buildTaxPackage.ts):
 * every report of the year as CSV and PDF (the same row models and PDF code as the browser's downloads,
 * shared/src/reports), every receipt of the year's transactions, and README.txt, zipped (yazl) straight into a
 * multipart S3 upload. Receipts are opened one at a time and each is streamed through before the next is
 * opened, so memory stays flat however many there are; only one report's CSV and PDF are in memory at once.
 */

/** The package reads at most this many of the year's transactions (its detail report's PDF stops at the API's limit). */
export const PACKAGE_TRANSACTION_LIMIT = 100_000;
const RECEIPT_LOOKUPS = 8;
const PROGRESS_EVERY_MS = 1_000;

interface ReportFile extends PackageFile {
  make: () => Promise<Uint8Array>;
}

/** A table as a CSV file: the same bytes the browser's download saves (byte-order mark, UTF-8). */
const csvFile = async (table: () => ReportTable) => csvFileBytes(tableCsv(table()));

/**
 * The loans' reads are a person's in the loans service; the job acts for nobody, and only reads (the caller's
 * organization is all a read uses).
 */
const packageReader = (orgId: string) => ({ orgId, userId: 'tax-package' });

const formatDate = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The year's reports as files: a CSV and a PDF each, made only when the zip reaches them. */
async function reportFiles(
  orgId: string,
  year: string,
  organization: string,
  now: Date,
  notes: string[],
  receiptNames: ReadonlyMap<string, readonly string[]>,
) {
  const generated = formatDate(now);
  const period = { from: `${year}-01`, to: `${year}-12`, propertyId: undefined };
  const files: ReportFile[] = [];
  const both = (base: string, description: string, title: string, scope: string, table: () => ReportTable) => {
    files.push({ path: `${base}.csv`, description: `${description} (CSV)`, make: () => csvFile(table) });
    files.push({
      path: `${base}.pdf`,
      description: `${description} (PDF)`,
      make: () => tablePdf(table(), { title, organization, period: scope, generated }),
    });
  };

  const pnl = await profitAndLossReport(orgId, period);
  both(`reports/01 Profit and loss ${year}`, 'Profit and loss by property', 'Profit and loss', `Tax year ${year}`, () =>
    profitAndLossTable(pnl),
  );
  const scheduleE = await scheduleEReport(orgId, { year, propertyId: undefined });
  const names = new Set<string>();
  for (const sheet of scheduleE.worksheets) {
    const base = uniqueName(`reports/02 Schedule E ${year} - ${fileNamePart(sheet.address, 50)}`, names);
    both(
      base,
      `Schedule E worksheet, ${sheet.address}`,
      'Schedule E worksheet',
      `Tax year ${year}, ${sheet.address}`,
      () => scheduleETable(sheet, year, scheduleE.notice),
    );
  }
  both(
    `reports/02 Schedule E ${year} - Summary (lines 23a-26)`,
    'Schedule E lines 23a to 26, all properties',
    'Schedule E summary',
    `Tax year ${year}, all properties`,
    () => scheduleESummaryTable(scheduleE),
  );
  const depreciation = await depreciationReport(orgId, { year, propertyId: undefined });
  both(
    `reports/03 Depreciation schedule ${year}`,
    'Depreciation schedule, all properties',
    'Depreciation schedule',
    `Tax year ${year}, all properties`,
    () => depreciationTable(depreciation.properties, year, depreciation.notice),
  );
  const rentRoll = await rentRollReport(orgId, period, todayOf());
  both(`reports/04 Rent roll ${year}`, 'Rent roll by lease and month', 'Rent roll', `Tax year ${year}`, () =>
    rentRollTable(rentRoll),
  );

  const deposits = await securityDepositsReport(orgId, `${year}-12`);
  both(
    `reports/08 Security deposits held ${year}`,
    'Security deposits held at the year end, per property and lease',
    'Security deposits held',
    `At the end of ${year}`,
    () => securityDepositsTable(deposits),
  );

  const reconciled = await reconciliationYear(orgId, year, now);
  if (reconciled.length > 0) {
    both(
      `reports/09 Bank reconciliations ${year}`,
      'Bank reconciliations: each account and month, reconciled or not',
      'Bank reconciliations',
      `Tax year ${year}`,
      () => reconciliationYearTable(year, reconciled),
    );
  }

  const lines = await transactionsInRange(
    orgId,
    { from: `${year}-01-01`, to: `${year}-12-31` },
    undefined,
    PACKAGE_TRANSACTION_LIMIT,
  );
  const properties = await listProperties(orgId);
  const detail = { ...transactionsByCategoryWire(lines, properties, PACKAGE_TRANSACTION_LIMIT), ...period };
  const detailTable = () => transactionsByCategoryTable(detail, 'All properties');
  const base = `reports/05 Transactions by category ${year}`;
  const description = 'Every transaction of the year by category, with subtotals';
  files.push({ path: `${base}.csv`, description: `${description} (CSV)`, make: () => csvFile(detailTable) });
  if (lines.length <= TRANSACTIONS_BY_CATEGORY_LIMIT) {
    files.push({
      path: `${base}.pdf`,
      description: `${description} (PDF)`,
      make: () =>
        tablePdf(detailTable(), {
          title: 'Transactions by category',
          organization,
          period: `Tax year ${year}`,
          generated,
        }),
    });
  } else {
    notes.push(
      `The transactions-by-category PDF is left out: the year has more than ${TRANSACTIONS_BY_CATEGORY_LIMIT.toLocaleString('en-US')} transactions. The CSV has them all.`,
    );
  }
  const addressOf = (id: string) => properties.find((p) => p.id === id)?.address ?? 'A deleted property';
  files.push({
    path: `reports/06 Ledger ${year}.csv`,
    description:
      'Every transaction of the year, a split as one row per part with its transaction id, with notes, source and receipt files (CSV)',
    // Made when the zip reaches it, by which time the receipts' names in the zip are known.
    make: () => csvFile(() => ledgerTable(lines, addressOf, receiptNames)),
  });
  const missing = missingReceipts(lines);
  files.push({
    path: `reports/07 Missing receipts ${year}.csv`,
    description: `${MISSING_RECEIPTS_TITLE}: ${missing.length} (CSV)`,
    make: () => csvFile(() => missingReceiptsTable(missing)),
  });
  const loans = await packageLoans(orgId, year, properties);
  if (loans.length > 0) {
    both(
      `reports/08 Mortgage loans ${year}`,
      'Mortgage loans: interest by schedule, per the ledger and per Form 1098',
      'Mortgage loans',
      `Tax year ${year}`,
      () => loansTable(loans, year, TAX_PACKAGE_NOTICE),
    );
  }
  return { files, lines, missing };
}

/** Every property's loans with the year's interest and escrow (the loans service's own figures). */
async function packageLoans(orgId: string, year: string, properties: readonly { id: string; address: string }[]) {
  const reader = packageReader(orgId);
  const out: PackageLoan[] = [];
  for (const property of properties) {
    for (const loan of (await listLoans(reader, property.id)).loans) {
      const detail = await loanDetail(reader, loan.id, Number(year));
      out.push({
        address: property.address,
        lender: loan.lender,
        principal: loan.principal,
        annualRate: loan.annualRate,
        interest: detail.interest,
        escrow: detail.escrow,
      });
    }
  }
  return out;
}

interface ReceiptFile {
  path: string;
  key: string;
}

/** Every confirmed receipt of the year's transactions, named for the preparer (receiptEntryName), in date order. */
async function receiptFiles(
  orgId: string,
  lines: readonly TransactionLine[],
  used: Set<string>,
  names: Map<string, string[]>,
) {
  const withReceipts = lines.filter((t) => t.receiptCount > 0).sort((a, b) => a.date.localeCompare(b.date));
  const found = await atMostAtOnce(withReceipts, RECEIPT_LOOKUPS, async (line) => ({
    line,
    receipts: await receiptsOfTransaction(orgId, line.id),
  }));
  const out: ReceiptFile[] = [];
  for (const { line, receipts } of found) {
    for (const r of receipts) {
      const name = receiptEntryName({
        receiptId: r.id,
        contentType: r.contentType,
        fileName: r.fileName,
        transaction: { date: line.date, name: line.name, amount: line.amount },
      });
      const path = uniqueName(name, used);
      out.push({ path, key: r.key });
      names.set(line.id, [...(names.get(line.id) ?? []), path]);
    }
  }
  return out;
}

/** Runs one build: queued -> running (progress) -> done, or failed with a message the UI shows. */
export async function buildTaxPackage(orgId: string, packageId: string): Promise<void> {
  const record = await getTaxPackage(orgId, packageId);
  if (record.status !== 'queued') {
    logger.warn('tax package already started; this invocation does nothing', { packageId, status: record.status });
    return;
  }
  try {
    await updateTaxPackageProgress(orgId, packageId, { done: 0, total: 0 });
    const { size, progress } = await writePackage(orgId, record);
    await finishTaxPackage(orgId, record, { status: 'done', size, progress });
  } catch (error) {
    logger.error('tax package build failed', { packageId, error });
    await finishTaxPackage(orgId, record, {
      status: 'failed',
      error: 'The tax package could not be built. Please try again.',
    });
  }
}

async function writePackage(orgId: string, record: TaxPackageRecord) {
  const now = new Date();
  const org = await getOrganization(orgId);
  const notes: string[] = [];
  const receiptNames = new Map<string, string[]>();
  const {
    files,
    lines,
    missing: noReceipt,
  } = await reportFiles(orgId, record.year, org.name, now, notes, receiptNames);
  const used = new Set<string>(files.map((f) => f.path.toLowerCase()));
  const receipts = await receiptFiles(orgId, lines, used, receiptNames);
  const progress = { done: 0, total: files.length + receipts.length + 1 };
  let reported = 0;
  const report = async (force = false) => {
    if (!force && Date.now() - reported < PROGRESS_EVERY_MS) return;
    reported = Date.now();
    await updateTaxPackageProgress(orgId, record.id, progress);
  };
  await report(true);

  const zip = new ZipFile();
  let size = 0;
  zip.outputStream.on('data', (chunk: Buffer) => {
    size += chunk.length;
  });
  const upload = uploadStream(record.key, zip.outputStream as unknown as Readable);
  const uploaded = upload.done();
  // A failed upload must end the loop below rather than leave it waiting for a stream nobody reads.
  uploaded.catch(() => undefined);
  const mtime = now;

  for (const file of files) {
    const bytes = await file.make();
    zip.addBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), file.path, { mtime });
    progress.done++;
    await report();
  }
  const missing: string[] = [];
  for (const receipt of receipts) {
    let body: Readable;
    try {
      body = await openObject(receipt.key);
    } catch (error) {
      logger.warn('a receipt file could not be read', { key: receipt.key, error });
      missing.push(`${receipt.path} (the file could not be read)`);
      progress.done++;
      continue;
    }
    zip.addReadStream(body, receipt.path, { mtime, compress: false });
    // The next receipt is opened only when this one has been read to its end.
    await Promise.race([finished(body), uploaded]);
    progress.done++;
    await report();
  }
  const readme = taxPackageReadme({
    organization: org.name,
    year: record.year,
    generatedAt: now.toISOString(),
    files: [...files, { path: 'README.txt', description: `This file. ${TAX_PACKAGE_NOTICE}` }],
    receiptCount: receipts.length - missing.length,
    missing,
    notes,
    missingReceipts: {
      title: MISSING_RECEIPTS_TITLE,
      lines: noReceipt.map((t) => `${t.date}  ${t.name}  ${formatCurrency(t.amount, 2)}  (${t.id})`),
    },
  });
  zip.addBuffer(Buffer.from(readme, 'utf8'), 'README.txt', { mtime });
  zip.end();
  await uploaded;
  progress.done++;
  return { size, progress };
}
