/**
 * The one builder of conditional DynamoDB updates, and of the versioned update every record with a `version` is
 * changed by: SET the fields and version = expected + 1, only if the item exists and still has the version that
 * was read. Pure (it only writes expressions); data/versioned.ts sends it and turns a failed condition into the
 * caller's domain error, and data/locks.ts builds its lease writes with it.
 *
 * Attribute names always go through placeholders (#s0, #a0, #r0), so a field may be a reserved word
 * ("status", "ttl"); conditions bring their own placeholders, and the same placeholder given two different
 * meanings is a programming error, thrown at once rather than sent.
 */

/** One condition with the placeholders it uses. */
export interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

export interface UpdateSpec {
  /** Attributes set to these values (undefined values are left out). */
  set?: Record<string, unknown>;
  /** Number attributes added to (ADD: an attribute that is missing starts at the value). */
  add?: Record<string, number>;
  /** Attributes removed. */
  remove?: readonly string[];
  /** Conditions that must all hold. */
  conditions?: readonly Condition[];
}

/** The parts of an UpdateItem (or of a transaction's Update) that say what changes and when. */
export interface UpdateInput {
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

export function buildUpdate(spec: UpdateSpec): UpdateInput {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const merge = <T>(into: Record<string, T>, from: Record<string, T> | undefined) => {
    for (const [placeholder, value] of Object.entries(from ?? {})) {
      if (placeholder in into && into[placeholder] !== value) {
        throw new Error(`Update placeholder ${placeholder} given two meanings`);
      }
      into[placeholder] = value;
    }
  };
  const sets = Object.entries(spec.set ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([field, value], i) => {
      merge(names, { [`#s${i}`]: field });
      merge(values, { [`:s${i}`]: value });
      return `#s${i} = :s${i}`;
    });
  const adds = Object.entries(spec.add ?? {}).map(([field, value], i) => {
    merge(names, { [`#a${i}`]: field });
    merge(values, { [`:a${i}`]: value });
    return `#a${i} :a${i}`;
  });
  const removes = (spec.remove ?? []).map((field, i) => {
    merge(names, { [`#r${i}`]: field });
    return `#r${i}`;
  });
  for (const condition of spec.conditions ?? []) {
    merge(names, condition.names);
    merge(values, condition.values);
  }
  const clauses = [
    sets.length > 0 && `SET ${sets.join(', ')}`,
    adds.length > 0 && `ADD ${adds.join(', ')}`,
    removes.length > 0 && `REMOVE ${removes.join(', ')}`,
  ].filter(Boolean);
  if (clauses.length === 0) throw new Error('An update must change something');
  const conditions = (spec.conditions ?? []).map((c) => `(${c.expression})`);
  return {
    UpdateExpression: clauses.join(' '),
    ...(conditions.length > 0 && { ConditionExpression: conditions.join(' AND ') }),
    ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
    ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
  };
}

/** The condition of a versioned write: the item exists and is still the version that was read. */
export const atVersion = (expected: number): Condition => ({
  expression: 'attribute_exists(PK) AND version = :expectedVersion',
  values: { ':expectedVersion': expected },
});

/**
 * The versioned update: `spec` plus version = expected + 1, under atVersion(expected) and spec's own conditions.
 * A lost race (someone wrote in between) fails the condition instead of overwriting their change.
 */
export function versionedUpdate(expected: number, spec: UpdateSpec): UpdateInput {
  if (spec.set && 'version' in spec.set) throw new Error('A versioned update sets the version itself');
  return buildUpdate({
    ...spec,
    set: { ...spec.set, version: expected + 1 },
    conditions: [atVersion(expected), ...(spec.conditions ?? [])],
  });
}
