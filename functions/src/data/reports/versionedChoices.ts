import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { prefixQuery, queryAll } from '../query.js';

/**
 * One small item of a landlord's choices for the tax reports (the Schedule E choices, the depreciation choices;
 * docs/reports-and-tax.md), written only once someone saves them and always whole (it is small and has no other
 * writer). Versioned: the first save expects version 0 (no item yet), every later one the version it read, so two
 * people saving at once cannot overwrite each other (409). Each kind keeps its own key and fields; this holds the
 * read, the Query of a prefix and the conditional put they share.
 */
export interface ChoicesStamp {
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

type Key = Record<string, unknown>;

/** One kind of choices item: its `type` attribute, its name in the 409's message, and how its fields are read. */
export function versionedChoices<F extends object>(kind: {
  type: string;
  /** "This property's <what> choices were changed by someone else …" */
  what: string;
  fields: (item: Record<string, unknown>) => F;
}) {
  const toRecord = (item: Record<string, unknown>): F & ChoicesStamp => ({
    ...kind.fields(item),
    version: Number(item.version ?? 0),
    updatedAt: (item.updatedAt as string | undefined) ?? null,
    updatedBy: (item.updatedBy as string | undefined) ?? null,
  });

  const stale = () =>
    new Conflict(
      'CONFLICT',
      `This property's ${kind.what} choices were changed by someone else while you were editing. Reload them, then try again.`,
    );

  return {
    /** The item at `Key` (a consistent read), or `none()` when none was saved. */
    async get(Key: Key, none: () => F & ChoicesStamp): Promise<F & ChoicesStamp> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
      return Item ? toRecord(Item) : none();
    },

    /** Every saved item under the prefix (one Query: a few small items). */
    async under(prefix: { PK: string; SKPrefix: string }): Promise<(F & ChoicesStamp)[]> {
      const items = await queryAll(prefixQuery(tableName(), prefix.PK, prefix.SKPrefix));
      return items.map(toRecord);
    },

    /**
     * Writes the whole item at `Key` if it is still at `expected`: absent for 0, else that version (409 otherwise).
     * Answers the item as written.
     */
    async save(Key: Key, expected: number, fields: F, byUserId: string): Promise<F & ChoicesStamp> {
      const record: F & ChoicesStamp = {
        ...fields,
        version: expected + 1,
        updatedAt: new Date().toISOString(),
        updatedBy: byUserId,
      };
      try {
        await db.send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...Key, type: kind.type, ...record },
            ...(expected === 0
              ? { ConditionExpression: 'attribute_not_exists(PK)' }
              : {
                  ConditionExpression: 'attribute_exists(PK) AND version = :expected',
                  ExpressionAttributeValues: { ':expected': expected },
                }),
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) throw stale();
        throw error;
      }
      return record;
    },
  };
}
