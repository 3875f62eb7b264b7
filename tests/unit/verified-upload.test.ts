import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { Conflict, NotFound } from '../../functions/src/domain-errors.js';
import type { UploadRecord } from '../../functions/src/lib/uploadKinds.js';

/**
 * The verified upload's confirm (functions/src/lib/verifiedUpload.ts) where the emulators cannot put it on cue:
 * a confirm that stopped half way, a record another confirm holds, a "ready" write that loses its claim or is
 * refused, contention. S3 is an in-memory map behind aws-sdk-client-mock; the record's side is a fake store.
 */
process.env.TABLE_NAME = 'test';
process.env.RECEIPTS_BUCKET = 'unit-receipts';
process.env.LOG_LEVEL = 'silent';
const { confirmUpload } = await import('../../functions/src/lib/verifiedUpload.js');
const { RECEIPT_UPLOADS } = await import('../../functions/src/lib/uploadKinds.js');

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const s3 = mockClient(S3Client);
let objects: Map<string, { bytes: Uint8Array; type: string }>;

function fakeS3() {
  const missing = () =>
    Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
  s3.on(HeadObjectCommand).callsFake(({ Key }) => {
    const object = objects.get(Key);
    if (!object) throw Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
    return { ContentLength: object.bytes.length, ContentType: object.type };
  });
  s3.on(CopyObjectCommand).callsFake(({ CopySource, Key }) => {
    const object = objects.get(decodeURIComponent(CopySource.slice('unit-receipts/'.length)));
    if (!object) throw missing();
    objects.set(Key, object);
    return {};
  });
  s3.on(GetObjectCommand).callsFake(({ Key }) => {
    const object = objects.get(Key);
    if (!object) throw missing();
    return { Body: { transformToByteArray: async () => object.bytes } };
  });
  s3.on(DeleteObjectCommand).callsFake(({ Key }) => {
    objects.delete(Key);
    return {};
  });
}

const base: UploadRecord = {
  id: 'r1',
  organizationId: 'o1',
  fileName: 'x.png',
  contentType: 'image/png',
  size: PNG.length,
  key: 'receipts/o1/t1/r1-x.png',
  pendingKey: 'receipts/pending/o1/r1',
  status: 'PENDING',
};

/**
 * A record with a claim, as the table keeps it (a claim lasts 15 s; the record read shows when it runs out); what
 * the confirm did to it is logged, and every attempt to claim (a write) is counted.
 */
function fakeStore(options: {
  heldBy?: string;
  heldUntil?: number;
  markReady?: (record: UploadRecord) => Promise<UploadRecord | null>;
}) {
  const state = {
    record: { ...base } as UploadRecord | null,
    holder: options.heldBy ?? null,
    until: options.heldBy ? (options.heldUntil ?? Date.now() + 15_000) : 0,
    claimAttempts: 0,
    log: [] as string[],
  };
  const store = {
    read: async () => {
      if (!state.record) throw new NotFound('Receipt');
      return { ...state.record, confirmUntil: state.holder ? state.until : null };
    },
    claim: async (holder: string, now: number) => {
      state.claimAttempts++;
      if (state.record?.status !== 'PENDING' || (state.holder && state.until > now)) return null;
      state.holder = holder;
      state.until = now + 15_000;
      state.log.push('claim');
      return { ...state.record };
    },
    release: async (holder: string) => {
      if (state.holder === holder) {
        state.holder = null;
        state.log.push('release');
      }
    },
    markReady: async (record: UploadRecord, holder: string) => {
      if (state.holder !== holder) return null;
      const ready = options.markReady ? await options.markReady(record) : { ...record, status: 'READY' as const };
      if (ready) {
        state.record = ready;
        state.holder = null;
        state.log.push('ready');
      }
      return ready;
    },
    discard: async (_: UploadRecord, holder: string) => {
      if (state.holder === holder) {
        state.record = null;
        state.log.push('discard');
      }
    },
  };
  return { state, store };
}

beforeEach(() => {
  s3.reset();
  objects = new Map();
  fakeS3();
});
afterAll(() => s3.restore());

