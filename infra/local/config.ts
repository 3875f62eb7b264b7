import { OFFLINE_PLAID_CREDENTIALS } from './plaid/catalog.js';

/** The fixed names of the offline stack (what CDK names in AWS), shared by the stack, its tests and the bench. */
export const LOCAL = {
  region: 'us-east-1',
  userPoolId: 'local_devpool',
  clientId: 'local-spa-client',
  tableName: 'rent-today',
  receiptsBucket: 'rent-today-receipts',
  /** The local KMS stand-in's one key (infra/local/kms.ts), as an alias. */
  plaidTokenKeyAlias: 'alias/rent-today-plaid-token',
  /**
   * The credentials the handlers sign presigned links with, and the only ones the /s3 pass-through
   * accepts. Always these offline: a developer's real AWS credentials never reach the local stack.
   */
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  /** The Plaid stand-in's client id and secret: fixed test values, never valid at Plaid. */
  plaid: OFFLINE_PLAID_CREDENTIALS,
} as const;
