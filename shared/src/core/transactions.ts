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
