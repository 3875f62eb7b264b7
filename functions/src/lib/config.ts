import * as z from 'zod';

/** Environment, parsed once at cold start. A bad deployment fails loudly here, not mid-request. */
const Env = z.object({
  TABLE_NAME: z.string().min(1),
  RECEIPTS_BUCKET: z.string().min(1).default('rent-receipts'),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** Set only offline: DynamoDB Local / s3rver endpoints. In AWS the SDK finds the real ones. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  /**
   * Offline only: where the BROWSER reaches S3, i.e. the local origin's /s3 pass-through, so
   * presigned links are same-origin. In AWS it is unset and links use the bucket's regional endpoint.
   */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * Chunks of a bulk transaction write (rule apply and undo, imports) in flight at once. Default: 6 in
   * AWS; 1 against DynamoDB Local, which runs one transaction at a time, so more only queue (measured:
   * 8 lanes were ~2x slower than 1 there).
   */
  WRITE_LANES: z.coerce.number().int().min(1).max(32).optional(),
  /** The Cognito user pool, set only on functions whose route declares `userPoolAccess`. */
  USER_POOL_ID: z.string().min(1).optional(),
  /**
   * Offline only: the Cognito stand-in's JSON API on the local HTTPS origin, and the certificate that
   * origin uses (self-signed, so the SDK is told to trust it). In AWS both are unset.
   */
  COGNITO_ENDPOINT: z.url().optional(),
  LOCAL_CA_FILE: z.string().min(1).optional(),
  /**
   * Email (routes with `sendsEmail`): the verified SES sender, the site's origin for links in mails, and the
   * optional SES configuration set (bounces and complaints, docs/deploy.md). SES_ENDPOINT is offline only: the
   * local SES emulator (aws-ses-v2-local); in AWS the SDK finds the regional endpoint.
   */
  MAIL_FROM: z.string().min(3).default('Rent.Today <no-reply@rent.today.invalid>'),
  SITE_URL: z.url().optional(),
  SES_ENDPOINT: z.url().optional(),
  SES_CONFIGURATION_SET: z.string().min(1).optional(),
  /**
   * The HMAC-SHA256 key that signs page cursors (data/cursor.ts), at least 32 characters. In AWS the
   * Data stack generates it in Secrets Manager and the Api stack passes it to every route function.
   */
  CURSOR_SECRET: z.string().min(32).optional(),
  /**
   * Sync plumbing (docs/banking.md "Sync plumbing"): the bank-sync queue (SQS in AWS; offline the local sync
   * runner, which speaks SQS's SendMessage on loopback at SQS_ENDPOINT), and how long a sync lease lasts (longer
   * than the consumer's Lambda timeout).
   */
  SYNC_QUEUE_URL: z.url().optional(),
  SQS_ENDPOINT: z.url().optional(),
  SYNC_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(360),
  /**
   * Bank links (docs/banking.md "Bank links"): the KMS key that envelope-encrypts Plaid access tokens (its ARN,
   * set only on functions granted it), and offline the local KMS stand-in (infra/local/kms.ts).
   */
  PLAID_TOKEN_KEY_ID: z.string().min(1).optional(),
  KMS_ENDPOINT: z.url().optional(),
  /**
   * Plaid (lib/plaid.ts): the API's base path (https://sandbox.plaid.com or https://production.plaid.com in AWS;
   * offline the Plaid stand-in on loopback), the client id and secret, and the public URL of our webhook route
   * (…/api/plaid/webhook) that link tokens carry. Only functions that talk to Plaid get them.
   */
  PLAID_BASE_PATH: z.url().optional(),
  PLAID_CLIENT_ID: z.string().min(1).optional(),
  PLAID_SECRET: z.string().min(1).optional(),
  PLAID_WEBHOOK_URL: z.url().optional(),
  /** The tax package job's function (routes with `startsJob`; offline the local stack runs it in process). */
  TAX_PACKAGE_FUNCTION: z.string().min(1).optional(),
  /** Where the contact form's messages go (SES; offline the emulator's mailbox). */
  SUPPORT_EMAIL: z.email().default('support@rent.today.invalid'),
  /** The organization-purge job's Lambda (account deletion invokes it asynchronously); unset offline. */
  PURGE_FUNCTION_NAME: z.string().min(1).optional(),
  /** Set by Lambda itself: there a missing CURSOR_SECRET fails the cold start, not a request. */
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
});
export type Config = z.infer<typeof Env>;

let cached: Config | undefined;
export function config(): Config {
  cached ??= parse();
  return cached;
}

function parse(): Config {
  const env = Env.parse(process.env);
  if (env.AWS_LAMBDA_FUNCTION_NAME && !env.DYNAMODB_ENDPOINT && !env.CURSOR_SECRET) {
    throw new Error('CURSOR_SECRET is required in AWS (see docs/deploy.md)');
  }
  return env;
}

/** Offline and in tests against DynamoDB Local only: a fixed, public key. Never used in AWS. */
const OFFLINE_CURSOR_SECRET = 'rent-today-offline-cursor-secret-not-for-aws';

/** The key that signs cursors: CURSOR_SECRET, or offline (DYNAMODB_ENDPOINT set) a fixed development key. */
export function cursorSecret(): string {
  const { CURSOR_SECRET, DYNAMODB_ENDPOINT } = config();
  if (CURSOR_SECRET) return CURSOR_SECRET;
  if (DYNAMODB_ENDPOINT) return OFFLINE_CURSOR_SECRET;
  throw new Error('CURSOR_SECRET is not set: cursors cannot be signed');
}
