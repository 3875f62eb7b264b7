import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { config } from './config.js';
import { logger } from './logger.js';

/**
 * Starts the organization purge job. In AWS an asynchronous Lambda invoke (PURGE_FUNCTION_NAME; Lambda queues
 * it and retries a failed run twice, each continuing from the saved progress). Offline the same handler runs in
 * this process after the response, as the async invoke would, so `npm start` and the tests exercise it.
 */
let client: LambdaClient | undefined;

export async function startOrganizationPurge(organizationId: string): Promise<void> {
  const { PURGE_FUNCTION_NAME, AWS_REGION } = config();
  if (PURGE_FUNCTION_NAME) {
    client ??= new LambdaClient({ region: AWS_REGION });
    await client.send(
      new InvokeCommand({
        FunctionName: PURGE_FUNCTION_NAME,
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify({ organizationId })),
      }),
    );
    return;
  }
  if (config().AWS_LAMBDA_FUNCTION_NAME) throw new Error('PURGE_FUNCTION_NAME is not set for this function');
  const { handler } = await import('../jobs/purgeOrganization.js');
  setImmediate(() => {
    handler({ organizationId }).catch((error: unknown) =>
      logger.error('organization purge failed', { organizationId, error: (error as Error)?.message }),
    );
  });
}
