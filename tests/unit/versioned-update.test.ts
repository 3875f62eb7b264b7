import { describe, expect, it } from 'vitest';
import { buildUpdate, versionedUpdate } from '../../functions/src/lib/versionedUpdate.js';

/**
 * The one conditional update builder (functions/src/lib/versionedUpdate.ts): what it writes is what DynamoDB
 * gets, so the expressions are pinned here; tests/integration/locks.test.ts runs them against DynamoDB Local.
 */
describe('buildUpdate', () => {
  it('names every attribute through a placeholder (reserved words are fine) and leaves undefined values out', () => {
    expect(
      buildUpdate({ set: { status: 'done', ttl: 5, skipped: undefined }, add: { runs: 1 }, remove: ['GSI1PK'] }),
    ).toEqual({
      UpdateExpression: 'SET #s0 = :s0, #s1 = :s1 ADD #a0 :a0 REMOVE #r0',
      ExpressionAttributeNames: { '#s0': 'status', '#s1': 'ttl', '#a0': 'runs', '#r0': 'GSI1PK' },
      ExpressionAttributeValues: { ':s0': 'done', ':s1': 5, ':a0': 1 },
    });
  });

  it('ANDs the conditions, each in parentheses, with their own placeholders', () => {
    const update = buildUpdate({
      set: { again: true },
      conditions: [
        { expression: 'a = :a OR b = :b', values: { ':a': 1, ':b': 2 } },
        { expression: '#c < :c', names: { '#c': 'startedAt' }, values: { ':c': 3 } },
      ],
    });
    expect(update.ConditionExpression).toBe('(a = :a OR b = :b) AND (#c < :c)');
    expect(update.ExpressionAttributeValues).toEqual({ ':s0': true, ':a': 1, ':b': 2, ':c': 3 });
    expect(update.ExpressionAttributeNames).toEqual({ '#s0': 'again', '#c': 'startedAt' });
  });

  it('refuses a placeholder given two meanings, and an update that changes nothing', () => {
    expect(() => buildUpdate({ set: { a: 1 }, conditions: [{ expression: 'x = :s0', values: { ':s0': 2 } }] })).toThrow(
      /two meanings/,
    );
    expect(() => buildUpdate({ set: { a: undefined } })).toThrow(/change something/);
  });
});

describe('versionedUpdate', () => {
  it('sets the fields and version = expected + 1, only while the item exists at the expected version', () => {
    const update = versionedUpdate(4, { set: { leaseUntil: 0 }, remove: ['GSI1PK', 'GSI1SK'] });
    expect(update).toEqual({
      UpdateExpression: 'SET #s0 = :s0, #s1 = :s1 REMOVE #r0, #r1',
      ConditionExpression: '(attribute_exists(PK) AND version = :expectedVersion)',
      ExpressionAttributeNames: { '#s0': 'leaseUntil', '#s1': 'version', '#r0': 'GSI1PK', '#r1': 'GSI1SK' },
      ExpressionAttributeValues: { ':s0': 0, ':s1': 5, ':expectedVersion': 4 },
    });
  });

  it('keeps the caller’s conditions beside the version’s, and never lets the caller set the version', () => {
    const update = versionedUpdate(1, { set: { a: 1 }, conditions: [{ expression: 'b = :b', values: { ':b': 2 } }] });
    expect(update.ConditionExpression).toBe('(attribute_exists(PK) AND version = :expectedVersion) AND (b = :b)');
    expect(() => versionedUpdate(1, { set: { version: 9 } })).toThrow(/sets the version itself/);
  });
});
