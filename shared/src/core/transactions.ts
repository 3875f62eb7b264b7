/**
 * The ledger's limits (docs/product.md "Transactions"), zod-free so the transaction form and the ledger's pages use
 * the numbers the schemas (domain/transaction.ts) enforce.
 */

export const TRANSACTION_NAME_MAX = 300;
export const TRANSACTION_NOTES_MAX = 2000;
/** Receipts uploaded before a transaction exists that its create call may attach (see core/receipts.ts). */
export const ATTACH_RECEIPTS_MAX = 20;
export const BULK_UPDATE_MAX = 500;
/** A page of the ledger: the size asked when none is given, and the most one call returns. */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;

/**
 * Where a transaction came from, in words (the ledger's Source column, its CSV export and the flyout): the bank
 * sync, a person ("Manual"), or a bank file (docs/banking.md "File import"): "Import: chase-oct.csv".
 */
export function transactionSourceLabel(t: { source: string; importFileName?: string | null }): string {
  if (t.source === 'plaid') return 'Bank';
  if (t.source === 'import') return t.importFileName ? `Import: ${t.importFileName}` : 'Import';
  return 'Manual';
}
