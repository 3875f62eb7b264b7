/**
 * The dashboard's "Needs attention" items that are ledger filters (docs/reports-and-tax.md "Needs attention"), defined
 * once: the server counts with exactly the filter the dashboard's link opens, so the count equals the list; and the
 * words of the properties without a land value. Zod-free (the web imports it).
 */
import { ledgerFilterFor } from './books.js';
import { centsToString } from './money.js';

/** "Expenses over $75 without a receipt": money out of more than this many cents. */
export const RECEIPT_THRESHOLD_CENTS = 7500;

/**
 * The ledger filter (URL parameters) of the period's expenses over $75 without a receipt: money out, not ignored,
 * no receipt, absolute amount at least $75.01 (integer cents: "over $75"), dated in the period's months, of the
 * chosen property ("none" = no property) when there is one.
 */
export function missingReceiptFilter(period: {
  from: string;
  to: string;
  propertyId?: string | null;
}): Record<string, string> {
  return {
    ...ledgerFilterFor(period),
    direction: 'out',
    ignored: 'false',
    hasReceipt: 'false',
    minAmount: centsToString(RECEIPT_THRESHOLD_CENTS + 1),
  };
}

/** A property's street line: its address up to the first comma ("220 Birch Lane, Peoria, IL" -> "220 Birch Lane"). */
export const streetOf = (address: string) => address.split(',')[0]!.trim() || address;

/**
 * "Needs attention" for the properties whose building cannot be depreciated for want of a land value
 * (core/properties.ts `needsLandValue`): one property by its street, several by their number.
 */
export function noLandValueText(addresses: readonly string[]): string {
  if (addresses.length === 1) {
    return `${streetOf(addresses[0]!)} has no land value: its building cannot be depreciated. Add the land value.`;
  }
  return `${addresses.length} properties have no land value: their buildings cannot be depreciated. Add the land values.`;
}
