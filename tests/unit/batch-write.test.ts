import type { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { batchWrite, putRequests, type WriteRequest } from '../../functions/src/data/batchWrite.js';

/**
 * Non-atomic writes (data/batchWrite.ts): 25 requests a BatchWriteItem, what DynamoDB leaves unprocessed sent again.
 * The client is a stand-in: DynamoDB Local never leaves items unprocessed, which is what these cases are about.
 */
describe('batchWrite', () => {
  const ids = (requests: WriteRequest[]) =>
    requests.map((request) => (request as { PutRequest: { Item: { id: number } } }).PutRequest.Item.id);

  /** A client that records each call's ids and leaves the first `unprocessed(call)` requests of a call unwritten. */
  function client(unprocessed: (call: number) => number = () => 0) {
    const calls: number[][] = [];
    const written: number[] = [];
    let running = 0;
    let most = 0;
    return {
      calls,
      written,
      most: () => most,
      send: async (command: BatchWriteCommand) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        const requests = command.input.RequestItems!.ledger! as WriteRequest[];
        calls.push(ids(requests));
        const left = requests.slice(0, unprocessed(calls.length));
        written.push(...ids(requests.slice(left.length)));
        return { UnprocessedItems: left.length > 0 ? { ledger: left } : {} };
      },
    };
  }
  const items = (count: number) => putRequests(Array.from({ length: count }, (_, id) => ({ id })));

  it('writes 25 requests a call, in order, into the named table', async () => {
    const target = client();
    await batchWrite({ client: target as never, table: 'ledger' }, items(60));
    expect(target.calls.map((call) => call.length)).toEqual([25, 25, 10]);
    expect(target.written).toEqual(Array.from({ length: 60 }, (_, id) => id));
  });

  it('sends what DynamoDB left unprocessed again until all of it is written', async () => {
    // The first call leaves 10 behind and their first retry 4: all 25 are written, each once.
    const target = client((call) => (call === 1 ? 10 : call === 2 ? 4 : 0));
    await batchWrite({ client: target as never, table: 'ledger' }, items(25));
    expect(target.calls.map((call) => call.length)).toEqual([25, 10, 4]);
    expect([...target.written].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, id) => id));
  });

  it('has at most `lanes` calls in flight, one by default', async () => {
    const one = client();
    await batchWrite({ client: one as never, table: 'ledger' }, items(100));
    expect(one.most()).toBe(1);
    const four = client();
    await batchWrite({ client: four as never, table: 'ledger' }, items(200), 4);
    expect(four.most()).toBe(4);
    expect(four.written).toHaveLength(200);
  });

  it('makes no call for no requests', async () => {
    const target = client();
    await batchWrite({ client: target as never, table: 'ledger' }, []);
    expect(target.calls).toEqual([]);
  });
});
