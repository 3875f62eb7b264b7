import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

/**
 * s3rver stands in for S3 (access key "S3RVER"). It checks no signatures and no POST policies,
 * so the app verifies every upload after the fact (size and first bytes) in both modes.
 */
export async function startS3(opts: { port: number; directory: string; buckets: string[] }) {
  mkdirSync(opts.directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port,
    directory: opts.directory,
    silent: true,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [] })),
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, close: () => server.close() };
}
