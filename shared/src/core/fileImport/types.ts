/** What a bank file becomes in the browser before it is sent: one row per transaction line. */
export interface ParsedRow {
  /** The line of the file the row came from (1-based), shown in the review and in errors. */
  line: number;
  /** YYYY-MM-DD */
  date: string;
  name: string;
  /** Signed integer cents, negative = money out. */
  amountCents: number;
  /** The bank's own id of the transaction (OFX FITID, a CSV reference column), when there is one. */
  externalId: string | null;
  /** The bank's memo (OFX MEMO) when the file gives one beside the name: it becomes the transaction's notes. */
  memo?: string;
}

/** A line that could not be read, and why. Parsing never throws for bad input. */
export interface RowError {
  line: number;
  reason: string;
}
