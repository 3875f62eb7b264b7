import { z } from 'zod';

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
  /** How long a warm container trusts a resolved membership (see lib/identity.ts). */
  IDENTITY_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
});
export type Config = z.infer<typeof Env>;

let cached: Config | undefined;
export function config(): Config {
  cached ??= Env.parse(process.env);
  return cached;
}
