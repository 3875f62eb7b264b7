import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { errorXml, type PresignPolicy, verifyPresignedRequest } from './s3-presigned.js';

/**
 * /s3/<bucket>/<key>?X-Amz-...: the browser's presigned receipt uploads and downloads (links are made
 * against S3_PUBLIC_ENDPOINT = <origin>/s3, so they stay same-origin), verified as S3 verifies a
 * presigned URL (s3-presigned.ts) and only then passed to s3rver, which checks no signature itself.
 */
export function createS3PassThrough(opts: PresignPolicy & { s3Endpoint: string }) {
  const target = new URL(opts.s3Endpoint);
  return function passThrough(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const verdict = verifyPresignedRequest({ method, url: req.url ?? '/', headers: req.headers }, opts);
    if (!verdict.ok) {
      const requestId = randomBytes(8).toString('hex').toUpperCase();
      req.resume(); // a refused upload's body is discarded, so the client can read the answer
      res.writeHead(verdict.status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId });
      res.end(method === 'HEAD' ? undefined : errorXml(verdict.code, verdict.message, requestId));
      return;
    }
    const headers = { ...req.headers, host: target.host };
    const upstream = httpRequest(
      { hostname: target.hostname, port: target.port, method, path: verdict.upstream, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `S3 emulator unreachable: ${error.message}` }));
    });
    req.pipe(upstream);
  };
}