describe('confirmUpload', () => {
  it('checks the copy, makes the record ready, and only then deletes the upload', async () => {
    objects.set('receipts/pending/o1/r1', { bytes: PNG, type: 'image/png' });
    const { state, store } = fakeStore({});
    expect(await confirmUpload(RECEIPT_UPLOADS, store)).toMatchObject({ status: 'READY' });
    expect(state.log).toEqual(['claim', 'ready']);
    expect([...objects.keys()]).toEqual(['receipts/o1/t1/r1-x.png']);
  });

  it('answers a ready record as it is, without touching S3 (its upload being gone is the normal case)', async () => {
    const { state, store } = fakeStore({});
    state.record = { ...base, status: 'READY' };
    expect(await confirmUpload(RECEIPT_UPLOADS, store)).toMatchObject({ status: 'READY' });
    expect(s3.calls()).toHaveLength(0);
  });

  it('finishes the work of a confirm that stopped after copying (upload gone, copy there)', async () => {
    objects.set(base.key, { bytes: PNG, type: 'image/png' });
    const { state, store } = fakeStore({});
    expect(await confirmUpload(RECEIPT_UPLOADS, store)).toMatchObject({ status: 'READY' });
    expect(state.log).toEqual(['claim', 'ready']);
    expect(s3.commandCalls(CopyObjectCommand)).toHaveLength(0);
  });

  it('keeps the record pending and lets go when nothing has arrived yet', async () => {
    const { state, store } = fakeStore({});
    await expect(confirmUpload(RECEIPT_UPLOADS, store)).rejects.toThrow(
      'The file has not arrived yet. Upload it, then confirm again.',
    );
    expect(state.log).toEqual(['claim', 'release']);
    expect(state.record).toMatchObject({ status: 'PENDING' });
  });

  it('waits for the confirm that holds the record, only reading, and answers what it made', async () => {
    const { state, store } = fakeStore({ heldBy: 'someone else' });
    setTimeout(() => {
      state.record = { ...base, status: 'READY' };
      state.holder = null;
    }, 450);
    expect(await confirmUpload(RECEIPT_UPLOADS, store)).toMatchObject({ status: 'READY' });
    expect(state.log).toEqual([]);
    // Each attempt to claim is a write on the record the holder is working on: none while its claim holds.
    expect(state.claimAttempts).toBe(0);
    expect(s3.calls()).toHaveLength(0);
  });

  it('takes over a claim that ran out (its confirm stopped) and does the work', async () => {
    objects.set('receipts/pending/o1/r1', { bytes: PNG, type: 'image/png' });
    const { state, store } = fakeStore({ heldBy: 'a confirm that stopped', heldUntil: Date.now() - 1 });
    expect(await confirmUpload(RECEIPT_UPLOADS, store)).toMatchObject({ status: 'READY' });
    expect(state.log).toEqual(['claim', 'ready']);
  });

  it('goes back to waiting when its "ready" write finds the claim lost, deleting nothing', async () => {
    objects.set('receipts/pending/o1/r1', { bytes: PNG, type: 'image/png' });
    const { state, store } = fakeStore({
      markReady: async () => {
        // Another confirm took over and finished meanwhile.
        state.record = { ...base, status: 'READY' };
        state.holder = null;
        return null;
      },
    });
    expect(await confirmUpload(RECEIPT_UPLOADS, store)).toMatchObject({ status: 'READY' });
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('keeps a good upload pending when the "ready" write fails for contention, and lets go of it', async () => {
    objects.set('receipts/pending/o1/r1', { bytes: PNG, type: 'image/png' });
    const { state, store } = fakeStore({
      markReady: async () => {
        throw new Conflict('CONFLICT', 'Changed at the same time. Try again.');
      },
    });
    await expect(confirmUpload(RECEIPT_UPLOADS, store)).rejects.toThrow('Try again');
    expect(state.log).toEqual(['claim', 'release']);
    expect(state.record).toMatchObject({ status: 'PENDING' });
    expect([...objects.keys()].sort()).toEqual(['receipts/o1/t1/r1-x.png', 'receipts/pending/o1/r1']);
  });

  it('discards the upload, bytes and record, when what it belongs to is gone', async () => {
    objects.set('receipts/pending/o1/r1', { bytes: PNG, type: 'image/png' });
    const { state, store } = fakeStore({
      markReady: async () => {
        throw new NotFound('Transaction');
      },
    });
    await expect(confirmUpload(RECEIPT_UPLOADS, store)).rejects.toThrow('Transaction was not found.');
    expect(state.log).toEqual(['claim', 'discard']);
    expect(objects.size).toBe(0);
  });

  it('discards bytes that are not what was announced', async () => {
    objects.set('receipts/pending/o1/r1', { bytes: new Uint8Array(Buffer.from('<html>hi!!')), type: 'image/png' });
    const { state, store } = fakeStore({});
    await expect(confirmUpload(RECEIPT_UPLOADS, store)).rejects.toThrow('That file is not really a PNG image.');
    expect(state.log).toEqual(['claim', 'discard']);
    expect(objects.size).toBe(0);
  });
});
