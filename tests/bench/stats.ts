/** Percentile of already-collected samples (nearest-rank). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Runs `task` `total` times with `concurrency` workers, returning each call's latency in ms. */
export async function measure(
  task: () => Promise<void>,
  opts: { total: number; concurrency: number },
): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < opts.total) {
      next++;
      const start = performance.now();
      await task();
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  return latencies;
}

export const ms = (n: number) => `${n.toFixed(2)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function table(rows: (string | number)[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const row of rows) console.log(row.map((cell, i) => String(cell).padEnd(widths[i]!)).join('  '));
}
