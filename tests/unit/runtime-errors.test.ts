import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'test';
process.env.LOG_LEVEL = 'silent';
const { Busy, Conflict, Invalid, InvalidReference, NotFound } = await import('../../functions/src/domain-errors.js');
const { errorResponse, forbidden } = await import('../../functions/src/runtime/errors.js');

const answer = (error: unknown) => {
  const response = errorResponse(error);
  return { status: response.statusCode, body: JSON.parse(response.body as string) };
};

/** runtime/errors.ts is the one place that knows status codes: each domain error, and DynamoDB's own. */
describe('the error -> HTTP mapping', () => {
  it.each([
    ['NotFound', new NotFound('Rule'), 404, { error: 'Rule was not found.', code: 'NOT_FOUND' }],
    [
      'NotFound with details',
      new NotFound('Transaction', { message: '2 of the selected transactions were not found.', details: { n: 2 } }),
      404,
      { error: '2 of the selected transactions were not found.', code: 'NOT_FOUND', details: { n: 2 } },
    ],
    [
      'Conflict',
      new Conflict('TOO_MANY_RULES', 'At most 200.'),
      409,
      { error: 'At most 200.', code: 'TOO_MANY_RULES' },
    ],
    [
      'Invalid',
      new Invalid('Bad cursor.', [{ path: 'cursor', message: 'bad' }]),
      400,
      { error: 'Bad cursor.', code: 'VALIDATION', issues: [{ path: 'cursor', message: 'bad' }] },
    ],
    [
      'InvalidReference',
      new InvalidReference('propertyId', 'Choose one of yours'),
      400,
      {
        error: 'Choose one of yours.',
        code: 'VALIDATION',
        issues: [{ path: 'propertyId', message: 'Choose one of yours' }],
      },
    ],
    [
      'InvalidReference worded as a clause: a sentence that still names no field',
      new InvalidReference('propertyId', 'not a property of your organization'),
      400,
      {
        error: 'Not a property of your organization.',
        code: 'VALIDATION',
        issues: [{ path: 'propertyId', message: 'Not a property of your organization' }],
      },
    ],
    [
      'Busy',
      new Busy('Preparing.', 'INDEXING', { months: 3 }),
      503,
      { error: 'Preparing.', code: 'INDEXING', details: { months: 3 } },
    ],
    ['a request error', forbidden(), 403, { error: 'Your role does not allow this.', code: 'FORBIDDEN' }],
  ])('%s', (_, error, status, body) => {
    expect(answer(error)).toEqual({ status, body });
  });

  it('maps a DynamoDB conditional failure that nobody handled to 409', () => {
    const error = new ConditionalCheckFailedException({ message: 'failed', $metadata: {} });
    expect(answer(error)).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
  });

  it('maps throttling and transaction contention to 503', () => {
    const throttled = Object.assign(new Error('slow down'), { name: 'ThrottlingException' });
    const contention = new TransactionCanceledException({
      message: 'cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'TransactionConflict' }],
    });
    expect(answer(throttled)).toMatchObject({ status: 503, body: { code: 'BUSY' } });
    expect(answer(contention)).toMatchObject({ status: 503, body: { code: 'BUSY' } });
  });

  it('answers anything else with a generic 500 that reveals nothing', () => {
    expect(answer(new Error('secret table name'))).toEqual({
      status: 500,
      body: { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
    });
  });
});
