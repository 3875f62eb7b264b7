import { Busy, Invalid, NotFound } from '../domain-errors.js';
import { isLeaseHeld, newLeaseHolder } from './lease.js';
import { receiptDisposition } from './receiptFiles.js';
import {
  copyObject,
  deleteObjectsQuietly,
  describeObject,
  presignDownload,
  presignUpload,
  readFirstBytes,
} from './s3.js';
import {
  judgeUpload,
  pendingKeyOf,
  problemMessage,
  UPLOAD_CONFIRM_CLAIM,
  type UploadKind,
  type UploadRecord,
} from './uploadKinds.js';

/**
 * The one verified upload (receipts, maintenance photos). Step 1: the service records a PENDING upload and hands
 * out a presigned PUT of its pending key only (type and size signed). Step 2, confirm: claim the record, copy
 * the upload to the file's own key (which no PUT ever names), check what is stored THERE (size, declared type,
 * magic bytes), and only then mark the record READY, so what was checked is exactly what is served; re-using the
 * upload link afterwards writes only the pending key, which nothing reads.
 *
 * Confirm is idempotent and safe to send many times at once. The claim is a short lease on the record
 * (lib/lease.ts): one confirm does the work, the others wait for its outcome and answer the same. Every step can be
 * repeated after a crash: the pending object is deleted only once the record is READY, a READY record is answered as
 * it is (its pending object being gone is the normal case), and an upload is discarded only when its bytes failed
 * the checks or what it belongs to refuses it, never because another confirm got there first.
 *
 * A waiting confirm only reads while the claim is held, a tenth of a second apart at first, then up to half a
 * second: twenty confirms trying to claim every few tens of milliseconds slowed the one doing the work twentyfold (a
 * check of 40-110 ms took 1,600 ms; 300-550 ms now) and, on a loaded machine, past its claim, after which each new
 * claimer started over.
 */

/** The record's side of a confirm, over the kind's repository. */
export interface UploadStore<R extends UploadRecord> {
  /** The record, read consistently; the repository's NotFound when it is gone. */
  read(): Promise<R>;
  /** Claims the PENDING record for `holder`; null when it is not pending, or another confirm holds it. */
  claim(holder: string, now: number): Promise<R | null>;
  /** Lets go of the claim; the upload stays pending (the person may upload and confirm again). */
  release(holder: string): Promise<void>;
  /**
   * The checked upload becomes READY, under the claim: the READY record; null when the claim was lost (another
   * confirm took over); a NotFound or Invalid when what it belongs to refuses it (then it is discarded).
   */
  markReady(record: R, holder: string): Promise<R | null>;
  /** Forgets the PENDING record, under the claim. */
  discard(record: R, holder: string): Promise<void>;
}

/** How long a confirm waits for another confirm of the same upload before it answers "busy". */
const WAIT_MS = 5_000;

export async function requestUpload(record: UploadRecord) {
  return presignUpload(pendingKeyOf(record), record.contentType, record.size);
}

/** A short-lived link that serves the checked file inline, as its verified type, under a safe name. */
export async function uploadLink(record: UploadRecord) {
  return presignDownload(record.key, record.contentType, receiptDisposition(record.fileName));
}

export async function confirmUpload<R extends UploadRecord>(kind: UploadKind, store: UploadStore<R>): Promise<R> {
  const deadline = Date.now() + WAIT_MS;
  for (let round = 1; ; round++) {
    const record = await store.read();
    if (record.status === 'READY') return record;
    if (!isLeaseHeld(UPLOAD_CONFIRM_CLAIM, record.confirmUntil, Date.now())) {
      const holder = newLeaseHolder();
      const claimed = await store.claim(holder, Date.now());
      if (claimed) {
        const ready = await confirmClaimed(kind, store, claimed, holder);
        if (ready) return ready;
      }
    }
    if (Date.now() >= deadline) {
      throw new Busy('This upload is being checked right now. Confirm it again in a moment.', 'UPLOAD_BUSY');
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(500, 100 * round) * (0.5 + Math.random())));
  }
}

async function confirmClaimed<R extends UploadRecord>(
  kind: UploadKind,
  store: UploadStore<R>,
  record: R,
  holder: string,
): Promise<R | null> {
  const pending = pendingKeyOf(record);
  let problem: Awaited<ReturnType<typeof judgeStored>>;
  try {
    problem = await judgeStored(kind, record, pending);
  } catch (error) {
    await store.release(holder).catch(() => undefined);
    throw error;
  }
  if (problem === 'notArrived') {
    await store.release(holder);
    throw new Invalid(problemMessage(kind, record, problem));
  }
  if (problem) {
    await discard(store, record, holder, pending);
    throw new Invalid(problemMessage(kind, record, problem));
  }
  let ready: R | null;
  try {
    ready = await store.markReady(record, holder);
  } catch (error) {
    // What the upload belongs to refuses it (deleted meanwhile, or full): nothing may keep the bytes. Anything
    // else (contention, throttling) leaves a good upload pending for the next confirm.
    if (error instanceof NotFound || error instanceof Invalid) await discard(store, record, holder, pending);
    else await store.release(holder).catch(() => undefined);
    throw error;
  }
  if (ready) await deleteObjectsQuietly([pending]);
  else await store.release(holder); // no-op if the claim went elsewhere; frees it if a write refused it anyway
  return ready;
}

/**
 * Copies the upload (if it is there) to the file's own key and judges what that key holds. An upload missing
 * while the file's key already holds a copy (a confirm that stopped after copying) is judged by that copy.
 */
async function judgeStored(kind: UploadKind, record: UploadRecord, pending: string) {
  const uploaded = (await describeObject(pending)) !== null && (await copyObject(pending, record.key));
  const stored = await describeObject(record.key);
  if (!stored) return uploaded ? 'gone' : 'notArrived';
  return judgeUpload(kind, record, stored, () => readFirstBytes(record.key));
}

async function discard<R extends UploadRecord>(store: UploadStore<R>, record: R, holder: string, pending: string) {
  await deleteObjectsQuietly([record.key, pending]);
  await store.discard(record, holder);
}
