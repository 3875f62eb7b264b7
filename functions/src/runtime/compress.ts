import { gzipSync } from 'node:zlib';
import { acceptsEncoding } from '@rent/shared';
import type { APIGatewayProxyStructuredResultV2 as Result } from 'aws-lambda';

/**
 * Bodies from this size are compressed (CloudFront's own lower bound): below it gzip's header and the base64 the
 * integration needs outweigh the saving.
 */
export const COMPRESS_FROM_BYTES = 1000;

/**
 * A JSON answer gzipped when the request accepts gzip and the body is large enough. HTTP APIs do not compress, and
 * CloudFront compresses only behind a cache policy that enables gzip, which the /api behaviour's (caching nothing)
 * does not; it passes an answer that says its Content-Encoding on as it is. So the function compresses: the body goes
 * base64-encoded, as Lambda's payload 2.0 carries bytes, and the browser decodes it. A year's report of transactions
 * by category is about a tenth of its size.
 */
export function compressedFor(acceptEncoding: string | undefined, result: Result): Result {
  if (typeof result.body !== 'string' || Buffer.byteLength(result.body) < COMPRESS_FROM_BYTES) return result;
  const headers = { ...result.headers, vary: 'accept-encoding' };
  if (!acceptsEncoding(acceptEncoding, 'gzip')) return { ...result, headers };
  return {
    ...result,
    headers: { ...headers, 'content-encoding': 'gzip' },
    body: gzipSync(result.body).toString('base64'),
    isBase64Encoded: true,
  };
}
