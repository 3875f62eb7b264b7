import { applyMode, Mode } from '@cloudscape-design/global-styles';
import { useSyncExternalStore } from 'react';

/** docs/product.md "Theme": the theme is stored under the key "theme", default "system". */
export type ThemePreference = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function readStored(): ThemePreference {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
  } catch {
    return 'system';
  }
}

let preference: ThemePreference = 'system';
const listeners = new Set<() => void>();
let media: MediaQueryList | null = null;

function resolved(): 'light' | 'dark' {
  if (preference !== 'system') return preference;
  return media?.matches ? 'dark' : 'light';
}

function apply() {
  const mode = resolved();
  applyMode(mode === 'dark' ? Mode.Dark : Mode.Light, document.body);
  document.documentElement.style.colorScheme = mode;
  document.documentElement.dataset.theme = mode;
  for (const l of listeners) l();
}

/** Applies the stored theme before the first render and follows the OS while on "system". */
export function initTheme() {
  preference = readStored();
  media = window.matchMedia?.(DARK_QUERY) ?? null;
  media?.addEventListener('change', () => {
    if (preference === 'system') apply();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY) {
      preference = readStored();
      apply();
    }
  });
  apply();
}

export function setThemePreference(next: ThemePreference) {
  preference = next;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): {
  preference: ThemePreference;
  mode: 'light' | 'dark';
  setPreference: typeof setThemePreference;
} {
  const pref = useSyncExternalStore(subscribe, () => preference);
  const mode = useSyncExternalStore(subscribe, resolved);
  return { preference: pref, mode, setPreference: setThemePreference };
}
