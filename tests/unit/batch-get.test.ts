import { BatchGetCommand, type BatchGetCommandInput, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'test';
process.env.LOG_LEVEL = 'silent';
const { batchGet, Carpool, readOne } = await import('../../functions/src/data/batchGet.js');
// The repositories' client (data/client.ts): its reads do not go through the SDK document client's send.
const { DocumentClient } = await import('../../functions/src/data/client.js');
const ddbMock = mockClient(DocumentClient);

const key = (sk: string) => ({ PK: 'ORG#o', SK: sk });
const itemOf = (k: { PK: string; SK: string }) => ({ ...k, name: `item ${k.SK}` });
const membership = key('MEMBER#u');

/** Every key asked exists; the keys of each BatchGetItem call are kept. */
let batches: string[][];
function everyKeyExists(input: BatchGetCommandInput) {
  const asked = input.RequestItems!.test!.Keys as { PK: string; SK: string }[];
  batches.push(asked.map((k) => k.SK));
  return { Responses: { test: asked.map(itemOf) } };
}
const getItemKeys = () => ddbMock.commandCalls(GetCommand).map((c) => c.args[0].input.Key?.SK);

beforeEach(() => {
  ddbMock.reset();
  batches = [];
  ddbMock.on(BatchGetCommand).callsFake(everyKeyExists);
  ddbMock.on(GetCommand).callsFake((input) => ({ Item: input.Key.SK === 'PROP#2' ? undefined : itemOf(input.Key) }));
});

afterAll(() => {
  ddbMock.restore();
});

describe('batchGet', () => {
  it('reads a key asked twice once, 100 keys a call', async () => {
    const keys = Array.from({ length: 250 }, (_, i) => key(`K#${String(i).padStart(3, '0')}`));

    const items = await batchGet([...keys, keys[0]!, keys[249]!]);

    expect(items).toHaveLength(250);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(new Set(batches.flat()).size).toBe(250);
  });

  it("sends a call's unprocessed keys again until every one is read", async () => {
    let first = true;
    ddbMock.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
      const asked = input.RequestItems!.test!.Keys as { PK: string; SK: string }[];
      batches.push(asked.map((k) => k.SK));
      if (!first) return { Responses: { test: asked.map(itemOf) } };
      first = false;
      return { Responses: { test: [itemOf(asked[0]!)] }, UnprocessedKeys: { test: { Keys: asked.slice(1) } } };
    });

    const items = await batchGet([key('A'), key('B'), key('C')]);

    expect(items.map((i) => i.SK).sort()).toEqual(['A', 'B', 'C']);
    expect(batches).toEqual([
      ['A', 'B', 'C'],
      ['B', 'C'],
    ]);
  });
});

