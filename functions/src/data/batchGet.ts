import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { atMostAtOnce } from '../lib/atOnce.js';
import { db, tableName } from './client.js';

/** An item's table key. */
export interface ItemKey {
  PK: string;
  SK: string;
}
type Item = Record<string, unknown>;

/** BatchGetItem's limit of keys in one call. */
const KEYS_PER_CALL = 100;

export interface BatchGetOptions {
  /** Eventually consistent reads (default: consistent, what a check or a write reads from). */
  eventual?: boolean;
  /** Only these attributes. */
  projection?: { ProjectionExpression: string; ExpressionAttributeNames?: Record<string, string> };
  /** How many calls may be in flight at once (default: every call at once). */
  concurrency?: number;
}

/**
 * The items of these keys that exist, in no particular order (a key asked twice is read once): BatchGetItem, 100
 * keys a call, each call's unprocessed keys sent again after a growing pause. A consistent read without a
 * projection also carries the reads waiting to ride along (`Carpool`): they cost this call a few keys, not a call
 * of their own.
 */
export async function batchGet(keyList: readonly ItemKey[], options: BatchGetOptions = {}): Promise<Item[]> {
  const asked = new Map(keyList.map((key) => [keyText(key), key]));
  if (asked.size === 0) return [];
  const groups: ItemKey[][] = [];
  const unique = [...asked.values()];
  for (let i = 0; i < unique.length; i += KEYS_PER_CALL) groups.push(unique.slice(i, i + KEYS_PER_CALL));
  const riders =
    options.eventual || options.projection ? [] : boardWaitingRiders(groups.at(-1)!, new Set(asked.keys()));

  const request = {
    ConsistentRead: !options.eventual,
    ...options.projection,
  };
  let found: Item[];
  try {
    found = (
      await atMostAtOnce(groups, options.concurrency ?? groups.length, (group) => readGroup(group, request))
    ).flat();
  } catch (error) {
    // A rider never fails for the call that carried it: it reads on its own.
    for (const rider of riders) rider.readAlone();
    throw error;
  }
  for (const rider of riders) rider.arrive(found);
  return riders.length === 0 ? found : found.filter((item) => asked.has(keyText(item as unknown as ItemKey)));
}

async function readGroup(group: ItemKey[], request: object): Promise<Item[]> {
  const items: Item[] = [];
  let pending: Record<string, unknown>[] | undefined = group as unknown as Record<string, unknown>[];
  for (let attempt = 0; pending && pending.length > 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** Math.min(attempt, 6)));
    const result = await db.send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { ...request, Keys: pending } } }),
    );
    items.push(...(result.Responses?.[tableName()] ?? []));
    pending = result.UnprocessedKeys?.[tableName()]?.Keys;
  }
  return items;
}

/**
 * Reads these items consistently: a GetItem for one key, else `batchGet`. While a read waits to ride along
 * (`Carpool`), even one key is read by `batchGet`, which carries it: the route's one GetItem and identity's read are
 * then one call.
 */
export async function readConsistent(keyList: readonly ItemKey[]): Promise<Item[]> {
  if (keyList.length !== 1 || waiting.size > 0) return batchGet(keyList);
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keyList[0], ConsistentRead: true }));
  return Item ? [Item] : [];
}

/** One item, read consistently (`readConsistent`), or undefined when there is none. */
export async function readOne(key: ItemKey): Promise<Item | undefined> {
  const [item] = await readConsistent([key]);
  return item;
}

/** How a consistent read of some items is made: `readConsistent`, or riding along (`Carpool.read`). */
export type ConsistentRead = typeof readConsistent;

const keyText = (key: ItemKey) => `${key.PK}\n${key.SK}`;

// ---- riding along -------------------------------------------------------------------------------------------------

interface Rider {
  keys: readonly ItemKey[];
  /** The carrying call is done: the rider's items are among these. */
  arrive(found: readonly Item[]): void;
  /** Not carried after all: the rider's own call, now. */
  readAlone(): void;
}

/** Reads of this process waiting for the next consistent batch read to carry them. */
const waiting = new Set<Rider>();

/** Takes the waiting riders whose keys fit in the room the call's last `group` has left (`inCall`: its keys). */
function boardWaitingRiders(group: ItemKey[], inCall: Set<string>): Rider[] {
  const boarded: Rider[] = [];
  for (const rider of waiting) {
    const added = new Map(rider.keys.map((key) => [keyText(key), key] as const).filter(([text]) => !inCall.has(text)));
    if (group.length + added.size > KEYS_PER_CALL) continue;
    for (const [text, key] of added) {
      inCall.add(text);
      group.push(key);
    }
    waiting.delete(rider);
    boarded.push(rider);
  }
  return boarded;
}

/**
 * One request's first consistent read, made without a call of its own: it waits for the next consistent,
 * unprojected `batchGet` this process makes and goes in the same call, or goes on its own once `depart()` says no
 * batch of the request's is coming. Made for identity's read of a GET that starts before identity confirms
 * (runtime/http.ts): the route's handler reads its page, then one BatchGetItem of what the page needs, and the
 * membership goes in that. The items are read consistently after the request began, whichever call carries them,
 * so they are as current as a call of their own would have read (docs/performance.md "Identity rides along").
 */
export class Carpool {
  private taken = false;
  private departed = false;
  private rider: Rider | null = null;

  /** The first read rides along; later ones, and any after `depart()`, read at once. */
  readonly read: ConsistentRead = (keyList) => {
    if (this.taken || this.departed) return readConsistent(keyList);
    this.taken = true;
    return new Promise<Item[]>((resolve, reject) => {
      const wanted = new Set(keyList.map(keyText));
      this.rider = {
        keys: keyList,
        arrive: (found) => {
          this.rider = null;
          resolve(found.filter((item) => wanted.has(keyText(item as unknown as ItemKey))));
        },
        readAlone: () => {
          this.rider = null;
          readConsistent(keyList).then(resolve, reject);
        },
      };
      waiting.add(this.rider);
    });
  };

  /** The request's own reads are over: a read still waiting goes on its own now. */
  depart(): void {
    this.departed = true;
    const rider = this.rider;
    if (rider && waiting.delete(rider)) rider.readAlone();
  }
}
