import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import { useState } from 'react';

type Preferences = CollectionPreferencesProps.Preferences;

/**
 * A table's column and page-size preferences, kept in localStorage under `key`. Saved columns the
 * table no longer has are dropped, new ones are appended, and an unknown page size falls back.
 */
export function useTablePreferences(
  key: string,
  defaults: Preferences,
  opts: { columns: readonly string[]; pageSizes?: readonly number[] },
): [Preferences, (next: Preferences) => void] {
  const [prefs, setPrefs] = useState(() => load(key, defaults, opts));
  const save = (next: Preferences) => {
    setPrefs(next);
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the preferences then last for this visit only.
    }
  };
  return [prefs, save];
}

function load(key: string, defaults: Preferences, opts: { columns: readonly string[]; pageSizes?: readonly number[] }) {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return defaults;
    const saved = JSON.parse(raw) as Preferences;
    const display = (saved.contentDisplay ?? []).filter((c) => opts.columns.includes(c.id));
    const missing = (defaults.contentDisplay ?? []).filter((c) => !display.some((d) => d.id === c.id));
    const pageSize =
      !opts.pageSizes || opts.pageSizes.includes(saved.pageSize ?? 0)
        ? (saved.pageSize ?? defaults.pageSize)
        : defaults.pageSize;
    return { ...defaults, ...saved, pageSize, contentDisplay: [...display, ...missing] };
  } catch {
    return defaults;
  }
}
