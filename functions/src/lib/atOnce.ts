/**
 * Runs `task` on each of `items`, at most `limit` at a time, and answers the results in the items' order. Items start
 * in order; once `more` says false, or a task has failed, no further item starts. A failure fails the whole at once;
 * the results of items not started are absent.
 */
export async function atMostAtOnce<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
  more: () => boolean = () => true,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length && more()) {
      const i = next++;
      try {
        results[i] = await task(items[i]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