describe('a read riding along (Carpool)', () => {
  it('goes in the next consistent batch read, and each side gets only its own items', async () => {
    const carpool = new Carpool();
    const ridden = carpool.read([membership]);

    const driven = await batchGet([key('PROP#1'), key('PROP#2')]);

    expect(driven.map((i) => i.SK).sort()).toEqual(['PROP#1', 'PROP#2']);
    expect((await ridden).map((i) => i.SK)).toEqual(['MEMBER#u']);
    expect(batches).toEqual([['PROP#1', 'PROP#2', 'MEMBER#u']]);
    expect(ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!.test!.ConsistentRead).toBe(true);
    expect(getItemKeys()).toEqual([]);
    carpool.depart();
    expect(getItemKeys()).toEqual([]);
  });

  it('shares a key both sides ask for: sent once, found by both', async () => {
    const carpool = new Carpool();
    const ridden = carpool.read([membership]);

    const driven = await batchGet([membership, key('PROP#1')]);

    expect(batches).toEqual([['MEMBER#u', 'PROP#1']]);
    expect(driven.map((i) => i.SK).sort()).toEqual(['MEMBER#u', 'PROP#1']);
    expect((await ridden).map((i) => i.SK)).toEqual(['MEMBER#u']);
  });

  it('reads on its own once the request departs without a batch, and every later read goes at once', async () => {
    const carpool = new Carpool();
    const ridden = carpool.read([membership]);
    await Promise.resolve();
    expect(getItemKeys()).toEqual([]);

    carpool.depart();

    expect((await ridden).map((i) => i.SK)).toEqual(['MEMBER#u']);
    expect(await carpool.read([key('PROFILE')])).toHaveLength(1);
    expect(getItemKeys()).toEqual(['MEMBER#u', 'PROFILE']);
    await batchGet([key('PROP#1')]);
    expect(batches).toEqual([['PROP#1']]);
  });

  it('rides only once: a second read of the same request goes at once, carrying the first', async () => {
    const carpool = new Carpool();
    const ridden = carpool.read([membership]);

    expect(await carpool.read([key('PROFILE')])).toHaveLength(1);

    expect(batches).toEqual([['PROFILE', 'MEMBER#u']]);
    expect((await ridden).map((i) => i.SK)).toEqual(['MEMBER#u']);
    expect(getItemKeys()).toEqual([]);
    carpool.depart();
  });

  it("carries it in a consistent read of one item: that item's GetItem becomes the batch", async () => {
    const carpool = new Carpool();
    const ridden = carpool.read([membership]);

    const property = await readOne(key('PROP#1'));

    expect(property).toEqual(itemOf(key('PROP#1')));
    expect(batches).toEqual([['PROP#1', 'MEMBER#u']]);
    expect((await ridden).map((i) => i.SK)).toEqual(['MEMBER#u']);
    expect(getItemKeys()).toEqual([]);
    carpool.depart();
  });

  it('leaves a read of one item a GetItem when no read waits to ride', async () => {
    expect(await readOne(key('PROP#1'))).toEqual(itemOf(key('PROP#1')));
    expect(await readOne(key('PROP#2'))).toBeUndefined();

    expect(getItemKeys()).toEqual(['PROP#1', 'PROP#2']);
    expect(batches).toEqual([]);
  });

  it('does not ride an eventually consistent or projected batch', async () => {
    const carpool = new Carpool();
    const ridden = carpool.read([membership]);

    await batchGet([key('PROP#1')], { eventual: true });
    await batchGet([key('PROP#2')], { projection: { ProjectionExpression: 'PK, SK' } });
    carpool.depart();

    expect(batches).toEqual([['PROP#1'], ['PROP#2']]);
    expect((await ridden).map((i) => i.SK)).toEqual(['MEMBER#u']);
    expect(getItemKeys()).toEqual(['MEMBER#u']);
  });

  it('waits for a batch with room: a call already holding 100 keys does not take it', async () => {
    const carpool = new Carpool();
    const ridden = carpool.read([membership]);

    await batchGet(Array.from({ length: 100 }, (_, i) => key(`K#${i}`)));
    expect(batches.map((b) => b.length)).toEqual([100]);
    await batchGet([key('PROP#1')]);

    expect(batches.at(-1)).toEqual(['PROP#1', 'MEMBER#u']);
    expect((await ridden).map((i) => i.SK)).toEqual(['MEMBER#u']);
    carpool.depart();
    expect(getItemKeys()).toEqual([]);
  });

  it('reads on its own when the call carrying it fails, and that failure stays the carrier’s', async () => {
    ddbMock.on(BatchGetCommand).rejects(new Error('DynamoDB is down for this call'));
    const carpool = new Carpool();
    const ridden = carpool.read([membership]);

    await expect(batchGet([key('PROP#1')])).rejects.toThrow('DynamoDB is down for this call');

    expect((await ridden).map((i) => i.SK)).toEqual(['MEMBER#u']);
    expect(getItemKeys()).toEqual(['MEMBER#u']);
    carpool.depart();
  });

  it('answers a missing item as missing', async () => {
    ddbMock.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
      const asked = input.RequestItems!.test!.Keys as { PK: string; SK: string }[];
      return { Responses: { test: asked.filter((k) => k.SK !== 'MEMBER#u').map(itemOf) } };
    });
    const carpool = new Carpool();
    const ridden = carpool.read([membership]);

    await batchGet([key('PROP#1')]);

    expect(await ridden).toEqual([]);
  });
});
