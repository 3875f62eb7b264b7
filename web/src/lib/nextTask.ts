/**
 * Resolves in a task of its own: a MessageChannel message, which a chained timer's 4 ms clamp and a hidden tab's
 * once-a-second timers do not slow. Each waiter gets its own message, so each continues in its own task.
 */
const channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
const waiting: (() => void)[] = [];
if (channel) {
  channel.port1.onmessage = () => waiting.shift()?.();
  // Node (unit tests) would otherwise keep its event loop alive for the open port.
  (channel.port1 as { unref?: () => void }).unref?.();
}

export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (!channel) return void setTimeout(resolve, 0);
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}
