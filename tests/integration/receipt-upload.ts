import { readFileSync } from 'node:fs';
import { Agent, fetch } from 'undici';
import { inject } from 'vitest';
import type { client } from '../support/api.js';

type Api = ReturnType<typeof client>;

let agent: Agent | undefined;
/** The local origin's certificate, for requests to presigned URLs (same https origin as the API). */
export const dispatcher = () => {
  agent ??= new Agent({ connect: { ca: readFileSync(inject('certPath')) } });
  return agent;
};

/** A real (tiny) PNG: signature, IHDR, IDAT, IEND of a 1x1 grey pixel. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010800000000' +
    '3a7e9b550000000a49444154789c63f80f00010101001bb6ee560000000049454e44ae426082',
  'hex',
);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** PUTs bytes to a presigned URL as a browser would, with the headers the API said to send. */
export async function putToPresignedUrl(
  upload: { url: string; headers: Record<string, string> },
  bytes: Buffer,
  headers: Record<string, string> = upload.headers,
) {
  return fetch(upload.url, { method: 'PUT', body: bytes, headers, dispatcher: dispatcher() });
}

/** The whole browser flow: ask for an upload, PUT the bytes, confirm. Returns the confirm response. */
export async function uploadReceipt(
  api: Api,
  opts: { bytes?: Buffer; contentType?: string; fileName?: string; transactionId?: string | null } = {},
) {
  const bytes = opts.bytes ?? PNG_BYTES;
  const requested = await api.post('/api/receipts/upload-receipts', {
    fileName: opts.fileName ?? 'receipt.png',
    contentType: opts.contentType ?? 'image/png',
    size: bytes.length,
    transactionId: opts.transactionId ?? null,
  });
  if (requested.status !== 201) throw new Error(`upload request failed: ${JSON.stringify(requested.body)}`);
  const put = await putToPresignedUrl(requested.body.upload, bytes);
  if (!put.ok) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
  return api.post(`/api/receipts/${requested.body.reference}/confirm`);
}
