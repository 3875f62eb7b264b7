import { useEffect, useState } from 'react';

/**
 * The rows selected on the current page: emptied when `resetKey` changes (another page or filters), and kept
 * pointing at the current row objects (after an edit they are new objects; rows that left the page drop out).
 */
export function useRowSelection<T extends { id: string }>(items: readonly T[], resetKey: string) {
  const [selected, setSelected] = useState<T[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or filter starts with nothing selected
  useEffect(() => setSelected((list) => (list.length ? [] : list)), [resetKey]);
  useEffect(() => {
    setSelected((list) => {
      if (list.length === 0) return list;
      const byId = new Map(items.map((t) => [t.id, t]));
      const next = list.flatMap((t) => byId.get(t.id) ?? []);
      return next.length === list.length && next.every((t, i) => t === list[i]) ? list : next;
    });
  }, [items]);
  return [selected, setSelected] as const;
}
