import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One mail as the SES emulator keeps it (aws-ses-v2-local's GET /store). */
export interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** The mail's own headers (List-Unsubscribe, ...), when it has any. */
  headers?: { name: string; value: string }[];
  /** Epoch seconds. */
  at: number;
}

/**
 * The local SES: the npm package aws-ses-v2-local (it speaks the SES v2 API the handlers' real
 * @aws-sdk/client-sesv2 calls), in this process, bound to 127.0.0.1 on a free port. It keeps mail in memory
 * (cleared on restart); /_mail on the local origin lists it (mail-viewer.ts).
 */
export async function startSes(): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const mod = (await import('aws-ses-v2-local')) as unknown as {
    default:
      | ((config: { host: string; port: number }) => Promise<Server>)
      | { default: (c: object) => Promise<Server> };
  };
  const start = typeof mod.default === 'function' ? mod.default : mod.default.default;
  const server = await start({ host: '127.0.0.1', port: 0 });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every mail the emulator holds, oldest first. */
export async function readMailbox(endpoint: string): Promise<StoredMail[]> {
  const answer = await fetch(`${endpoint}/store`);
  if (!answer.ok) throw new Error(`The SES emulator answered ${answer.status}`);
  const { emails } = (await answer.json()) as { emails: StoredMail[] };
  return emails;
}
