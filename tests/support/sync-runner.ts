import { inject } from 'vitest';
import { SYNC_CONTROL_HEADER } from '../../infra/local/sync-runner.js';

/**
 * The shared stack's sync runner, controlled as the stack's own processes may: with its control key, which the
 * stack gives the tests (tests/support/global-stack.ts) and no web page can know (docs/offline-stack.md
 * "Other stand-ins"). `idle` answers once the queue is empty and nothing runs.
 */
export function syncRunnerControl(action: 'idle' | 'schedule' | 'pause' | 'resume'): Promise<Response> {
  return fetch(`${inject('syncRunnerEndpoint')}/_control/${action}`, {
    method: 'POST',
    headers: { [SYNC_CONTROL_HEADER]: inject('syncRunnerControlKey') },
  });
}
